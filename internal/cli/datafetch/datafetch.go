// Package datafetch downloads the public benchmarks leanprm measures itself on (`leanprm data
// fetch`): every file from a pinned commit of its repository, resumed where a download stopped
// (HTTP Range), checked against its pinned SHA-256 before it is used, and converted to the
// layout leanprm reads (processbench/, gsm8k/, prmbench/, mr-gsm8k/ under the data directory).
// A conversion's outputs are pinned too. Nothing is run from what is downloaded; a file larger
// than its pinned size is cut off and refused.
package datafetch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// DefaultMirror serves a repository's file at a commit: MIRROR/OWNER/REPO/COMMIT/PATH.
const DefaultMirror = "https://raw.githubusercontent.com"

// Conversion names how a dataset's downloaded files become the files leanprm reads.
type Conversion string

const (
	// ConvertCopy puts each file under NAME/ as it is.
	ConvertCopy Conversion = "copy"
	// ConvertProcessBench splits each subset's JSON array into NAME/SUBSET.dev.jsonl and
	// NAME/SUBSET.heldout.jsonl by SHA-256 of the row's id (first byte even: dev).
	ConvertProcessBench Conversion = "processbench"
	// ConvertMRGSM8K merges the graded-result arrays by uuid into NAME/labeled.jsonl.
	ConvertMRGSM8K Conversion = "mr-gsm8k"
)

// File is one file of a repository at the dataset's commit.
type File struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Output is a file the conversion writes under the data directory; SHA256 "" is not checked.
type Output struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256,omitempty"`
}

// Dataset is one fetchable benchmark.
type Dataset struct {
	Name    string     `json:"name"`
	Repo    string     `json:"repo"`
	Commit  string     `json:"commit"`
	License string     `json:"license,omitempty"`
	What    string     `json:"what,omitempty"`
	Convert Conversion `json:"convert"`
	Files   []File     `json:"files"`
	Outputs []Output   `json:"outputs,omitempty"`
}

// Names lists the datasets' names.
func Names(list []Dataset) []string {
	out := make([]string, len(list))
	for i, d := range list {
		out[i] = d.Name
	}
	return out
}

// Find returns the dataset called name.
func Find(list []Dataset, name string) (Dataset, bool) {
	i := slices.IndexFunc(list, func(d Dataset) bool { return d.Name == name })
	if i < 0 {
		return Dataset{}, false
	}
	return list[i], true
}

// Select returns the datasets named (in list's order when "all" is one of the names), or an
// error naming what is not there and what is.
func Select(list []Dataset, names []string) ([]Dataset, error) {
	var want []Dataset
	for _, a := range names {
		if a == "all" {
			return list, nil
		}
		d, ok := Find(list, a)
		if !ok {
			return nil, fmt.Errorf("no benchmark %q; want one of %s, or all", a, strings.Join(Names(list), ", "))
		}
		want = append(want, d)
	}
	return want, nil
}

// Bars is an Options.Progress that draws one bar per file with newBar (labelled with the
// file's name; a nil bar draws nothing). Calls come from one goroutine.
func Bars(newBar func(label string) func(done, total int)) func(file string, done, total int64) {
	bars := map[string]func(int, int){}
	return func(file string, done, total int64) {
		bar, ok := bars[file]
		if !ok {
			bar = newBar(path.Base(file))
			bars[file] = bar
		}
		if bar != nil {
			bar(int(done), int(total))
		}
	}
}

// Glob returns the files of dir matching the slash-separated patterns, each pattern's sorted.
func Glob(dir string, patterns ...string) []string {
	var files []string
	for _, p := range patterns {
		m, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(p)))
		slices.Sort(m)
		files = append(files, m...)
	}
	return files
}

// LoadSources reads a JSON list of datasets that replaces the built-in pins (a private mirror
// with files of its own, or a test's fixtures). Every file must name its size and SHA-256.
func LoadSources(p string) ([]Dataset, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var list []Dataset
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	for _, d := range list {
		if err := d.check(); err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
	}
	return list, nil
}

func (d Dataset) check() error {
	if d.Name == "" || d.Repo == "" || d.Commit == "" || len(d.Files) == 0 {
		return fmt.Errorf("dataset %q: name, repo, commit and files are required", d.Name)
	}
	switch d.Convert {
	case ConvertCopy, ConvertProcessBench, ConvertMRGSM8K:
	default:
		return fmt.Errorf("dataset %s: convert %q is not one of copy, processbench, mr-gsm8k", d.Name, d.Convert)
	}
	for _, f := range d.Files {
		if f.Size <= 0 || len(f.SHA256) != 64 || !safeRel(f.Path) {
			return fmt.Errorf("dataset %s: file %q needs a relative path, its size and its sha256", d.Name, f.Path)
		}
	}
	for _, o := range d.Outputs {
		if !safeRel(o.Path) {
			return fmt.Errorf("dataset %s: output %q is not a relative path", d.Name, o.Path)
		}
	}
	return nil
}

