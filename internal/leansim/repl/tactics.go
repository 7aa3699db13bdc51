package repl

import (
	"fmt"
	"slices"
	"strings"
)

// message is a REPL message.
type message struct {
	severity string
	pos      Pos
	end      *Pos
	data     string
}

// sorryRec is a `sorry` met while elaborating; it becomes a `sorries` entry with a new
// proof state. Sorries found in tactic mode have no position.
type sorryRec struct {
	pos, end *Pos
	goal     *goal
	env      *envState
	root     bool // a rootGoals entry: listed after every other sorry
}

// throw is a tactic failure that aborts the tactic block (Lean's thrown exception).
type throw struct {
	pos, end Pos
	msg      string
}

// proofRun carries out tactics on goals. In command mode messages carry source positions;
// in tactic mode (a ProofStep request) they are at 0:0 and sorries have no position.
type proofRun struct {
	env         *envState
	tacticMode  bool
	acceptAll   bool
	grindLies   bool // Options.GrindLies
	msgs        []message
	sorries     []sorryRec
	errors      bool // an error was logged
	sorryUsed   bool // the proof contains sorry (explicit, or admitted after an error)
	explicitSry bool // an explicit sorry was used
	axioms      map[string]bool
	mvars       int // metavariables made so far (for unique names)
}

func (r *proofRun) mathlib() bool { return r.env.Mathlib }

func (r *proofRun) logError(pos, end Pos, msg string) {
	r.errors = true
	r.sorryUsed = true
	if r.tacticMode {
		pos, end = Pos{}, Pos{}
	}
	r.msgs = append(r.msgs, message{severity: "error", pos: pos, end: &end, data: msg})
}

func (r *proofRun) addSorry(pos, end Pos, g *goal) {
	r.sorryUsed = true
	r.explicitSry = true
	s := sorryRec{goal: g.clone(), env: r.env}
	if !r.tacticMode {
		s.pos, s.end = &pos, &end
	}
	r.sorries = append(r.sorries, s)
}

func (r *proofRun) ppGoals(gs []*goal) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = g.pp(r.mathlib())
	}
	return strings.Join(parts, "\n\n")
}

// runSeq runs tactics in order; the first failure stops the sequence.
func (r *proofRun) runSeq(tacs []*tacticSyntax, goals []*goal) ([]*goal, *throw) {
	return r.runSeqObs(tacs, goals, nil)
}

// stepObserver learns, for each tactic of a block in turn, its range, the goals before and
// after it (after is nil when it failed or did not run), whether it ran and whether it threw.
// A language server's goal view is built from it (FileResult.GoalsAt).
type stepObserver func(pos, end Pos, before, after []*goal, ran, failed bool)

// runSeqObs is runSeq telling obs (when not nil) what each tactic of tacs did. The tactics
// after a failure are reported as not run; `stop` and a trailing `open … in` take the rest of
// the block into themselves, as in Lean's syntax, and are reported as one tactic.
func (r *proofRun) runSeqObs(tacs []*tacticSyntax, goals []*goal, obs stepObserver) ([]*goal, *throw) {
	note := func(pos, end Pos, before, after []*goal, ran, failed bool) {
		if obs != nil {
			if failed {
				after = nil
			}
			obs(pos, end, before, after, ran, failed)
		}
	}
	last := func() Pos { return tacs[len(tacs)-1].end }
	for i, t := range tacs {
		switch tacticName(t.head()) {
		case "stop":
			// `stop tacs` is `repeat sorry`: every goal is admitted and the rest of the block
			// is not run.
			for _, g := range goals {
				r.addSorry(t.pos, t.end, g)
			}
			note(t.pos, last(), goals, []*goal{}, true, false)
			return nil, nil
		case "open", "set_option":
			if in := scopedTail(t); in != nil && len(in.toks) == 1 {
				// `open X in` at the end of a line scopes the rest of the block.
				left, th := r.runScoped(t, tacs[i+1:], goals)
				note(t.pos, last(), goals, left, true, th != nil)
				return left, th
			}
		}
		before := goals
		var th *throw
		goals, th = r.run(t, goals)
		if th == nil && len(goals) > maxGoals {
			th = &throw{pos: t.pos, end: t.end, msg: maxRecDepthMsg}
		}
		note(t.pos, t.end, before, goals, true, th != nil)
		if th != nil {
			for _, u := range tacs[i+1:] {
				note(u.pos, u.end, nil, nil, false, false)
			}
			return goals, th
		}
	}
	return goals, nil
}

