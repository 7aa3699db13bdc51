package translate

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ob is an expected obligation: its normalised claim, kind and verdict.
type ob struct {
	expr    string
	kind    Kind
	verdict Verdict
}

func exactChain(t *testing.T, steps ...string) ChainResult {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	res, err := tr.Chain(context.Background(), "t", steps)
	require.NoError(t, err)
	return res
}

func obligationsOf(s StepResult) []ob {
	var out []ob
	for _, o := range s.Obligations {
		out = append(out, ob{o.Expr, o.Kind, o.Verdict})
	}
	return out
}

func sameObligations(got, want []ob) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// TestRecognised covers every construct the issue lists under "What is
// recognised". The last step of each chain is the one examined.
func TestRecognised(t *testing.T) {
	tests := []struct {
		name  string
		steps []string
		want  []ob
		step  StepVerdict
	}{
		{"integer arithmetic in prose", []string{"Natalia sold 48/2 = 24 clips in May."},
			[]ob{{"48 / 2 = 24", KindEquality, Verified}}, StepVerified},
		{"a false product is refuted", []string{"So she has 3 * 7 = 22 apples."},
			[]ob{{"3 * 7 = 22", KindEquality, Refuted}}, StepRefuted},
		{"decimals", []string{"Weng earns 12/60 = $0.2 per minute."},
			[]ob{{"12 / 60 = 0.2", KindEquality, Verified}}, StepVerified},
		{"a leading point", []string{"There are 120 x .6 = 72 children."},
			[]ob{{"120 * 0.6 = 72", KindEquality, Verified}}, StepVerified},
		{"thousands separators", []string{"The total is 13,000 - 1,000 = 12,000 feet."},
			[]ob{{"13000 - 1000 = 12000", KindEquality, Verified}}, StepVerified},
		{"negatives", []string{"Then -5 + 3 = -2 and (-4) * (-2) = 8."},
			[]ob{{"(-5) + 3 = -2", KindEquality, Verified}, {"(-4) * (-2) = 8", KindEquality, Verified}}, StepVerified},
		{"percent where it multiplies", []string{"The tip is 15% × 40 = 6 dollars."},
			[]ob{{"15% * 40 = 6", KindEquality, Verified}}, StepVerified},
		{"percent of", []string{"The discount is 25% of 80 = 20."},
			[]ob{{"25% * 80 = 20", KindEquality, Verified}}, StepVerified},
		{"a fraction of", []string{"She gave away 3/4 of 20 = 15 stickers."},
			[]ob{{"3 / 4 * 20 = 15", KindEquality, Verified}}, StepVerified},
		{"a percentage as a whole side", []string{"So 1/4 = 25%."},
			[]ob{{"1 / 4 = 25%", KindEquality, Verified}}, StepVerified},
		{"scientific notation", []string{"It weighs 1.5e3 / 3 = 500 grams."},
			[]ob{{"1500 / 3 = 500", KindEquality, Verified}}, StepVerified},
		{"x between numbers", []string{"She earned 0.2 x 50 = $10."},
			[]ob{{"0.2 * 50 = 10", KindEquality, Verified}}, StepVerified},
		{"unicode operators", []string{"We get 6 × 7 = 42, 9 ÷ 3 = 3, 2 · 5 = 10 and 8 − 3 = 5."},
			[]ob{{"6 * 7 = 42", KindEquality, Verified}, {"9 / 3 = 3", KindEquality, Verified},
				{"2 * 5 = 10", KindEquality, Verified}, {"8 - 3 = 5", KindEquality, Verified}}, StepVerified},
		{"a spaced dash is a minus sign", []string{"He has $40 – $4 = $36 left."},
			[]ob{{"40 - 4 = 36", KindEquality, Verified}}, StepVerified},
		{"caret", []string{"We need 2^10 = 1024 bytes."},
			[]ob{{"2 ^ 10 = 1024", KindEquality, Verified}}, StepVerified},
		{"brackets", []string{"Then [2 + (3 × 4)] × 2 = 28."},
			[]ob{{"(2 + 3 * 4) * 2 = 28", KindEquality, Verified}}, StepVerified},
		{"LaTeX fractions and operators", []string{`We get \(\frac{1}{2} + \dfrac{1}{3} = \tfrac{5}{6}\) and \(3 \cdot 4 \times 2 \div 8 = 3\).`},
			[]ob{{"1 / 2 + 1 / 3 = 5 / 6", KindEquality, Verified}, {"3 * 4 * 2 / 8 = 3", KindEquality, Verified}}, StepVerified},
		{"one-digit fraction shorthand", []string{`\(\frac12 + \frac14 = \frac34\)`},
			[]ob{{"1 / 2 + 1 / 4 = 3 / 4", KindEquality, Verified}}, StepVerified},
		{"left and right, braced powers", []string{`\[ \left(\frac{3}{5}\right)^{2} = \frac{9}{25} \]`},
			[]ob{{"(3 / 5) ^ 2 = 9 / 25", KindEquality, Verified}}, StepVerified},
		{"a negative exponent", []string{`\( 10^{-2} = 0.01 \)`},
			[]ob{{"1 / (10 ^ 2) = 0.01", KindEquality, Verified}}, StepVerified},
		{"a rational square root gets a side condition", []string{`\( \sqrt{16} + 1 = 5 \)`},
			[]ob{{"sqrt(16) + 1 = 5", KindEquality, Verified}, {"sqrt(16) = 4", KindSqrtSide, Verified}}, StepVerified},
		{"a root of a fraction", []string{`\( \sqrt{\frac{9}{4}} = 1.5 \)`},
			[]ob{{"sqrt(9 / 4) = 1.5", KindEquality, Verified}, {"sqrt(9 / 4) = 1.5", KindSqrtSide, Verified}}, StepVerified},
		{"a cube root", []string{`\( \sqrt[3]{27} = 3 \)`},
			[]ob{{"root3(27) = 3", KindEquality, Verified}, {"root3(27) = 3", KindSqrtSide, Verified}}, StepVerified},
		{"inline dollar math", []string{`So $2 + 3 = 5$ holds.`},
			[]ob{{"2 + 3 = 5", KindEquality, Verified}}, StepVerified},
		{"display math", []string{`\[ 7 \times 8 = 56 \] and $$ 9 \times 9 = 81 $$`},
			[]ob{{"7 * 8 = 56", KindEquality, Verified}, {"9 * 9 = 81", KindEquality, Verified}}, StepVerified},
		{"align continues a chain", []string{"\\begin{align*} 2 + 2 &= 4 \\\\ &= 2 \\times 2 \\end{align*}"},
			[]ob{{"2 + 2 = 4", KindEquality, Verified}, {"4 = 2 * 2", KindEquality, Verified}}, StepVerified},
		{"money is not math mode", []string{"It costs $80 / $20 = 4 times as much, and 20 * $80 = $1600."},
			[]ob{{"20 * 80 = 1600", KindEquality, Verified}}, StepVerified},
		{"escaped dollars", []string{`\( \$12 + \$3 = \$15 \)`},
			[]ob{{"12 + 3 = 15", KindEquality, Verified}}, StepVerified},
		{"chained equalities", []string{"Total: 2 + 3 = 5 = 10 / 2 = 6."},
			[]ob{{"2 + 3 = 5", KindEquality, Verified}, {"5 = 10 / 2", KindEquality, Verified}, {"10 / 2 = 6", KindEquality, Refuted}}, StepRefuted},
		{"relations", []string{`\( 3 < 4 \le 4 \ne 5 > 1 \geq 1 \)`},
			[]ob{{"3 < 4", KindInequality, Verified}, {"4 ≤ 4", KindInequality, Verified}, {"4 ≠ 5", KindInequality, Verified},
				{"5 > 1", KindInequality, Verified}, {"1 ≥ 1", KindInequality, Verified}}, StepVerified},
		{"a false inequality", []string{`\( \frac{1}{3} > \frac{1}{2} \)`},
			[]ob{{"1 / 3 > 1 / 2", KindInequality, Refuted}}, StepRefuted},
		{"approx sign", []string{`\( \frac{22}{7} \approx 3.14 \) and 1/3 ≈ 0.33`},
			[]ob{{"22 / 7 ≈ 3.14", KindApproximation, Approximate}, {"1 / 3 ≈ 0.33", KindApproximation, Approximate}}, StepApproximate},
		{"equality against a rounded decimal", []string{"So 1/3 = 0.33 and 2/3 = 0.67."},
			[]ob{{"1 / 3 = 0.33 (read as a rounding to 0.01)", KindApproximation, Approximate},
				{"2 / 3 = 0.67 (read as a rounding to 0.01)", KindApproximation, Approximate}}, StepApproximate},
		// Issue 9: a rounding is approximate, never verified, whichever
		// everyday convention produced it (nearest, either way at a tie, or
		// truncation toward zero).
		{"a rounding to one place is approximate", []string{"So 1/3 = 0.3."},
			[]ob{{"1 / 3 = 0.3 (read as a rounding to 0.1)", KindApproximation, Approximate}}, StepApproximate},
		{"a truncation is approximate", []string{"So 2/3 = 0.6."},
			[]ob{{"2 / 3 = 0.6 (read as a truncation to 0.1)", KindApproximation, Approximate}}, StepApproximate},
		{"the rounding of the same value is approximate", []string{"So 2/3 = 0.7."},
			[]ob{{"2 / 3 = 0.7 (read as a rounding to 0.1)", KindApproximation, Approximate}}, StepApproximate},
		{"a truncation of a negative value", []string{"So -2/3 = -0.66."},
			[]ob{{"(-2) / 3 = -0.66 (read as a truncation to 0.01)", KindApproximation, Approximate}}, StepApproximate},
		{"a tie rounded down", []string{"So 1/8 = 0.12."},
			[]ob{{"1 / 8 = 0.12 (read as a rounding to 0.01)", KindApproximation, Approximate}}, StepApproximate},
		{"a tie rounded up", []string{"So 1/8 = 0.13."},
			[]ob{{"1 / 8 = 0.13 (read as a rounding to 0.01)", KindApproximation, Approximate}}, StepApproximate},
		{"an exact step and an approximate one", []string{"So 1/4 = 0.25 and 1/3 = 0.33."},
			[]ob{{"1 / 4 = 0.25", KindEquality, Verified}, {"1 / 3 = 0.33 (read as a rounding to 0.01)", KindApproximation, Approximate}}, StepApproximate},
		{"an exact decimal is an equality", []string{"So 1/4 = 0.25."},
			[]ob{{"1 / 4 = 0.25", KindEquality, Verified}}, StepVerified},
		{"a truncated expansion", []string{"So 2/3 = 0.666..."},
			[]ob{{"2 / 3 = 0.666 (read as a rounding to 0.001)", KindApproximation, Approximate}}, StepApproximate},
		{"a decimal beyond any rounding", []string{"So 1/3 = 0.35."},
			[]ob{{"1 / 3 = 0.35", KindRoundingBound, Refuted}}, StepRefuted},
		{"binding carried to a later step", []string{"Let x = 5.", "Then 2x + 3 = 13 and x^2 = 24."},
			[]ob{{"2 * x + 3 = 13", KindEquality, Verified}, {"x ^ 2 = 24", KindEquality, Refuted}}, StepRefuted},
		{"let and so bindings", []string{"let n = 12, so t = 3.5", "Then n / 4 = 3 and 2t = 7."},
			[]ob{{"n / 4 = 3", KindEquality, Verified}, {"2 * t = 7", KindEquality, Verified}}, StepVerified},
		{"a binding with a computed value", []string{`\( y = \frac{10}{4} = 2.5 \)`, `\( 4y = 10 \)`},
			[]ob{{"4 * y = 10", KindEquality, Verified}}, StepVerified},
		{"units that agree", []string{"495 students * $15/student = $7425 in fees."},
			[]ob{{"495 * 15 = 7425", KindEquality, Verified}}, StepVerified},
		{"units on the result only", []string{"He read 12 * 2 = 24 books."},
			[]ob{{"12 * 2 = 24", KindEquality, Verified}}, StepVerified},
		{"a prose aside in brackets", []string{"They made 7995 (total cookies) - 2595 (rainbow cookies) = 5400 cookies."},
			[]ob{{"7995 - 2595 = 5400", KindEquality, Verified}}, StepVerified},
		{"labels in brackets in math", []string{`\[15 (\text{light blue}) + 45 (\text{dark blue}) + 40 (\text{light green}) = 100 \text{ spools}\]`},
			[]ob{{"15 + 45 + 40 = 100", KindEquality, Verified}}, StepVerified},
		{"a false sum of labelled numbers", []string{`\[100 (\text{first day}) + 150 (\text{second day}) + 500 (\text{third day}) = 700\]`},
			[]ob{{"100 + 150 + 500 = 700", KindEquality, Refuted}}, StepRefuted},
		{"a unit in brackets is no label", []string{`\[2 (\text{hours}) + 30 (\text{minutes}) = 150\]`}, nil, StepNone},
		{"a unit in a prose aside is no label", []string{"She worked 2 (hours) + 30 (minutes) = 150 minutes."}, nil, StepNone},
		{"a multiplier in brackets is no label", []string{`\[3 (\text{dozen}) + 4 = 40\]`}, nil, StepNone},
		{"a label of one day only", []string{`\[100 (\text{some day}) + 150 (\text{other day}) = 700\]`}, nil, StepNone},
		{"a running computation", []string{"She pays 5 × 3 = 15 + 2 = 17 dollars."},
			[]ob{{"5 * 3 = 15", KindEquality, Verified}, {"15 + 2 = 17", KindEquality, Verified}}, StepVerified},
		{"degrees", []string{`\( 180^\circ - 60^\circ = 120^\circ \)`},
			[]ob{{"180 - 60 = 120", KindEquality, Verified}}, StepVerified},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := exactChain(t, tt.steps...)
			last := res.Steps[len(res.Steps)-1]
			got := obligationsOf(last)
			assert.True(t, sameObligations(got, tt.want), "obligations\n got %v\nwant %v\nskipped %v", got, tt.want, last.Skipped)
			assert.Equal(t, tt.step, last.Verdict, "step verdict")
		})
	}
}

