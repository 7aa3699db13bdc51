package symcand

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

func read(s string) []obligation.Obligation {
	return Read(0, s, mathtext.Lex(s, 40), "norm_num")
}

func TestRead(t *testing.T) {
	tests := []struct {
		text, want string // want: the Expr of the one refuted claim, "" for none
		claims     int
	}{
		{`The pairs with \(p^2 - q^2 = 15\) are \((p, q) = (4, 1)\) and \((p, q) = (8, 6)\).`, "p^2 - q^2 = 15 at p = 8, q = 6", 2},
		{"\\[ 2s + t = 9 \\]\nPossible combinations:\n- \\( s = 4, t = 1 \\)\n- \\( s = 3, t = 2 \\)", "2 * s + t = 9 at s = 3, t = 2", 2},
		{`Both \(x + y = 6\) and \(x - y = 2\) hold; the solution is \(x = 4\) and \(y = 2\).`, "", 1},
		{`Both \(x + y = 6\) and \(x - y = 2\) hold; the solution is \(x = 5\) and \(y = 1\).`, "x - y = 2 at x = 5, y = 1", 1},
		// a trial, a rejection, and a name the values leave out
		{`For \(x + y = 6\), try \(x = 5, y = 2\).`, "", 0},
		{`The pairs for \(x + y = 6\): \(x = 5, y = 2\) is not one.`, "", 0},
		{`The solutions of \(x + y + z = 6\) are \(x = 5, y = 2\).`, "", 0},
	}
	for _, tt := range tests {
		obls := read(tt.text)
		require.Len(t, obls, tt.claims, tt.text)
		var refuted []string
		for _, o := range obls {
			assert.Equal(t, obligation.Unknown, o.OnProof, "never verified: %s", o.Expr)
			assert.Equal(t, obligation.KindSolution, o.Kind)
			assert.Contains(t, o.Lean, "example : ")
			assert.Contains(t, o.LeanNeg, "¬(")
			if !strings.Contains(o.WhyDisproof, "the left side is") {
				continue
			}
			refuted = append(refuted, o.Expr)
		}
		if tt.want == "" {
			assert.Empty(t, refuted, tt.text)
		} else {
			assert.Equal(t, []string{tt.want}, refuted, tt.text)
		}
	}
}

// TestReadLinear: eight times the text takes about eight times as long.
func TestReadLinear(t *testing.T) {
	for _, unit := range []string{`\(a + b = 5\), the pairs are \((a, b) = (1, 4)\) and `, `\(x = 1, y = 2, z = 3\), `, `((((`, `\[ p + q = 4 \implies p = 1, q = 3 \quad \] `} {
		small, large := strings.Repeat(unit, 400), strings.Repeat(unit, 3200)
		timeOf := func(s string) time.Duration {
			toks := mathtext.Lex(s, 40)
			best := time.Duration(1 << 62)
			for range 3 {
				t0 := time.Now()
				Read(0, s, toks, "norm_num")
				best = min(best, time.Since(t0))
			}
			return best
		}
		ts, tl := timeOf(small), timeOf(large)
		assert.Less(t, tl, 40*ts+50*time.Millisecond, "%q: 8× the text took %v against %v", unit, tl, ts)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(`The pairs with \(p^2 - q^2 = 15\) are \((p, q) = (4, 1)\) and \((p, q) = (8, 6)\).`)
	f.Add("\\[ 2s + t = 9 \\]\nPossible combinations:\n- \\( s = 4, t = 1 \\)\n- \\( s = 3, t = 2 \\)")
	f.Add("\\( (a, b) = (1, \xff) \\) $x/0 = y$, the solutions are $x = 0, y = 1$")
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range read(s) {
			if o.Span.Start < 0 || o.Span.End > len(s) || o.Span.Start > o.Span.End {
				t.Fatalf("span %+v outside the text", o.Span)
			}
			if o.OnProof != obligation.Unknown || o.Expr == "" || !strings.HasPrefix(o.Lean, "example : ") {
				t.Fatalf("bad obligation %+v", o)
			}
		}
	})
}
