package repl

import (
	"strconv"
	"strings"
)

// Proof terms: what `exact`, `have … :=`, `obtain … :=`, `apply`, `rw [...]` and term-mode
// proofs elaborate. A proof term is checked against the proposition it must prove (check) or
// its proposition is computed (infer). Propositions are compared up to bound-variable names,
// non-casting ascriptions, the unfoldings of ≥ > ≠ ¬ and the values of closed Nat and Int
// terms (which Lean's definitional unfolding computes); nothing else is assumed.

func notSimulatedTerm(n *Node) *elabErr {
	return errAt(n, "leanprm-simulator: this proof term is not simulated (this is a simulator, not Lean)")
}

func (r *proofRun) addAxiom(names ...string) {
	if r.axioms == nil {
		r.axioms = map[string]bool{}
	}
	for _, a := range names {
		r.axioms[a] = true
	}
}

// check elaborates term as a proof of want (an elaborated proposition) in context hyps.
// Sorries, axioms and errors of nested tactic blocks are recorded on r.
func (r *proofRun) check(term *Node, want *Node, hyps []hyp, depth int) *elabErr {
	if depth > maxTacticNesting {
		return errAt(term, "%s", maxRecDepthMsg)
	}
	sc := &scope{env: r.env, hyps: hyps}
	g := &goal{Hyps: hyps, Target: want}
	mathlib := r.mathlib()
	switch term.Op {
	case opSorry:
		r.addSorry(term.Pos, term.End, g)
		return nil
	case opHole:
		return errAt(term, "don't know how to synthesize placeholder\ncontext:\n%s", g.pp(mathlib))
	case opAnon:
		return r.checkAnon(term, want, hyps, depth)
	case opFun:
		return r.checkFun(term, want, hyps, depth)
	case opBy:
		r.runBlock(term, g)
		return nil
	case opVar:
		switch term.Text {
		case "rfl":
			if msg := r.rflCheck(g); msg != "" {
				return errAt(term, "%s", msg)
			}
			return nil
		case "trivial", "True.intro":
			if want.Op == opTrue {
				return nil
			}
		}
		if h, ok := sc.local(term.Text); ok && !strings.Contains(term.Text, ".") {
			if h.Prop != nil && r.defeq(h.Prop, want) {
				return nil
			}
			return errAt(term, "type mismatch\n  %s\nhas type\n  %s : %s\nbut is expected to have type\n  %s : Prop",
				term.Text, h.typeString(mathlib), typeOfType(h), want.pp())
		}
	}
	got, err := r.infer(term, sc, want, depth)
	if err != nil {
		return err
	}
	if !r.defeq(got, want) {
		return errAt(term, "type mismatch\n  %s\nhas type\n  %s : Prop\nbut is expected to have type\n  %s : Prop",
			term.pp(), got.pp(), want.pp())
	}
	return nil
}

// runBlock runs a `by` block inside a term on goal g. As in Lean, its failures are logged
// (the term then stands for a sorry) rather than thrown.
func (r *proofRun) runBlock(term *Node, g *goal) {
	toks := term.block
	if len(toks) < 2 {
		r.logError(term.Pos, term.End, "unsolved goals\n"+g.pp(r.mathlib()))
		return
	}
	tacs := splitTactics(toks[:len(toks)-1], toks[0].pos.Col)
	for _, t := range tacs {
		if err := validateTactic(t, r.mathlib()); err != nil {
			r.logError(err.pos, err.end, err.msg)
			return
		}
	}
	left, th := r.runSeq(tacs, []*goal{g.clone()})
	switch {
	case th != nil:
		r.logError(th.pos, th.end, th.msg)
	case len(left) > 0:
		r.logError(term.Pos, term.End, "unsolved goals\n"+r.ppGoals(left))
	}
}

