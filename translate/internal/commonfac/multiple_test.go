package commonfac

import (
	"testing"

	"github.com/leanprm/leanprm/translate/obligation"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

func TestReadMultiplesDecides(t *testing.T) {
	cases := []struct {
		text string
		want int // refutations
	}{
		{`Since multiples of 12 are common multiples of both 4 and 6, we count them once.`, 0},
		{`Since multiples of 14 are common multiples of both 4 and 7, we count them once.`, 1},
		{`Multiples of 21 are also multiples of 7, so they are already counted.`, 0},
		{`Multiples of 21 are also multiples of 6, so they are already counted.`, 1},
		{`All multiples of \(18\) are multiples of \(4\) and \(9\).`, 1},
		{`The common multiples of 4 and 6 are the multiples of 12.`, 0},
		{`The common multiples of 4 and 6 are the multiples of 24.`, 1},
		{`Thus 60 is a common multiple of 4 and 15.`, 0},
		{`Thus 60 is a common multiple of 8 and 15.`, 1},
		{`Thus 90 is a multiple of both 9 and 12.`, 1},
		{`Even multiples of 5 are multiples of 10.`, 0},
		{`Odd multiples of 3 are multiples of 6.`, 0},
		{`If multiples of 14 were multiples of 4, we would count them twice.`, 0},
		{`Multiples of 14 are not multiples of 4.`, 0},
		{`Are multiples of 14 multiples of 4?`, 0},
		{`Multiples of 14 are multiples of 4 only when they are even twice.`, 0},
		{`Multiples of 14 are multiples of 4 and of 7.`, 0},
		{`Multiples of 14 are multiples of 4^2.`, 0},
		{`Multiples of 14 are multiples of 4.5 as well.`, 0},
		{`Multiples of 14 are multiples of 2 or 4.`, 0},
		{`Multiples of 14 are multiples of 2 and 4 and 7.`, 0},
		{`Multiples of 14 are multiples of 2, 4, and 7.`, 0},
		{`Thus 2.60 is a common multiple of 8 and 15.`, 0},
		{`Thus -60 is a common multiple of 8 and 15, we check.`, 0},
		{`It is wrong that multiples of 14 are multiples of 4.`, 0},
		{`Multiples of 0 are multiples of 3.`, 0},
	}
	for _, c := range cases {
		got := 0
		for _, o := range ReadMultiples(0, c.text, "decide") {
			if o.OnProof == obligation.Refuted {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%q: %d refutations, want %d", c.text, got, c.want)
		}
	}
}

// FuzzReadMultiples checks that ReadMultiples never panics and that every
// obligation's span is the text it names.
func FuzzReadMultiples(f *testing.F) {
	for _, s := range []string{
		`Since multiples of 14 are common multiples of both 4 and 7, we count them once.`,
		`The common multiples of 4 and 6 are the multiples of 24.`, `Thus 60 is a common multiple of 8 and 15.`,
		`multiple multiple`, `multiples of 1 are multiples of`, `\(multiples of 2\) are multiples of $3$`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, ReadMultiples(0, text, "decide"))
	})
}
