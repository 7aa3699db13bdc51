package obligation

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

// Kind says which statement an obligation makes about its claim.
type Kind string

// Obligation kinds. docs/CONTRACTS.md gives the statement each one sends
// and how its answer maps to a verdict.
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

// Span is a byte range of a step with the text it covers: Start and End are byte offsets into
// the step's UTF-8 text (End exclusive), not characters — "√18" spans 5 bytes — as Go slices
// text[Start:End].
type Span struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
}

// Of reports whether s is a range of text and Text is what it covers.
func (s Span) Of(text string) bool {
	return s.Start >= 0 && s.Start <= s.End && s.End <= len(text) && text[s.Start:s.End] == s.Text
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
	EndLine   int    `json:"end_line,omitempty"`
	EndColumn int    `json:"end_column,omitempty"`
	Data      string `json:"data"`
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
	LeanNeg    string       `json:"lean_neg"`
	Hypotheses []Hypothesis `json:"hypotheses,omitempty"`
	// OnProof and OnDisproof are the verdicts that a proof of P and a
	// proof of ¬(P) stand for. Note says why one of them is Unknown.
	OnProof    Verdict `json:"on_proof"`
	OnDisproof Verdict `json:"on_disproof"`
	Note       string  `json:"note,omitempty"`

	Verdict  Verdict       `json:"verdict"`
	Reason   string        `json:"reason,omitempty"`
	Checker  string        `json:"checker,omitempty"`
	Answers  []Answer      `json:"answers,omitempty"`
	Messages []LeanMessage `json:"messages,omitempty"`
	// Warning says that a checker failed and the verdict rests on the
	// others alone.
	Warning string `json:"warning,omitempty"`

	// WhyProof and WhyDisproof are the reasons shown for a proof of P and
	// of ¬(P), with the values the evaluator computed ("48 / 2 is 24, not
	// 25"); "" falls back to "P holds" / "¬(P) holds". They are not part of
	// the JSON: Reason carries the one that applied.
	WhyProof    string `json:"-"`
	WhyDisproof string `json:"-"`
}

// Skipped is a candidate claim that was left alone, with the reason.
type Skipped struct {
	Span   Span   `json:"span"`
	Reason string `json:"reason"`
	// Limit says that a limit (translate.Limits), not the text, left this part unchecked: the chain
	// carries a warning for it.
	Limit bool `json:"limit,omitempty"`
}

// Symbolic obligation kinds.
const (
	// KindIdentity is ∀ vars, (denominators ≠ 0 →) L = R: an expression
	// rewritten ("expanding", an "=" chain from an expression, a line
	// continuing with "="), or an equation whose sides differ by a
	// nonzero constant (false for every value).
	KindIdentity Kind = "identity"
	// KindImplication is ∀ x, A → B for an equation B derived from an
	// equation A in the same single unknown.
	KindImplication Kind = "implication"
	// KindSolution is the equation A at a value x = c claimed after it,
	// in the hypothesis form of §1 (v1 = c ⊢ A).
	KindSolution Kind = "solution"
	// KindClosedValue is a closed claim with square or cube roots of
	// rationals, decided exactly in Q(radicals); P is the certificate
	// A^6 = B^6 ∧ sign A = sign B with both sides' values computed.
	KindClosedValue Kind = "closed-value"
	// KindCongruence is a ≡ b (mod m) for integers; P is the division
	// a - b = m·q + r with 0 ≤ r < |m|, whose remainder decides.
	KindCongruence Kind = "congruence"
)