// maxGoals bounds the goals a proof may have open at once (all_goals by_cases … doubles
// them), so that no input makes the simulator run for long.
const maxGoals = 1024

func (r *proofRun) subParser(toks []token) *parser {
	return &parser{toks: toks, mathlib: r.mathlib()}
}

// run carries out one tactic.
func (r *proofRun) run(t *tacticSyntax, goals []*goal) ([]*goal, *throw) {
	h := t.head()
	name := tacticName(h)
	fail := func(format string, args ...any) ([]*goal, *throw) {
		return goals, &throw{pos: t.pos, end: t.end, msg: fmt.Sprintf(format, args...)}
	}
	if name == "(" && len(t.toks) >= 3 && t.toks[len(t.toks)-2].text == ")" {
		return r.runSeq(splitTactics(t.toks[1:len(t.toks)-2], -1), goals)
	}
	if left, right, ok := splitThen(t); ok {
		return r.runThen(t, left, right, goals)
	}
	if !simulated[name] && !(r.mathlib() && mathlibSimulated[name]) {
		return fail("leanprm-simulator: tactic '%s' is not simulated (this is a simulator, not Lean)", name)
	}
	args := t.toks[1:]
	if noArgTactics[name] && len(args) > 1 {
		return fail("leanprm-simulator: '%s' with arguments is not simulated (this is a simulator, not Lean)", name)
	}
	noGoals := func() ([]*goal, *throw) { return fail("No goals to be solved") }
	switch name {
	case "skip":
		return goals, nil
	case "done":
		if len(goals) > 0 {
			return fail("unsolved goals\n%s", r.ppGoals(goals))
		}
		return goals, nil
	case "all_goals":
		inner := splitTactics(args[:len(args)-1], -1)
		var out []*goal
		for _, g := range goals {
			gs, th := r.runSeq(inner, []*goal{g})
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
	with := func(gs ...*goal) []*goal { return append(gs, rest...) }
	switch name {
	case "sorry", "admit":
		r.addSorry(t.pos, t.end, g)
		return rest, nil
	case "subst_vars":
		return with(substVars(g)), nil
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
			r.addAxiom("Lean.ofReduceBool")
		case "norm_num":
			r.addAxiom("propext", "Classical.choice", "Quot.sound")
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
		ng := g.clone()
		ng.Target = &Node{Op: opFalse, Text: "False"}
		return with(ng), nil
	case "assumption":
		for i := len(g.Hyps) - 1; i >= 0; i-- {
			if h := g.Hyps[i]; h.Prop != nil && g.Target != nil && r.defeq(h.Prop, g.Target) {
				return rest, nil
			}
		}
		return fail("Tactic `assumption` failed\n\n%s", g.pp(r.mathlib()))
	case "contradiction":
		if r.contradiction(g) {
			return rest, nil
		}
		return fail("Tactic `contradiction` failed\n\n%s", g.pp(r.mathlib()))
	case "left", "right":
		if g.Target == nil || g.Target.Op != opOr {
			return fail("leanprm-simulator: '%s' on a goal that is not a disjunction is not simulated (this is a simulator, not Lean)", name)
		}
		ng := g.clone()
		ng.Tag = "h"
		ng.Target = g.Target.Kids[map[string]int{"left": 0, "right": 1}[name]].clone()
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
			if g.Ty == TypeNat || g.Ty == TypeUnit || g.Ty == TypeInt {
				return rest, nil // Nat.zero, Unit.unit, Int.ofNat …
			}
			return fail("tactic 'constructor' failed, target is not an inductive datatype\n%s", g.pp(r.mathlib()))
		}
		switch g.Target.Op {
		case opTrue:
			return rest, nil
		case opAnd:
			l, rr := g.clone(), g.clone()
			l.Tag, l.Target = "left", g.Target.Kids[0].clone()
			rr.Tag, rr.Target = "right", g.Target.Kids[1].clone()
			return with(l, rr), nil
		case opIff:
			l, rr := g.clone(), g.clone()
			l.Tag, l.Target = "mp", &Node{Op: opImp, Kids: []*Node{g.Target.Kids[0].clone(), g.Target.Kids[1].clone()}}
			rr.Tag, rr.Target = "mpr", &Node{Op: opImp, Kids: []*Node{g.Target.Kids[1].clone(), g.Target.Kids[0].clone()}}
			return with(l, rr), nil
		case opExists:
			return fail("leanprm-simulator: 'constructor' on ∃ is not simulated (this is a simulator, not Lean); give the witness with `exact ⟨w, proof⟩`")
		}
		return fail("tactic 'constructor' failed, target is not an inductive datatype\n%s", g.pp(r.mathlib()))
	case "by_cases":
		p := r.subParser(args)
		hname := "h✝"
		if p.peek().kind == tkIdent && p.toks[min(p.i+1, len(p.toks)-1)].text == ":" {
			hname = p.next().text
			p.next()
		}
		prop, err := p.expr(0, 0)
		if err != nil {
			return fail("%s", err.(*parseErr).msg)
		}
		sc := &scope{env: r.env, hyps: g.Hyps}
		if err := sc.elabProp(prop); err != nil {
			e := err.(*elabErr)
			return goals, &throw{pos: e.pos, end: e.end, msg: e.msg}
		}
		pos, neg := g.clone(), g.clone()
		pos.Tag, neg.Tag = "pos", "neg"
		pos.add(hyp{Name: hname, Prop: prop.clone()})
		neg.add(hyp{Name: hname, Prop: &Node{Op: opNot, Kids: []*Node{prop.clone()}}})
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
func (r *proofRun) runThen(t, left, right *tacticSyntax, goals []*goal) ([]*goal, *throw) {
	if len(goals) == 0 {
		return goals, throwAt(t, "No goals to be solved")
	}
	gs, th := r.run(left, goals[:1])
	if th != nil {
		return goals, th
	}
	var out []*goal
	for _, g := range gs {
		ng, th := r.run(right, []*goal{g})
		if th != nil {
			return goals, th
		}
		out = append(out, ng...)
	}
	return append(out, goals[1:]...), nil
}

func (r *proofRun) runCase(t *tacticSyntax, name string, goals []*goal) ([]*goal, *throw) {
	args := t.toks[1 : len(t.toks)-1]
	arrow := -1
	for i, a := range args {
		if a.text == "=>" {
			arrow = i
			break
		}
	}
	if arrow < 0 || arrow == len(args)-1 {
		return goals, &throw{pos: t.pos, end: t.end, msg: "unexpected end of input; expected '=>'"}
	}
	if len(goals) == 0 {
		return goals, &throw{pos: t.pos, end: t.end, msg: "No goals to be solved"}
	}
	idx := 0
	if name == "case" && arrow > 0 {
		tag := args[0].text
		idx = -1
		for i, g := range goals {
			if g.Tag == tag {
				idx = i
				break
			}
		}
		if idx < 0 {
			return goals, &throw{pos: args[0].pos, end: args[0].end, msg: fmt.Sprintf("Case tag `%s` not found.", tag)}
		}
	}
	body := args[arrow+1:]
	g := goals[idx].clone()
	g.Tag = ""
	left, th := r.runSeq(splitTactics(body, body[0].pos.Col), []*goal{g})
	if th != nil {
		return goals, th
	}
	if len(left) > 0 {
		return goals, &throw{pos: t.pos, end: t.end, msg: "unsolved goals\n" + r.ppGoals(left)}
	}
	out := append(append([]*goal{}, goals[:idx]...), goals[idx+1:]...)
	return out, nil
}

// runExact elaborates a term against the goal. As in Lean, an elaboration error is logged
// and the goal is closed with a synthetic sorry instead of aborting the tactic block
// (invalid_tactic transcript).
func (r *proofRun) runExact(t *tacticSyntax, g *goal, rest []*goal) ([]*goal, *throw) {
	p := r.subParser(t.toks[1:])
	term, err := p.expr(0, 0)
	if err == nil && p.peek().kind != tkEOF {
		err = unexpected(p.peek(), "")
	}
	if err != nil {
		pe := err.(*parseErr)
		return append([]*goal{g}, rest...), &throw{pos: pe.pos, end: pe.end, msg: pe.msg}
	}
	if e := r.checkTerm(term, g); e != nil {
		r.logError(e.pos, e.end, e.msg)
	}
	return rest, nil
}

// checkTerm elaborates a proof or value term against goal g. A `sorry` term records a sorry.
func (r *proofRun) checkTerm(term *Node, g *goal) *elabErr {
	sc := &scope{env: r.env, hyps: g.Hyps}
	mathlib := r.mathlib()
	if term.Op == opSorry {
		r.addSorry(term.Pos, term.End, g)
		return nil
	}
	if term.Op == opHole {
		return errAt(term, "don't know how to synthesize placeholder\ncontext:\n%s", g.pp(mathlib))
	}
	if g.Target == nil { // a value of a type
		if term.Op == opVar {
			if h, ok := sc.local(term.Text); ok && h.isVar() && h.Ty == g.Ty {
				return nil
			}
		}
		switch g.Ty {
		case TypeString, TypeChar:
			return r.checkText(term, g)
		}
		if err := sc.elabTermAt(term, g.Ty); err != nil {
			return err.(*elabErr)
		}
		return nil
	}
	return r.check(term, g.Target, g.Hyps, 0)
}

// checkText checks a String or Char value: a literal, or an interpolated string whose holes
// elaborate (they are code: a `sorry` there is not hidden by the quotes).
func (r *proofRun) checkText(term *Node, g *goal) *elabErr {
	sc := &scope{env: r.env, hyps: g.Hyps}
	want := map[Type]string{TypeString: opStr, TypeChar: opChar}[g.Ty]
	if term.Op != want {
		return errAt(term, "leanprm-simulator: this %s value is not simulated (this is a simulator, not Lean)", g.Ty.name(false))
	}
	for _, hole := range term.Kids {
		if hole.Op == opStr || hole.Op == opChar {
			continue
		}
		li := &leafInfo{}
		if err := sc.leaves(hole.clone(), li); err != nil {
			return err.(*elabErr)
		}
		t := li.max
		if t == TypeNone {
			t = TypeNat
		}
		if err := sc.elabTermAt(hole, t); err != nil {
			return err.(*elabErr)
		}
	}
	return nil
}

func typeOfType(h hyp) string {
	if h.Prop != nil {
		return "Prop"
	}
	return "Type"
}

// functions `apply` knows for value goals: argument type → result type.
var applyFunctions = map[string][2]Type{
	"Int.natAbs": {TypeInt, TypeNat},
	"Int.toNat":  {TypeInt, TypeNat},
	"Nat.succ":   {TypeNat, TypeNat},
	"Nat.pred":   {TypeNat, TypeNat},
	"Int.ofNat":  {TypeNat, TypeInt},
	"Int.neg":    {TypeInt, TypeInt},
}

func (r *proofRun) runApply(t *tacticSyntax, g *goal, rest []*goal) ([]*goal, *throw) {
	if g.Target != nil {
		return r.applyProof(t, g, rest)
	}
	if len(t.toks) != 3 || t.toks[1].kind != tkIdent {
		return append([]*goal{g}, rest...), &throw{pos: t.pos, end: t.end,
			msg: "leanprm-simulator: this use of 'apply' is not simulated (this is a simulator, not Lean)"}
	}
	fn := t.toks[1]
	sig, ok := applyFunctions[fn.text]
	if !ok {
		if _, local := (&scope{env: r.env, hyps: g.Hyps}).local(fn.text); !local && r.env.lookup(fn.text) == nil &&
			!strings.Contains(fn.text, ".") {
			r.logError(fn.pos, fn.end, fmt.Sprintf("Unknown identifier `%s`", fn.text))
			return rest, nil
		}
		return append([]*goal{g}, rest...), &throw{pos: t.pos, end: t.end,
			msg: "leanprm-simulator: this use of 'apply' is not simulated (this is a simulator, not Lean)"}
	}
	if g.Target != nil || g.Ty != sig[1] {
		return append([]*goal{g}, rest...), &throw{pos: t.pos, end: t.end, msg: fmt.Sprintf(
			"Tactic `apply` failed: could not unify the conclusion of `%s`\n  %s\nwith the goal\n  %s\n\n%s",
			fn.text, sig[1].name(r.mathlib()), g.targetString(r.mathlib()), g.pp(r.mathlib()))}
	}
	ng := g.clone()
	ng.Ty = sig[0]
	return append([]*goal{ng}, rest...), nil
}

// runHave handles `have [name] [: type] := term` and `… := by tactics`.
func (r *proofRun) runHave(t *tacticSyntax, g *goal, rest []*goal) ([]*goal, *throw) {
	keep := append([]*goal{g}, rest...)
	p := r.subParser(t.toks[1:])
	name := "this"
	if p.peek().kind == tkIdent {
		name = p.next().text
	}
	sc := &scope{env: r.env, hyps: g.Hyps}
	var sub *goal
	if p.isSym(":") {
		p.next()
		ty, err := p.expr(0, 0)
		if err != nil {
			pe := err.(*parseErr)
			return keep, &throw{pos: pe.pos, end: pe.end, msg: pe.msg}
		}
		sub = &goal{Hyps: g.clone().Hyps}
		if tt, ok := typeByName(ty.Text, r.mathlib()); ty.Op == opVar && ok {
			sub.Ty = tt
		} else {
			if err := sc.elabProp(ty); err != nil {
				e := err.(*elabErr)
				return keep, &throw{pos: e.pos, end: e.end, msg: e.msg}
			}
			sub.Target = ty
		}
	}
	if _, err := p.expectSym(":=", "':='"); err != nil {
		pe := err.(*parseErr)
		return keep, &throw{pos: pe.pos, end: pe.end, msg: pe.msg}
	}
	if p.isSym("by") {
		if sub == nil {
			return keep, &throw{pos: t.pos, end: t.end, msg: "leanprm-simulator: `have` without a type is not simulated with `by` (this is a simulator, not Lean)"}
		}
		byTok := p.next()
		body := p.toks[p.i : len(p.toks)-1]
		if len(body) == 0 {
			r.logError(byTok.pos, byTok.end, "unsolved goals\n"+sub.pp(r.mathlib()))
		} else {
			left, th := r.runSeq(splitTactics(body, body[0].pos.Col), []*goal{sub})
			if th != nil {
				return keep, th
			}
			if len(left) > 0 {
				r.logError(byTok.pos, body[len(body)-1].end, "unsolved goals\n"+r.ppGoals(left))
			}
		}
	} else {
		term, err := p.expr(0, 0)
		if err == nil && p.peek().kind != tkEOF {
			err = unexpected(p.peek(), "")
		}
		if err != nil {
			pe := err.(*parseErr)
			return keep, &throw{pos: pe.pos, end: pe.end, msg: pe.msg}
		}
		if sub == nil && isProofTerm(term, sc) { // a proof: its proposition is the type
			prop, e := r.infer(term, sc, nil, 0)
			if e != nil {
				return keep, throwOf(e)
			}
			sub = &goal{Hyps: g.clone().Hyps, Target: prop}
		}
		if sub == nil { // the type comes from the value
			li := &leafInfo{}
			if err := sc.leaves(term, li); err != nil {
				e := err.(*elabErr)
				return keep, &throw{pos: e.pos, end: e.end, msg: e.msg}
			}
			ty := li.max
			if ty == TypeNone {
				ty = TypeNat
			}
			sub = &goal{Hyps: g.clone().Hyps, Ty: ty}
		}
		if e := r.checkTerm(term, sub); e != nil {
			r.logError(e.pos, e.end, e.msg)
		}
	}
	ng := g.clone()
	h := hyp{Name: name, Ty: sub.Ty}
	if sub.Target != nil {
		h = hyp{Name: name, Prop: sub.Target}
	}
	ng.add(h)
	return append([]*goal{ng}, rest...), nil
}

// isProofTerm tells a proof from a value when `have` has no type: a hypothesis or a
// theorem, possibly applied or projected.
func isProofTerm(term *Node, sc *scope) bool {
	name := term.Text
	switch term.Op {
	case opProj:
		return isProofTerm(term.Kids[0], sc)
	case opVar, opApp:
	default:
		return false
	}
	base, _, _ := strings.Cut(name, ".")
	if h, ok := sc.local(base); ok {
		return h.Prop != nil
	}
	if d := sc.env.lookup(name); d != nil {
		return d.Stmt != nil
	}
	if _, ok := lookupLemma(name, sc.env.Opens); ok {
		return true
	}
	_, _, isFunc := sc.lookupFunc(name)
	return !isFunc && strings.Contains(name, ".")
}

// applyProof is `apply e` on a proposition: e's statement is instantiated with
// metavariables for its ∀ parameters until its conclusion unifies with the goal; the → premises
// not yet proved become new goals.
func (r *proofRun) applyProof(t *tacticSyntax, g *goal, rest []*goal) ([]*goal, *throw) {
	keep := append([]*goal{g}, rest...)
	p := r.subParser(t.toks[1:])
	term, err := p.expr(0, 0)
	if err == nil && p.peek().kind != tkEOF {
		err = unexpected(p.peek(), "")
	}
	if err != nil {
		return keep, throwOfParse(err)
	}
	sc := &scope{env: r.env, hyps: g.Hyps}
	ty, e := r.infer(term, sc, nil, 0)
	if e != nil {
		return keep, throwOf(e)
	}
	var premises []*Node
	mv := map[string]*Node{}
	cur := ty
	for step := 0; step <= maxTacticNesting; step++ {
		if trial := mvCopy(mv, map[string]*Node{}); r.unify(cur, g.Target, trial) {
			var out []*goal
			for _, pr := range premises {
				pr = substMVars(pr, trial)
				if hasMVar(pr) {
					return keep, notSimulatedTactic(t, "an 'apply' that leaves metavariables")
				}
				ng := g.clone()
				ng.Target = pr
				out = append(out, ng)
			}
			return append(out, rest...), nil
		}
		c := cur.transparent()
		switch c.Op {
		case opForall:
			vars, body := c.bound()
			val := r.newMVar(vars[0], mv)
			if len(vars) > 1 {
				body = &Node{Op: opForall, Kids: append(append([]*Node{}, vars[1:]...), body)}
			}
			cur = replaceVar(body, vars[0].Text, val)
			continue
		case opImp:
			premises = append(premises, c.Kids[0])
			cur = c.Kids[1]
			continue
		}
		break
	}
	return keep, throwAt(t, "Tactic `apply` failed: could not unify the conclusion of `%s`\n  %s\nwith the goal\n  %s\n\n%s",
		term.pp(), ty.pp(), g.Target.pp(), g.pp(r.mathlib()))
}

// axiomList orders the axioms a proof used as `#print axioms` usually shows them: propext,
// sorryAx, Classical.choice, Quot.sound, then the others by name. (Recent Lean sorts the list
// by name; its order is not checked here, and clients must not depend on it.)
func (r *proofRun) axiomList() []string {
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
