package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/translate/internal/worldfact"
)

// remainderTraps pin the remainders stated in words with no quotient
// (docs/TRANSLATE.md, "Remainders and digit counts in words"; package
// worldfact, remainder.go) and the digit counts added beside them
// (digits.go: counts of three or four digits, the relative form, a base
// only after a numeral): true claims are left alone, supposed or tested
// ones are not decided, a number that is part of something larger is not
// read, and false claims are refuted. The wording is ours.
var remainderTraps = []trap{
	// True remainders, in the three forms.
	{family: "remainder true", steps: []string{`Since \(2003\) divided by \(3\) gives a remainder of \(2\), the power is \(\omega^2\).`}, want: wantNotRefuted},
	{family: "remainder true", steps: []string{`Also, 100 leaves a remainder of 0 when divided by 20, so it is a multiple.`}, want: wantNotRefuted},
	{family: "remainder true", steps: []string{`The remainder when \(2^{10}\) is divided by \(7\) is \(2\).`}, want: wantNotRefuted},
	{family: "remainder true", steps: []string{`The remainder of 2004 divided by 12 is 0, so the pattern restarts.`}, want: wantNotRefuted},
	{family: "remainder true", steps: []string{`When we divide \(500\) by \(7\), the remainder is \(3\).`}, want: wantNotRefuted},
	{family: "remainder true", steps: []string{`Dividing 2^{6} by 5 leaves a remainder of 4.`}, want: wantNotRefuted},
	// A remainder of at least the divisor: a partial division, left alone.
	{family: "remainder partial", steps: []string{`So 17 divided by 5 leaves a remainder of 7 after one group.`}, want: wantNotRefuted},
	// Supposed, tested or asked: not decided.
	{family: "remainder supposed", steps: []string{`We check whether 2003 divided by 3 gives a remainder of 1.`}, want: wantNotRefuted},
	{family: "remainder supposed", steps: []string{`Suppose 45 divided by 7 leaves a remainder of 1; then 44 is a multiple of 7.`}, want: wantNotRefuted},
	{family: "remainder supposed", steps: []string{`If the remainder when 50 is divided by 8 is 1, then 49 is divisible by 8.`}, want: wantNotRefuted},
	{family: "remainder supposed", steps: []string{`If we divide 50 by 8, the remainder is 1 only when the count is odd.`}, want: wantNotRefuted},
	// A number that is part of something larger, a sign, another base.
	{family: "remainder operand", steps: []string{`Here n + 2003 divided by 3 gives a remainder of 1 for these n.`}, want: wantNotRefuted},
	{family: "remainder operand", steps: []string{`Taking -8 divided by 3 leaves a remainder of 1 in this convention.`}, want: wantNotRefuted},
	{family: "remainder operand", steps: []string{`Then \(\sqrt{2003}\) divided by 3 gives a remainder of 1 in the floor.`}, want: wantNotRefuted},
	{family: "remainder operand", steps: []string{`The value 4.5 divided by 2 leaves a remainder of 0 for the floor part.`}, want: wantNotRefuted},
	{family: "remainder operand", steps: []string{`Here \(x^{2003}\) divided by 3 gives a remainder of 1 as a polynomial.`}, want: wantNotRefuted},
	{family: "remainder operand", steps: []string{`The product of 25 and 2003 divided by 3 gives a remainder of 1.`}, want: wantNotRefuted},
	{family: "remainder base", steps: []string{`The numeral \(1011_2\) divided by 3 gives a remainder of 1.`}, want: wantNotRefuted},
	// False remainders: refuted, also with powers and new numbers.
	{family: "remainder wrong", steps: []string{`Since 1000 divided by 7 leaves a remainder of 5, the day is a Friday.`}, want: wantRefuted, claim: "1000 mod 7 = 5"},
	{family: "remainder wrong", steps: []string{`Note that 59 leaves a remainder of 3 when divided by 11.`}, want: wantRefuted, claim: "59 mod 11 = 3"},
	{family: "remainder wrong", steps: []string{`Thus the remainder when \(3^{20}\) is divided by \(5\) is \(2\).`}, want: wantRefuted, claim: "3^{20} mod 5 = 2"},
	{family: "remainder wrong", steps: []string{`As \(2^{100}\) divided by \(7\) gives us a remainder of \(4\), we continue.`}, want: wantRefuted, claim: "2^{100} mod 7 = 4"},
	{family: "remainder wrong", steps: []string{`When we divide \(500\) by \(7\), the remainder is \(5\).`}, want: wantRefuted, claim: "500 mod 7 = 5"},
	{family: "remainder wrong", steps: []string{`Dividing 2^{6} by 5 gives a remainder of 1, so the cycle is 4.`}, want: wantRefuted, claim: "2^{6} mod 5 = 1"},

	// Digit counts: a count of three or four digits, the relative form, a subscript to a letter.
	{family: "digits true", steps: []string{`So \(2^{100}\) has 31 digits and \(2^{10}\) has 4 digits.`}, want: wantNotRefuted},
	{family: "digits true", steps: []string{`The LCM is \(60060\), which is a five-digit number.`}, want: wantNotRefuted},
	{family: "digits true", steps: []string{`Since \(\log_{10} 2^{1000} \approx 301.03\), \(2^{1000}\) has 302 digits.`}, want: wantNotRefuted},
	{family: "digits supposed", steps: []string{`We need a number like 12345, which is a six-digit number.`}, want: wantNotRefuted},
	{family: "digits base", steps: []string{`Written as \(1011_2\), 11 has 4 digits.`}, want: wantNotRefuted},
	{family: "digits operand", steps: []string{`The product of 25 and 4, which is a three-digit number, is 100.`}, want: wantNotRefuted},
	{family: "digits operand", steps: []string{`So \(25 \times 4\) has 3 digits.`}, want: wantNotRefuted},
	{family: "digits wrong", steps: []string{`The product is 123456, which is already a seven-digit number.`}, want: wantRefuted, claim: "the digits of 123456 = 7"},
	{family: "digits wrong", steps: []string{`Then \(3^{200}\) has 95 digits.`}, want: wantRefuted, claim: "the digits of 3^{200} = 95"},
	{family: "digits wrong", steps: []string{`Since \(\log_{10} 2^{50} \approx 15.05\), \(2^{50}\) has 15 digits.`}, want: wantRefuted, claim: "the digits of 2^{50} = 15"},
	{family: "digits wrong", steps: []string{`Next we compute \(f_1(2^{10})\). Here \(2^{10}\) has 5 digits.`}, want: wantRefuted, claim: "the digits of 2^{10} = 5"},
}

func TestRemainderTraps(t *testing.T) {
	runTraps(t, "remainder", remainderTraps, nil)
}

// TestReadRemaindersShape: the refutation names the remainder that holds
// and spans the claim; a text with no claim costs no pattern.
func TestReadRemaindersShape(t *testing.T) {
	text := `Since \(2003\) divided by \(3\) gives a remainder of \(1\), this simplifies.`
	got := worldfact.ReadRemainders(2, text, "decide")
	if assert.Len(t, got, 1) {
		o := got[0]
		assert.Equal(t, 2, o.Step)
		assert.Equal(t, "2003 mod 3 = 1", o.Expr)
		assert.Equal(t, "(2 : Rat) = (1 : Rat)", o.Prop)
		assert.Equal(t, text[o.Span.Start:o.Span.End], o.Span.Text)
		assert.Contains(t, o.WhyDisproof, "2003 leaves a remainder of 2 when divided by 3")
	}
	assert.Empty(t, worldfact.ReadRemainders(0, "The remainder is 3 and 12 divided by 5 is 2.4.", "decide"))
}
