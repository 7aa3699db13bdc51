package tactic

import (
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// Proof terms: what `exact`, `have … :=`, `obtain … :=`, `apply`, `rw [...]` and term-mode
// proofs elaborate. A proof term is checked against the proposition it must prove (check) or
// its proposition is computed (infer). Propositions are compared up to bound-variable names,
// non-casting ascriptions, the unfoldings of ≥ > ≠ ¬ and the values of closed Nat and Int
// terms (which Lean's definitional unfolding computes); nothing else is assumed.

func notSimulatedTerm(n *syntax.Node) *elab.Error {
	return elab.ErrAt(n, "leanprm-simulator: this proof term is not simulated (this is a simulator, not Lean)")
}

func (r *ProofRun) AddAxiom(names ...string) {
	if r.axioms == nil {
		r.axioms = map[string]bool{}
	}
	for _, a := range names {
		r.axioms[a] = true
	}
}

// check elaborates term as a proof of want (an elaborated proposition) in context hyps.
// Sorries, axioms and errors of nested tactic blocks are recorded on r.
func (r *ProofRun) check(term *syntax.Node, want *syntax.Node, hyps []elab.Hyp, depth int) *elab.Error {
	if depth > syntax.MaxTacticNesting {
		return elab.ErrAt(term, "%s", syntax.MaxRecDepthMsg)
	}
	sc := &elab.Scope{Env: r.Env, Hyps: hyps}
	g := &elab.Goal{Hyps: hyps, Target: want}
	mathlib := r.mathlib()
	switch term.Op {
	case syntax.OpSorry:
		r.addSorry(term.Pos, term.End, g)
		return nil
	case syntax.OpHole:
		return elab.ErrAt(term, "don't know how to synthesize placeholder\ncontext:\n%s", g.Pretty(mathlib))
	case syntax.OpAnon:
		return r.checkAnon(term, want, hyps, depth)
	case syntax.OpFun:
		return r.checkFun(term, want, hyps, depth)
	case syntax.OpBy:
		r.runBlock(term, g)
		return nil
	case syntax.OpVar:
		switch term.Text {
		case "rfl":
			if msg := r.rflCheck(g); msg != "" {
				return elab.ErrAt(term, "%s", msg)
			}
			return nil
		case "trivial", "True.intro":
			if want.Op == syntax.OpTrue {
				return nil
			}
		}
		if h, ok := sc.Local(term.Text); ok && !strings.Contains(term.Text, ".") {
			if h.Prop != nil && r.defeq(h.Prop, want) {
				return nil
			}
			return elab.ErrAt(term, "type mismatch\n  %s\nhas type\n  %s : %s\nbut is expected to have type\n  %s : Prop",
				term.Text, h.TypeString(mathlib), typeOfType(h), want.Pretty())
		}
	}
	got, err := r.infer(term, sc, want, depth)
	if err != nil {
		return err
	}
	if !r.defeq(got, want) {
		return elab.ErrAt(term, "type mismatch\n  %s\nhas type\n  %s : Prop\nbut is expected to have type\n  %s : Prop",
			term.Pretty(), got.Pretty(), want.Pretty())
	}
	return nil
}

// runBlock runs a `by` block inside a term on goal g. As in Lean, its failures are logged
// (the term then stands for a sorry) rather than thrown.
func (r *ProofRun) runBlock(term *syntax.Node, g *elab.Goal) {
	toks := term.Block
	if len(toks) < 2 {
		r.LogError(term.Pos, term.End, "unsolved goals\n"+g.Pretty(r.mathlib()))
		return
	}
	tacs := syntax.SplitTactics(toks[:len(toks)-1], toks[0].Pos.Col)
	for _, t := range tacs {
		if err := syntax.ValidateTactic(t, r.mathlib()); err != nil {
			r.LogError(err.Pos, err.End, err.Msg)
			return
		}
	}
	left, th := r.RunSeq(tacs, []*elab.Goal{g.Clone()})
	switch {
	case th != nil:
		r.LogError(th.Pos, th.End, th.Msg)
	case len(left) > 0:
		r.LogError(term.Pos, term.End, "unsolved goals\n"+r.PrettyGoals(left))
	}
}

// checkAnon checks ⟨a, b, …⟩ against ∧, ↔, ∃ and True; extra components nest to the right.
func (r *ProofRun) checkAnon(term *syntax.Node, want *syntax.Node, hyps []elab.Hyp, depth int) *elab.Error {
	w := want.Transparent()
	parts := term.Kids
	rest := func() *syntax.Node {
		if len(parts) == 2 {
			return parts[1]
		}
		return &syntax.Node{Op: syntax.OpAnon, Kids: parts[1:], Pos: parts[1].Pos, End: term.End}
	}
	switch {
	case w.Op == syntax.OpTrue && len(parts) == 0:
		return nil
	case (w.Op == syntax.OpAnd || w.Op == syntax.OpIff || w.Op == syntax.OpExists) && len(parts) >= 2:
	default:
		return elab.ErrAt(term, "invalid constructor ⟨...⟩, expected type must be an inductive type with only one constructor \n  %s", want.Pretty())
	}
	switch w.Op {
	case syntax.OpAnd:
		if err := r.check(parts[0], w.Kids[0], hyps, depth+1); err != nil {
			return err
		}
		return r.check(rest(), w.Kids[1], hyps, depth+1)
	case syntax.OpIff:
		if len(parts) != 2 {
			return elab.ErrAt(term, "invalid constructor ⟨...⟩, insufficient number of arguments")
		}
		mp := &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{w.Kids[0], w.Kids[1]}}
		mpr := &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{w.Kids[1], w.Kids[0]}}
		if err := r.check(parts[0], mp, hyps, depth+1); err != nil {
			return err
		}
		return r.check(parts[1], mpr, hyps, depth+1)
	}
	// ∃ x, P: the first component is the witness.
	vars, body := w.Bound()
	sc := &elab.Scope{Env: r.Env, Hyps: hyps}
	wit := parts[0].Clone()
	if err := sc.ElabTermAt(wit, vars[0].Asc); err != nil {
		return err.(*elab.Error)
	}
	inner := body
	if len(vars) > 1 {
		inner = &syntax.Node{Op: syntax.OpExists, Kids: append(append([]*syntax.Node{}, vars[1:]...), body)}
	}
	return r.check(rest(), syntax.ReplaceVar(inner, vars[0].Text, wit), hyps, depth+1)
}

