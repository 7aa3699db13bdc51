package translate

import "testing"

// legendreTraps pin the claims in words about powers dividing a factorial
// (docs/TRANSLATE.md, "Powers dividing a factorial"; package legendre):
// true claims are left alone, variants in other wording and numbers are
// read, false ones are refuted, and a count that may be a part, a
// condition, a question, a supposition or a factorial inside a product is
// not read. The wording and the numbers are ours.
var legendreTraps = []trap{
	// True forms: nothing to refute.
	{family: "legendre true", steps: []string{`Counting factors of 3, we see that \(24!\) is divisible by \(3^{10}\).`}, want: wantNotRefuted},
	{family: "legendre true", steps: []string{`Therefore \(5^6\) divides \(28!\), and no higher power of 5 does.`}, want: wantNotRefuted},
	{family: "legendre true", steps: []string{`So 75! ends in 18 zeros.`}, want: wantNotRefuted},
	{family: "legendre true", steps: []string{`The number of trailing zeros in \(75!\) is \(18\).`}, want: wantNotRefuted},
	{family: "legendre true", steps: []string{`The largest power of 2 that divides \(12!\) is \(2^{10}\).`}, want: wantNotRefuted},
	{family: "legendre true", steps: []string{`Then \(22!\) is not divisible by \(23\), since 23 is a prime larger than 22.`}, want: wantNotRefuted},
	// Not read: a part of a count, a condition, a question, a supposition, an operand.
	{family: "legendre other", steps: []string{`The multiples of 5 alone give 75! has 15 factors of 5 so far.`}, want: wantNotRefuted},
	{family: "legendre other", steps: []string{`The number of factors of 5 in 75! is 15 plus 3 from the multiples of 25.`}, want: wantNotRefuted},
	{family: "legendre other", steps: []string{`We want the least n such that 24! is divisible by 3^n.`}, want: wantNotRefuted},
	{family: "legendre other", steps: []string{`Is \(24!\) divisible by \(3^{11}\)? Let's count.`}, want: wantNotRefuted},
	{family: "legendre other", steps: []string{`If \(24!\) were divisible by \(3^{11}\), the quotient would be an integer.`}, want: wantNotRefuted},
	{family: "legendre other", steps: []string{`Let's check whether 24! is divisible by 3^11.`}, want: wantNotRefuted},
	{family: "legendre other", steps: []string{`So \(3 \cdot 24!\) is divisible by \(3^{11}\).`}, want: wantNotRefuted},
	{family: "legendre other", steps: []string{`So \(20!!\) is divisible by \(2^{19}\).`}, want: wantNotRefuted},
	{family: "legendre other", steps: []string{`Written in base 3, 20! ends in 8 zeros.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "legendre wrong", steps: []string{`Counting factors of 3, we see that \(24!\) is divisible by \(3^{11}\).`}, want: wantRefuted, claim: "3^11 divides 24!"},
	{family: "legendre wrong", steps: []string{`Therefore \(5^7\) divides \(28!\).`}, want: wantRefuted},
	{family: "legendre wrong", steps: []string{`So 75! ends in 15 zeros.`}, want: wantRefuted},
	{family: "legendre wrong", steps: []string{`The number of zeroes at the end of \(75!\) is 17.`}, want: wantRefuted},
	{family: "legendre wrong", steps: []string{`The largest power of 2 that divides \(12!\) is \(2^{11}\).`}, want: wantRefuted},
	{family: "legendre wrong", steps: []string{`Then \(23!\) is not divisible by \(23\).`}, want: wantRefuted},
	{family: "legendre wrong", steps: []string{`Hence 40! is divisible by 6^19 because it has enough factors of 2.`}, want: wantRefuted},
	{family: "legendre wrong", steps: []string{`Altogether 60! has 20 factors of 5.`}, want: wantRefuted},
}

func TestLegendreTraps(t *testing.T) {
	runTraps(t, "legendre", legendreTraps, nil)
}
