package reward

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/hybrid/outcome"
)

const kent = "Kent won $25\\%$ of the games he played on Saturday. If he lost 12 games on Saturday, and no game ended in a tie, how many games did he win?"

// An answer that is not traced to the work still earns LinkShare of the derived pay when the
// work is linked (a step uses an earlier result) and a formula then writes the answer as its
// result; work after that result undoes it. Linked busywork that writes the answer earns the
// same share: the share pays a derivation's shape, not its relevance, which is one reason the
// suite's cross-validation sets LinkShare to 0 (the constants here are given).
func TestLinkedDerivationEarnsAShare(t *testing.T) {
	c := Constants{FloorShare: 0.1, IdleCost: 0.1, RepeatCost: 0.5, LinkShare: 0.5}
	// 8 is never explained: 80 is written as a result, not traced.
	linked := Measure(chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.",
		"With 72 + 8 = 80 clips.", "\\boxed{80}"), 0.9)
	assert.Equal(t, []string{WhyWork, WhyWork, WhyUngrounded, WhyNoRelation}, whys(linked))
	assert.False(t, linked.Derived)
	assert.True(t, linked.Steps[1].Linked, "48 + 24 uses 24, an earlier result")
	assert.True(t, linked.Steps[2].Result, "72 + 8 = 80 writes the answer as its result")
	assert.InDelta(t, band(0.1, 4, 0.9, 0.9)+0.5*0.9*0.9*0.9, linked.ValueWith(c), 1e-12)

	busywork := Measure(chainOf(natalia, 0.9, "48 + 2 = 50.", "50 \\times 2 = 100.", "100 - 20 = 80.", "\\boxed{80}"), 0.9)
	assert.Equal(t, []string{WhyWork, WhyWork, WhyUngrounded, WhyNoRelation}, whys(busywork))
	assert.True(t, busywork.Steps[1].Linked)
	assert.InDelta(t, band(0.1, 4, 0.9, 0.9)+0.5*0.9*0.9*0.9, busywork.ValueWith(c), 1e-12, "linked busywork that writes the answer: the same share")

	after := Measure(chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.",
		"With 72 + 8 = 80 clips.", "Then 72 + 24 = 96.", "So 96 \\times 2 = 192.", "\\boxed{80}"), 0.9)
	assert.Equal(t, []string{WhyWork, WhyWork, WhyUngrounded, WhyWork, WhyUnused, WhyNoRelation}, whys(after))
	assert.InDelta(t, band(0.1, 4, 0.9, 0.81), after.ValueWith(c), 1e-12,
		"work after the answer's formula computes something else: the floor share alone, its top band as a formula wrote the answer")
}

// Work whose results no later step uses, and that is not the answer, is idle: true
// arithmetic on the problem's numbers that leads nowhere costs.
func TestUnusedWorkIsIdle(t *testing.T) {
	w := Measure(chainOf(natalia, 0.9, "48 + 2 = 50.", "48 \\times 2 = 96.", "\\boxed{72}"), 0.9)
	assert.Equal(t, []string{WhyUnused, WhyUnused, WhyNoRelation}, whys(w))
	c := Constants{FloorShare: 0.1, IdleCost: 0.1, RepeatCost: 0.5}
	assert.InDelta(t, band(0.1, 0, 0.9, 0.81), w.ValueWith(c), 1e-12, "no work, no formula for the answer, no step about the problem: the lowest band of the floor share; two idle steps")
	honest := Measure(chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "\\boxed{72}"), 0.9)
	assert.Equal(t, []string{WhyWork, WhyWork, WhyNoRelation}, whys(honest), "24 is used, 72 is the answer")
}

// A formula whose result is the answer is a result only when its left side computes and does
// not write the answer: "72 + 0 = 72" and "72 = 72" are not.
func TestResultNeedsAFormula(t *testing.T) {
	for _, tc := range []struct {
		step   string
		result bool
	}{
		{"So 48 + 24 = 72.", true},
		{"\\( \\text{total} = \\frac{144}{2} = 72 \\)", true},
		{"72 + 0 = 72.", false},
		{"To confirm: 72 = 72.", false},
		{"x = 72.", false},
		{"The answer is 72.", false},
	} {
		w := Measure(chainOf(natalia, 0.9, tc.step, "\\boxed{72}"), 0.9)
		assert.Equal(t, tc.result, w.Steps[0].Result, "%q", tc.step)
	}
}

