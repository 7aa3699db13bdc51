package worldfact

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLowDigits(t *testing.T) {
	for _, c := range []struct {
		num  string
		k    int
		want string
		ok   bool
	}{
		{"120120", 2, "20", true},
		{"7^{4}", 2, "01", true},
		{"2011^{2011}", 3, "611", true},
		{"3^{1000}", 3, "001", true},
		{"1^{5000000}", 2, "", false}, // one digit: no tens place
		{"42", 3, "", false},
		{"2^{6}", 2, "64", true},
	} {
		got, ok := lowDigits(c.num, c.k)
		assert.Equal(t, c.ok, ok, c.num)
		assert.Equal(t, c.want, got, c.num)
	}
}

func TestReadPlaceDigits(t *testing.T) {
	// false claims: refuted, with the digits the number ends in
	for text, why := range map[string]string{
		`So the hundreds digit of \(3^{20}\) is \(\boxed{2}\).`: "3^{20} ends in 401, not 2",
		`The tens digit of 987654 is 4.`:                        "987654 ends in 54, not 4",
		`The last two digits of \(13^{3}\) are 79.`:             "13^{3} ends in 97, not 79",
	} {
		got := ReadPlaceDigits(1, text, "decide")
		if assert.Len(t, got, 1, text) {
			assert.Equal(t, why, got[0].WhyDisproof, text)
		}
	}
	// true claims, no such place, another base, a supposition, another count of figures: nothing
	for _, text := range []string{
		`So the hundreds digit of \(3^{20}\) is 4.`,
		`The tens digit of 987654 is 5 and the last three digits of 2^{10} are 024.`,
		`The hundreds digit of 57 is 0.`,
		`In base 8, the tens digit of 1234 is 1.`,
		`If the tens digit of 987654 is 4, we stop.`,
		`The last two digits of \(13^{3}\) are 7.`,
		`Is the tens digit of 987654 equal to 4? The tens digit of 987654 is 4?`,
	} {
		assert.Empty(t, ReadPlaceDigits(1, text, "decide"), text)
	}
}

// FuzzReadPlaceDigits: any text reads without a panic, and every claim
// read has a span inside the text and a closed negation.
func FuzzReadPlaceDigits(f *testing.F) {
	f.Add(`the hundreds digit of \(2011^{2011}\) is \(\boxed{9}\)`)
	f.Add("the tens digit of 120120 is 3. the last two digits of 7^{4} are 41.")
	f.Add("the last four digits of 9^{9999999} are 0000 tens digit two digits")
	f.Fuzz(func(t *testing.T, text string) {
		for _, o := range ReadPlaceDigits(0, text, "norm_num") {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start >= o.Span.End {
				t.Fatalf("span %v outside the text", o.Span)
			}
			if !strings.HasPrefix(o.LeanNeg, "example : ¬(") {
				t.Fatalf("not a closed negation: %q", o.LeanNeg)
			}
		}
	})
}
