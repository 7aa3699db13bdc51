package translate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// remainderObligations are the obligations of a step that come from a
// division with remainder.
func remainderObligations(t *testing.T, step string) []Obligation {
	t.Helper()
	var out []Obligation
	for _, o := range lastStep(t, step).Obligations {
		if strings.Contains(o.Note, "division with remainder") {
			out = append(out, o)
		}
	}
	return out
}

// ofKind returns the obligations of kind k of the last step of step.
func ofKind(t *testing.T, step string, k Kind) []Obligation {
	t.Helper()
	var out []Obligation
	for _, o := range lastStep(t, step).Obligations {
		if o.Kind == k {
			out = append(out, o)
		}
	}
	return out
}

// kindCase is a step with one obligation of the kind under test: its
// verdict and a part of its reason.
type kindCase struct {
	name, step string
	want       Verdict
	reason     string
}

// checkOneOfKind runs cases whose step holds exactly one obligation of
// kind k, with the verdict and reason wanted and valid closed declarations.
func checkOneOfKind(t *testing.T, k Kind, tests []kindCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ofKind(t, tt.step, k)
			require.Len(t, got, 1)
			assert.Equal(t, tt.want, got[0].Verdict, got[0].Reason)
			assert.Contains(t, got[0].Reason, tt.reason)
			require.NoError(t, ValidateDeclaration(got[0].Lean, "decide +kernel"))
			require.NoError(t, ValidateDeclaration(got[0].LeanNeg, "decide +kernel"))
		})
	}
}

// neverRefuted asserts that no obligation of these look-alikes is refuted.
func neverRefuted(t *testing.T, steps ...string) {
	t.Helper()
	for _, step := range steps {
		for _, o := range lastStep(t, step).Obligations {
			assert.NotEqual(t, Refuted, o.Verdict, "%s: %s (%s)", step, o.Expr, o.Reason)
		}
	}
}

// TestDivisionWithRemainder: "a ÷ m = q with a remainder of r" claims
// ⌊a / m⌋ = q and a mod m = r (math-0, -14, -245, -312, claim text only);
// parts of larger expressions, decimals, signs and partial divisions are
// left alone.
func TestDivisionWithRemainder(t *testing.T) {
	tests := []struct {
		name, step string
		verdicts   []Verdict // quotient, remainder
		reason     string
	}{
		{"math-0", `First, divide 194 by 11: 194 ÷ 11 = 17 with a remainder of 9. This means`, []Verdict{Verified, Refuted}, "194 mod 11 is 7, not 9"},
		{"math-14", `Divide 706 by 7: 706 ÷ 7 = 101 with a remainder of 1.`, []Verdict{Refuted, Refuted}, "⌊706 / 7⌋ is 100, not 101"},
		{"math-245", `Then, \(770 \div 333 = 2\) with a remainder of \(58\). So`, []Verdict{Verified, Refuted}, "770 mod 333 is 104, not 58"},
		{"math-312", `- \(1121 \div 3^5 = 1121 \div 243 = 4\) remainder \(133\)`, []Verdict{Verified, Refuted}, "1121 mod 243 is 149, not 133"},
		{"true, \\text", `\(2009 \div 4 = 502 \text{ remainder } 1\). This means`, []Verdict{Verified, Verified}, "both sides are 1"},
		{"true, R", `$$ 10 \div 13 = 0\, \text{R}\, 10 $$ This tells us`, []Verdict{Verified, Verified}, "both sides are 10"},
		{"true, prose", `1,234 divided by 5 is 246 with a remainder of 4.`, []Verdict{Verified, Verified}, "both sides are 4"},
		{"a condition", `If 706 ÷ 7 = 101 with a remainder of 1, then`, []Verdict{Unknown, Unknown}, ""},
		// "No." says one of the two claims fails, and not which: neither is decided.
		{"a question", `Is 194 ÷ 11 = 17 with a remainder of 9? No.`, []Verdict{Unknown, Unknown}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obls := remainderObligations(t, tt.step)
			require.Len(t, obls, 2, "%v", obls)
			for i, o := range obls {
				assert.Equal(t, tt.verdicts[i], o.Verdict, "%s: %s", o.Expr, o.Reason)
				require.NoError(t, ValidateDeclaration(o.Lean, "decide +kernel"))
				require.NoError(t, ValidateDeclaration(o.LeanNeg, "decide +kernel"))
			}
			if tt.reason != "" {
				assert.Contains(t, obls[0].Reason+" "+obls[1].Reason, tt.reason)
			}
		})
	}
	for _, step := range []string{
		`So 3 + 194 ÷ 11 = 17 remainder 9 is`,               // part of a sum
		`We get 2.194 ÷ 11 = 17 with a remainder of 9`,      // a decimal
		`Then -194 ÷ 11 = -18 with a remainder of 4`,        // a sign convention
		`Then 194 ÷ 11 = 17 with a remainder of 9.5`,        // a decimal remainder
		`Then 194 ÷ 11 = 17.6 with a remainder`,             // a decimal quotient
		`Then 100 ÷ 7 = 13 with a remainder of 9 to divide`, // a partial division (7·13 + 9 = 100)
		`Then x ÷ 11 = 17 with a remainder of 9`,            // a name
		`Then 194 ÷ 11 = 17 remainder 9x`,                   // more than a number
		`Then 194 ÷ 0 = 17 remainder 9`,                     // no divisor
	} {
		assert.Empty(t, remainderObligations(t, step), step)
	}
}