// A step that is a piece of the problem's text, however a reader cut it, is a restatement.
func TestRestatedFragmentIsIdle(t *testing.T) {
	p := "Four sets of French fries cost $1.20 each; 5 cups of soda cost $0.5 each. How much is the bill?"
	w := Measure(chainOf(p, 0.9, "Four sets of French fries cost $1.", "20 each; 5 cups of soda cost $0.", "The fries cost 4 x 1.20 = $4.80.", "\\boxed{4.80}"), 0.9)
	assert.Equal(t, []string{WhyRepeated, WhyRepeated, WhyWork, WhyNoRelation}, whys(w))
}

// LaTeX's \% is a percent sign: 25\% gives 25 and 1/4.
func TestLaTeXPercent(t *testing.T) {
	w := Measure(chainOf(kent, 0.9, "He won 25%, so he lost 100% - 25% = 75% of his games.", "He played 12 / 75% = 16 games.",
		"He won 16 - 12 = 4 games.", "\\boxed{4}"), 0.9)
	assert.Equal(t, []string{WhyWork, WhyWork, WhyWork, WhyNoRelation}, whys(w), "25\\%% of the problem gives 1/4")
	assert.True(t, w.Derived)
}

// A linear equation solved for its variable derives its value: "5a = -8", then "a =
// -\frac{8}{5}"; not when the coefficient is unknown or the value is not the equation's.
func TestLinearEquationSolved(t *testing.T) {
	p := "Lines $y=(3a+2)x-2$ and $2y=(a-4)x+2$ are parallel. What is the value of $a$?"
	steps := func(last string) []string {
		return []string{"Setting the slopes equal: \\( 2(3a+2) = a - 4 \\), so \\( 6a + 4 = a - 4 \\).",
			"Subtract \\( a \\): \\( 5a + 4 = -4 \\). Subtract 4: \\( 5a = -8 \\). Finally, divide by 5: " + last, "\\( \\boxed{-\\frac{8}{5}} \\)."}
	}
	assert.True(t, Measure(chainOf(p, 0.9, steps("\\( a = -\\frac{8}{5} \\).")...), 0.9).Derived)
	assert.False(t, Measure(chainOf(p, 0.9, steps("\\( b = -\\frac{8}{5} \\).")...), 0.9).Derived, "another name")
	unknown := []string{"Somehow \\( 7a = -8 \\).", "So \\( a = -\\frac{8}{7} \\).", "\\boxed{-\\frac{8}{7}}"}
	assert.False(t, Measure(chainOf(p, 0.9, unknown...), 0.9).Derived, "7 and 8 are not known")
	assert.Equal(t, "-\\frac{8}{5}", resultText(" -\\frac{8}{5} \\)."))
}

// A chain of equalities computes its links and its result: "(2)^2 + (-3)^2 = 4 + 9 = 13"
// brings in 4, 9 and 13 from known quantities, and is work though it derives no answer; the
// same shape from nothing known is not.
func TestChainOfEqualitiesIsWork(t *testing.T) {
	p := "Find the projection of the vector (3, 0) onto the vector (2, -3)."
	w := Measure(chainOf(p, 0.9, "\\[ \\|\\mathbf{b}\\|^2 = (2)^2 + (-3)^2 = 4 + 9 = 13 \\]", "So 13 + 7 = 20.", "\\boxed{20}"), 0.9)
	assert.Equal(t, WhyWork, w.Steps[0].Why)
	w = Measure(chainOf(p, 0.9, "\\[ (5)^2 + (7)^2 = 25 + 49 = 74 \\]", "\\boxed{20}"), 0.9)
	assert.Equal(t, WhyUngrounded, w.Steps[0].Why)
}

// A repeated step costs RepeatCost, more than another idle step.
func TestRepetitionCostsMore(t *testing.T) {
	once := Measure(chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "\\boxed{72}"), 0.9)
	twice := Measure(chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.",
		"Natalia sold 48+24 = 72 clips altogether.", "\\boxed{72}"), 0.9)
	assert.Equal(t, WhyRepeated, twice.Steps[2].Why)
	assert.InDelta(t, once.Value()*(1-RepeatCost), twice.Value(), 1e-12)
	assert.Greater(t, RepeatCost, IdleCost)
}