// checkAnon checks ⟨a, b, …⟩ against ∧, ↔, ∃ and True; extra components nest to the right.
func (r *proofRun) checkAnon(term *Node, want *Node, hyps []hyp, depth int) *elabErr {
	w := want.transparent()
	parts := term.Kids
	rest := func() *Node {
		if len(parts) == 2 {
			return parts[1]
		}
		return &Node{Op: opAnon, Kids: parts[1:], Pos: parts[1].Pos, End: term.End}
	}
	switch {
	case w.Op == opTrue && len(parts) == 0:
		return nil
	case (w.Op == opAnd || w.Op == opIff || w.Op == opExists) && len(parts) >= 2:
	default:
		return errAt(term, "invalid constructor ⟨...⟩, expected type must be an inductive type with only one constructor \n  %s", want.pp())
	}
	switch w.Op {
	case opAnd:
		if err := r.check(parts[0], w.Kids[0], hyps, depth+1); err != nil {
			return err
		}
		return r.check(rest(), w.Kids[1], hyps, depth+1)
	case opIff:
		if len(parts) != 2 {
			return errAt(term, "invalid constructor ⟨...⟩, insufficient number of arguments")
		}
		mp := &Node{Op: opImp, Kids: []*Node{w.Kids[0], w.Kids[1]}}
		mpr := &Node{Op: opImp, Kids: []*Node{w.Kids[1], w.Kids[0]}}
		if err := r.check(parts[0], mp, hyps, depth+1); err != nil {
			return err
		}
		return r.check(parts[1], mpr, hyps, depth+1)
	}
	// ∃ x, P: the first component is the witness.
	vars, body := w.bound()
	sc := &scope{env: r.env, hyps: hyps}
	wit := parts[0].clone()
	if err := sc.elabTermAt(wit, vars[0].Asc); err != nil {
		return err.(*elabErr)
	}
	inner := body
	if len(vars) > 1 {
		inner = &Node{Op: opExists, Kids: append(append([]*Node{}, vars[1:]...), body)}
	}
	return r.check(rest(), replaceVar(inner, vars[0].Text, wit), hyps, depth+1)
}

// checkFun checks `fun x y => body` against ∀, → and ¬.
func (r *proofRun) checkFun(term *Node, want *Node, hyps []hyp, depth int) *elabErr {
	vars, body := term.bound()
	ctx := &goal{Hyps: append([]hyp(nil), hyps...), Target: want}
	for _, v := range vars {
		w := ctx.Target.transparent()
		switch {
		case w.Op == opForall:
			w = ctx.shadow(v.Text)(w) // the whole ∀: its own variable stays bound
			bv, bbody := w.bound()
			if v.Asc != TypeNone && v.Asc != bv[0].Asc {
				return errAt(v, "type mismatch: the binder %s has type %s, but the expected type is %s",
					v.Text, v.Asc.name(r.mathlib()), bv[0].Asc.name(r.mathlib()))
			}
			if len(bv) > 1 {
				bbody = &Node{Op: opForall, Kids: append(append([]*Node{}, bv[1:]...), bbody)}
			}
			ctx.Hyps = append(ctx.Hyps, hyp{Name: v.Text, Ty: bv[0].Asc})
			ctx.Target = replaceVar(bbody, bv[0].Text, &Node{Op: opVar, Text: v.Text, Asc: bv[0].Asc, Ty: bv[0].Asc})
		case w.Op == opImp:
			ctx.Target = w.Kids[1]
			ctx.add(hyp{Name: v.Text, Prop: w.Kids[0].clone()})
		case w.Op == opNot:
			ctx.Target = &Node{Op: opFalse, Text: "False"}
			ctx.add(hyp{Name: v.Text, Prop: w.Kids[0].clone()})
		default:
			return errAt(term, "type mismatch\n  %s\nhas a function type, but is expected to have type\n  %s", term.pp(), ctx.Target.pp())
		}
	}
	return r.check(body, ctx.Target, ctx.Hyps, depth+1)
}

