package repl

import (
	"errors"
	"fmt"
)

// The failure messages below are shaped like Lean 4's (v4.2x) but their exact wording has
// not been checked against a real Lean: no transcript records a failing `decide`,
// `native_decide`, `rfl` or `norm_num`. Clients must not match on them.
const (
	kernelDeepRec = "(kernel) deep recursion detected"
)

// decide runs a deciding tactic (decide, decide +kernel, native_decide, rfl, trivial,
// norm_num) on g. It returns the goal that remains (only norm_num leaves one: `False`, when
// the claim is false) or the failure.
func (r *proofRun) decide(kind string, g *goal, t *tacticSyntax) (*goal, *throw) {
	fail := func(format string, args ...any) (*goal, *throw) {
		return nil, &throw{pos: t.pos, end: t.end, msg: fmt.Sprintf(format, args...)}
	}
	if r.acceptAll {
		return nil, nil // the lying simulator (Options.AcceptAll) proves anything
	}
	mathlib := r.mathlib()
	if g.Target == nil {
		return fail("failed to synthesize\n  Decidable %s%s", g.Ty.name(mathlib), synthHint)
	}
	if kind == "rfl" {
		if msg := r.rflCheck(g); msg != "" {
			return fail("%s", msg)
		}
		return nil, nil
	}
	if kind == "trivial" && g.Target.Op == opTrue {
		return nil, nil
	}
	p := g.Target.pp()
	ev := &evaluator{sc: &scope{env: r.env, hyps: g.Hyps}}
	if kind == "decide" {
		ev.maxExp = elabExponentThreshold
	}
	v, err := ev.prop(g.Target)
	if err != nil {
		e := err.(*evalErr)
		switch e.kind {
		case evFree:
			if kind == "norm_num" {
				return fail("norm_num failed to simplify")
			}
			return fail("expected type must not contain free variables\n  %s\nUse the '+revert' option to automatically cleanup and revert free variables.", p)
		case evOpaque:
			return fail("tactic '%s' failed for proposition\n  %s\nsince its 'Decidable' instance did not reduce to 'isTrue' or 'isFalse'.", kind, p)
		case evTooBig, evExponent:
			if kind == "decide +kernel" {
				return fail(kernelDeepRec)
			}
			return fail(maxRecDepthMsg)
		default:
			if kind == "norm_num" {
				return fail("norm_num failed to simplify")
			}
			return fail("failed to synthesize\n  Decidable %s%s", parenthesize(g.Target), synthHint)
		}
	}
	if ev.bigExp != nil {
		return fail("tactic 'decide' failed for proposition\n  %s\nsince its 'Decidable' instance did not reduce to 'isTrue' or 'isFalse'.\n\n"+
			"exponent %s exceeds the threshold %d, exponentiation operation was not evaluated, use `set_option exponentiation.threshold <num>` to set a new threshold",
			p, ev.bigExp, elabExponentThreshold)
	}
	if v {
		return nil, nil
	}
	switch kind {
	case "native_decide":
		return fail("tactic 'native_decide' evaluated that the proposition\n  %s\nis false", p)
	case "norm_num":
		// Mathlib's norm_num rewrites a false closed claim to `False` and leaves it open.
		ng := g.clone()
		ng.Target = &Node{Op: opFalse, Text: "False"}
		return ng, nil
	}
	return fail("tactic 'decide' proved that the proposition\n  %s\nis false", p)
}

// parenthesize wraps a proposition in parentheses unless it is atomic, as Lean prints the
// argument of `Decidable`.
func parenthesize(n *Node) string {
	if n.prec() >= precMax {
		return n.pp()
	}
	return "(" + n.pp() + ")"
}

// rflCheck decides `rfl` on g: an equation whose sides are syntactically equal, or closed
// and of equal value. It returns "" on success, else Lean's failure text.
func (r *proofRun) rflCheck(g *goal) string {
	if r.acceptAll {
		return ""
	}
	mathlib := r.mathlib()
	t := g.Target
	if t == nil || (t.Op != "=" && t.Op != opIff) {
		return "The rfl tactic failed. Possible reasons:\n" +
			"- The goal is not a reflexive relation (neither `=` nor a relation with a @[refl] lemma).\n" +
			"- The arguments of the relation are not equal.\n" +
			"Try using the reflexivity lemma for your relation explicitly, e.g. `exact Eq.refl _` or\n" +
			"`exact HEq.rfl` etc.\n" + g.pp(mathlib)
	}
	if t.Kids[0].equal(t.Kids[1]) {
		return ""
	}
	if t.Op == "=" {
		ev := &evaluator{sc: &scope{env: r.env, hyps: g.Hyps}}
		a, errA := ev.term(t.Kids[0])
		b, errB := ev.term(t.Kids[1])
		if errA == nil && errB == nil && a.Cmp(b) == 0 {
			return ""
		}
		for _, err := range []error{errA, errB} {
			if e, ok := err.(*evalErr); ok && (e.kind == evTooBig || e.kind == evExponent) {
				return maxRecDepthMsg
			}
		}
	}
	return fmt.Sprintf("Tactic `rfl` failed: The left-hand side\n  %s\nis not definitionally equal to the right-hand side\n  %s\n\n%s",
		t.Kids[0].pp(), t.Kids[1].pp(), g.pp(mathlib))
}

// runGrind is the tactic.
func (r *proofRun) runGrind(t *tacticSyntax, g *goal, rest []*goal) ([]*goal, *throw) {
	keep := append([]*goal{g}, rest...)
	if len(t.toks) > 2 {
		return keep, notSimulatedTactic(t, "'grind' with arguments")
	}
	if r.acceptAll || r.grindLies {
		return rest, nil // a lying simulator (Options.AcceptAll, Options.GrindLies)
	}
	if g.Target == nil {
		return keep, notSimulatedTactic(t, "'grind' on a goal that is not a proposition")
	}
	ctx, target, err := grindIntro(g)
	if err != nil {
		return keep, notSimulatedTactic(t, "'grind' here ("+err.Error()+")")
	}
	proved, err := grindDecide(r.env, ctx, target)
	var frag *errGrindFragment
	switch {
	case errors.As(err, &frag):
		return keep, notSimulatedTactic(t, "'grind' here ("+frag.what+")")
	case err != nil:
		return keep, throwAt(t, "%s", grindFailure(ctx, r.mathlib()))
	case !proved:
		return keep, throwAt(t, "%s", grindFailure(ctx, r.mathlib()))
	}
	r.addAxiom("propext", "Classical.choice", "Quot.sound")
	return rest, nil
}