// safeRel is a slash-separated relative path that stays below its root.
func safeRel(p string) bool {
	return p != "" && !strings.HasPrefix(p, "/") && path.Clean(p) == p && p != ".." && !strings.HasPrefix(p, "../") && !strings.Contains(p, "\\")
}

// Options say where and how to fetch.
type Options struct {
	Dir    string       // the data directory
	Mirror string       // MIRROR/OWNER/REPO/COMMIT/PATH; DefaultMirror when ""
	Client *http.Client // http.DefaultClient when nil
	// Progress, when set, is called as bytes of a file arrive (done of total), and with
	// done == total == -1 when the file is complete or abandoned.
	Progress func(file string, done, total int64)
	// Log gets one line per file: fetched, resumed, already there, converted.
	Log io.Writer
	// Attempts is how many times a download that breaks off is resumed (default 4).
	Attempts int
}

func (o Options) logf(format string, args ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format+"\n", args...)
	}
}

// Fetch makes d's outputs present and verified under o.Dir: it downloads what is missing,
// resuming a partial download, checks every file's SHA-256, converts, and checks the outputs.
// Outputs already there with their pinned SHA-256 are left alone.
func Fetch(ctx context.Context, d Dataset, o Options) error {
	if err := d.check(); err != nil {
		return err
	}
	outs := d.outputs()
	if d.pinned(outs) && allPresent(o.Dir, outs) {
		o.logf("%s: already there and verified (%s in %s)", d.Name, files(len(outs)), filepath.Join(o.Dir, d.Name))
		return nil
	}
	downloads := filepath.Join(o.Dir, ".download", filepath.FromSlash(d.Repo), d.Commit)
	local := make([]string, len(d.Files))
	for i, f := range d.Files {
		local[i] = filepath.Join(downloads, filepath.FromSlash(f.Path))
		if err := o.download(ctx, d, f, local[i]); err != nil {
			return err
		}
	}
	written, err := convert(d, local, o.Dir)
	if err != nil {
		return fmt.Errorf("%s: converting: %w", d.Name, err)
	}
	for _, w := range written {
		if w.Lines >= 0 {
			o.logf("%s: wrote %s (%d rows)", d.Name, w.Path, w.Lines)
		}
	}
	for _, out := range outs {
		p := filepath.Join(o.Dir, filepath.FromSlash(out.Path))
		if out.SHA256 == "" {
			continue
		}
		if err := verify(p, out.SHA256); err != nil {
			os.Remove(p)
			return fmt.Errorf("%s: the converted file %s is not the pinned one (%v); it was removed", d.Name, out.Path, err)
		}
	}
	// The outputs are in place and verified: the downloads are not needed again.
	os.RemoveAll(downloads)
	for p := filepath.Dir(downloads); p != o.Dir && os.Remove(p) == nil; p = filepath.Dir(p) {
	} // and the directories above them that this left empty
	o.logf("%s: %s in %s, verified", d.Name, files(len(written)), filepath.Join(o.Dir, d.Name))
	return nil
}

func files(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}

// outputs are the files d ends up as: its pinned outputs, or for a copy one per file.
func (d Dataset) outputs() []Output {
	if d.Convert != ConvertCopy {
		return d.Outputs
	}
	out := make([]Output, len(d.Files))
	for i, f := range d.Files {
		out[i] = Output{Path: d.Name + "/" + path.Base(f.Path), SHA256: f.SHA256}
	}
	return out
}

func (d Dataset) pinned(outs []Output) bool {
	if len(outs) == 0 {
		return false
	}
	for _, o := range outs {
		if o.SHA256 == "" {
			return false
		}
	}
	return true
}

func allPresent(dir string, outs []Output) bool {
	for _, o := range outs {
		if verify(filepath.Join(dir, filepath.FromSlash(o.Path)), o.SHA256) != nil {
			return false
		}
	}
	return true
}

// verify checks the SHA-256 of the file at p.
func verify(p, want string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != want {
		return fmt.Errorf("sha256 %s, pinned %s", got, want)
	}
	return nil
}

