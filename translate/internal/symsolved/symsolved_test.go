package symsolved

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/discourse"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

func read(prev, text string) []Found {
	toks := mathtext.Lex(text, 40)
	return Read(0, prev, mathtext.Lex(prev, 40), text, toks, discourse.Read(text, toks), "norm_num")
}

func TestReadStatedValues(t *testing.T) {
	got := read("", `The lines \(a + b = 4\) and \(a - b = 2\) cross where, solving, we get \(a = 3\), \(b = 2\).`)
	require.Len(t, got, 1)
	o := got[0].Obligation
	assert.Equal(t, "a + b = 4 at a = 3, b = 2", o.Expr)
	assert.Equal(t, "example : ¬((3 : Rat) + (2 : Rat) = (4 : Rat)) := by norm_num", o.LeanNeg)
	assert.Equal(t, `a = 3\), \(b = 2`, o.Span.Text)
	assert.Contains(t, o.WhyDisproof, "the left side is 5, the right side 4")
	// Negative and fractional values are written as dialect literals.
	got = read("", `Solving \(2p + 4q = 1\) and \(p = q\) gives \(p = -\frac{1}{2}\), \(q = \frac{1}{2}\).`)
	require.Len(t, got, 1)
	assert.Contains(t, got[0].Obligation.LeanNeg, "(-((1 : Rat) / (2 : Rat)))")
	// Values that satisfy every equation give nothing.
	assert.Empty(t, read("", `The lines \(a + b = 4\) and \(a - b = 2\) cross where, solving, we get \(a = 3\), \(b = 1\).`))
}

func TestAssignments(t *testing.T) {
	for _, c := range []struct {
		body  string
		names string
		ok    bool
	}{
		{"x = 0", "x", true},
		{"b = 4, c = 0, d = 0", "b c d", true},
		{"(A, R) = (1, 4)", "A R", true},
		{`x = \frac{3}{4}, y = -2`, "x y", true},
		{"x = 1.5, y = 2", "x y", true},
		{"x = 1.41, y = 2", "", false}, // may be rounded
		{`x = \sqrt{2}, y = 1`, "", false},
		{"x = y, y = 1", "", false},
		{"x = 1, x = 2", "", false},
		{"ab = 3, c = 1", "", false},
		{"(A, R) = (2, \\sqrt{14})", "", false},
	} {
		names, _, ok := assignments(c.body, nil)
		assert.Equal(t, c.ok, ok, c.body)
		assert.Equal(t, c.names, strings.Join(names, " "), c.body)
	}
	names, vals, ok := assignments("(4, 1)", []string{"A", "R"})
	require.True(t, ok)
	assert.Equal(t, []string{"A", "R"}, names)
	assert.Equal(t, "4", vals["A"].RatString())
}

func FuzzRead(f *testing.F) {
	f.Add("", `Solving \(x + y = 1\) and \(y + z = 1\), we find \(x = 1\), \(y = 0\), \(z = 0\).`)
	f.Add(`We have \(x + y = 10\).`, "Possible pairs:\n- \\( x = 3, y = 4 \\)\n- \\((x, y) = (1, 2)\\) or \\((2, 1)\\)")
	f.Add("$a=2b=3c$", "this fits when $a = 6$ and $b = 3$ (or $c = 2$, $b = 3$).")
	f.Add("", `The solutions of the equation \(9^{x} = 3^{x+4}\) are \(x = 4\) and \(x = -2\).`)
	f.Fuzz(func(t *testing.T, prev, text string) {
		if !utf8.ValidString(text) || !utf8.ValidString(prev) {
			return
		}
		for _, f := range read(prev, text) {
			o := f.Obligation
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start > o.Span.End {
				t.Fatalf("span %v outside the step", o.Span)
			}
			if !strings.HasPrefix(o.LeanNeg, "example : ¬(") {
				t.Fatalf("not a closed negation: %q", o.LeanNeg)
			}
		}
	})
}

func TestExponentOfName(t *testing.T) {
	got := read("", `For \(p = 2\), \(2^{k-1} \cdot 3 = 20\) gives \(k = 3\).`)
	require.Len(t, got, 1)
	o := got[0].Obligation
	assert.Equal(t, "2^(k - 1) * 3 = 20 at k = 3", o.Expr)
	assert.Equal(t, "example : ¬((2 : Rat) ^ 2 * (3 : Rat) = (20 : Rat)) := by norm_num", o.LeanNeg)
	assert.Contains(t, o.WhyDisproof, "the left side is 12, the right side 20")
	// A negative exponent: 2^{x} at x = -1 is 1/2.
	assert.Empty(t, read("", `Solving \(2^{x} \cdot 4 = 2\) gives \(x = -1\).`))
	require.Len(t, read("", `Solving \(2^{x} \cdot 4 = 3\) gives \(x = -1\).`), 1)
	// The value holds: nothing.
	assert.Empty(t, read("", `For \(p = 2\), \(2^{k-1} \cdot 3 = 24\) gives \(k = 4\).`))
	// One name in a polynomial equation is the symbolic reader's.
	assert.Empty(t, read("", `Solving \(x^2 + 1 = 5\) gives \(x = 3\).`))
	// An exponent that is no small whole number at the value: nothing.
	assert.Empty(t, read("", `Solving \(2^{x} = 10\) gives \(x = 3.5\).`))
	assert.Empty(t, read("", `Solving \(2^{x} = 10\) gives \(x = 40\).`))
}

// TestIsName holds isName to nameRE on every string of one or two bytes,
// and a few longer.
func TestIsName(t *testing.T) {
	ss := []string{"", "xy", " x", "x ", "x\n", "é", "ab c"}
	for a := 0; a < 256; a++ {
		ss = append(ss, string([]byte{byte(a)}))
		for b := 0; b < 256; b += 17 {
			ss = append(ss, string([]byte{byte(a), byte(b)}))
		}
	}
	for _, s := range ss {
		if isName(s) != nameRE.MatchString(s) {
			t.Errorf("%q: isName %v, nameRE %v", s, isName(s), nameRE.MatchString(s))
		}
	}
}
