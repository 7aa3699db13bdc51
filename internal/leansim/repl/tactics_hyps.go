package repl

import (
	"fmt"
	"strings"
)

// Tactics over hypotheses and propositional structure. Each works on the main goal as the
// Lean tactic of the same name does for the fragment the simulator models, and fails with a
// "not simulated" error outside it; see doc.go for the list.

func throwAt(t *tacticSyntax, format string, args ...any) *throw {
	return &throw{pos: t.pos, end: t.end, msg: fmt.Sprintf(format, args...)}
}

func notSimulatedTactic(t *tacticSyntax, what string) *throw {
	return throwAt(t, "leanprm-simulator: %s is not simulated (this is a simulator, not Lean)", what)
}

func throwOf(e *elabErr) *throw { return &throw{pos: e.pos, end: e.end, msg: e.msg} }

func throwOfParse(err error) *throw {
	pe := err.(*parseErr)
	return &throw{pos: pe.pos, end: pe.end, msg: pe.msg}
}

// decideKind reads decide's options: `+kernel`, `+native`, or the older
// `(config := { kernel := true })` / `(config := { native := true })`.
func decideKind(t *tacticSyntax, args []token) (string, *throw) {
	kind := "decide"
	for i := 0; i < len(args) && args[i].kind != tkEOF; i++ {
		switch {
		case args[i].text == "+" && i+1 < len(args) && args[i+1].kind == tkIdent:
			switch args[i+1].text {
			case "kernel":
				kind = "decide +kernel"
			case "native":
				kind = "native_decide"
			default:
				return "", throwAt(t, "invalid 'decide' option '%s'", args[i+1].text)
			}
			i++
		case args[i].text == "(" && i+1 < len(args) && args[i+1].text == "config":
			var words []string
			depth := 0
			for ; i < len(args) && args[i].kind != tkEOF; i++ {
				words = append(words, args[i].text)
				switch args[i].text {
				case "(":
					depth++
				case ")":
					depth--
				}
				if depth == 0 {
					break
				}
			}
			cfg := strings.Join(words, " ")
			switch {
			case strings.Contains(cfg, "native := true"):
				kind = "native_decide"
			case strings.Contains(cfg, "kernel := true"):
				kind = "decide +kernel"
			default:
				return "", notSimulatedTactic(t, "this decide configuration")
			}
		default:
			return "", notSimulatedTactic(t, "this use of 'decide'")
		}
	}
	return kind, nil
}

// scopedTail returns the tactic after `open X in` / `set_option x v in`, or nil when t is not
// of that form. The tail is just tkEOF when `in` ends the tactic.
func scopedTail(t *tacticSyntax) *tacticSyntax {
	for i, tk := range t.toks {
		if tk.kind == tkSym && tk.text == "in" {
			rest := t.toks[i+1:]
			if len(rest) == 1 {
				return &tacticSyntax{toks: rest, pos: tk.end, end: tk.end}
			}
			return &tacticSyntax{toks: rest, pos: rest[0].pos, end: t.end}
		}
	}
	return nil
}

// runScoped runs `open X in tac` (the namespaces open while tac runs) and `set_option x v in
// tac` (the option is accepted and has no effect in the simulator). When `in` ends the
// tactic, the scope covers the rest of the block, as Lean's tactic sequence after `in` does.
func (r *proofRun) runScoped(t *tacticSyntax, more []*tacticSyntax, goals []*goal) ([]*goal, *throw) {
	tail := scopedTail(t)
	if tail == nil {
		return goals, throwAt(t, "unexpected end of input; expected 'in'")
	}
	if tacticName(t.head()) == "open" {
		saved := r.env
		env := saved.clone()
		for _, tk := range t.toks[1:] {
			if tk.kind == tkSym && tk.text == "in" {
				break
			}
			if tk.kind != tkIdent {
				return goals, throwAt(t, "unexpected token '%s'; expected identifier", tk.text)
			}
			env.Opens = append(env.Opens, tk.text)
		}
		r.env = env
		defer func() { r.env = saved }()
	}
	body := more
	if len(tail.toks) > 1 {
		body = append(splitTactics(tail.toks[:len(tail.toks)-1], tail.toks[0].pos.Col), more...)
	}
	if len(body) == 0 {
		return goals, throwAt(t, "unexpected end of input; expected tactic")
	}
	return r.runSeq(body, goals)
}

