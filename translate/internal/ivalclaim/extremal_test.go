package ivalclaim

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestReadExtremal: a value that fails the inequality, or whose neighbour
// on the far side satisfies it, is one obligation; true claims, hedged or
// tested sentences, neighbours the integers read cannot reach, two names
// and values followed by more words make none.
func TestReadExtremal(t *testing.T) {
	for _, c := range []struct{ text, expr string }{
		{`Hence the smallest integer that satisfies the inequality \((y-3)(y+3)<0\) is \(y = 2\).`, "(y - 3) * (y + 3) ≥ 0 at y = 1"},
		{`Thus, the largest integer \( m \) that satisfies \( 30 < m^2 \) is \( m = 6 \).`, "30 ≥ m^2 at m = 7"},
		{`So the greatest integer satisfying $2t + 1 \le 9$ is $t = 5$.`, "2 * t + 1 ≤ 9 at t = 5"},
		{`So the largest integer \(u\) such that \(u^2 < 40\) is \(u = 5\).`, "u^2 ≥ 40 at u = 6"},
		{`The least integer \(u\) for which \(3u > 7\) is \(\boxed{4}\).`, "3 * u ≤ 7 at u = 3"},
		{`Therefore the least positive integer n satisfying \(3n > 20\) is 8.`, "3 * n ≤ 20 at n = 7"},
		{`Therefore the least positive integer n satisfying \(3n > 20\) is 6.`, "3 * n > 20 at n = 6"},
		{`The smallest integer \(k\) that satisfies \(k^2 \geq 50\) is \(\boxed{7}\), since \(7^2 = 49\).`, "k^2 ≥ 50 at k = 7"},
	} {
		obls := ReadExtremal(0, c.text, "decide")
		if assert.Len(t, obls, 1, c.text) {
			assert.Equal(t, c.expr, obls[0].Expr, c.text)
		}
	}
	for _, s := range []string{
		`Hence the smallest integer that satisfies the inequality \((y-3)(y+3)<0\) is \(y = -2\).`,
		`Thus, the largest integer \( m \) that satisfies \( m^2 < 30 \) is \( m = 5 \).`,
		`So the greatest integer satisfying $2t + 1 \le 9$ is $t = 4$.`,
		`So the greatest integer satisfying $2t + 1 \le 9$ is $7$.`,
		`The smallest positive integer for which \(D < 0\) is 23.`,
		`If the smallest integer that satisfies \(y^2 < 9\) is \(y = 2\), then we are done.`,
		`Let's check whether the smallest integer that satisfies \(y^2 < 9\) is \(y = 2\).`,
		`The smallest integer that satisfies \(y^2 < 9\) is approximately 2.`,
		`The smallest integer that satisfies \(y^2 < 9\) is 2.5.`,
		`The smallest integer that satisfies \(y^2 < 9\) is 2 more than the answer.`,
		`The smallest integer that satisfies \(y + x < 9\) is 2.`,
		`The smallest integer \(k\) that satisfies \(y < 9\) is 2.`,
		`The smallest positive integer that satisfies \(2y > 1\) is 1.`,
		`The largest negative integer that satisfies \(y < 5\) is -1.`,
		`For positive n, the smallest integer that satisfies \(n^2 > 0\) is 1.`,
		`The smallest integer that satisfies \(1 < y < 9\) is 2.`,
		`The smallest integers that satisfy \(y^2 < 9\) are -2 and -1.`,
		`The smallest integer that satisfies \(\sqrt{y} > 2\) is 5.`,
	} {
		assert.Empty(t, ReadExtremal(0, s, "decide"), s)
	}
}

// FuzzReadExtremal: hostile steps never panic and spans lie in the step.
func FuzzReadExtremal(f *testing.F) {
	for _, s := range []string{
		`Hence the smallest integer that satisfies the inequality \((y-3)(y+3)<0\) is \(y = 2\).`,
		`the largest integer \( m \) that satisfies \( 30 < m^2 \) is \( m = 6 \)`,
		`smallest integer satisfying $$ is $`, `least integer satisfies \(x<\) is \(\boxed{`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, ReadExtremal(0, text, "decide"))
	})
}

// TestReadExtremalScope: a neighbour that a bound elsewhere in the step or
// a scope word in the sentence may exclude is not tried; the value itself
// still is.
func TestReadExtremalScope(t *testing.T) {
	for _, s := range []string{
		`We need \(y \geq 2\). The smallest integer that satisfies \(y^2 > 3\) is \(y = 3\).`,
		`Since \(0 < y\), the smallest integer that satisfies \(y^2 > 3\) is \(y = 3\).`,
		`In this case, the smallest integer that satisfies \(y^2 > 3\) is \(y = 3\).`,
		`The smallest integer that satisfies \(y^2 > 3\) is \(y = 3\) for this range.`,
		`Among these, the largest integer that satisfies \(y^2 > 3\) is \(y = 9\).`,
	} {
		assert.Empty(t, ReadExtremal(0, s, "decide"), s)
	}
	obls := ReadExtremal(0, `In this case, the smallest integer that satisfies \(y^2 > 3\) is \(y = 1\).`, "decide")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "y^2 > 3 at y = 1", obls[0].Expr)
	}
	obls = ReadExtremal(0, `First \(\left( y \right)^2 > 3\) is read. The smallest integer that satisfies \(y^2 > 3\) is \(y = 3\).`, "decide")
	if assert.Len(t, obls, 1) {
		assert.Equal(t, "y^2 ≤ 3 at y = 2", obls[0].Expr)
	}
}
