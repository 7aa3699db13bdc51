package proofchain

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A message's text form is "severity: data"; reading it back keeps both (the position is not
// part of it), and text without the separator is an error.
func TestMessageText(t *testing.T) {
	m := Message{Severity: "error", Data: "unsolved goals\n⊢ x = 5: no", Line: 3, Column: 2}
	b, err := m.MarshalText()
	require.NoError(t, err, "MarshalText = %q", b)
	require.Equal(t, "error: unsolved goals\n⊢ x = 5: no", string(b), "MarshalText")
	var back Message
	require.NoError(t, back.UnmarshalText(b), "UnmarshalText = %+v", back)
	require.Equal(t, Message{Severity: "error", Data: m.Data}, back, "UnmarshalText")
	assert.Error(t, back.UnmarshalText([]byte("no separator")), "text without \": \" was read")
}

// Result marshals exactly as `lean chain --json`'s report always has: these members in this
// order, messages as strings, goals null when unknown, what one backend alone fills left out.
func TestResultJSON(t *testing.T) {
	res := Result{
		Backend: BackendREPL, Checker: "sim", Problems: []string{"step 3 failed: omega could not prove the goal"},
		Steps: []Step{
			{Index: 0, Tactic: "constructor", Status: Accepted, Goals: []string{"⊢ x + 1 = 3", "⊢ x = 5"}, ProofStatus: "Incomplete"},
			{Index: 1, Tactic: "· omega", Status: Accepted, Goals: []string{"⊢ x = 5"}, Lines: [2]int{3, 3}},
			{Index: 2, Tactic: "· omega", Status: Failed, Messages: []Message{{Severity: "error", Data: "omega could not prove the goal", Line: 0}}, Thrown: true},
		},
		Text:              "theorem t := by\n  constructor\n",
		Statement:         "theorem t := by\n  sorry",
		StatementMessages: []Message{{Severity: "warning", Data: "declaration uses 'sorry'"}},
		Recheck:           &Recheck{Accepted: true},
		Diagnostics:       []Message{{Severity: "error", Data: "x"}},
	}
	b, err := json.MarshalIndent(res, "", "  ")
	require.NoError(t, err)
	const want = `{
  "backend": "repl",
  "checker": "sim",
  "verified": false,
  "problems": [
    "step 3 failed: omega could not prove the goal"
  ],
  "steps": [
    {
      "index": 0,
      "tactic": "constructor",
      "status": "accepted",
      "goals": [
        "⊢ x + 1 = 3",
        "⊢ x = 5"
      ]
    },
    {
      "index": 1,
      "tactic": "· omega",
      "status": "accepted",
      "goals": [
        "⊢ x = 5"
      ]
    },
    {
      "index": 2,
      "tactic": "· omega",
      "status": "failed",
      "goals": null,
      "messages": [
        "error: omega could not prove the goal"
      ]
    }
  ],
  "text": "theorem t := by\n  constructor\n",
  "step_index_base": 0
}`
	// The exact text, not only the decoded value: the member order and layout are the contract.
	assert.Equal(t, want, string(b))
	var back Result
	require.NoError(t, json.Unmarshal(b, &back))
	if assert.Len(t, back.Steps, 3, "round trip: %+v", back) {
		if assert.NotEmpty(t, back.Steps[2].Messages, "round trip: %+v", back) {
			assert.Equal(t, Message{Severity: "error", Data: "omega could not prove the goal"}, back.Steps[2].Messages[0], "round trip: %+v", back)
		}
		assert.Equal(t, Failed, back.Steps[2].Status, "round trip: %+v", back)
	}
}