// TestLeftAlone covers every case the issue lists under "What is left
// alone", and the ambiguities found in the data: none may be refuted,
// and each records a reason.
func TestLeftAlone(t *testing.T) {
	tests := []struct {
		name   string
		steps  []string
		reason string // a substring of some skip reason or obligation note
	}{
		{"prose around a number", []string{"5 students per row = 30 students."}, "label"},
		{"different units", []string{"3 rows × 5 students per row = 15 rows."}, "different units"},
		{"a number inside prose", []string{"There are 6 rows of 5 = 30 students."}, "inside prose"},
		{"a label", []string{"Step 3 = 5."}, "inside prose"},
		{"a range", []string{"It takes 2-3 hours = 150 minutes, so 10-20 = 11 pages."}, "range"},
		{"an en-dash range", []string{"It takes 2–3 = 1 hours."}, "range"},
		{"a time", []string{"She left at 12:30 = 1 o'clock."}, "time or a ratio"},
		{"a ratio", []string{"The ratio 3:4 = 6:8 is kept."}, "time or a ratio"},
		{"a date", []string{"On 12/25/2023 = 7 we met."}, "date"},
		{"a mixed number", []string{"Each gets 2 1/2 = 5 pies."}, "mixed number"},
		{"a mixed number in words", []string{"It is 2 and 1/2 = 3/2 cups."}, "mixed number"},
		{"a LaTeX mixed number", []string{`\( 2\frac{1}{2} = \frac{1}{2} \)`}, "mixed number"},
		{"implicit multiplication after a division", []string{"So 6/2(1+2) = 1."}, "readers disagree"},
		{"a name after a division", []string{"Let x = 2.", `\( 1/2x = 1 \)`}, "readers disagree"},
		{"a boxed answer", []string{`The answer is \(\boxed{5 = 6}\).`}, "boxed"},
		{"division by zero", []string{"So 5 / 0 = 0 and 1/(2-2) = 3."}, "division by zero"},
		{"a division that may round to zero", []string{"So 1 / (0.1 - 0.1) = 7."}, "division by zero"},
		{"an irrational root", []string{`\( \sqrt{2} = 1.41 \)`}, "not rational"},
		{"a root of a negative", []string{`\( \sqrt[3]{-1} \cdot \sqrt[3]{-1} = -1 \)`}, "negative"},
		{"a rounding away from zero is no everyday convention", []string{"So 1/3 = 0.4."}, "less than the rounding"},
		{"exactly takes the rounding reading away", []string{"So 1/3 = 0.3 exactly."}, `says "exactly"`},
		{"exactly anywhere in the step", []string{"Exactly two thirds: 2/3 = 0.67."}, `says "exactly"`},
		{"floor division", []string{"She fills 25 / 4 = 6 bags, and 194 ÷ 11 = 17 with 7 left."}, "less than the rounding"},
		// The closed reader leaves "194 ÷ 11 = 17" alone (followed by R); the remainder reader
		// decides it, and the left-alone note is dropped beside that verdict.
		{"a remainder", []string{"194 ÷ 11 = 17 R 7."}, "194 mod 11 is 7"},
		{"rounded operands", []string{"So 0.33 × 27 = 9.00."}, "rounding"},
		{"an unbound name", []string{`\( 2x + 1 = 5 \)`}, "not bound"},
		{"a name bound twice", []string{"x = 5", "x = 7", `\( 3x = 15 \)`}, "two values"},
		{"a conditional binding", []string{"If x = 5 then 2x = 11."}, "conditional"},
		{"a name introduced afresh", []string{"x = 5", "Let x be the cost. Then 3x = 12."}, "not bound"},
		{"a symbolic definition", []string{`\( y = x^2 - 2x \)`, `\( y = 8 \)`, `\( 2y = 17 \)`}, "not a number"},
		{"more than one name", []string{"x = 2", "y = 3", `\( x + y = 6 \)`}, "more than one name"},
		{"a hidden conversion", []string{"1 hour = 60 minutes, so 2 × 30 = 1 hour."}, "conversion"},
		{"a bare number against a number with a unit", []string{"So: 30 = 5 rows."}, "bare number"},
		{"a convertible unit on one side", []string{"So 2 × 30 = 1 hour."}, "conversion"},
		{"a multiplier word", []string{"So 3 × 4 = 12 thousand and 1/2 = 50 percent."}, "followed by"},
		{"a comparison word", []string{"Ann has 3 + 4 = 2 more than Bob."}, "comparison"},
		{"an operand of prose", []string{"Half of 6 + 4 = 7.", "Subtract 5 from 3 + 9 = 7."}, "operand"},
		{"an operator after prose", []string{"The bikes + 12 - 18 = 45 bikes."}, "operator continuing"},
		{"a rejected claim", []string{"Is 2 + 2 = 5? No."}, "question mark"},
		{"a claim the next sentence rejects", []string{"We get 3/2 = 1/3. This is not true."}, "next sentence"},
		{"a contradiction", []string{`Then \( 1 = 0 \), a contradiction.`}, "contradiction"},
		{"modular arithmetic", []string{`Work mod 17: \( 4^2 = 16 = -1 \)`}, "modular"},
		{"minus before a power", []string{"So -3^2 = 9."}, "another reading"},
		{"a percentage read as a number", []string{"The rate is 20/80 × 100 = 25%."}, "another reading"},
		{"a percentage in a sum", []string{"So 100 + 10% = 110."}, "percent"},
		{"a factorial", []string{"So 5! = 120 and !5 = 44."}, "factorial"},
		{"unbraced LaTeX exponent", []string{`\( 2^10 = 1024 \)`}, "LaTeX reads"},
		{"unsupported notation", []string{`\( \pi \times 2 = 6.28 \)`}, `\pi`},
		{"a function", []string{`\( f(2) = 5 \)`}, "function"},
		{"a quantity label", []string{"8 batches = 5.5 * 8 = 45 cups."}, "label"},
		{"an expression glued to math", []string{`So: 70 ≤ 24\( K \).`}, "math delimiter"},
		{"a broken thousands separator", []string{"They read 14, 400 / 80 = 181 pages."}, "broken by punctuation"},
		{"names as labels in a sum", []string{`\( A = 5 \)`, `Word value: \( A=1 + B=2 + C=3 = 7 \)`}, "labels inside a sum"},
		{"an inequality chained to equalities", []string{`\( A = 7 \)`, `\( x > A - 1 = 30 \)`}, "mixing = with an inequality"},
		{"cases are left alone", []string{`\begin{cases} x = 1 \\ 2 + 2 = 5 \end{cases}`}, "cases"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := exactChain(t, tt.steps...)
			found := false
			for _, s := range res.Steps {
				assert.NotEqual(t, StepRefuted, s.Verdict, "step %d refuted: %v", s.Index, obligationsOf(s))
				for _, k := range s.Skipped {
					if strings.Contains(k.Reason, tt.reason) {
						found = true
					}
				}
				for _, o := range s.Obligations {
					assert.NotEqual(t, Refuted, o.Verdict, "refuted %q", o.Expr)
					if strings.Contains(o.Reason, tt.reason) || strings.Contains(o.Note, tt.reason) {
						found = true
					}
				}
			}
			if !found {
				var why []string
				for _, s := range res.Steps {
					for _, k := range s.Skipped {
						why = append(why, k.Reason)
					}
					for _, o := range s.Obligations {
						why = append(why, string(o.Verdict)+": "+o.Expr+" "+o.Reason)
					}
				}
				assert.Fail(t, "no reason mentions the expected text", "%q; got %q", tt.reason, why)
			}
		})
	}
}

