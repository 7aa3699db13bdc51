package lspsim

import (
	"errors"
	"fmt"
	"strings"
)

// prover runs tactics on a goal list; the first goal is the main goal.
type prover struct {
	goals     []goal
	mathlib   bool
	usedSorry bool
	// recovered is an error Lean logs and recovers from rather than throws: `exact` with
	// an unknown name closes the goal with a synthetic sorry and the proof goes on (Lean's
	// Tactic.elabTerm keeps "error to sorry" for exact). Set by run, cleared by the caller.
	recovered *simErr
}

// The failure messages are shaped like Lean 4's but were not checked against a real Lean;
// clients must not match on them (except "unsolved goals", "declaration uses `sorry`" and
// "Unknown identifier", whose wording the REPL transcripts show).

// run executes the tactic in line[sg.start:sg.end].
func (pr *prover) run(line string, sg segment) *simErr {
	toks := lex(line, sg.start, sg.end)
	if len(toks) == 0 {
		return nil
	}
	head := toks[0]
	whole := &simErr{start: sg.start, end: sg.end}
	errWhole := func(format string, args ...any) *simErr {
		return &simErr{fmt.Sprintf(format, args...), whole.start, whole.end}
	}
	noArgs := func(n int) *simErr {
		if len(toks) > n {
			t := toks[n]
			return &simErr{fmt.Sprintf("unexpected token '%s'; expected command", t.text), t.start, t.end}
		}
		return nil
	}
	if head.kind != tIdent && head.text != "·" {
		return &simErr{"unknown tactic", head.start, head.end}
	}
	if len(pr.goals) == 0 && head.text != "skip" {
		return errWhole("no goals to be proved")
	}
	switch head.text {
	case "sorry", "admit":
		if e := noArgs(1); e != nil {
			return e
		}
		pr.usedSorry = true
		pr.goals = pr.goals[1:]
		return nil
	case "skip":
		return noArgs(1)
	case "done":
		if e := noArgs(1); e != nil {
			return e
		}
		if len(pr.goals) > 0 {
			return errWhole("unsolved goals\n%s", pr.ppGoals())
		}
		return nil
	case "decide", "native_decide", "rfl", "trivial", "omega", "norm_num":
		kind := head.text
		n := 1
		if kind == "decide" && len(toks) >= 3 && toks[1].text == "+" && toks[2].text == "kernel" {
			kind, n = "decide +kernel", 3
		}
		if kind == "norm_num" && !pr.mathlib {
			return &simErr{"unknown tactic", head.start, head.end} // Mathlib's, not core's
		}
		if e := noArgs(n); e != nil {
			return e
		}
		rest, msg := pr.decide(kind, pr.goals[0])
		if msg != "" {
			return errWhole("%s", msg)
		}
		pr.goals = append(rest, pr.goals[1:]...)
		return nil
	case "intro", "intros":
		var names []token
		for _, t := range toks[1:] {
			if t.kind != tIdent {
				return &simErr{fmt.Sprintf("unexpected token '%s'; expected identifier", t.text), t.start, t.end}
			}
			names = append(names, t)
		}
		if head.text == "intros" && len(names) > 0 {
			return &simErr{"unexpected identifier; `intros` takes no names in the leanprm LSP simulator", names[0].start, names[0].end}
		}
		g := pr.goals[0]
		count := len(names)
		if count == 0 {
			count = 1
		}
		for i := 0; i < count || head.text == "intros"; i++ {
			name := ""
			if i < len(names) {
				name = names[i].text
			}
			ng, ok := introOne(g, name)
			if !ok {
				if head.text == "intros" {
					break
				}
				return errWhole("tactic 'introN' failed, insufficient number of binders")
			}
			g = ng
		}
		pr.goals[0] = g
		return nil
	case "constructor":
		if e := noArgs(1); e != nil {
			return e
		}
		g := pr.goals[0]
		t := g.target
		var sub []goal
		switch t.op {
		case "∧":
			sub = []goal{{tag: "left", hyps: g.hyps, target: t.args[0]}, {tag: "right", hyps: g.hyps, target: t.args[1]}}
		case "↔":
			sub = []goal{
				{tag: "mp", hyps: g.hyps, target: node("→", 0, 0, t.args[0], t.args[1])},
				{tag: "mpr", hyps: g.hyps, target: node("→", 0, 0, t.args[1], t.args[0])},
			}
		case "True":
		case "=":
			if _, msg := pr.decide("rfl", g); msg != "" {
				return errWhole("%s", msg)
			}
		default:
			return errWhole("tactic 'constructor' failed, target is not an inductive datatype\n%s", g.pp(pr.mathlib))
		}
		pr.goals = append(sub, pr.goals[1:]...)
		return nil
	case "left", "right":
		if e := noArgs(1); e != nil {
			return e
		}
		g := pr.goals[0]
		if g.target.op != "∨" {
			return errWhole("tactic '%s' failed, target is not an inductive datatype with two constructors\n%s", head.text, g.pp(pr.mathlib))
		}
		side := g.target.args[0]
		if head.text == "right" {
			side = g.target.args[1]
		}
		pr.goals[0] = goal{tag: "h", hyps: g.hyps, target: side}
		return nil
	case "exfalso":
		if e := noArgs(1); e != nil {
			return e
		}
		pr.goals[0].target = &expr{op: "False"}
		return nil
	case "assumption":
		if e := noArgs(1); e != nil {
			return e
		}
		g := pr.goals[0]
		for i := len(g.hyps) - 1; i >= 0; i-- {
			if h := g.hyps[i]; h.prop != nil && equal(h.prop, g.target) {
				pr.goals = pr.goals[1:]
				return nil
			}
		}
		return errWhole("tactic 'assumption' failed\n%s", g.pp(pr.mathlib))
	case "exact", "apply":
		if len(toks) == 1 {
			return &simErr{"unexpected end of input; expected term", head.end, head.end}
		}
		if head.text == "exact" && len(toks) == 2 && toks[1].text == "rfl" {
			if _, msg := pr.decide("rfl", pr.goals[0]); msg != "" {
				return errWhole("%s", msg)
			}
			pr.goals = pr.goals[1:]
			return nil
		}
		var pt *pterm
		if err := parseWith(func() {
			p := &parser{toks: toks[1:], eol: sg.end}
			pt = p.proofTerm()
			if p.peek() != nil {
				p.fail("expected end of term")
			}
		}); err != nil {
			return err
		}
		g := pr.goals[0]
		if head.text == "exact" {
			if err := pr.check(g, pt, g.target); err != nil {
				if strings.HasPrefix(err.msg, "Unknown identifier") {
					pr.recovered = err
					pr.goals = pr.goals[1:]
					return nil
				}
				return err
			}
			pr.goals = pr.goals[1:]
			return nil
		}
		ty, err := pr.infer(g, pt)
		if err != nil {
			return err
		}
		var premises []*expr
		for !equal(ty, g.target) {
			if ty.op != "→" {
				return &simErr{fmt.Sprintf("could not unify the conclusion of `%s`\n  %s\nwith the goal\n  %s", pt.text(), ppM(ty, pr.mathlib), ppM(g.target, pr.mathlib)), pt.start, pt.end}
			}
			premises = append(premises, ty.args[0])
			ty = ty.args[1]
		}
		var sub []goal
		for _, p := range premises {
			sub = append(sub, goal{hyps: g.hyps, target: p})
		}
		pr.goals = append(sub, pr.goals[1:]...)
		return nil
	}
	return &simErr{"unknown tactic", head.start, head.end}
}

