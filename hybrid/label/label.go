package label

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// Method is how the labels of a run are made.
type Method string

// Methods.
const (
	// Formal labels a refuted step wrong and a step verified in full right; nothing else.
	Formal Method = "formal"
	// MCHard is Math-Shepherd's hard estimate: a step is right when any of K rollouts from
	// its prefix reaches the gold answer.
	MCHard Method = "mc-hard"
	// MCSoft is Math-Shepherd's soft estimate: the share of K rollouts reaching the gold
	// answer, read as right at SoftThreshold or above.
	MCSoft Method = "mc-soft"
	// Omega is OmegaPRM's binary search for the first step whose rollouts stop reaching the
	// gold answer.
	Omega Method = "omega"
	// Combined is Formal where a proof decides, MCHard elsewhere.
	Combined Method = "combined"
)

// Methods lists the methods ParseMethod accepts.
func Methods() []Method { return []Method{Formal, MCHard, MCSoft, Omega, Combined} }

// ParseMethod maps a --method value to a Method.
func ParseMethod(s string) (Method, error) {
	return parseName(s, "method", Methods())
}

// parseName finds s among all, ignoring case and surrounding space; what names the kind of
// value in the error, which lists all.
func parseName[T ~string](s, what string, all []T) (T, error) {
	for _, v := range all {
		if strings.EqualFold(strings.TrimSpace(s), string(v)) {
			return v, nil
		}
	}
	names := make([]string, 0, len(all))
	for _, v := range all {
		names = append(names, string(v))
	}
	return "", fmt.Errorf("unknown %s %q (want %s)", what, s, strings.Join(names, ", "))
}

// NeedsGenerator reports whether m rolls out completions.
func (m Method) NeedsGenerator() bool { return m != Formal }

// Sources of a step label.
const (
	// SourceFormal: a checker proved the step right (verified in full) or wrong (refuted).
	SourceFormal = "formal"
	// SourceMC: Monte Carlo rollouts from the step's prefix, graded against the gold answer.
	SourceMC = "mc"
	// SourceAnswer: the chain's own final answer graded against the gold answer (the last
	// step's prefix is the whole chain, so no rollout is needed).
	SourceAnswer = "answer"
	// SourceInferred: not measured at this step; implied by a measured one (omega: a later
	// prefix reached the gold answer, so this step did not break the chain).
	SourceInferred = "inferred"
)

// Step is one labelled step. Label is nil when nothing decided it.
type Step struct {
	Index int    `json:"index"`
	Text  string `json:"text"`
	// Formal marks a Lean step (chain.Step.Formal).
	FormalStep bool `json:"formal,omitempty"`
	// Label: true right, false wrong, null unknown.
	Label *bool `json:"label"`
	// Source says what decided Label: formal, mc, answer or inferred ("" with no label).
	Source string `json:"source,omitempty"`

	// Verdict and Checker are the formal side's, when it ran on the step.
	Verdict hybrid.Verdict `json:"verdict,omitempty"`
	Checker string         `json:"checker,omitempty"`
	// Reason is the checker's reason for a refutation ("48 / 2 is 24, not 25").
	Reason string `json:"reason,omitempty"`

	// K is the number of rollouts graded from this step's prefix; Reached how many reached
	// the gold answer, Undecided how many ended without an answer the grader could decide;
	// Share is Reached/K. All absent when no rollout ran here.
	K         int      `json:"k,omitempty"`
	Reached   *int     `json:"reached,omitempty"`
	Undecided int      `json:"undecided,omitempty"`
	Share     *float64 `json:"share,omitempty"`
}

