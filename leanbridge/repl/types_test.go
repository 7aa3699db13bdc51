package repl

import (
	"encoding/json"
	"errors"
	"testing"
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
			if !errors.Is(err, ErrMalformedReply) {
				t.Errorf("ParseReply(%s): error %v does not match ErrMalformedReply", tt.in, err)
			}
		case r.Error != nil:
			got = "error"
		case r.Command != nil:
			got = "command"
		case r.ProofStep != nil:
			got = "proofstep"
		}
		if got != tt.want {
			t.Errorf("ParseReply(%s) = %q (err %v), want %q", tt.in, got, err, tt.want)
		}
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
		if err != nil {
			t.Errorf("ParseReply(%s): %v", in, err)
			continue
		}
		out, err := json.Marshal(r.Value())
		if err != nil {
			t.Errorf("Marshal: %v", err)
			continue
		}
		if !jsonEqual(out, []byte(in)) {
			t.Errorf("round trip changed the value:\n in: %s\nout: %s", in, out)
		}
	}
}

func TestExtraIsExposed(t *testing.T) {
	var r CommandResponse
	if err := json.Unmarshal([]byte(`{"env": 2, "Env": 7, "future": [1]}`), &r); err != nil {
		t.Fatal(err)
	}
	if r.Env != 2 {
		t.Errorf("Env = %d: a member differing only in case was read into the field", r.Env)
	}
	if string(r.Extra["Env"]) != "7" || string(r.Extra["future"]) != "[1]" || len(r.Extra) != 2 {
		t.Errorf("Extra = %v", r.Extra)
	}
	out, _ := json.Marshal(r)
	if !jsonEqual(out, []byte(`{"env": 2, "Env": 7, "future": [1]}`)) {
		t.Errorf("re-encoded as %s", out)
	}
	// Extra cannot override a modelled member.
	r.Extra["env"] = json.RawMessage(`99`)
	out, _ = json.Marshal(r)
	if !jsonEqual(out, []byte(`{"env": 2, "Env": 7, "future": [1]}`)) {
		t.Errorf("Extra overrode env: %s", out)
	}
}

func TestHandBuiltValuesEncodeLikeTheREPL(t *testing.T) {
	// Lists the REPL always writes come out as [] even when left nil.
	b, _ := json.Marshal(ProofStepResponse{ProofState: 2, ProofStatus: ProofStatusCompleted})
	if !jsonEqual(b, []byte(`{"proofState": 2, "goals": [], "proofStatus": "Completed"}`)) {
		t.Errorf("ProofStepResponse = %s", b)
	}
	b, _ = json.Marshal(Tactic{Tactic: "rfl"})
	if !jsonEqual(b, []byte(`{"tactic": "rfl", "goals": "", "proofState": 0, "pos": {"line": 0, "column": 0}, "endPos": {"line": 0, "column": 0}, "usedConstants": []}`)) {
		t.Errorf("Tactic = %s", b)
	}
	b, _ = json.Marshal(Message{Severity: "info", Data: "d"})
	if !jsonEqual(b, []byte(`{"severity": "info", "pos": {"line": 0, "column": 0}, "endPos": null, "data": "d"}`)) {
		t.Errorf("Message = %s", b)
	}
	b, _ = json.Marshal(Sorry{Goal: "g"})
	if !jsonEqual(b, []byte(`{"goal": "g", "proofState": null}`)) {
		t.Errorf("Sorry = %s", b)
	}
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
		if err := json.Unmarshal([]byte(tt.in), &r); err != nil {
			t.Fatal(err)
		}
		if got := r.Accepted(); got != tt.want {
			t.Errorf("Accepted(%s) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestPositionsAreCodePoints documents that Pos.Column is taken as the REPL sends it: a count
// of code points (proof_branching puts `sorry` at column 75 after ∧ and →), not bytes.
func TestPositionsAreCodePoints(t *testing.T) {
	line := "theorem complex_and (p q r : Prop) (h1 : p ∧ q) (h2 : q → r) : p ∧ r := by sorry"
	var r CommandResponse
	in := `{"sorries": [{"proofState": 0, "pos": {"line": 1, "column": 75}, "goal": "g", "endPos": {"line": 1, "column": 80}}], "env": 0}`
	if err := json.Unmarshal([]byte(in), &r); err != nil {
		t.Fatal(err)
	}
	col := r.Sorries[0].Pos.Column
	if got := string([]rune(line)[col : col+5]); got != "sorry" {
		t.Errorf("code point column %d selects %q, want sorry", col, got)
	}
	if got := line[col : col+5]; got == "sorry" {
		t.Errorf("byte column %d also selects sorry: the test does not tell the two apart", col)
	}
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
		if err := json.Unmarshal([]byte(r.in), r.dst); err != nil {
			t.Fatal(err)
		}
		out, err := json.Marshal(r.dst)
		if err != nil {
			t.Fatal(err)
		}
		if !jsonEqual(out, []byte(r.in)) {
			t.Errorf("round trip: %s → %s", r.in, out)
		}
	}
}