// infer computes the proposition a proof term proves. want, when known, resolves the
// metavariables of applications (Or.inl h needs to know the other side).
func (r *proofRun) infer(term *Node, sc *scope, want *Node, depth int) (*Node, *elabErr) {
	if depth > maxTacticNesting {
		return nil, errAt(term, "%s", maxRecDepthMsg)
	}
	switch term.Op {
	case opVar:
		return r.inferName(term, term.Text, sc, want)
	case opProj:
		base, err := r.infer(term.Kids[0], sc, nil, depth+1)
		if err != nil {
			return nil, err
		}
		return r.project(term, base, term.Text, want)
	case opApp:
		head := &Node{Op: opVar, Text: term.Text, Pos: term.Pos, End: term.Pos}
		if term.Text == "Eq.symm" || term.Text == "Ne.symm" {
			if len(term.Kids) != 1 {
				return nil, notSimulatedTerm(term)
			}
			base, err := r.infer(term.Kids[0], sc, nil, depth+1)
			if err != nil {
				return nil, err
			}
			return r.project(term, base, "symm", want)
		}
		ty, err := r.inferName(head, term.Text, sc, nil)
		if err != nil {
			return nil, err
		}
		return r.instantiate(term, ty, term.Kids, sc, want, depth)
	case opAscr:
		if len(term.Kids) != 2 {
			return nil, notSimulatedTerm(term)
		}
		p := term.Kids[1].clone()
		if err := sc.elabProp(p); err != nil {
			return nil, err.(*elabErr)
		}
		if err := r.check(term.Kids[0], p, sc.hyps, depth+1); err != nil {
			return nil, err
		}
		return p, nil
	case opSorry, opAnon, opFun, opBy:
		if want != nil {
			if err := r.check(term, want, sc.hyps, depth+1); err != nil {
				return nil, err
			}
			return want, nil
		}
		return nil, errAt(term, "leanprm-simulator: the type of this proof term cannot be inferred here (this is a simulator, not Lean)")
	}
	return nil, notSimulatedTerm(term)
}

// inferName resolves a name used as a proof: a hypothesis, a field of one (h.1, h.left,
// h.elim, h.symm, h.mp), a theorem or axiom of the environment, or a library lemma.
func (r *proofRun) inferName(at *Node, name string, sc *scope, want *Node) (*Node, *elabErr) {
	if h, ok := sc.local(name); ok {
		if h.Prop == nil {
			return nil, errAt(at, "type mismatch\n  %s\nis a value of type %s, not a proof", name, h.typeString(r.mathlib()))
		}
		return h.Prop.clone(), nil
	}
	if p, ok := r.constant(name); ok {
		return p, nil
	}
	// A field of a hypothesis or constant: split at the last dot that leaves a known base.
	for i := strings.LastIndexByte(name, '.'); i > 0; i = strings.LastIndexByte(name[:i], '.') {
		base, field := name[:i], name[i+1:]
		var ty *Node
		if h, ok := sc.local(base); ok && h.Prop != nil {
			ty = h.Prop.clone()
		} else if p, ok := r.constant(base); ok {
			ty = p
		} else {
			continue
		}
		for _, f := range strings.Split(field, ".") {
			var err *elabErr
			if ty, err = r.project(at, ty, f, want); err != nil {
				return nil, err
			}
		}
		return ty, nil
	}
	if _, ok := sc.local(strings.Split(name, ".")[0]); ok {
		return nil, notSimulatedTerm(at)
	}
	if sc.env.lookup(name) != nil {
		return nil, errAt(at, "leanprm-simulator: `%s` is not a proof the simulator knows (this is a simulator, not Lean)", name)
	}
	return nil, unknownIdent(at)
}

// constant returns the statement of a theorem or axiom of the environment, or of a library
// lemma, and records the axioms it depends on.
func (r *proofRun) constant(name string) (*Node, bool) {
	if d := r.env.lookup(name); d != nil && d.Stmt != nil {
		r.addAxiom(d.Axioms...)
		return d.Stmt.clone(), true
	}
	if l, ok := lookupLemma(name, r.env.Opens); ok {
		r.addAxiom(l.axioms...)
		return l.stmt.clone(), true
	}
	return nil, false
}

