package translate

import (
	"context"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// problemStep is a one-step chain with its problem, and the verdict the
// step gets under the exact checker ("" asks only that it not be
// refuted), with a substring of its obligations' reasons or skip reasons.
type problemStep struct {
	name, problem, step string
	want                StepVerdict
	reason              string
}

func checkProblemSteps(t *testing.T, tests []problemStep) {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := tr.ChainProblem(context.Background(), "t", tt.problem, []string{tt.step})
			require.NoError(t, err)
			s := res.Steps[0]
			if tt.want == "" {
				assert.NotEqual(t, StepRefuted, s.Verdict, "%+v", s)
			} else {
				assert.Equal(t, tt.want, s.Verdict, "%+v", s)
			}
			if tt.reason != "" {
				var all []string
				for _, o := range s.Obligations {
					all = append(all, o.Reason, o.Note)
				}
				for _, k := range s.Skipped {
					all = append(all, k.Reason)
				}
				assert.Contains(t, strings.Join(all, "\n"), tt.reason)
			}
		})
	}
}

// The problems below are written for these tests; the steps are the
// claims the task names (a GSM8K-style discount, a water bill, and
// ProcessBench gsm8k-134's raise), each with a problem that states its
// decimal and one that does not.
const (
	discountProblem = "A coat costs $140. The store gives a 5% discount. How much does the coat cost after the discount?"
	gallonProblem   = "Water costs $0.15 per gallon. A family uses 2080 gallons a month. How much is their bill?"
	raiseProblem    = "Maria earns $52,500 a year and gets a 5 percent raise. What is her new salary?"
	plainProblem    = "A coat costs $140 and a hat costs $20. How much do they cost together?"
)

// TestProblemDecimalsAreExact: a decimal the problem states, and the
// ratios of its percentages, are exact in a step's computation, so a
// calculation error with them is refuted; without the problem, or with a
// problem that does not state them, they may be roundings as before.
func TestProblemDecimalsAreExact(t *testing.T) {
	checkProblemSteps(t, []problemStep{
		{"discount, 1 - 5%", discountProblem, "$140 * 0.95 = $134.", StepRefuted, "140 * 0.95 is 133, not 134; 0.95 as the problem states it, not rounded"},
		{"discount, true", discountProblem, "$140 * 0.95 = $133.", StepVerified, ""},
		{"discount, no problem", "", "$140 * 0.95 = $134.", "", "less than the rounding of the numbers shown allows"},
		{"discount, another problem", plainProblem, "$140 * 0.95 = $134.", "", "less than the rounding"},
		{"gallons", gallonProblem, "2080 gallons x $0.15/gallon = $322", StepRefuted, "0.15 as the problem states"},
		{"gallons, true", gallonProblem, "2080 gallons x $0.15/gallon = $312", StepVerified, ""},
		{"gallons, no problem", "", "2080 gallons x $0.15/gallon = $322", "", "less than the rounding"},
		{"gallons, another problem", plainProblem, "2080 gallons x $0.15/gallon = $322", "", "less than the rounding"},
		{"raise, 5 percent", raiseProblem, "$52,500 + ($52,500 * 0.05) = $55,625", StepRefuted, "0.05 as the problem states"},
		{"raise, 1 + 5%", raiseProblem, "$52,500 * 1.05 = $55,625", StepRefuted, "1.05 as the problem states"},
		{"raise, true", raiseProblem, "$52,500 + ($52,500 * 0.05) = $55,125", StepVerified, ""},
		{"raise, no problem", "", "$52,500 + ($52,500 * 0.05) = $55,625", "", "less than the rounding"},
		{"raise, another problem", plainProblem, "$52,500 + ($52,500 * 0.05) = $55,625", "", "less than the rounding"},
		// A decimal the problem does not state keeps its rounding, beside
		// one it does.
		{"another decimal", discountProblem, "$140 * 0.9523 = $134.", "", "less than the rounding"},
		{"percent of the problem in the step", discountProblem, "$140 * 95.0% = $134.", StepRefuted, "95.0%"},
		{"an ellipsis is a truncated expansion", "Each share is 0.33 of the cake.", "So 0.33... * 3 = 1.", "", ""},
		{"a name bound to the decimal keeps its radius", gallonProblem, "Let p = 0.15. Then 2080 * p = 322.", "", ""},
		{"LaTeX percent", `A tax of $8.5\%$ is added to a bill of $200$.`, `So \(200 \times 0.085 = 17.5\).`, StepRefuted, ""},
	})
}