func TestLimits(t *testing.T) {
	tr, err := New(Options{Limits: Limits{MaxStepBytes: 64, MaxClaimsPerStep: 2, MaxDigits: 6, MaxExponent: 8}})
	require.NoError(t, err)
	steps := []string{
		strings.Repeat("1 + 1 = 2. ", 10),      // too long
		"1 + 1 = 2. 2 + 2 = 4. 3 + 3 = 6.",     // too many claims
		"So 1234567 + 1 = 1234568.",            // a literal too long
		"So 2^9 = 512.",                        // an exponent too large
		"So 1 + 1 = 2 \xff\xfe and 2 + 2 = 5.", // invalid UTF-8
		"",                                     // empty
	}
	res := tr.Translate("limits", steps)
	reasons := func(i int) string {
		var b strings.Builder
		for _, k := range res.Steps[i].Skipped {
			b.WriteString(k.Reason + "; ")
		}
		return b.String()
	}
	for i, want := range []string{"longer than 64 bytes", "limit of 2 obligations", "number too long", "exponent too large", "not valid UTF-8"} {
		assert.Contains(t, reasons(i), want, "step %d", i)
	}
	assert.Len(t, res.Steps[1].Obligations, 2, "step 1 has the limit of obligations")
	for _, i := range []int{0, 4, 5} {
		assert.Empty(t, res.Steps[i].Obligations, "step %d", i)
	}
	require.NoError(t, tr.Check(context.Background(), &res))
	for _, i := range []int{0, 4, 5} {
		assert.Equal(t, StepNone, res.Steps[i].Verdict, "step %d", i)
	}
}

