package tactic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// Message is a REPL message.
type Message struct {
	Severity string
	Pos      syntax.Pos
	End      *syntax.Pos
	Data     string
}

// SorryRec is a `sorry` met while elaborating; it becomes a `sorries` entry with a new
// proof state. Sorries found in tactic mode have no position.
type SorryRec struct {
	Pos, End *syntax.Pos
	Goal     *elab.Goal
	Env      *elab.Env
	Root     bool // a RootGoals entry: listed after every other sorry
}

// throw is a tactic failure that aborts the tactic block (Lean's thrown exception).
type throw struct {
	Pos, End syntax.Pos
	Msg      string
}

// ProofRun carries out tactics on goals. In command mode messages carry source positions;
// in tactic mode (a ProofStep request) they are at 0:0 and sorries have no position.
type ProofRun struct {
	Env         *elab.Env
	TacticMode  bool
	AcceptAll   bool
	GrindLies   bool // Options.GrindLies
	Msgs        []Message
	Sorries     []SorryRec
	Errors      bool // an error was logged
	SorryUsed   bool // the proof contains sorry (explicit, or admitted after an error)
	ExplicitSry bool // an explicit sorry was used
	axioms      map[string]bool
	mvars       int // metavariables made so far (for unique names)
}

func (r *ProofRun) mathlib() bool { return r.Env.Mathlib }

func (r *ProofRun) LogError(pos, end syntax.Pos, msg string) {
	r.Errors = true
	r.SorryUsed = true
	if r.TacticMode {
		pos, end = syntax.Pos{}, syntax.Pos{}
	}
	r.Msgs = append(r.Msgs, Message{Severity: "error", Pos: pos, End: &end, Data: msg})
}

func (r *ProofRun) addSorry(pos, end syntax.Pos, g *elab.Goal) {
	r.SorryUsed = true
	r.ExplicitSry = true
	s := SorryRec{Goal: g.Clone(), Env: r.Env}
	if !r.TacticMode {
		s.Pos, s.End = &pos, &end
	}
	r.Sorries = append(r.Sorries, s)
}

func (r *ProofRun) PrettyGoals(gs []*elab.Goal) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = g.Pretty(r.mathlib())
	}
	return strings.Join(parts, "\n\n")
}

// RunSeq runs tactics in order; the first failure stops the sequence.
func (r *ProofRun) RunSeq(tacs []*syntax.Tactic, goals []*elab.Goal) ([]*elab.Goal, *throw) {
	return r.RunSeqObs(tacs, goals, nil)
}

// StepObserver learns, for each tactic of a block in turn, its range, the goals before and
// after it (after is nil when it failed or did not run), whether it ran and whether it threw.
// A language server's goal view is built from it (FileResult.GoalsAt).
type StepObserver func(pos, end syntax.Pos, before, after []*elab.Goal, ran, failed bool)

// RunSeqObs is RunSeq telling obs (when not nil) what each tactic of tacs did. The tactics
// after a failure are reported as not run; `stop` and a trailing `open … in` take the rest of
// the block into themselves, as in Lean's syntax, and are reported as one tactic.
func (r *ProofRun) RunSeqObs(tacs []*syntax.Tactic, goals []*elab.Goal, obs StepObserver) ([]*elab.Goal, *throw) {
	note := func(pos, end syntax.Pos, before, after []*elab.Goal, ran, failed bool) {
		if obs != nil {
			if failed {
				after = nil
			}
			obs(pos, end, before, after, ran, failed)
		}
	}
	last := func() syntax.Pos { return tacs[len(tacs)-1].End }
	for i, t := range tacs {
		switch syntax.TacticName(t.Head()) {
		case "stop":
			// `stop tacs` is `repeat sorry`: every goal is admitted and the rest of the block
			// is not run.
			for _, g := range goals {
				r.addSorry(t.Pos, t.End, g)
			}
			note(t.Pos, last(), goals, []*elab.Goal{}, true, false)
			return nil, nil
		case "open", "set_option":
			if in := scopedTail(t); in != nil && len(in.Toks) == 1 {
				// `open X in` at the end of a line scopes the rest of the block.
				left, th := r.runScoped(t, tacs[i+1:], goals)
				note(t.Pos, last(), goals, left, true, th != nil)
				return left, th
			}
		}
		before := goals
		var th *throw
		goals, th = r.run(t, goals)
		if th == nil && len(goals) > maxGoals {
			th = &throw{Pos: t.Pos, End: t.End, Msg: syntax.MaxRecDepthMsg}
		}
		note(t.Pos, t.End, before, goals, true, th != nil)
		if th != nil {
			for _, u := range tacs[i+1:] {
				note(u.Pos, u.End, nil, nil, false, false)
			}
			return goals, th
		}
	}
	return goals, nil
}

