package translate

import "testing"

// hugePowTraps pin the powers of 0, 1 and -1 with an exponent too large
// to compute (docs/TRANSLATE.md, "Powers of 0, 1 and −1 with an exponent
// too large to compute"; package hugepow): true values are left alone,
// other bases, exponents with a name or a minus sign and hedged sentences
// are not read, and a wrong value is refuted. The wording and the numbers
// are ours.
var hugePowTraps = []trap{
	// True values: left alone.
	{family: "hugepow true", steps: []string{`Any positive power of zero vanishes, so \(0^{(3^{98765})} = 0\).`}, want: wantNotRefuted},
	{family: "hugepow true", steps: []string{`Since the exponent is even, \((-1)^{4^{1000}} = 1\).`}, want: wantNotRefuted},
	{family: "hugepow true", steps: []string{`Clearly $1^{10^{40}} = 1$.`}, want: wantNotRefuted},
	// Variants: other numbers and wordings, still true.
	{family: "hugepow variant", steps: []string{`The exponent \(7^{55555}\) is odd, hence \((-1)^{7^{55555}} = -1\).`}, want: wantNotRefuted},
	{family: "hugepow variant", steps: []string{`We obtain \[ 0^{2 \cdot 9^{1234}} = 0. \]`}, want: wantNotRefuted},
	// Not read: other bases, a name or a minus sign, hedged or supposed.
	{family: "hugepow other", steps: []string{`So \(-1^{4^{1000}} = 1\).`}, want: wantNotRefuted},
	{family: "hugepow other", steps: []string{`So \(0^{k^{1000}} = 1\).`}, want: wantNotRefuted},
	{family: "hugepow other", steps: []string{`So \(5 \cdot 0^{3^{98765}} = 1\).`}, want: wantNotRefuted},
	{family: "hugepow hedged", steps: []string{`If \(0^{(3^{98765})} = 1\) held, every power would be 1.`}, want: wantNotRefuted},
	{family: "hugepow hedged", steps: []string{`It is not the case that \(1^{10^{40}} = 2\).`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "hugepow wrong", steps: []string{`Any number to the power 0 is 1, so \(0^{(3^{98765})} = 1\).`}, want: wantRefuted, claim: "0^{(3^{98765})} = 1"},
	{family: "hugepow wrong", steps: []string{`Since the exponent is even, \((-1)^{4^{1000}} = -1\).`}, want: wantRefuted},
	{family: "hugepow wrong", steps: []string{`The exponent \(7^{55555}\) is odd, hence \((-1)^{7^{55555}} = 1\).`}, want: wantRefuted},
	{family: "hugepow wrong", steps: []string{`Clearly $1^{10^{40}} = 10$.`}, want: wantRefuted},
}

func TestHugePowTraps(t *testing.T) {
	runTraps(t, "hugepow", hugePowTraps, nil)
}