func TestHugeStepStaysFast(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	// Within the byte limit but full of claims, brackets and noise.
	big := strings.Repeat("((((", 500) + strings.Repeat("1 + 1 = 2, ", 1000) + strings.Repeat(`\frac{`, 200)
	if len(big) > 16384 {
		big = big[:16384]
	}
	res := tr.Translate("big", []string{big})
	assert.LessOrEqual(t, len(res.Steps[0].Obligations), 64, "obligations within the per-step limit")
}

func TestNewRejectsBadTactic(t *testing.T) {
	for _, tac := range []string{"decide; #eval 1", "sorry\nexample", "(decide)", "norm_num [foo]"} {
		_, err := New(Options{Tactic: tac})
		assert.Error(t, err, "tactic %q accepted", tac)
	}
	for _, tac := range []string{"", "decide +kernel", "norm_num", "native_decide"} {
		_, err := New(Options{Tactic: tac})
		assert.NoError(t, err, "tactic %q rejected", tac)
	}
	_, err := New(Options{NoExact: true})
	assert.Error(t, err, "NoExact without Lean accepted")
}

func TestSpansPointIntoTheStep(t *testing.T) {
	step := `First, \( \frac{1}{2} + \frac{1}{4} = \frac{3}{4} \) and then 6 × 7 = 42 apples.`
	res := exactChain(t, step)
	require.Len(t, res.Steps[0].Obligations, 2, "obligations %v", obligationsOf(res.Steps[0]))
	for _, o := range res.Steps[0].Obligations {
		assert.Equal(t, step[o.Span.Start:o.Span.End], o.Span.Text, "span %d-%d", o.Span.Start, o.Span.End)
	}
	assert.Equal(t, "6 × 7 = 42", res.Steps[0].Obligations[1].Span.Text)
}