// maxGoals bounds the goals a proof may have open at once (all_goals by_cases … doubles
// them), so that no input makes the simulator run for long.
const maxGoals = 1024

func (r *ProofRun) subParser(toks []syntax.Token) *syntax.Parser {
	return &syntax.Parser{Toks: toks, Mathlib: r.mathlib()}
}

// run carries out one tactic.
func (r *ProofRun) run(t *syntax.Tactic, goals []*elab.Goal) ([]*elab.Goal, *throw) {
	h := t.Head()
	name := syntax.TacticName(h)
	fail := func(format string, args ...any) ([]*elab.Goal, *throw) {
		return goals, &throw{Pos: t.Pos, End: t.End, Msg: fmt.Sprintf(format, args...)}
	}
	if name == "(" && len(t.Toks) >= 3 && t.Toks[len(t.Toks)-2].Text == ")" {
		return r.RunSeq(syntax.SplitTactics(t.Toks[1:len(t.Toks)-2], -1), goals)
	}
	if left, right, ok := syntax.SplitThen(t); ok {
		return r.runThen(t, left, right, goals)
	}
	if !syntax.Simulated[name] && !(r.mathlib() && syntax.MathlibSimulated[name]) {
		return fail("leanprm-simulator: tactic '%s' is not simulated (this is a simulator, not Lean)", name)
	}
	args := t.Toks[1:]
	if noArgTactics[name] && len(args) > 1 {
		return fail("leanprm-simulator: '%s' with arguments is not simulated (this is a simulator, not Lean)", name)
	}
	noGoals := func() ([]*elab.Goal, *throw) { return fail("No goals to be solved") }
	switch name {
	case "skip":
		return goals, nil
	case "done":
		if len(goals) > 0 {
			return fail("unsolved goals\n%s", r.PrettyGoals(goals))
		}
		return goals, nil
	case "all_goals":
		inner := syntax.SplitTactics(args[:len(args)-1], -1)
		var out []*elab.Goal
		for _, g := range goals {
			gs, th := r.RunSeq(inner, []*elab.Goal{g})
			if th != nil {
				return goals, th
			}
			out = append(out, gs...)
		}
		return out, nil
	case "case", "next":
		return r.runCase(t, name, goals)
	case "open", "set_option":
		return r.runScoped(t, nil, goals)
	case "try":
		return r.runTry(t, goals)
	}
	if len(goals) == 0 {
		return noGoals()
	}
	g, rest := goals[0], goals[1:]
	with := func(gs ...*elab.Goal) []*elab.Goal { return append(gs, rest...) }
	switch name {
	case "sorry", "admit":
		r.addSorry(t.Pos, t.End, g)
		return rest, nil
	case "subst_vars":
		return with(elab.SubstVars(g)), nil
	case "decide", "native_decide", "rfl", "trivial", "norm_num":
		kind := name
		if name == "decide" {
			var th *throw
			if kind, th = decideKind(t, args); th != nil {
				return goals, th
			}
		} else if len(args) > 1 {
			return fail("leanprm-simulator: '%s' with arguments is not simulated (this is a simulator, not Lean)", name)
		}
		ng, th := r.decide(kind, g, t)
		if th != nil {
			return goals, th
		}
		switch kind {
		case "native_decide":
			r.AddAxiom("Lean.ofReduceBool")
		case "norm_num":
			r.AddAxiom("propext", "Classical.choice", "Quot.sound")
		}
		if ng != nil {
			return with(ng), nil
		}
		return rest, nil
	case "subst":
		return r.runSubst(t, g, rest)
	case "omega":
		return r.runOmega(t, g, rest)
	case "grind":
		return r.runGrind(t, g, rest)
	case "intro", "intros":
		return r.runIntro(t, name, g, rest)
	case "rw", "rewrite":
		return r.runRewrite(t, name, g, rest)
	case "obtain", "rcases":
		return r.runObtain(t, name, g, rest)
	case "exfalso":
		ng := g.Clone()
		ng.Target = &syntax.Node{Op: syntax.OpFalse, Text: "False"}
		return with(ng), nil
	case "assumption":
		for i := len(g.Hyps) - 1; i >= 0; i-- {
			if h := g.Hyps[i]; h.Prop != nil && g.Target != nil && r.defeq(h.Prop, g.Target) {
				return rest, nil
			}
		}
		return fail("Tactic `assumption` failed\n\n%s", g.Pretty(r.mathlib()))
	case "contradiction":
		if r.contradiction(g) {
			return rest, nil
		}
		return fail("Tactic `contradiction` failed\n\n%s", g.Pretty(r.mathlib()))
	case "left", "right":
		if g.Target == nil || g.Target.Op != syntax.OpOr {
			return fail("leanprm-simulator: '%s' on a goal that is not a disjunction is not simulated (this is a simulator, not Lean)", name)
		}
		ng := g.Clone()
		ng.Tag = "h"
		ng.Target = g.Target.Kids[map[string]int{"left": 0, "right": 1}[name]].Clone()
		return with(ng), nil
	case "·", ".":
		return r.runFocus(t, g, rest)
	case "show":
		return r.runShow(t, g, rest)
	case "simp", "simp_arith":
		return r.runSimp(t, name, g, rest)
	case "exact":
		return r.runExact(t, g, rest)
	case "apply":
		return r.runApply(t, g, rest)
	case "have":
		return r.runHave(t, g, rest)
	case "constructor":
		if g.Target == nil {
			if g.Ty == syntax.TypeNat || g.Ty == syntax.TypeUnit || g.Ty == syntax.TypeInt {
				return rest, nil // Nat.zero, Unit.unit, Int.ofNat …
			}
			return fail("tactic 'constructor' failed, target is not an inductive datatype\n%s", g.Pretty(r.mathlib()))
		}
		switch g.Target.Op {
		case syntax.OpTrue:
			return rest, nil
		case syntax.OpAnd:
			l, rr := g.Clone(), g.Clone()
			l.Tag, l.Target = "left", g.Target.Kids[0].Clone()
			rr.Tag, rr.Target = "right", g.Target.Kids[1].Clone()
			return with(l, rr), nil
		case syntax.OpIff:
			l, rr := g.Clone(), g.Clone()
			l.Tag, l.Target = "mp", &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{g.Target.Kids[0].Clone(), g.Target.Kids[1].Clone()}}
			rr.Tag, rr.Target = "mpr", &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{g.Target.Kids[1].Clone(), g.Target.Kids[0].Clone()}}
			return with(l, rr), nil
		case syntax.OpExists:
			return fail("leanprm-simulator: 'constructor' on ∃ is not simulated (this is a simulator, not Lean); give the witness with `exact ⟨w, proof⟩`")
		}
		return fail("tactic 'constructor' failed, target is not an inductive datatype\n%s", g.Pretty(r.mathlib()))
	case "by_cases":
		p := r.subParser(args)
		hname := "h✝"
		if p.Peek().Kind == syntax.TkIdent && p.Toks[min(p.At+1, len(p.Toks)-1)].Text == ":" {
			hname = p.Next().Text
			p.Next()
		}
		prop, err := p.Expr(0, 0)
		if err != nil {
			return fail("%s", err.(*syntax.ParseError).Msg)
		}
		sc := &elab.Scope{Env: r.Env, Hyps: g.Hyps}
		if err := sc.ElabProp(prop); err != nil {
			e := err.(*elab.Error)
			return goals, &throw{Pos: e.Pos, End: e.End, Msg: e.Msg}
		}
		pos, neg := g.Clone(), g.Clone()
		pos.Tag, neg.Tag = "pos", "neg"
		pos.Add(elab.Hyp{Name: hname, Prop: prop.Clone()})
		neg.Add(elab.Hyp{Name: hname, Prop: &syntax.Node{Op: syntax.OpNot, Kids: []*syntax.Node{prop.Clone()}}})
		return with(pos, neg), nil
	}
	return fail("leanprm-simulator: tactic '%s' is not simulated (this is a simulator, not Lean)", name)
}