// project applies a field to a proof of base: .1/.left/.2/.right of ∧, .mp/.mpr/.1/.2 of ↔,
// .symm of = and ≠, .elim of False (which proves want).
func (r *proofRun) project(at *Node, base *Node, field string, want *Node) (*Node, *elabErr) {
	b := base.transparent()
	switch {
	case b.Op == opAnd && (field == "1" || field == "left"):
		return b.Kids[0], nil
	case b.Op == opAnd && (field == "2" || field == "right"):
		return b.Kids[1], nil
	case b.Op == opIff && (field == "1" || field == "mp"):
		return &Node{Op: opImp, Kids: []*Node{b.Kids[0], b.Kids[1]}}, nil
	case b.Op == opIff && (field == "2" || field == "mpr"):
		return &Node{Op: opImp, Kids: []*Node{b.Kids[1], b.Kids[0]}}, nil
	case (b.Op == "=" || b.Op == "≠") && field == "symm":
		return &Node{Op: b.Op, Kids: []*Node{b.Kids[1], b.Kids[0]}}, nil
	case b.Op == opFalse && field == "elim":
		if want == nil {
			return nil, errAt(at, "leanprm-simulator: the type of this proof term cannot be inferred here (this is a simulator, not Lean)")
		}
		return want, nil
	}
	return nil, errAt(at, "leanprm-simulator: the field `%s` of a proof of\n  %s\nis not simulated (this is a simulator, not Lean)", field, base.pp())
}

// instantiate applies a proof of ty (∀ and → chains) to args. Explicit ∀ binders take
// values (`_` leaves a metavariable), implicit ones always get a metavariable, → premises
// take proofs, which are checked once the result has been unified with want.
func (r *proofRun) instantiate(at *Node, ty *Node, args []*Node, sc *scope, want *Node, depth int) (*Node, *elabErr) {
	mv := map[string]*Node{}
	type premise struct{ arg, prop *Node }
	var pending []premise
	cur := ty
	for i := 0; ; {
		cur = cur.transparent()
		if cur.Op == opForall {
			vars, body := cur.bound()
			v := vars[0]
			var val *Node
			explicit := !v.Impl
			if explicit && i == len(args) {
				break
			}
			if !explicit || args[i].Op == opHole {
				val = r.newMVar(v, mv)
			} else {
				val = args[i].clone()
				var err error
				if v.Asc == TypeProp {
					err = sc.elabProp(val)
				} else {
					err = sc.elabTermAt(val, v.Asc)
				}
				if err != nil {
					return nil, err.(*elabErr)
				}
			}
			if explicit {
				i++
			}
			if len(vars) > 1 {
				body = &Node{Op: opForall, Kids: append(append([]*Node{}, vars[1:]...), body)}
			}
			cur = replaceVar(body, v.Text, val)
			continue
		}
		if i == len(args) {
			break
		}
		switch cur.Op {
		case opImp:
			pending = append(pending, premise{args[i], cur.Kids[0]})
			cur = cur.Kids[1]
		case opNot:
			pending = append(pending, premise{args[i], cur.Kids[0]})
			cur = &Node{Op: opFalse, Text: "False"}
		default:
			return nil, errAt(args[i], "function expected\n  %s\nhas type\n  %s", at.pp(), ty.pp())
		}
		i++
	}
	if want != nil {
		if s := map[string]*Node{}; r.unify(cur, want, mvCopy(mv, s)) {
			mv = s
		} else {
			return nil, errAt(at, "type mismatch\n  %s\nhas type\n  %s : Prop\nbut is expected to have type\n  %s : Prop",
				at.pp(), substMVars(cur, mv).pp(), want.pp())
		}
	}
	cur = substMVars(cur, mv)
	for _, p := range pending {
		prop := substMVars(p.prop, mv)
		if hasMVar(prop) && p.arg.Op != opHole {
			// The argument's own proposition fixes the rest, as Lean's elaborator
			// unifies an argument's type with the parameter's.
			if got, e := r.infer(p.arg, sc, nil, depth+1); e == nil && r.unify(prop, got, mv) {
				prop, cur = substMVars(p.prop, mv), substMVars(cur, mv)
			}
		}
		if hasMVar(prop) {
			return nil, errAt(p.arg, "don't know how to synthesize implicit argument\n  %s", prop.pp())
		}
		if err := r.check(p.arg, prop, sc.hyps, depth+1); err != nil {
			return nil, err
		}
	}
	if hasMVar(cur) {
		return nil, errAt(at, "don't know how to synthesize placeholder for the application\n  %s", at.pp())
	}
	return cur, nil
}