// checkFun checks `fun x y => body` against ∀, → and ¬.
func (r *ProofRun) checkFun(term *syntax.Node, want *syntax.Node, hyps []elab.Hyp, depth int) *elab.Error {
	vars, body := term.Bound()
	ctx := &elab.Goal{Hyps: append([]elab.Hyp(nil), hyps...), Target: want}
	for _, v := range vars {
		w := ctx.Target.Transparent()
		switch {
		case w.Op == syntax.OpForall:
			w = ctx.Shadow(v.Text)(w) // the whole ∀: its own variable stays bound
			bv, bbody := w.Bound()
			if v.Asc != syntax.TypeNone && v.Asc != bv[0].Asc {
				return elab.ErrAt(v, "type mismatch: the binder %s has type %s, but the expected type is %s",
					v.Text, v.Asc.Name(r.mathlib()), bv[0].Asc.Name(r.mathlib()))
			}
			if len(bv) > 1 {
				bbody = &syntax.Node{Op: syntax.OpForall, Kids: append(append([]*syntax.Node{}, bv[1:]...), bbody)}
			}
			ctx.Hyps = append(ctx.Hyps, elab.Hyp{Name: v.Text, Ty: bv[0].Asc})
			ctx.Target = syntax.ReplaceVar(bbody, bv[0].Text, &syntax.Node{Op: syntax.OpVar, Text: v.Text, Asc: bv[0].Asc, Ty: bv[0].Asc})
		case w.Op == syntax.OpImp:
			ctx.Target = w.Kids[1]
			ctx.Add(elab.Hyp{Name: v.Text, Prop: w.Kids[0].Clone()})
		case w.Op == syntax.OpNot:
			ctx.Target = &syntax.Node{Op: syntax.OpFalse, Text: "False"}
			ctx.Add(elab.Hyp{Name: v.Text, Prop: w.Kids[0].Clone()})
		default:
			return elab.ErrAt(term, "type mismatch\n  %s\nhas a function type, but is expected to have type\n  %s", term.Pretty(), ctx.Target.Pretty())
		}
	}
	return r.check(body, ctx.Target, ctx.Hyps, depth+1)
}

