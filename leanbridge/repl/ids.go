package repl

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// idShift is a pair of env and proofState ids, or of offsets between two numberings of them.
type idShift struct{ env, proofState int }

// advance moves s, the next ids to issue, past the highest ids of a reply.
func (s *idShift) advance(m idMarks) {
	s.env = max(s.env, m.env+1)
	s.proofState = max(s.proofState, m.proofState+1)
}

// idMap is one REPL process's place in its worker's numbering of state ids (doc.go, "State
// ids"): the worker shows env and proofState ids shifted by shift, so that ids of a dead
// process are recognised and refused: the worker-visible ids below min belong to earlier
// processes (or are hidden).
type idMap struct {
	shift idShift // worker-visible id = REPL id + shift
	min   idShift
}

// toLocal checks the ids a request names against this process and frames it with the
// process's own ids. restarts is for the error's text.
func (m idMap) toLocal(pr *parsedRequest, restarts int) ([]byte, error) {
	if pr.env != nil && *pr.env < m.min.env {
		return nil, &StaleStateError{Field: "env", ID: *pr.env, ValidMin: m.min.env, Restarts: restarts}
	}
	if pr.proofState != nil && *pr.proofState < m.min.proofState {
		return nil, &StaleStateError{Field: "proofState", ID: *pr.proofState, ValidMin: m.min.proofState, Restarts: restarts}
	}
	if m.shift == (idShift{}) {
		return pr.frame(), nil
	}
	obj := make(map[string]json.RawMessage, len(pr.obj))
	for k, v := range pr.obj {
		obj[k] = v
	}
	if pr.env != nil {
		obj["env"] = json.RawMessage(strconv.Itoa(*pr.env - m.shift.env))
	}
	if pr.proofState != nil {
		obj["proofState"] = json.RawMessage(strconv.Itoa(*pr.proofState - m.shift.proofState))
	}
	b, err := marshalNoHTML(obj)
	if err != nil {
		return nil, err
	}
	return append(b, '\n', '\n'), nil
}

// hide takes the first envs REPL env ids of this process out of the worker-visible
// numbering: the next REPL id is shown as min.env, and the hidden ones can never be named.
// Called before the conn takes user requests (Config.HideStartupIDs).
func (m *idMap) hide(envs int) {
	m.shift.env = m.min.env - envs
}

// idMarks are the highest ids a reply carried, in worker-visible numbering (-1: none).
type idMarks struct{ env, proofState int }

// idView reads the ids out of any reply.
type idView struct {
	Env        *int `json:"env"`
	ProofState *int `json:"proofState"`
	Sorries    []struct {
		ProofState *int `json:"proofState"`
	} `json:"sorries"`
	Tactics []struct {
		ProofState *int `json:"proofState"`
	} `json:"tactics"`
}

// fromLocal returns the reply with ids in worker-visible numbering, and the highest ids in it.
func (m idMap) fromLocal(raw json.RawMessage) (json.RawMessage, idMarks, error) {
	marks := idMarks{-1, -1}
	var v idView
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, marks, fmt.Errorf("%w: %v", ErrMalformedReply, err)
	}
	if v.Env != nil {
		marks.env = *v.Env + m.shift.env
	}
	note := func(p *int) {
		if p != nil {
			marks.proofState = max(marks.proofState, *p+m.shift.proofState)
		}
	}
	note(v.ProofState)
	for _, s := range v.Sorries {
		note(s.ProofState)
	}
	for _, t := range v.Tactics {
		note(t.ProofState)
	}
	if m.shift == (idShift{}) {
		return raw, marks, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return nil, marks, fmt.Errorf("%w: %v", ErrMalformedReply, err)
	}
	shift := func(m map[string]json.RawMessage, key string, by int) {
		if n, ok := parseNat(m[key]); ok {
			m[key] = json.RawMessage(strconv.Itoa(n + by))
		}
	}
	shift(top, "env", m.shift.env)
	shift(top, "proofState", m.shift.proofState)
	for _, list := range []string{"sorries", "tactics"} {
		v, ok := top[list]
		if !ok {
			continue
		}
		var items []map[string]json.RawMessage
		if err := json.Unmarshal(v, &items); err != nil {
			return nil, marks, fmt.Errorf("%w: %s: %v", ErrMalformedReply, list, err)
		}
		for _, it := range items {
			shift(it, "proofState", m.shift.proofState)
		}
		b, err := marshalNoHTML(items)
		if err != nil {
			return nil, marks, err
		}
		top[list] = b
	}
	out, err := marshalNoHTML(top)
	return out, marks, err
}
