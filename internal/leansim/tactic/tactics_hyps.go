package tactic

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/decide"
	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// Tactics over hypotheses and propositional structure. Each works on the main goal as the
// Lean tactic of the same name does for the fragment the simulator models, and fails with a
// "not simulated" error outside it; see doc.go for the list.

func throwAt(t *syntax.Tactic, format string, args ...any) *throw {
	return &throw{Pos: t.Pos, End: t.End, Msg: fmt.Sprintf(format, args...)}
}

func notSimulatedTactic(t *syntax.Tactic, what string) *throw {
	return throwAt(t, "leanprm-simulator: %s is not simulated (this is a simulator, not Lean)", what)
}

func throwOf(e *elab.Error) *throw { return &throw{Pos: e.Pos, End: e.End, Msg: e.Msg} }

func throwOfParse(err error) *throw {
	pe := err.(*syntax.ParseError)
	return &throw{Pos: pe.Pos, End: pe.End, Msg: pe.Msg}
}

// decideKind reads decide's options: `+kernel`, `+native`, or the older
// `(config := { kernel := true })` / `(config := { native := true })`.
func decideKind(t *syntax.Tactic, args []syntax.Token) (string, *throw) {
	kind := "decide"
	for i := 0; i < len(args) && args[i].Kind != syntax.TkEOF; i++ {
		switch {
		case args[i].Text == "+" && i+1 < len(args) && args[i+1].Kind == syntax.TkIdent:
			switch args[i+1].Text {
			case "kernel":
				kind = "decide +kernel"
			case "native":
				kind = "native_decide"
			default:
				return "", throwAt(t, "invalid 'decide' option '%s'", args[i+1].Text)
			}
			i++
		case args[i].Text == "(" && i+1 < len(args) && args[i+1].Text == "config":
			var words []string
			depth := 0
			for ; i < len(args) && args[i].Kind != syntax.TkEOF; i++ {
				words = append(words, args[i].Text)
				switch args[i].Text {
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
// of that form. The tail is just TkEOF when `in` ends the tactic.
func scopedTail(t *syntax.Tactic) *syntax.Tactic {
	for i, tk := range t.Toks {
		if tk.Kind == syntax.TkSym && tk.Text == "in" {
			rest := t.Toks[i+1:]
			if len(rest) == 1 {
				return &syntax.Tactic{Toks: rest, Pos: tk.End, End: tk.End}
			}
			return &syntax.Tactic{Toks: rest, Pos: rest[0].Pos, End: t.End}
		}
	}
	return nil
}

// runScoped runs `open X in tac` (the namespaces open while tac runs) and `set_option x v in
// tac` (the option is accepted and has no effect in the simulator). When `in` ends the
// tactic, the scope covers the rest of the block, as Lean's tactic sequence after `in` does.
func (r *ProofRun) runScoped(t *syntax.Tactic, more []*syntax.Tactic, goals []*elab.Goal) ([]*elab.Goal, *throw) {
	tail := scopedTail(t)
	if tail == nil {
		return goals, throwAt(t, "unexpected end of input; expected 'in'")
	}
	if syntax.TacticName(t.Head()) == "open" {
		saved := r.Env
		env := saved.Clone()
		for _, tk := range t.Toks[1:] {
			if tk.Kind == syntax.TkSym && tk.Text == "in" {
				break
			}
			if tk.Kind != syntax.TkIdent {
				return goals, throwAt(t, "unexpected token '%s'; expected identifier", tk.Text)
			}
			env.Opens = append(env.Opens, tk.Text)
		}
		r.Env = env
		defer func() { r.Env = saved }()
	}
	body := more
	if len(tail.Toks) > 1 {
		body = append(syntax.SplitTactics(tail.Toks[:len(tail.Toks)-1], tail.Toks[0].Pos.Col), more...)
	}
	if len(body) == 0 {
		return goals, throwAt(t, "unexpected end of input; expected tactic")
	}
	return r.RunSeq(body, goals)
}

// runTry runs `try tacs`: on failure the goals, messages and sorries are as before.
func (r *ProofRun) runTry(t *syntax.Tactic, goals []*elab.Goal) ([]*elab.Goal, *throw) {
	body := t.Toks[1 : len(t.Toks)-1]
	if len(body) == 0 {
		return goals, throwAt(t, "unexpected end of input; expected tactic")
	}
	saved := *r
	saved.Msgs = append([]Message(nil), r.Msgs...)
	saved.Sorries = append([]SorryRec(nil), r.Sorries...)
	saved.axioms = map[string]bool{}
	for k := range r.axioms {
		saved.axioms[k] = true
	}
	left, th := r.RunSeq(syntax.SplitTactics(body, body[0].Pos.Col), goals)
	if th != nil {
		*r = saved
		return goals, nil
	}
	return left, nil
}

// runSubst is `subst h…`: for h : a = b, a variable b is replaced by a everywhere (else a
// variable a by b), and h and the variable are cleared. `subst x` uses a hypothesis x = e or
// e = x.
func (r *ProofRun) runSubst(t *syntax.Tactic, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	args := t.Toks[1 : len(t.Toks)-1]
	if len(args) == 0 {
		return append([]*elab.Goal{g}, rest...), throwAt(t, "unexpected end of input; expected term")
	}
	for _, a := range args {
		if a.Kind != syntax.TkIdent {
			return append([]*elab.Goal{g}, rest...), notSimulatedTactic(t, "this use of 'subst'")
		}
		ng, th := r.substOne(t, a, g)
		if th != nil {
			return append([]*elab.Goal{g}, rest...), th
		}
		g = ng
	}
	return append([]*elab.Goal{g}, rest...), nil
}

func (r *ProofRun) substOne(t *syntax.Tactic, a syntax.Token, g *elab.Goal) (*elab.Goal, *throw) {
	hi := -1
	for i := len(g.Hyps) - 1; i >= 0; i-- {
		if g.Hyps[i].Name == a.Text {
			hi = i
			break
		}
	}
	if hi < 0 {
		return nil, &throw{Pos: a.Pos, End: a.End, Msg: fmt.Sprintf("Unknown identifier `%s`", a.Text)}
	}
	if g.Hyps[hi].IsVar() {
		// subst x: find x = e or e = x.
		for i := len(g.Hyps) - 1; i >= 0; i-- {
			h := g.Hyps[i]
			if h.Prop != nil && h.Prop.Op == "=" {
				for _, k := range h.Prop.Kids {
					if v := k.Transparent(); v.Op == syntax.OpVar && v.Text == a.Text && !v.Casts() {
						return r.substOne(t, syntax.Token{Kind: syntax.TkIdent, Text: h.Name, Pos: a.Pos, End: a.End}, g)
					}
				}
			}
		}
		return nil, throwAt(t, "tactic 'subst' failed, did not find equation for eliminating '%s'\n\n%s", a.Text, g.Pretty(r.mathlib()))
	}
	h := g.Hyps[hi]
	if h.Prop.Op != "=" {
		return nil, throwAt(t, "tactic 'subst' failed, invalid equality proof, it is not of the form (x = t) or (t = x)\n  %s\n\n%s", h.Prop.Pretty(), g.Pretty(r.mathlib()))
	}
	for _, side := range []int{1, 0} {
		v, e := h.Prop.Kids[side].Transparent(), h.Prop.Kids[1-side]
		if v.Op != syntax.OpVar || v.Casts() || e.Mentions(v.Text) {
			continue
		}
		vi := -1
		for i := len(g.Hyps) - 1; i >= 0; i-- {
			if g.Hyps[i].Name == v.Text && g.Hyps[i].IsVar() {
				vi = i
				break
			}
		}
		if vi < 0 {
			continue
		}
		return eliminate(g, hi, vi, v.Text, e), nil
	}
	return nil, throwAt(t, "tactic 'subst' failed, invalid equality proof, it is not of the form (x = t) or (t = x)\n  %s\n\n%s", h.Prop.Pretty(), g.Pretty(r.mathlib()))
}

// eliminate clears hypothesis hi and variable vi and substitutes e for the variable.
//
// As Lean's subst does (it reverts what depends on the variable, substitutes, and introduces
// it again), the hypotheses that mentioned the variable come last.
func eliminate(g *elab.Goal, hi, vi int, name string, e *syntax.Node) *elab.Goal {
	ng := &elab.Goal{Tag: g.Tag, Ty: g.Ty}
	var dependent []elab.Hyp
	for i, x := range g.Hyps {
		if i == hi || i == vi {
			continue
		}
		x = elab.Hyp{Name: x.Name, Ty: x.Ty, Prop: x.Prop.Clone()}
		if x.Prop != nil && x.Prop.Mentions(name) {
			x.Prop = syntax.ReplaceVar(x.Prop, name, e)
			dependent = append(dependent, x)
			continue
		}
		ng.Hyps = append(ng.Hyps, x)
	}
	ng.Hyps = append(ng.Hyps, dependent...)
	if g.Target != nil {
		ng.Target = syntax.ReplaceVar(g.Target, name, e)
	}
	return ng
}

// runOmega is `omega`: linear arithmetic over Nat and Int (see omega.go).
func (r *ProofRun) runOmega(t *syntax.Tactic, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	if len(t.Toks) > 2 {
		return append([]*elab.Goal{g}, rest...), notSimulatedTactic(t, "'omega' with options")
	}
	if g.Target == nil {
		return append([]*elab.Goal{g}, rest...), throwAt(t, "omega could not prove the goal:\nthe goal is not a proposition")
	}
	if msg := decide.Omega(g, r.Env); msg != "" {
		return append([]*elab.Goal{g}, rest...), throwAt(t, "%s", msg)
	}
	r.AddAxiom("propext")
	return rest, nil
}

// runIntro is `intro x y …` (one binder each; `_` is allowed) and `intros` (all, with
// inaccessible names).
func (r *ProofRun) runIntro(t *syntax.Tactic, name string, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	args := t.Toks[1 : len(t.Toks)-1]
	var names []string
	for _, a := range args {
		if a.Kind != syntax.TkIdent && a.Text != "_" || name == "intros" && a.Kind != syntax.TkIdent {
			return append([]*elab.Goal{g}, rest...), notSimulatedTactic(t, "this use of '"+name+"'")
		}
		names = append(names, a.Text)
	}
	if name == "intro" && len(names) == 0 {
		names = []string{""}
	}
	ng := g.Clone()
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
			return append([]*elab.Goal{g}, rest...), throwAt(t, "tactic 'introN' failed, insufficient number of binders")
		}
		ng = next
	}
	return append([]*elab.Goal{ng}, rest...), nil
}

// introOne introduces one binder of g's target; name "" or "_" gives an inaccessible name.
func introOne(g *elab.Goal, name string) (*elab.Goal, bool) {
	if g.Target == nil {
		return nil, false
	}
	ng := &elab.Goal{Tag: g.Tag, Hyps: append([]elab.Hyp(nil), g.Hyps...), Target: g.Target.Transparent()}
	if given := name; given != "" && given != "_" {
		ng.Target = ng.Shadow(given)(ng.Target) // the whole binder: its own variable stays bound
	}
	w := ng.Target
	inaccessible := func(base string) string {
		if name == "" || name == "_" {
			return base + "✝"
		}
		return name
	}
	switch w.Op {
	case syntax.OpForall:
		vars, body := w.Bound()
		v := vars[0]
		n := inaccessible(v.Text)
		if len(vars) > 1 {
			body = &syntax.Node{Op: syntax.OpForall, Kids: append(append([]*syntax.Node{}, vars[1:]...), body)}
		}
		if name == "" || name == "_" {
			body = ng.Shadow(n)(&syntax.Node{Op: syntax.OpForall, Kids: []*syntax.Node{v, body}}).Kids[1]
		}
		ng.Hyps = append(ng.Hyps, elab.Hyp{Name: n, Ty: v.Asc})
		ng.Target = syntax.ReplaceVar(body, v.Text, &syntax.Node{Op: syntax.OpVar, Text: n, Asc: v.Asc, Ty: v.Asc})
	case syntax.OpImp:
		ng.Target = w.Kids[1].Clone()
		ng.Add(elab.Hyp{Name: inaccessible("a"), Prop: w.Kids[0].Clone()})
	case syntax.OpNot, "≠":
		p := w.Kids[0].Clone()
		if w.Op == "≠" {
			p = &syntax.Node{Op: "=", Kids: []*syntax.Node{w.Kids[0].Clone(), w.Kids[1].Clone()}}
		}
		ng.Target = &syntax.Node{Op: syntax.OpFalse, Text: "False"}
		ng.Add(elab.Hyp{Name: inaccessible("a"), Prop: p})
	default:
		return nil, false
	}
	return ng, true
}

// contradiction closes a goal with a hypothesis False, a ≠ a, or both P and ¬P.
func (r *ProofRun) contradiction(g *elab.Goal) bool {
	for _, h := range g.Hyps {
		if h.Prop == nil {
			continue
		}
		p := h.Prop.Transparent()
		switch {
		case p.Op == syntax.OpFalse:
			return true
		case p.Op == "≠" && p.Kids[0].Equal(p.Kids[1]):
			return true
		case p.Op == syntax.OpNot:
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
func (r *ProofRun) runFocus(t *syntax.Tactic, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	body := t.Toks[1 : len(t.Toks)-1]
	if len(body) == 0 {
		return append([]*elab.Goal{g}, rest...), throwAt(t, "unexpected end of input; expected tactic")
	}
	left, th := r.RunSeq(syntax.SplitTactics(body, body[0].Pos.Col), []*elab.Goal{g})
	if th != nil {
		return append([]*elab.Goal{g}, rest...), th
	}
	if len(left) > 0 {
		return append([]*elab.Goal{g}, rest...), throwAt(t, "unsolved goals\n%s", r.PrettyGoals(left))
	}
	return rest, nil
}

// runShow is `show P`: P must be the goal up to definitional unfolding; it becomes the goal.
func (r *ProofRun) runShow(t *syntax.Tactic, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	keep := append([]*elab.Goal{g}, rest...)
	p := r.subParser(t.Toks[1:])
	prop, err := p.Expr(0, 0)
	if err == nil && p.Peek().Kind != syntax.TkEOF {
		err = syntax.Unexpected(p.Peek(), "")
	}
	if err != nil {
		return keep, throwOfParse(err)
	}
	if g.Target == nil {
		return keep, notSimulatedTactic(t, "'show' on a value goal")
	}
	sc := &elab.Scope{Env: r.Env, Hyps: g.Hyps}
	if err := sc.ElabProp(prop); err != nil {
		return keep, throwOf(err.(*elab.Error))
	}
	if !r.defeq(prop, g.Target) {
		return keep, throwAt(t, "type mismatch\n  %s\nis not definitionally equal to the goal\n  %s", prop.Pretty(), g.Target.Pretty())
	}
	ng := g.Clone()
	ng.Target = prop
	return append([]*elab.Goal{ng}, rest...), nil
}

// runSimp simulates simp only where its outcome is certain: a closed arithmetic goal. A true
// one is closed; a false one is rewritten to False, which stays open. Everything else
// (hypotheses, free variables, `at`) is not simulated.
func (r *ProofRun) runSimp(t *syntax.Tactic, name string, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	keep := append([]*elab.Goal{g}, rest...)
	for _, tk := range t.Toks {
		if tk.Kind == syntax.TkSym && tk.Text == "at" {
			return keep, notSimulatedTactic(t, "'"+name+" at'")
		}
	}
	if g.Target == nil {
		return keep, notSimulatedTactic(t, "'"+name+"' on a value goal")
	}
	ev := &elab.Evaluator{Scope: &elab.Scope{Env: r.Env, Hyps: g.Hyps}}
	v, err := ev.Prop(g.Target)
	if err != nil {
		return keep, notSimulatedTactic(t, "'"+name+"' on a goal that is not a closed arithmetic claim")
	}
	r.AddAxiom("propext")
	if v {
		return rest, nil
	}
	ng := g.Clone()
	ng.Target = &syntax.Node{Op: syntax.OpFalse, Text: "False"}
	return append([]*elab.Goal{ng}, rest...), nil
}