func TestHypothesisInLean(t *testing.T) {
	res := exactChain(t, "Let x = 7/2.", `\( 2x = 7 \)`)
	o := res.Steps[1].Obligations
	require.Len(t, o, 1)
	require.Len(t, o[0].Hypotheses, 1)
	h := o[0].Hypotheses[0]
	assert.Equal(t, []any{"x", "v1", "h1", "3.5", 0}, []any{h.Name, h.Var, h.Hyp, h.Value, h.Step}, "hypothesis %+v", h)
	want := "example (v1 : Rat) (h1 : v1 = (3.5 : Rat)) : (2 : Rat) * v1 = (7 : Rat) := by subst_vars; decide +kernel"
	assert.Equal(t, want, o[0].Lean)
}

// TestBoxedNumber: a boxed answer that is one plain number is the value a
// computation claims; any other boxed content stays left alone.
func TestBoxedNumber(t *testing.T) {
	tests := []oneStep{
		{`Total amount = 5000 + 10000 + 30000 = \boxed{43000}.`, StepRefuted},
		{`Total amount = 5000 + 10000 + 30000 = \boxed{45000}.`, StepVerified},
		{`So \( 12 + 3 = \boxed{15} \).`, StepVerified},
		{`The cost is 3 + 4 = \boxed{\$7}.`, StepVerified},
		{`The cost is 1,000 + 250 = \boxed{1,250}.`, StepVerified},
		{`The answer is \boxed{15}.`, StepNone},
		{`So 4 + 5 = \boxed{9 \text{ cm}}.`, StepNone},
		{`So 4 + 5 = \boxed{x + 1}.`, StepNone},
		{`So 4 + 5 = \fbox{10}.`, StepNone},
	}
	checkOneStep(t, tests)
}