// noArgTactics take no arguments in the simulated fragment; anything after their name is
// refused rather than ignored.
var noArgTactics = map[string]bool{
	"skip": true, "done": true, "sorry": true, "admit": true, "subst_vars": true, "exfalso": true,
	"assumption": true, "contradiction": true, "left": true, "right": true, "constructor": true,
}

// runThen is `t1 <;> t2`: t1 runs on the main goal, then t2 on every goal it produced
// (Lean's `focus (t1; all_goals t2)`).
func (r *ProofRun) runThen(t, left, right *syntax.Tactic, goals []*elab.Goal) ([]*elab.Goal, *throw) {
	if len(goals) == 0 {
		return goals, throwAt(t, "No goals to be solved")
	}
	gs, th := r.run(left, goals[:1])
	if th != nil {
		return goals, th
	}
	var out []*elab.Goal
	for _, g := range gs {
		ng, th := r.run(right, []*elab.Goal{g})
		if th != nil {
			return goals, th
		}
		out = append(out, ng...)
	}
	return append(out, goals[1:]...), nil
}

func (r *ProofRun) runCase(t *syntax.Tactic, name string, goals []*elab.Goal) ([]*elab.Goal, *throw) {
	args := t.Toks[1 : len(t.Toks)-1]
	arrow := -1
	for i, a := range args {
		if a.Text == "=>" {
			arrow = i
			break
		}
	}
	if arrow < 0 || arrow == len(args)-1 {
		return goals, &throw{Pos: t.Pos, End: t.End, Msg: "unexpected end of input; expected '=>'"}
	}
	if len(goals) == 0 {
		return goals, &throw{Pos: t.Pos, End: t.End, Msg: "No goals to be solved"}
	}
	idx := 0
	if name == "case" && arrow > 0 {
		tag := args[0].Text
		idx = -1
		for i, g := range goals {
			if g.Tag == tag {
				idx = i
				break
			}
		}
		if idx < 0 {
			return goals, &throw{Pos: args[0].Pos, End: args[0].End, Msg: fmt.Sprintf("Case tag `%s` not found.", tag)}
		}
	}
	body := args[arrow+1:]
	g := goals[idx].Clone()
	g.Tag = ""
	left, th := r.RunSeq(syntax.SplitTactics(body, body[0].Pos.Col), []*elab.Goal{g})
	if th != nil {
		return goals, th
	}
	if len(left) > 0 {
		return goals, &throw{Pos: t.Pos, End: t.End, Msg: "unsolved goals\n" + r.PrettyGoals(left)}
	}
	out := append(append([]*elab.Goal{}, goals[:idx]...), goals[idx+1:]...)
	return out, nil
}

