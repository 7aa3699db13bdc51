package replsim

import (
	"fmt"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/frontend"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
	"github.com/leanprm/leanprm/internal/leansim/tactic"
)

// proofState is the simulator's counterpart of a REPL proof snapshot.
type proofState struct {
	Goals     []*elab.Goal `json:"goals"`
	SorryUsed bool         `json:"sorryUsed,omitempty"`
	Env       *elab.Env    `json:"-"`
}

func (p *proofState) status() string {
	switch {
	case len(p.Goals) > 0:
		return "Incomplete: open goals remain"
	case p.SorryUsed:
		return "Incomplete: contains sorry"
	}
	return "Completed"
}

// FatalError is an error the real REPL does not catch: the process prints
// "uncaught exception: <Text>" to stderr and exits with status 1 (PROTOCOL §1.6).
type FatalError struct{ Text string }

func (e *FatalError) Error() string { return e.Text }

// Server holds the REPL state of one simulated process: command states and proof states,
// numbered from 0 and never freed. It is not safe for concurrent use; the REPL is
// single-threaded too.
type Server struct {
	opts   Options
	envs   []*elab.Env
	states []*proofState
}

// NewServer returns a simulator with no states.
func NewServer(opts Options) *Server { return &Server{opts: opts} }

// Version is the string `#eval Lean.versionString` answers, e.g. "4.32.0-leanprm-simulator".
func (s *Server) Version() string {
	v := s.opts.Version
	if v == "" {
		v = frontend.DefaultVersion
	}
	return v + frontend.VersionSuffix
}

func errorReply(msg string) Value { return Obj().Set("message", Str(msg)) }

func fatalJSON(msg string) *FatalError {
	return &FatalError{Text: errorReply(msg).String()}
}

// Handle answers one request (the joined text of its lines). A *FatalError means the
// simulated process dies, as the REPL does on malformed JSON or a failed file operation.
func (s *Server) Handle(query string) (Value, error) {
	j, err := ParseJSON(query)
	if err != nil {
		return Value{}, fatalJSON("Could not parse JSON:\n" + err.Error())
	}
	// The REPL tries each request structure in this order; the first that decodes wins and
	// fields it does not know are ignored (REPL/Main.lean, `parse`).
	d := newDecoder(j)
	if id, tac := d.nat("proofState"), d.str("tactic"); d.err == nil {
		return s.proofStep(id, tac), nil
	}
	d = newDecoder(j)
	if id, path := d.nat("env"), d.str("pickleTo"); d.err == nil {
		return s.pickleEnv(id, path)
	}
	d = newDecoder(j)
	if path := d.str("unpickleEnvFrom"); d.err == nil {
		return s.unpickleEnv(path)
	}
	d = newDecoder(j)
	if id, path := d.nat("proofState"), d.str("pickleTo"); d.err == nil {
		return s.pickleProofState(id, path)
	}
	d = newDecoder(j)
	if path, env := d.str("unpickleProofStateFrom"), d.optNat("env"); d.err == nil {
		return s.unpickleProofState(path, env)
	}
	d = newDecoder(j)
	if src, env, roots := d.str("cmd"), d.optNat("env"), d.commandOptions(); d.err == nil {
		return s.command(src, env, roots), nil
	}
	d = newDecoder(j)
	path, env, roots := d.str("path"), d.optNat("env"), d.commandOptions()
	if d.err != nil {
		return Value{}, fatalJSON("Could not parse as a valid JSON command:\n" + d.err.Error())
	}
	data, err := s.readFile(path)
	if err != nil {
		return Value{}, &FatalError{Text: ioFailure(err, path).Error()}
	}
	return s.command(string(data), env, roots), nil
}

// decoder reads request fields with the rules of Lean's derived FromJson: a required field
// must be present with the right type; an Option field may be absent or null. The first
// error sticks. Its error texts are shaped like Lean's, not verified.
type decoder struct {
	v   Value
	err error
}

func newDecoder(v Value) *decoder {
	d := &decoder{v: v}
	if v.Kind() != KindObject {
		d.err = fmt.Errorf("object expected")
	}
	return d
}

func (d *decoder) get(k string, optional bool) (Value, bool) {
	if d.err != nil {
		return Value{}, false
	}
	x, ok := d.v.Get(k)
	if !ok || x.Kind() == KindNull {
		if !optional {
			d.err = fmt.Errorf("property not found: %s", k)
		}
		return Value{}, false
	}
	return x, true
}

