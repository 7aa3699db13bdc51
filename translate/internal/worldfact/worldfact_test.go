package worldfact

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/obligation"
)

func TestRead(t *testing.T) {
	got := Read(2, `There are \(30\) days in March.`, "", "norm_num")
	require.Len(t, got, 1)
	o := got[0]
	assert.Equal(t, "the days of March = 30", o.Expr)
	assert.Equal(t, "30", o.Span.Text)
	assert.Equal(t, "example : ¬((31 : Rat) = (30 : Rat)) := by norm_num", o.LeanNeg)
	assert.Equal(t, "March has 31 days, not 30", o.WhyDisproof)
	// "May" the month only when written so.
	assert.Len(t, Read(0, "May has 30 days.", "", "norm_num"), 1)
	assert.Empty(t, Read(0, "It may has 30 days.", "", "norm_num"))
	// Number words.
	assert.Len(t, Read(0, "He pays quarterly, meaning three times a year.", "", "norm_num"), 1)
	assert.Empty(t, Read(0, "He pays quarterly, meaning four times a year.", "", "norm_num"))
	// Conventions.
	assert.Empty(t, Read(0, "There are 30 days in March.", "*", "norm_num"))
	assert.Empty(t, Read(0, "There are 10 months in a year.", "months/year", "norm_num"))
	assert.Len(t, Read(0, "There are 10 months in a year.", "minutes/hour", "norm_num"), 1)
	// The step's own count: "a 10 month school year".
	assert.Empty(t, Read(0, "It is a 10 month school year. There are 10 months in a year of school, and there are 10 months in a year.", "", "norm_num"))
	// Counts of working time are not read at all.
	assert.Empty(t, Read(0, "There are 8 hours in a day, and there are 5 days in a week.", "", "norm_num"))
}

func TestConventions(t *testing.T) {
	assert.Equal(t, "*", Conventions("Assume a year has 360 days."))
	assert.Equal(t, "*", Conventions("There are 30 days in April and 31 in May."))
	assert.Equal(t, "months/year", Conventions("Her school year has 10-month terms: a 10 month school year."))
	assert.Equal(t, "minutes/hour", Conventions("Lessons last a 50 minute class hour."))
	assert.Equal(t, "", Conventions("A shop sells 40 apples every day."))
}

func TestRangeDays(t *testing.T) {
	lo, hi, ok := rangeDays("january", "1", "july", "18")
	require.True(t, ok)
	assert.Equal(t, [2]int{197, 200}, [2]int{lo, hi}) // 198 apart; a leap day may lie between
	lo, hi, ok = rangeDays("march", "1", "march", "31")
	require.True(t, ok)
	assert.Equal(t, [2]int{29, 31}, [2]int{lo, hi})
	_, _, ok = rangeDays("july", "19", "january", "2") // the next year: not read
	assert.False(t, ok)
	_, _, ok = rangeDays("february", "30", "march", "2")
	assert.False(t, ok)
}

func FuzzRead(f *testing.F) {
	f.Add("There are 30 days in March. From January 1st to July 18th, there are 203 days.", "")
	f.Add("He pays quarterly (3 times a year). A day has 20 hours, so", "hours/day")
	f.Add("There are 13 eggs in a dozen; a dozen is 11.", "*")
	f.Add("So 8 is a two-digit number, 12345 has four digits, and 3^{5} has a units digit of 7.", "")
	f.Fuzz(func(t *testing.T, text, conv string) {
		if !utf8.ValidString(text) {
			return
		}
		for _, o := range Read(0, text, conv, "norm_num") {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start >= o.Span.End {
				t.Fatalf("span %v outside the text", o.Span)
			}
			if !strings.HasPrefix(o.LeanNeg, "example : ¬(") {
				t.Fatalf("not a closed negation: %q", o.LeanNeg)
			}
		}
		for _, o := range ReadDigits(0, text, "norm_num") {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start >= o.Span.End {
				t.Fatalf("span %v outside the text", o.Span)
			}
		}
		_ = Conventions(text)
	})
}