// TestUnitOnOneSide: a unit on one side only blocks a refutation only when the two sides
// could be one quantity in two units.
func TestUnitOnOneSide(t *testing.T) {
	tests := []oneStep{
		{"Therefore, the remaining cake weighs 20 - (2 * 2.5) = 10 ounces.", StepRefuted},
		{"She needs to walk for 9,300 / 250 = 36 days.", StepRefuted},
		{"So each sack contains 175 / 13 = 13.15 kilograms.", StepRefuted},
		{"So each sack contains 175 / 14 = 12.5 kilograms.", StepVerified},
		// Sides a conversion may relate: left alone, never refuted.
		{"He works 2 * 30 = 1 hour.", ""},
		{"The rope is 3 + 2 = 60 inches.", ""},
		{"The board is 2 + 3 = 12.7 cm.", ""},
		{"The trip is 4 + 6 = 16.1 km.", ""},
		{"It weighs 1 + 1 = 4000 pounds.", ""},
		{"Her father's age is 8 + 2 * 15 = 41 years old.", StepRefuted},
		{"He leaves 0130 hours earlier than 0900, i.e. 0900 - 0130 = 0730 hours.", ""},
		{"At 0900 + 0100 = 1000 hours he arrives.", ""},
		{"The oven is at 100 + 80 = 356 degrees.", ""},
	}
	checkOneStep(t, tests)
}