// TestClosedContinuation: a display starting with "=" continues the
// closed value that ended the display before it (math-49, claim text
// only), as it already did for radicals and expressions with names.
func TestClosedContinuation(t *testing.T) {
	tests := []struct {
		name, step string
		want       StepVerdict
	}{
		{"math-49", `Third, calculate the total sum. \[Total\ Sum = 24 \times 24 \times (1 + 10 + 100 + 1000 + 10000)\] \[= 24 \times 24 \times (11111)\] \[= 576 \times 11111\] \[= 63950064\]`, StepRefuted},
		{"true", `\[Total\ Sum = 24 \times 24 \times (11111)\] \[= 576 \times 11111\] \[= 6399936\]`, StepVerified},
		{"a running computation", `\[ S = 3 \times 4 \] \[ = 12 + 5 \] \[ = 17 \]`, StepNone},
		{"a word between the displays", `\[ S = 3 \times 4 \] and then we add five: \[ = 12 + 5 = 17 \]`, StepVerified},
		{"a question", `\[ S = 3 \times 4 \] \[ = 13 \]?`, StepNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lastStep(t, tt.step)
			assert.Equal(t, tt.want, s.Verdict, "%+v", s.Obligations)
		})
	}
}

// TestCongruenceChainWithNames: the last link of a congruence chain is
// the claim even when the members before it hold names (math-227, claim
// text only); a last link with a name is still left alone, and a true
// last link verifies nothing about the links before it (issue 29): unknown.
func TestCongruenceChainWithNames(t *testing.T) {
	tests := []kindCase{
		{"math-227", `which reduces to \(n \equiv 56 \equiv \boxed{6} \pmod{17}\). Final Answer: 6.`, Refuted, ""},
		{"true", `which reduces to \(n \equiv 56 \equiv \boxed{5} \pmod{17}\).`, Unknown, "not verified by its last link"},
		{"an expression first", `so \(3n + 1 \equiv 10 \equiv 1 \pmod{3}\).`, Unknown, "not verified by its last link"},
		{"closed members first", `so \(100 \equiv 10 \equiv 1 \pmod{3}\).`, Verified, ""},
	}
	checkOneOfKind(t, KindCongruence, tests)
	neverRefuted(t,
		`so \(n \equiv 56 \equiv m \pmod{17}\).`,      // a name last
		`so \(56 \equiv n \equiv 6 \pmod{17}\).`,      // the claim is n ≡ 6
		`If \(n \equiv 56 \equiv 6 \pmod{17}\), then`, // a condition
	)
}