func TestReadDigits(t *testing.T) {
	got := ReadDigits(1, `For \(n = 12\), \(2^n = 2^{12}\) has a units digit of 4.`, "norm_num")
	require.Len(t, got, 1)
	assert.Equal(t, "the units digit of 2^{12} = 4", got[0].Expr)
	assert.Equal(t, "example : ¬((6 : Rat) = (4 : Rat)) := by norm_num", got[0].LeanNeg)
	assert.Equal(t, "2^{12} ends in 6, not 4", got[0].WhyDisproof)
	assert.Len(t, ReadDigits(0, "First, 3 is a two-digit number. Second, 5 is a two-digit number.", "norm_num"), 2)
	assert.Empty(t, ReadDigits(0, "First, 13 is a two-digit number.", "norm_num"))
	// A power past the bound is not computed.
	assert.Empty(t, ReadDigits(0, "Then 7^{9999999} has a units digit of 3.", "norm_num"))
	_, ok := bigNumeral("7^{9999999}")
	assert.False(t, ok)
	n, ok := bigNumeral("2 ^ {10}")
	require.True(t, ok)
	assert.Equal(t, "1024", n.String())
}

// TestReadDigitRanges: an end of a range of the numbers of k digits that
// has another count of digits is refuted (the bounds just outside, an
// exclusive reading, are not); true ranges, parts of the range and
// supposed ranges are left alone. Cases written for this test.
func TestReadDigitRanges(t *testing.T) {
	for _, c := range []struct {
		text, expr string
	}{
		{`Second, numbers with 4 digits: \(100\) to \(9999\) (9900 numbers).`, "the digits of 100 = 4"},
		{"The 6-digit numbers run from 10000 to 999999.", "the digits of 10000 = 6"},
		{"So the three-digit integers range from 100 to 9999.", "the digits of 9999 = 3"},
		{"Then, 2-digit numbers start from 10 and go up to 999.", "the digits of 999 = 2"},
	} {
		got := ReadDigits(1, c.text, "decide")
		if assert.Len(t, got, 1, c.text) {
			assert.Equal(t, c.expr, got[0].Expr, c.text)
			assert.Equal(t, obligation.Refuted, got[0].OnDisproof)
		}
	}
	for _, text := range []string{
		"Numbers with 4 digits: 1000 to 9999 (9000 numbers).",
		"The 3-digit numbers from 100 to 500 that are even.",
		"The 3-digit numbers run from 99 to 1000, both excluded.",
		"Numbers with 1 digit: 0 to 9.",
		"If the 3-digit numbers ran from 100 to 9999, we would count more.",
		"We check whether numbers with 3 digits: 10 to 999.",
		"Numbers with 3 digits in base 5: 25 to 124.",
		"The 3-digit numbers from 1,000 to 9,999.",
	} {
		assert.Empty(t, ReadDigits(1, text, "decide"), text)
	}
}

// FuzzReadDigits: any text reads without a panic, and every claim of digits
// read has a span inside the text and a closed negation.
func FuzzReadDigits(f *testing.F) {
	f.Add("Third, numbers with 5 digits: \\(1000\\) to \\(9999\\) (9000 numbers).")
	f.Add("The 5-digit numbers start from 1000 and go up to 9999. 8 is a two-digit number.")
	f.Add("digit digit numbers with 3 digits: 10 to 999 numbers with 99 digits: 1 to 2")
	f.Fuzz(func(t *testing.T, text string) {
		for _, o := range ReadDigits(0, text, "norm_num") {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start >= o.Span.End {
				t.Fatalf("span %v outside the text", o.Span)
			}
			if !strings.HasPrefix(o.LeanNeg, "example : ¬(") {
				t.Fatalf("not a closed negation: %q", o.LeanNeg)
			}
		}
	})
}

// TestPlainKeepsOffsets: letters whose lower case has another length in
// UTF-8 ("İ"), and invalid UTF-8, leave the claims' spans on the text's own
// bytes (the fuzzer found an empty span past such bytes).
func TestPlainKeepsOffsets(t *testing.T) {
	for _, text := range []string{"İİİ So 8 is a two-digit number.", "\xa7\xa7\xd2 So 8 is a two-digit number."} {
		assert.Equal(t, len(text), len(plain(text)))
		got := ReadDigits(0, text, "decide")
		if assert.Len(t, got, 1, text) {
			assert.Equal(t, "8 is a two-digit", got[0].Span.Text, text)
		}
	}
}