// A display line that starts with "=" continues the relation before it: "\[ A = B \] \[ = C
// \]" is the chain A = B = C, so C is computed from B.
func TestContinuedDisplayLine(t *testing.T) {
	p := "Compute the cross product of (1, -2, 0) and (1, -2, -3)."
	step := "\\[ \\mathbf{u} \\times \\mathbf{v} = \\mathbf{i} ((-2)(-3) - (0)(-2)) - \\mathbf{j} ((1)(-3) - (0)(1)) + \\mathbf{k} ((1)(-2) - (-2)(1)) \\]\n" +
		"\\[ = \\mathbf{i} (6) - \\mathbf{j} (-3) + \\mathbf{k} (0) \\]\n\\[ = \\begin{pmatrix} 6 \\\\ 3 \\\\ 0 \\end{pmatrix} \\]"
	box := "\\boxed{\\begin{pmatrix} 6 \\\\ 3 \\\\ 0 \\end{pmatrix}}"
	assert.True(t, Measure(chainOf(p, 0.9, step, box), 0.9).Derived)
	alone := "\\[ = \\begin{pmatrix} 6 \\\\ 3 \\\\ 0 \\end{pmatrix} \\]"
	assert.False(t, Measure(chainOf(p, 0.9, alone, box), 0.9).Derived, "a continuation of nothing computes nothing")
}

// The grader that proves a symbolic result equal to the answer is the configured one
// (Settings.Grader): under grade.percent "number", 50% is not 1/2.
func TestMeasureUsesTheGivenGrader(t *testing.T) {
	r := chainOf("Of 100 coins, 50 are gold. What fraction of the coins is gold?", 0.9, "\\( 50 / 100 = 50\\% \\)", "\\boxed{\\frac{1}{2}}")
	assert.True(t, MeasureWith(nil, r, 0.9).Derived, "by outcome's defaults, 50% is 1/2")
	g := outcome.NewGrader(outcome.GraderOptions{Percent: outcome.PercentNumber})
	assert.False(t, MeasureWith(g, r, 0.9).Derived, "50% is 50 under grade.percent: number")
	r.GoldAnswer = "\\frac{1}{2}"
	_, w := Settings{Grader: g}.PayChain(Of(g, r, 0), r, 0.9, false)
	assert.False(t, w.Derived, "PayChain measures with the settings' grader")
}

// Looking for steps in the problem's text is bounded (maxRestateChecks looks a chain), so a
// chain of many steps under a long problem stays linear.
func TestRestateChecksAreBounded(t *testing.T) {
	k := newKnown(strings.Repeat("Natalia sold clips to 48 of her friends. ", 1000))
	for i := 0; i < maxRestateChecks; i++ {
		assert.True(t, k.restated("Natalia sold clips to 48 of her friends."), "check %d", i)
	}
	assert.False(t, k.restated("Natalia sold clips to 48 of her friends."), "past the budget, no more looks")
	k = newKnown("Natalia sold clips to 48 of her friends.")
	assert.False(t, k.restated("48."), "a short step is not a restatement")
}

// A formula writes the answer as its result only when its left side uses a quantity of the
// problem or of the chain's work: arithmetic on numbers foreign to the problem (a worked
// example copied from another one) that happens to give the answer states nothing.
func TestResultNeedsTheProblemsQuantities(t *testing.T) {
	foreign := Measure(chainOf(natalia, 0.9, "Then 30 + 42 = 72.", "\\boxed{72}"), 0.9)
	assert.False(t, foreign.Steps[0].Result, "30 and 42 are not Natalia's numbers")
	grounded := Measure(chainOf(natalia, 0.9, "Then 48 + 24 = 72.", "\\boxed{72}"), 0.9)
	assert.True(t, grounded.Steps[0].Result, "48 is the problem's")
	chained := Measure(chainOf(natalia, 0.9, "So 48 + 24 = 50 + 22 = 72.", "\\boxed{72}"), 0.9)
	assert.True(t, chained.Steps[0].Result, "a chain of equalities that starts from the problem's 48")
}
