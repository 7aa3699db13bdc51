package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsonCommands walks the command tree and returns the path of every command with a --json flag
// of its own.
func jsonCommands() []string {
	var out []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.LocalFlags().Lookup("json") != nil {
			out = append(out, c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(&env{}))
	sort.Strings(out)
	return out
}

// TestEveryJSONOutputParsesWhole runs every command that has --json, from the built binary, on
// input that gives it the most to say (a right-answer-wrong-work table for compare, rows for
// grade, a batch for verify-proof), and parses its whole stdout as one JSON document: nothing
// before or after it. A new command with --json must be added here.
func TestEveryJSONOutputParsesWhole(t *testing.T) {
	dir := t.TempDir()
	pb := filepath.Join(dir, "gsm8k.jsonl") // right answers with and without a labelled error
	require.NoError(t, os.WriteFile(pb, []byte(
		`{"id": "gsm8k-a", "problem": "Tom has 2 apples and buys 3. How many?", "steps": ["He has 2 + 3 = 5 apples.", "So 5 * 2 = 11.", "The answer is 5."], "final_answer_correct": true, "label": 1}`+"\n"+
			`{"id": "gsm8k-b", "problem": "Ann has 4 pens and buys 4. How many?", "steps": ["She has 4 + 4 = 8 pens.", "The answer is 8."], "final_answer_correct": true, "label": -1}`+"\n"+
			`{"id": "gsm8k-c", "problem": "Bo has 3 cups and buys 3. How many?", "steps": ["He has 3 + 3 = 7 cups.", "The answer is 7."], "final_answer_correct": false, "label": 0}`+"\n"), 0o644))
	prm := filepath.Join(dir, "prm800k_test_p1.jsonl")
	require.NoError(t, os.WriteFile(prm, []byte(`{"original_question": "Tom has 2 apples and buys 3. How many?", "modified_question": "Tom has 2 apples and buys 3. How many?", "original_process": ["He has 2 + 3 = 5 apples.", "The answer is 5."], "modified_process": ["He has 2 + 3 = 6 apples.", "The answer is 6."], "modified_steps": [1], "error_steps": [1], "reason": "2 + 3 is 5", "idx": "p1", "question": "Tom has 2 apples and buys 3. How many?", "classification": "counterfactual"}`+"\n"), 0o644))
	chainJSON := filepath.Join(dir, "chain.json")
	require.NoError(t, os.WriteFile(chainJSON, []byte(`{"statement": "theorem t (a : Nat) (h : a = 3) : a + 1 = 4", "steps": ["subst h", "decide"]}`), 0o644))
	pairs := filepath.Join(dir, "pairs.jsonl")
	require.NoError(t, os.WriteFile(pairs, []byte(`{"id": "a", "gold": "1/2", "answer": "0.5"}`+"\n"+`{"id": "b", "gold": "3", "answer": "4"}`+"\n"), 0o644))
	exact := []string{"--checker", "exact"}
	sim := []string{"--repl-command", "leanprm sim repl"}
	cases := map[string][][]string{
		"leanprm check":             {append([]string{"check", "--json", pb}, exact...)},
		"leanprm compare":           {append([]string{"compare", "--json", pb}, exact...)},
		"leanprm eval outcome":      {append([]string{"eval", "outcome", "--json", pb}, exact...)},
		"leanprm eval processbench": {append([]string{"eval", "processbench", "--json", "--cv", "--calibration", pb, pb}, exact...)},
		"leanprm eval prmbench":     {append([]string{"eval", "prmbench", "--json", "--calibration", pb, prm}, exact...)},
		"leanprm grade": {
			{"grade", "--json", "--gold", "1/2", "--answer", "0.5"},
			{"grade", "--json", "--pairs", pairs},
		},
		"leanprm lean chain":   {append([]string{"lean", "chain", "--json", chainJSON}, sim...)},
		"leanprm select":       {append([]string{"select", "--json", pb}, exact...)},
		"leanprm translate":    {append([]string{"translate", "--json", pb}, exact...)},
		"leanprm verify-proof": {append([]string{"verify-proof", "--json", "--require-sandbox=false", repoFile(t, "testdata/verify/cheating.jsonl")}, sim...)},
	}
	var listed []string
	for k := range cases {
		listed = append(listed, k)
	}
	sort.Strings(listed)
	require.Equal(t, jsonCommands(), listed, "every command with --json is run here")
	for _, path := range listed {
		for _, args := range cases[path] {
			t.Run(strings.Join(args[:3], " "), func(t *testing.T) {
				out, errOut, code := runBin(t, nil, args...)
				require.Contains(t, []int{0, exitFindings}, code, errOut)
				var v any
				dec := json.NewDecoder(bytes.NewReader([]byte(out)))
				require.NoError(t, dec.Decode(&v), "stdout:\n%s", out)
				assert.False(t, dec.More(), "nothing after the JSON document:\n%s", out)
				assert.NoError(t, json.Unmarshal([]byte(out), &v), "the whole stdout is one JSON document:\n%s", out)
			})
		}
	}
}
