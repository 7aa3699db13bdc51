package repl

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// An idMap rewrites request ids into a process's numbering and refuses those of earlier
// processes; replies come back shifted, with the highest ids they carried.
func TestIDMapToLocal(t *testing.T) {
	m := idMap{shift: idShift{env: 5, proofState: 10}, min: idShift{env: 5, proofState: 10}}
	for _, tt := range []struct {
		name, req, want string
		stale           string // the StaleStateError's field, "" for none
	}{
		{name: "shifted", req: `{"tactic": "rfl", "proofState": 12}`, want: `{"proofState":2,"tactic":"rfl"}` + "\n\n"},
		{name: "env shifted", req: `{"cmd": "#check 1", "env": 5}`, want: `{"cmd":"#check 1","env":0}` + "\n\n"},
		{name: "no ids", req: `{"cmd": "#check 1"}`, want: `{"cmd":"#check 1"}` + "\n\n"},
		{name: "stale env", req: `{"cmd": "#check 1", "env": 4}`, stale: "env"},
		{name: "stale proofState", req: `{"tactic": "rfl", "proofState": 9}`, stale: "proofState"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pr, err := parseRequest([]byte(tt.req))
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.toLocal(pr, 1)
			var se *StaleStateError
			switch {
			case tt.stale != "":
				if !errors.As(err, &se) || se.Field != tt.stale || se.Restarts != 1 {
					t.Errorf("got %q, %v; want a stale %s", got, err, tt.stale)
				}
			case err != nil || string(got) != tt.want:
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	// Without a shift the request goes as it was framed.
	pr, err := parseRequest([]byte(`{"tactic": "rfl", "proofState": 0}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := (idMap{}).toLocal(pr, 0); err != nil || string(got) != string(pr.frame()) {
		t.Errorf("unshifted: %q, %v", got, err)
	}
}

func TestIDMapFromLocal(t *testing.T) {
	m := idMap{shift: idShift{env: 3, proofState: 7}}
	raw := json.RawMessage(`{"env": 1, "proofState": 2, "sorries": [{"proofState": 4, "goal": "⊢ p"}], "tactics": [{"proofState": 0}], "messages": []}`)
	got, marks, err := m.fromLocal(raw)
	if err != nil {
		t.Fatal(err)
	}
	if marks != (idMarks{env: 4, proofState: 11}) {
		t.Errorf("marks %+v", marks)
	}
	var v map[string]any
	if err := json.Unmarshal(got, &v); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"env": 4.0, "proofState": 9.0, "messages": []any{},
		"sorries": []any{map[string]any{"proofState": 11.0, "goal": "⊢ p"}}, "tactics": []any{map[string]any{"proofState": 7.0}}}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("got %v, want %v", v, want)
	}
	// No ids: marks -1; no shift: the reply is passed on untouched.
	if _, marks, err := m.fromLocal(json.RawMessage(`{"messages": []}`)); err != nil || marks != (idMarks{-1, -1}) {
		t.Errorf("no ids: %+v, %v", marks, err)
	}
	if got, _, err := (idMap{}).fromLocal(raw); err != nil || string(got) != string(raw) {
		t.Errorf("unshifted: %s, %v", got, err)
	}
	if _, _, err := m.fromLocal(json.RawMessage(`[1]`)); !errors.Is(err, ErrMalformedReply) {
		t.Errorf("a malformed reply: %v", err)
	}
}

// The next ids to issue only move forward; hiding the first envs of a process makes its next
// REPL env id show as min.env.
func TestIDShiftAdvanceAndHide(t *testing.T) {
	next := idShift{env: 3, proofState: 5}
	next.advance(idMarks{env: 1, proofState: 8})
	next.advance(idMarks{env: -1, proofState: -1})
	if next != (idShift{env: 3, proofState: 9}) {
		t.Errorf("next %+v", next)
	}
	m := idMap{shift: idShift{env: 3}, min: idShift{env: 3}}
	m.hide(2) // the version check took REPL envs 0 and 1
	if m.shift.env+2 != m.min.env {
		t.Errorf("after hide, REPL env 2 shows as %d, want %d", m.shift.env+2, m.min.env)
	}
}
