package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// freeNameTrap is a trap with the problem the chain solves.
type freeNameTrap struct {
	problem string
	trap
}

// freeNameTraps pin the rewriting chains in names nothing ties
// (docs/TRANSLATE.md, "Rewriting chains in names nothing ties"; package
// freenames): a false link of a chain of three members or more whose
// sides do not agree in their leading terms, in a step that cues a
// rewriting, is refuted when no relation of the problem, of a step so far
// or of the rest of the step ties its names and it is not the chain's last
// link. Real equations written the same way stay unknown: tied by the
// problem, by an earlier step, later in the step or in words, set up
// with an equation word, the chain's last link, a supposition, a
// substitution, an approximation or arithmetic modulo something. The
// wording and the numbers are ours.
var freeNameTraps = []freeNameTrap{
	// True forms: verified or left alone.
	{"Simplify $(y + 2)(y^2 + 3)$.", trap{family: "free true", steps: []string{`We expand: \[ (y + 2)(y^2 + 3) = y^3 + 3y + 2y^2 + 6 = y^3 + 2y^2 + 3y + 6 \]`}, want: wantNotRefuted}},
	{"Simplify the fraction below.", trap{family: "free true", steps: []string{`Factoring, \[ \frac{t^2 - 9}{t^2 + 6t + 9} = \frac{(t - 3)(t + 3)}{(t + 3)^2} = \frac{t - 3}{t + 3} \]`}, want: wantNotRefuted}},
	{"", trap{family: "free true", steps: []string{`To simplify, we factor: \[ 2k^3 - 8k = 2k(k^2 - 4) = 2k(k - 2)(k + 2) \]`}, want: wantNotRefuted}},
	// Look-alikes that are real errors: a wrong factor, a lost term, a wrong product.
	{"Simplify $\\frac{(a^2 - 1)(a + 2)}{(a + 1)(a^2 + 4a + 4)}$.", trap{family: "free wrong", steps: []string{`We factor the numerator and the denominator: \[ \frac{(a^2 - 1)(a + 2)}{(a + 1)(a^2 + 4a + 4)} = \frac{(a - 1)(a + 1)(a + 2)}{(a + 1)(a + 2)} = a - 1 \]`}, want: wantRefuted, claim: "(a - 1) * (a + 1) * (a + 2)"}},
	{"", trap{family: "free wrong", steps: []string{`To simplify we expand: \[ (y + 2)(y^2 + 3) = y^2 + 3y + 2y^2 + 6 = 3y^2 + 3y + 6 \]`}, want: wantRefuted, claim: "y^2 + 3 * y + 2 * y^2 + 6"}},
	{"Expand $(p - 1)(p^2 + p + 1)$.", trap{family: "free wrong", steps: []string{"Expanding term by term:\n\\[\n(p - 1)(p^2 + p + 1) = p^3 + p^2 + p - p^2 - p = p^3 - 1\n\\]"}, want: wantRefuted, claim: "p^3 + p^2 + p - p^2 - p"}},
	{"", trap{family: "free wrong", steps: []string{`We rewrite the quotient. \[ \frac{u^3 + u}{u} = u^3 + 1 = (u + 1)(u^2 - u + 1) \]`}, want: wantRefuted, claim: "u^3 + 1"}},
	{"Simplify $\\frac{(w + 1)^2 (w - 2)}{(w^2 - 4)(w + 1)}$.", trap{family: "free wrong", steps: []string{`First we factor \(w^2 - 4\).`, `Cancelling common factors, \[ \frac{(w + 1)^2 (w - 2)}{(w^2 - 4)(w + 1)} = \frac{(w + 1)^2}{(w + 2)^2} = \frac{w^2 + 2w + 1}{w^2 + 4w + 4} \]`}, step: 1, want: wantRefuted}},
	// Left alone: no word names a rewriting.
	{"", trap{family: "free uncued", steps: []string{`We have \[ (y + 2)(y^2 + 3) = y^2 + 3y + 2y^2 + 6 = 3y^2 + 3y + 6 \]`}, want: wantNotRefuted}},
	// Equations written the same way: the link is the chain's last.
	{"", trap{family: "free equation", steps: []string{`Let \(x\) be the width. Expanding the area, \[ x(x + 3) = x^2 + 3x = 4x + 12 \]`}, want: wantNotRefuted}},
	{"", trap{family: "free equation", steps: []string{`Expanding, \[ 3(m + 2) = 3m + 6 = 5m + 6 \]`}, want: wantNotRefuted}},
	// Equations tied by the problem.
	{"Find all $x$ with $x^2 + 2x = 3x + 6$.", trap{family: "free equation", steps: []string{`Simplifying, \[ x^2 + 2x = 3x + 6 = 3(x + 2) \]`}, want: wantNotRefuted}},
	{"Solve $(z + 1)(z + 2) = 2z + 14$ for $z$.", trap{family: "free equation", steps: []string{`Expanding, \[ (z + 1)(z + 2) = 2z + 14 = 2(z + 7) \]`}, want: wantNotRefuted}},
	{"Real numbers $a$ and $b$ satisfy $ab = 6$ and $a + b = 5$. Find $a^2 + b^2$.", trap{family: "free equation", steps: []string{`Expanding, \[ (a + b)^2 = a^2 + 12 + b^2 = a^2 + b^2 + 12 \]`}, want: wantNotRefuted}},
	{"Let $r$ be a root of $r^2 - r - 1$. Simplify $r^3$.", trap{family: "free equation", steps: []string{`We expand and simplify: \[ r^3 = r \cdot r^2 = r(r + 1) = r^2 + r \]`, `Simplifying, \[ r^2 + r = 2r + 1 = 2r + 1 \]`}, step: 1, want: wantNotRefuted}},
	// Tied in words: a root of unity.
	{"Let $\\omega$ be a nonreal cube root of unity.", trap{family: "free words", steps: []string{`Expanding, \[ (1 + \omega)^3 = 1 + 3\omega + 3\omega^2 + 1 = 2 + 3\omega + 3\omega^2 \]`}, want: wantNotRefuted}},
	{"", trap{family: "free words", steps: []string{`Here \(\omega\) is a cube root of unity.`, `Expanding, \[ (1 + \omega)^3 = 1 + 3\omega + 3\omega^2 + 1 = 2 + 3\omega + 3\omega^2 \]`}, step: 1, want: wantNotRefuted}},
	// Tied by an earlier step, and later in the same step.
	{"", trap{family: "free tied", steps: []string{`We found \(s + t = 4\).`, `Expanding, \[ (s + t)^2 = 16 + 2st = 2st + 16 \]`}, step: 1, want: wantNotRefuted}},
	{"", trap{family: "free tied", steps: []string{`Simplifying, \[ 2v^2 + 3v = v^2 + 3v + 4 = v^2 + 4 + 3v \] so \(v^2 = 4\) and \(v = 2\).`}, want: wantNotRefuted}},
	{"", trap{family: "free tied", steps: []string{`We know that \(q = 3\).`, `Expanding, \[ (q + 1)^2 = q^3 - 11 = -11 + q^3 \]`}, step: 1, want: wantNotRefuted}},
	{"", trap{family: "free tied", steps: []string{`We found that \(q\) is 3.`, `Expanding, \[ (q + 1)^2 = q^3 - 11 = -11 + q^3 \]`}, step: 1, want: wantNotRefuted}},
	// A name bound to a number: a link that holds at its value is that value
	// put in, whatever rule would refute it (symbolic/symfree.go,
	// holdsAtBound); one false there too is refuted.
	{"", trap{family: "bound value", steps: []string{`We know that \(q = 3\).`, `Expanding, \[ (q + 1)^2 = q^2 + 7 = q^2 + 7 \]`}, step: 1, want: wantNotRefuted}},
	{"", trap{family: "bound value", steps: []string{`We found \(p = 2\).`, `So \[ (p + 3)(p - 1) = p^2 + 1 = 1 + p^2 \]`}, step: 1, want: wantNotRefuted}},
	{"", trap{family: "bound value", steps: []string{`We know that \(q = 3\).`, `Expanding, \[ (q + 1)^2 = q^2 + 8 = q^2 + 8 \]`}, step: 1, want: wantRefuted}},
	{"", trap{family: "free tied", steps: []string{`Let \(n\) be the number of coins. Simplifying, \[ n^2 + 2n = 3n + 6 = 3(n + 2) \]`}, want: wantNotRefuted}},
	{"", trap{family: "free control", steps: []string{`Let \(n\) be any number. Simplifying, \[ n^2 + 2n = 3n + 6 = 3(n + 2) \]`}, want: wantRefuted}},
	// An equation word, a supposition, a substitution.
	{"", trap{family: "free equation word", steps: []string{`Simplifying the equation, \[ (y + 2)(y^2 + 3) = y^2 + 3y + 2y^2 + 6 = 3y^2 + 3y + 6 \]`}, want: wantNotRefuted}},
	{"", trap{family: "free equation word", steps: []string{`Setting the two expressions equal and expanding, \[ (y + 2)(y^2 + 3) = y^2 + 3y + 2y^2 + 6 = 3y^2 + 3y + 6 \]`}, want: wantNotRefuted}},
	{"", trap{family: "free supposed", steps: []string{`To simplify, suppose \[ (y + 2)(y^2 + 3) = y^2 + 3y + 2y^2 + 6 = 3y^2 + 3y + 6 \]`}, want: wantNotRefuted}},
	{"", trap{family: "free substituted", steps: []string{`We simplify. Substituting, \[ (y + 2)(y^2 + 3) = y^2 + 3y + 2y^2 + 6 = 3y^2 + 3y + 6 \]`}, want: wantNotRefuted}},
	{"", trap{family: "free substituted", steps: []string{`We simplify. Since the product is known, \[ (y + 2)(y^2 + 3) = y^2 + 3y + 2y^2 + 6 = 3y^2 + 3y + 6 \]`}, want: wantNotRefuted}},
	// Approximations and arithmetic modulo something: "=" may not mean equal.
	{"", trap{family: "free approximate", steps: []string{`For small \(h\) we expand and drop the higher powers: \[ (1 + h)^3 = 1 + 3h + 3h^2 = 1 + 3h \]`}, want: wantNotRefuted}},
	{"", trap{family: "free approximate", steps: []string{`Expanding, \[ (1 + h)^3 = 1 + 3h + 3h^2 = 1 + 3h \] to second order.`}, want: wantNotRefuted}},
	{"", trap{family: "free modular", steps: []string{`Simplifying modulo 3, \[ k^3 + 2k = k + 2k = 3k \]`}, want: wantNotRefuted}},
	{"", trap{family: "free modular", steps: []string{`We simplify \[ k^3 + 2k = k + 2k = 3k \] working mod 3.`}, want: wantNotRefuted}},
	// Controls: the chains above with nothing that ties their names or
	// says "=" may not mean equal are refuted, so each guard above is what
	// holds its chain back.
	{"", trap{family: "free control", steps: []string{`Simplifying, \[ x^2 + 2x = 3x + 6 = 3(x + 2) \]`}, want: wantRefuted}},
	{"", trap{family: "free control", steps: []string{`Expanding, \[ (z + 1)(z + 2) = 2z + 14 = 2(z + 7) \]`}, want: wantRefuted}},
	{"", trap{family: "free control", steps: []string{`Expanding, \[ (a + b)^2 = a^2 + 12 + b^2 = a^2 + b^2 + 12 \]`}, want: wantRefuted}},
	{"Let $\\omega$ be a nonreal complex number.", trap{family: "free control", steps: []string{`Expanding, \[ (1 + \omega)^3 = 1 + 3\omega + 3\omega^2 + 1 = 2 + 3\omega + 3\omega^2 \]`}, want: wantRefuted}},
	{"", trap{family: "free control", steps: []string{`We found \(s\) and \(t\).`, `Expanding, \[ (s + t)^2 = 16 + 2st = 2st + 16 \]`}, step: 1, want: wantRefuted}},
	{"", trap{family: "free control", steps: []string{`Simplifying, \[ 2v^2 + 3v = v^2 + 3v + 4 = v^2 + 4 + 3v \] as claimed.`}, want: wantRefuted}},
	{"", trap{family: "free control", steps: []string{`We expand: \[ (1 + h)^3 = 1 + 3h + 3h^2 = 1 + 3h \]`}, want: wantRefuted}},
	{"", trap{family: "free control", steps: []string{`Simplifying, \[ k^3 + 2k = k + 2k = 3k \]`}, want: wantRefuted}},
	{"", trap{family: "free control", steps: []string{`We know \(q\) is a whole number.`, `Expanding, \[ (q + 1)^2 = q^3 - 11 = -11 + q^3 \]`}, step: 1, want: wantRefuted}},
}

func TestFreeNameTraps(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range freeNameTraps {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("freenames", i), c.problem, c.steps)
		require.NoError(t, err)
		s := res.Steps[c.step]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "%s #%d: %q step %d: %s, want %s; obligations %+v; skipped %+v", c.family, i, c.steps, c.step, s.Verdict, c.want, obligationsOf(s), s.Skipped)
	}
}
