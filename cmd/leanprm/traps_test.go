package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJSONNamedFileOfTextFails: a .jsonl or .json file whose content is not JSON is an error
// naming file:line, in every command that reads chains, not prose to score.
func TestJSONNamedFileOfTextFails(t *testing.T) {
	dir := t.TempDir()
	jsonl := filepath.Join(dir, "chains.jsonl")
	require.NoError(t, os.WriteFile(jsonl, []byte("Step 1: 2 + 2 = 4\nStep 2: so the answer is 4\n"), 0o644))
	js := filepath.Join(dir, "chain.json")
	require.NoError(t, os.WriteFile(js, []byte("\n\nThe answer is 4.\n"), 0o644))
	for _, args := range [][]string{
		{"check", jsonl}, {"check", js}, {"compare", jsonl}, {"select", jsonl}, {"translate", js},
		{"label", "--method", "formal", jsonl},
	} {
		_, errOut, code := runBin(t, nil, append(args, "--checker", "exact")...)
		assert.Equal(t, exitError, code, "%v: %s", args, errOut)
		want := jsonl + ":1: not JSON"
		if strings.HasSuffix(args[len(args)-1], ".json") {
			want = js + ":3: not JSON"
		}
		assert.Contains(t, errOut, want, "%v", args)
	}
	md := filepath.Join(dir, "chains.md")
	require.NoError(t, os.WriteFile(md, []byte("Step 1: 2 + 2 = 4\n"), 0o644))
	_, errOut, code := runBin(t, nil, "check", "--checker", "exact", md)
	assert.Equal(t, 0, code, "the same text named .md is read as text: %s", errOut)
}

// TestLongStepWarningIsCut: a REPL that crashes on a 1,200-step chain gives one warning naming
// the count and the first few steps, not 1,200 numbers.
func TestLongStepWarningIsCut(t *testing.T) {
	dir := t.TempDir()
	var steps []string
	for i := range 1200 {
		steps = append(steps, fmt.Sprintf("%d boxes cost %d × 1.25 = %.2f dollars.", i+1, i+1, float64(i+1)*1.25))
	}
	f := writeChain(t, dir, steps...)
	out, errOut, code := runBin(t, []string{"LEANPRM_LEAN_SANDBOX=off"}, "check", "--checker", "both", "--workers", "1", "--policy", "formal",
		"--repl-command", scriptedREPL(t, dir, "-crash-after 4", "-crash-after 1"), "--jsonl", f)
	require.Equal(t, 0, code, errOut)
	var r struct {
		Warnings []string `json:"warnings"`
	}
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(out)), &r))
	require.NotEmpty(t, r.Warnings, "stdout %.500s\nstderr %.2000s", out, errOut)
	total := 0
	for _, w := range r.Warnings {
		list, _, _ := strings.Cut(w, ": ")
		assert.Less(t, len(list), 80, "the steps are a count and the first few: %s", list)
		var n, more int
		if _, err := fmt.Sscanf(list, "%d steps", &n); err == nil {
			total += n
			assert.Contains(t, list, "… and ")
			_, err := fmt.Sscanf(list[strings.Index(list, "… and ")+len("… and "):], "%d more", &more)
			assert.NoError(t, err)
			assert.Equal(t, n-5, more)
		}
	}
	assert.Regexp(t, `^\d+ steps \(1, 2, 3, 4, 5, … and \d+ more\): the sim checker failed`, r.Warnings[0])
	assert.Positive(t, total)
}