// runExact elaborates a term against the goal. As in Lean, an elaboration error is logged
// and the goal is closed with a synthetic sorry instead of aborting the tactic block
// (invalid_tactic transcript).
func (r *ProofRun) runExact(t *syntax.Tactic, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	p := r.subParser(t.Toks[1:])
	term, err := p.Expr(0, 0)
	if err == nil && p.Peek().Kind != syntax.TkEOF {
		err = syntax.Unexpected(p.Peek(), "")
	}
	if err != nil {
		pe := err.(*syntax.ParseError)
		return append([]*elab.Goal{g}, rest...), &throw{Pos: pe.Pos, End: pe.End, Msg: pe.Msg}
	}
	if e := r.CheckTerm(term, g); e != nil {
		r.LogError(e.Pos, e.End, e.Msg)
	}
	return rest, nil
}

// CheckTerm elaborates a proof or value term against goal g. A `sorry` term records a sorry.
func (r *ProofRun) CheckTerm(term *syntax.Node, g *elab.Goal) *elab.Error {
	sc := &elab.Scope{Env: r.Env, Hyps: g.Hyps}
	mathlib := r.mathlib()
	if term.Op == syntax.OpSorry {
		r.addSorry(term.Pos, term.End, g)
		return nil
	}
	if term.Op == syntax.OpHole {
		return elab.ErrAt(term, "don't know how to synthesize placeholder\ncontext:\n%s", g.Pretty(mathlib))
	}
	if g.Target == nil { // a value of a type
		if term.Op == syntax.OpVar {
			if h, ok := sc.Local(term.Text); ok && h.IsVar() && h.Ty == g.Ty {
				return nil
			}
		}
		switch g.Ty {
		case syntax.TypeString, syntax.TypeChar:
			return r.checkText(term, g)
		}
		if err := sc.ElabTermAt(term, g.Ty); err != nil {
			return err.(*elab.Error)
		}
		return nil
	}
	return r.check(term, g.Target, g.Hyps, 0)
}