// infer computes the proposition a proof term proves. want, when known, resolves the
// metavariables of applications (Or.inl h needs to know the other side).
func (r *ProofRun) infer(term *syntax.Node, sc *elab.Scope, want *syntax.Node, depth int) (*syntax.Node, *elab.Error) {
	if depth > syntax.MaxTacticNesting {
		return nil, elab.ErrAt(term, "%s", syntax.MaxRecDepthMsg)
	}
	switch term.Op {
	case syntax.OpVar:
		return r.inferName(term, term.Text, sc, want)
	case syntax.OpProj:
		base, err := r.infer(term.Kids[0], sc, nil, depth+1)
		if err != nil {
			return nil, err
		}
		return r.project(term, base, term.Text, want)
	case syntax.OpApp:
		head := &syntax.Node{Op: syntax.OpVar, Text: term.Text, Pos: term.Pos, End: term.Pos}
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
	case syntax.OpAscr:
		if len(term.Kids) != 2 {
			return nil, notSimulatedTerm(term)
		}
		p := term.Kids[1].Clone()
		if err := sc.ElabProp(p); err != nil {
			return nil, err.(*elab.Error)
		}
		if err := r.check(term.Kids[0], p, sc.Hyps, depth+1); err != nil {
			return nil, err
		}
		return p, nil
	case syntax.OpSorry, syntax.OpAnon, syntax.OpFun, syntax.OpBy:
		if want != nil {
			if err := r.check(term, want, sc.Hyps, depth+1); err != nil {
				return nil, err
			}
			return want, nil
		}
		return nil, elab.ErrAt(term, "leanprm-simulator: the type of this proof term cannot be inferred here (this is a simulator, not Lean)")
	}
	return nil, notSimulatedTerm(term)
}

// inferName resolves a name used as a proof: a hypothesis, a field of one (h.1, h.left,
// h.elim, h.symm, h.mp), a theorem or axiom of the environment, or a library lemma.
func (r *ProofRun) inferName(at *syntax.Node, name string, sc *elab.Scope, want *syntax.Node) (*syntax.Node, *elab.Error) {
	if h, ok := sc.Local(name); ok {
		if h.Prop == nil {
			return nil, elab.ErrAt(at, "type mismatch\n  %s\nis a value of type %s, not a proof", name, h.TypeString(r.mathlib()))
		}
		return h.Prop.Clone(), nil
	}
	if p, ok := r.constant(name); ok {
		return p, nil
	}
	// A field of a hypothesis or constant: split at the last dot that leaves a known base.
	for i := strings.LastIndexByte(name, '.'); i > 0; i = strings.LastIndexByte(name[:i], '.') {
		base, field := name[:i], name[i+1:]
		var ty *syntax.Node
		if h, ok := sc.Local(base); ok && h.Prop != nil {
			ty = h.Prop.Clone()
		} else if p, ok := r.constant(base); ok {
			ty = p
		} else {
			continue
		}
		for _, f := range strings.Split(field, ".") {
			var err *elab.Error
			if ty, err = r.project(at, ty, f, want); err != nil {
				return nil, err
			}
		}
		return ty, nil
	}
	if _, ok := sc.Local(strings.Split(name, ".")[0]); ok {
		return nil, notSimulatedTerm(at)
	}
	if sc.Env.Lookup(name) != nil {
		return nil, elab.ErrAt(at, "leanprm-simulator: `%s` is not a proof the simulator knows (this is a simulator, not Lean)", name)
	}
	return nil, elab.UnknownIdent(r.Env, at)
}