// Chain is one labelled chain: what `leanprm label` writes, one JSON object per line.
type Chain struct {
	ID      string `json:"id"`
	Source  string `json:"source,omitempty"` // file:line of the input row
	Subset  string `json:"subset,omitempty"`
	Problem string `json:"problem"`
	Gold    string `json:"gold,omitempty"`
	// Method is the marker field readers detect this format by.
	Method Method `json:"label_method"`
	// RolloutsPerPrefix is K (0 for formal).
	RolloutsPerPrefix int `json:"rollouts_per_prefix,omitempty"`
	// StepIndexBase says Index and FirstError count from 0.
	StepIndexBase int    `json:"step_index_base"`
	Steps         []Step `json:"steps"`
	// FirstError is the first step labelled wrong; -1 when every step is labelled right;
	// null when an unlabelled step comes before any wrong one (undecidable).
	FirstError *int `json:"first_error"`
	// GoldFirstError is the input's own first-error label, when it had one.
	GoldFirstError *int `json:"gold_first_error,omitempty"`
	// Rollouts is what labelling this chain cost: completions requested from the generator
	// (cache hits are free and not counted).
	Rollouts int `json:"rollouts"`
	// Checker is the formal side that ran ("exact", "lean+exact", ...), if any.
	Checker string `json:"checker,omitempty"`
	// Err is set when the chain could not be labelled; its steps then carry no labels.
	Err string `json:"error,omitempty"`
}

// Labels returns the step labels as chain labels (nil is Unlabeled).
func (c *Chain) Labels() []chain.Label {
	out := make([]chain.Label, len(c.Steps))
	for i, s := range c.Steps {
		out[i] = toChainLabel(s.Label)
	}
	return out
}

func toChainLabel(b *bool) chain.Label {
	switch {
	case b == nil:
		return chain.Unlabeled
	case *b:
		return chain.Correct
	}
	return chain.Wrong
}

// setFirstError computes FirstError from the step labels.
func (c *Chain) setFirstError() {
	c.FirstError = FirstError(c.Steps)
}

// FirstError is the index of the first step labelled wrong, -1 when every step is labelled
// right, nil when a step without a label comes before any wrong one.
func FirstError(steps []Step) *int {
	for i, s := range steps {
		if s.Label == nil {
			return nil
		}
		if !*s.Label {
			return ptr(i)
		}
	}
	return ptr(chain.NoError)
}

func ptr[T any](v T) *T { return &v }

// newChain is the unlabelled result for c.
func newChain(c chain.Chain, gold string, m Method) Chain {
	out := Chain{ID: c.ID, Source: c.Source, Subset: c.Subset, Problem: c.Problem, Gold: gold, Method: m,
		Steps: make([]Step, len(c.Steps))}
	for i, s := range c.Steps {
		out.Steps[i] = Step{Index: i, Text: s.Text, FormalStep: s.Formal}
	}
	if c.FirstError >= chain.NoError {
		out.GoldFirstError = ptr(c.FirstError)
	}
	return out
}

// applyFormal labels the steps a proof decides: refuted is wrong, verified with the whole
// step formalized is right. A verified step that says more than was checked, an approximate
// one (a rounding is no proof) and anything unknown stay unlabelled. It reports how many
// steps it labelled.
func applyFormal(steps []Step, fs []hybrid.FormalStep) int {
	n := 0
	for i := range steps {
		if i >= len(fs) {
			break
		}
		f := fs[i]
		steps[i].Verdict, steps[i].Checker = f.Verdict, f.Checker
		switch {
		case f.Verdict == hybrid.Refuted:
			steps[i].Label, steps[i].Source = ptr(false), SourceFormal
			steps[i].Reason = refutation(f.Obligations)
			n++
		case f.Verdict == hybrid.Verified && f.FullyFormal:
			steps[i].Label, steps[i].Source = ptr(true), SourceFormal
			n++
		}
	}
	return n
}

// refutation is the first refuted obligation's claim and reason.
func refutation(obs []hybrid.Obligation) string {
	for _, o := range obs {
		if o.Verdict != hybrid.Refuted {
			continue
		}
		if len(o.Messages) > 0 {
			return o.Text + ": " + o.Messages[0]
		}
		return o.Text
	}
	return ""
}
