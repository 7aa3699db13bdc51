package translate

import "testing"

// chainBoundTraps pin a name put between two closed bounds that no value
// fits (docs/TRANSLATE.md, "A name between closed bounds that no value
// fits"; package chainbound): bounds with room are left alone, bounds
// that leave none are refuted in math and in prose, with other numbers
// and relations; a bound that is part of a larger expression, a chain in
// a subscript, and a sentence that supposes, denies or calls the range
// empty are not read. The wording and the numbers are ours.
var chainBoundTraps = []trap{
	// True forms: the bounds leave room, even a single value.
	{family: "chainbound true", steps: []string{`Hence \(3 \le k \le 11\), so there are 9 values.`}, want: wantNotRefuted},
	{family: "chainbound true", steps: []string{`So 12 / 4 ≤ t ≤ 3, that is t = 3.`}, want: wantNotRefuted},
	{family: "chainbound true", steps: []string{`Therefore $20 > y > \frac{1}{2}$.`}, want: wantNotRefuted},
	// Variants: other numbers, relations and wordings, still true.
	{family: "chainbound variant", steps: []string{`This gives \[ 2 \cdot 6 \leq n \leq 5 \cdot 3. \]`}, want: wantNotRefuted},
	{family: "chainbound variant", steps: []string{`We conclude 0.25 < p < 0.5.`}, want: wantNotRefuted},
	// Not read: a bound inside a larger expression, a subscript, another direction.
	{family: "chainbound other", steps: []string{`So \(x + 20 \le m \le 5\).`}, want: wantNotRefuted},
	{family: "chainbound other", steps: []string{`So \(20 \le m \le 5^2\).`}, want: wantNotRefuted},
	{family: "chainbound other", steps: []string{`The product \(\prod_{9 \le j \le 4} c_j\) is 1.`}, want: wantNotRefuted},
	{family: "chainbound other", steps: []string{`So \(20 \le m \ge 5\).`}, want: wantNotRefuted},
	// Hedged, supposed, denied or called empty: left alone.
	{family: "chainbound hedged", steps: []string{`If \(20 \le m \le 5\), there would be nothing to count.`}, want: wantNotRefuted},
	{family: "chainbound hedged", steps: []string{`No integer satisfies \(20 \le m \le 5\).`}, want: wantNotRefuted},
	{family: "chainbound hedged", steps: []string{`That gives \(20 \le m \le 5\), which is impossible.`}, want: wantNotRefuted},
	{family: "chainbound hedged", steps: []string{`The range \(20 \le m \le 5\) is empty, so the sum is 0.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: no value fits the bounds.
	{family: "chainbound wrong", steps: []string{`Thus, 36 / 3 ≤ r ≤ 9, which means r ≥ 12.`}, want: wantRefuted, claim: "12 ≤ 9"},
	{family: "chainbound wrong", steps: []string{`So \(b\) is an integer with \(11 \leq b \leq 10\).`}, want: wantRefuted, claim: "11 ≤ 10"},
	{family: "chainbound wrong", steps: []string{`Hence $\frac{9}{2} < x < 4$.`}, want: wantRefuted, claim: "9/2 < 4"},
	{family: "chainbound wrong", steps: []string{`So \(6 < q < 6\), and q is an integer.`}, want: wantRefuted, claim: "6 < 6"},
	{family: "chainbound wrong", steps: []string{`Therefore 5 > w > 8.`}, want: wantRefuted, claim: "8 < 5"},
}

func TestChainBoundTraps(t *testing.T) {
	runTraps(t, "chainbound", chainBoundTraps, nil)
}

// chainBoundCaseTraps: a range named as a case is no claim that a value
// lies in it.
var chainBoundCaseTraps = []trap{
	{family: "chainbound case", steps: []string{`When \(20 \le m \le 5\), the count is zero.`}, want: wantNotRefuted},
	{family: "chainbound case", steps: []string{`Case \(9 < t < 2\): nothing to add.`}, want: wantNotRefuted},
}

func TestChainBoundCaseTraps(t *testing.T) {
	runTraps(t, "chainbound-case", chainBoundCaseTraps, nil)
}
