package hybrid

import (
	"context"
	"fmt"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// Verdict is what a formal checker concluded about a claim or a step.
type Verdict string

const (
	// NoVerdict: nothing in the step was formalized.
	NoVerdict Verdict = ""
	// Verified: the checker accepted the claim (for a step: every claim).
	Verified Verdict = "verified"
	// Approximate: the checker proved the claim only as a rounding or
	// truncation to the precision shown ("1/3 = 0.33"); for a step: every
	// claim verified or approximate, at least one approximate. It is
	// neither a proof nor a refutation: the merge treats it as no verdict
	// (the learned score stands, never FromFormal or boosted), and compare
	// and eval count it as neither verified nor refuted.
	Approximate Verdict = "approximate"
	// Refuted: the checker proved the claim's negation (for a step: at
	// least one claim).
	Refuted Verdict = "refuted"
	// Unknown: formalized, but the checker could decide neither way
	// (timeout, error, unsupported).
	Unknown Verdict = "unknown"
)

func (v Verdict) String() string {
	if v == NoVerdict {
		return "none"
	}
	return string(v)
}

// MarshalText writes NoVerdict as "none".
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (v *Verdict) UnmarshalText(b []byte) error {
	switch s := Verdict(b); s {
	case "none", "":
		*v = NoVerdict
	case Verified, Approximate, Refuted, Unknown:
		*v = s
	default:
		return fmt.Errorf("unknown verdict %q", b)
	}
	return nil
}

// Obligation is one claim of a step sent to a checker.
type Obligation struct {
	// Text is the claim as it reads in the step ("18 - 6 = 12").
	Text string `json:"text,omitempty"`
	// Lean is the declaration sent to the checker.
	Lean    string  `json:"lean,omitempty"`
	Verdict Verdict `json:"verdict"`
	Checker string  `json:"checker,omitempty"`
	// Messages are the checker's messages (errors, goals) for this claim.
	Messages []string `json:"messages,omitempty"`
}

// FormalStep is the formal side's result for one step.
type FormalStep struct {
	Verdict Verdict `json:"verdict"`
	// Checker names who decided: "lean", "sim" or "exact" (see
	// docs/CONTRACTS.md §2); empty without a verdict.
	Checker string `json:"checker,omitempty"`
	// FullyFormal is set when the whole step was formalized (a Lean block,
	// or a step the translator captured completely), so a Verified verdict
	// covers everything the step says. Otherwise a verified step may still
	// say things nobody checked.
	FullyFormal bool         `json:"fully_formal,omitempty"`
	Obligations []Obligation `json:"obligations,omitempty"`
	// Warnings say that a checker failed on the step while the verdict
	// rests on the others (the scorer adds them to the chain's Warnings).
	Warnings []string `json:"warnings,omitempty"`
}

// Formal is the formal side as hybrid needs it: one result per step, in
// order. An implementation returns a FormalStep with NoVerdict for steps it
// could not formalize; an error means the whole chain could not be checked
// (the scorer then falls back to learned scores and records the error).
type Formal interface {
	JudgeSteps(ctx context.Context, problem string, steps []chain.Step) ([]FormalStep, error)
}

// NoFormal is a Formal that formalizes nothing: every step gets NoVerdict,
// so the merged score is the learned one. It stands in for the formal side
// where none is wired.
type NoFormal struct{}

var _ Formal = NoFormal{}

// JudgeSteps implements Formal.
func (NoFormal) JudgeSteps(_ context.Context, _ string, steps []chain.Step) ([]FormalStep, error) {
	return make([]FormalStep, len(steps)), nil
}

// CombineVerdicts combines the verdicts of a step's obligations: refuted if any
// is refuted, verified if there is at least one and all are verified,
// approximate if all are verified or approximate and one is approximate,
// unknown if some were formalized but not all decided, NoVerdict if none.
func CombineVerdicts(obs []Obligation) Verdict {
	if len(obs) == 0 {
		return NoVerdict
	}
	all, approx := true, false
	for _, o := range obs {
		switch o.Verdict {
		case Refuted:
			return Refuted
		case Verified:
		case Approximate:
			approx = true
		default:
			all = false
		}
	}
	switch {
	case all && approx:
		return Approximate
	case all:
		return Verified
	}
	return Unknown
}

// checkFormal runs f and validates the shape of its answer.
func checkFormal(ctx context.Context, f Formal, problem string, steps []chain.Step) ([]FormalStep, error) {
	out, err := f.JudgeSteps(ctx, problem, steps)
	if err != nil {
		return nil, err
	}
	if len(out) != len(steps) {
		return nil, fmt.Errorf("formal checker returned %d results for %d steps", len(out), len(steps))
	}
	return out, nil
}
