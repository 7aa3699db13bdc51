package translate

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// symObligations returns the symbolic obligations of a checked chain.
func symObligations(t *testing.T, steps ...string) []Obligation {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	res, err := tr.Chain(context.Background(), "sym", steps)
	require.NoError(t, err)
	var out []Obligation
	for _, s := range res.Steps {
		for _, o := range s.Obligations {
			switch o.Kind {
			case KindIdentity, KindImplication, KindSolution, KindClosedValue, KindCongruence, KindEquality:
				out = append(out, o)
			}
		}
	}
	return out
}

// TestSymbolicCorpus: true identities are verified, false ones refuted
// with the witness in the reason, and the examples (claim text
// only) are caught.
func TestSymbolicCorpus(t *testing.T) {
	tests := []struct {
		name    string
		steps   []string
		kind    Kind
		verdict Verdict
		reason  string // a fragment of the reason
	}{
		{"square of a sum", []string{`Expanding, \( (a+b)^2 = a^2 + 2ab + b^2 \).`}, KindIdentity, Verified, "for every value of a, b"},
		{"difference of cubes", []string{`\[ x^3 - 1 = (x - 1)(x^2 + x + 1) \]`}, KindIdentity, Verified, ""},
		{"fractions with side conditions", []string{`\( \frac{1}{x} + \frac{1}{y} = \frac{x+y}{xy} \)`}, KindIdentity, Verified, "denominators are nonzero"},
		{"subscripted names", []string{`\[ (a_1 + a_2)(a_1 - a_2) = a_1^2 - a_2^2 \]`}, KindIdentity, Verified, ""},
		{"cdot and times", []string{`\[ 2 \cdot x \times 3 = 6x \]`}, KindIdentity, Verified, ""},
		{"chain from an expression", []string{`\[ (x+1)^2 - 1 = x^2 + 2x + 1 - 1 = x^2 + 2x \]`}, KindIdentity, Verified, ""},
		{"false chain link", []string{`\[ (x+2)(x-3) = x^2 - x - 6 = x^2 + x - 6 \]`}, KindIdentity, Refuted, "the left side is"},
		// math-347: a factoring whose sides differ by a constant.
		{"math-347", []string{`Now, factor \(x^3 - 1\) using the difference of squares formula:` + "\n" + `\[ x^3 - 1 = (x + 1)(x^2 - x + 1). \]`},
			KindIdentity, Refuted, "at x = 2 the left side is 7, the right side 9"},
		// olympiadbench-106: "factor this quadratic polynomial".
		{"olympiadbench-106", []string{`We can factor this quadratic polynomial as follows: \[x^2 - 60x + 400 = (x - 20)^2.\]`},
			KindIdentity, Refuted, "the left side is 284, the right side 324"},
		// math-5: "=" continuations across steps.
		{"math-5", []string{`Next: \[ ((t) \Join (t+2)) - ((t+1) \Join (t+1)) = (t + 2)(t - 1) - (t + 3)(t - 2) \]`,
			`Let's simplify the expression: \[ = (t^2 + t - 2t - 2) - (t^2 + 3t - 2t - 6) \] \[ = (t^2 - t - 2) - (t^2 + t - 6) \]`},
			KindIdentity, Refuted, "at t = 2 the left side is 4, the right side 0"},
		// math-1: x^2 - 2x - 7 = 0 "so" (x - 7)(x + 5) = 0.
		{"math-1", []string{"Since \\( y = x^2 - 2x \\), we substitute back:\n\\[\nx^2 - 2x - 7 = 0.\n\\]\n\\[\n(x - 7)(x + 5) = 0.\n\\]"},
			KindIdentity, Refuted, "not a rearrangement"},
		// olympiadbench-186: a constant moved across with the wrong value.
		{"olympiadbench-186", []string{`We can do this by trial and error or by solving the quadratic equation \( n^2 - 3n + 2 = 322 \): \[ n^2 - 3n - 318 = 0 \]`},
			KindIdentity, Refuted, "not a rearrangement"},
		// math-68: a claimed root that does not satisfy its equation.
		{"math-68", []string{"Solving for \\( x \\) yields:\n\\[\n(16 + x)(12) = 324,\n\\]\n\\[\n16 + x = 27,\n\\]\n\\[\nx = 8.\n\\]"},
			KindSolution, Refuted, "at x = 8 the left side is 24, the right side 27"},
		// math-202, with \boxed and a negative power.
		{"math-202", []string{`Now, we can rewrite the equation as: \(\frac{1}{2} - a^{-1} = 1 \Rightarrow a^{-1} = -\frac{1}{2} \Rightarrow a = \boxed{\frac{2}{1}}\).`},
			KindSolution, Refuted, "at a = 2 the left side is 1/2, the right side -1/2"},
		// olympiadbench-254.
		{"olympiadbench-254", []string{`Let's try \( a_2 = 5 \). Solving \( 10 + 4d = 100 \) gives us \( d = 20 \).`},
			KindSolution, Refuted, "at d = 20 the left side is 90, the right side 100"},
		// math-104, math-407: radicals.
		{"math-104", []string{`Therefore, the height of each equilateral triangle is \( \frac{\sqrt{3}}{2} \cdot 6 = \sqrt{18} = 3\sqrt{3} \).`},
			KindClosedValue, Refuted, "the left side is 3√3, the right side 3√2"},
		{"math-407", []string{`Since $\sqrt[3]{4^2} = \sqrt[3]{16} = 2\sqrt[3]{4}$, we have`}, KindClosedValue, Refuted, "the left side is 2∛2, the right side 2∛4"},
		{"a true radical", []string{`\( \sqrt{18} = 3\sqrt{2} \) and \( \frac{1}{\sqrt{2}} = \frac{\sqrt{2}}{2} \)`}, KindClosedValue, Verified, "both sides are 3√2"},
		{"factorials", []string{`\( \frac{8!}{2} = 4 \cdot 8! \)`}, KindClosedValue, Refuted, "the left side is 20160, the right side 161280"},
		{"a binomial", []string{`\( \binom{10}{3} = 120 \)`}, KindClosedValue, Verified, "both sides are 120"},
		// math-484: a congruence, in a chain doing modular arithmetic.
		{"math-484", []string{`Calculate \(225 \mod 17\): \[225 \div 17 = 13 \text{ remainder } 4,\] so \[225 \equiv 4 \pmod{17}.\]`,
			`Calculate \(327 \mod 17\): \[327 \div 17 = 19 \text{ remainder } 8,\] so \[327 \equiv 8 \pmod{17}.\]`},
			KindCongruence, Refuted, "327 ≡ 4, not 8 (mod 17)"},
		{"a true congruence", []string{`\( 7^{2} \equiv -1 \pmod{25} \)`}, KindCongruence, Verified, "multiple of 25"},
		// math-225: a member list ended by ≈, continued from the line before.
		{"math-225", []string{`\[A = \sqrt{s(s - AB)(s - AC)(s - BC)} = \sqrt{24(24 - 10)(24 - 17)(24 - 21)}\]` + "\n" + `\[= \sqrt{24 \cdot 14 \cdot 7 \cdot 3} = \sqrt{6336} \approx 79.6\]`},
			KindClosedValue, Refuted, "the left side is 84, the right side 24√11"},
		// olympiadbench-737: a wrong factoring between implication signs.
		{"olympiadbench-737", []string{"Third, \\(n^2 - 5n + 3 = 1\\).\n\\[n^2 - 5n + 2 = 0 \\implies (n - 1)(n - 4) = 0 \\implies n = 1 \\text{ or } n = 4.\\]\n- For \\(n = 1\\), we already know it does not work."},
			KindIdentity, Refuted, "not a rearrangement"},
		{"across steps", []string{`\[ 2x + 3 = 11 \]`, `Subtracting 3, we get \[ 2x = 9 \]`}, KindImplication, Refuted, "x = 4 solves the first equation"},
		// Issue item 5: a function defined in an earlier step.
		{"a definition from an earlier step", []string{`Let \( T(x) = x^2 + 1 \).`, `Then \( T(3) = 9 + 1 = 10 \) and \( T(4) = 16 \).`},
			KindClosedValue, Refuted, "the left side is 17, the right side 16"},
		{"a definition used symbolically", []string{`Let \( T(x) = x^2 + 1 \).`, `So \( T(a+1) = (a+1)^2 + 1 = a^2 + 2a + 2 \).`},
			KindIdentity, Verified, "for every value of a"},
		{"exact trigonometric values", []string{`\( \sin 30^\circ = \frac{1}{2} \), \( \sin^2 60^\circ = \frac{3}{4} \), \( \tan(\pi/4) = 1 \)`},
			KindClosedValue, Verified, "both sides are 1/2"},
		{"a wrong trigonometric value", []string{`\( \cos \frac{\pi}{3} = \frac{\sqrt{3}}{2} \)`}, KindClosedValue, Refuted, "the left side is 1/2, the right side √3/2"},
		{"a nested fraction", []string{`\[ \frac{1}{\frac{5}{2}} = \frac{2}{5} \] and \[ \frac{1}{\frac{1}{3}} = 4 \]`}, KindEquality, Refuted, "3"},
		{"a right root", []string{`\[ 3x - 7 = 11 \] \[ 3x = 18 \] \[ x = 6 \]`}, KindSolution, Verified, "both sides are 18"},
		// The value claimed in the step after the equation (MR-GSM8K's
		// "so we can write: … Solving for x, we get: x = 19").
		{"a wrong value solving the last step's equation", []string{"We are given that 9 are blue, so we can write: 60 - 3x = 9.", "Solving for x, we get: x = 19."},
			KindSolution, Refuted, "at x = 19 the left side is 3, the right side 9"},
		{"a right value solving the last step's equation", []string{"So we can write: 36 + 3x = 84.", "Solving for x, we get: x = 16."},
			KindSolution, Verified, "both sides are 84"},
		{"a rearrangement", []string{`\[ x^2 - 2x = 7 \] \[ x^2 - 2x - 7 = 0 \]`}, KindImplication, Verified, "every solution"},
		{"a wrong transformation with a rational root", []string{`\[ 2x + 4 = 10 \implies x^2 = 4 \]`}, KindImplication, Refuted, "x = 3 solves the first equation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obls := symObligations(t, tt.steps...)
			var hit *Obligation
			for i := range obls {
				if obls[i].Kind == tt.kind && obls[i].Verdict == tt.verdict {
					hit = &obls[i]
					break
				}
			}
			require.NotNil(t, hit, "no %s obligation %s among %s", tt.kind, tt.verdict, describe(obls))
			assert.Contains(t, hit.Reason, tt.reason)
			assert.Equal(t, "exact", hit.Checker)
			if tt.kind == KindIdentity || tt.kind == KindImplication {
				assert.True(t, strings.HasPrefix(hit.Lean, "example : ∀ ("), hit.Lean)
				assert.True(t, strings.HasSuffix(hit.Lean, ":= by "+DefaultIdentityTactic), hit.Lean)
			}
			assert.True(t, strings.HasPrefix(hit.LeanNeg, "example ") && strings.Contains(hit.LeanNeg, "¬("), hit.LeanNeg)
			assert.NotContains(t, hit.LeanNeg, "∀", "a refutation is a closed instance, never a negated ∀")
			for _, o := range obls {
				for _, line := range []string{o.Lean, o.LeanNeg} {
					tac := DefaultTactic
					if strings.HasPrefix(line, "example : ∀") {
						tac = DefaultIdentityTactic
					}
					assert.NoError(t, ValidateDeclaration(line, tac), line)
				}
			}
		})
	}
}

