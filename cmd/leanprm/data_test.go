package main

import (
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/cli/datafetch/datafetchtest"
)

// runBin runs the test binary as leanprm, as a user runs the built binary, with env added to
// the test's environment; it returns what the user sees.
func runBin(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := child(t, args...)
	cmd.Env = append(cmd.Env, env...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return out.String(), errOut.String(), code
}

// TestDataFetchAsAUserRunsIt fetches the four benchmarks from a loopback server of fixture
// files into the default data directory, resumes a download left half done by an earlier run,
// and then eval finds them without being told where.
func TestDataFetchAsAUserRunsIt(t *testing.T) {
	srv := datafetchtest.NewServer(t)
	list := datafetchtest.Benchmarks(srv)
	pins := filepath.Join(t.TempDir(), "pins.json")
	datafetchtest.WriteSources(t, list, pins)
	xdg := t.TempDir()
	env := []string{"XDG_DATA_HOME=" + xdg, "LEANPRM_DATA_MIRROR=" + srv.URL, "LEANPRM_DATA_PINS=" + pins}
	data := filepath.Join(xdg, "leanprm")

	// An earlier run stopped half way through GSM8K's train file.
	gsm := list[1]
	body := fetchServed(t, srv.URL+"/"+gsm.Repo+"/"+gsm.Commit+"/"+gsm.Files[0].Path)
	part := filepath.Join(data, ".download", gsm.Repo, gsm.Commit, filepath.FromSlash(gsm.Files[0].Path)) + ".part"
	require.NoError(t, os.MkdirAll(filepath.Dir(part), 0o755))
	require.NoError(t, os.WriteFile(part, body[:1000], 0o644))

	out, errOut, code := runBin(t, env, "data", "dir")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, data+"\n", out, "data.dir defaults to $XDG_DATA_HOME/leanprm")

	_, errOut, code = runBin(t, env, "eval", "processbench", "--checker", "exact")
	assert.Equal(t, exitError, code)
	assert.Contains(t, errOut, "leanprm data fetch", "before fetching, the error names the command to run")

	_, errOut, code = runBin(t, env, "data", "fetch", "all")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "resumed at byte 1000")
	for _, f := range []string{"processbench/gsm8k.dev.jsonl", "processbench/math.heldout.jsonl", "gsm8k/train.jsonl",
		"prmbench/prm800k_train_p1_first400_4o_counterfactual.jsonl", "mr-gsm8k/labeled.jsonl"} {
		assert.FileExists(t, filepath.Join(data, f))
	}
	var ranged bool
	for _, r := range srv.Requests() {
		ranged = ranged || (strings.HasSuffix(r.Path, gsm.Files[0].Path) && r.Range == "bytes=1000-")
	}
	assert.True(t, ranged, "the half-done file is resumed with a Range request")

	out, errOut, code = runBin(t, env, "eval", "processbench", "--checker", "exact", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"calibration": "`+filepath.Join(data, "processbench", "gsm8k.dev.jsonl"))

	_, errOut, code = runBin(t, env, "data", "fetch", "nosuch")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "processbench, gsm8k, prmbench, mr-gsm8k")
}

// TestDataFetchOffline: with nothing to download from, fetch fails naming the file and saying
// that running it again resumes; nothing half-written is left where eval reads.
func TestDataFetchOffline(t *testing.T) {
	dir := t.TempDir()
	_, errOut, code := runBin(t, []string{"LEANPRM_DATA_MIRROR=" + datafetchtest.ClosedURL(t)}, "data", "fetch", "gsm8k", "--dir", dir)
	assert.Equal(t, exitError, code)
	assert.Contains(t, errOut, "grade_school_math/data/train.jsonl")
	assert.Contains(t, errOut, "run the command again to resume")
	assert.NoFileExists(t, filepath.Join(dir, "gsm8k", "train.jsonl"))
}

func fetchServed(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return b
}