// TestClosedSumOfRadicals: closed sides whose values are sums of radicals
// (omnimath-150, math-91, claim text only) are decided by the
// coefficients of each radical in the canonical form; a whole number
// within 1 of the other side stays a possible floor.
func TestClosedSumOfRadicals(t *testing.T) {
	tests := []kindCase{
		{"omnimath-150", `\[ 12 + 6\sqrt{3} = 30 \]`, Refuted, "the left side is 12 + 6√3, the right side 30"},
		{"omnimath-150 expansion", `\[ (3 + \sqrt{3})^2 = 9 + 6\sqrt{3} + 3 \]`, Verified, "both sides are 12 + 6√3"},
		{"math-91", `\[ \frac{\sqrt{2}}{2 + \sqrt{2}} = \frac{\sqrt{2} - 2}{2} \]`, Refuted, "the left side is -1 + √2, the right side -1 + √2/2"},
		{"rationalising", `\[ \frac{2}{-1 + \sqrt{5}} = \frac{1 + \sqrt{5}}{2} \]`, Verified, "both sides are 1/2 + √5/2"},
		{"two radicals", `\[ (\sqrt{2} + \sqrt{3})^2 = 5 + 2\sqrt{6} \]`, Verified, "both sides are 5 + 2√6"},
		{"a cube root in a sum", `\[ 1 + \sqrt[3]{16} = 1 + 2\sqrt[3]{3} \]`, Refuted, "the left side is 1 + 2∛2"},
	}
	checkOneOfKind(t, KindClosedValue, tests)
	neverRefuted(t,
		`\[ 12 + 6\sqrt{3} = 22 \]`,       // a whole number within 1: a floor?
		`\[ 12 + 6\sqrt{3} = 22.39 \]`,    // a decimal: a rounding
		`\[ 12 + 6\sqrt{3} \approx 30 \]`, // an approximation
		`If \[ 12 + 6\sqrt{3} = 30 \] then`,
		`\[ x + 6\sqrt{3} = 30 \]`, // a name
	)
}

// TestDivisibility: "a \mid b" and "a \nmid b" between closed integers
// (omnimath-313, claim text only) are decided by the division of b by
// |a|; names, other relations and conditions are left alone.
func TestDivisibility(t *testing.T) {
	tests := []kindCase{
		{"omnimath-313", `Since \( -20 \mid 10 \), \( (1, 3) \) is a solution.`, Refuted, "-20 does not divide 10"},
		{"divides", `so \( 7 \mid 343 \).`, Verified, "7 divides 343"},
		{"powers", `and \(2^2 \mid 2^8\).`, Verified, "4 divides 256"},
		{"does not divide", `Since \( 340 \nmid 82 \), the pair is out.`, Verified, "340 does not divide 82"},
		{"does divide", `Since \( 41 \nmid 82 \), the pair is out.`, Refuted, "41 divides 82"},
	}
	checkOneOfKind(t, KindCongruence, tests)
	neverRefuted(t,
		`such that \( b^2 \mid 11! \)`,   // a name
		`If \( 3 \mid 10 \), then`,       // a condition
		`then \( 5^3 = 125 \nmid 5^2 \)`, // another relation on the line
		`so \( 0 \mid 10 \)`,             // no divisor
		`so \( 3 \mid 10 \mid 20 \)`,     // a chain
		`so \( 3 \mid 10 + x \)`,         // a name
	)
}

