package symatom

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func read(prev, text string) []obligation.Obligation {
	return Read(1, prev, text, mathtext.Lex(prev, 40), mathtext.Lex(text, 40), "norm_num", "ring")
}

// TestLogAtoms: a side's logarithms of a name are read as values of their
// own (symexpr reads them, atomize names them); any other logarithm
// gives no value.
func TestLogAtoms(t *testing.T) {
	tests := []struct {
		in   string
		disp []string // the values' displays, none when the side gives none
	}{
		{`\log_4 x - 2`, []string{"log_4(x)"}},
		{`\log_{10}(q) + \log_{10} q`, []string{"log_10(q)"}}, // one value written twice
		{`\ln y \cdot 3`, []string{"ln(y)"}},
		{`\log\left( z \right)`, []string{"log(z)"}},
		{`\log x^2`, nil},     // log(x²) or (log x)²
		{`\log_a b`, nil},     // a base with a name
		{`\log_1 x`, nil},     // no logarithm
		{`\ln e`, nil},        // a constant
		{`\log_2 xy`, nil},    // two names
		{`\log_2 x_1`, nil},   // a subscripted name
		{`\logarithm x`, nil}, // another command
		{`\log_{2 x`, nil},    // unclosed
		{`\log_2 (x`, nil},
	}
	for _, tt := range tests {
		var got []string
		if e := readSide(tt.in); e != nil {
			if a, ok := atomize(e, map[string]string{}, map[string]bool{}); ok {
				for _, v := range symexpr.Vars(a, map[string]bool{}, nil) {
					if strings.HasPrefix(v, atomMark) {
						got = append(got, strings.TrimPrefix(v, atomMark))
					}
				}
			}
		}
		assert.ElementsMatch(t, tt.disp, got, "%q", tt.in)
	}
}

// TestReadRearrangements: a line said to rearrange the one before that is
// a nonzero multiple of it plus a nonzero constant is refuted at the value
// 1; a true rearrangement, another operation, related values, a second
// name and a veto are left alone.
func TestReadRearrangements(t *testing.T) {
	tests := []struct {
		prev, text string
		refuted    bool
	}{
		{"", `We get $2\sin^2 u - \sin u = 4$. Rearranging, $2\sin^2 u - \sin u - 3 = 0$.`, true},
		{"", `We get $2\sin^2 u - \sin u = 4$. Rearranging, $2\sin^2 u - \sin u - 4 = 0$.`, false},
		{"", `We get $2\sin^2 u - \sin u = 4$. Rearranging, $-4\sin^2 u + 2\sin u + 8 = 0$.`, false}, // scaled by -2
		{"", `We get $2\sin^2 u - \sin u = 4$. Rearranging, $-4\sin^2 u + 2\sin u + 7 = 0$.`, true},
		{"", `We get $2\sin^2 u - \sin u = 4$. Rearranging, $2\sin u - 1 = 0$.`, false},            // another degree: another operation
		{"", `We get $2\sin^2 u - \sin u = 4$. Rearranging, $2\sin^2 u + \sin u - 4 = 0$.`, false}, // not a constant apart
		{"", `We get $2\sin^2 u - \cos u = 4$. Rearranging, $2\sin^2 u - \cos u - 3 = 0$.`, false}, // related values
		{"", `We get $2\sin^2 u - v = 4$. Rearranging, $2\sin^2 u - v - 3 = 0$.`, false},           // another name
		{"", `We get $2\sin^2 u - \sin u = 4$. If we rearrange, $2\sin^2 u - \sin u - 3 = 0$.`, false},
		{"", `We get $2\sin^2 u - \sin u = 4$. Rearranging, $2\sin^2 u - \sin u - 3 = 0$, which is wrong.`, false},
		{"", `We get $2\sin^2 u - \sin u = 4$. Rearranging, $2\sin^2 u - \sin u - 3 = 0$ or $5 = 5$.`, false},
		{"", `We get $2\sin^2 u - \sin u = 4$. So $2\sin^2 u - \sin u - 3 = 0$.`, false}, // no rearrangement named
		{"", `We get $2\sin^2 20^\circ - \sin 20^\circ = 4$. Rearranging, $2\sin^2 20^\circ - \sin 20^\circ - 3 = 0$.`, false},
		{`\[ \ln^2 w = 3 \]`, `Rearranging: \[ \ln w = 3 \]`, false}, // a power of the function: not read
		{`\[ 4\log_3 w - 1 = 7 \]`, `Rearranging: \[ 4\log_3 w - 9 = 0 \]`, true},
		{`\[ 4\log_3 w - 1 = 7 \]`, `Rearranging: \[ 4\log_3 w - 8 = 0 \]`, false},
		{`\[ 4\log_3 w - 1 = 7 \] and $w > 1$.`, `Rearranging: \[ 4\log_3 w - 9 = 0 \]`, false}, // the line before is no equation
	}
	for _, tt := range tests {
		obls := read(tt.prev, tt.text)
		if !tt.refuted {
			assert.Empty(t, obls, "%q after %q", tt.text, tt.prev)
			continue
		}
		require.Len(t, obls, 1, "%q after %q", tt.text, tt.prev)
		o := obls[0]
		assert.Equal(t, obligation.KindIdentity, o.Kind)
		assert.Contains(t, o.WhyDisproof, "= 1, a value it takes")
		assert.Contains(t, o.Prop, "v1")
		assert.Contains(t, o.LeanNeg, "(1 : Rat)")
		assert.Equal(t, o.Span.Text, strings.TrimSpace(o.Span.Text), "the span is the line")
	}
}

// FuzzRead: any text, any previous step: no panic, spans inside the step.
func FuzzRead(f *testing.F) {
	f.Add("", `We get $2\sin^2 u - \sin u = 4$. Rearranging, $2\sin^2 u - \sin u - 3 = 0$.`)
	f.Add(`\[ 4\log_3 w - 1 = 7 \]`, `Rearranging: \[ 4\log_{3} (w) - 9 = 0 \]`)
	f.Add(`$\ln t = 2$`, `rearranging $= \ln t$ and $\log_2 x =$`)
	f.Fuzz(func(t *testing.T, prev, text string) {
		if !utf8.ValidString(prev) || !utf8.ValidString(text) {
			return
		}
		for _, o := range read(prev, text) {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start > o.Span.End {
				t.Fatalf("span %+v outside %q", o.Span, text)
			}
		}
	})
}

// TestHasFn holds hasFn to fnRE on generated texts.
func TestHasFn(t *testing.T) {
	parts := []string{`\sin`, `\cos`, `\tan`, `\cot`, `\sec`, `\csc`, `\log`, `\ln`, `\lnx`, `\sinh`, `\si`, `\`, `\\`, "x", "X", "2", " ", "(", "é", "\xff", "{", "sin", "ln"}
	r := rand.New(rand.NewSource(1))
	found := 0
	for i := 0; i < 200000; i++ {
		var sb strings.Builder
		for n := r.Intn(6); n >= 0; n-- {
			sb.WriteString(parts[r.Intn(len(parts))])
		}
		s := sb.String()
		if hasFn(s) != fnRE.MatchString(s) {
			t.Fatalf("%q: hasFn %v, fnRE %v", s, hasFn(s), fnRE.MatchString(s))
		}
		if hasFn(s) {
			found++
		}
	}
	if found == 0 {
		t.Fatal("no generated text holds a function")
	}
}
