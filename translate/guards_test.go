package translate

import (
	"testing"
)

// guardTraps are the trap corpus's chains for the guards narrowed where
// the text settles them (issue 29, "Withheld refutations decided where the
// text settles them", docs/TRANSLATE.md "Guards and their scope"): for each
// narrowing, the claims now decided (refuted or verified) and the
// look-alikes where the guard must still hold. The wording is ours.
var guardTraps = []trap{
	// A modular word in its everyday sense puts no "≡" in the chain:
	// congruent figures, a river or a truck that carries, money borrowed.
	{family: "modular sense", steps: []string{`The two triangles are congruent, so their sides match.`, `The perimeter is \(3 \times 17 = 41\).`}, step: 1, want: wantRefuted},
	{family: "modular sense", steps: []string{`Since \(\triangle PQR\) and \(\triangle STU\) are congruent right triangles, we can write:`, `\[ 2(y + 4) = 2y + 9 \]`}, step: 1, want: wantRefuted},
	{family: "modular sense", steps: []string{`The wind is carrying the balloon east.`, `In two hours it covers \(2 \times 36 = 62\) km.`}, step: 1, want: wantRefuted},
	{family: "modular sense", steps: []string{`The van can carry 900 pounds per trip.`, `Three trips move \(900 \times 3 = 2600\) pounds.`}, step: 1, want: wantRefuted},
	{family: "modular sense", steps: []string{`Dana borrowed $40 from her brother.`, `She pays back \(40 \times 3 = 110\) dollars over three months.`}, step: 1, want: wantRefuted},
	{family: "modular sense", steps: []string{`The wind is carrying the balloon east.`, `In two hours it covers \(2 \times 36 = 72\) km.`}, step: 1, want: wantVerified},
	// look-alikes: a congruence, column arithmetic with a carry or a borrow.
	{family: "modular sense", steps: []string{`Every such n is congruent to 4, so we work with remainders.`, `\(4^3 = 64 = 1\)`}, step: 1, want: wantNotRefuted},
	{family: "modular sense", steps: []string{`The numbers are congruent modulo 9.`, `\(5 \times 8 = 40 = 4\)`}, step: 1, want: wantNotRefuted},
	{family: "modular sense", steps: []string{`Adding the units column: 8 + 5 = 13, write 3 and carry 1.`, `Then \(4 + 7 + 1 = 2\).`}, step: 1, want: wantNotRefuted},
	{family: "modular sense", steps: []string{`There is a carry out of the first column.`, `So \(6 + 9 = 5\).`}, step: 1, want: wantNotRefuted},
	{family: "modular sense", steps: []string{`We borrow from the hundreds place.`, `Then \(4 - 8 = 6\).`}, step: 1, want: wantNotRefuted},
	{family: "modular sense", steps: []string{`Carrying over into the next digit, we continue.`, `Then \(7 + 7 = 4\).`}, step: 1, want: wantNotRefuted},
	// A numeral in a base is no residue modulo the base: "15" in base 7 is twelve, and
	// 15 - 12 shares no factor with 7.
	{family: "modular sense", steps: []string{`In the units column, 6 + 6 = 15 in base 7.`}, want: wantNotRefuted},
	{family: "modular sense", steps: []string{`We work in base 8.`, `The tens digits give \(5 + 6 = 13\).`}, step: 1, want: wantNotRefuted},
	{family: "modular sense", steps: []string{`Adding in base 9: \(4 + 7 = 12\), and \(8 + 8 = 17\).`}, want: wantNotRefuted},
	{family: "modular sense", steps: []string{`We get \(23 = 10111\) in binary.`}, want: wantNotRefuted},
	{family: "modular sense", steps: []string{`In octal, \(7 + 1 = 10\).`}, want: wantNotRefuted},
	// look-alikes: "base" of a logarithm or of a figure names no numeral base.
	{family: "modular sense", steps: []string{`With \(\log\) in base 2, we get \(2^5 = 30\).`}, want: wantRefuted},
	{family: "modular sense", steps: []string{`The base of the prism has area \(6 \times 7 = 43\).`}, want: wantRefuted},

	// Two equations side by side (two chains, a system) end a step: the
	// next step's first equation may continue either, and is not read as
	// derived from the last. One equation ending a step still is.
	{family: "parallel lines", steps: []string{"For the two sides we get:\n\\[ AB = u + u = 2u = 12 \\]\n\\[ CD = u + u + 1 = 2u + 1 = 15 \\]", "This simplifies to:\n\\[ 2u = 12 \\implies u = 6 \\]\n\\[ 2u = 14 \\implies u = 7 \\]"}, step: 1, want: wantNotRefuted},
	{family: "parallel lines", steps: []string{"We can write:\n\\[ p + p = 2p + 0 = 10 \\]\n\\[ q + q = 2q + 0 = 18 \\]", "This gives:\n\\[ 2p = 10 \\implies p = 4 \\]"}, step: 1, want: wantRefuted},
	{family: "parallel lines", steps: []string{"We get:\n\\[ 3x + 4 = 19 \\]", "Subtract 4 from both sides:\n\\[ 3x = 16 \\]"}, step: 1, want: wantRefuted},
	{family: "parallel lines", steps: []string{"We get:\n\\[ 3x + 4 = 19 \\]", "Subtract 4 from both sides:\n\\[ 3x = 15 \\]"}, step: 1, want: wantVerified},

	// A display followed on its line by a capitalized word ends its
	// sentence: the doubt words after it ("however", "given", "around")
	// speak of what follows, not of the display.
	{family: "display break", steps: []string{`It factors as follows: \[ 391 = 17 \cdot 24 \] However, it is easier to work around the square root.`}, want: wantRefuted},
	{family: "display break", steps: []string{`Given: \[ a + b = 10 \] We use the fact that for every angle \(t\), \(\cos(t) = -\cos(-t)\).`}, want: wantRefuted, claim: "cos"},
	{family: "display break", steps: []string{`We get $$ 12 \times 13 = 146 $$ Roughly speaking, the product grows fast.`}, want: wantRefuted},
	{family: "display break", steps: []string{`It factors as follows: \[ 391 = 17 \cdot 23 \] However, it is easier to work around the square root.`}, want: wantVerified},
	// look-alikes: the sentence after the display rejects it, the display
	// sits inside its sentence, or a hypothesis before the display still
	// covers a binding after it.
	{family: "display break", steps: []string{`Dividing: \[ 4 = 9 \] This is a contradiction, so no such n exists.`}, want: wantNotRefuted},
	{family: "display break", steps: []string{`Dividing: \[ 4 = 9 \] However, this is impossible.`}, want: wantNotRefuted},
	{family: "display break", steps: []string{`One might write \[ 6 \times 7 = 48 \] but the product is 42.`}, want: wantNotRefuted},
	{family: "display break", steps: []string{"If \\(t = 3\\): \\[ 2t = 6 \\] So we have \\[ s = 5 \\]", `Then \(s + 1 = 7\).`}, step: 1, want: wantNotRefuted},

	// Words after a line may reject it through the end of the next
	// sentence; a rejection two sentences on speaks of something else.
	{family: "veto reach", steps: []string{`So \[ 50 = -20 + (k - 1) \times 6 \]`, `Subtract 20 from both sides: 30 = (k - 1) × 6. Divide both sides by 6: k - 1 = 5. Since we cannot have a negative count, we keep k = 6.`}, step: 1, want: wantRefuted, claim: "30 = (k - 1) * 6"},
	{family: "veto reach", steps: []string{`So \[ 50 = -20 + (k - 1) \times 6 \]`, `Add 20 to both sides: 70 = (k - 1) × 6. Divide both sides by 6: k - 1 = 35/3. Since we cannot have a fraction of a row, we round up.`}, step: 1, want: wantNotRefuted},
	// look-alikes: the rejection is in the claim's sentence or the next one.
	{family: "veto reach", steps: []string{`So \[ 50 = -20 + (k - 1) \times 6 \]`, `Subtract 20 from both sides: 30 = (k - 1) × 6. This cannot be right, since the count would shrink.`}, step: 1, want: wantNotRefuted},
	{family: "veto reach", steps: []string{`So \[ 50 = -20 + (k - 1) \times 6 \]`, `Subtract 20 from both sides: 30 = (k - 1) × 6, which is wrong.`}, step: 1, want: wantNotRefuted},

	// The two equations share a solution: the hold stays even when the
	// second has a solution of its own, since it may be the first under a
	// relation the reader does not see (a substitution of y^2 = 2y + 5).
	{family: "shared solution", steps: []string{`We know \(y^2 = 2y + 5\).`, `So \(y^3 + 4 = (2y^2 + 5y) + 4\) becomes \(y^3 + 4 = (2(2y + 5) + 5y) + 4\).`}, step: 1, want: wantNotRefuted},
	{family: "shared solution", steps: []string{`We have \[ (q - 1)^2 = 16 \] so \[ q - 1 = 4 \]`}, want: wantNotRefuted},

	// An approximation word hedges its own sentence, not the step.
	{family: "approximation scope", steps: []string{`Notice that this is almost the same as the sum of squares. Therefore, we can rewrite it as: \( \sum_{k=1}^{4} k^2 = 31 \).`}, want: wantRefuted},
	{family: "approximation scope", steps: []string{`The two totals are nearly equal. Adding up, \( \sum_{j=1}^{5} j^3 = 215 \).`}, want: wantRefuted},
	{family: "approximation scope", steps: []string{`Notice that this is almost the same as the sum of squares. Therefore, we can rewrite it as: \( \sum_{k=1}^{4} k^2 = 30 \).`}, want: wantVerified},
	// look-alikes: the approximation is the claim's own, or the step rejects something.
	{family: "approximation scope", steps: []string{`The total is almost \( \sum_{k=1}^{4} k^2 = 31 \).`}, want: wantNotRefuted},
	{family: "approximation scope", steps: []string{`Adding up gives nearly \( \sum_{j=1}^{5} j^3 = 215 \) in all.`}, want: wantNotRefuted},
	{family: "approximation scope", steps: []string{`This is not the same as the sum of squares. Therefore, we can rewrite it as: \( \sum_{k=1}^{4} k^2 = 31 \).`}, want: wantNotRefuted},
}

func TestGuardTraps(t *testing.T) {
	runTraps(t, "guard", guardTraps, nil)
}
