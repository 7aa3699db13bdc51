package repl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseReplyClassifies(t *testing.T) {
	tests := []struct {
		in   string
		want string // "error", "command", "proofstep", or "" for ErrMalformedReply
	}{
		{`{"message": "Unknown environment."}`, "error"},
		{`{"env": 0}`, "command"},
		{`{"messages": [], "env": 3}`, "command"},
		{`{"proofStatus": "Completed", "proofState": 2, "goals": []}`, "proofstep"},
		{`{"proofState": 2, "goals": []}`, "proofstep"},
		{`{"goals": []}`, ""},
		{`{}`, ""},
		{`[]`, ""},
		{`null`, ""},
		{`{"env": "zero"}`, ""},
	}
	for _, tt := range tests {
		r, err := ParseReply(json.RawMessage(tt.in))
		var got string
		switch {
		case err != nil:
			assert.ErrorIs(t, err, ErrMalformedReply, "ParseReply(%s)", tt.in)
		case r.Error != nil:
			got = "error"
		case r.Command != nil:
			got = "command"
		case r.ProofStep != nil:
			got = "proofstep"
		}
		assert.Equal(t, tt.want, got, "ParseReply(%s) = %q (err %v)", tt.in, got, err)
	}
}

// TestReplyRoundTripShapes covers the presence rules one by one: null versus absent, empty
// lists the REPL always writes, and members this package does not know, at every depth.
func TestReplyRoundTripShapes(t *testing.T) {
	replies := []string{
		`{"env": 0}`,
		`{"env": 1, "messages": [{"severity": "error", "pos": {"line": 0, "column": 0}, "endPos": null, "data": "x"}]}`,
		`{"env": 1, "sorries": [{"goal": "⊢ Nat", "proofState": null}]}`,
		`{"env": 1, "sorries": [{"goal": "⊢ Nat", "proofState": 4, "pos": {"line": 1, "column": 2}, "endPos": {"line": 1, "column": 7}}]}`,
		`{"env": 0, "tactics": [{"tactic": "rfl", "goals": "⊢ 1 = 1", "proofState": 0, "pos": {"line": 1, "column": 1}, "endPos": {"line": 1, "column": 4}, "usedConstants": []}]}`,
		`{"proofState": 1, "goals": [], "proofStatus": "Completed"}`,
		`{"proofState": 1, "goals": ["⊢ ℕ → ∀ x, x = x"], "traces": ["a", "b"], "proofStatus": "Incomplete: open goals remain"}`,
		`{"message": "Lean error:\n<input>:1:1: unknown tactic"}`,
		// Unknown members at every level.
		`{"env": 0, "newTop": {"x": [1, 2.5, null, true]}, "messages": [{"severity": "info", "pos": {"line": 1, "column": 0, "byteOffset": 0}, "endPos": null, "data": "d", "code": "E1"}]}`,
		`{"message": "m", "kind": "internal"}`,
		`{"proofState": 0, "goals": [], "proofStatus": "Completed", "sorries": [{"goal": "g", "proofState": 1, "note": 1}], "elapsedMs": 12}`,
		// Info trees: null node, absent versus null elaborator, absent expectedType, null pp.
		`{"env": 0, "infotree": [{"node": null, "kind": "CompletionInfo", "children": []}]}`,
		`{"env": 0, "infotree": [{"node": {"stx": {"range": {"synthetic": false, "start": {"line": 1, "column": 0}, "finish": {"line": 1, "column": 5}}, "pp": null, "kind": "k", "argKinds": []}, "elaborator": null}, "kind": "CommandInfo", "children": [{"node": {"stx": {"range": {"synthetic": true, "start": {"line": 1, "column": 0}, "finish": {"line": 1, "column": 1}}, "pp": "p", "kind": "ident", "argKinds": []}, "isBinder": true, "expr": "p", "elaborator": "e"}, "kind": "TermInfo", "children": []}]}]}`,
		`{"env": 0, "infotree": [{"node": {"stx": {"range": {"synthetic": false, "start": {"line": 1, "column": 0}, "finish": {"line": 1, "column": 5}}, "pp": "rfl", "kind": "k", "argKinds": ["a"]}, "name": null, "goalsBefore": ["⊢ True"], "goalsAfter": []}, "kind": "TacticInfo", "children": []}]}`,
		`{"env": 0, "infotree": [{"node": {"macro": "m"}, "kind": "MacroExpansionInfo", "children": [], "extra": 1}]}`,
	}
	for _, in := range replies {
		r, err := ParseReply(json.RawMessage(in))
		if !assert.NoError(t, err, "ParseReply(%s)", in) {
			continue
		}
		out, err := json.Marshal(r.Value())
		if !assert.NoError(t, err, "Marshal") {
			continue
		}
		assert.True(t, jsonEqual(out, []byte(in)), "round trip changed the value:\n in: %s\nout: %s", in, out)
	}
}

