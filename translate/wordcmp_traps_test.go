package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// wordClaimTraps is the trap corpus of the family "claims in words about closed numbers" (issue
// 29; docs/TRANSLATE.md, "Comparisons in words between closed values"): comparisons said in
// words ("is greater than", "is a fraction less than", "is not less than"), and the forms of the
// prime / perfect-square claims that were missing (a bulleted subject, "the square of an
// integer"). True forms are verified or left alone, variants with new numbers and wording are
// decided, claims that are supposed, tested, hedged, about more than the number, or glued to a
// unit are left alone, and look-alikes that are real errors are refuted. The wording is ours.
var wordClaimTraps = []trap{
	// True comparisons: verified.
	{family: "comparison true", steps: []string{`Note that \(3^4 = 81\) is an integer greater than \(64\).`}, want: wantVerified},
	{family: "comparison true", steps: []string{`Since \(\frac{7}{9}\) is a fraction less than 1, the product shrinks.`}, want: wantNotRefuted},
	{family: "comparison true", steps: []string{`Here 8 is not less than \(\sqrt{60}\), so 8 stays in the list.`}, want: wantVerified},
	{family: "comparison true", steps: []string{`So \(\sqrt{27}\) is less than 6.`}, want: wantVerified},
	{family: "comparison true", steps: []string{`Clearly \(2^{10}\) is greater than or equal to \(1000\).`}, want: wantVerified},
	{family: "comparison true", steps: []string{`Thus 12 is not greater than 12, and the bound is tight.`}, want: wantVerified},
	// Real errors in words: refuted.
	{family: "comparison wrong", steps: []string{`Note that \(3^4 = 81\) is an integer greater than \(128\).`}, want: wantRefuted, claim: "81 > 128"},
	{family: "comparison wrong", steps: []string{`Since \(\frac{11}{9}\) is a fraction less than 1, the product shrinks.`}, want: wantRefuted, claim: "11/9 < 1"},
	{family: "comparison wrong", steps: []string{`However, note that 6 is not actually less than \(\sqrt{40}\). So we drop 6.`}, want: wantRefuted, claim: "≥"},
	{family: "comparison wrong", steps: []string{`So \(\sqrt{50}\) is smaller than 7, and 7 is the largest.`}, want: wantRefuted},
	{family: "comparison wrong", steps: []string{"We list the values:\n- \\(5! = 120\\) is larger than \\(2^7\\).\n- \\(2^7 = 128\\)."}, want: wantRefuted, claim: "120 > 128"},
	{family: "comparison wrong", steps: []string{`Thus 13 is greater than 13, so the bound is strict.`}, want: wantRefuted},
	{family: "comparison wrong", steps: []string{`\(\binom{6}{3}\) is a number smaller than 15, which rules it out.`}, want: wantRefuted},
	// Left alone: supposed, tested, hedged, rejected, or about more than the number.
	{family: "comparison alone", steps: []string{`If 9 is greater than 10, the rule would apply.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`We check whether 9 is greater than 10.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`It is wrong to say 9 is greater than 10.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`The sum of 3 and 8 is less than 10.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`The product of 2 and 6 is greater than 20.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`So 9 is greater than 10 times 2.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`So 30 is less than 25%.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`So 9 is less than 8 cm in total.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`The price $9 is greater than $10 here.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`So 1.414 is greater than \(\sqrt{2}\).`}, want: wantNotRefuted}, // a rounding
	{family: "comparison alone", steps: []string{`So \(x + 1\) is greater than 3.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`Since 2 + 9 is less than 10, we stop.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`So 9 is greater than 3 and 12.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`It seems 9 is roughly greater than 10.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`Otherwise, 9 is greater than 10 and we stop.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`When 9 is greater than 10, we stop.`}, want: wantNotRefuted},
	{family: "comparison alone", steps: []string{`The ratio of 3 to \(4\) is less than 1.`}, want: wantNotRefuted},
	// A value said to lie between two others (wordcmp/between.go), and "<value>: This number".
	{family: "between true", steps: []string{"We check each candidate:\nFirst, \\(62\\): This number is between \\(55\\) and \\(64\\), so it rounds to \\(60\\)."}, want: wantVerified},
	{family: "between true", steps: []string{`Since \(3^3\) is between 20 and 30, the cube root is between 2 and 4.`}, want: wantNotRefuted},
	{family: "between end", steps: []string{`So 55 is between \(55\) and \(64\).`}, want: wantNotVerify},
	{family: "between wrong", steps: []string{"We check each candidate:\nSecond, \\(66\\): This number is between \\(55\\) and \\(64\\), so it rounds to \\(60\\)."}, want: wantRefuted, claim: "55 ≤ 66 ≤ 64"},
	{family: "between wrong", steps: []string{`Note that \(2^6\) lies between 70 and 80.`}, want: wantRefuted, claim: "70 ≤ 64 ≤ 80"},
	{family: "between wrong", steps: []string{"Third, \\(12\\): This number is greater than \\(15\\), so it is out."}, want: wantRefuted, claim: "12 > 15"},
	{family: "between alone", steps: []string{`If 66 is between 55 and 64, it rounds to 60.`}, want: wantNotRefuted},
	{family: "between alone", steps: []string{`The sum of 2 and 66 is between 55 and 64.`}, want: wantNotRefuted},
	{family: "between alone", steps: []string{`So 66 is between 55 and 64 inclusive.`}, want: wantNotRefuted},
	// The greatest or least factor of a kind (wordcmp/extremal.go).
	{family: "extremal true", steps: []string{`So the largest prime factor of \(143\) is \(13\).`}, want: wantVerified},
	{family: "extremal true", steps: []string{`Hence the greatest odd integer that is a factor of \(7!\) is \(315\).`}, want: wantVerified},
	{family: "extremal wrong", steps: []string{`So the largest prime factor of \(143\) is \(143\).`}, want: wantRefuted, claim: "the largest prime factor of 143 = 143"},
	{family: "extremal wrong", steps: []string{`Hence the greatest odd integer that is a factor of \(7!\) is \(7\).`}, want: wantRefuted, claim: "the greatest odd factor of 5040 = 7"},
	{family: "extremal alone", steps: []string{`The odd primes are 3, 5 and 7. Among these, the greatest odd integer that is a factor of \(7!\) is \(7\).`}, want: wantNotRefuted},
	{family: "extremal wrong", steps: []string{"Thus the smallest prime divisor of 221 is 17."}, want: wantRefuted, claim: "the smallest prime factor of 221 = 17"},
	{family: "extremal alone", steps: []string{"So the largest factor of 221 is 17."}, want: wantNotRefuted},
	{family: "extremal alone", steps: []string{"If the largest prime factor of 221 is 221, then 221 is prime."}, want: wantNotRefuted},
	{family: "extremal alone", steps: []string{"We check whether the smallest prime divisor of 221 is 17."}, want: wantNotRefuted},
	// The prime and perfect-square claims: a bullet's subject, "the square of an integer".
	{family: "prime bullet", steps: []string{"The factorizations:\n- \\(221 = 13 \\cdot 17\\)\n- \\(899\\) is a prime number.\n- \\(323 = 17 \\cdot 19\\)"}, want: wantRefuted, claim: "899 is prime"},
	{family: "prime bullet", steps: []string{"The factorizations:\n- \\(221 = 13 \\cdot 17\\)\n- \\(899\\) is not a prime number."}, want: wantVerified},
	{family: "square words", steps: []string{`Since \(3001\) is the square of an integer, its root is whole.`}, want: wantRefuted, claim: "3001 is a perfect square"},
	{family: "square words", steps: []string{`Since \(3025\) is the square of an integer, its root is whole.`}, want: wantVerified},
	{family: "square words", steps: []string{`Note that 3001 is a square of an integer plus 1.`}, want: wantNotRefuted},
	{family: "square words", steps: []string{`Note that 2501 is a perfect square plus 1.`}, want: wantNotRefuted},
	{family: "square words", steps: []string{`We check whether 3001 is the square of an integer.`}, want: wantNotRefuted},
}

func TestWordClaimTraps(t *testing.T) {
	runTraps(t, "wordclaim", wordClaimTraps, func(c trap, i int, s StepResult) {
		for _, o := range s.Obligations {
			if o.Kind == KindInequality && o.Verdict == Refuted {
				assert.NotEmpty(t, o.Reason, "%s #%d", c.family, i)
				assert.Contains(t, o.Note, "comparison in words", "%s #%d", c.family, i)
			}
		}
	})
}