// newMVar makes a metavariable for binder v.
func (r *proofRun) newMVar(v *Node, mv map[string]*Node) *Node {
	r.mvars++
	name := v.Text + "✝" + strconv.Itoa(r.mvars)
	mv[name] = nil
	return &Node{Op: opMVar, Text: name, Asc: v.Asc, Ty: v.Asc}
}

func mvCopy(from, to map[string]*Node) map[string]*Node {
	for k, v := range from {
		to[k] = v
	}
	return to
}

func hasMVar(n *Node) bool {
	if n.Op == opMVar {
		return true
	}
	for _, k := range n.Kids {
		if hasMVar(k) {
			return true
		}
	}
	return false
}

// substMVars replaces assigned metavariables.
func substMVars(n *Node, mv map[string]*Node) *Node {
	if n.Op == opMVar {
		if v := mv[n.Text]; v != nil {
			c := v.clone()
			if n.Ty != TypeNone && n.Ty != TypeProp && c.Ty != TypeNone {
				c.Ty = n.Ty
			}
			return c
		}
		return n
	}
	if len(n.Kids) == 0 {
		return n
	}
	c := *n
	c.Kids = make([]*Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = substMVars(k, mv)
	}
	return &c
}

// defeq compares two elaborated propositions (no metavariables).
func (r *proofRun) defeq(a, b *Node) bool { return r.unify(a, b, map[string]*Node{}) }

// normRel rewrites the notations Lean unfolds by reducible definitions: a ≥ b is b ≤ a,
// a > b is b < a, a ≠ b is ¬(a = b), ¬P is P → False.
func normRel(n *Node) *Node {
	switch n.Op {
	case "≥":
		return &Node{Op: "≤", Kids: []*Node{n.Kids[1], n.Kids[0]}, Pos: n.Pos, End: n.End}
	case ">":
		return &Node{Op: "<", Kids: []*Node{n.Kids[1], n.Kids[0]}, Pos: n.Pos, End: n.End}
	case "≠":
		return &Node{Op: opNot, Kids: []*Node{{Op: "=", Kids: n.Kids}}, Pos: n.Pos, End: n.End}
	case opNot:
		return &Node{Op: opImp, Kids: []*Node{n.Kids[0], {Op: opFalse, Text: "False"}}, Pos: n.Pos, End: n.End}
	}
	return n
}

// unify matches pattern p (which may hold metavariables) against t, assigning mv.
func (r *proofRun) unify(p, t *Node, mv map[string]*Node) bool {
	return r.unifyDepth(p, t, mv, 0)
}

