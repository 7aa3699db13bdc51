package translate

import (
	"testing"
)

// symslipTraps is the trap corpus of the family "products written out in several names"
// (issue 29; docs/TRANSLATE.md, "Products written out in several names"): a product or
// power holding a sum, or a product of monomials, set equal to the collected polynomial it
// gives. True forms are verified; variants with one term wrong (new names, numbers, a
// square root of a number) are refuted although every term has the same degree; equations
// (fewer terms, another shape, two terms apart), suppositions, equation words and names
// bound to a value are left alone. The wording is ours.
var symslipTraps = []trap{
	{family: "product true", steps: []string{`Squaring, \((p+q\sqrt{3})^2 = p^2 + 2pq\sqrt{3} + 3q^2\).`}, want: wantVerified},
	{family: "product true", steps: []string{`\((2u+v)^2 = 4u^2 + 4uv + v^2\)`}, want: wantVerified},
	{family: "product true", steps: []string{`\((x+y)^3 = x^3 + 3x^2y + 3xy^2 + y^3\)`}, want: wantVerified},
	{family: "product true", steps: []string{`Then \((a+b)(a-b) = a^2 - b^2\).`}, want: wantVerified},
	{family: "product true", steps: []string{`The area is \((3pq)(4pr) = 12p^2qr\).`}, want: wantVerified},
	{family: "product wrong", steps: []string{`Squaring, \((p+q\sqrt{3})^2 = p^2 + 3pq\sqrt{3} + 3q^2\).`}, want: wantRefuted, claim: "(p + q * √3)^2"},
	{family: "product wrong", steps: []string{`\((2u+v)^2 = 4u^2 + 2uv + v^2\)`}, want: wantRefuted, claim: "(2 * u + v)^2"},
	{family: "product wrong", steps: []string{`\((x+y)^3 = x^3 + 3x^2y + 2xy^2 + y^3\)`}, want: wantRefuted, claim: "(x + y)^3"},
	{family: "product wrong", steps: []string{`Then \((a+b)(a-b) = a^2 - 2b^2\).`}, want: wantRefuted, claim: "(a + b) * (a - b)"},
	{family: "product wrong", steps: []string{`\[ (10a+b)^2 = 100a^2 + 10ab + b^2 \]`}, want: wantRefuted, claim: "(10 * a + b)^2"},
	{family: "product wrong", steps: []string{`The area is \((3pq)(4pr) = 12p^3qr\).`}, want: wantRefuted, claim: "12 * p^3 * q * r"},
	{family: "product wrong", steps: []string{`The area is \((3pq)(4pr) = 7p^2qr\).`}, want: wantRefuted, claim: "7 * p^2 * q * r"},
	{family: "product alone", steps: []string{`\((a+b)^2 = a^2 + b^2\)`}, want: wantNotRefuted},
	{family: "product alone", steps: []string{`\((a+b)^2 = 3ab\)`}, want: wantNotRefuted},
	{family: "product alone", steps: []string{`\((a+b)^2 = a^2 + 3ab + 2b^2\)`}, want: wantNotRefuted},
	{family: "product alone", steps: []string{`\(xy = 2xy\)`}, want: wantNotRefuted},
	{family: "product alone", steps: []string{`We need \((a+b)^2 = a^2 + 3ab + b^2\).`}, want: wantNotRefuted},
	{family: "product alone", steps: []string{`Suppose \((a+b)^2 = a^2 + 3ab + b^2\).`}, want: wantNotRefuted},
	{family: "product alone", steps: []string{`The equation \((a+b)^2 = a^2 + 4ab + b^2\) holds only when one of them is zero.`}, want: wantNotRefuted},
	{family: "product alone", steps: []string{`It is not true that \((a+b)^2 = a^2 + ab + b^2\).`}, want: wantNotRefuted},
	{family: "product alone", steps: []string{`Let \(a = 0\).`, `\((a+b)^2 = a^2 + 3ab + b^2\)`}, step: 1, want: wantNotRefuted},
}

// termwiseTraps: an expression written alone, then each of its terms computed ("Calculating
// each term:", docs/TRANSLATE.md, "Products written out in several names"). The rewriting is
// decided as an identity whatever the words before the first expression call it, but only
// when both expressions have as many terms; a sum collected on the way, a single term and a
// value put in are left alone. The wording is ours.
var termwiseTraps = []trap{
	{family: "termwise true", steps: []string{"The coefficient of \\( x \\) is:\n\\[ (-2k)(k) + (-2k)(-k) + (k)(3k) \\]\nCalculating each term:\n\\[ -2k^2 + 2k^2 + 3k^2 \\]"}, want: wantVerified},
	{family: "termwise true", steps: []string{"The sum is \\[ (2a)(b) + (3a)(2b) \\] Simplify each term: \\[ 2ab + 6ab \\]"}, want: wantVerified},
	{family: "termwise wrong", steps: []string{"The coefficient of \\( x \\) is:\n\\[ (-2k)(k) + (-2k)(-k) + (k)(3k) \\]\nCalculating each term:\n\\[ -2k^2 - 2k^2 + 3k^2 \\]"}, want: wantRefuted, claim: "-(2 * k^2) - 2 * k^2 + 3 * k^2"},
	{family: "termwise wrong", steps: []string{"The sum is \\[ (2a)(b) + (3a)(2b) \\] Evaluating every term, we get \\[ 2ab + 5ab \\]"}, want: wantRefuted, claim: "2 * a * b + 5 * a * b"},
	{family: "termwise alone", steps: []string{"The sum is \\[ (2a)(b) + (3a)(2b) \\] Simplify each term: \\[ 7ab \\]"}, want: wantNotRefuted},
	{family: "termwise alone", steps: []string{"The sum is \\[ (2a)(b) + (3a)(2b) \\] Simplify each term: \\[ 9ab \\]"}, want: wantNotRefuted},
	{family: "termwise alone", steps: []string{"The sum is \\[ (2a)(b) + (3a)(2b) \\] Calculating each term for a = 1: \\[ 2b + 5b \\]"}, want: wantNotRefuted},
	{family: "termwise alone", steps: []string{"The first term is \\[ (2a)(b) \\] Calculating each term: \\[ 2ab + 6ab \\]"}, want: wantNotRefuted},
}

func TestSymslipTraps(t *testing.T) {
	runTraps(t, "termwise", termwiseTraps, nil)
	runTraps(t, "symslip", symslipTraps, nil)
}
