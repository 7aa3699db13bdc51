package translate

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// FuzzTranslate: the translator never panics, and every line it emits is
// a dialect declaration, so no text of the step can reach Lean; with no
// problem, and with the step text as its own problem (so that its
// decimals and percentages are exact).
func FuzzTranslate(f *testing.F) {
	seeds := []string{
		"Natalia sold 48/2 = 24 clips.",
		"half of 48 is 25, 20% of 50 is 12, twice 7 is 15, 3 more than 5 is 9, a third of $27 is $8.50 dozen",
		`Since 91 is prime, 50 is a perfect square and \(2^{7} - 1\) is not a prime number; is 1001 composite?`,
		`Both 24 and \(1199\) are divisible by \(3\); 16 is divisible by 7 (16 = 7 * 2 + 2); 21 is not a multiple of 3 and 5; \(209\) is prime (it has no divisors other than 1 and 209); 199 \times 3.14159 \approx 624.82; 20 and \(16\) are not relatively prime, 6 and 9 are coprime to 10`,
		"For \\(r = -1\\): \\(y = r^2 = 1\\).\n- \\(k = 2\\): \\(10k - k^2 = 16\\)\nCheck: \\(2 < 3\\). This does not hold. where \\(a \\neq 1\\), (5 + 2 - 1) choose (2 - 1) = 6",
		`\( \frac{1}{2} + \dfrac{1}{3} = \frac{5}{6} \) and \[ \sqrt{16} = 4 \]`,
		"$80 / $20 = 4 and 25% of 80 = 20, 1/3 ≈ 0.33, 2/3 = 0.66",
		"Let x = 5. Then 2x + 3 = 13; x^2 = 25 ≥ 24 ≠ 26",
		"6/2(1+2) = 9, 2 1/2 = 5/2, 12:30, 3:4, 2-3 hours, 12/25/2023, \\boxed{7}",
		"$$ 2^{10} = 1024 $$ \\begin{align*} a &= 1 + 2 \\\\ &= 3 \\end{align*}",
		"\\left(\\frac{3}{5}\\right)^{-2} = \\frac{25}{9}, \\sqrt[3]{27} = 3, √(9) = 3, 5² = 25",
		"1,234,567 + 1.2e3 = 1235767; .5 × 4 = 2; 0.333... = 1/3",
		"x = 1e99999 and 10^{99999999} = 1",
		"\xff\xfe 2 + 2 = 4",
		"The sum is\n\\[ (2a)(b) + (3a)(2b) \\]\nCalculating each term:\n\\[ 2ab + 5ab \\]\nand \\((m+n)^2 = m^2 + 3mn + n^2\\)",
		"(((((((((1)))))))))) = 1 \\frac \\sqrt{ ^^^ === \\\\ $ $$ \\( \\[",
		"let n be the number; n = 3 or n = 4; if y = 2 then 2y = 4",
		"1 hour = 60 minutes, 5 students per row = 30 students, 3 × 4 = 12 thousand",
		"5 cm × 4 cm = 20 cm², 20 sq ft, 8 cubic feet, 9 ft^2, 3 m/s^2, 4 W^2 = 100, 100/5 = 5A/5",
		"$2000 / 2/3 = $3000, 2/ 1/5 = 10, 10 ÷ 1/2 = 20, 14 / 1 / 4 = 56, 3/3 - 2/3 = 1/3 of $150",
		"¾ x 3/3 = 9/12, 2½ = 2.5, 2 ½ = 2.5, 6π, 4 = 4i, -4 = 4i², 0.005 = 5‰, 0.(3) = 1/3, 0.3̅, 0^0 = 1",
		"2 + 2 = 4 plus 1, 16 over 4, 8 divided by 2, 3 + 3 = 6 pi, 0.\\overline{3}, 1.(",
		`Expanding, \( (a+b)^2 = a^2 + 2ab + b^2 \) and \[ \frac{1}{x} + \frac{1}{y} = \frac{x+y}{xy} \]`,
		`\[ x^2 - 2x - 7 = 0 \] \[ (x - 7)(x + 5) = 0 \] \[ 16 + x = 27 \] \[ x = 8 \]`,
		"Expanding both sides, we get:\n\\[\n21+10y+y^{2}=15+7y+y^{2}\n\\]\nSimplifying, we get:\n\\[\n6=3y-3y\n\\]",
		"194 ÷ 11 = 17 with a remainder of 9, \\(10 \\div 13 = 0\\, \\text{R}\\, 10\\), the gcd of 42 and 7 is 1, 2228 (sum = 12) digit",
		`\( -20 \mid 10 \), \( n \equiv 56 \equiv \boxed{6} \pmod{17} \), \[ 12 + 6\sqrt{3} = 30 \] \[= 576 \times 11111\]`,
		`\[SA_{\text{cube}} = 6(6^{2/3})\] \[SA_{\text{cube}} = 6 \cdot 6^{1/3}\] \[ xy - 2x = 8 \] Add 1 to both sides: \[ xy - 2x + 1 = 8 \]`,
		"so: ((J + 10) + J) + 2J + 10 = 100. This simplifies to 5J + 20 = 100, so J = 16 and 3 x 4 = 12; 5m = 500cm; f(x) = 3",
		`Total = 5000 + 10000 = \boxed{15000}. \[ \text{Total fruits} = 52 + 24 \] \[ \text{Total fruits} = 76 \] Leftover = 100 - 20. So leftover = 80.`,
		"If Sam had 70 loaves, the bakery has 70 * 7 - 40 = 450 loaves; 20 - 2 * 2.5 = 10 ounces; 0900 - 0130 = 0730 hours; Plugging in $1$ we get $1 = \\sqrt{9} + 4$",
		"Simplifying the equation, we get: 10 - x/10 = 5. Multiplying both sides by 10 to clear the fraction, we get: 100 - x = 50. d(81) = 1/81",
		`\[15 (\text{light blue}) + 45 (\text{dark blue}) = 160 \text{ spools}\] 100 (\text{first day}) + 2 (\text{hours}) + 3 (\text{dozen}) = 9, 5 (hours) + 1 (back home) = 6`,
		"We are given 9, so we can write: 60 - 3x = 9.\nSolving for x, we get: x = 19. Solving for y, we get: y = 2. Solving, x = 3.33",
		"So we can write: 280 - 2.8x = 168. Solving for x, we get: x = 50. Simplifying, we get: $40 - $12 - $3x = $19. Subtracting $28 from both sides, we get: -$3x = -$19.",
		// Read as its own problem too: decimals and percentages it states are exact.
		"A 5% discount on $140: $140 * 0.95 = $134, 2080 gallons x $0.15/gallon = $322, 140 * 95.0% = 133",
		`$52,500 + ($52,500 * 0.05) = $55,625 at 5 percent; \(200 \times 0.085 = 17\) at $8.5\%$; 1/3 = 0.33 and 0.33 * 3 = 1.00`,
		"1{,}250.75 + .25 = 1251, 1.2.3 = 1.2, 99999999999999999999999999999999.5 * 2 = 1, \\sqrt{2.25} = 1.5, 150% of 2.5 = 3.75",
		// Holds the text settles: a contrast word alone, a correcting "not", moduli named in a modular chain.
		"However, \\(41 \\times 3 = 133\\). We get \\(8 - 12 + 6 - 1 = 3\\), not 0. One might think 6 * 7 = 48, but no.",
		`The remainder of 283 (mod 13): \(283 = 13 \times 21 + 12\), \(x \equiv 1 \pmod{2^{3}}\), modulo \(p\), base 7, a carry: 5 + 4 = 2; \( 4000 \div 59 \approx 68.27 \)`,
		`\( -(2 \cdot 4 + 2s + 5s + 3s) = -(8 + 2s + 5s + 3s) = -(12s + 8) \) and \(\frac{8!}{3!5!} = 58\), \(2!4! = 46\), \(9!/4!5!\)`,
		// Read as its own problem: a sequence in words and a function defined by parity.
		"A sequence starts with the term 12. Each succeeding term is found by adding 5 to the previous term. The sixth term is 40. $g(1)=2$; if $n$ is an even positive integer, then $g(n)=g(\\frac{n}{2})+1$; if $n$ is an odd positive integer with $n>1$, then $g(n)=3g(n-1)$. So \\( g(6) = g(3) + 1 = 9 \\).",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	tr, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		steps := []string{text, "so " + text, "x = 2"}
		for _, problem := range []string{"", text} {
			checkFuzzChain(t, tr, tr.TranslateProblem("fuzz", problem, steps))
		}
	})
}

