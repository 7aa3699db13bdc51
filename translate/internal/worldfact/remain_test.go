package worldfact

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRemainClaims(t *testing.T) {
	got := Read(0, "First, let's split it: the first 180 days and the remaining 85 days of the year.", "", "norm_num")
	require.Len(t, got, 1)
	assert.Equal(t, "the days of the year after the first 180 = 85", got[0].Expr)
	assert.Equal(t, "example : ¬((185 : Rat) = (85 : Rat)) := by norm_num", got[0].LeanNeg)
	assert.Equal(t, "85", got[0].Span.Text)
	assert.Empty(t, Read(0, "The first 180 days and the remaining 186 days of the year.", "", "norm_num"), "a leap year")
	assert.Empty(t, Read(0, "The first 180 days and the remaining 85 days of the year.", Conventions("The school year has 265 days."), "norm_num"))
	assert.Equal(t, yearKey, Conventions("A farm runs a 300-day year."))
	assert.Equal(t, "", Conventions("A farm sells eggs all year."))
}

// FuzzRemain: the parts of a year are read with spans inside the text, as closed negations.
func FuzzRemain(f *testing.F) {
	f.Add("First, let's split it: the first 180 days and the remaining 85 days of the year.", "")
	f.Add("the first 4 months and the other 9 months in this year; first first 3 days remaining", "parts/year")
	f.Add(strings.Repeat("the first 1 days the remaining 2 days of the year ", 50), "")
	f.Fuzz(func(t *testing.T, text, conv string) {
		for _, o := range Read(0, text, conv, "norm_num") {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start >= o.Span.End {
				t.Fatalf("span %v outside the text", o.Span)
			}
			if !strings.HasPrefix(o.LeanNeg, "example : ¬(") {
				t.Fatalf("not a closed negation: %q", o.LeanNeg)
			}
		}
	})
}
