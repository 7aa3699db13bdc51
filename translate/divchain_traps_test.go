package translate

import "testing"

// divchainTraps pin the divisibility link that ends an "=" chain of closed
// integers (docs/TRANSLATE.md, "Divisibility at the end of a chain";
// package divchain): true links are left alone, variants are read, false
// ones are refuted, and a supposed, tested or rejected link, a member with
// a name, a set or another relation are not read. The wording and the
// numbers are ours.
var divchainTraps = []trap{
	// True forms: nothing to refute.
	{family: "divchain true", steps: []string{`For \( p = 3 \): \( 3^3 = 27 \nmid 3^2 \quad \text{(true)} \)`}, want: wantNotRefuted},
	{family: "divchain true", steps: []string{`Since \( 2 \cdot 9 = 18 \mid 54 \), the block repeats.`}, want: wantNotRefuted},
	// Not read: a condition, a test, a link the text rejects, a name, a set, another relation.
	{family: "divchain other", steps: []string{`If \( 2 \cdot 9 = 18 \mid 50 \), the block would repeat.`}, want: wantNotRefuted},
	{family: "divchain other", steps: []string{`We check whether \( 2 \cdot 9 = 18 \mid 50 \).`}, want: wantNotRefuted},
	{family: "divchain other", steps: []string{`Then \( 3^3 = 27 \nmid 3^4 \quad \text{(false)} \)`}, want: wantNotRefuted},
	{family: "divchain other", steps: []string{`So \( 2 \cdot 9 = 18 \mid 50k \).`}, want: wantNotRefuted},
	{family: "divchain other", steps: []string{`Let \( T = \{ m = 18 \mid 50 \} \).`}, want: wantNotRefuted},
	{family: "divchain other", steps: []string{`So \( 2 \cdot 9 = 18 \mid 50 \equiv 2 \).`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "divchain wrong", steps: []string{`For \( p = 3 \): \( 3^3 = 27 \nmid 3^4 \quad \text{(true)} \)`}, want: wantRefuted, claim: "27 ∤ 81"},
	{family: "divchain wrong", steps: []string{`Since \( 2 \cdot 9 = 18 \mid 50 \), the block repeats.`}, want: wantRefuted},
	{family: "divchain wrong", steps: []string{`Then $5^2 = 25 \nmid 10^2$, so we stop.`}, want: wantRefuted},
}

func TestDivchainTraps(t *testing.T) {
	runTraps(t, "divchain", divchainTraps, nil)
}
