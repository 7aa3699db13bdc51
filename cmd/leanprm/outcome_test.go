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

	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/report"
)

// check --json gives each chain with a gold answer an outcome block, and flags a right answer
// reached through a refuted step; a chain without a gold answer has none.
func TestCheckOutcomeBlock(t *testing.T) {
	demo := repoFile(t, "testdata/demo/outcome.jsonl")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	b, err := os.ReadFile(demo)
	require.NoError(t, err)
	b = append(b, []byte(`{"id": "nogold", "problem": "What is 2 + 2?", "steps": ["2 + 2 = 4, so the answer is 4."]}`+"\n")...)
	require.NoError(t, os.WriteFile(in, b, 0o644))
	out, _, err := run(t, dir, nil, "check", "--checker", "exact", "--json", in)
	require.NoError(t, err)
	var got []report.CheckJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.Len(t, got, 5)
	byID := map[string]report.CheckJSON{}
	for _, c := range got {
		byID[c.ID] = c
	}
	o := byID["pens-1"].Outcome
	require.NotNil(t, o)
	assert.Equal(t, "equal", string(o.Verdict))
	assert.Equal(t, "2", o.Answer)
	assert.Equal(t, "boxed", o.Method)
	assert.True(t, o.RightAnswerWrongWork)
	assert.Equal(t, "proven", o.By)
	require.NotNil(t, o.Step)
	assert.Equal(t, 0, *o.Step)

	o = byID["pens-2"].Outcome
	require.NotNil(t, o)
	assert.Equal(t, "equal", string(o.Verdict))
	assert.False(t, o.RightAnswerWrongWork, "clean work is not flagged")

	o = byID["pens-3"].Outcome
	require.NotNil(t, o)
	assert.Equal(t, "different", string(o.Verdict))
	assert.False(t, o.RightAnswerWrongWork, "a wrong answer is never flagged right-answer-wrong-work")

	assert.Nil(t, byID["nogold"].Outcome)
	assert.NotContains(t, strings.SplitN(out, `"id": "nogold"`, 2)[1], `"outcome"`, "no gold, no outcome key")

	// The table says the same on one line per chain.
	table, _, err := run(t, dir, nil, "check", "--checker", "exact", in)
	require.NoError(t, err)
	assert.Contains(t, table, "outcome: answer 2 (boxed)  gold $2  equal:")
	assert.Contains(t, table, "right answer, wrong work (proven): step 1 is refuted")
	assert.Contains(t, table, "outcome: answer 8 (boxed)  gold $2  different:")
}

// --gold-file gives chains their gold answers by id, replacing the input's; rows it cannot
// read are reported with file and line (exit 1, the rest still used) and ids that match no
// chain are noted.
func TestCheckGoldFile(t *testing.T) {
	demo := repoFile(t, "testdata/demo/chain.md")
	dir := t.TempDir()
	gold := filepath.Join(dir, "gold.jsonl")
	require.NoError(t, os.WriteFile(gold, []byte(`{"id": "`+demo+`:1", "gold": "243"}
{"id": "elsewhere", "gold": "1"}
`), 0o644))
	out, stderr, err := run(t, dir, nil, "check", "--checker", "exact", "--jsonl", "--gold-file", gold, demo)
	require.NoError(t, err)
	var c report.CheckJSON
	require.NoError(t, json.Unmarshal([]byte(out), &c))
	require.NotNil(t, c.Outcome)
	assert.Equal(t, "243", c.Outcome.Gold)
	assert.Equal(t, "233", c.Outcome.Answer)
	assert.Equal(t, "different", string(c.Outcome.Verdict))
	assert.Contains(t, stderr, `--gold-file: 1 id(s) match no chain of the input (first: "elsewhere")`)

	require.NoError(t, os.WriteFile(gold, []byte(`{"id": "`+demo+`:1", "gold": "243"}
{"id": "x", "gold": ["243"]}
`), 0o644))
	out, stderr, err = run(t, dir, nil, "check", "--checker", "exact", "--jsonl", "--gold-file", gold, demo)
	require.Error(t, err)
	assert.Equal(t, exitError, exitCode(err, &strings.Builder{}))
	assert.Contains(t, stderr, "gold.jsonl:2: gold: want a string or a number")
	require.NoError(t, json.Unmarshal([]byte(out), &c), "the readable rows were used")
	assert.Equal(t, "different", string(c.Outcome.Verdict))

	_, _, err = run(t, dir, nil, "check", "--checker", "exact", "--gold-file", filepath.Join(dir, "missing.jsonl"), demo)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--gold-file")
}