// TestImplicationWithoutRationalRoots: an equation with real but no
// rational solutions followed by one of the same degree sharing none of
// them is no rewriting of it (math-15, claim text only); "factoring"
// marks a derivation and "from both sides" is no list.
func TestImplicationWithoutRationalRoots(t *testing.T) {
	tests := []struct {
		name, step string
		want       StepVerdict
	}{
		{"math-15", `Subtracting \( 3x \) from both sides, we have \( x^2 - 3x = 1 \). Factoring the left-hand side, we have \( (x - 1)(x - 3) = 0 \).`, StepRefuted},
		{"a cubic", `\[ x^3 - 2 = 0 \] so \[ x^3 - 3 = x \]`, StepRefuted},
		{"factoring, true", `Subtracting \( 6 \) from both sides, we have \( x^2 - 5x + 6 = 0 \). Factoring, we have \( (x - 2)(x - 3) = 0 \).`, StepVerified},
		{"no real solution", `\[ x^2 + x + 1 = 0 \] so \[ x^2 + 2x + 5 = 0 \]`, StepNone},
		{"a lower degree", `\[ x^2 - 3x = 1 \] so \[ x - 3 = 0 \]`, StepNone},
		{"shared irrational roots", `\[ x^2 - 3x = 1 \] so \[ (x^2 - 3x - 1)(x + 1) = 0 \]`, StepVerified},
		{"two equations listed", `Both \( x^2 - 3x = 1 \) and \( (x - 1)(x - 3) = 0 \) hold.`, StepNone},
		{"three equations listed (PRM800K)", `We obtain $x^2+11x-8=0$, $x^2+2x-8=0$, and $x^2-13x-8=0$.`, StepNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lastStep(t, tt.step)
			assert.Equal(t, tt.want, s.Verdict, "%+v", s.Obligations)
			for _, o := range s.Obligations {
				require.NoError(t, ValidateDeclaration(o.Lean, "grind"), o.Lean)
			}
		})
	}
}

// TestEquationRewrittenInSeveralUnknowns: two equations in several
// unknowns with the same closed other side and a rewriting cue between
// them rewrite one expression (omnimath-340, -260, math-378); two whose
// sides differ by a nonzero constant after an operation cue share no
// solution (olympiadbench-371). Systems, lists, substitutions and
// conditions are left alone.
func TestEquationRewrittenInSeveralUnknowns(t *testing.T) {
	tests := []struct {
		name, step string
		want       StepVerdict
	}{
		{"omnimath-340", `Third: $x^3 + y^3 + (3 - x - y)^3 = 3$. Expand the cube and simplify: $x^3 + y^3 + 27 - 27x - 27y + 9x^2 + 9y^2 + 9xy - x^3 - y^3 - 3x^2y - 3xy^2 = 3$.`, StepRefuted},
		{"omnimath-260", "3-1: \\((81 - 27a + 9b - 3c + d) - (1 - a + b - c + d) = -9 - (-1)\\)\nSimplifying this gives: \\( 80 - 26a + 8b - 4c = -8 \\)", StepRefuted},
		{"omnimath-260 true", "3-1: \\((81 - 27a + 9b - 3c + d) - (1 - a + b - c + d) = -9 - (-1)\\)\nSimplifying this gives: \\( 80 - 26a + 8b - 2c = -8 \\)", StepVerified},
		{"math-378", "We have that\n\\[\na^2b + b^2c + c^2a - ab^2 - bc^2 - ca^2 = 0\n\\]\nwhich can be rewritten as\n\\[\n(a^2 - 1)b + (b^2 - 1)c + (c^2 - 1)a = 0.\n\\]", StepRefuted},
		{"olympiadbench-371", "\\[ xy - 2x - 6y - 12 = -4 \\]\nAdd 12 to both sides:\n\\[ xy - 2x - 6y + 12 = 4 \\]", StepRefuted},
		{"olympiadbench-371 true", "\\[ xy - 2x - 6y - 12 = -4 \\]\nAdd 24 to both sides:\n\\[ xy - 2x - 6y + 12 = 20 \\]", StepNone},
		{"expanding, true", "\\[ (x + y)^2 = 9 \\] Expanding, \\[ x^2 + 2xy + y^2 = 9 \\]", StepVerified},
		{"adjacent, true", "\\[ (x + y)^2 = 9 \\] \\[ x^2 + 2xy + y^2 = 9 \\]", StepVerified},
		{"adjacent, leading terms kept", "\\[ (x + y)^2 = 9 \\] \\[ x^2 + 2xy + y^2 + x = 9 \\]", StepRefuted},
		{"adjacent, a square term lost", "\\[ (x + y)^2 = 9 \\] \\[ x^2 + xy + y^2 = 9 \\]", StepNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lastStep(t, tt.step)
			assert.Equal(t, tt.want, s.Verdict, "%+v", s.Obligations)
			for _, o := range s.Obligations {
				require.NoError(t, ValidateDeclaration(o.Lean, "grind"), o.Lean)
			}
		})
	}
	neverRefuted(t,
		"The equation of the plane is $6x + 6y - 6z - 6 = 0$. We can divide everything by $2$ to simplify it to $3x + 3y - 3z - 3 = 0$.", // scaled against zero (PRMBench)
		"So $2x - 4y = 0$, and simplifying, $-x + 2y = 0$.",                                                                         // scaled by -1/2 against zero
		"\\[ x + y = 5 \\] \\[ x - y = 5 \\]",                                                                                       // a system, no cue
		"\\[ x^2 + y^2 = 25 \\] \\[ x^2 - y^2 = 25 \\]",                                                                             // a system: the leading terms are not all kept
		"\\[ x + y = 5 \\] and, simplifying, \\[ 2x - y = 5 \\]",                                                                    // a list
		"\\[ x + y + z = 10 \\] Substituting \\(z = 2\\) and simplifying: \\[ x + y = 8 \\]",                                        // another equation used
		"\\[ x + 2y = 5 \\] Simplifying using the first equation, \\[ 3y = 5 \\]",                                                   // fewer unknowns
		"If \\[ x + y = 5 \\] then, simplifying, \\[ x + 2y = 5 \\]",                                                                // a condition
		"\\[ k - 1 = n \\quad \\text{or} \\quad k = n \\] This simplifies to: \\[ k = n + 1 \\quad \\text{or} \\quad k = n - 1 \\]", // lists
		"\\[ y = 2x + 1 \\] Rearranging, \\[ y = 2x + 3 \\]",                                                                        // parallel lines? a lone name
	)
}

