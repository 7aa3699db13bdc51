package unitfact

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// TestRead: a stated fact is one obligation naming the fact; a qualified
// container, a convention and a number inside math are left alone.
func TestRead(t *testing.T) {
	obls := Read(0, "There are 30 days in March, so 30 × 4 = 120.", "norm_num")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "#days in march = 30", obls[0].Expr)
		assert.Equal(t, "(31 : Rat) = (30 : Rat)", obls[0].Prop)
		assert.Contains(t, obls[0].Note, "days in march: 31")
	}
	obls = Read(0, "It is paid quarterly, which means three times in a year.", "norm_num")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "(4 : Rat) = (3 : Rat)", obls[0].Prop)
	}
	for _, s := range []string{
		"There are 30 days in a month.", "There are 5 days in a school week.", "There are 7 days in a week of camp.",
		"There are 2240 pounds in a ton.", "If there are 30 days in March, then", "There are 12 eggs in a carton.",
	} {
		assert.Empty(t, Read(0, s, "norm_num"), s)
	}
}

// FuzzUnitFact: hostile steps never panic and spans lie in the step.
func FuzzUnitFact(f *testing.F) {
	f.Add("There are 30 days in March, so 30 × 4 = 120.")
	f.Add("quarterly, which means three times in a year; there are 1,000 meters in a kilometer")
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		obls := Read(0, text, "norm_num")
		if len(obls) > maxClaims {
			t.Fatalf("%d obligations", len(obls))
		}
		for _, o := range obls {
			if o.Span.Start < 0 || o.Span.End > len(text) || !strings.HasPrefix(o.Expr, "#") {
				t.Fatalf("bad obligation %+v", o)
			}
		}
	})
}
