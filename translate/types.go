package translate

import (
	"context"

	"github.com/leanprm/leanprm/translate/obligation"
)

// The obligation types live in translate/obligation (the ground every stage of the
// translator and every checker shares); these are their names in this package.
type (
	Verdict     = obligation.Verdict
	Kind        = obligation.Kind
	Span        = obligation.Span
	Hypothesis  = obligation.Hypothesis
	LeanMessage = obligation.LeanMessage
	Answer      = obligation.Answer
	Obligation  = obligation.Obligation
	Skipped     = obligation.Skipped
)

// Obligation verdicts (obligation.Verified …).
const (
	Verified    = obligation.Verified
	Approximate = obligation.Approximate
	Refuted     = obligation.Refuted
	Unknown     = obligation.Unknown
	Error       = obligation.Error
)

// Obligation kinds (obligation.KindEquality …).
const (
	KindEquality      = obligation.KindEquality
	KindInequality    = obligation.KindInequality
	KindApproximation = obligation.KindApproximation
	KindRoundingBound = obligation.KindRoundingBound
	KindSqrtSide      = obligation.KindSqrtSide
	KindIdentity      = obligation.KindIdentity
	KindImplication   = obligation.KindImplication
	KindSolution      = obligation.KindSolution
	KindClosedValue   = obligation.KindClosedValue
	KindCongruence    = obligation.KindCongruence
)

// StepVerdict summarises a step: refuted if any obligation is refuted,
// verified if it has obligations and all are verified, approximate if
// all are verified or approximate and at least one is approximate,
// otherwise none.
type StepVerdict string

// Step verdicts.
const (
	StepVerified    StepVerdict = "verified"
	StepApproximate StepVerdict = "approximate"
	StepRefuted     StepVerdict = "refuted"
	StepNone        StepVerdict = "none"
)

// LeanReply is what the translator needs of a REPL command response.
// Sorries are the start lines of any sorry in the reply.
type LeanReply struct {
	Messages   []LeanMessage `json:"messages,omitempty"`
	SorryLines []int         `json:"sorry_lines,omitempty"`
}

// Lean runs one command on the cached header environment. The adapter
// over the bridge's REPL pool implements it in cmd/; tests use fakes.
// Backend names the peer: "lean" for a real Lean, "sim" for the
// repository's simulator. A simulator must never answer "lean".
type Lean interface {
	RunCommand(ctx context.Context, cmd string) (LeanReply, error)
	Backend() string
}

// SymbolicLean is implemented by a Lean whose workers report the
// identity-tactic probe of docs/CONTRACTS.md §1b. When SymbolicOK is
// false, no symbolic (∀) line is sent: the Lean answer for such an
// obligation is marked Failed and the exact checker's verdict stands,
// with a warning. A Lean without the method receives every line.
type SymbolicLean interface {
	SymbolicOK() bool
}

// StepResult is the translation and verdicts of one step.
type StepResult struct {
	Index       int          `json:"index"`
	Text        string       `json:"text"`
	Obligations []Obligation `json:"obligations"`
	Skipped     []Skipped    `json:"skipped,omitempty"`
	Verdict     StepVerdict  `json:"verdict"`
	// Whole is set when the step says nothing but its claims (whole.go):
	// every claim verified then proves the whole step.
	Whole bool `json:"whole,omitempty"`
}

// ChainResult is the result of one chain of steps.
type ChainResult struct {
	ID    string       `json:"id,omitempty"`
	Steps []StepResult `json:"steps"`
	// Command is the single REPL command sent for the chain, if any.
	Command string `json:"command,omitempty"`
	// Checker names who decided: "lean", "sim", "exact" or "sim+exact".
	Checker string `json:"checker,omitempty"`
	// Warnings say what degraded the verdicts without deciding them, such
	// as a checker that failed while the other's verdicts stand.
	Warnings []string `json:"warnings,omitempty"`
}

// Counts tallies obligation verdicts of a chain.
func (c ChainResult) Counts() map[Verdict]int {
	m := map[Verdict]int{}
	for _, s := range c.Steps {
		for _, o := range s.Obligations {
			m[o.Verdict]++
		}
	}
	return m
}