func (pr *prover) ppGoals() string {
	var gs []string
	for _, g := range pr.goals {
		gs = append(gs, g.pp(pr.mathlib))
	}
	return strings.Join(gs, "\n\n")
}

// introOne introduces one binder of g's target under name ("" for an inaccessible name).
func introOne(g goal, name string) (goal, bool) {
	t := g.target
	var h hyp
	var target *expr
	switch t.op {
	case "→":
		h, target = hyp{name: name, prop: t.args[0]}, t.args[1]
		if name == "" {
			h.name = "a✝"
		}
	case "¬":
		h, target = hyp{name: name, prop: t.args[0]}, &expr{op: "False"}
		if name == "" {
			h.name = "a✝"
		}
	case "∀":
		if name == "" {
			name = t.name + "✝"
		}
		h, target = hyp{name: name, typ: t.typ}, rename(t.args[0], t.name, name)
	default:
		return g, false
	}
	hyps := make([]hyp, 0, len(g.hyps)+1)
	for _, old := range g.hyps {
		if old.name == h.name && !strings.HasSuffix(old.name, "✝") {
			old.name += "✝" // shadowed
		}
		hyps = append(hyps, old)
	}
	return goal{tag: g.tag, hyps: append(hyps, h), target: target}, true
}

// decide runs a deciding tactic on g. It returns the goals left (norm_num leaves `False`
// for a false claim, as Mathlib's does) or a failure message.
func (pr *prover) decide(kind string, g goal) ([]goal, string) {
	t := g.target
	p := ppM(t, pr.mathlib)
	if kind == "rfl" {
		switch {
		case (t.op == "=" || t.op == "↔") && equal(t.args[0], t.args[1]):
			return nil, ""
		case t.op != "=":
			return nil, "The rfl tactic failed. Possible reasons:\n- The goal is not a reflexive relation (neither `=` nor a relation with a @[refl] lemma).\n- The arguments of the relation are not equal.\n" + g.pp(pr.mathlib)
		case t.typ == "Rat" && hasRatArith(t):
			return nil, fmt.Sprintf("The rfl tactic failed: the left-hand side\n  %s\nis not definitionally equal to the right-hand side\n  %s", ppM(t.args[0], pr.mathlib), ppM(t.args[1], pr.mathlib))
		}
	}
	if kind == "trivial" && t.op == "True" {
		return nil, ""
	}
	if kind == "omega" && containsType(t, "Rat") {
		return nil, "omega could not prove the goal: it handles Int and Nat only"
	}
	if kind == "decide" && hasRatArith(t) {
		return nil, fmt.Sprintf("tactic 'decide' failed for proposition\n  %s\nsince its 'Decidable' instance did not reduce to 'isTrue' or 'isFalse'.", p)
	}
	v, err := evalProp(t)
	if err != nil {
		var ee *evalErr
		errors.As(err, &ee)
		if ee.kind == evTooBig {
			if kind == "decide +kernel" {
				return nil, "(kernel) deep recursion detected"
			}
			return nil, "maximum recursion depth has been reached\nuse `set_option maxRecDepth <num>` to increase limit"
		}
		switch kind {
		case "norm_num":
			return nil, "norm_num failed to simplify"
		case "omega":
			return nil, "omega could not prove the goal (the leanprm LSP simulator decides closed goals only)"
		case "rfl":
			return nil, fmt.Sprintf("The rfl tactic failed: the left-hand side\n  %s\nis not definitionally equal to the right-hand side\n  %s", ppM(t.args[0], pr.mathlib), ppM(t.args[1], pr.mathlib))
		case "trivial":
			return nil, "tactic 'trivial' failed\n" + g.pp(pr.mathlib)
		}
		return nil, fmt.Sprintf("expected type must not contain free variables\n  %s\nUse the '+revert' option to automatically cleanup and revert free variables.", p)
	}
	if v {
		return nil, ""
	}
	switch kind {
	case "norm_num":
		return []goal{{hyps: g.hyps, target: &expr{op: "False"}}}, ""
	case "native_decide":
		return nil, fmt.Sprintf("tactic 'native_decide' evaluated that the proposition\n  %s\nis false", p)
	case "omega":
		return nil, "omega could not prove the goal: the claim is false"
	case "rfl":
		return nil, fmt.Sprintf("The rfl tactic failed: the left-hand side\n  %s\nis not definitionally equal to the right-hand side\n  %s", ppM(t.args[0], pr.mathlib), ppM(t.args[1], pr.mathlib))
	case "trivial":
		return nil, "tactic 'trivial' failed\n" + g.pp(pr.mathlib)
	}
	return nil, fmt.Sprintf("tactic '%s' proved that the proposition\n  %s\nis false", kind, p)
}

