package closednote

import (
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// TestRead: a false closed link in absolute values, numerals in a base or
// a progression with an ellipsis is one obligation with both values; true
// links, names, doubtful bars, unfixed patterns and hedged sentences make
// none.
func TestRead(t *testing.T) {
	for _, c := range []struct{ text, expr, prop string }{
		{`So \(|-3 + 5| = 8\).`, "|-3 + 5| = 8", "(2 : Rat) = (8 : Rat)"},
		{`So \[ \left| 2 - 9 \right| \cdot 2 = 15 \]`, `\left| 2 - 9 \right| \cdot 2 = 15`, "(14 : Rat) = (15 : Rat)"},
		{`In base ten, $1121_3 = 42$.`, "1121_3 = 42", "(43 : Rat) = (42 : Rat)"},
		{`We get \(3.5_{10} = 3 \times 2 + 5 \times 0.1\).`, `3.5_{10} = 3 \times 2 + 5 \times 0.1`, "((7 : Rat) / (2 : Rat)) = ((13 : Rat) / (2 : Rat))"},
		{`The sum \(5 + 10 + 15 + \cdots + 50 = 250\).`, `5 + 10 + 15 + \cdots + 50 = 250`, "(275 : Rat) = (250 : Rat)"},
		{`The sum \(1 + 2 + \dots + 100 = 5000\).`, `1 + 2 + \dots + 100 = 5000`, "(5050 : Rat) = (5000 : Rat)"},
		{`Thus \(2^1 \times 2^2 \times \cdots \times 2^{4} = 2^{9}\).`, `2^1 \times 2^2 \times \cdots \times 2^{4} = 2^{9}`, "(1024 : Rat) = (512 : Rat)"},
	} {
		obls := Read(0, "", "", c.text, "decide")
		if assert.Len(t, obls, 1, c.text) {
			assert.Equal(t, c.expr, obls[0].Expr, c.text)
			assert.Equal(t, c.prop, obls[0].Prop, c.text)
			assert.Equal(t, obls[0].Span.Text, c.text[obls[0].Span.Start:obls[0].Span.End], c.text)
		}
	}
	for _, s := range []string{
		`So \(|-3 + 5| = 2\).`,
		`In base ten, $1121_3 = 43$.`,
		`The sum \(5 + 10 + 15 + \cdots + 50 = 275\).`,
		`So \(|x - 3| = 8\).`,
		`So \(4 | 12 = 3\).`,
		`So \(|3| 4| = 1\).`,
		`So \(15_5 = 10\).`,                          // no digit 5 in base 5
		`So \(a_{10} = 10\).`,                        // an index
		`So \(12_{n} = 10\).`,                        // a base that is a name
		`So \(3 + 6 + \cdots + 48 = 100\) and more.`, // two terms before the ellipsis fix no pattern
		`So \(1 + 2 + 3 + \cdots + 10 \approx 50\).`,
		`If \(|-3 + 5| = 8\), we stop.`,
		`We check whether \(1121_3 = 42\).`,
		`So \(|-1/3| = 0.33\).`,
		`So \(12 + 14 = 31\) in base 5.`, // no notation: the arithmetic reader's
	} {
		assert.Empty(t, Read(0, "", "", s, "decide"), s)
	}
	// A base the problem or the step names: the link holds with its bare
	// numerals in base 6; a link false in both readings is refuted.
	assert.Empty(t, Read(0, "All numbers are in base 6.", "", `So \(15_6 + 4 = 23\).`, "decide"))
	assert.Empty(t, Read(0, "", "", `So \(15_6 + 4 = 23\).`, "decide"))
	assert.Empty(t, Read(0, "Write 33 in base 6.", "", `So \(15 + 4 = 23\).`, "decide"))
	assert.Len(t, Read(0, "", "", `So \(15_6 + 4 = 16\).`, "decide"), 1)
	// A step after a value plugged in.
	assert.Empty(t, Read(1, "", "We plug in 3 for x.", `So \(|-6| = -2\).`, "decide"))
}

// TestValue: the pieces of notation and their values.
func TestValue(t *testing.T) {
	for _, c := range []struct {
		s    string
		base int
		want string
	}{
		{`|-4| + |2 - 7|`, 10, "9"},
		{`\left\vert -\frac{3}{4} \right\vert`, 10, "3/4"},
		{`10.1_{2}`, 10, "5/2"},
		{`1 + 3 + 5 + \ldots + 19`, 10, "100"},
		{`0 + 1 + \cdots + 999999`, 10, "499999500000"},
		{`1^3 + 2^3 + \cdots + 5^3`, 10, "225"},
		{`12`, 5, "7"},
	} {
		v, ok := value(c.s, c.base)
		if assert.True(t, ok, c.s) {
			assert.Equal(t, c.want, v.RatString(), c.s)
		}
	}
	for _, s := range []string{`|1|2|`, `| 3 |4`, `2|3|`, `1 - 2 + \cdots + 9`, `1 + 2 + 3 + \cdots + 10 + 11`, `1^2 + 2^3 + \cdots + 5^2`, `7_{40}`, `1.2.3_4`} {
		_, ok := value(s, 10)
		assert.False(t, ok, s)
	}
}

// TestGluedNumbers: digit groups split by spacing are no sum of their
// parts.
func TestGluedNumbers(t *testing.T) {
	assert.True(t, gluedNumbers(`010\ 101_{2}`))
	assert.True(t, gluedNumbers(`1\,000`))
	assert.False(t, gluedNumbers(`10 + 101`))
	assert.False(t, gluedNumbers(`2 \cdot 3`))
}

// TestLiteral: a value written back for symexpr.
func TestLiteral(t *testing.T) {
	assert.Equal(t, "(-\\frac{3}{4})", literal(big.NewRat(-3, 4)))
	assert.Equal(t, "(12)", literal(big.NewRat(12, 1)))
}

// FuzzRead: hostile steps never panic and spans lie in the step.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`So \(|-3 + 5| = 8\).`, `$1121_3 = 42$`, `\(1 + 2 + 3 + \cdots + 10 = 50\)`, `\[ \left| 2 - 9 \right| = 15 \]`,
		`$|||$`, `\(1_{2}_{3} = 4\)`, `$\lvert\rvert = $`, `\(2^{|3|} + \ldots + = \)`, `$$ 1 + \dots $$`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range Read(0, s, "", s, "decide") {
			if o.Span.Start < 0 || o.Span.End > len(s) || o.Span.Start > o.Span.End {
				t.Fatalf("span %d..%d outside %d bytes", o.Span.Start, o.Span.End, len(s))
			}
			if utf8.ValidString(s) && !strings.Contains(s, o.Span.Text) {
				t.Fatalf("span text %q not in the step", o.Span.Text)
			}
		}
	})
}