func (r *proofRun) unifyDepth(p, t *Node, mv map[string]*Node, depth int) bool {
	if depth > maxTermDepth {
		return false
	}
	p, t = p.transparent(), t.transparent()
	if p.Op == opMVar {
		if v, ok := mv[p.Text]; ok {
			if v != nil {
				return r.unifyDepth(v, t, mv, depth+1)
			}
			isProp := t.Ty == TypeNone && !isTermOp(t.Op)
			if (p.Asc == TypeProp) != isProp && p.Asc != TypeNone {
				return false
			}
			if p.Asc != TypeProp && p.Asc != TypeNone && t.Ty != p.Ty {
				return false
			}
			mv[p.Text] = t.clone()
			return true
		}
	}
	if p.Op != t.Op {
		np, nt := normRel(p), normRel(t)
		if np != p || nt != t {
			return r.unifyDepth(np, nt, mv, depth+1)
		}
		if succ, ok := succAsAdd(p); ok {
			return r.unifyDepth(succ, t, mv, depth+1)
		}
		if succ, ok := succAsAdd(t); ok {
			return r.unifyDepth(p, succ, mv, depth+1)
		}
		return r.sameValue(p, t, mv)
	}
	if isBinder(p.Op) {
		pv, pb := p.bound()
		tv, tb := t.bound()
		if len(pv) != len(tv) {
			return false
		}
		for i := range pv {
			if pv[i].Asc != tv[i].Asc && pv[i].Asc != TypeNone && tv[i].Asc != TypeNone {
				return false
			}
			if pv[i].Text != tv[i].Text {
				tb = replaceVar(tb, tv[i].Text, &Node{Op: opVar, Text: pv[i].Text, Asc: pv[i].Asc, Ty: pv[i].Asc})
			}
		}
		return r.unifyDepth(pb, tb, mv, depth+1)
	}
	if p.Text != t.Text || len(p.Kids) != len(t.Kids) || (p.Op == opAscr && p.Asc != t.Asc) ||
		(isTermOp(p.Op) && p.Ty != t.Ty && p.Ty != TypeNone && t.Ty != TypeNone) {
		return r.sameValue(p, t, mv)
	}
	saved := mvCopy(mv, map[string]*Node{})
	for i := range p.Kids {
		if !r.unifyDepth(p.Kids[i], t.Kids[i], mv, depth+1) {
			for k := range mv {
				mv[k] = saved[k]
			}
			return r.sameValue(p, t, mv)
		}
	}
	return true
}

// succAsAdd reads `Nat.succ x` as `x + 1`, which Lean unfolds it to.
func succAsAdd(n *Node) (*Node, bool) {
	if n.Op != opApp || n.Text != "Nat.succ" || len(n.Kids) != 1 || n.casts() {
		return nil, false
	}
	return &Node{Op: "+", Ty: n.Ty, Kids: []*Node{n.Kids[0], {Op: opNum, Text: "1", Ty: n.Ty}}, Pos: n.Pos, End: n.End}, true
}

// isTermOp reports node kinds that are terms (values), not propositions.
func isTermOp(op string) bool {
	switch op {
	case opNum, opDec, opAscr, opNeg, opInv, "+", "-", "*", "/", "%", "^", opApp, opStr, opChar:
		return true
	}
	return false
}

// sameValue is the last resort of unification: two closed Nat or Int terms of literal
// arithmetic with equal values are definitionally equal (Lean evaluates literal arithmetic
// on these types). Terms with names are not evaluated: a local variable may shadow a
// definition of the same name.
func (r *proofRun) sameValue(p, t *Node, mv map[string]*Node) bool {
	if !isTermOp(p.Op) || !isTermOp(t.Op) {
		return false
	}
	p = substMVars(p, mv)
	if hasMVar(p) || hasName(p) || hasName(t) || p.Ty != t.Ty || (p.Ty != TypeNat && p.Ty != TypeInt) {
		return false
	}
	ev := &evaluator{sc: &scope{env: r.env}, maxExp: elabExponentThreshold}
	a, errA := ev.term(p)
	b, errB := ev.term(t)
	return errA == nil && errB == nil && ev.bigExp == nil && a.Cmp(b) == 0
}

// hasName reports a variable or constant anywhere in n.
func hasName(n *Node) bool {
	if n.Op == opVar {
		return true
	}
	for _, k := range n.Kids {
		if hasName(k) {
			return true
		}
	}
	return false
}