func containsType(e *expr, t string) bool {
	if e.typ == t {
		return true
	}
	for _, a := range e.args {
		if containsType(a, t) {
			return true
		}
	}
	return false
}

// Proof terms for exact/apply: a name, an application `h a b`, an anonymous constructor
// `⟨a, b⟩`, or one in parentheses.
type pterm struct {
	name       string   // a name
	app        []*pterm // f a1 … an
	anon       []*pterm // ⟨a1, …, an⟩
	isAnon     bool
	start, end int
}

func (t *pterm) text() string {
	switch {
	case t.isAnon:
		var parts []string
		for _, a := range t.anon {
			parts = append(parts, a.text())
		}
		return "⟨" + strings.Join(parts, ", ") + "⟩"
	case t.app != nil:
		var parts []string
		for _, a := range t.app {
			s := a.text()
			if a.app != nil {
				s = "(" + s + ")"
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, " ")
	}
	return t.name
}

func (p *parser) proofTerm() *pterm {
	first := p.proofAtom()
	args := []*pterm{first}
	for {
		t := p.peek()
		if t == nil || !(t.kind == tIdent || (t.kind == tSym && (t.text == "(" || t.text == "⟨"))) {
			break
		}
		args = append(args, p.proofAtom())
	}
	if len(args) == 1 {
		return first
	}
	return &pterm{app: args, start: first.start, end: args[len(args)-1].end}
}

func (p *parser) proofAtom() *pterm {
	t := p.peek()
	switch {
	case t == nil:
		p.fail("expected term")
	case t.kind == tIdent:
		p.next()
		return &pterm{name: t.text, start: t.start, end: t.end}
	case p.is("("):
		open := p.next()
		in := p.proofTerm()
		cl := p.expect(")")
		in.start, in.end = open.start, cl.end
		return in
	case p.is("⟨"):
		open := p.next()
		out := &pterm{isAnon: true, start: open.start}
		if !p.is("⟩") {
			out.anon = append(out.anon, p.proofTerm())
			for p.is(",") {
				p.next()
				out.anon = append(out.anon, p.proofTerm())
			}
		}
		out.end = p.expect("⟩").end
		return out
	}
	p.fail("expected term")
	return nil
}

func (pr *prover) lookup(g goal, t *pterm) (*expr, *simErr) {
	for i := len(g.hyps) - 1; i >= 0; i-- {
		if h := g.hyps[i]; h.name == t.name {
			if h.prop == nil {
				return nil, &simErr{fmt.Sprintf("type mismatch\n  %s\nis a term of type %s, not a proof", t.name, showType(h.typ, pr.mathlib)), t.start, t.end}
			}
			return h.prop, nil
		}
	}
	switch t.name {
	case "trivial", "True.intro":
		return &expr{op: "True"}, nil
	}
	return nil, &simErr{fmt.Sprintf("Unknown identifier `%s`", t.name), t.start, t.end}
}

// infer computes the proposition a proof term proves (names and applications only).
func (pr *prover) infer(g goal, t *pterm) (*expr, *simErr) {
	switch {
	case t.isAnon:
		return nil, &simErr{"invalid constructor ⟨...⟩, expected type must be known", t.start, t.end}
	case t.app != nil:
		f, err := pr.infer(g, t.app[0])
		if err != nil {
			return nil, err
		}
		for _, a := range t.app[1:] {
			if f.op != "→" && f.op != "¬" {
				return nil, &simErr{fmt.Sprintf("function expected\n  %s\nhas type\n  %s", t.app[0].text(), ppM(f, pr.mathlib)), t.start, t.end}
			}
			if err := pr.check(g, a, f.args[0]); err != nil {
				return nil, err
			}
			if f.op == "¬" {
				f = &expr{op: "False"}
			} else {
				f = f.args[1]
			}
		}
		return f, nil
	}
	return pr.lookup(g, t)
}

// check verifies that t proves want.
func (pr *prover) check(g goal, t *pterm, want *expr) *simErr {
	if t.isAnon {
		switch {
		case want.op == "True" && len(t.anon) == 0:
			return nil
		case want.op == "∧" && len(t.anon) >= 2:
			if err := pr.check(g, t.anon[0], want.args[0]); err != nil {
				return err
			}
			rest := t.anon[1]
			if len(t.anon) > 2 { // ⟨a, b, c⟩ is ⟨a, ⟨b, c⟩⟩
				rest = &pterm{isAnon: true, anon: t.anon[1:], start: t.anon[1].start, end: t.end}
			}
			return pr.check(g, rest, want.args[1])
		case want.op == "↔" && len(t.anon) == 2:
			if err := pr.check(g, t.anon[0], node("→", 0, 0, want.args[0], want.args[1])); err != nil {
				return err
			}
			return pr.check(g, t.anon[1], node("→", 0, 0, want.args[1], want.args[0]))
		}
		return &simErr{fmt.Sprintf("invalid constructor ⟨...⟩, insufficient number of arguments or expected type is not a structure\n  %s", ppM(want, pr.mathlib)), t.start, t.end}
	}
	got, err := pr.infer(g, t)
	if err != nil {
		return err
	}
	if !equal(got, want) {
		return &simErr{fmt.Sprintf("type mismatch\n  %s\nhas type\n  %s : Prop\nbut is expected to have type\n  %s : Prop", t.text(), ppM(got, pr.mathlib), ppM(want, pr.mathlib)), t.start, t.end}
	}
	return nil
}
