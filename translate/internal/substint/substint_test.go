package substint

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
	"github.com/leanprm/leanprm/translate/obligation"
)

// TestRead: a value put into an equation said to give no integer for the other name is refuted
// by the whole value that solves it; a value that gives none, a claim that it gives one, an
// equation in another name or more names and a supposing sentence make none.
func TestRead(t *testing.T) {
	for _, c := range []struct{ text, prop string }{
		{`But substituting \(p = -3\) back into \(pq = 12\) doesn't give an integer value for \(q\).`, "(-(3 : Rat)) * (-(4 : Rat)) = (12 : Rat)"},
		{`Plugging \(x = \frac{1}{2}\) into \(4xy + 2 = 10\) does not give an integer for \(y\), so we stop.`, ""},
		{`Substituting \(m = 5\) into \(2m + 3n = 1\) won't yield an integer solution for \(n\).`, ""},
	} {
		obls := Read(0, c.text, "decide")
		if assert.Len(t, obls, 1, c.text) {
			assert.Equal(t, obligation.Refuted, obls[0].OnProof)
			if c.prop != "" {
				assert.Equal(t, c.prop, obls[0].Prop)
			}
		}
	}
	for _, s := range []string{
		`But substituting \(p = -5\) back into \(pq = 12\) doesn't give an integer value for \(q\).`,
		`But substituting \(p = -3\) back into \(pq = 12\) gives an integer value for \(q\).`,
		`But substituting \(p = -3\) back into \(pqr = 12\) doesn't give an integer value for \(q\).`,
		`But substituting \(p = -3\) back into \(pr = 12\) doesn't give an integer value for \(q\).`,
		`If substituting \(p = -3\) back into \(pq = 12\) doesn't give an integer value for \(q\), we stop.`,
		`Does substituting \(p = -3\) into \(pq = 12\) not give an integer value for \(q\)?`,
		`Substituting \(m = 5\) into \(2m + 3n = 2\) won't yield an integer solution for \(n\).`,
		`Substituting \(m = 5\) into \(m^2 + n^2 = 7\) won't yield an integer solution for \(n\).`,
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}

// FuzzRead: hostile steps never panic and spans lie in the step.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`But substituting \(a = -2\) back into \(ab = 4\) doesn't give an integer value for \(b\).`,
		`plug \(x = 1\) into \(x = 1\) cannot give a whole number for \(x\),`, `substitut integer`, `put \( integer`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