func describe(obls []Obligation) string {
	var b strings.Builder
	for _, o := range obls {
		fmt.Fprintf(&b, "\n  %s %s %s (%s)", o.Kind, o.Verdict, o.Expr, o.Reason)
	}
	return b.String()
}

// TestSymbolicLookAlikes: equations being solved, assumed, defined,
// systems, "squaring both sides", conditions and √(x²) = x are never
// refuted.
func TestSymbolicLookAlikes(t *testing.T) {
	tests := []struct {
		name  string
		steps []string
	}{
		{"let", []string{`Let \( x^2 = 4 \). Then \( x = 2 \) or \( x = -2 \).`}},
		{"squaring both sides", []string{`Squaring both sides: \( x + 1 = x^2 - 2x + 1 \).`}},
		{"a definition", []string{`Define \( f(x) = x^2 + 1 \), so \( f(x) = x^2 + 1 \).`}},
		{"a lone equation", []string{`We have \( 3x + 5 = 20 \).`}},
		{"a two-variable lone equation", []string{`So \( xy = xy + 6y - 2x - 12 \).`}},
		{"an equation after a cue", []string{`This simplifies to: \[ \frac{1}{x^2} = \frac{1}{(5 - x)^2} \]`}},
		{"a system", []string{`\[ x + y = 10 \] \[ x - y = 2 \] \[ 2x = 12 \] \[ x = 6 \]`}},
		{"a system in one unknown listed", []string{"Now, we analyze the second pair of equations:\n\\[ x^2 + 4x + 5 = 0 \\]\n\\[ x^2 + 4x - 5 = 0 \\]"}},
		{"numbered equations", []string{`\[ 9x^2 - 18x - 16 = 0 \quad \text{(1)} \] \[ 15x^2 + 28x + 12 = 0 \]`}},
		{"alternatives", []string{`\[ x - 8 = 12 \quad \text{or} \quad x - 8 = -12 \]`}},
		{"one branch of a factored equation", []string{`\[ (a + 4)(a - 1) = 0 \] Setting each factor equal to zero gives us the solutions: \[ a + 4 = 0 \]`}},
		{"one branch of a square", []string{`\[(y + 2)^2 = 25\] \[y + 2 = 5\]`}},
		{"a condition", []string{`If \( x = 3 \), then \( x^2 - 5x + 6 = 0 \). If \( x = 4 \), then \( x^2 - 5x + 6 = 2 \).`}},
		{"a tested value", []string{`\[ x^2 - 5x + 6 = 0 \] Let's check \( x = 4 \): it is not a root.`}},
		{"sqrt of a square", []string{`We know \( \sqrt{x^2} = x \) and \( \sqrt{(x-1)^2} = x - 1 \).`}},
		{"two expressions for one quantity", []string{`\[ r^2 = (h-2)^2 + k^2 = (h-4)^2 + k^2 \]`}},
		{"an equation chain", []string{`\[ 2x + 1 = 3x - 2 = 7 \]`}},
		{"solutions of an unread equation", []string{`\[ x - 1 = 0 \] So, the solutions to \( f(f(x)) = 3 \) are \( x = 3 \), \( x = -1 \).`}},
		{"a function value", []string{`\( g(2) = g(1) + 1 \) and \( P(x) = x^2 - 1 \).`}},
		{"imaginary unit", []string{`\( (1+i)^2 = 2i \)`}},
		{"a rejected claim", []string{`\( x + 1 = x + 2 \), which is impossible.`}},
		{"modular", []string{`\( 2n + 1 \equiv 2n + 3 \pmod 2 \)`}},
		{"a word", []string{`\( \text{Area} = \text{Area} + 5 \)`}},
		{"another equation in the next step", []string{`\[ x^2 - 5x + 6 = 0 \]`, `For the second equation, we get \[ x^2 + x = 13 \]`}},
		{"a new quantity in the next step", []string{`\[ x^2 - 5x + 6 = 0 \]`, `Next we need the area, so \[ x + 1 = 7 \]`}},
		{"a function defined by cases", []string{`If \( x > 0 \), \( f(x) = 2x \). Otherwise \( f(x) = -x \).`, `So \( f(3) = 7 \).`}},
		{"a function defined twice", []string{`\( g(x) = x + 1 \)`, `For the second part \( g(1) = 3 \), where \( g(x) = x + 2 \).`}},
		{"trigonometry left alone", []string{`\( \sin 30 = \frac12 \), \( \sin \pi x = 0 \), \( \sin 20^\circ = 0.342 \), \( \cos 2x = 1 - 2\sin^2 x \), \( 30^\circ = 1 \)`}},
		{"a quotient with a remainder", []string{`\[ 2023 \div 4 = 505 \] and \[ 410 \div 333 = 1 \]`}},
		{"a running computation", []string{`\[ \left(3 \cdot 4\right) = 12 \cdot 2 = 24 \]`}},
		// Held-out PRMBench: a typed line break inside inline math, and a
		// thin space before a custom operator.
		{"a line break typed inside inline math", []string{`The prime factorization of 65536 is $2^{16} = 2 \cdot 2 \\ cdot 2 \cdot 2$.`}},
		{"thin spaces", []string{`That gives us $7\,\S\, 2 = 3(7) + 5(2)$ and $x\,y = x y$.`}},
		{"words as a left side", []string{`For \(C_8\), \(n = 4\):` + "\n" + `\[ \text{Number of perfect matchings} = \frac{8!}{2^4 \cdot 4!} = 105 \]`}},
		{"segments", []string{`\( AP + PB = AB \) and \( AB \cdot CD = AC + BD \)`}},
		{"a substitution written as an equation", []string{`Let's set \( x = x + 1 \) in equation (5).`}},
		{"a floor of a root", []string{`Calculate the square root: \[ \sqrt{47861133} = 6918 \]`}},
		{"an approximate root", []string{`\( \sqrt{2} \approx 1.414 \) and \( \sqrt{2} = 1.414 \)`}},
		{"a radical of a name", []string{`\( \sqrt{x^2} = x \), \( \sqrt{4x^2} = 2x \), \( \sqrt[3]{x^3} = x \)`}},
		{"cases listed by or", []string{`Either \( (x-4) = 0 \) or \( (x+3) = 0 \). Solving these equations for \( x \) gives us: \[ x - 4 = 0 \rightarrow x = 4 \] \[ x + 3 = 0 \rightarrow x = -3 \]`}},
		{"a sequence at numbers", []string{`So \( d(81) = \frac{1}{81} \).`, `Simplifying, \( d(6) = \frac{1}{3} \).`}},
		{"a rounded solution of the last step's equation", []string{"So we can write: 3x = 10.", "Solving for x, we get: x = 3.33."}},
		{"a solution for another unknown", []string{"So we can write: 3x = 12.", "Solving for y, we get: y = 5."}},
		{"a supposed equation solved", []string{"If we assume 3x = 12,", "Solving for x, we get: x = 5."}},
		{"a solution after a list of equations", []string{"So we can write: 3x = 12.", "Solving the system of both equations, we get: x = 5."}},
		{"values tried in turn", []string{`For \(t = 1\), \(t^2 = 1^2 = 1\), so \(1 \leq 1 < 2\). For \(t = 3\), \(t^2 = 3^2 = 9\).`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, o := range symObligations(t, tt.steps...) {
				assert.NotEqual(t, Refuted, o.Verdict, "refuted a look-alike: %s %s (%s)", o.Kind, o.Expr, o.Reason)
				assert.NotEqual(t, Error, o.Verdict, "%s: %s", o.Expr, o.Reason)
			}
		})
	}
}

