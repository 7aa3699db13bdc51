package divchain

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
		{`However, \( 3^2 = 9 \nmid 3^5 \quad \text{(true)} \)`, 1},
		{`However, \( 3^2 = 9 \nmid 2^5 \quad \text{(true)} \)`, 0},
		{`So \( 2 \cdot 7 = 14 \mid 42 \).`, 0},
		{`So \( 2 \cdot 7 = 14 \mid 44 \).`, 1},
		{`Then $4^2 = 16 \nmid 64$, so we stop.`, 1},
		{`Then $4^2 = 16 \nmid 64$ (false).`, 0},
		{`If \( 4^2 = 16 \nmid 64 \), we stop.`, 0},
		{`Check: \( 4^2 = 16 \nmid 64 \)?`, 0},
		{`So \( 16 \nmid 64 \).`, 0},
		{`So \( 4^2 = 16 \nmid 64 + x \).`, 0},
		{`Let \( S = \{ n = 4 \mid 64 \} \).`, 0},
		{`So \( 4! = 24 \nmid 48 \).`, 0},
		{`So \( 2^3 = 8 \mid 1,025 \).`, 0},
		{`So \( 2^3 = 8 \mid 7 \cdot 4 \).`, 1},
		{`Then \( 2^3 = 8 \mid 12 \equiv 0 \).`, 0},
		{`So \( 2^3 = 8 \mid 12 \mid 24 \).`, 0},
		{`So \( 2^3 = 8 \middle 12 \).`, 0},
		{`So \( x = 0 \mid 12 \).`, 0},
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
		`However, \( 3^2 = 9 \nmid 3^5 \quad \text{(true)} \)`, `So \( 2 \cdot 7 = 14 \mid 44 \).`,
		`= \mid`, `\nmid = \nmid`, `a = 1 \mid 2, 3`, `mid mid mid`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