// TestSameLeftSide: consecutive lines with the same left side written
// identically rewrite one value (olympiadbench-387, -185, -339,
// omnimath-400, claim text only); roots and lines of a family under a
// lone letter, two expressions for a name power set equal next, and
// lines with other words between them are left alone.
func TestSameLeftSide(t *testing.T) {
	tests := []struct {
		name, step string
		want       StepVerdict
	}{
		{"olympiadbench-387", `Substituting yields: \[SA_{\text{cube}} = 6(6^{2/3})\] \[SA_{\text{cube}} = 6^{4/3} \cdot 6^{1/3}\] \[SA_{\text{cube}} = 6 \cdot 6^{1/3}\]`, StepRefuted},
		{"olympiadbench-387 true", `Substituting yields: \[SA_{\text{cube}} = 6(6^{2/3})\] \[SA_{\text{cube}} = 6^{4/3} \cdot 6^{1/3}\]`, StepVerified},
		{"olympiadbench-339", "\\[ BE \\times BN = 221 \\times 120 \\]\n\\[ BE \\times BN = 26532 \\]", StepRefuted},
		{"olympiadbench-185", `\[ 24 - 9A_4 = \frac{(9 - 3A_4) + B_6 + (6A_4 - 10)}{3} \] \[ 24 - 9A_4 = \frac{8 + 3A_4 + B_6}{3} \]`, StepRefuted},
		{"omnimath-400", `$V_{new} = (2L) \times (2W) \times (3H)$. Simplifying the expression, we get $V_{new} = 4 \times 2 \times 3 \times L \times W \times H$.`, StepRefuted},
		{"omnimath-400 true", `$V_{new} = (2L) \times (2W) \times (3H)$. Simplifying the expression, we get $V_{new} = 12 \times L \times W \times H$.`, StepVerified},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lastStep(t, tt.step)
			assert.Equal(t, tt.want, s.Verdict, "%+v", s.Obligations)
			for _, o := range s.Obligations {
				require.NoError(t, ValidateDeclaration(o.LeanNeg, "decide +kernel"), o.LeanNeg)
			}
		})
	}
	neverRefuted(t,
		`\[ x = \frac{5 + 3}{2} \] \[ x = \frac{5 - 3}{2} \]`,                         // two roots
		`\[ y = 2x + 3 \] \[ y = 2x - 1 \]`,                                           // a family of lines
		`\[m^2 = 3n^2 + 1\] \[m^2 = 2n^2 + 4n + 1\] Setting these two equal`,          // two expressions compared
		`\[ V_{new} = 2LWH \] \[ V_{new} = 3LWH \]`,                                   // a name, no rewriting cue
		`\[ A_{1} = 6 \] and for the second triangle \[ A_{1} = 8 \]`,                 // words between the lines
		`\[ 24 - 9A_4 = 3B_6 \] \[ 24 - 9A_4 = 3A_4 \]`,                               // other unknowns: an equation
		`If \[SA_{\text{cube}} = 6(6^{2/3})\] \[SA_{\text{cube}} = 6 \cdot 6^{1/3}\]`, // a condition
	)
}