// checkText checks a String or Char value: a literal, or an interpolated string whose holes
// elaborate (they are code: a `sorry` there is not hidden by the quotes).
func (r *ProofRun) checkText(term *syntax.Node, g *elab.Goal) *elab.Error {
	sc := &elab.Scope{Env: r.Env, Hyps: g.Hyps}
	want := map[syntax.Type]string{syntax.TypeString: syntax.OpStr, syntax.TypeChar: syntax.OpChar}[g.Ty]
	if term.Op != want {
		return elab.ErrAt(term, "leanprm-simulator: this %s value is not simulated (this is a simulator, not Lean)", g.Ty.Name(false))
	}
	for _, hole := range term.Kids {
		if hole.Op == syntax.OpStr || hole.Op == syntax.OpChar {
			continue
		}
		li := &elab.LeafInfo{}
		if err := sc.Leaves(hole.Clone(), li); err != nil {
			return err.(*elab.Error)
		}
		t := li.Max
		if t == syntax.TypeNone {
			t = syntax.TypeNat
		}
		if err := sc.ElabTermAt(hole, t); err != nil {
			return err.(*elab.Error)
		}
	}
	return nil
}

func typeOfType(h elab.Hyp) string {
	if h.Prop != nil {
		return "Prop"
	}
	return "Type"
}

// functions `apply` knows for value goals: argument type → result type.
var applyFunctions = map[string][2]syntax.Type{
	"Int.natAbs": {syntax.TypeInt, syntax.TypeNat},
	"Int.toNat":  {syntax.TypeInt, syntax.TypeNat},
	"Nat.succ":   {syntax.TypeNat, syntax.TypeNat},
	"Nat.pred":   {syntax.TypeNat, syntax.TypeNat},
	"Int.ofNat":  {syntax.TypeNat, syntax.TypeInt},
	"Int.neg":    {syntax.TypeInt, syntax.TypeInt},
}

func (r *ProofRun) runApply(t *syntax.Tactic, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	if g.Target != nil {
		return r.applyProof(t, g, rest)
	}
	if len(t.Toks) != 3 || t.Toks[1].Kind != syntax.TkIdent {
		return append([]*elab.Goal{g}, rest...), &throw{Pos: t.Pos, End: t.End,
			Msg: "leanprm-simulator: this use of 'apply' is not simulated (this is a simulator, not Lean)"}
	}
	fn := t.Toks[1]
	sig, ok := applyFunctions[fn.Text]
	if !ok {
		if _, local := (&elab.Scope{Env: r.Env, Hyps: g.Hyps}).Local(fn.Text); !local && r.Env.Lookup(fn.Text) == nil &&
			!strings.Contains(fn.Text, ".") && !r.Env.Unmodelled {
			r.LogError(fn.Pos, fn.End, fmt.Sprintf("Unknown identifier `%s`", fn.Text))
			return rest, nil
		}
		return append([]*elab.Goal{g}, rest...), &throw{Pos: t.Pos, End: t.End,
			Msg: "leanprm-simulator: this use of 'apply' is not simulated (this is a simulator, not Lean)"}
	}
	if g.Target != nil || g.Ty != sig[1] {
		return append([]*elab.Goal{g}, rest...), &throw{Pos: t.Pos, End: t.End, Msg: fmt.Sprintf(
			"Tactic `apply` failed: could not unify the conclusion of `%s`\n  %s\nwith the goal\n  %s\n\n%s",
			fn.Text, sig[1].Name(r.mathlib()), g.TargetString(r.mathlib()), g.Pretty(r.mathlib()))}
	}
	ng := g.Clone()
	ng.Ty = sig[0]
	return append([]*elab.Goal{ng}, rest...), nil
}

