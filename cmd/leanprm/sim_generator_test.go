package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
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
	// --slips is read strictly: the error names the kind.
	for flag, want := range map[string]string{
		"arith=0.1,typo=0.1":      `unknown slip kind "typo"`,
		"operation=1.5":           "slip kind operation: rate \"1.5\" is not a probability",
		"copy":                    "slip kind copy has no rate",
		"skip=0.6,unit=0.6":       "sum to 1.2",
		"misread=0.1,misread=0.2": "slip kind misread given twice",
	} {
		var out, errb bytes.Buffer
		err := Run(context.Background(), []string{"sim", "generator", "--problems", "../../testdata/search/gsm8k-style.jsonl", "--slips", flag}, nil, &out, &errb)
		assert.Equal(t, 2, exitCode(err, &errb), flag)
		assert.Contains(t, errb.String()+errString(err), want, flag)
	}
	var out, errb bytes.Buffer
	err := Run(context.Background(), []string{"sim", "generator", "--problems", "../../testdata/search/gsm8k-style.jsonl", "--slips", "copy=0.1", "--slip-rate", "0.1"}, nil, &out, &errb)
	assert.Equal(t, 2, exitCode(err, &errb))
	assert.Contains(t, errb.String()+errString(err), "give one")
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestSimGeneratorSlipKinds (simulator): `--slips` reaches the simulator and each choice
// names its slip's kind in "sim_slips".
func TestSimGeneratorSlipKinds(t *testing.T) {
	url, _ := startSimGenerator(t, "--slips", "operation=1", "--seed", "3")
	body := `{"model": "sim", "prompt": "A baker makes 48 rolls and packs them in boxes of 6. He sells 5 boxes. How many boxes are left?\n\n", "stop": "\n\n"}`
	resp, err := http.Post(url+"/completions", "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	var c struct {
		Choices []struct {
			Text  string `json:"text"`
			Slips []struct {
				Kind string `json:"kind"`
				Step int    `json:"step"`
			} `json:"sim_slips"`
		} `json:"choices"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&c))
	require.Len(t, c.Choices, 1)
	require.Len(t, c.Choices[0].Slips, 1, c.Choices[0].Text)
	assert.Equal(t, "operation", c.Choices[0].Slips[0].Kind)
	assert.NotEqual(t, "He packs 48 / 6 = 8 boxes.", c.Choices[0].Text, "the operation changed")
	assert.Contains(t, c.Choices[0].Text, "48", "the right numbers")
}
