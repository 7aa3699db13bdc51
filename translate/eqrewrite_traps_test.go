package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/translate/internal/eqrewrite"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// eqrewriteTraps pin the equations the text rewrites from the equation
// before them (docs/TRANSLATE.md, "Equations rewritten from the one
// before"; package eqrewrite): rewritings that hold are left alone, a
// rewriting that loses the first equation's solutions is refuted, and a
// supposed, tested, substituted or congruent one is not decided. The
// wording is ours.
var eqrewriteTraps = []trap{
	// True rewritings, with each cue.
	{family: "eqrewrite true", steps: []string{`We have \(3a - 6 = 9b\). Simplifying gives us \(a - 2 = 3b\).`}, want: wantNotRefuted},
	{family: "eqrewrite true", steps: []string{`The condition is \((p + 2)(q - 1) = 10\). Expanding this out, we get \(pq - p + 2q - 2 = 10\).`}, want: wantNotRefuted},
	{family: "eqrewrite true", steps: []string{`So \(2u + 4v = 10\), which is equivalent to \(u + 2v = 5\).`}, want: wantNotRefuted},
	{family: "eqrewrite true", steps: []string{"Thus\n\\[ 5x - 2y = 3x + 4 \\]\nRearranging, we get:\n\\[ 2x - 2y = 4 \\]"}, want: wantNotRefuted},
	{family: "eqrewrite true", steps: []string{`We know \(\frac{m}{2} + \frac{n}{3} = 1\), which simplifies to \(3m + 2n = 6\).`}, want: wantNotRefuted},
	{family: "eqrewrite true", steps: []string{`Then \(4s^2 - t^2 = 0\), which is equivalent to \((2s - t)(2s + t) = 0\).`}, want: wantNotRefuted},
	// A name that cancels in the first equation is no substitution.
	{family: "eqrewrite true", steps: []string{`Subtracting, \((7 + 2a + b + d) - (1 + a + d) = 8\). This simplifies to \(6 + a + b = 8\).`}, want: wantNotRefuted},
	// Wrong rewritings: refuted, with new numbers and wordings.
	{family: "eqrewrite wrong", steps: []string{`We have \(10p - 4 = 2q\). Simplifying gives us \(5p = q\).`}, want: wantRefuted, claim: "5 * p = q"},
	// A lone name on one side of both: lines of a family, maybe (as the
	// symbolic reader holds); a look-alike without it is still refuted.
	{family: "eqrewrite family", steps: []string{`The line is \(y = 3x - 2\). Simplifying gives us \(y = 3x + 4\).`}, want: wantNotRefuted},
	{family: "eqrewrite family", steps: []string{`So \(q = 5p - 7\), which is equivalent to \(q = 5p + 1\).`}, want: wantNotRefuted},
	{family: "eqrewrite wrong", steps: []string{`The line is \(2y = 6x - 4\). Simplifying gives us \(y = 3x + 4\).`}, want: wantRefuted},
	{family: "eqrewrite wrong", steps: []string{`The condition is \((p + 2)(q - 1) = 10\). Expanding this out, we get \(pq + p + 2q - 2 = 10\).`}, want: wantRefuted},
	{family: "eqrewrite wrong", steps: []string{`So \(2u + 4v = 10\), which is equivalent to \(u + 4v = 5\).`}, want: wantRefuted, claim: "u + 4 * v = 5"},
	{family: "eqrewrite wrong", steps: []string{"Thus\n\\[ 5x - 2y = 3x + 4 \\]\nRearranging, we get:\n\\[ 2x + 2y = 4 \\]"}, want: wantRefuted, claim: "2 * x + 2 * y = 4"},
	{family: "eqrewrite wrong", steps: []string{`Adding them, \(6c - 2c^2 + 6d - 2d^2 = 9\), which is equivalent to \((2c - 3)^2 + (2d - 3)^2 = 9\).`}, want: wantRefuted, claim: "(2 * c - 3)^2 + (2 * d - 3)^2 = 9"},
	{family: "eqrewrite wrong", steps: []string{`Subtracting, \((7 + 2a + b + d) - (1 + a + d) = 8\). This simplifies to \(6 + 3a + b = 8\).`}, want: wantRefuted},
	// Supposed, tested, rejected or congruent: not decided.
	{family: "eqrewrite hedged", steps: []string{`If \(10p - 4 = 2q\), then simplifying gives us \(5p = q\).`}, want: wantNotRefuted},
	{family: "eqrewrite hedged", steps: []string{`Suppose \(2u + 4v = 10\), which is equivalent to \(u + 4v = 5\).`}, want: wantNotRefuted},
	{family: "eqrewrite hedged", steps: []string{`We have \(10p - 4 = 2q\). Simplifying does not give \(5p = q\).`}, want: wantNotRefuted},
	{family: "eqrewrite hedged", steps: []string{`We have \(10p - 4 = 2q\) modulo 7. Simplifying gives us \(5p = q\).`}, want: wantNotRefuted},
	{family: "eqrewrite hedged", steps: []string{`Let's check whether \(2u + 4v = 10\) is equivalent to \(u + 4v = 5\).`}, want: wantNotRefuted},
	// Another fact put in: a value or a relation stated before, or named in the cue.
	{family: "eqrewrite substituted", steps: []string{`Here \(ab = 6\). Then \(a^2 + b^2 = 25 - 2ab\), which simplifies to \(a^2 + b^2 = 13\).`}, want: wantNotRefuted},
	{family: "eqrewrite substituted", steps: []string{`Here \(h = 2\). Then \(3g + h k = 12\), which simplifies to \(3g + 2k = 12\).`}, want: wantNotRefuted},
	{family: "eqrewrite substituted", steps: []string{`Here \(ab = 6\).`, `We note that \(a + b = 5\).`, `Then \(a^2 + b^2 = 25 - 2ab\), which simplifies to \(a^2 + b^2 = 13\).`}, step: 2, want: wantNotRefuted},
	{family: "eqrewrite substituted", steps: []string{`We have \(a^2 + b^2 = 25 - 2ab\). Using \(ab = 6\), this simplifies to \(a^2 + b^2 = 13\).`}, want: wantNotRefuted},
	{family: "eqrewrite substituted", steps: []string{`We have \(a^2 + b^2 = 25 - 2ab\), which simplifies to \(a^2 + b^2 = 13\) since \(ab = 6\).`}, want: wantNotRefuted},
	// A root taken, a sign or a factor chosen: another degree, not a rewriting.
	{family: "eqrewrite root", steps: []string{`Since both are lengths, \(r^2 = 4s^2\), which simplifies to \(r = 2s\).`}, want: wantNotRefuted},
	{family: "eqrewrite root", steps: []string{`As \(r < 0 < s\), \(r^2 = 4s^2\), which simplifies to \(r = -2s\).`}, want: wantNotRefuted},
	{family: "eqrewrite root", steps: []string{`Here \(x^2 - xy = 3x\), which simplifies to \(x - y = 3\).`}, want: wantNotRefuted},
	// A "where" clause: the kind of number a name is, read; anything else may bring a fact.
	{family: "eqrewrite where", steps: []string{`Then \(12c + 4 = 4d\), where \(d\) is a positive integer. This simplifies to \(3c = d\).`}, want: wantRefuted, claim: "3 * c = d"},
	{family: "eqrewrite where", steps: []string{`Then \(12c + 4 = 4d\), where \(d\) is the number of rows. This simplifies to \(3c = d\).`}, want: wantNotRefuted},
	// A new name.
	{family: "eqrewrite other", steps: []string{`We have \(2x + y = 8\). Simplifying gives us \(z = 4\).`}, want: wantNotRefuted},
	// Whole numbers: the point has whole coordinates, or none is taken.
	{family: "eqrewrite whole", steps: []string{`For integers \(r\) and \(s\), \(8r + 2 = 4s\). Simplifying gives us \(4r = 2s\).`}, want: wantRefuted, claim: "4 * r = 2 * s"},
}