func TestExtraIsExposed(t *testing.T) {
	var r CommandResponse
	require.NoError(t, json.Unmarshal([]byte(`{"env": 2, "Env": 7, "future": [1]}`), &r))
	assert.Equal(t, 2, r.Env, "Env = %d: a member differing only in case was read into the field", r.Env)
	assert.Equal(t, "7", string(r.Extra["Env"]), "Extra = %v", r.Extra)
	assert.Equal(t, "[1]", string(r.Extra["future"]), "Extra = %v", r.Extra)
	assert.Len(t, r.Extra, 2, "Extra = %v", r.Extra)
	out, _ := json.Marshal(r)
	assert.True(t, jsonEqual(out, []byte(`{"env": 2, "Env": 7, "future": [1]}`)), "re-encoded as %s", out)
	// Extra cannot override a modelled member.
	r.Extra["env"] = json.RawMessage(`99`)
	out, _ = json.Marshal(r)
	assert.True(t, jsonEqual(out, []byte(`{"env": 2, "Env": 7, "future": [1]}`)), "Extra overrode env: %s", out)
}

func TestHandBuiltValuesEncodeLikeTheREPL(t *testing.T) {
	// Lists the REPL always writes come out as [] even when left nil.
	b, _ := json.Marshal(ProofStepResponse{ProofState: 2, ProofStatus: ProofStatusCompleted})
	assert.True(t, jsonEqual(b, []byte(`{"proofState": 2, "goals": [], "proofStatus": "Completed"}`)), "ProofStepResponse = %s", b)
	b, _ = json.Marshal(Tactic{Tactic: "rfl"})
	assert.True(t, jsonEqual(b, []byte(`{"tactic": "rfl", "goals": "", "proofState": 0, "pos": {"line": 0, "column": 0}, "endPos": {"line": 0, "column": 0}, "usedConstants": []}`)), "Tactic = %s", b)
	b, _ = json.Marshal(Message{Severity: "info", Data: "d"})
	assert.True(t, jsonEqual(b, []byte(`{"severity": "info", "pos": {"line": 0, "column": 0}, "endPos": null, "data": "d"}`)), "Message = %s", b)
	b, _ = json.Marshal(Sorry{Goal: "g"})
	assert.True(t, jsonEqual(b, []byte(`{"goal": "g", "proofState": null}`)), "Sorry = %s", b)
}

func TestAccepted(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"env": 0}`, true},
		{`{"env": 0, "messages": [{"severity": "info", "pos": {"line": 1, "column": 0}, "endPos": null, "data": "ok"}]}`, true},
		{`{"env": 0, "messages": [{"severity": "warning", "pos": {"line": 1, "column": 0}, "endPos": null, "data": "unused variable"}]}`, true},
		{`{"env": 0, "messages": [{"severity": "error", "pos": {"line": 1, "column": 0}, "endPos": null, "data": "decide failed"}]}`, false},
		{`{"env": 0, "messages": [{"severity": "warning", "pos": {"line": 1, "column": 0}, "endPos": null, "data": "declaration uses ` + "`sorry`" + `"}]}`, false},
		{`{"env": 0, "sorries": [{"goal": "⊢ False", "proofState": 0}]}`, false},
	}
	for _, tt := range tests {
		var r CommandResponse
		require.NoError(t, json.Unmarshal([]byte(tt.in), &r))
		assert.Equal(t, tt.want, r.Accepted(), "Accepted(%s)", tt.in)
	}
}

// TestPositionsAreCodePoints documents that Pos.Column is taken as the REPL sends it: a count
// of code points (proof_branching puts `sorry` at column 75 after ∧ and →), not bytes.
func TestPositionsAreCodePoints(t *testing.T) {
	line := "theorem complex_and (p q r : Prop) (h1 : p ∧ q) (h2 : q → r) : p ∧ r := by sorry"
	var r CommandResponse
	in := `{"sorries": [{"proofState": 0, "pos": {"line": 1, "column": 75}, "goal": "g", "endPos": {"line": 1, "column": 80}}], "env": 0}`
	require.NoError(t, json.Unmarshal([]byte(in), &r))
	col := r.Sorries[0].Pos.Column
	assert.Equal(t, "sorry", string([]rune(line)[col:col+5]), "code point column %d", col)
	assert.NotEqual(t, "sorry", line[col:col+5], "byte column %d also selects sorry: the test does not tell the two apart", col)
}

func TestRequestRoundTrip(t *testing.T) {
	reqs := []struct {
		in  string
		dst any
	}{
		{`{"cmd": "x", "env": 0, "allTactics": true, "rootGoals": true, "infotree": "original", "other": {}}`, new(CommandRequest)},
		{`{"path": "f.lean", "env": 1}`, new(FileRequest)},
		{`{"tactic": "simp", "proofState": 0}`, new(ProofStepRequest)},
		{`{"pickleTo": "a.olean", "env": 0}`, new(PickleEnvRequest)},
		{`{"unpickleEnvFrom": "a.olean"}`, new(UnpickleEnvRequest)},
		{`{"pickleTo": "c.olean", "proofState": 0}`, new(PickleProofStateRequest)},
		{`{"unpickleProofStateFrom": "c.olean"}`, new(UnpickleProofStateRequest)},
	}
	for _, r := range reqs {
		require.NoError(t, json.Unmarshal([]byte(r.in), r.dst))
		out, err := json.Marshal(r.dst)
		require.NoError(t, err)
		assert.True(t, jsonEqual(out, []byte(r.in)), "round trip: %s → %s", r.in, out)
	}
}
