package worldfact

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadRemainders(t *testing.T) {
	for _, c := range []struct{ text, expr string }{
		{`Since \(2003\) divided by \(3\) gives a remainder of \(1\), it is -1.`, "2003 mod 3 = 1"},
		{`So 59 leaves a remainder of 3 when divided by 11.`, "59 mod 11 = 3"},
		{`The remainder when \(2^{100}\) is divided by \(7\) is \(4\).`, "2^{100} mod 7 = 4"},
		{`The remainder of 1,000 divided by 7 is 5.`, "1000 mod 7 = 5"},
		{`Here \text{2003} divided by \text{3} leaves the remainder \text{1}.`, "2003 mod 3 = 1"},
	} {
		got := ReadRemainders(0, c.text, "norm_num")
		if assert.Len(t, got, 1, c.text) {
			assert.Equal(t, c.expr, got[0].Expr)
			assert.True(t, strings.HasPrefix(got[0].LeanNeg, "example : ¬("), got[0].LeanNeg)
		}
	}
	for _, text := range []string{
		`Since 2003 divided by 3 gives a remainder of 2, it is w^2.`,     // true
		`So 17 divided by 5 leaves a remainder of 7 in the first pass.`,  // at least the divisor
		`Is it true that 2003 divided by 3 gives a remainder of 1?`,      // asked
		`If 50 divided by 8 leaves a remainder of 1, then 8 divides 49.`, // supposed
		`Then 2a + 2003 divided by 3 gives a remainder of 1.`,            // an operand
		`We get 7 \cdot 2003 divided by 3 gives a remainder of 1.`,       // an operand
		`Half of 2003 divided by 3 gives a remainder of 1.`,              // an operand of "of"
		`Then 2003 divided by 3 gives a remainder of 1.5 each.`,          // more of a number
		`Then 2003 divided by 3 gives a remainder of 1x here.`,           // a name glued
		`The numeral 1011_2 divided by 3 gives a remainder of 1.`,        // another base
		`Then 2003 divided by 0 gives a remainder of 1.`,                 // no division
		`Then 7^{99999999} divided by 3 gives a remainder of 2.`,         // a power past the bound
		`The remainder when 2003 is divided by 3 is 1 + 1.`,              // more of a number
	} {
		assert.Empty(t, ReadRemainders(0, text, "norm_num"), text)
	}
}

func TestRemOperand(t *testing.T) {
	at := func(low, num string) (int, int) {
		i := strings.Index(low, num)
		require.GreaterOrEqual(t, i, 0)
		return i, i + len(num)
	}
	for _, c := range []struct {
		low, num string
		ok       bool
	}{
		{"since 2003 divided", "2003", true},
		{"(2003) divided", "2003", true},
		{`\text{2003} divided`, "2003", true},
		{"n + 2003 divided", "2003", false},
		{"-2003 divided", "2003", false},
		{`\sqrt{2003} divided`, "2003", false},
		{"x^{2003} divided", "2003", false},
		{"a_2003 divided", "2003", false},
		{"n2003 divided", "2003", false},
		{"2003.5 divided", "2003", false},
		{"2003^2 divided", "2003", false},
		{"2003x divided", "2003", false},
		{"the remainder of 2003 divided", "2003", true},
		{"half of 2003 divided", "2003", false},
		{"the product of 25 and 2003 divided", "2003", false},
		{"first, and 2003 divided", "2003", true},
		{"multiplied by 2003 divided", "2003", false},
	} {
		s, e := at(c.low, c.num)
		assert.Equal(t, c.ok, remOperand(c.low, s, e, true), c.low)
	}
}

// TestOtherBase: a base is a subscript to a numeral, or named in words; a
// subscript to a letter is a term or a function.
func TestOtherBase(t *testing.T) {
	for _, low := range []string{"1011_2 has four digits", "(33)_4 is", `\text{12}_{5}`, "in base 5, 124", "the binary 101"} {
		assert.True(t, otherBase(low), low)
	}
	for _, low := range []string{"f_1(2^{1990}) has", `\log_{10} 2^{50}`, "a_{12} = 144 has three digits", "x_2 and y_3"} {
		assert.False(t, otherBase(low), low)
	}
}

func FuzzReadRemainders(f *testing.F) {
	f.Add(`Since \(2003\) divided by \(3\) gives a remainder of \(1\), it is -1.`)
	f.Add(`So 59 leaves a remainder of 3 when divided by 11, and 60060, which is already a six-digit number.`)
	f.Add(`The remainder when \(2^{100}\) is divided by \(7\) is \(4\); \(2^{1990}\) has 597 digits.`)
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		for _, o := range append(ReadRemainders(0, text, "norm_num"), ReadDigits(0, text, "norm_num")...) {
			if o.Span.Start == o.Span.End || !o.Span.Of(text) {
				t.Fatalf("span %v outside the text", o.Span)
			}
			if !strings.HasPrefix(o.LeanNeg, "example : ¬(") || o.Expr == "" {
				t.Fatalf("not a closed claim: %q %q", o.Expr, o.LeanNeg)
			}
		}
	})
}

// TestDigitsAsked: a digit count in a question, or of a number that is an
// operand of something before it, is not claimed.
func TestDigitsAsked(t *testing.T) {
	assert.Empty(t, ReadDigits(0, "The product of 25 and 4, which is a three-digit number, is 100.", "norm_num"))
	assert.Empty(t, ReadDigits(0, "So 25 times 4 is a three-digit number.", "norm_num"))
	assert.Empty(t, ReadDigits(0, `Then \(25 \times 4\) has 3 digits.`, "norm_num"))
	assert.Empty(t, ReadDigits(0, "Both 12 and 4 is a two-digit number here.", "norm_num"))                    // "12 and 4": a list
	assert.Len(t, ReadDigits(0, "First 7 is a one-digit number, and 4 is a two-digit number.", "norm_num"), 1) // ", and" starts a clause
	assert.Empty(t, ReadDigits(0, "So is 60060, which is a six-digit number?", "norm_num"))
	assert.Len(t, ReadDigits(0, "So 60060, which is a six-digit number. Is that all?", "norm_num"), 1)
	assert.Len(t, ReadDigits(0, "Here 2^{10} has 5 digits (about 1.02 thousand)?", "norm_num"), 0)
}
