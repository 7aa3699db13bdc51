package chain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func boolp(b bool) *bool { return &b }

// Each format's ground-truth field becomes Chain.Gold; a number keeps its digits; a judgement
// of the final answer becomes AnswerCorrect.
func TestGoldFromDataSets(t *testing.T) {
	for _, tc := range []struct {
		name, row     string
		gold          string
		answerCorrect *bool
	}{
		{"gsm8k", `{"question": "q", "answer": "3 + 4 = 7\n#### 7,000"}`, "7,000", nil},
		{"gsm8k without marker", `{"question": "q", "answer": "3 + 4 = 7"}`, "", nil},
		{"prmbench", `{"modified_process": ["a"], "modified_question": "q", "error_steps": [], "ground_truth": "\\frac{1}{2}", "idx": 1}`, `\frac{1}{2}`, nil},
		{"mr-gsm8k string", `{"uuid": "u", "question": "q", "model_output_steps": ["a"], "ground_truth_answer": "18", "model_output_answer_correctness": "correct", "model_output_solution_correctness": "correct"}`, "18", boolp(true)},
		{"mr-gsm8k number", `{"uuid": "u", "question": "q", "model_output_steps": ["a"], "ground_truth_answer": 22, "model_output_answer_correctness": "wrong"}`, "22", boolp(false)},
		{"processbench published", `{"id": "math-1", "problem": "q", "steps": ["a"], "label": -1, "final_answer_correct": true}`, "", boolp(true)},
		{"processbench gold", `{"id": "math-1", "problem": "q", "steps": ["a"], "label": -1, "gold": "2\\sqrt{2}", "final_answer_correct": false}`, `2\sqrt{2}`, boolp(false)},
		{"processbench ground_truth", `{"id": "math-1", "problem": "q", "steps": ["a"], "ground_truth": 1.50}`, "1.50", nil},
		{"processbench answer is not gold", `{"id": "math-1", "problem": "q", "steps": ["a"], "answer": "5"}`, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chains, errs, err := Decode(strings.NewReader(tc.row+"\n"), "x.jsonl", FormatAuto)
			require.NoError(t, err)
			require.Empty(t, errs)
			require.Len(t, chains, 1)
			assert.Equal(t, tc.gold, chains[0].Gold)
			assert.Equal(t, tc.answerCorrect, chains[0].AnswerCorrect)
		})
	}
}

func TestGoldOfWrongTypeIsARowError(t *testing.T) {
	in := `{"id": "a", "problem": "q", "steps": ["s"], "gold": ["5"]}
{"id": "b", "problem": "q", "steps": ["s"], "gold": "5"}
`
	chains, errs, err := Decode(strings.NewReader(in), "x.jsonl", FormatAuto)
	require.NoError(t, err)
	require.Len(t, chains, 1)
	assert.Equal(t, "5", chains[0].Gold)
	require.Len(t, errs, 1)
	assert.Equal(t, 1, errs[0].Line)
	assert.Contains(t, errs[0].Error(), "gold: want a string or a number")
}

func TestReadGold(t *testing.T) {
	in := `{"id": "gsm8k-1", "gold": "42"}

{"id": 7, "gold": 3.5}
{"id": "gsm8k-1", "gold": "43"}
{"id": "x"}
{"gold": "1"}
not json
{"id": "y", "gold": {"a": 1}}
`
	gold, errs, err := ReadGold(strings.NewReader(in), "gold.jsonl")
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"gsm8k-1": "42", "7": "3.5"}, gold)
	assert.Equal(t, []int{4, 5, 6, 7, 8}, rowLines(errs))
	assert.Contains(t, errs[0].Error(), `id "gsm8k-1" given twice (first on line 1)`)
	assert.Contains(t, errs[1].Error(), `missing field "gold"`)
	assert.Contains(t, errs[2].Error(), `missing field "id"`)
	assert.Contains(t, errs[4].Error(), "gold: want a string or a number")
}

// FuzzReadGold: any input is read without a panic, every row either gives an answer or an
// error with its line, and no answer is ever empty.
func FuzzReadGold(f *testing.F) {
	f.Add(`{"id": "a", "gold": "42"}` + "\n")
	f.Add(`{"id": 7, "gold": 3.5}` + "\n" + `{"id": 7, "gold": 1}`)
	f.Add(`{"id": "x", "gold": null}` + "\n\n" + `[1, 2]` + "\n" + `{"gold": {"a": 1}}`)
	f.Add("\xff\xfe{\"id\": \"\xc3\x28\", \"gold\": \"\\u0000\"}")
	f.Fuzz(func(t *testing.T, in string) {
		gold, errs, err := ReadGold(strings.NewReader(in), "f.jsonl")
		if err != nil {
			return
		}
		lines := strings.Count(in, "\n") + 1
		for _, e := range errs {
			if e.Line < 1 || e.Line > lines {
				t.Fatalf("row error on line %d of %d", e.Line, lines)
			}
		}
		for id, g := range gold {
			if id == "" || g == "" {
				t.Fatalf("empty id or answer: %q → %q", id, g)
			}
		}
	})
}
