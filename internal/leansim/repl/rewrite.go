package repl

import (
	"strings"
)

// rw, rewrite, obtain and rcases.

// splitArgs splits tokens at commas outside brackets.
func splitArgs(toks []token) [][]token {
	var out [][]token
	var cur []token
	depth := 0
	for _, t := range toks {
		if t.kind == tkSym {
			switch t.text {
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

func withEOF(toks []token) []token {
	end := Pos{}
	if len(toks) > 0 {
		end = toks[len(toks)-1].end
	}
	return append(toks[:len(toks):len(toks)], token{kind: tkEOF, pos: end, end: end})
}

// runRewrite is `rw [rules] (at h)?` and `rewrite …`. Each rule is a proof of an equation,
// optionally after ←; its ∀ parameters become metavariables, fixed by the first instance of
// its left side in the goal (in Lean's kabstract order: outermost first, left to right);
// every instance of that is replaced. `rw` then tries `rfl`, which closes `a = a` and closed
// Nat/Int equations.
func (r *proofRun) runRewrite(t *tacticSyntax, name string, g *goal, rest []*goal) ([]*goal, *throw) {
	keep := append([]*goal{g}, rest...)
	args := t.toks[1 : len(t.toks)-1]
	if len(args) < 2 || args[0].text != "[" {
		return keep, notSimulatedTactic(t, "this use of '"+name+"'")
	}
	closeAt := -1
	for i, a := range args {
		if a.kind == tkSym && a.text == "]" {
			closeAt = i
		}
	}
	if closeAt < 0 {
		return keep, throwAt(t, "unexpected end of input; expected ']'")
	}
	loc := -1 // index of the rewritten hypothesis, -1 for the target
	if tail := args[closeAt+1:]; len(tail) > 0 {
		if len(tail) != 2 || tail[0].text != "at" || tail[1].kind != tkIdent {
			return keep, notSimulatedTactic(t, "this location of '"+name+"'")
		}
		for i := len(g.Hyps) - 1; i >= 0; i-- {
			if g.Hyps[i].Name == tail[1].text && g.Hyps[i].Prop != nil {
				loc = i
				break
			}
		}
		if loc < 0 {
			return keep, &throw{pos: tail[1].pos, end: tail[1].end, msg: "Unknown identifier `" + tail[1].text + "`"}
		}
	}
	if g.Target == nil && loc < 0 {
		return keep, notSimulatedTactic(t, "'"+name+"' on a value goal")
	}
	ng := g.clone()
	for _, rule := range splitArgs(args[1:closeAt]) {
		if len(rule) == 0 {
			return keep, throwAt(t, "unexpected token ']'; expected term")
		}
		rev := false
		if rule[0].text == "←" || rule[0].text == "<-" {
			rev, rule = true, rule[1:]
		}
		p := r.subParser(withEOF(rule))
		term, err := p.expr(0, 0)
		if err == nil && p.peek().kind != tkEOF {
			err = unexpected(p.peek(), "']'")
		}
		if err != nil {
			return keep, throwOfParse(err)
		}
		sc := &scope{env: r.env, hyps: ng.Hyps}
		eq, e := r.infer(term, sc, nil, 0)
		if e != nil {
			return keep, throwOf(e)
		}
		mv := map[string]*Node{}
		for eq = eq.transparent(); eq.Op == opForall; eq = eq.transparent() {
			vars, body := eq.bound()
			val := r.newMVar(vars[0], mv)
			if len(vars) > 1 {
				body = &Node{Op: opForall, Kids: append(append([]*Node{}, vars[1:]...), body)}
			}
			eq = replaceVar(body, vars[0].Text, val)
		}
		if eq.Op != "=" {
			return keep, notSimulatedTactic(t, "rewriting with a proof of\n  "+eq.pp()+"\n(only equations are)")
		}
		lhs, rhs := eq.Kids[0], eq.Kids[1]
		if rev {
			lhs, rhs = rhs, lhs
		}
		if lhs.transparent().Op == opMVar {
			return keep, throwAt(t, "motive is not type correct: the pattern is a metavariable\n  %s", lhs.pp())
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
				where, substMVars(lhs, mv).pp(), ng.pp(r.mathlib()))
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
	return append([]*goal{ng}, rest...), nil
}

// rwRfl is the `with_reducible rfl` that rw tries last: `a = a`, `P ↔ P`, and equations of
// closed Nat or Int terms of equal value (literal arithmetic reduces at any transparency).
func (r *proofRun) rwRfl(t *Node) bool {
	t = t.transparent()
	switch t.Op {
	case "=":
		return t.Kids[0].equal(t.Kids[1]) || r.sameValue(t.Kids[0], t.Kids[1], nil)
	case opIff:
		return t.Kids[0].equal(t.Kids[1])
	case opTrue:
		return false
	}
	return false
}

// castInner is the uncast value of a casting node (↑x is Nat.cast x, which contains x).
func castInner(n *Node) *Node {
	switch {
	case n.Op == opAscr && n.casts():
		return n.Kids[0]
	case (n.Op == opVar || n.Op == opApp) && n.casts():
		c := *n
		c.Ty = c.Asc
		return &c
	}
	return nil
}

// findInstance searches n, outermost first and left to right, for a subterm that pat matches,
// assigning pat's metavariables. It does not look under binders.
func (r *proofRun) findInstance(n, pat *Node, mv map[string]*Node, depth int) bool {
	if depth > maxTermDepth {
		return false
	}
	if isTermOp(n.Op) || n.Op == opVar {
		trial := mvCopy(mv, map[string]*Node{})
		if n.Ty == pat.Ty && r.unify(pat, n, trial) {
			mvCopy(trial, mv)
			return true
		}
	}
	if isBinder(n.Op) {
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
func (r *proofRun) replaceInstances(n, lhs, rhs *Node, depth int) *Node {
	if depth > maxTermDepth {
		return n
	}
	if (isTermOp(n.Op) || n.Op == opVar) && n.Ty == lhs.Ty && r.unify(lhs, n, map[string]*Node{}) {
		c := rhs.clone()
		return c
	}
	if isBinder(n.Op) {
		return n
	}
	if in := castInner(n); in != nil {
		inner := r.replaceInstances(in, lhs, rhs, depth+1)
		if inner != in {
			return &Node{Op: opAscr, Asc: in.Ty, Ty: n.Ty, Kids: []*Node{inner}, Pos: n.Pos, End: n.End}
		}
		return n
	}
	changed := false
	kids := make([]*Node, len(n.Kids))
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
	tok   token
}

func (r *proofRun) parsePattern(p *parser) (*rcasesPat, error) {
	first, err := r.parsePatternAtom(p)
	if err != nil {
		return nil, err
	}
	if !p.isSym("|") {
		return first, nil
	}
	alts := &rcasesPat{kind: "alts", parts: []*rcasesPat{first}, tok: first.tok}
	for p.isSym("|") {
		p.next()
		a, err := r.parsePatternAtom(p)
		if err != nil {
			return nil, err
		}
		alts.parts = append(alts.parts, a)
	}
	return alts, nil
}

func (r *proofRun) parsePatternAtom(p *parser) (*rcasesPat, error) {
	t := p.peek()
	switch {
	case t.kind == tkIdent && t.text == "rfl" && !t.escaped:
		p.next()
		return &rcasesPat{kind: "rfl", tok: t}, nil
	case t.kind == tkIdent || t.kind == tkSym && t.text == "_":
		p.next()
		return &rcasesPat{kind: "name", name: t.text, tok: t}, nil
	case t.kind == tkSym && t.text == "-":
		p.next()
		return &rcasesPat{kind: "clear", tok: t}, nil
	case t.kind == tkSym && t.text == "⟨":
		p.next()
		tup := &rcasesPat{kind: "tuple", tok: t}
		for !p.isSym("⟩") {
			part, err := r.parsePattern(p)
			if err != nil {
				return nil, err
			}
			tup.parts = append(tup.parts, part)
			if !p.isSym(",") {
				break
			}
			p.next()
		}
		if _, err := p.expectSym("⟩", "',' or '⟩'"); err != nil {
			return nil, err
		}
		return tup, nil
	case t.kind == tkSym && t.text == "(":
		p.next()
		inner, err := r.parsePattern(p)
		if err != nil {
			return nil, err
		}
		if _, err := p.expectSym(")", "')'"); err != nil {
			return nil, err
		}
		return inner, nil
	}
	return nil, unexpected(t, "rcases pattern")
}

// runObtain is `obtain pat (: P)? := term`, `obtain pat : P` (P becomes a goal first) and
// `rcases term with pat`. A term that is a hypothesis is cleared, as rcases does.
func (r *proofRun) runObtain(t *tacticSyntax, name string, g *goal, rest []*goal) ([]*goal, *throw) {
	keep := append([]*goal{g}, rest...)
	if g.Target == nil {
		return keep, notSimulatedTactic(t, "'"+name+"' on a value goal")
	}
	p := r.subParser(t.toks[1:])
	sc := &scope{env: r.env, hyps: g.Hyps}
	var pat *rcasesPat
	var prop, term *Node
	var err error
	if name == "obtain" {
		if pat, err = r.parsePattern(p); err != nil {
			return keep, throwOfParse(err)
		}
		if p.isSym(":") {
			p.next()
			if prop, err = p.expr(0, 0); err != nil {
				return keep, throwOfParse(err)
			}
			if err := sc.elabProp(prop); err != nil {
				return keep, throwOf(err.(*elabErr))
			}
		}
		if p.isSym(":=") {
			p.next()
			if term, err = p.expr(0, 0); err != nil {
				return keep, throwOfParse(err)
			}
		}
	} else {
		if term, err = p.expr(0, 0); err != nil {
			return keep, throwOfParse(err)
		}
		if !(p.peek().kind == tkSym && p.peek().text == "with") {
			return keep, notSimulatedTactic(t, "'rcases' without a pattern")
		}
		p.next()
		if pat, err = r.parsePattern(p); err != nil {
			return keep, throwOfParse(err)
		}
	}
	if p.peek().kind != tkEOF {
		return keep, throwOfParse(unexpected(p.peek(), ""))
	}
	if prop == nil && term == nil {
		return keep, throwAt(t, "unexpected end of input; expected ':' or ':='")
	}
	var first []*goal // `obtain pat : P` proves P first
	switch {
	case term == nil:
		pg := g.clone()
		pg.Target = prop.clone()
		first = []*goal{pg}
	case prop != nil:
		if e := r.check(term, prop, g.Hyps, 0); e != nil {
			r.logError(e.pos, e.end, e.msg)
		}
	default:
		var e *elabErr
		if prop, e = r.infer(term, sc, nil, 0); e != nil {
			return keep, throwOf(e)
		}
	}
	base := g.clone()
	if term != nil && term.Op == opVar {
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
func (r *proofRun) destruct(t *tacticSyntax, g *goal, prop *Node, pat *rcasesPat, depth int) ([]*goal, *throw) {
	if depth > maxTacticNesting {
		return nil, throwAt(t, "%s", maxRecDepthMsg)
	}
	w := prop.transparent()
	switch pat.kind {
	case "clear":
		return []*goal{g}, nil
	case "name":
		n := pat.name
		if n == "_" {
			n = "h✝"
		}
		ng := g.clone()
		ng.add(hyp{Name: n, Prop: prop.clone()})
		return []*goal{ng}, nil
	case "rfl":
		if w.Op != "=" {
			return nil, throwAt(t, "rcases: the pattern rfl needs an equation, not\n  %s", prop.pp())
		}
		tmp := g.clone()
		tmp.Hyps = append(tmp.Hyps, hyp{Name: "h✝rfl", Prop: prop.clone()})
		ng, th := r.substOne(t, token{kind: tkIdent, text: "h✝rfl", pos: pat.tok.pos, end: pat.tok.end}, tmp)
		if th != nil {
			if w.Kids[0].equal(w.Kids[1]) {
				return []*goal{g}, nil
			}
			return nil, th
		}
		return []*goal{ng}, nil
	case "alts":
		if len(pat.parts) == 1 {
			return r.destruct(t, g, prop, pat.parts[0], depth+1)
		}
		if w.Op != opOr {
			return nil, notSimulatedTactic(t, "an rcases alternative pattern on\n  "+prop.pp())
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
		if w.Op == opFalse {
			return nil, nil
		}
		return []*goal{g}, nil
	case len(parts) == 1:
		return r.destruct(t, g, prop, parts[0], depth+1)
	}
	restPat := parts[1]
	if len(parts) > 2 {
		restPat = &rcasesPat{kind: "tuple", parts: parts[1:], tok: pat.tok}
	}
	switch w.Op {
	case opAnd, opIff:
		a, b := w.Kids[0], w.Kids[1]
		if w.Op == opIff {
			a = &Node{Op: opImp, Kids: []*Node{w.Kids[0], w.Kids[1]}}
			b = &Node{Op: opImp, Kids: []*Node{w.Kids[1], w.Kids[0]}}
		}
		gs, th := r.destruct(t, g, a, parts[0], depth+1)
		if th != nil {
			return nil, th
		}
		var out []*goal
		for _, x := range gs {
			more, th := r.destruct(t, x, b, restPat, depth+1)
			if th != nil {
				return nil, th
			}
			out = append(out, more...)
		}
		return out, nil
	case opExists:
		if parts[0].kind != "name" {
			return nil, notSimulatedTactic(t, "this pattern for the witness of ∃")
		}
		vars, body := w.bound()
		n := parts[0].name
		if n == "_" {
			n = vars[0].Text + "✝"
		}
		ng := g.clone()
		whole := ng.shadow(n)(w) // the whole ∃: its own variable stays bound
		vars, body = whole.bound()
		if len(vars) > 1 {
			body = &Node{Op: opExists, Kids: append(append([]*Node{}, vars[1:]...), body)}
		}
		ng.Hyps = append(ng.Hyps, hyp{Name: n, Ty: vars[0].Asc})
		inst := replaceVar(body, vars[0].Text, &Node{Op: opVar, Text: n, Asc: vars[0].Asc, Ty: vars[0].Asc})
		return r.destruct(t, ng, inst, restPat, depth+1)
	}
	return nil, notSimulatedTactic(t, "an rcases tuple pattern on\n  "+strings.TrimSpace(prop.pp()))
}

func tagged(g *goal, tag string) *goal {
	c := g.clone()
	c.Tag = tag
	return c
}
