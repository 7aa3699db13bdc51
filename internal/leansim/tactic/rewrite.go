package tactic

import (
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// rw, rewrite, obtain and rcases.

// splitArgs splits tokens at commas outside brackets.
func splitArgs(toks []syntax.Token) [][]syntax.Token {
	var out [][]syntax.Token
	var cur []syntax.Token
	depth := 0
	for _, t := range toks {
		if t.Kind == syntax.TkSym {
			switch t.Text {
			case "(", "[", "{", "⟨":
				depth++
			case ")", "]", "}", "⟩":
				depth--
			case ",":
				if depth == 0 {
					out = append(out, cur)
					cur = nil
					continue
				}
			}
		}
		cur = append(cur, t)
	}
	return append(out, cur)
}

func withEOF(toks []syntax.Token) []syntax.Token {
	end := syntax.Pos{}
	if len(toks) > 0 {
		end = toks[len(toks)-1].End
	}
	return append(toks[:len(toks):len(toks)], syntax.Token{Kind: syntax.TkEOF, Pos: end, End: end})
}

// runRewrite is `rw [rules] (at h)?` and `rewrite …`. Each rule is a proof of an equation,
// optionally after ←; its ∀ parameters become metavariables, fixed by the first instance of
// its left side in the goal (in Lean's kabstract order: outermost first, left to right);
// every instance of that is replaced. `rw` then tries `rfl`, which closes `a = a` and closed
// Nat/Int equations.
func (r *ProofRun) runRewrite(t *syntax.Tactic, name string, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	keep := append([]*elab.Goal{g}, rest...)
	args := t.Toks[1 : len(t.Toks)-1]
	if len(args) < 2 || args[0].Text != "[" {
		return keep, notSimulatedTactic(t, "this use of '"+name+"'")
	}
	closeAt := -1
	for i, a := range args {
		if a.Kind == syntax.TkSym && a.Text == "]" {
			closeAt = i
		}
	}
	if closeAt < 0 {
		return keep, throwAt(t, "unexpected end of input; expected ']'")
	}
	loc := -1 // index of the rewritten hypothesis, -1 for the target
	if tail := args[closeAt+1:]; len(tail) > 0 {
		if len(tail) != 2 || tail[0].Text != "at" || tail[1].Kind != syntax.TkIdent {
			return keep, notSimulatedTactic(t, "this location of '"+name+"'")
		}
		for i := len(g.Hyps) - 1; i >= 0; i-- {
			if g.Hyps[i].Name == tail[1].Text && g.Hyps[i].Prop != nil {
				loc = i
				break
			}
		}
		if loc < 0 {
			return keep, &throw{Pos: tail[1].Pos, End: tail[1].End, Msg: "Unknown identifier `" + tail[1].Text + "`"}
		}
	}
	if g.Target == nil && loc < 0 {
		return keep, notSimulatedTactic(t, "'"+name+"' on a value goal")
	}
	ng := g.Clone()
	for _, rule := range splitArgs(args[1:closeAt]) {
		if len(rule) == 0 {
			return keep, throwAt(t, "unexpected token ']'; expected term")
		}
		rev := false
		if rule[0].Text == "←" || rule[0].Text == "<-" {
			rev, rule = true, rule[1:]
		}
		p := r.subParser(withEOF(rule))
		term, err := p.Expr(0, 0)
		if err == nil && p.Peek().Kind != syntax.TkEOF {
			err = syntax.Unexpected(p.Peek(), "']'")
		}
		if err != nil {
			return keep, throwOfParse(err)
		}
		sc := &elab.Scope{Env: r.Env, Hyps: ng.Hyps}
		eq, e := r.infer(term, sc, nil, 0)
		if e != nil {
			return keep, throwOf(e)
		}
		mv := map[string]*syntax.Node{}
		for eq = eq.Transparent(); eq.Op == syntax.OpForall; eq = eq.Transparent() {
			vars, body := eq.Bound()
			val := r.newMVar(vars[0], mv)
			if len(vars) > 1 {
				body = &syntax.Node{Op: syntax.OpForall, Kids: append(append([]*syntax.Node{}, vars[1:]...), body)}
			}
			eq = syntax.ReplaceVar(body, vars[0].Text, val)
		}
		if eq.Op != "=" {
			return keep, notSimulatedTactic(t, "rewriting with a proof of\n  "+eq.Pretty()+"\n(only equations are)")
		}
		lhs, rhs := eq.Kids[0], eq.Kids[1]
		if rev {
			lhs, rhs = rhs, lhs
		}
		if lhs.Transparent().Op == syntax.OpMVar {
			return keep, throwAt(t, "motive is not type correct: the pattern is a metavariable\n  %s", lhs.Pretty())
		}
		target := ng.Target
		if loc >= 0 {
			target = ng.Hyps[loc].Prop
		}
		if !r.findInstance(target, lhs, mv, 0) {
			where := "target expression"
			if loc >= 0 {
				where = "hypothesis " + ng.Hyps[loc].Name
			}
			return keep, throwAt(t, "tactic 'rewrite' failed, did not find instance of the pattern in the %s\n  %s\n%s",
				where, substMVars(lhs, mv).Pretty(), ng.Pretty(r.mathlib()))
		}
		lhs, rhs = substMVars(lhs, mv), substMVars(rhs, mv)
		if hasMVar(rhs) {
			return keep, notSimulatedTactic(t, "a rewrite that leaves metavariables")
		}
		rewritten := r.replaceInstances(target, lhs, rhs, 0)
		if loc >= 0 {
			ng.Hyps[loc].Prop = rewritten
		} else {
			ng.Target = rewritten
		}
	}
	if name == "rw" && ng.Target != nil && r.rwRfl(ng.Target) {
		return rest, nil
	}
	return append([]*elab.Goal{ng}, rest...), nil
}

// rwRfl is the `with_reducible rfl` that rw tries last: `a = a`, `P ↔ P`, and equations of
// closed Nat or Int terms of equal value (literal arithmetic reduces at any transparency).
func (r *ProofRun) rwRfl(t *syntax.Node) bool {
	t = t.Transparent()
	switch t.Op {
	case "=":
		return t.Kids[0].Equal(t.Kids[1]) || r.sameValue(t.Kids[0], t.Kids[1], nil)
	case syntax.OpIff:
		return t.Kids[0].Equal(t.Kids[1])
	case syntax.OpTrue:
		return false
	}
	return false
}

// castInner is the uncast value of a casting node (↑x is Nat.cast x, which contains x).
func castInner(n *syntax.Node) *syntax.Node {
	switch {
	case n.Op == syntax.OpAscr && n.Casts():
		return n.Kids[0]
	case (n.Op == syntax.OpVar || n.Op == syntax.OpApp) && n.Casts():
		c := *n
		c.Ty = c.Asc
		return &c
	}
	return nil
}

// findInstance searches n, outermost first and left to right, for a subterm that pat matches,
// assigning pat's metavariables. It does not look under binders.
func (r *ProofRun) findInstance(n, pat *syntax.Node, mv map[string]*syntax.Node, depth int) bool {
	if depth > syntax.MaxTermDepth {
		return false
	}
	if isTermOp(n.Op) || n.Op == syntax.OpVar {
		trial := mvCopy(mv, map[string]*syntax.Node{})
		if n.Ty == pat.Ty && r.unify(pat, n, trial) {
			mvCopy(trial, mv)
			return true
		}
	}
	if syntax.IsBinder(n.Op) {
		return false
	}
	if in := castInner(n); in != nil && in != n.Kids0() {
		return r.findInstance(in, pat, mv, depth+1)
	}
	for _, k := range n.Kids {
		if r.findInstance(k, pat, mv, depth+1) {
			return true
		}
	}
	return false
}

// replaceInstances replaces every subterm of n equal to lhs by rhs.
func (r *ProofRun) replaceInstances(n, lhs, rhs *syntax.Node, depth int) *syntax.Node {
	if depth > syntax.MaxTermDepth {
		return n
	}
	if (isTermOp(n.Op) || n.Op == syntax.OpVar) && n.Ty == lhs.Ty && r.unify(lhs, n, map[string]*syntax.Node{}) {
		c := rhs.Clone()
		return c
	}
	if syntax.IsBinder(n.Op) {
		return n
	}
	if in := castInner(n); in != nil {
		inner := r.replaceInstances(in, lhs, rhs, depth+1)
		if inner != in {
			return &syntax.Node{Op: syntax.OpAscr, Asc: in.Ty, Ty: n.Ty, Kids: []*syntax.Node{inner}, Pos: n.Pos, End: n.End}
		}
		return n
	}
	changed := false
	kids := make([]*syntax.Node, len(n.Kids))
	for i, k := range n.Kids {
		kids[i] = r.replaceInstances(k, lhs, rhs, depth+1)
		changed = changed || kids[i] != k
	}
	if !changed {
		return n
	}
	c := *n
	c.Kids = kids
	return &c
}

// rcasesPat is an rcases pattern: a name (or _ or -), rfl, ⟨p, …⟩, or p | q.
type rcasesPat struct {
	kind  string // "name", "rfl", "clear", "tuple", "alts"
	name  string
	parts []*rcasesPat
	tok   syntax.Token
}

func (r *ProofRun) parsePattern(p *syntax.Parser) (*rcasesPat, error) {
	first, err := r.parsePatternAtom(p)
	if err != nil {
		return nil, err
	}
	if !p.IsSym("|") {
		return first, nil
	}
	alts := &rcasesPat{kind: "alts", parts: []*rcasesPat{first}, tok: first.tok}
	for p.IsSym("|") {
		p.Next()
		a, err := r.parsePatternAtom(p)
		if err != nil {
			return nil, err
		}
		alts.parts = append(alts.parts, a)
	}
	return alts, nil
}

func (r *ProofRun) parsePatternAtom(p *syntax.Parser) (*rcasesPat, error) {
	t := p.Peek()
	switch {
	case t.Kind == syntax.TkIdent && t.Text == "rfl" && !t.Escaped:
		p.Next()
		return &rcasesPat{kind: "rfl", tok: t}, nil
	case t.Kind == syntax.TkIdent || t.Kind == syntax.TkSym && t.Text == "_":
		p.Next()
		return &rcasesPat{kind: "name", name: t.Text, tok: t}, nil
	case t.Kind == syntax.TkSym && t.Text == "-":
		p.Next()
		return &rcasesPat{kind: "clear", tok: t}, nil
	case t.Kind == syntax.TkSym && t.Text == "⟨":
		p.Next()
		tup := &rcasesPat{kind: "tuple", tok: t}
		for !p.IsSym("⟩") {
			part, err := r.parsePattern(p)
			if err != nil {
				return nil, err
			}
			tup.parts = append(tup.parts, part)
			if !p.IsSym(",") {
				break
			}
			p.Next()
		}
		if _, err := p.ExpectSym("⟩", "',' or '⟩'"); err != nil {
			return nil, err
		}
		return tup, nil
	case t.Kind == syntax.TkSym && t.Text == "(":
		p.Next()
		inner, err := r.parsePattern(p)
		if err != nil {
			return nil, err
		}
		if _, err := p.ExpectSym(")", "')'"); err != nil {
			return nil, err
		}
		return inner, nil
	}
	return nil, syntax.Unexpected(t, "rcases pattern")
}

// runObtain is `obtain pat (: P)? := term`, `obtain pat : P` (P becomes a goal first) and
// `rcases term with pat`. A term that is a hypothesis is cleared, as rcases does.
func (r *ProofRun) runObtain(t *syntax.Tactic, name string, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	keep := append([]*elab.Goal{g}, rest...)
	if g.Target == nil {
		return keep, notSimulatedTactic(t, "'"+name+"' on a value goal")
	}
	p := r.subParser(t.Toks[1:])
	sc := &elab.Scope{Env: r.Env, Hyps: g.Hyps}
	var pat *rcasesPat
	var prop, term *syntax.Node
	var err error
	if name == "obtain" {
		if pat, err = r.parsePattern(p); err != nil {
			return keep, throwOfParse(err)
		}
		if p.IsSym(":") {
			p.Next()
			if prop, err = p.Expr(0, 0); err != nil {
				return keep, throwOfParse(err)
			}
			if err := sc.ElabProp(prop); err != nil {
				return keep, throwOf(err.(*elab.Error))
			}
		}
		if p.IsSym(":=") {
			p.Next()
			if term, err = p.Expr(0, 0); err != nil {
				return keep, throwOfParse(err)
			}
		}
	} else {
		if term, err = p.Expr(0, 0); err != nil {
			return keep, throwOfParse(err)
		}
		if !(p.Peek().Kind == syntax.TkSym && p.Peek().Text == "with") {
			return keep, notSimulatedTactic(t, "'rcases' without a pattern")
		}
		p.Next()
		if pat, err = r.parsePattern(p); err != nil {
			return keep, throwOfParse(err)
		}
	}
	if p.Peek().Kind != syntax.TkEOF {
		return keep, throwOfParse(syntax.Unexpected(p.Peek(), ""))
	}
	if prop == nil && term == nil {
		return keep, throwAt(t, "unexpected end of input; expected ':' or ':='")
	}
	var first []*elab.Goal // `obtain pat : P` proves P first
	switch {
	case term == nil:
		pg := g.Clone()
		pg.Target = prop.Clone()
		first = []*elab.Goal{pg}
	case prop != nil:
		if e := r.check(term, prop, g.Hyps, 0); e != nil {
			r.LogError(e.Pos, e.End, e.Msg)
		}
	default:
		var e *elab.Error
		if prop, e = r.infer(term, sc, nil, 0); e != nil {
			return keep, throwOf(e)
		}
	}
	base := g.Clone()
	if term != nil && term.Op == syntax.OpVar {
		for i := len(base.Hyps) - 1; i >= 0; i-- {
			if base.Hyps[i].Name == term.Text && base.Hyps[i].Prop != nil {
				base.Hyps = append(base.Hyps[:i:i], base.Hyps[i+1:]...)
				break
			}
		}
	}
	out, th := r.destruct(t, base, prop, pat, 0)
	if th != nil {
		return keep, th
	}
	return append(append(first, out...), rest...), nil
}

// destruct adds a proof of prop to g following pat and returns the resulting goals.
func (r *ProofRun) destruct(t *syntax.Tactic, g *elab.Goal, prop *syntax.Node, pat *rcasesPat, depth int) ([]*elab.Goal, *throw) {
	if depth > syntax.MaxTacticNesting {
		return nil, throwAt(t, "%s", syntax.MaxRecDepthMsg)
	}
	w := prop.Transparent()
	switch pat.kind {
	case "clear":
		return []*elab.Goal{g}, nil
	case "name":
		n := pat.name
		if n == "_" {
			n = "h✝"
		}
		ng := g.Clone()
		ng.Add(elab.Hyp{Name: n, Prop: prop.Clone()})
		return []*elab.Goal{ng}, nil
	case "rfl":
		if w.Op != "=" {
			return nil, throwAt(t, "rcases: the pattern rfl needs an equation, not\n  %s", prop.Pretty())
		}
		tmp := g.Clone()
		tmp.Hyps = append(tmp.Hyps, elab.Hyp{Name: "h✝rfl", Prop: prop.Clone()})
		ng, th := r.substOne(t, syntax.Token{Kind: syntax.TkIdent, Text: "h✝rfl", Pos: pat.tok.Pos, End: pat.tok.End}, tmp)
		if th != nil {
			if w.Kids[0].Equal(w.Kids[1]) {
				return []*elab.Goal{g}, nil
			}
			return nil, th
		}
		return []*elab.Goal{ng}, nil
	case "alts":
		if len(pat.parts) == 1 {
			return r.destruct(t, g, prop, pat.parts[0], depth+1)
		}
		if w.Op != syntax.OpOr {
			return nil, notSimulatedTactic(t, "an rcases alternative pattern on\n  "+prop.Pretty())
		}
		rest := &rcasesPat{kind: "alts", parts: pat.parts[1:], tok: pat.tok}
		left, th := r.destruct(t, tagged(g, "inl"), w.Kids[0], pat.parts[0], depth+1)
		if th != nil {
			return nil, th
		}
		right, th := r.destruct(t, tagged(g, "inr"), w.Kids[1], rest, depth+1)
		if th != nil {
			return nil, th
		}
		return append(left, right...), nil
	}
	// A tuple.
	parts := pat.parts
	switch {
	case len(parts) == 0:
		if w.Op == syntax.OpFalse {
			return nil, nil
		}
		return []*elab.Goal{g}, nil
	case len(parts) == 1:
		return r.destruct(t, g, prop, parts[0], depth+1)
	}
	restPat := parts[1]
	if len(parts) > 2 {
		restPat = &rcasesPat{kind: "tuple", parts: parts[1:], tok: pat.tok}
	}
	switch w.Op {
	case syntax.OpAnd, syntax.OpIff:
		a, b := w.Kids[0], w.Kids[1]
		if w.Op == syntax.OpIff {
			a = &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{w.Kids[0], w.Kids[1]}}
			b = &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{w.Kids[1], w.Kids[0]}}
		}
		gs, th := r.destruct(t, g, a, parts[0], depth+1)
		if th != nil {
			return nil, th
		}
		var out []*elab.Goal
		for _, x := range gs {
			more, th := r.destruct(t, x, b, restPat, depth+1)
			if th != nil {
				return nil, th
			}
			out = append(out, more...)
		}
		return out, nil
	case syntax.OpExists:
		if parts[0].kind != "name" {
			return nil, notSimulatedTactic(t, "this pattern for the witness of ∃")
		}
		vars, body := w.Bound()
		n := parts[0].name
		if n == "_" {
			n = vars[0].Text + "✝"
		}
		ng := g.Clone()
		whole := ng.Shadow(n)(w) // the whole ∃: its own variable stays bound
		vars, body = whole.Bound()
		if len(vars) > 1 {
			body = &syntax.Node{Op: syntax.OpExists, Kids: append(append([]*syntax.Node{}, vars[1:]...), body)}
		}
		ng.Hyps = append(ng.Hyps, elab.Hyp{Name: n, Ty: vars[0].Asc})
		inst := syntax.ReplaceVar(body, vars[0].Text, &syntax.Node{Op: syntax.OpVar, Text: n, Asc: vars[0].Asc, Ty: vars[0].Asc})
		return r.destruct(t, ng, inst, restPat, depth+1)
	}
	return nil, notSimulatedTactic(t, "an rcases tuple pattern on\n  "+strings.TrimSpace(prop.Pretty()))
}

func tagged(g *elab.Goal, tag string) *elab.Goal {
	c := g.Clone()
	c.Tag = tag
	return c
}