// TestSymbolicDecisionFromText: the exact checker decides the ∀ text and
// the closed instance, not the translator's tree.
func TestSymbolicDecisionFromText(t *testing.T) {
	mk := func(lean, neg string) *Obligation {
		return &Obligation{Lean: lean, LeanNeg: neg, OnProof: Verified, OnDisproof: Refuted}
	}
	id := " := by grind"
	dk := " := by decide +kernel"
	tests := []struct {
		o    *Obligation
		want Verdict
	}{
		{mk("example : ∀ (v1 : Rat), (v1 + (1 : Rat)) ^ 2 = v1 ^ 2 + (2 : Rat) * v1 + (1 : Rat)"+id,
			"example : ¬(((2 : Rat) + (1 : Rat)) ^ 2 = (2 : Rat) ^ 2 + (2 : Rat) * (2 : Rat) + (1 : Rat))"+dk), Verified},
		{mk("example : ∀ (v1 : Rat), (v1 + (1 : Rat)) ^ 2 = v1 ^ 2 + (1 : Rat)"+id,
			"example : ¬(((2 : Rat) + (1 : Rat)) ^ 2 = (2 : Rat) ^ 2 + (1 : Rat))"+dk), Refuted},
		// The witness does not refute: the instance holds, so unknown.
		{mk("example : ∀ (v1 : Rat), (v1 + (1 : Rat)) ^ 2 = v1 ^ 2 + (1 : Rat)"+id,
			"example : ¬(((0 : Rat) + (1 : Rat)) ^ 2 = (0 : Rat) ^ 2 + (1 : Rat))"+dk), Unknown},
		// v1 / v1 = 1 is false in Lean's Rat at 0: unproved without the hypothesis.
		{mk("example : ∀ (v1 : Rat), v1 / v1 = (1 : Rat)"+id,
			"example : ¬((2 : Rat) / (2 : Rat) = (1 : Rat))"+dk), Unknown},
		{mk("example : ∀ (v1 : Rat), v1 ≠ (0 : Rat) → v1 / v1 = (1 : Rat)"+id,
			"example : ¬((2 : Rat) ≠ (0 : Rat) → (2 : Rat) / (2 : Rat) = (1 : Rat))"+dk), Verified},
		// An implication: x - 2 divides x^2 - 4.
		{mk("example : ∀ (v1 : Rat), v1 - (2 : Rat) = (0 : Rat) → v1 ^ 2 = (4 : Rat)"+id,
			"example : ¬((2 : Rat) - (2 : Rat) = (0 : Rat) → (2 : Rat) ^ 2 = (4 : Rat))"+dk), Verified},
		{mk("example : ∀ (v1 : Rat), (2 : Rat) * v1 = (6 : Rat) → v1 = (4 : Rat)"+id,
			"example : ¬((2 : Rat) * (3 : Rat) = (6 : Rat) → (3 : Rat) = (4 : Rat))"+dk), Refuted},
		// Not an instance of P: the second line substitutes inconsistently.
		{mk("example : ∀ (v1 : Rat), v1 = v1 + (0 : Rat)"+id,
			"example : ¬((2 : Rat) = (3 : Rat) + (0 : Rat))"+dk), Error},
		// A negated ∀ is never a refutation.
		{mk("example : ∀ (v1 : Rat), v1 = (1 : Rat)"+id,
			"example : ¬(∀ (v1 : Rat), v1 = (1 : Rat))"+dk), Error},
	}
	for _, tt := range tests {
		got := exactAnswer(tt.o, DefaultTactic, DefaultIdentityTactic)
		assert.Equal(t, tt.want, got.Verdict, "%s / %s: %s", tt.o.Lean, tt.o.LeanNeg, got.Reason)
	}
}

