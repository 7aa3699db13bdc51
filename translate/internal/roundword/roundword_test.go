package roundword

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/dialect"
	"github.com/leanprm/leanprm/translate/obligation"
)

// TestReadDecides: a rounding stated in words is read with the value that
// ends the text before it, and the exact checker decides the bound through
// the dialect lines Lean would get: disproved when no rounding to the
// nearest unit explains the value, proved (never a verification) when one
// could. Cases written for this test.
func TestReadDecides(t *testing.T) {
	cases := []struct {
		prev, text, expr string
		proved           bool
	}{
		// wrong roundings: refuted
		{"", `So the trip takes $$\frac{5{,}313}{30} = 177.1.$$ Rounding to the nearest whole number, the trip takes 178 minutes.`, "177.1 rounded to the nearest whole number = 178", false},
		{"", `The mean is \(= 48.62\). Rounded to the nearest tenth, the mean is \(48.5\).`, "48.62 rounded to the nearest tenth = 48.5", false},
		{"", `We get \[ A \approx 3{,}407.81 \] Rounding to the nearest integer: \[ A \approx 3{,}407 \]`, "3,407.81 rounded to the nearest integer = 3,407", false},
		{"", "The total is = -12.8 degrees. Rounding it to the nearest whole number, we get -12 degrees.", "", false},
		{`Multiplying, the area is $\dfrac{4 \cdot 13}{8}$, so $A = \dfrac{13}{2}$.`, "And rounding to the nearest whole number, that is 7.", "13/2 rounded to the nearest whole number = 7", true},
		{"", `Then \[ P \approx 5{,}120.46 \] So, rounding to the nearest whole number: \[ P \approx 5{,}121 \]`, "5,120.46 rounded to the nearest whole number = 5,121", false},
		{`The length is \( L \approx 41.37 \)`, "Rounded to the nearest tenth, the length is \\(41.3\\) cm.", "41.37 rounded to the nearest tenth = 41.3", false},
		// true roundings: the bound holds, nothing is refuted
		{"", `So the trip takes $$\frac{5{,}313}{30} = 177.1.$$ Rounding to the nearest whole number, the trip takes 177 minutes.`, "177.1 rounded to the nearest whole number = 177", true},
		{"", `The mean is = 48.66. Rounded to the nearest tenth, the mean is 48.7.`, "48.66 rounded to the nearest tenth = 48.7", true},
		{"", "It is $= 26,518.5$. Rounding to the nearest whole number, we have $26,518$.", "26,518.5 rounded to the nearest whole number = 26,518", true},
		{"", "Each takes 7.46 hours, so the time is 2 \\times 7.46 = 14.92 hours. Rounding to the nearest whole number, 15 hours.", "14.92 rounded to the nearest whole number = 15", true},
	}
	for _, c := range cases {
		got := Read(2, c.prev, c.text, "decide +kernel")
		if c.expr == "" {
			assert.Empty(t, got, "a negative rounded value is not read: %s", c.text)
			continue
		}
		require.Len(t, got, 1, c.text)
		o := got[0]
		assert.Equal(t, c.expr, o.Expr, c.text)
		assert.Equal(t, obligation.KindRoundingBound, o.Kind)
		assert.Equal(t, obligation.Unknown, o.OnProof, "a rounding is never verified")
		assert.Equal(t, c.text[o.Span.Start:o.Span.End], o.Span.Text)
		assert.Contains(t, strings.ToLower(o.Span.Text), "round", o.Span.Text)
		out := dialect.Decide(o.Lean, o.LeanNeg, "decide +kernel", "grind")
		require.Empty(t, out.Fail, c.text)
		assert.Equal(t, c.proved, out.Proved, c.text)
		assert.Equal(t, !c.proved, out.Disproved, c.text)
	}
}

// TestReadLeavesAlone: roundings up or down, suppositions, values that are
// no result of a computation, several numbers, other units, a value far
// from the one before (it may round something else) are not read.
func TestReadLeavesAlone(t *testing.T) {
	for _, text := range []string{
		`So $n = 14.2$. Rounding up to the nearest whole number, we need 15 boxes.`,
		`So $n = 14.7$. Rounding down to the nearest whole number, we can fill 14 boxes.`,
		`So $n = 14.7$. We round up to the nearest integer: 15.`,
		`So $n = 14.7$. If we were rounding to the nearest whole number, we would get 14.`,
		`So $n = 14.7$. Rounding to the nearest whole number, 14 is wrong.`,
		`Each box costs $3.75. Rounding to the nearest whole number, we need 27 boxes.`,
		`So $x = 14.7$. Rounding to the nearest whole number, we get 14 and 15.`,
		`So $x = 14.7$. Rounding to the nearest whole number, x = 14.`,
		`So $x = 14.7$. Rounding to the nearest ten, we get 10.`,
		`So $x = 14.7$. Rounding to the nearest tenth, we get 14.75.`,
		`So $x = 14.7$. Rounding to the nearest whole number, we get 140.`,
		`So $x = 14.7$ and it has 3 digits. Rounding to the nearest whole number gives 14.`,
		`So $x = 14.7$. After rounding to the nearest whole number, we get 14.`,
		`The price is $= 3.75$ dollars. Rounding to the nearest whole number, the cost is x^2 + 4.`,
		"Round to the nearest whole number.",
	} {
		assert.Empty(t, Read(0, "", text, "decide +kernel"), text)
	}
	// the step before is read only by a rounding that opens the step
	assert.Empty(t, Read(1, "So $x = 14.7$.", "The boxes are full. Rounding to the nearest whole number, we get 14.", "decide"))
	assert.Len(t, Read(1, "So $x = 14.7$.", " Rounding to the nearest whole number, we get 14.", "decide"), 1)
}

// TestReadLinear: hostile text (long runs of cues, numbers, invalid UTF-8)
// is read in time linear in its length.
func TestReadLinear(t *testing.T) {
	unit := "= 1.5. Rounding to the nearest whole number, 3 \xff "
	small := strings.Repeat(unit, 200)
	big := strings.Repeat(unit, 3200)
	t0 := time.Now()
	Read(0, "", small, "decide")
	d1 := time.Since(t0)
	t0 = time.Now()
	got := Read(0, "", big, "decide")
	d2 := time.Since(t0)
	assert.LessOrEqual(t, len(got), maxClaims)
	assert.Less(t, d2, 40*d1+50*time.Millisecond, "16× the text must not take much more than 16× the time")
}

// FuzzRead: no panic, spans inside the text and on rune boundaries.
func FuzzRead(f *testing.F) {
	f.Add(`$$x = 161.7.$$ Rounding to the nearest whole number, the time is 161 minutes.`)
	f.Add("= 26{,}518.93. Rounded to the nearest tenth: 26{,}518.9")
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range Read(0, s, s, "decide") {
			if o.Span.Start < 0 || o.Span.End > len(s) || o.Span.Start > o.Span.End || !utf8.RuneStart(s[o.Span.Start]) {
				t.Fatalf("bad span %+v in %q", o.Span, s)
			}
		}
	})
}
