package commonfac

import (
	"testing"

	"github.com/leanprm/leanprm/translate/obligation"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

func TestReadDecides(t *testing.T) {
	cases := []struct {
		text string
		want int // refutations
	}{
		{`Since 21 and 10 have no common factors other than 1, the fraction is reduced.`, 0},
		{`Since 21 and 14 have no common factors other than 1, the fraction is reduced.`, 1},
		{`The sides are coprime (\(18\) and \(12\) have no common factors besides one), so every pair is reached.`, 1},
		{`Note that 35 and 64 share no common prime factors.`, 0},
		{`Note that 35 and 63 share no common prime factor.`, 1},
		{`Here 45 and 27 do not have any common divisors greater than 1.`, 1},
		{`Then 14 and 35 have a common factor of 7.`, 0},
		{`Then 14 and 36 have a common factor of 7.`, 1},
		{`Then 14 and 35 share a common divisor greater than 1.`, 0},
		{`Then 14 and 45 share a common divisor greater than 1.`, 1},
		{`If 21 and 14 have no common factors, the fraction is reduced.`, 0},
		{`We check whether 21 and 14 have no common factors.`, 0},
		{`Do 21 and 14 share no common factor?`, 0},
		{`Since 4, 21 and 14 have no common factors, we stop.`, 0},
		{`Since 3 \cdot 21 and 14 have no common factors, we stop.`, 0},
		{`So 21 and 14 have no common factors other than 1 and 7.`, 0},
		{`So 21 and 14 have no common factors with 11.`, 0},
		{`It is wrong to say that 21 and 14 have no common factors.`, 0},
		{`Note that 6 is a factor of 42.`, 0},
		{`Note that 6 is a factor of 40.`, 1},
		{`However, 9 is not a divisor of 12, so this split fails.`, 0},
		{`However, 4 is not a divisor of 12, so this split fails.`, 1},
		{`Here 6 is a common factor of 12 and 30.`, 0},
		{`Here 6 is a common factor of 12 and 20.`, 1},
		{`Here 6 is a factor of 12 and 20 is not.`, 0},
		{`So 3 and 6 have no common factors other than 1 and themselves.`, 0},
		{`Written in base 7, 12 and 15 have no common factors.`, 0},
		{`So 3 and 6 have no common factors other than 1 and hence we stop.`, 1},
		{`Here 3 is a factor of 12 and 18.`, 0},
		{`Here 5 is a factor of 12!.`, 0},
		{`Here 2^3 is a factor of 12.`, 0},
		{`Here 5 is a factor of 12 cm.`, 0},
		{`If 5 is a factor of 12, then 12/5 is whole.`, 0},
		{`Is 5 a factor of 12? No.`, 0},
	}
	for _, c := range cases {
		got := 0
		for _, o := range Read(0, c.text, "decide") {
			if o.OnProof == obligation.Refuted {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%q: %d refutations, want %d", c.text, got, c.want)
		}
	}
}

// FuzzRead checks that Read never panics and that every obligation's span
// is the text it names.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`Since 21 and 14 have no common factors other than 1, the fraction is reduced.`,
		`(\(18\) and \(12\) have no common factors besides one), so`, `14 and 36 have a common factor of 7.`,
		`common common common`, `1 and 2 have no common factor`, `ommon `,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