// TestDifferentialSymbolic: random polynomial identities, true by
// construction or made false by one changed coefficient; the oracle is
// evaluation at random rational points.
func TestDifferentialSymbolic(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	tr, err := New(Options{})
	require.NoError(t, err)
	names := []string{"x", "y", "z"}
	randFactor := func() (string, func(map[string]*big.Rat) *big.Rat) {
		v := names[rng.IntN(len(names))]
		c := int64(rng.IntN(9) + 1)
		if rng.IntN(2) == 0 {
			c = -c
		}
		return fmt.Sprintf("(%s + %d)", v, c), func(at map[string]*big.Rat) *big.Rat {
			return new(big.Rat).Add(at[v], big.NewRat(c, 1))
		}
	}
	verified, refuted := 0, 0
	for n := 0; n < 300; n++ {
		// L = (f1)(f2)(f3) written as a product; R = its expansion,
		// perturbed in one constant half the time.
		var srcs []string
		var fns []func(map[string]*big.Rat) *big.Rat
		for k := 0; k < 2+rng.IntN(2); k++ {
			s, f := randFactor()
			srcs = append(srcs, s)
			fns = append(fns, f)
		}
		lhsText := strings.Join(srcs, "")
		e, err := symexpr.Read(lhsText)
		require.NoError(t, err, lhsText)
		L, err := symexpr.ToRat(e)
		require.NoError(t, err)
		expanded := L.Num().String()
		perturb := rng.IntN(2) == 0
		if perturb {
			expanded += fmt.Sprintf(" + %d", rng.IntN(5)+1)
		}
		rhsText := strings.ReplaceAll(expanded, "*", ` \cdot `)
		step := fmt.Sprintf(`Expanding the product: \[ %s = %s \]`, lhsText, rhsText)
		res, err := tr.Chain(context.Background(), "diff", []string{step})
		require.NoError(t, err)
		// The oracle: evaluate both sides at random points.
		rhsExpr, err := symexpr.Read(rhsText)
		require.NoError(t, err, rhsText)
		differ := false
		for p := 0; p < 8; p++ {
			at := map[string]*big.Rat{}
			for _, v := range names {
				at[v] = big.NewRat(int64(rng.IntN(41)-20), int64(rng.IntN(5)+1))
			}
			l := big.NewRat(1, 1)
			for _, f := range fns {
				l.Mul(l, f(at))
			}
			r, err := symexpr.Eval(rhsExpr, at)
			require.NoError(t, err)
			differ = differ || l.Cmp(r) != 0
		}
		var got *Obligation
		for i := range res.Steps[0].Obligations {
			if o := &res.Steps[0].Obligations[i]; o.Kind == KindIdentity {
				got = o
			}
		}
		require.NotNil(t, got, "no identity obligation for %q", step)
		if differ {
			assert.Equal(t, Refuted, got.Verdict, "%s: %s", step, got.Reason)
			refuted++
		} else {
			assert.Equal(t, Verified, got.Verdict, "%s: %s", step, got.Reason)
			verified++
		}
	}
	t.Logf("random polynomial identities: %d verified, %d refuted, each agreeing with evaluation", verified, refuted)
	assert.Positive(t, verified)
	assert.Positive(t, refuted)
}