// TestIfClause: a computation after an if-clause is stated, whatever the supposition; one
// inside it, or in a sentence with another doubt word, is not refuted.
func TestIfClause(t *testing.T) {
	tests := []oneStep{
		{"If Sam had 70 loaves last Friday, the bakery has 70 * 7 - 40 = 450 loaves.", StepVerified},
		{"If Sam had 70 loaves last Friday, the bakery has 70 * 7 - 40 = 420 - 40 = 380 loaves.", StepRefuted},
		{"If she pays $165 a month for 12 months, then her total is $165 * 12 = $2020.", StepRefuted},
		{"If the pumps hold 50 each: 1550 / 50 = 29 pumps.", StepRefuted},
		{"If 2 + 2 = 5, then everything follows.", ""},
		{"If he sells 3, then 3 * 4 = 13 is not right.", ""},
		{"If he sells 3, then 3 * 4 = 13 should be the total.", ""},
		{"Is 3 * 4 = 13 if he sells 3?", ""},
	}
	checkOneStep(t, tests)
}

// TestPluggedValue: the equation written with a candidate plugged in is stated to be tested,
// not claimed; the arithmetic done while testing is a claim like any other.
func TestPluggedValue(t *testing.T) {
	tests := []oneStep{
		{`Plugging in $1$ we get $1=\sqrt{11-2(1)}+4$ which simplifies to $1=\sqrt{9}+4$.`, ""},
		{`Substituting 2, we get 2 = 3 + 1, so 2 is not a root.`, ""},
		{`Plugging in 3, we get 3 + 4 = 8.`, StepRefuted},
		{`Plugging in 12 gives 12 * 2 = 25.`, StepRefuted},
		{`Plugging in $5$ we get $7 = 5 + 3$.`, StepRefuted},
		// The same test when the right side keeps a radical (the symbolic reader's closed values).
		{`Plugging in $0$ we get $0=\sqrt{11-2(0)}+4$ which simplifies to $0=\sqrt{11}+4$.`, ""},
		{`Plugging in $-3$, we get $-3 = \sqrt{7 + 2(-3)} + \sqrt{2}$.`, ""},
		{`Substituting $2$ gives $2 = 2\sqrt{5} - 3$, so 2 fails.`, ""},
		// Look-alikes: a side that is not the value tried is a computation stated.
		{`Plugging in $0$ we get $\sqrt{11} + 4 = 4 + \sqrt{12}$.`, StepRefuted},
		{`Plugging in $3$ we get $3 + \sqrt{2} = 3\sqrt{2}$.`, StepRefuted},
	}
	checkOneStep(t, tests)
}