// runTry runs `try tacs`: on failure the goals, messages and sorries are as before.
func (r *proofRun) runTry(t *tacticSyntax, goals []*goal) ([]*goal, *throw) {
	body := t.toks[1 : len(t.toks)-1]
	if len(body) == 0 {
		return goals, throwAt(t, "unexpected end of input; expected tactic")
	}
	saved := *r
	saved.msgs = append([]message(nil), r.msgs...)
	saved.sorries = append([]sorryRec(nil), r.sorries...)
	saved.axioms = map[string]bool{}
	for k := range r.axioms {
		saved.axioms[k] = true
	}
	left, th := r.runSeq(splitTactics(body, body[0].pos.Col), goals)
	if th != nil {
		*r = saved
		return goals, nil
	}
	return left, nil
}

// runSubst is `subst h…`: for h : a = b, a variable b is replaced by a everywhere (else a
// variable a by b), and h and the variable are cleared. `subst x` uses a hypothesis x = e or
// e = x.
func (r *proofRun) runSubst(t *tacticSyntax, g *goal, rest []*goal) ([]*goal, *throw) {
	args := t.toks[1 : len(t.toks)-1]
	if len(args) == 0 {
		return append([]*goal{g}, rest...), throwAt(t, "unexpected end of input; expected term")
	}
	for _, a := range args {
		if a.kind != tkIdent {
			return append([]*goal{g}, rest...), notSimulatedTactic(t, "this use of 'subst'")
		}
		ng, th := r.substOne(t, a, g)
		if th != nil {
			return append([]*goal{g}, rest...), th
		}
		g = ng
	}
	return append([]*goal{g}, rest...), nil
}

func (r *proofRun) substOne(t *tacticSyntax, a token, g *goal) (*goal, *throw) {
	hi := -1
	for i := len(g.Hyps) - 1; i >= 0; i-- {
		if g.Hyps[i].Name == a.text {
			hi = i
			break
		}
	}
	if hi < 0 {
		return nil, &throw{pos: a.pos, end: a.end, msg: fmt.Sprintf("Unknown identifier `%s`", a.text)}
	}
	if g.Hyps[hi].isVar() {
		// subst x: find x = e or e = x.
		for i := len(g.Hyps) - 1; i >= 0; i-- {
			h := g.Hyps[i]
			if h.Prop != nil && h.Prop.Op == "=" {
				for _, k := range h.Prop.Kids {
					if v := k.transparent(); v.Op == opVar && v.Text == a.text && !v.casts() {
						return r.substOne(t, token{kind: tkIdent, text: h.Name, pos: a.pos, end: a.end}, g)
					}
				}
			}
		}
		return nil, throwAt(t, "tactic 'subst' failed, did not find equation for eliminating '%s'\n\n%s", a.text, g.pp(r.mathlib()))
	}
	h := g.Hyps[hi]
	if h.Prop.Op != "=" {
		return nil, throwAt(t, "tactic 'subst' failed, invalid equality proof, it is not of the form (x = t) or (t = x)\n  %s\n\n%s", h.Prop.pp(), g.pp(r.mathlib()))
	}
	for _, side := range []int{1, 0} {
		v, e := h.Prop.Kids[side].transparent(), h.Prop.Kids[1-side]
		if v.Op != opVar || v.casts() || e.mentions(v.Text) {
			continue
		}
		vi := -1
		for i := len(g.Hyps) - 1; i >= 0; i-- {
			if g.Hyps[i].Name == v.Text && g.Hyps[i].isVar() {
				vi = i
				break
			}
		}
		if vi < 0 {
			continue
		}
		return eliminate(g, hi, vi, v.Text, e), nil
	}
	return nil, throwAt(t, "tactic 'subst' failed, invalid equality proof, it is not of the form (x = t) or (t = x)\n  %s\n\n%s", h.Prop.pp(), g.pp(r.mathlib()))
}

