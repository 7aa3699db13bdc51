package repl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
			require.NoError(t, err)
			got, err := m.toLocal(pr, 1)
			if tt.stale != "" {
				var se *StaleStateError
				require.ErrorAs(t, err, &se)
				assert.Equal(t, tt.stale, se.Field)
				assert.Equal(t, 1, se.Restarts)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
		})
	}
	// Without a shift the request goes as it was framed.
	pr, err := parseRequest([]byte(`{"tactic": "rfl", "proofState": 0}`))
	require.NoError(t, err)
	got, err := (idMap{}).toLocal(pr, 0)
	require.NoError(t, err)
	assert.Equal(t, string(pr.frame()), string(got), "unshifted")
}

func TestIDMapFromLocal(t *testing.T) {
	m := idMap{shift: idShift{env: 3, proofState: 7}}
	raw := json.RawMessage(`{"env": 1, "proofState": 2, "sorries": [{"proofState": 4, "goal": "⊢ p"}], "tactics": [{"proofState": 0}], "messages": []}`)
	got, marks, err := m.fromLocal(raw)
	require.NoError(t, err)
	assert.Equal(t, idMarks{env: 4, proofState: 11}, marks)
	assert.JSONEq(t, `{"env": 4, "proofState": 9, "sorries": [{"proofState": 11, "goal": "⊢ p"}], "tactics": [{"proofState": 7}], "messages": []}`, string(got))
	// No ids: marks -1; no shift: the reply is passed on untouched.
	_, marks, err = m.fromLocal(json.RawMessage(`{"messages": []}`))
	require.NoError(t, err)
	assert.Equal(t, idMarks{-1, -1}, marks, "no ids")
	got, _, err = (idMap{}).fromLocal(raw)
	require.NoError(t, err)
	assert.Equal(t, string(raw), string(got), "unshifted")
	_, _, err = m.fromLocal(json.RawMessage(`[1]`))
	assert.ErrorIs(t, err, ErrMalformedReply, "a malformed reply")
}

// The next ids to issue only move forward; hiding the first envs of a process makes its next
// REPL env id show as min.env.
func TestIDShiftAdvanceAndHide(t *testing.T) {
	next := idShift{env: 3, proofState: 5}
	next.advance(idMarks{env: 1, proofState: 8})
	next.advance(idMarks{env: -1, proofState: -1})
	assert.Equal(t, idShift{env: 3, proofState: 9}, next)
	m := idMap{shift: idShift{env: 3}, min: idShift{env: 3}}
	m.hide(2) // the version check took REPL envs 0 and 1
	assert.Equal(t, m.min.env, m.shift.env+2, "after hide, REPL env 2 shows as min.env")
}