// runHave handles `have [name] [: type] := term` and `… := by tactics`.
func (r *ProofRun) runHave(t *syntax.Tactic, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	keep := append([]*elab.Goal{g}, rest...)
	p := r.subParser(t.Toks[1:])
	name := "this"
	if p.Peek().Kind == syntax.TkIdent {
		name = p.Next().Text
	}
	sc := &elab.Scope{Env: r.Env, Hyps: g.Hyps}
	var sub *elab.Goal
	if p.IsSym(":") {
		p.Next()
		ty, err := p.Expr(0, 0)
		if err != nil {
			pe := err.(*syntax.ParseError)
			return keep, &throw{Pos: pe.Pos, End: pe.End, Msg: pe.Msg}
		}
		sub = &elab.Goal{Hyps: g.Clone().Hyps}
		if tt, ok := syntax.TypeByName(ty.Text, r.mathlib()); ty.Op == syntax.OpVar && ok {
			sub.Ty = tt
		} else {
			if err := sc.ElabProp(ty); err != nil {
				e := err.(*elab.Error)
				return keep, &throw{Pos: e.Pos, End: e.End, Msg: e.Msg}
			}
			sub.Target = ty
		}
	}
	if _, err := p.ExpectSym(":=", "':='"); err != nil {
		pe := err.(*syntax.ParseError)
		return keep, &throw{Pos: pe.Pos, End: pe.End, Msg: pe.Msg}
	}
	if p.IsSym("by") {
		if sub == nil {
			return keep, &throw{Pos: t.Pos, End: t.End, Msg: "leanprm-simulator: `have` without a type is not simulated with `by` (this is a simulator, not Lean)"}
		}
		byTok := p.Next()
		body := p.Toks[p.At : len(p.Toks)-1]
		if len(body) == 0 {
			r.LogError(byTok.Pos, byTok.End, "unsolved goals\n"+sub.Pretty(r.mathlib()))
		} else {
			left, th := r.RunSeq(syntax.SplitTactics(body, body[0].Pos.Col), []*elab.Goal{sub})
			if th != nil {
				return keep, th
			}
			if len(left) > 0 {
				r.LogError(byTok.Pos, body[len(body)-1].End, "unsolved goals\n"+r.PrettyGoals(left))
			}
		}
	} else {
		term, err := p.Expr(0, 0)
		if err == nil && p.Peek().Kind != syntax.TkEOF {
			err = syntax.Unexpected(p.Peek(), "")
		}
		if err != nil {
			pe := err.(*syntax.ParseError)
			return keep, &throw{Pos: pe.Pos, End: pe.End, Msg: pe.Msg}
		}
		if sub == nil && isProofTerm(term, sc) { // a proof: its proposition is the type
			prop, e := r.infer(term, sc, nil, 0)
			if e != nil {
				return keep, throwOf(e)
			}
			sub = &elab.Goal{Hyps: g.Clone().Hyps, Target: prop}
		}
		if sub == nil { // the type comes from the value
			li := &elab.LeafInfo{}
			if err := sc.Leaves(term, li); err != nil {
				e := err.(*elab.Error)
				return keep, &throw{Pos: e.Pos, End: e.End, Msg: e.Msg}
			}
			ty := li.Max
			if ty == syntax.TypeNone {
				ty = syntax.TypeNat
			}
			sub = &elab.Goal{Hyps: g.Clone().Hyps, Ty: ty}
		}
		if e := r.CheckTerm(term, sub); e != nil {
			r.LogError(e.Pos, e.End, e.Msg)
		}
	}
	ng := g.Clone()
	h := elab.Hyp{Name: name, Ty: sub.Ty}
	if sub.Target != nil {
		h = elab.Hyp{Name: name, Prop: sub.Target}
	}
	ng.Add(h)
	return append([]*elab.Goal{ng}, rest...), nil
}