// TestProblemDecimalRoundingStays: the value shown alone on one side of a
// claim is the shown value of the other side's result, so it stays a
// possible rounding even when the problem states that decimal: "1/3 =
// 0.33" is still approximate, and a rounding away from zero still
// unknown, not refuted.
func TestProblemDecimalRoundingStays(t *testing.T) {
	const p = "A share is 0.33 of the land and a tax is 0.4 of the price."
	checkProblemSteps(t, []problemStep{
		{"1/3 = 0.33", p, "So 1/3 = 0.33.", StepApproximate, ""},
		{"1/3 ≈ 0.33", p, "So 1/3 ≈ 0.33.", StepApproximate, ""},
		{"1/3 = 0.4 stays unknown", p, "So 1/3 = 0.4.", "", "less than the rounding"},
		{"0.33 = 1/3", p, "0.33 = 1/3", StepApproximate, ""},
		// A computation with the problem's decimal against another
		// computation may be a rounding put in place of an exact value:
		// the decimal is exact only against a value shown alone.
		{"the rounding in place of 1/3", p, "So 1/3 * 6 = 0.33 * 6 = 1.98.", "", ""},
		{"the rounding in place of 1/3, reversed", p, "So 0.33 * 6 = 1/3 * 6.", "", ""},
		// Inside a computation the problem's 0.33 is exact.
		{"0.33 * 3", p, "So 0.33 * 3 = 1.00.", StepRefuted, ""},
		{"0.33 * 3 true", p, "So 0.33 * 3 = 0.99.", StepVerified, ""},
	})
}

func TestProblemExacts(t *testing.T) {
	rat := func(s string) *big.Rat {
		r, ok := new(big.Rat).SetString(s)
		require.True(t, ok, s)
		return r
	}
	tests := []struct {
		problem string
		has     []string
		hasNot  []string
	}{
		{"It costs $1,234.50 and $.15 a day.", []string{"1234.5", "0.15"}, []string{"0.5", "1234"}},
		{"A 5% discount, then 12.5 % off, then 3 percent, then 7\\%.",
			[]string{"0.05", "0.95", "1.05", "12.5", "0.125", "0.875", "1.125", "0.03", "0.97", "1.03", "0.07", "0.93", "1.07"}, nil},
		{"It grew 2.5 percentage points.", []string{"2.5"}, []string{"0.025"}},
		{"1{,}250.75 dollars", []string{"1250.75"}, nil},
		{"Version 1.2.3 of x2.5", nil, []string{"1.2", "2.3", "2.5"}},
		{"He has 12 apples and 40% of them are red.", []string{"0.4", "0.6", "1.4"}, []string{"12"}},
		{"A list 52,5000.5", []string{"5000.5"}, []string{"525000.5"}},
	}
	for _, tt := range tests {
		t.Run(tt.problem, func(t *testing.T) {
			e := arith.ProblemExacts(tt.problem)
			for _, v := range tt.has {
				assert.True(t, e.Has(rat(v)), "%s should be exact", v)
			}
			for _, v := range tt.hasNot {
				assert.False(t, e.Has(rat(v)), "%s should not be exact", v)
			}
		})
	}
	assert.Nil(t, arith.ProblemExacts("He has 12 apples and 3 pears."))
	assert.Nil(t, arith.ProblemExacts(""))
}

// TestProblemScannerBounds: the problem is user input. Invalid UTF-8
// ends a number and nothing more; a huge problem is read only up to its
// bound, and the set is capped.
func TestProblemScannerBounds(t *testing.T) {
	e := arith.ProblemExacts("\xff0.25\xfe and 7.5\xc3")
	assert.True(t, e.Has(big.NewRat(1, 4)))
	assert.True(t, e.Has(big.NewRat(15, 2)))

	var b strings.Builder
	for i := 1; b.Len() < 4*arith.MaxProblemBytes; i++ {
		b.WriteString("0." + strconv.Itoa(i) + "7 and ")
	}
	e = arith.ProblemExacts(b.String())
	require.NotNil(t, e)
	assert.Len(t, e.Vals, arith.MaxProblemExacts)

	e = arith.ProblemExacts(strings.Repeat("9", arith.MaxProblemBytes*2) + ".5 and 0.25")
	assert.Nil(t, e, "a number past the bound is not read")
	e = arith.ProblemExacts("0." + strings.Repeat("3", 100) + " and 0.25")
	assert.False(t, e.Has(big.NewRat(1, 3)))
	assert.True(t, e.Has(big.NewRat(1, 4)))
}

// FuzzProblemExacts: the problem scanner never panics on any text, returns
// a set only when it read something, keeps only positive values that are not whole, at most maxProblemExacts of
// them, and reads a problem the same way twice.
func FuzzProblemExacts(f *testing.F) {
	for _, s := range []string{
		"A 5% discount on $140 and $0.15 a gallon.",
		`$1{,}234.50 at $8.5\%$, 3 percent, 12 per cent, 2.5 percentage points`,
		"1.2.3 x2.5 .5 52,5000.5 \xff0.25\xfe",
		"150% of 0.000000000000000000000000000001",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, problem string) {
		e := arith.ProblemExacts(problem)
		if e == nil {
			return
		}
		// A set is returned only when it holds something: values, units or moduli.
		require.NotEmpty(t, e.SetKey(), "a set returned holds what the problem states")
		require.LessOrEqual(t, len(e.Vals), arith.MaxProblemExacts)
		for k := range e.Vals {
			r, ok := new(big.Rat).SetString(k)
			require.True(t, ok, k)
			require.True(t, r.Sign() > 0 && !r.IsInt(), k)
			require.True(t, e.Has(r))
		}
		require.Equal(t, e.SetKey(), arith.ProblemExacts(problem).SetKey())
	})
}
