package datafetch_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/cli/datafetch"
	"github.com/leanprm/leanprm/internal/cli/datafetch/datafetchtest"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

func fetchAll(t *testing.T, s *datafetchtest.Server, list []datafetch.Dataset, dir string, log *bytes.Buffer) error {
	for _, d := range list {
		if err := datafetch.Fetch(context.Background(), d, datafetch.Options{Dir: dir, Mirror: s.URL, Log: log}); err != nil {
			return err
		}
	}
	return nil
}

func readLines(t *testing.T, p string) []map[string]any {
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &m), "%s: %s", p, l)
		out = append(out, m)
	}
	return out
}

// TestFetchConvertsToTheLayout fetches the four benchmarks from fixture files on a loopback
// server and checks the layout leanprm reads: ProcessBench split by SHA-256 of the id, files
// copied as published, MR-GSM8K merged by uuid with the later file winning.
func TestFetchConvertsToTheLayout(t *testing.T) {
	s := datafetchtest.NewServer(t)
	list := datafetchtest.Benchmarks(s)
	dir := t.TempDir()
	var log bytes.Buffer
	require.NoError(t, fetchAll(t, s, list, dir, &log))

	dev := readLines(t, filepath.Join(dir, "processbench/gsm8k.dev.jsonl"))
	held := readLines(t, filepath.Join(dir, "processbench/gsm8k.heldout.jsonl"))
	assert.Equal(t, 48, len(dev)+len(held))
	assert.NotEmpty(t, dev)
	assert.NotEmpty(t, held)
	for _, r := range dev {
		assert.True(t, datafetch.DevHalf(r["id"].(string)), r["id"])
	}
	for _, r := range held {
		assert.False(t, datafetch.DevHalf(r["id"].(string)), r["id"])
	}
	assert.FileExists(t, filepath.Join(dir, "gsm8k/train.jsonl"))
	assert.FileExists(t, filepath.Join(dir, "prmbench/prm800k_train_p1_first400_4o_counterfactual.jsonl"))
	assert.NoDirExists(t, filepath.Join(dir, ".download"), "the downloads go once the outputs are verified")

	mr := readLines(t, filepath.Join(dir, "mr-gsm8k/labeled.jsonl"))
	require.Len(t, mr, 50, "uuids 0-29 and 20-49 merged")
	for i, r := range mr {
		assert.Len(t, r, 10, "the ten MR-GSM8K fields, the grader's dropped")
		if i > 0 {
			assert.Less(t, mr[i-1]["uuid"], r["uuid"], "sorted by uuid")
		}
	}
	assert.Equal(t, "graded by the second file", mr[25]["model_output_solution_first_error_reason"], "a later file's record wins")
	assert.Equal(t, "graded by the first file", mr[5]["model_output_solution_first_error_reason"])

	// A second run downloads nothing the outputs of which are verified (here: the copies).
	n := len(s.Requests())
	log.Reset()
	require.NoError(t, fetchAll(t, s, list[1:3], dir, &log))
	assert.Equal(t, n, len(s.Requests()), "verified copies are not fetched again")
	assert.Contains(t, log.String(), "already there and verified")
}

