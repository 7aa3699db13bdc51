package tactic

import (
	"errors"
	"fmt"

	"github.com/leanprm/leanprm/internal/leansim/decide"
	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
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
func (r *ProofRun) decide(kind string, g *elab.Goal, t *syntax.Tactic) (*elab.Goal, *throw) {
	fail := func(format string, args ...any) (*elab.Goal, *throw) {
		return nil, &throw{Pos: t.Pos, End: t.End, Msg: fmt.Sprintf(format, args...)}
	}
	if r.AcceptAll {
		return nil, nil // the lying simulator (Options.AcceptAll) proves anything
	}
	mathlib := r.mathlib()
	if g.Target == nil {
		return fail("failed to synthesize\n  Decidable %s%s", g.Ty.Name(mathlib), elab.SynthHint)
	}
	if kind == "rfl" {
		if msg := r.rflCheck(g); msg != "" {
			return fail("%s", msg)
		}
		return nil, nil
	}
	if kind == "trivial" && g.Target.Op == syntax.OpTrue {
		return nil, nil
	}
	p := g.Target.Pretty()
	ev := &elab.Evaluator{Scope: &elab.Scope{Env: r.Env, Hyps: g.Hyps}}
	if kind == "decide" {
		ev.MaxExp = elab.ElabExponentThreshold
	}
	v, err := ev.Prop(g.Target)
	if err != nil {
		e := err.(*elab.EvalErr)
		switch e.Kind {
		case elab.EvFree:
			if kind == "norm_num" {
				return fail("norm_num failed to simplify")
			}
			return fail("expected type must not contain free variables\n  %s\nUse the '+revert' option to automatically cleanup and revert free variables.", p)
		case elab.EvOpaque:
			return fail("tactic '%s' failed for proposition\n  %s\nsince its 'Decidable' instance did not reduce to 'isTrue' or 'isFalse'.", kind, p)
		case elab.EvTooBig, elab.EvExponent:
			if kind == "decide +kernel" {
				return fail(kernelDeepRec)
			}
			return fail(syntax.MaxRecDepthMsg)
		default:
			if kind == "norm_num" {
				return fail("norm_num failed to simplify")
			}
			return fail("failed to synthesize\n  Decidable %s%s", parenthesize(g.Target), elab.SynthHint)
		}
	}
	if ev.BigExp != nil {
		return fail("tactic 'decide' failed for proposition\n  %s\nsince its 'Decidable' instance did not reduce to 'isTrue' or 'isFalse'.\n\n"+
			"exponent %s exceeds the threshold %d, exponentiation operation was not evaluated, use `set_option exponentiation.threshold <num>` to set a new threshold",
			p, ev.BigExp, elab.ElabExponentThreshold)
	}
	if v {
		return nil, nil
	}
	switch kind {
	case "native_decide":
		return fail("tactic 'native_decide' evaluated that the proposition\n  %s\nis false", p)
	case "norm_num":
		// Mathlib's norm_num rewrites a false closed claim to `False` and leaves it open.
		ng := g.Clone()
		ng.Target = &syntax.Node{Op: syntax.OpFalse, Text: "False"}
		return ng, nil
	}
	return fail("tactic 'decide' proved that the proposition\n  %s\nis false", p)
}

// parenthesize wraps a proposition in parentheses unless it is atomic, as Lean prints the
// argument of `Decidable`.
func parenthesize(n *syntax.Node) string {
	if n.Prec() >= syntax.PrecMax {
		return n.Pretty()
	}
	return "(" + n.Pretty() + ")"
}

// rflCheck decides `rfl` on g: an equation whose sides are syntactically equal, or closed
// and of equal value. It returns "" on success, else Lean's failure text.
func (r *ProofRun) rflCheck(g *elab.Goal) string {
	if r.AcceptAll {
		return ""
	}
	mathlib := r.mathlib()
	t := g.Target
	if t == nil || (t.Op != "=" && t.Op != syntax.OpIff) {
		return "The rfl tactic failed. Possible reasons:\n" +
			"- The goal is not a reflexive relation (neither `=` nor a relation with a @[refl] lemma).\n" +
			"- The arguments of the relation are not equal.\n" +
			"Try using the reflexivity lemma for your relation explicitly, e.g. `exact Eq.refl _` or\n" +
			"`exact HEq.rfl` etc.\n" + g.Pretty(mathlib)
	}
	if t.Kids[0].Equal(t.Kids[1]) {
		return ""
	}
	if t.Op == "=" {
		ev := &elab.Evaluator{Scope: &elab.Scope{Env: r.Env, Hyps: g.Hyps}}
		a, errA := ev.Term(t.Kids[0])
		b, errB := ev.Term(t.Kids[1])
		if errA == nil && errB == nil && a.Cmp(b) == 0 {
			return ""
		}
		for _, err := range []error{errA, errB} {
			if e, ok := err.(*elab.EvalErr); ok && (e.Kind == elab.EvTooBig || e.Kind == elab.EvExponent) {
				return syntax.MaxRecDepthMsg
			}
		}
		// A side that is a bare variable is in normal form: it equals only itself, so against
		// a value or another variable Lean's rfl fails too.
		normal := func(n *syntax.Node, err error) bool { return err == nil || n.Op == syntax.OpVar }
		if !normal(t.Kids[0], errA) || !normal(t.Kids[1], errB) {
			// Sides the simulator cannot evaluate (`n + 0 = n` holds by unfolding Nat.add,
			// which it does not model): no verdict, never Lean's failure text.
			return "leanprm-simulator: `rfl` on an equation whose sides it cannot evaluate is not simulated (this is a simulator, not Lean)"
		}
	}
	return fmt.Sprintf("Tactic `rfl` failed: The left-hand side\n  %s\nis not definitionally equal to the right-hand side\n  %s\n\n%s",
		t.Kids[0].Pretty(), t.Kids[1].Pretty(), g.Pretty(mathlib))
}

// runGrind is the tactic.
func (r *ProofRun) runGrind(t *syntax.Tactic, g *elab.Goal, rest []*elab.Goal) ([]*elab.Goal, *throw) {
	keep := append([]*elab.Goal{g}, rest...)
	if len(t.Toks) > 2 {
		return keep, notSimulatedTactic(t, "'grind' with arguments")
	}
	if r.AcceptAll || r.GrindLies {
		return rest, nil // a lying simulator (Options.AcceptAll, Options.GrindLies)
	}
	if g.Target == nil {
		return keep, notSimulatedTactic(t, "'grind' on a goal that is not a proposition")
	}
	ctx, target, err := decide.GrindIntro(g)
	if err != nil {
		return keep, notSimulatedTactic(t, "'grind' here ("+err.Error()+")")
	}
	proved, err := decide.Grind(r.Env, ctx, target)
	var frag *decide.ErrGrindFragment
	switch {
	case errors.As(err, &frag):
		return keep, notSimulatedTactic(t, "'grind' here ("+frag.What+")")
	case err != nil:
		return keep, throwAt(t, "%s", decide.GrindFailure(ctx, r.mathlib()))
	case !proved:
		return keep, throwAt(t, "%s", decide.GrindFailure(ctx, r.mathlib()))
	}
	r.AddAxiom("propext", "Classical.choice", "Quot.sound")
	return rest, nil
}
