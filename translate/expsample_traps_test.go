package translate

import "testing"

// expSampleTraps pin a rewriting with a name in an exponent (docs/
// TRANSLATE.md, "Rewritings with a name in an exponent"; package
// expsample): true rewritings are left alone, a false one is refuted
// after "rewrite … as" and in an "=" chain that starts from a lone name;
// a substitution by a new name, two names, a negative base, a chain's
// first links and hedged sentences are not read. The wording and the
// numbers are ours.
var expSampleTraps = []trap{
	// True forms: the rewriting holds for every value.
	{family: "expsample true", steps: []string{`We can rewrite \(27^{t}\) as \(3^{3t}\).`}, want: wantNotRefuted},
	{family: "expsample true", steps: []string{"The total is:\n\\[ T_n = b_n^2 = \\left(2 \\cdot 5^{n}\\right)^2 = 4 \\cdot 25^{n} \\]"}, want: wantNotRefuted},
	// Variants: other numbers and wordings, still true.
	{family: "expsample variant", steps: []string{"So we can write \\(6 \\cdot 6^{m}\\) as:\n\\[ 6^{m+1} = 6^{9} \\]"}, want: wantNotRefuted},
	{family: "expsample variant", steps: []string{`Let us express \(\left(\frac{1}{2}\right)^{x}\) as \(2^{-x}\).`}, want: wantNotRefuted},
	// Not read: a new name, two names, a negative base, the chain's first links.
	{family: "expsample other", steps: []string{`We can rewrite \(5^{x}\) as \(u\), so the equation is quadratic.`}, want: wantNotRefuted},
	{family: "expsample other", steps: []string{`We can rewrite \(5^{x}\) as \(5^{y+1}\).`}, want: wantNotRefuted},
	{family: "expsample other", steps: []string{`We can rewrite \((-2)^{n}\) as \((-2)^{3n}\).`}, want: wantNotRefuted},
	{family: "expsample other", steps: []string{`\[ y = 3^{x+2} = 9^{x} \]`}, want: wantNotRefuted},
	// Hedged or denied: left alone.
	{family: "expsample hedged", steps: []string{`If we rewrite \(27^{t}\) as \(3^{t+3}\), the exponents no longer match.`}, want: wantNotRefuted},
	{family: "expsample hedged", steps: []string{`We cannot rewrite \(27^{t}\) as \(3^{t+3}\) here.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: the rewriting fails at a point.
	{family: "expsample wrong", steps: []string{`We can rewrite \(27^{t}\) as \(3^{t+3}\).`}, want: wantRefuted, claim: "at t = 1"},
	{family: "expsample wrong", steps: []string{"So we can write \\(6 \\cdot 6^{m}\\) as:\n\\[ 6^{6m} = 6^{9} \\]"}, want: wantRefuted},
	{family: "expsample wrong", steps: []string{"The total is:\n\\[ T_n = b_n^2 = \\left(2 \\cdot 5^{n}\\right)^2 = 4 \\cdot 5^{n} \\]"}, want: wantRefuted, claim: "at n = 1"},
	{family: "expsample wrong", steps: []string{"The area is:\n\\[ A_k = s_k^2 = \\left(3 (\\sqrt{2})^{k}\\right)^2 = 9 \\cdot 2^{k+1} \\]"}, want: wantRefuted},
}

func TestExpSampleTraps(t *testing.T) {
	runTraps(t, "expsample", expSampleTraps, nil)
}