// eliminate clears hypothesis hi and variable vi and substitutes e for the variable.
//
// As Lean's subst does (it reverts what depends on the variable, substitutes, and introduces
// it again), the hypotheses that mentioned the variable come last.
func eliminate(g *goal, hi, vi int, name string, e *Node) *goal {
	ng := &goal{Tag: g.Tag, Ty: g.Ty}
	var dependent []hyp
	for i, x := range g.Hyps {
		if i == hi || i == vi {
			continue
		}
		x = hyp{Name: x.Name, Ty: x.Ty, Prop: x.Prop.clone()}
		if x.Prop != nil && x.Prop.mentions(name) {
			x.Prop = replaceVar(x.Prop, name, e)
			dependent = append(dependent, x)
			continue
		}
		ng.Hyps = append(ng.Hyps, x)
	}
	ng.Hyps = append(ng.Hyps, dependent...)
	if g.Target != nil {
		ng.Target = replaceVar(g.Target, name, e)
	}
	return ng
}

// runOmega is `omega`: linear arithmetic over Nat and Int (see omega.go).
func (r *proofRun) runOmega(t *tacticSyntax, g *goal, rest []*goal) ([]*goal, *throw) {
	if len(t.toks) > 2 {
		return append([]*goal{g}, rest...), notSimulatedTactic(t, "'omega' with options")
	}
	if g.Target == nil {
		return append([]*goal{g}, rest...), throwAt(t, "omega could not prove the goal:\nthe goal is not a proposition")
	}
	if msg := omegaProve(g, r.env); msg != "" {
		return append([]*goal{g}, rest...), throwAt(t, "%s", msg)
	}
	r.addAxiom("propext")
	return rest, nil
}

// runIntro is `intro x y …` (one binder each; `_` is allowed) and `intros` (all, with
// inaccessible names).
func (r *proofRun) runIntro(t *tacticSyntax, name string, g *goal, rest []*goal) ([]*goal, *throw) {
	args := t.toks[1 : len(t.toks)-1]
	var names []string
	for _, a := range args {
		if a.kind != tkIdent && a.text != "_" || name == "intros" && a.kind != tkIdent {
			return append([]*goal{g}, rest...), notSimulatedTactic(t, "this use of '"+name+"'")
		}
		names = append(names, a.text)
	}
	if name == "intro" && len(names) == 0 {
		names = []string{""}
	}
	ng := g.clone()
	for i := 0; name == "intros" && len(names) == 0 || i < len(names); i++ {
		given := ""
		if i < len(names) {
			given = names[i]
		}
		next, ok := introOne(ng, given)
		if !ok {
			if name == "intros" && len(names) == 0 {
				break
			}
			return append([]*goal{g}, rest...), throwAt(t, "tactic 'introN' failed, insufficient number of binders")
		}
		ng = next
	}
	return append([]*goal{ng}, rest...), nil
}

// introOne introduces one binder of g's target; name "" or "_" gives an inaccessible name.
func introOne(g *goal, name string) (*goal, bool) {
	if g.Target == nil {
		return nil, false
	}
	ng := &goal{Tag: g.Tag, Hyps: append([]hyp(nil), g.Hyps...), Target: g.Target.transparent()}
	if given := name; given != "" && given != "_" {
		ng.Target = ng.shadow(given)(ng.Target) // the whole binder: its own variable stays bound
	}
	w := ng.Target
	inaccessible := func(base string) string {
		if name == "" || name == "_" {
			return base + "✝"
		}
		return name
	}
	switch w.Op {
	case opForall:
		vars, body := w.bound()
		v := vars[0]
		n := inaccessible(v.Text)
		if len(vars) > 1 {
			body = &Node{Op: opForall, Kids: append(append([]*Node{}, vars[1:]...), body)}
		}
		if name == "" || name == "_" {
			body = ng.shadow(n)(&Node{Op: opForall, Kids: []*Node{v, body}}).Kids[1]
		}
		ng.Hyps = append(ng.Hyps, hyp{Name: n, Ty: v.Asc})
		ng.Target = replaceVar(body, v.Text, &Node{Op: opVar, Text: n, Asc: v.Asc, Ty: v.Asc})
	case opImp:
		ng.Target = w.Kids[1].clone()
		ng.add(hyp{Name: inaccessible("a"), Prop: w.Kids[0].clone()})
	case opNot, "≠":
		p := w.Kids[0].clone()
		if w.Op == "≠" {
			p = &Node{Op: "=", Kids: []*Node{w.Kids[0].clone(), w.Kids[1].clone()}}
		}
		ng.Target = &Node{Op: opFalse, Text: "False"}
		ng.add(hyp{Name: inaccessible("a"), Prop: p})
	default:
		return nil, false
	}
	return ng, true
}

