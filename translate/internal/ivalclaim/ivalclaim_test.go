package ivalclaim

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestRead: an inequality that fails at a point of an interval it is said
// to hold on is one obligation at that point; true claims, intervals with
// irrational ends, a needed or tested inequality and a list followed by
// more words make none.
func TestRead(t *testing.T) {
	for _, c := range []struct{ text, expr, prop string }{
		{`So \((y^2 - 5)(y^2 + 1) < 0\) holds in the intervals \([-3, -1]\) and \([1, 2]\).`, "(y^2 - 5) * (y^2 + 1) < 0 at y = -3", "((-(3 : Rat)) ^ 2 - (5 : Rat)) * ((-(3 : Rat)) ^ 2 + (1 : Rat)) < (0 : Rat)"},
		{`Thus \(u^2 - 4u + 3 > 0\) on the intervals \((-\infty, 1)\), \((1, 3)\) and \((3, \infty)\).`, "u^2 - 4 * u + 3 > 0 at u = 2", "(2 : Rat) ^ 2 - (4 : Rat) * (2 : Rat) + (3 : Rat) > (0 : Rat)"},
		{`Hence \(t \geq 1\) holds for \(t\) in the interval [0.5, 2].`, "t ≥ 1 at t = 1/2", "((1 : Rat) / (2 : Rat)) ≥ (1 : Rat)"},
	} {
		obls := Read(0, c.text, "decide")
		if assert.Len(t, obls, 1, c.text) {
			assert.Equal(t, c.expr, obls[0].Expr)
			assert.Equal(t, c.prop, obls[0].Prop)
		}
	}
	for _, s := range []string{
		`So \((y^2 - 5)(y^2 + 1) < 0\) holds in the intervals \([-2, -1]\) and \([1, 2]\).`,
		`Thus \(u^2 - 4u + 3 > 0\) on the intervals \((-\infty, 1)\) and \((3, \infty)\).`,
		`So \(y^2 - 5 < 0\) holds in the interval \((-\sqrt{5}, \sqrt{5})\).`,
		`We need \(y^2 - 5 < 0\) in the interval \([3, 4]\).`,
		`We check whether \(y^2 - 5 < 0\) holds in the interval \([3, 4]\).`,
		`So \(y^2 - 5 < 0\) holds in the interval \([3, 4]\) after the shift.`,
		`So \(y^2 - x < 0\) holds in the interval \([3, 4]\).`,
		`So \(1 < y^2 < 5\) holds in the interval \([3, 4]\).`,
		`So \(y^2 < 5\) holds in the interval \((4, 3)\).`,
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}

// FuzzRead: hostile steps never panic and spans lie in the step.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`So \((y^2 - 5)(y^2 + 1) < 0\) holds in the intervals \([-3, -1]\) and \([1, 2]\).`,
		`\(x > 0\) on the interval (-\infty, \infty)`, `\) in the interval`, `\(\) interval [1,`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
