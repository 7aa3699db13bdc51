package main

// Output shared by several commands: the progress bar, unreadable rows, JSON lines, one-line
// text and the --fail-on gate.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// progressBar draws "label done/total" on stderr when it is a terminal, at most every 100ms.
// A total of 0 or less means the length is unknown: it then counts. Calling it with
// done == total == -1 ends the line it drew, if one is open (a counting line, or a bar cut short
// by an interrupt), so that the shell's prompt or the next message starts on a line of its own;
// callers defer that call.
func progressBar(e *env, label string) func(done, total int) {
	f, ok := e.stderr.(*os.File)
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var (
		mu       sync.Mutex
		last     time.Time
		lastDone int
		open     bool // a line is drawn without its newline
		counting bool
	)
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if done == -1 && total == -1 {
			switch {
			case open && counting:
				fmt.Fprintf(f, "\r%s %d done\n", label, lastDone)
			case open:
				fmt.Fprintln(f)
			}
			open = false
			return
		}
		lastDone = done
		if (total <= 0 || done < total) && time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		if total <= 0 { // a stream of unknown length: count instead of drawing a bar
			fmt.Fprintf(f, "\r%s %d done", label, done)
			open, counting = true, true
			return
		}
		width := 30
		filled := done * width / total
		fmt.Fprintf(f, "\r%s [%s%s] %d/%d", label, strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
		open = done < total
		if !open {
			fmt.Fprintln(f)
		}
	}
}

// jsonArray writes a JSON array one element at a time, indented: "[" with the first element,
// "]" on Close. A run that stops after n elements (an interrupt, a failed chain) and closes it
// leaves a valid document holding those n. Not safe for concurrent use.
type jsonArray struct {
	w      io.Writer
	n      int
	closed bool
}

func (a *jsonArray) Add(v any) error {
	b, err := json.MarshalIndent(v, "  ", "  ")
	if err != nil {
		return err
	}
	sep := ",\n  "
	if a.n == 0 {
		sep = "[\n  "
	}
	a.n++
	_, err = io.WriteString(a.w, sep+string(b))
	return err
}

// Close ends the array; calling it again does nothing.
func (a *jsonArray) Close() error {
	if a.closed {
		return nil
	}
	a.closed = true
	end := "\n]\n"
	if a.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(a.w, end)
	return err
}

// reportRowErrors prints unreadable rows to stderr; the run fails (exit 1) after the rest ran.
// Known data quirks (hybrid.DataQuirk) are not failures: each kind is one summary line.
func reportRowErrors(e *env, rowErrs []chain.RowError) error {
	rowErrs, quirks := chain.SplitQuirks(rowErrs)
	summariseQuirks(e, quirks)
	for _, re := range rowErrs {
		fmt.Fprintln(e.stderr, "leanprm:", userMessage(re))
	}
	if len(rowErrs) > 0 {
		return &ExitError{Code: exitError, Err: fmt.Errorf("%d input row(s) could not be read (see above); the others were processed", len(rowErrs))}
	}
	return nil
}

// summariseQuirks writes one line per kind of data quirk: how many rows, in how many files,
// and the first one, so the rest of stderr stays readable.
func summariseQuirks(e *env, quirks []chain.RowError) {
	type kind struct {
		rows  int
		files map[string]bool
		first chain.RowError
	}
	var order []string
	kinds := map[string]*kind{}
	for _, re := range quirks {
		var q *chain.DataQuirk
		errors.As(re.Err, &q)
		k := kinds[q.Kind]
		if k == nil {
			k = &kind{files: map[string]bool{}, first: re}
			kinds[q.Kind] = k
			order = append(order, q.Kind)
		}
		k.rows++
		k.files[re.File] = true
	}
	for _, name := range order {
		k := kinds[name]
		fmt.Fprintf(e.stderr, "leanprm: note: %d row(s) in %d file(s) have %s (a known quirk of the data); those entries were ignored, e.g. %v (--strict makes this an error)\n",
			k.rows, len(k.files), name, k.first)
	}
}

// strictQuirks is --strict: every data quirk is reported and fails the run before it starts.
func strictQuirks(e *env, rowErrs []chain.RowError) error {
	_, quirks := chain.SplitQuirks(rowErrs)
	for _, re := range quirks {
		fmt.Fprintln(e.stderr, "leanprm:", userMessage(re))
	}
	if len(quirks) > 0 {
		return &ExitError{Code: exitError, Err: fmt.Errorf("--strict: %d row(s) with data quirks (see above)", len(quirks))}
	}
	return nil
}

// jsonLine encodes v as one JSONL line.
func jsonLine(v any) (io.Reader, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(append(b, '\n')), nil
}

func oneLineText(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}

func failOnFindings(results []hybrid.Scored, failOn string, threshold float64) error {
	n := 0
	for i := range results {
		switch failOn {
		case "refuted":
			if results[i].Has(hybrid.Refuted) {
				n++
			}
		case "error":
			// A warning is a checker that failed: the verdicts stand on
			// the other one alone, which a gate on errors must see.
			if results[i].Predict(threshold) != chain.NoError || len(results[i].Warnings) > 0 {
				n++
			}
		}
	}
	if n > 0 {
		what := "a refuted step"
		if failOn == "error" {
			what = "a predicted error or a checker warning"
		}
		return &ExitError{Code: exitFindings, Err: fmt.Errorf("%d chain(s) with %s", n, what)}
	}
	return nil
}

// outputFile is a file a command writes once its work is done. createOutput makes it (as a
// temporary file beside path) before the work starts, so that a path that cannot be written
// fails at once instead of after minutes of scoring; Commit writes and renames it into place,
// so an interrupted or failed run never leaves half a file. Every command that writes a file
// takes it this way.
type outputFile struct {
	path string
	tmp  *os.File
}

func createOutput(flag, path string) (*outputFile, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &ExitError{Code: exitError, Err: fmt.Errorf("%s %s: cannot write there: %v", flag, path, err)}
	}
	return &outputFile{path: path, tmp: tmp}, nil
}

// Commit writes the file with write and puts it at its path (mode 0644).
func (o *outputFile) Commit(write func(io.Writer) error) error {
	defer os.Remove(o.tmp.Name())
	err := write(o.tmp)
	if err == nil {
		err = o.tmp.Chmod(0o644) // CreateTemp makes it private
	}
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(o.tmp.Name(), o.path)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", o.path, err)
	}
	return nil
}

// Abort removes the temporary file of a run that will not commit it.
func (o *outputFile) Abort() {
	o.tmp.Close()
	os.Remove(o.tmp.Name())
}
