package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestREADMESearchExample runs the README's example: `sim generator` as a child on a free port
// (the README's 127.0.0.1:8000 replaced), then its `search` command line as written.
func TestREADMESearchExample(t *testing.T) {
	readme, err := os.ReadFile(repoFile(t, "README.md"))
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)```sh\n(bin/leanprm sim generator [^\n]*) &\n(bin/leanprm search [^\n]*)\n```").FindSubmatch(readme)
	require.NotNil(t, m, "the README's search example")
	simArgs := strings.Fields(string(m[1]))[1:]
	searchArgs := strings.Fields(string(m[2]))[1:]
	root := filepath.Dir(repoFile(t, "go.mod"))
	for i, a := range simArgs {
		switch {
		case a == "127.0.0.1:8000":
			simArgs[i] = "127.0.0.1:0"
		case strings.HasPrefix(a, "testdata/"):
			simArgs[i] = filepath.Join(root, a)
		}
	}
	// startSimGenerator adds its own --problems and --addr; pass the rest.
	var rest []string
	for i := 2; i < len(simArgs); i++ {
		if simArgs[i] == "--problems" || simArgs[i] == "--addr" {
			i++
			continue
		}
		rest = append(rest, simArgs[i])
	}
	url, _ := startSimGenerator(t, rest...)
	for i, a := range searchArgs {
		switch {
		case a == "http://127.0.0.1:8000/v1":
			searchArgs[i] = url
		case strings.HasPrefix(a, "testdata/"):
			searchArgs[i] = filepath.Join(root, a)
		}
	}
	var out, errb bytes.Buffer
	err = Run(context.Background(), append(searchArgs, "--tree", "--html", filepath.Join(t.TempDir(), "t.html")), nil, &out, &errb)
	require.NoError(t, err, errb.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 7)
	for _, l := range lines {
		var r struct {
			ID      string `json:"id"`
			Outcome string `json:"outcome"`
			Chain   []struct {
				Verdict   string `json:"verdict"`
				Generator string `json:"generator"`
			} `json:"chain"`
			Counts map[string]int `json:"counts"`
			Tree   *struct {
				Children []json.RawMessage `json:"children"`
			} `json:"tree"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &r))
		assert.Equal(t, "equal", r.Outcome, r.ID)
		require.NotEmpty(t, r.Chain)
		for _, s := range r.Chain {
			assert.NotEqual(t, "refuted", s.Verdict)
			assert.Equal(t, "sim", s.Generator)
		}
		assert.Positive(t, r.Counts["generator_calls"])
		require.NotNil(t, r.Tree)
	}
	assert.Contains(t, errb.String(), "7 problems: 7 equal")
}

func TestSearchFailingGeneratorExitStatus(t *testing.T) {
	url, _ := startSimGenerator(t, "--fault", "500")
	problems, err := filepath.Abs("../../testdata/search/gsm8k-style.jsonl")
	require.NoError(t, err)
	var out, errb bytes.Buffer
	err = Run(context.Background(), []string{"search", "--generator", url, "--retries", "1", "--n", "2", problems}, nil, &out, &errb)
	assert.Equal(t, 1, exitCode(err, &errb))
	assert.Equal(t, 7, strings.Count(out.String(), `"error":"generator `), "every problem answered with its error")
	assert.Contains(t, errb.String(), "HTTP 500: leanprm generator simulator: injected fault: internal error (after 2 attempts)")

	err = Run(context.Background(), []string{"search", problems}, nil, &out, &errb)
	assert.Equal(t, 2, exitCode(err, &errb), "--generator is required")
}