func (d *decoder) nat(k string) int {
	x, ok := d.get(k, false)
	if !ok {
		return 0
	}
	n, ok := x.AsNat()
	if !ok {
		d.err = fmt.Errorf("%s: expected natural number", k)
	}
	return n
}

func (d *decoder) optNat(k string) *int {
	x, ok := d.get(k, true)
	if !ok {
		return nil
	}
	n, ok := x.AsNat()
	if !ok {
		d.err = fmt.Errorf("%s: expected natural number", k)
		return nil
	}
	return &n
}

func (d *decoder) str(k string) string {
	x, ok := d.get(k, false)
	if !ok {
		return ""
	}
	s, ok := x.AsString()
	if !ok {
		d.err = fmt.Errorf("%s: expected String", k)
	}
	return s
}

// commandOptions reads the optional fields of Command and File. allTactics and infotree are
// accepted but produce nothing: the simulator has no info trees.
func (d *decoder) commandOptions() (rootGoals bool) {
	for _, k := range []string{"allTactics", "rootGoals"} {
		if x, ok := d.get(k, true); ok {
			b, isBool := x.AsBool()
			if !isBool {
				d.err = fmt.Errorf("%s: expected Bool", k)
				return false
			}
			if k == "rootGoals" {
				rootGoals = b
			}
		}
	}
	if x, ok := d.get("infotree", true); ok {
		if _, isStr := x.AsString(); !isStr {
			d.err = fmt.Errorf("infotree: expected String")
		}
	}
	return rootGoals
}

func (s *Server) env(id *int) (*elab.Env, bool) {
	if id == nil {
		return nil, true
	}
	if *id < 0 || *id >= len(s.envs) {
		return nil, false
	}
	return s.envs[*id], true
}

func (s *Server) addEnv(e *elab.Env) int {
	s.envs = append(s.envs, e)
	return len(s.envs) - 1
}

func (s *Server) addState(p *proofState) int {
	s.states = append(s.states, p)
	return len(s.states) - 1
}

func (s *Server) config(rootGoals bool) frontend.Config {
	return frontend.Config{MathlibAvailable: s.opts.Mathlib, AcceptAll: s.opts.AcceptAll, GrindLies: s.opts.GrindLies, Version: s.Version(), RootGoals: rootGoals}
}

// sorriesJSON gives each sorry a new proof state, in order, roots last.
func (s *Server) sorriesJSON(srs []tactic.SorryRec) []Value {
	var out []Value
	for _, root := range []bool{false, true} {
		for _, sr := range srs {
			if sr.Root != root {
				continue
			}
			id := s.addState(&proofState{Goals: []*elab.Goal{sr.Goal.Clone()}, Env: sr.Env})
			v := Obj().Set("proofState", Int(id)).Set("goal", Str(sr.Goal.Pretty(sr.Env.Mathlib)))
			if sr.Pos != nil {
				v.Set("pos", posJSON(*sr.Pos)).Set("endPos", posJSON(*sr.End))
			}
			out = append(out, v)
		}
	}
	return out
}

func messagesJSON(ms []tactic.Message) []Value {
	out := make([]Value, len(ms))
	for i, m := range ms {
		out[i] = messageJSON(m)
	}
	return out
}

func (s *Server) command(src string, envID *int, rootGoals bool) Value {
	base, ok := s.env(envID)
	if !ok {
		return errorReply("Unknown environment.")
	}
	out := frontend.RunCommands(src, base, s.config(rootGoals))
	id := s.addEnv(out.Env)
	reply := Obj().Set("env", Int(id))
	if srs := s.sorriesJSON(out.Sorries); len(srs) > 0 {
		reply.Set("sorries", Arr(srs...))
	}
	if len(out.Msgs) > 0 {
		reply.Set("messages", Arr(messagesJSON(out.Msgs)...))
	}
	return reply
}