// checkFuzzChain checks what FuzzTranslate asks of one translated chain.
func checkFuzzChain(t *testing.T, tr *Translator, res ChainResult) {
	t.Helper()
	for _, s := range res.Steps {
		for _, k := range s.Skipped {
			require.True(t, 0 <= k.Span.Start && k.Span.Start <= k.Span.End && k.Span.End <= len(s.Text),
				"skip span %d-%d outside a %d-byte step", k.Span.Start, k.Span.End, len(s.Text))
		}
		for _, o := range s.Obligations {
			require.True(t, 0 <= o.Span.Start && o.Span.Start <= o.Span.End && o.Span.End <= len(s.Text),
				"span %d-%d outside a %d-byte step", o.Span.Start, o.Span.End, len(s.Text))
			for _, line := range []string{o.Lean, o.LeanNeg} {
				tac := DefaultTactic
				if strings.HasPrefix(line, "example : ∀") {
					tac = DefaultIdentityTactic // a symbolic claim (§1b)
				}
				require.NoError(t, ValidateDeclaration(line, tac), "emitted a line outside the dialect: %q (step %q)", line, s.Text)
				require.True(t, utf8.ValidString(line) && !strings.ContainsAny(line, "\n\r\"`#"), "emitted odd characters: %q", line)
			}
		}
	}
	// The exact checker decides whatever was emitted, without panics.
	require.NoError(t, tr.Check(t.Context(), &res))
	for _, s := range res.Steps {
		for _, o := range s.Obligations {
			require.NotEqual(t, Error, o.Verdict, "exact checker error on %q: %s", o.Lean, o.Reason)
		}
	}
}