// oneStep is a one-step chain and its verdict under the exact checker; ""
// asks only that it not be refuted.
type oneStep struct {
	step string
	want StepVerdict
}

func checkOneStep(t *testing.T, tests []oneStep) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.step, func(t *testing.T) {
			res := exactChain(t, tt.step)
			require.Len(t, res.Steps, 1)
			if tt.want == "" {
				assert.NotEqual(t, StepRefuted, res.Steps[0].Verdict, "%+v", res.Steps[0])
				return
			}
			assert.Equal(t, tt.want, res.Steps[0].Verdict, "%+v", res.Steps[0])
		})
	}
}

// TestChainLimitIsAWarning: steps past the chain's obligation limit are left unchecked, never
// in silence: each such step records why (Skipped with Limit), arithmetic and symbolic claims
// alike, and the chain carries one warning naming the steps. On main the symbolic claims of a
// step past the limit vanished without a trace, and the chain had no warning.
func TestChainLimitIsAWarning(t *testing.T) {
	tr, err := New(Options{Limits: Limits{MaxClaimsPerChain: 2}})
	require.NoError(t, err)
	res := tr.Translate("c", []string{"1 + 1 = 2.", "2 + 2 = 4.", "3 + 3 = 6.", "$(x+1)^2 = x^2 + 2x + 1$"})
	require.Len(t, res.Steps, 4)
	assert.Len(t, res.Steps[0].Obligations, 1)
	assert.Len(t, res.Steps[1].Obligations, 1)
	for _, i := range []int{2, 3} {
		assert.Empty(t, res.Steps[i].Obligations, "step %d", i+1)
		k := slices.IndexFunc(res.Steps[i].Skipped, func(s Skipped) bool { return s.Limit })
		require.GreaterOrEqual(t, k, 0, "step %d says why it was not checked", i+1)
		assert.Contains(t, res.Steps[i].Skipped[k].Reason, "limit of 2 obligations")
	}
	assert.Equal(t, []string{"steps 3, 4: not checked: the chain reached its limit of 2 obligations (translate.max_chain_obligations)"}, res.Warnings)

	// Under the limit: no warning.
	res = tr.Translate("c", []string{"1 + 1 = 2.", "2 + 2 = 4."})
	assert.Empty(t, res.Warnings)
}

// TestUnitReasonIsDeterministic: a side with a rate and a unit that converts ("6 hours a
// week") is blocked for the rate, every time; the reason once came from a map's order, and
// with it whether the claim could be refuted.
func TestUnitReasonIsDeterministic(t *testing.T) {
	tr, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	const step = "Roque takes 2*3 = 6 hours a week to walk to work."
	for i := 0; i < 32; i++ {
		r := tr.Translate("rate", []string{step})
		if len(r.Steps) != 1 || len(r.Steps[0].Obligations) != 1 {
			t.Fatalf("want one obligation, got %+v", r.Steps)
		}
		ob := r.Steps[0].Obligations[0]
		if want := "a rate (week) on one side only: a factor may be implied"; ob.Note != want || ob.OnDisproof != Unknown {
			t.Fatalf("run %d: note %q, on_disproof %q; want %q and unknown", i, ob.Note, ob.OnDisproof, want)
		}
	}
}

// TestPercentShownToItsPlace: a percentage is a value shown to its last place like a decimal
// ("1/3 = 33%" is 1/3 rounded to 0.01, as "1/3 = 0.33" is), so it is read as a rounding;
// one outside the rounding of its last place is refuted.
func TestPercentShownToItsPlace(t *testing.T) {
	tests := []oneStep{
		{`So the share is 1/3 = 33%.`, ""},
		{`That is 2/3 = 67% of the class.`, ""},
		{`So \(\frac{1}{6} = 16.7\%\).`, ""},
		{`Then 1/7 = 14% of the budget.`, ""},
		{`So 5/8 = 62.5%.`, StepVerified},
		// look-alikes: no rounding of the value gives the percentage shown
		{`So the share is 1/3 = 30%.`, StepRefuted},
		{`So 1/4 = 20%.`, StepRefuted},
		{`So \(\frac{1}{6} = 17.6\%\).`, StepRefuted},
	}
	checkOneStep(t, tests)
}