// isProofTerm tells a proof from a value when `have` has no type: a hypothesis or a
// theorem, possibly applied or projected.
func isProofTerm(term *syntax.Node, sc *elab.Scope) bool {
	name := term.Text
	switch term.Op {
	case syntax.OpProj:
		return isProofTerm(term.Kids[0], sc)
	case syntax.OpVar, syntax.OpApp:
	default:
		return false
	}
	base, _, _ := strings.Cut(name, ".")
	if h, ok := sc.Local(base); ok {
		return h.Prop != nil
	}
	if d := sc.Env.Lookup(name); d != nil {
		return d.Stmt != nil
	}
	if _, ok := elab.LookupLemma(name, sc.Env.Opens); ok {
		return true
	}
	_, _, isFunc := sc.LookupFunc(name)
	return !isFunc && strings.Contains(name, ".")
}

// applyProof is `apply e` on a proposition: e's statement is instantiated with
// metavariables for its ∀ parameters until its conclusion unifies with the goal; the → premises
// not yet proved become new goals.
func (r *ProofRun) applyProof(t *syntax.Tactic, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	keep := append([]*elab.Goal{g}, rest...)
	p := r.subParser(t.Toks[1:])
	term, err := p.Expr(0, 0)
	if err == nil && p.Peek().Kind != syntax.TkEOF {
		err = syntax.Unexpected(p.Peek(), "")
	}
	if err != nil {
		return keep, throwOfParse(err)
	}
	sc := &elab.Scope{Env: r.Env, Hyps: g.Hyps}
	ty, e := r.infer(term, sc, nil, 0)
	if e != nil {
		return keep, throwOf(e)
	}
	var premises []*syntax.Node
	mv := map[string]*syntax.Node{}
	cur := ty
	for step := 0; step <= syntax.MaxTacticNesting; step++ {
		if trial := mvCopy(mv, map[string]*syntax.Node{}); r.unify(cur, g.Target, trial) {
			var out []*elab.Goal
			for _, pr := range premises {
				pr = substMVars(pr, trial)
				if hasMVar(pr) {
					return keep, notSimulatedTactic(t, "an 'apply' that leaves metavariables")
				}
				ng := g.Clone()
				ng.Target = pr
				out = append(out, ng)
			}
			return append(out, rest...), nil
		}
		c := cur.Transparent()
		switch c.Op {
		case syntax.OpForall:
			vars, body := c.Bound()
			val := r.newMVar(vars[0], mv)
			if len(vars) > 1 {
				body = &syntax.Node{Op: syntax.OpForall, Kids: append(append([]*syntax.Node{}, vars[1:]...), body)}
			}
			cur = syntax.ReplaceVar(body, vars[0].Text, val)
			continue
		case syntax.OpImp:
			premises = append(premises, c.Kids[0])
			cur = c.Kids[1]
			continue
		}
		break
	}
	return keep, throwAt(t, "Tactic `apply` failed: could not unify the conclusion of `%s`\n  %s\nwith the goal\n  %s\n\n%s",
		term.Pretty(), ty.Pretty(), g.Target.Pretty(), g.Pretty(r.mathlib()))
}

// AxiomList orders the axioms a proof used as `#print axioms` usually shows them: propext,
// sorryAx, Classical.choice, Quot.sound, then the others by name. (Recent Lean sorts the list
// by name; its order is not checked here, and clients must not depend on it.)
func (r *ProofRun) AxiomList() []string {
	rank := map[string]int{"propext": 1, "sorryAx": 2, "Classical.choice": 3, "Quot.sound": 4}
	out := make([]string, 0, len(r.axioms))
	for a := range r.axioms {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b string) int {
		ra, rb := rank[a], rank[b]
		if ra == 0 {
			ra = 5
		}
		if rb == 0 {
			rb = 5
		}
		if ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	return out
}
