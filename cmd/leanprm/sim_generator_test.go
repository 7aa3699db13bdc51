package main

import (
	"bufio"
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/generate"
)

var simURLRE = regexp.MustCompile(`at (http://127\.0\.0\.1:\d+/v1)`)

// startSimGenerator runs `leanprm sim generator` as a child on a free port and returns its
// base URL; the child is stopped when the test ends.
func startSimGenerator(t *testing.T, args ...string) (string, *serveProc) {
	t.Helper()
	problems, err := filepath.Abs("../../testdata/search/gsm8k-style.jsonl")
	require.NoError(t, err)
	cmd := child(t, append([]string{"sim", "generator", "--problems", problems, "--addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	x := &serveProc{cmd: cmd}
	t.Cleanup(func() { x.kill() })
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if m := simURLRE.FindStringSubmatch(sc.Text()); m != nil {
			go func() {
				for sc.Scan() {
				}
			}()
			return m[1], x
		}
	}
	t.Fatal("leanprm sim generator ended before it served")
	return "", nil
}

func TestSimGeneratorServesAndStopsOnSIGTERM(t *testing.T) {
	url, x := startSimGenerator(t, "--slip-rate", "0", "--fault", "500:1")
	c, err := generate.New(generate.Options{BaseURL: url, Backoff: 1, MaxBackoff: 1})
	require.NoError(t, err)
	got, err := c.Continue(context.Background(), "A baker makes 48 rolls and packs them in boxes of 6. He sells 5 boxes. How many boxes are left?", nil, 1, generate.Params{})
	require.NoError(t, err, "the injected 500 is retried")
	assert.Equal(t, "He packs 48 / 6 = 8 boxes.", got[0].Text)
	assert.Equal(t, "sim", got[0].Source)
	assert.EqualValues(t, 1, c.Usage().Retries)
	require.NoError(t, x.cmd.Process.Signal(syscall.SIGTERM))
	assert.Equal(t, 130, waitExit(t, x.cmd))
	x.waited = true
}

func TestSimGeneratorFlags(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "generator"},
		{"sim", "generator", "--problems", "x.jsonl", "--fault", "404"},
		{"sim", "generator", "--problems", "../../testdata/search/gsm8k-style.jsonl", "--slip-rate", "2"},
	} {
		var out, errb bytes.Buffer
		err := Run(context.Background(), args, nil, &out, &errb)
		assert.Equal(t, 2, exitCode(err, &errb), args)
	}
}