// constant returns the statement of a theorem or axiom of the environment, or of a library
// lemma, and records the axioms it depends on.
func (r *ProofRun) constant(name string) (*syntax.Node, bool) {
	if d := r.Env.Lookup(name); d != nil && d.Stmt != nil {
		r.AddAxiom(d.Axioms...)
		return d.Stmt.Clone(), true
	}
	if l, ok := elab.LookupLemma(name, r.Env.Opens); ok {
		r.AddAxiom(l.Axioms...)
		return l.Stmt.Clone(), true
	}
	return nil, false
}

// project applies a field to a proof of base: .1/.left/.2/.right of ∧, .mp/.mpr/.1/.2 of ↔,
// .symm of = and ≠, .elim of False (which proves want).
func (r *ProofRun) project(at *syntax.Node, base *syntax.Node, field string, want *syntax.Node) (*syntax.Node, *elab.Error) {
	b := base.Transparent()
	switch {
	case b.Op == syntax.OpAnd && (field == "1" || field == "left"):
		return b.Kids[0], nil
	case b.Op == syntax.OpAnd && (field == "2" || field == "right"):
		return b.Kids[1], nil
	case b.Op == syntax.OpIff && (field == "1" || field == "mp"):
		return &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{b.Kids[0], b.Kids[1]}}, nil
	case b.Op == syntax.OpIff && (field == "2" || field == "mpr"):
		return &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{b.Kids[1], b.Kids[0]}}, nil
	case (b.Op == "=" || b.Op == "≠") && field == "symm":
		return &syntax.Node{Op: b.Op, Kids: []*syntax.Node{b.Kids[1], b.Kids[0]}}, nil
	case b.Op == syntax.OpFalse && field == "elim":
		if want == nil {
			return nil, elab.ErrAt(at, "leanprm-simulator: the type of this proof term cannot be inferred here (this is a simulator, not Lean)")
		}
		return want, nil
	}
	return nil, elab.ErrAt(at, "leanprm-simulator: the field `%s` of a proof of\n  %s\nis not simulated (this is a simulator, not Lean)", field, base.Pretty())
}

// instantiate applies a proof of ty (∀ and → chains) to args. Explicit ∀ binders take
// values (`_` leaves a metavariable), implicit ones always get a metavariable, → premises
// take proofs, which are checked once the result has been unified with want.
func (r *ProofRun) instantiate(at *syntax.Node, ty *syntax.Node, args []*syntax.Node, sc *elab.Scope, want *syntax.Node, depth int) (*syntax.Node, *elab.Error) {
	mv := map[string]*syntax.Node{}
	type premise struct{ arg, prop *syntax.Node }
	var pending []premise
	cur := ty
	for i := 0; ; {
		cur = cur.Transparent()
		if cur.Op == syntax.OpForall {
			vars, body := cur.Bound()
			v := vars[0]
			var val *syntax.Node
			explicit := !v.Impl
			if explicit && i == len(args) {
				break
			}
			if !explicit || args[i].Op == syntax.OpHole {
				val = r.newMVar(v, mv)
			} else {
				val = args[i].Clone()
				var err error
				if v.Asc == syntax.TypeProp {
					err = sc.ElabProp(val)
				} else {
					err = sc.ElabTermAt(val, v.Asc)
				}
				if err != nil {
					return nil, err.(*elab.Error)
				}
			}
			if explicit {
				i++
			}
			if len(vars) > 1 {
				body = &syntax.Node{Op: syntax.OpForall, Kids: append(append([]*syntax.Node{}, vars[1:]...), body)}
			}
			cur = syntax.ReplaceVar(body, v.Text, val)
			continue
		}
		if i == len(args) {
			break
		}
		switch cur.Op {
		case syntax.OpImp:
			pending = append(pending, premise{args[i], cur.Kids[0]})
			cur = cur.Kids[1]
		case syntax.OpNot:
			pending = append(pending, premise{args[i], cur.Kids[0]})
			cur = &syntax.Node{Op: syntax.OpFalse, Text: "False"}
		default:
			return nil, elab.ErrAt(args[i], "function expected\n  %s\nhas type\n  %s", at.Pretty(), ty.Pretty())
		}
		i++
	}
	if want != nil {
		if s := map[string]*syntax.Node{}; r.unify(cur, want, mvCopy(mv, s)) {
			mv = s
		} else {
			return nil, elab.ErrAt(at, "type mismatch\n  %s\nhas type\n  %s : Prop\nbut is expected to have type\n  %s : Prop",
				at.Pretty(), substMVars(cur, mv).Pretty(), want.Pretty())
		}
	}
	cur = substMVars(cur, mv)
	for _, p := range pending {
		prop := substMVars(p.prop, mv)
		if hasMVar(prop) && p.arg.Op != syntax.OpHole {
			// The argument's own proposition fixes the rest, as Lean's elaborator
			// unifies an argument's type with the parameter's.
			if got, e := r.infer(p.arg, sc, nil, depth+1); e == nil && r.unify(prop, got, mv) {
				prop, cur = substMVars(p.prop, mv), substMVars(cur, mv)
			}
		}
		if hasMVar(prop) {
			return nil, elab.ErrAt(p.arg, "don't know how to synthesize implicit argument\n  %s", prop.Pretty())
		}
		if err := r.check(p.arg, prop, sc.Hyps, depth+1); err != nil {
			return nil, err
		}
	}
	if hasMVar(cur) {
		return nil, elab.ErrAt(at, "don't know how to synthesize placeholder for the application\n  %s", at.Pretty())
	}
	return cur, nil
}