// FuzzSymbolicReader: the expression reader and the symbolic claims never
// panic, and every emitted line is in the dialect.
func FuzzSymbolicReader(f *testing.F) {
	for _, s := range []string{
		`x^2 - 60x + 400`, `\frac{1}{x} + \frac12 y`, `(a_1 + a_{12})^{3}`, `2 \cdot x \times 3`, `\left( x \right)^2`,
		`x^23`, `a/bc`, `\boxed{\frac{2}{1}}`, `x^{-2}`, `((((x))))`, `\alpha\beta`, `2\frac12`, `x²·y³`, `f(x)`,
		`\frac{\frac{1}{x}}{y}`, `{x}^{{2}}`, `x^{99}`, `−x − y`, `\{x\}`, `x_{n+1}`, `ab c`, `\sqrt{x}`,
		`\sin^2 60^\circ`, `\tan(\pi/4)`, `\cos \frac{\pi}{7}`, `\sin \pi x`, `8!`, `\binom{10}{3}`, `\sqrt[3]{16}`, `T(3)`,
		`\gcd(42, 56)`, `\operatorname{lcm}(4,6)`, `gcd(1,000, 5)`, `\lfloor \frac{7}{2} \rfloor`, `\left\lceil -7/2 \right\rceil`,
		`3!5!`, `\frac{8!}{3!3!}`, `4!2`, `2!3!4!`, `\frac{(u/2 + u)}{3u}`,
		`\log_2 8`, `\log_{\frac12} 4`, `\log_2 2^{10}`, `\log 100`, `\text{lcm}(x, 4)`, `\gcd(2,`, `\lfloor 3`,
		`6C3`, `10P3 / 3!`, `0x4C2`, `3C7`, `99999999999C2`, `6C3x`,
		`(m+n\sqrt{6})^2 = m^2 + 6mn\sqrt{6} + 6n^2`, `(5ac)(6ab) = 30a^2b^2c`, `(a+b)^3 = a^3 + 3a^2b + 3ab^2 + 2b^3`,
	} {
		f.Add(s)
	}
	tr, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if e, err := symexpr.Read(s); err == nil {
			_ = symexpr.Plain(e)
			_, _ = symexpr.ToRat(e)
		}
		res := tr.Translate("fuzz", []string{`\[ ` + s + ` = ` + s + ` + 0 \]`, `\[ = ` + s + ` \]`, `\( ` + s + ` = 1 \) so \( x = 2 \)`})
		requireDialectDecided(t, tr, &res)
	})
}