// contradiction closes a goal with a hypothesis False, a ≠ a, or both P and ¬P.
func (r *proofRun) contradiction(g *goal) bool {
	for _, h := range g.Hyps {
		if h.Prop == nil {
			continue
		}
		p := h.Prop.transparent()
		switch {
		case p.Op == opFalse:
			return true
		case p.Op == "≠" && p.Kids[0].equal(p.Kids[1]):
			return true
		case p.Op == opNot:
			for _, h2 := range g.Hyps {
				if h2.Prop != nil && r.defeq(h2.Prop, p.Kids[0]) {
					return true
				}
			}
		}
	}
	return false
}

// runFocus is `· tacs`: the tactics run on the main goal alone and must close it.
func (r *proofRun) runFocus(t *tacticSyntax, g *goal, rest []*goal) ([]*goal, *throw) {
	body := t.toks[1 : len(t.toks)-1]
	if len(body) == 0 {
		return append([]*goal{g}, rest...), throwAt(t, "unexpected end of input; expected tactic")
	}
	left, th := r.runSeq(splitTactics(body, body[0].pos.Col), []*goal{g})
	if th != nil {
		return append([]*goal{g}, rest...), th
	}
	if len(left) > 0 {
		return append([]*goal{g}, rest...), throwAt(t, "unsolved goals\n%s", r.ppGoals(left))
	}
	return rest, nil
}

// runShow is `show P`: P must be the goal up to definitional unfolding; it becomes the goal.
func (r *proofRun) runShow(t *tacticSyntax, g *goal, rest []*goal) ([]*goal, *throw) {
	keep := append([]*goal{g}, rest...)
	p := r.subParser(t.toks[1:])
	prop, err := p.expr(0, 0)
	if err == nil && p.peek().kind != tkEOF {
		err = unexpected(p.peek(), "")
	}
	if err != nil {
		return keep, throwOfParse(err)
	}
	if g.Target == nil {
		return keep, notSimulatedTactic(t, "'show' on a value goal")
	}
	sc := &scope{env: r.env, hyps: g.Hyps}
	if err := sc.elabProp(prop); err != nil {
		return keep, throwOf(err.(*elabErr))
	}
	if !r.defeq(prop, g.Target) {
		return keep, throwAt(t, "type mismatch\n  %s\nis not definitionally equal to the goal\n  %s", prop.pp(), g.Target.pp())
	}
	ng := g.clone()
	ng.Target = prop
	return append([]*goal{ng}, rest...), nil
}

// runSimp simulates simp only where its outcome is certain: a closed arithmetic goal. A true
// one is closed; a false one is rewritten to False, which stays open. Everything else
// (hypotheses, free variables, `at`) is not simulated.
func (r *proofRun) runSimp(t *tacticSyntax, name string, g *goal, rest []*goal) ([]*goal, *throw) {
	keep := append([]*goal{g}, rest...)
	for _, tk := range t.toks {
		if tk.kind == tkSym && tk.text == "at" {
			return keep, notSimulatedTactic(t, "'"+name+" at'")
		}
	}
	if g.Target == nil {
		return keep, notSimulatedTactic(t, "'"+name+"' on a value goal")
	}
	ev := &evaluator{sc: &scope{env: r.env, hyps: g.Hyps}}
	v, err := ev.prop(g.Target)
	if err != nil {
		return keep, notSimulatedTactic(t, "'"+name+"' on a goal that is not a closed arithmetic claim")
	}
	r.addAxiom("propext")
	if v {
		return rest, nil
	}
	ng := g.clone()
	ng.Target = &Node{Op: opFalse, Text: "False"}
	return append([]*goal{ng}, rest...), nil
}