// proofStepReply records st as a new proof state and describes it, as the REPL's
// ProofStepResponse does.
func (s *Server) proofStepReply(st *proofState, msgs []tactic.Message, srs []tactic.SorryRec) Value {
	sorries := s.sorriesJSON(srs)
	id := s.addState(st)
	goals := make([]Value, len(st.Goals))
	for i, g := range st.Goals {
		goals[i] = Str(g.Pretty(st.Env.Mathlib))
	}
	reply := Obj().Set("proofState", Int(id)).Set("goals", Arr(goals...)).Set("proofStatus", Str(st.status()))
	if len(sorries) > 0 {
		reply.Set("sorries", Arr(sorries...))
	}
	if len(msgs) > 0 {
		reply.Set("messages", Arr(messagesJSON(msgs)...))
	}
	return reply
}

func (s *Server) proofStep(id int, tac string) Value {
	if id < 0 || id >= len(s.states) {
		return errorReply("Unknown proof state.")
	}
	st := s.states[id]
	toks := syntax.Lex(tac)
	if toks[0].Kind == syntax.TkEOF {
		return errorReply("Lean error:\n<input>:1:0: unexpected end of input")
	}
	body := toks[:len(toks)-1]
	tacs := syntax.SplitTactics(body, body[0].Pos.Col)
	for _, t := range tacs {
		if err := syntax.ValidateTactic(t, st.Env.Mathlib); err != nil {
			return errorReply(fmt.Sprintf("Lean error:\n<input>:%d:%d: %s", err.Pos.Line, err.Pos.Col, err.Msg))
		}
	}
	goals := make([]*elab.Goal, len(st.Goals))
	for i, g := range st.Goals {
		goals[i] = g.Clone()
	}
	run := &tactic.ProofRun{Env: st.Env, TacticMode: true, AcceptAll: s.opts.AcceptAll, GrindLies: s.opts.GrindLies, SorryUsed: st.SorryUsed}
	left, th := run.RunSeq(tacs, goals)
	if s.opts.TacticModeLies && (th != nil || run.Errors) {
		// The lie of Options.TacticModeLies: the failure is swallowed and the proof is
		// reported complete.
		return s.proofStepReply(&proofState{Env: st.Env}, nil, nil)
	}
	if th != nil {
		return errorReply("Lean error:\n" + th.Msg)
	}
	return s.proofStepReply(&proofState{Goals: left, SorryUsed: run.SorryUsed, Env: st.Env}, run.Msgs, run.Sorries)
}

func (s *Server) pickleEnv(id int, path string) (Value, error) {
	e, ok := s.env(&id)
	if !ok {
		return errorReply("Unknown environment."), nil
	}
	if err := s.writePickle(path, pickleFile{Kind: "environment", Env: e}); err != nil {
		return Value{}, &FatalError{Text: err.Error()}
	}
	return Obj().Set("env", Int(id)), nil
}

func (s *Server) unpickleEnv(path string) (Value, error) {
	pf, err := s.readPickle(path, "environment")
	if err != nil {
		return Value{}, &FatalError{Text: err.Error()}
	}
	return Obj().Set("env", Int(s.addEnv(pf.Env))), nil
}

func (s *Server) pickleProofState(id int, path string) (Value, error) {
	if id < 0 || id >= len(s.states) {
		return errorReply("Unknown proof State."), nil // sic: the REPL capitalises State here
	}
	st := s.states[id]
	if err := s.writePickle(path, pickleFile{Kind: "proofState", Env: st.Env, ProofState: st}); err != nil {
		return Value{}, &FatalError{Text: err.Error()}
	}
	cp := *st
	return s.proofStepReply(&cp, nil, nil), nil
}

func (s *Server) unpickleProofState(path string, envID *int) (Value, error) {
	base, ok := s.env(envID)
	if !ok {
		return errorReply("Unknown environment."), nil
	}
	pf, err := s.readPickle(path, "proofState")
	if err != nil {
		return Value{}, &FatalError{Text: err.Error()}
	}
	st := pf.ProofState
	if base != nil {
		st.Env = base
	}
	return s.proofStepReply(st, nil, nil), nil
}

// messageJSON is m as the REPL sends it.
func messageJSON(m tactic.Message) Value {
	end := Null()
	if m.End != nil {
		end = posJSON(*m.End)
	}
	return Obj().Set("severity", Str(m.Severity)).Set("pos", posJSON(m.Pos)).
		Set("endPos", end).Set("data", Str(m.Data))
}

// posJSON is p as the REPL sends it.
func posJSON(p syntax.Pos) Value { return Obj().Set("line", Int(p.Line)).Set("column", Int(p.Col)) }