// probeFailedLean is a Lean whose workers failed the identity probe.
type probeFailedLean struct{ fakeLean }

func (p *probeFailedLean) SymbolicOK() bool { return false }

// TestSymbolicLinesOnlyToProbedWorkers: with workers that failed the
// identity-tactic probe no ∀ line is sent; the exact verdict stands with
// a warning, and closed lines are still sent.
func TestSymbolicLinesOnlyToProbedWorkers(t *testing.T) {
	l := &probeFailedLean{}
	tr := newWithLean(t, l, false)
	res, err := tr.Chain(context.Background(), "p", []string{
		`Expanding the product: \[ (x+1)(x-1) = x^2 - 1 \]`, "So 6 × 7 = 42."})
	require.NoError(t, err)
	require.Len(t, l.calls, 1)
	assert.NotContains(t, l.calls[0], "∀")
	assert.Contains(t, l.calls[0], "(6 : Rat) * (7 : Rat)")
	id := res.Steps[0].Obligations[0]
	assert.Equal(t, KindIdentity, id.Kind)
	assert.Equal(t, Verified, id.Verdict, id.Reason)
	assert.Contains(t, id.Warning, "identity-tactic probe")
	assert.Equal(t, Verified, res.Steps[1].Obligations[0].Verdict)

	// A Lean without the method receives the ∀ line.
	f := &fakeLean{}
	_, err = newWithLean(t, f, false).Chain(context.Background(), "p", []string{`Expanding the product: \[ (x+1)(x-1) = x^2 - 1 \]`})
	require.NoError(t, err)
	require.Len(t, f.calls, 1)
	assert.Contains(t, f.calls[0], "example : ∀ (v1 : Rat), ")
}

// TestApproximateRadicals: a decimal after ≈ a closed radical is a
// rounding, approximate at best, never verified and never refuted.
func TestApproximateRadicals(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	res, err := tr.Chain(context.Background(), "approx", []string{
		`\( \sqrt{2} \approx 1.41 \), \( \sqrt[3]{2} \approx 1.26 \), \( \sqrt{2} \approx 1.5 \)`})
	require.NoError(t, err)
	var got []Verdict
	for _, o := range res.Steps[0].Obligations {
		require.Equal(t, KindApproximation, o.Kind)
		got = append(got, o.Verdict)
	}
	assert.Equal(t, []Verdict{Approximate, Approximate, Unknown}, got)
	assert.Equal(t, StepNone, res.Steps[0].Verdict)
}
