package translate

import (
	"context"
)

// Verdict is the outcome of one obligation.
type Verdict string

// Obligation verdicts.
//
// Only Verified says the claim holds exactly as written. Approximate says
// it holds as a rounding (or truncation) of the value to the precision
// shown, "1/3 = 0.33": true to a reader who rounds, false to one who does
// not, so it is neither a proof nor a refutation.
const (
	Verified    Verdict = "verified"    // the checker accepted P, and P is the claim as written
	Approximate Verdict = "approximate" // the checker accepted P, a rounding statement: not exact
	Refuted     Verdict = "refuted"     // the checker accepted ¬(P) and the claim admits no other reading
	Unknown     Verdict = "unknown"     // nothing decided, or the decision does not bear on the claim
	Error       Verdict = "error"       // two checkers contradict each other, or the only checker failed
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

// Kind says which statement an obligation makes about its claim.
type Kind string

// Obligation kinds. See the package documentation for the statement each
// one sends and how its answer maps to a verdict.
const (
	// KindEquality is A = B, decided exactly.
	KindEquality Kind = "equality"
	// KindInequality is A < B, A > B, A ≤ B, A ≥ B or A ≠ B, decided exactly.
	KindInequality Kind = "inequality"
	// KindApproximation is the rounding statement R - u/2 ≤ A ∧ A ≤ R + u/2
	// for a value R shown with a unit u in its last place (a truncation
	// toward zero: R ≤ A ∧ A < R + u, or for A < 0 R - u < A ∧ A ≤ R).
	// Proving it makes the claim Approximate, never Verified; disproving
	// it does not refute it (another rounding convention may explain it).
	KindApproximation Kind = "approximation"
	// KindRoundingBound says the two sides lie closer than any rounding or
	// truncation of the decimals shown can explain: A - B < t ∧ B - A < t
	// (or A - B < t for an inequality). Disproving it refutes the claim;
	// proving it decides nothing.
	KindRoundingBound Kind = "rounding-bound"
	// KindSqrtSide is the side condition r * r = a ∧ r ≥ 0 for a square
	// root replaced by its rational value r.
	KindSqrtSide Kind = "sqrt-side"
)

// Span is a byte range of a step with the text it covers.
type Span struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
}

// Hypothesis is a variable binding carried forward in a chain, as it
// appears in a declaration: the generated names v1 and h1 stand for the
// step's Name.
type Hypothesis struct {
	Name  string `json:"name"`  // the name in the step text, e.g. "x"
	Var   string `json:"var"`   // generated Lean variable, "v1"
	Hyp   string `json:"hyp"`   // generated hypothesis name, "h1"
	Value string `json:"value"` // the bound value, normalised
	Step  int    `json:"step"`  // the step that bound it
}

// LeanMessage is one message of a Lean reply, positioned in the command
// that was sent (line 1-based, column 0-based in code points).
type LeanMessage struct {
	Severity  string `json:"severity"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine,omitempty"`
	EndColumn int    `json:"endColumn,omitempty"`
	Data      string `json:"data"`
}

// LeanReply is what the translator needs of a REPL command response.
// Sorries are the start lines of any sorry in the reply.
type LeanReply struct {
	Messages   []LeanMessage `json:"messages,omitempty"`
	SorryLines []int         `json:"sorryLines,omitempty"`
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

// Answer is one checker's decision on one obligation.
type Answer struct {
	Checker string  `json:"checker"`
	Verdict Verdict `json:"verdict"`
	Reason  string  `json:"reason,omitempty"`
	// Failed is set when the checker gave no answer at all (its process
	// crashed, timed out, or lost its state; Verdict is then Error). A
	// failed answer never outvotes or contradicts another checker's.
	Failed bool `json:"failed,omitempty"`
}

// Obligation is one formal statement built from a claim in a step.
type Obligation struct {
	Step int  `json:"step"`
	Span Span `json:"span"`
	// Expr is the claim normalised, e.g. "48 / 2 = 24".
	Expr string `json:"expr"`
	Kind Kind   `json:"kind"`
	// Prop is the Lean proposition P; Lean and LeanNeg are the two
	// declarations sent for it (P and ¬(P)).
	Prop       string       `json:"prop"`
	Lean       string       `json:"lean"`
	LeanNeg    string       `json:"leanNeg"`
	Hypotheses []Hypothesis `json:"hypotheses,omitempty"`
	// OnProof and OnDisproof are the verdicts that a proof of P and a
	// proof of ¬(P) stand for. Note says why one of them is Unknown.
	OnProof    Verdict `json:"onProof"`
	OnDisproof Verdict `json:"onDisproof"`
	Note       string  `json:"note,omitempty"`

	Verdict  Verdict       `json:"verdict"`
	Reason   string        `json:"reason,omitempty"`
	Checker  string        `json:"checker,omitempty"`
	Answers  []Answer      `json:"answers,omitempty"`
	Messages []LeanMessage `json:"messages,omitempty"`
	// Warning says that a checker failed and the verdict rests on the
	// others alone.
	Warning string `json:"warning,omitempty"`

	// The reasons shown for a proof of P and of ¬(P), with the values
	// the evaluator computed ("48 / 2 is 24, not 25"); "" falls back to
	// "P holds" / "¬(P) holds".
	whyProof, whyDisproof string
}

// Skipped is a candidate claim that was left alone, with the reason.
type Skipped struct {
	Span   Span   `json:"span"`
	Reason string `json:"reason"`
	// Limit says that a limit (Limits), not the text, left this part unchecked: the chain
	// carries a warning for it.
	Limit bool `json:"limit,omitempty"`
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