// TestProseValues: gcd, lcm and digit sums stated in words (omnimath-12,
// math-247, olympiadbench-415, claim text only) carry the certificates of
// symcert.go; computations written after "is", values continued in words,
// conditions and steps not about digits are left alone.
func TestProseValues(t *testing.T) {
	tests := []struct {
		name, step string
		want       []Verdict
		reason     string
	}{
		{"omnimath-12", `The gcd of 42 and 1 is 1, and the gcd of 42 and 7 is also 1. Therefore`, []Verdict{Verified, Refuted}, "gcd(42, 7) is 7, not 1"},
		{"math-247", `The GCD of 116 and 174 is 2. Therefore:`, []Verdict{Refuted}, "gcd(116, 174) is 58, not 2"},
		{"lcm", `The least common multiple of 4 and 6 is \(12\).`, []Verdict{Verified}, "lcm(4, 6) is 12"},
		{"olympiadbench-415", `To find the least integer with a digit sum of 17: First, 2040 (sum = 6), Second, 2228 (sum = 12).`, []Verdict{Verified, Refuted}, "the digits of 2228 sum to 14, not 12"},
		{"digit sum in words", `The sum of the digits of 1521 is 9.`, []Verdict{Verified}, "the digits of 1521 sum to 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []Obligation
			for _, o := range lastStep(t, tt.step).Obligations {
				if o.Kind == KindClosedValue {
					got = append(got, o)
				}
			}
			require.Len(t, got, len(tt.want), "%+v", got)
			var reasons []string
			for i, o := range got {
				assert.Equal(t, tt.want[i], o.Verdict, o.Reason)
				require.NoError(t, ValidateDeclaration(o.Lean, "decide +kernel"))
				require.NoError(t, ValidateDeclaration(o.LeanNeg, "decide +kernel"))
				reasons = append(reasons, o.Reason)
			}
			assert.Contains(t, strings.Join(reasons, " "), tt.reason)
		})
	}
	for _, step := range []string{
		`The sum of the digits of 1089 is \( 1 + 0 + 8 + 9 = 19 \).`, // a computation (the arithmetic reader's)
		`The gcd of 12 and 18 is 2 times 3.`,                         // continued in words
		`If the gcd of 12 and 18 is 4, then`,                         // a condition
		`Candidates: 2040 (sum = 7).`,                                // no digits in the step: another sum
		`The gcd of a and 18 is 4.`,                                  // a name
		`The gcd of 12 and 18 is 6.5`,                                // a decimal
	} {
		for _, o := range lastStep(t, step).Obligations {
			if o.Kind == KindClosedValue {
				assert.NotEqual(t, Refuted, o.Verdict, "%s: %s (%s)", step, o.Expr, o.Reason)
			}
		}
	}
}
