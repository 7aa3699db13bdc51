package formal

import (
	"context"
	"fmt"
	"slices"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/translate"
)

// Prose is a hybrid.Formal over a translate.Translator: each chain's steps
// go through Translator.ChainProblem with the chain's problem (one REPL
// command per chain when Lean is in use; decimals and percentages the
// problem states are exact in the steps' computations), and each translate obligation becomes a hybrid.Obligation: its
// claim, both declarations sent (P, then ¬(P)), its checker, and the reason
// and Lean's messages as Messages. Verified, Approximate and Refuted map as
// they are; Unknown and Error (checkers that contradict each other, or the
// only checker failed) map to Unknown. A checker that failed beside another
// that answered leaves the other's verdict and a warning on the step
// (FormalStep.Warnings). A step's checker is the first that decided one of
// its claims, or, for a refuted step, the one that refuted it.
//
// Lean steps (chain.Step.Formal) reach the translator as empty text: they
// are not prose, and the translator finds nothing in Lean syntax it does
// not generate itself.
//
// Prose is safe for concurrent use when the Translator is.
type Prose struct {
	tr *translate.Translator
}

var _ hybrid.Formal = (*Prose)(nil)

// NewProse wraps tr.
func NewProse(tr *translate.Translator) *Prose { return &Prose{tr: tr} }

// JudgeSteps implements hybrid.Formal. The error is the context's, if it
// ended first (the exact checker alone does not watch the context, so it
// is checked before); checker failures are Unknown verdicts.
func (c *Prose) JudgeSteps(ctx context.Context, problem string, steps []chain.Step) ([]hybrid.FormalStep, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	texts := make([]string, len(steps))
	for i, st := range steps {
		if !st.Formal {
			texts[i] = st.Text
		}
	}
	res, err := c.tr.ChainProblem(ctx, "", problem, texts)
	if err != nil {
		return nil, err
	}
	return ConvertChain(res, len(steps)), nil
}

// ConvertChain maps a translate result to one hybrid.FormalStep per step (n
// steps; steps the result lacks get NoVerdict).
func ConvertChain(res translate.ChainResult, n int) []hybrid.FormalStep {
	out := make([]hybrid.FormalStep, n)
	for i := range out {
		if i < len(res.Steps) {
			out[i] = ConvertStep(res.Steps[i])
		}
	}
	return out
}

// ConvertStep maps one step's obligations.
func ConvertStep(s translate.StepResult) hybrid.FormalStep {
	// A step that is nothing but its claims is proved when they all are.
	fs := hybrid.FormalStep{FullyFormal: s.Whole}
	for _, o := range s.Obligations {
		ob := hybrid.Obligation{
			Text:    o.Expr,
			Lean:    o.Lean + "\n" + o.LeanNeg,
			Verdict: ConvertVerdict(o.Verdict),
			Checker: o.Checker,
		}
		if o.Reason != "" {
			ob.Messages = append(ob.Messages, o.Reason)
		}
		for _, m := range o.Messages {
			ob.Messages = append(ob.Messages, fmt.Sprintf("%s %d:%d: %s", m.Severity, m.Line, m.Column, m.Data))
		}
		fs.Obligations = append(fs.Obligations, ob)
		if o.Warning != "" && !slices.Contains(fs.Warnings, o.Warning) {
			fs.Warnings = append(fs.Warnings, o.Warning)
		}
		if fs.Checker == "" && (ob.Verdict == hybrid.Verified || ob.Verdict == hybrid.Approximate || ob.Verdict == hybrid.Refuted) {
			fs.Checker = o.Checker
		}
	}
	for _, sk := range s.Skipped {
		// A limit left part of the step unchecked: never in silence.
		if sk.Limit && !slices.Contains(fs.Warnings, sk.Reason) {
			fs.Warnings = append(fs.Warnings, sk.Reason)
		}
	}
	fs.Verdict = hybrid.CombineVerdicts(fs.Obligations)
	if fs.Verdict == hybrid.Refuted {
		for _, o := range fs.Obligations {
			if o.Verdict == hybrid.Refuted {
				fs.Checker = o.Checker
				break
			}
		}
	}
	return fs
}

// ConvertVerdict maps an obligation verdict: Error (the checkers disagree or one
// failed) is Unknown to hybrid; the reason stays in the obligation's
// messages.
func ConvertVerdict(v translate.Verdict) hybrid.Verdict {
	switch v {
	case translate.Verified:
		return hybrid.Verified
	case translate.Approximate:
		return hybrid.Approximate
	case translate.Refuted:
		return hybrid.Refuted
	}
	return hybrid.Unknown
}