// newMVar makes a metavariable for binder v.
func (r *ProofRun) newMVar(v *syntax.Node, mv map[string]*syntax.Node) *syntax.Node {
	r.mvars++
	name := v.Text + "✝" + strconv.Itoa(r.mvars)
	mv[name] = nil
	return &syntax.Node{Op: syntax.OpMVar, Text: name, Asc: v.Asc, Ty: v.Asc}
}

func mvCopy(from, to map[string]*syntax.Node) map[string]*syntax.Node {
	for k, v := range from {
		to[k] = v
	}
	return to
}

func hasMVar(n *syntax.Node) bool {
	if n.Op == syntax.OpMVar {
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
func substMVars(n *syntax.Node, mv map[string]*syntax.Node) *syntax.Node {
	if n.Op == syntax.OpMVar {
		if v := mv[n.Text]; v != nil {
			c := v.Clone()
			if n.Ty != syntax.TypeNone && n.Ty != syntax.TypeProp && c.Ty != syntax.TypeNone {
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
	c.Kids = make([]*syntax.Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = substMVars(k, mv)
	}
	return &c
}

// defeq compares two elaborated propositions (no metavariables).
func (r *ProofRun) defeq(a, b *syntax.Node) bool { return r.unify(a, b, map[string]*syntax.Node{}) }

// normRel rewrites the notations Lean unfolds by reducible definitions: a ≥ b is b ≤ a,
// a > b is b < a, a ≠ b is ¬(a = b), ¬P is P → False.
func normRel(n *syntax.Node) *syntax.Node {
	switch n.Op {
	case "≥":
		return &syntax.Node{Op: "≤", Kids: []*syntax.Node{n.Kids[1], n.Kids[0]}, Pos: n.Pos, End: n.End}
	case ">":
		return &syntax.Node{Op: "<", Kids: []*syntax.Node{n.Kids[1], n.Kids[0]}, Pos: n.Pos, End: n.End}
	case "≠":
		return &syntax.Node{Op: syntax.OpNot, Kids: []*syntax.Node{{Op: "=", Kids: n.Kids}}, Pos: n.Pos, End: n.End}
	case syntax.OpNot:
		return &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{n.Kids[0], {Op: syntax.OpFalse, Text: "False"}}, Pos: n.Pos, End: n.End}
	}
	return n
}

// unify matches pattern p (which may hold metavariables) against t, assigning mv.
func (r *ProofRun) unify(p, t *syntax.Node, mv map[string]*syntax.Node) bool {
	return r.unifyDepth(p, t, mv, 0)
}

func (r *ProofRun) unifyDepth(p, t *syntax.Node, mv map[string]*syntax.Node, depth int) bool {
	if depth > syntax.MaxTermDepth {
		return false
	}
	p, t = p.Transparent(), t.Transparent()
	if p.Op == syntax.OpMVar {
		if v, ok := mv[p.Text]; ok {
			if v != nil {
				return r.unifyDepth(v, t, mv, depth+1)
			}
			isProp := t.Ty == syntax.TypeNone && !isTermOp(t.Op)
			if (p.Asc == syntax.TypeProp) != isProp && p.Asc != syntax.TypeNone {
				return false
			}
			if p.Asc != syntax.TypeProp && p.Asc != syntax.TypeNone && t.Ty != p.Ty {
				return false
			}
			mv[p.Text] = t.Clone()
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
	if syntax.IsBinder(p.Op) {
		pv, pb := p.Bound()
		tv, tb := t.Bound()
		if len(pv) != len(tv) {
			return false
		}
		for i := range pv {
			if pv[i].Asc != tv[i].Asc && pv[i].Asc != syntax.TypeNone && tv[i].Asc != syntax.TypeNone {
				return false
			}
			if pv[i].Text != tv[i].Text {
				tb = syntax.ReplaceVar(tb, tv[i].Text, &syntax.Node{Op: syntax.OpVar, Text: pv[i].Text, Asc: pv[i].Asc, Ty: pv[i].Asc})
			}
		}
		return r.unifyDepth(pb, tb, mv, depth+1)
	}
	if p.Text != t.Text || len(p.Kids) != len(t.Kids) || (p.Op == syntax.OpAscr && p.Asc != t.Asc) ||
		(isTermOp(p.Op) && p.Ty != t.Ty && p.Ty != syntax.TypeNone && t.Ty != syntax.TypeNone) {
		return r.sameValue(p, t, mv)
	}
	saved := mvCopy(mv, map[string]*syntax.Node{})
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
func succAsAdd(n *syntax.Node) (*syntax.Node, bool) {
	if n.Op != syntax.OpApp || n.Text != "Nat.succ" || len(n.Kids) != 1 || n.Casts() {
		return nil, false
	}
	return &syntax.Node{Op: "+", Ty: n.Ty, Kids: []*syntax.Node{n.Kids[0], {Op: syntax.OpNum, Text: "1", Ty: n.Ty}}, Pos: n.Pos, End: n.End}, true
}

// isTermOp reports node kinds that are terms (values), not propositions.
func isTermOp(op string) bool {
	switch op {
	case syntax.OpNum, syntax.OpDec, syntax.OpAscr, syntax.OpNeg, syntax.OpInv, "+", "-", "*", "/", "%", "^", syntax.OpApp, syntax.OpStr, syntax.OpChar:
		return true
	}
	return false
}

// sameValue is the last resort of unification: two closed Nat or Int terms of literal
// arithmetic with equal values are definitionally equal (Lean evaluates literal arithmetic
// on these types). Terms with names are not evaluated: a local variable may shadow a
// definition of the same name.
func (r *ProofRun) sameValue(p, t *syntax.Node, mv map[string]*syntax.Node) bool {
	if !isTermOp(p.Op) || !isTermOp(t.Op) {
		return false
	}
	p = substMVars(p, mv)
	if hasMVar(p) || hasName(p) || hasName(t) || p.Ty != t.Ty || (p.Ty != syntax.TypeNat && p.Ty != syntax.TypeInt) {
		return false
	}
	ev := &elab.Evaluator{Scope: &elab.Scope{Env: r.Env}, MaxExp: elab.ElabExponentThreshold}
	a, errA := ev.Term(p)
	b, errB := ev.Term(t)
	return errA == nil && errB == nil && ev.BigExp == nil && a.Cmp(b) == 0
}

// hasName reports a variable or constant anywhere in n.
func hasName(n *syntax.Node) bool {
	if n.Op == syntax.OpVar {
		return true
	}
	for _, k := range n.Kids {
		if hasName(k) {
			return true
		}
	}
	return false
}