// TestFetchResumes breaks the first response off half way: the download resumes with a Range
// request from the byte it reached, and the file is verified whole.
func TestFetchResumes(t *testing.T) {
	s := datafetchtest.NewServer(t)
	list := datafetchtest.Benchmarks(s)
	gsm := list[1]
	s.CutNext(gsm, gsm.Files[0].Path)
	var log bytes.Buffer
	var last, total int64
	monotone := true
	o := datafetch.Options{Dir: t.TempDir(), Mirror: s.URL, Log: &log, Progress: func(f string, done, tot int64) {
		if done < 0 {
			return
		}
		if f == gsm.Files[0].Path {
			if done < last {
				monotone = false
			}
			last, total = done, tot
		}
	}}
	require.NoError(t, datafetch.Fetch(context.Background(), gsm, o))
	var ranges []string
	for _, r := range s.Requests() {
		if strings.HasSuffix(r.Path, gsm.Files[0].Path) {
			ranges = append(ranges, r.Range)
		}
	}
	half := gsm.Files[0].Size / 2
	assert.Equal(t, []string{"", "bytes=" + itoa(half) + "-"}, ranges, "the second request resumes at the byte reached")
	assert.Contains(t, log.String(), "resumed at byte "+itoa(half))
	assert.True(t, monotone, "the progress never goes back")
	assert.Equal(t, gsm.Files[0].Size, last)
	assert.Equal(t, gsm.Files[0].Size, total)
	b, err := os.ReadFile(filepath.Join(o.Dir, "gsm8k/train.jsonl"))
	require.NoError(t, err)
	sum := sha256.Sum256(b)
	assert.Equal(t, gsm.Files[0].SHA256, hex.EncodeToString(sum[:]))
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestFetchRefusesOtherBytes: a file whose SHA-256 is not its pin is removed and named.
func TestFetchRefusesOtherBytes(t *testing.T) {
	s := datafetchtest.NewServer(t)
	list := datafetchtest.Benchmarks(s)
	gsm := list[1]
	gsm.Files = append([]datafetch.File(nil), gsm.Files...)
	gsm.Files[0].SHA256 = strings.Repeat("0", 64)
	dir := t.TempDir()
	err := datafetch.Fetch(context.Background(), gsm, datafetch.Options{Dir: dir, Mirror: s.URL})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not match its pin")
	assert.NoFileExists(t, filepath.Join(dir, "gsm8k/train.jsonl"))
	matches, _ := filepath.Glob(filepath.Join(dir, ".download/*/*/*/grade_school_math/data/train.jsonl*"))
	assert.Empty(t, matches, "the bad download is removed")
}

// TestFetchOffline: nothing listens; the error says which file and that a rerun resumes.
func TestFetchOffline(t *testing.T) {
	s := datafetchtest.NewServer(t)
	gsm := datafetchtest.Benchmarks(s)[1]
	err := datafetch.Fetch(context.Background(), gsm, datafetch.Options{Dir: t.TempDir(), Mirror: datafetchtest.ClosedURL(t), Attempts: 2})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "grade_school_math/data/train.jsonl")
	assert.Contains(t, err.Error(), "connection refused")
}

// TestBuiltinPinsAreTheSharedData: the conversion's pinned outputs are the files of the shared
// data (ProcessBench dev halves, MR-GSM8K labeled.jsonl), and the copies' pins the shared
// copies: what `data fetch` writes is what the project measures on. And the Python-style writer
// the conversion uses reproduces every shared line byte for byte.
func TestBuiltinPinsAreTheSharedData(t *testing.T) {
	root := testshared.Path(t, "data")
	for _, d := range datafetch.Builtin {
		outs := d.Outputs
		if d.Convert == datafetch.ConvertCopy {
			outs = nil
			for _, f := range d.Files {
				outs = append(outs, datafetch.Output{Path: d.Name + "/" + filepath.Base(f.Path), SHA256: f.SHA256})
			}
		}
		for _, o := range outs {
			b, err := os.ReadFile(filepath.Join(root, o.Path))
			if os.IsNotExist(err) && (strings.Contains(o.Path, ".heldout.") || strings.HasSuffix(o.Path, "gsm8k/test.jsonl")) {
				continue // the shared data holds the development half and the GSM8K train split only
			}
			require.NoError(t, err, o.Path)
			sum := sha256.Sum256(b)
			assert.Equal(t, o.SHA256, hex.EncodeToString(sum[:]), o.Path)
		}
	}
	for _, p := range []string{"processbench/gsm8k.dev.jsonl", "mr-gsm8k/labeled.jsonl"} {
		f, err := os.Open(filepath.Join(root, p))
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			got, err := datafetch.PythonJSON(sc.Bytes())
			require.NoError(t, err)
			require.Equal(t, sc.Text(), string(got), p)
		}
		f.Close()
	}
}

// TestFetchDrawsOneBarPerFile: the progress goes to one bar per file, labelled with the file's
// name, from 0 to its size, each ended.
func TestFetchDrawsOneBarPerFile(t *testing.T) {
	s := datafetchtest.NewServer(t)
	gsm := datafetchtest.Benchmarks(s)[1]
	type draw struct{ done, total int }
	bars := map[string][]draw{}
	o := datafetch.Options{Dir: t.TempDir(), Mirror: s.URL, Progress: datafetch.Bars(func(label string) func(int, int) {
		return func(done, total int) { bars[label] = append(bars[label], draw{done, total}) }
	})}
	require.NoError(t, datafetch.Fetch(context.Background(), gsm, o))
	require.Len(t, bars, 2)
	for _, f := range gsm.Files {
		d := bars[filepath.Base(f.Path)]
		require.GreaterOrEqual(t, len(d), 2, f.Path)
		assert.Equal(t, draw{int(f.Size), int(f.Size)}, d[len(d)-2], "the bar reaches the file's size")
		assert.Equal(t, draw{-1, -1}, d[len(d)-1], "and is ended")
	}
}