// select --json with gold answers: the majority pick and every selector's accuracy on final
// answers, beside the outcome-only oracle.
func TestSelectMajorityJSON(t *testing.T) {
	demo := repoFile(t, "testdata/demo/outcome.jsonl")
	out, _, err := run(t, t.TempDir(), nil, "select", "--checker", "exact", "--aggregate", "majority", "--json", demo)
	require.NoError(t, err)
	var got report.BestOfN
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "majority", got.Selector)
	assert.Equal(t, "min", got.Weight)
	require.Len(t, got.Selections, 1)
	s := got.Selections[0]
	assert.Equal(t, 3, s.Votes, "2, 2 and 2.00 are one class")
	assert.Equal(t, "2", strings.TrimSuffix(s.Answer, ".00"))
	require.NotNil(t, s.Correct)
	assert.True(t, *s.Correct)
	require.NotNil(t, got.Outcomes)
	assert.Len(t, got.Outcomes.Selectors, 6)
	assert.Equal(t, 100.0, got.Outcomes.OutcomeOnly)
	assert.Equal(t, 75.0, got.Outcomes.Chance)

	_, _, err = run(t, t.TempDir(), nil, "select", "--aggregate", "vote", demo)
	require.Error(t, err)
	assert.Equal(t, exitUsage, exitCode(err, &strings.Builder{}))
}

// eval outcome: the grader against labelled answers, and the right-answer-wrong-work report on
// ProcessBench-style rows (final_answer_correct, label), cross-validated; compare's HTML page
// carries the same table.
func TestEvalOutcome(t *testing.T) {
	dir := t.TempDir()
	mr := filepath.Join(dir, "mr.jsonl")
	require.NoError(t, os.WriteFile(mr, []byte(
		`{"uuid": "m1", "question": "q", "model_output_steps": ["Step 1: 3 + 4 = 7.", "Step 2: The answer is: 7"], "ground_truth_answer": "7", "model_output_answer_correctness": "correct", "model_output_solution_correctness": "correct", "question_type": "original"}
{"uuid": "m2", "question": "q", "model_output_steps": ["Step 1: 3 + 4 = 8.", "Step 2: The answer is: 8"], "ground_truth_answer": 7, "model_output_answer_correctness": "wrong", "model_output_solution_correctness": "wrong", "model_output_solution_first_error_step": 1, "question_type": "original"}
`), 0o644))
	pb := filepath.Join(dir, "toy.dev.jsonl")
	var rows []string
	for i := range 6 {
		rows = append(rows,
			fmt.Sprintf(`{"id": "toy-%d", "problem": "Pens cost $2 each. How much do 4 pens cost?", "steps": ["Four pens cost 4 × 2 = 9 dollars.", "So the answer is \\boxed{8}."], "final_answer_correct": true, "label": 0}`, 3*i),
			fmt.Sprintf(`{"id": "toy-%d", "problem": "Pens cost $2 each. How much do 4 pens cost?", "steps": ["Four pens cost 4 × 2 = 8 dollars.", "So the answer is \\boxed{8}."], "final_answer_correct": true, "label": -1}`, 3*i+1),
			fmt.Sprintf(`{"id": "toy-%d", "problem": "Pens cost $2 each. How much do 4 pens cost?", "steps": ["Four pens cost 4 × 2 = 9 dollars.", "So the answer is \\boxed{9}."], "final_answer_correct": false, "label": 0}`, 3*i+2))
	}
	require.NoError(t, os.WriteFile(pb, []byte(strings.Join(rows, "\n")+"\n"), 0o644))

	out, _, err := run(t, dir, nil, "eval", "outcome", "--checker", "exact", "--json", mr, pb)
	require.NoError(t, err)
	var got evalOutcome
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	all := got.Grader[len(got.Grader)-1]
	assert.Equal(t, "all", all.Subset)
	assert.Equal(t, 2, all.Rows)
	assert.Equal(t, 100.0, all.Agreement)
	assert.Equal(t, 100.0, all.DecidedShare)
	require.NotNil(t, got.WrongWork)
	var toy *bench.WrongWorkScore
	for i := range got.WrongWork.CV {
		if got.WrongWork.CV[i].Subset == "toy" {
			toy = &got.WrongWork.CV[i]
		}
	}
	require.NotNil(t, toy)
	assert.Equal(t, 12, toy.RightAnswers, "the wrong answers are not in the report")
	assert.Equal(t, 6, toy.Erroneous)
	assert.Equal(t, 6, toy.Proven, "each erroneous chain has its false step refuted")
	assert.Equal(t, 6, toy.AtLabel)
	assert.Equal(t, 0, toy.WrongProven)

	table, _, err := run(t, dir, nil, "eval", "outcome", "--checker", "exact", pb)
	require.NoError(t, err)
	assert.Contains(t, table, "right answer, wrong work (policy hybrid)")
	assert.Contains(t, table, "cross-validated")

	page := filepath.Join(dir, "r.html")
	_, _, err = run(t, dir, nil, "compare", "--checker", "exact", "--html", page, pb)
	require.NoError(t, err)
	b, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(b), "<h2>Right answer, wrong work</h2>")
	assert.Contains(t, string(b), `<td class="label">toy</td><td>12</td><td>6</td><td>6 (100.0%)</td>`)
}