func TestEqRewriteTraps(t *testing.T) {
	runTraps(t, "eqrewrite", eqrewriteTraps, nil)
}

// TestEqRewriteShape: the refutation spans the second equation, states
// the closed equality at the point, and a whole-number text gets a whole
// point; a text with no cue, a function, one name, a root taken or a
// radical makes none.
func TestEqRewriteShape(t *testing.T) {
	text := `Since \(r\) and \(s\) are integers, \(6r - 3 = 3s\). Simplifying gives us \(2r = s\).`
	got := eqrewrite.Read(2, "", nil, text, mathtext.Lex(text, 30), "decide")
	if assert.Len(t, got, 1) {
		o := got[0]
		assert.Equal(t, 2, o.Step)
		assert.Equal(t, "2r = s", o.Span.Text)
		assert.Equal(t, text[o.Span.Start:o.Span.End], o.Span.Text)
		assert.Equal(t, "at r = 1, s = 1: 2 * r = s", o.Expr)
		assert.Equal(t, "(2 : Rat) = (1 : Rat)", o.Prop)
	}
	for _, plain := range []string{
		`We have \(6r - 3 = 3s\) and so \(2r = s\).`,                    // no cue
		`We have \(f(r) = 2s\). Simplifying gives us \(f(r) = s\).`,     // a function
		`We have \(6r - 3 = 3\). Simplifying gives us \(2r = 1\).`,      // one name
		`We have \(r^2 = 4s^2\). Simplifying gives us \(r = -2s\).`,     // a root taken
		`We have \(\sqrt{r} = 2s\). Simplifying gives us \(r = 2s^2\).`, // a radical
	} {
		assert.Empty(t, eqrewrite.Read(0, "", nil, plain, mathtext.Lex(plain, 30), "decide"), plain)
	}
}