// download puts f at dst, verified. A partial download (dst.part) is resumed with a Range
// request; one that breaks off is resumed up to o.Attempts times.
func (o Options) download(ctx context.Context, d Dataset, f File, dst string) error {
	if verify(dst, f.SHA256) == nil {
		o.logf("%s: %s already downloaded and verified", d.Name, f.Path)
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	mirror := strings.TrimRight(o.Mirror, "/")
	if mirror == "" {
		mirror = DefaultMirror
	}
	url := mirror + "/" + d.Repo + "/" + d.Commit + "/" + f.Path
	part := dst + ".part"
	attempts := o.Attempts
	if attempts <= 0 {
		attempts = 4
	}
	if o.Progress != nil {
		defer o.Progress(f.Path, -1, -1)
	}
	var lastErr error
	for a := 0; a < attempts; a++ {
		if a > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(a) * 200 * time.Millisecond):
			}
		}
		from := partSize(part)
		have, resumed, err := o.get(ctx, url, part, f)
		if resumed {
			o.logf("%s: %s resumed at byte %d", d.Name, f.Path, from)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err == nil && have == f.Size {
			if verr := verify(part, f.SHA256); verr != nil {
				os.Remove(part)
				return fmt.Errorf("%s: %s from %s does not match its pin (%v); the download was removed", d.Name, f.Path, url, verr)
			}
			if err := os.Rename(part, dst); err != nil {
				return err
			}
			o.logf("%s: %s (%d bytes, sha256 verified)", d.Name, f.Path, f.Size)
			return nil
		}
		var perm *permanentError
		if errors.As(err, &perm) {
			return fmt.Errorf("%s: %s: %w", d.Name, url, err)
		}
		lastErr = err
	}
	return fmt.Errorf("%s: downloading %s: %w (the %d bytes fetched are kept; run the command again to resume)", d.Name, url, lastErr, partSize(part))
}

type permanentError struct{ msg string }

func (e *permanentError) Error() string { return e.msg }

func partSize(p string) int64 {
	if st, err := os.Stat(p); err == nil {
		return st.Size()
	}
	return 0
}

// get appends to part from where it ends; it returns the size of part afterwards and whether
// the server resumed it (206 to a Range request).
func (o Options) get(ctx context.Context, url, part string, f File) (have int64, resumedAt bool, err error) {
	have = partSize(part)
	if have > f.Size {
		os.Remove(part)
		have = 0
	}
	if have == f.Size {
		return have, false, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return have, false, &permanentError{err.Error()}
	}
	if have > 0 {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-", have))
	}
	client := o.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return have, false, err
	}
	defer resp.Body.Close()
	flags := os.O_WRONLY | os.O_CREATE | os.O_APPEND
	switch {
	case resp.StatusCode == http.StatusPartialContent && have > 0:
		resumedAt = true
	case resp.StatusCode == http.StatusOK:
		flags |= os.O_TRUNC // the server ignored the range: start again
		have = 0
	case resp.StatusCode == http.StatusRequestedRangeNotSatisfiable:
		os.Remove(part)
		return 0, false, fmt.Errorf("the server refused to resume at byte %d; starting again", have)
	case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
		return have, false, fmt.Errorf("%s", resp.Status)
	default:
		return have, false, &permanentError{resp.Status}
	}
	out, err := os.OpenFile(part, flags, 0o644)
	if err != nil {
		return have, false, &permanentError{err.Error()}
	}
	defer out.Close()
	buf := make([]byte, 64<<10)
	body := io.LimitReader(resp.Body, f.Size-have+1) // one byte more than fits: a longer file is refused
	for {
		n, rerr := body.Read(buf)
		if n > 0 {
			if have+int64(n) > f.Size {
				out.Close()
				os.Remove(part)
				return 0, resumedAt, &permanentError{fmt.Sprintf("more than the pinned %d bytes", f.Size)}
			}
			if _, werr := out.Write(buf[:n]); werr != nil {
				return have, resumedAt, &permanentError{werr.Error()}
			}
			have += int64(n)
			if o.Progress != nil {
				o.Progress(f.Path, have, f.Size)
			}
		}
		if rerr == io.EOF {
			if have < f.Size {
				return have, resumedAt, fmt.Errorf("the connection ended at byte %d of %d", have, f.Size)
			}
			return have, resumedAt, nil
		}
		if rerr != nil {
			return have, resumedAt, rerr
		}
	}
}

// WriteList writes each dataset's source, license and description, then each file's pin, and
// each converted output's.
func WriteList(w io.Writer, list []Dataset) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, d := range list {
		fmt.Fprintf(tw, "%s\t%s@%s\t%s\t%s\n", d.Name, d.Repo, d.Commit, d.License, d.What)
		for _, f := range d.Files {
			fmt.Fprintf(tw, "\t  %s\t%d bytes\tsha256 %s\n", f.Path, f.Size, f.SHA256)
		}
		for _, o := range d.Outputs {
			if !slices.ContainsFunc(d.Files, func(f File) bool { return f.SHA256 == o.SHA256 }) {
				fmt.Fprintf(tw, "\t→ %s\t\tsha256 %s\n", o.Path, o.SHA256)
			}
		}
	}
	return tw.Flush()
}
