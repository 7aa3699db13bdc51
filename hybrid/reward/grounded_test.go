package reward

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
)

// chainOf is a scored chain of the problem, every step scored score and verified.
func chainOf(problem string, score float64, steps ...string) *hybrid.Scored {
	r := &hybrid.Scored{Problem: problem}
	for i, s := range steps {
		r.Steps = append(r.Steps, hybrid.ScoredStep{Index: i, Text: s, Score: score, Verdict: hybrid.Verified})
	}
	return r
}

const natalia = "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?"

func whys(w Work) []string {
	var out []string
	for _, s := range w.Steps {
		out = append(out, s.Why)
	}
	return out
}

func TestMeasureReadsTheWork(t *testing.T) {
	for _, tc := range []struct {
		name    string
		steps   []string
		whys    []string
		derived bool
	}{
		{"honest", []string{"Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}."},
			[]string{WhyWork, WhyWork, WhyNoRelation}, true},
		{"bare answer", []string{"\\boxed{72}"}, []string{WhyNoRelation}, false},
		{"unrelated arithmetic", []string{"1 + 1 = 2.", "3 + 4 = 7.", "\\boxed{72}"}, []string{WhyNoNew, WhyUngrounded, WhyNoRelation}, false},
		{"last step alone: 24 never derived", []string{"Natalia sold 48+24 = 72 clips altogether.", "\\boxed{72}"}, []string{WhyUngrounded, WhyNoRelation}, false},
		{"repetition", []string{"Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48/2 = 24 clips in May.", "\\boxed{72}"},
			[]string{WhyUnused, WhyRepeated, WhyNoRelation}, false}, // a repetition uses nothing
		{"restated problem", []string{"Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May.", "\\boxed{72}"},
			[]string{WhyRepeated, WhyNoRelation}, false},
		{"the answer from itself", []string{"72 + 0 = 72.", "72 = 72.", "\\boxed{72}"}, []string{WhyIdentity, WhyIdentity, WhyNoRelation}, false},
		{"the answer assumed", []string{"48 - 48 + 72 = 72.", "\\boxed{72}"}, []string{WhyWork, WhyNoRelation}, false},
		{"a coincidence then other work", []string{"Natalia sold 48/2 = 24 clips in May.", "48 + 24 = 72.", "48 \\times 24 = 1152.", "\\boxed{72}"},
			[]string{WhyWork, WhyWork, WhyUnused, WhyNoRelation}, false},
		{"a check after the answer keeps it", []string{"Natalia sold 48/2 = 24 clips in May.", "48 + 24 = 72.", "Check: 72 - 24 = 48.", "\\boxed{72}"},
			[]string{WhyWork, WhyWork, WhyNoNew, WhyNoRelation}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := Measure(chainOf(natalia, 0.9, tc.steps...), 0.9)
			assert.Equal(t, tc.whys, whys(w))
			assert.Equal(t, tc.derived, w.Derived)
		})
	}
}

// A formula may name its result in prose first ("He eats 48 because 32 + 16 = 48"), divide
// by a quantity equal to the answer ("25 / 5 = 5" of five friends), leave its operands to the
// clause before ("= 23 + 4. So a + b = 27"), and write fractions and percentages.
func TestMeasureReadsFormulas(t *testing.T) {
	w := Measure(chainOf("Albert buys 2 large pizzas of 16 slices and 2 small ones of 8 slices. How many slices?", 0.9,
		"He eats 32 from the large pizzas because 2 x 16 = 32", "He eats 16 from the small ones because 2 x 8 = 16",
		"He eats 48 pieces because 32 + 16 = 48", "\\boxed{48}"), 0.9)
	assert.True(t, w.Derived, "%v", whys(w))
	w = Measure(chainOf("Five friends share a $25 bill equally. How much does each pay?", 0.9,
		"Each pays $25/5 = $5.", "\\boxed{5}"), 0.9)
	assert.True(t, w.Derived, "%v", whys(w))
	w = Measure(chainOf("Find a + b when a = 23 and b = 4.", 0.9, "We add: a + b = 23 + 4. So a + b = 27.", "\\boxed{27}"), 0.9)
	assert.True(t, w.Derived, "%v", whys(w))
	w = Measure(chainOf("Find y: 3y = 30.", 0.9, "Dividing by 3, \\( y = \\frac{30}{3} \\).", "\\boxed{10}"), 0.9)
	assert.True(t, w.Derived, "%v", whys(w))
	w = Measure(chainOf("Of 40 students, 25% walk. How many walk?", 0.9, "25% of 40 is 10 students.", "\\boxed{10}"), 0.9)
	assert.True(t, w.Derived, "%v", whys(w))
	w = Measure(chainOf("Leah earned $28 and spent a seventh of it. How much did she spend?", 0.9, "Leah spent 28 / 7 = $4.", "\\boxed{4}"), 0.9)
	assert.True(t, w.Derived, "ordinals are quantities: %v", whys(w))
	w = Measure(chainOf("Weng earns $12 an hour. She worked 50 minutes. How much did she earn?", 0.9,
		"Weng earns 12/60 = $0.2 per minute.", "She earned 0.2 x 50 = $10.", "\\boxed{10}"), 0.9)
	assert.True(t, w.Derived, "60 minutes an hour is known when the problem speaks of both: %v", whys(w))
}

func TestValueNeverPaysForIdleSteps(t *testing.T) {
	honest := chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}.")
	h := Measure(honest, 0.9).Value()
	assert.InDelta(t, band(FloorShare, 4, 0.9, 1)+(1-FloorShare)*0.9, h, 1e-12)
	padded := chainOf(natalia, 0.9, "1 + 1 = 2.", "Natalia sold 48/2 = 24 clips in May.", "3 + 4 = 7.", "Natalia sold 48+24 = 72 clips altogether.",
		"Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}.")
	assert.Less(t, Measure(padded, 0.9).Value(), h, "idle steps cost")
	bare := Measure(chainOf(natalia, 1, "\\boxed{72}"), 1)
	assert.InDelta(t, band(FloorShare, 0, 1, 1), bare.Value(), 1e-12, "no work, no formula for the answer, no step about the problem: the lowest band of the floor share")
	assert.Less(t, bare.Value(), h)
	// min-form: a doubtful work step bounds the value
	low := chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}.")
	low.Steps[0].Score = 0.3
	assert.InDelta(t, band(FloorShare, 4, 0.3, 1)+(1-FloorShare)*0.3, Measure(low, 0.3).Value(), 1e-12)
}

// A refuted step earns no process credit and the chain is gated to 0 (Pay); the dense rewards
// add up to the chain's reward.
func TestPayChainDense(t *testing.T) {
	r := chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}.")
	r.GoldAnswer = "72"
	o := Of(nil, r, 0.5)
	require.NotNil(t, o)
	p, w := Settings{}.PayChain(o, r, 0.9, false)
	assert.InDelta(t, w.Value(), p.Reward, 1e-12)
	sum := 0.0
	for _, s := range w.Steps {
		sum += s.Reward
	}
	assert.InDelta(t, p.Reward, sum, 1e-12, "Delta form: the step rewards add up to the reward")
	p, w = Settings{Mode: ModeCombined}.PayChain(o, r, 0.9, false)
	assert.Equal(t, 0.9, p.Reward, "combined pays the chain score")
	r.Steps[0].Verdict = hybrid.Refuted
	p, w = Settings{}.PayChain(o, r, 0.9, true)
	assert.Equal(t, 0.0, p.Reward)
	assert.Equal(t, WhyRefuted, w.Steps[0].Why)
	assert.False(t, w.Steps[0].Work)
}

// Without a gold answer the reward is the process value: a checker refuting a step (here the
// weakest, which the min-form over the work steps would otherwise leave out) makes it 0, never
// more than the same chain unrefuted.
func TestRefutedStepCostsTheProcessValue(t *testing.T) {
	r := chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}.")
	r.Steps[1].Score = 0.4
	clean, _ := Settings{}.PayChain(nil, r, 0.4, false)
	require.Greater(t, clean.Reward, 0.0)
	r.Steps[1].Verdict, r.Steps[1].Score = hybrid.Refuted, 0
	for _, mode := range []Mode{"", ModeGrounded} {
		p, w := Settings{Mode: mode}.PayChain(nil, r, 0, true)
		assert.Zero(t, p.Reward, "mode %q", mode)
		assert.Zero(t, w.Value())
	}
	p, _ := Settings{Mode: ModeCombined}.PayChain(nil, r, 0, true)
	assert.Zero(t, p.Reward, "combined pays the chain's min, 0 with a refuted step")
}

// PayMeasured with the chain's own measure pays exactly what PayChain pays, in every mode and
// with or without a refuted step; a measure of another chain pays otherwise (it is used).
func TestPayMeasuredIsPayChain(t *testing.T) {
	honest := chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}.")
	padded := chainOf(natalia, 0.8, "1 + 1 = 2.", "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}.")
	for _, r := range []*hybrid.Scored{honest, padded} {
		r.GoldAnswer = "72"
		o := Of(nil, r, 0.5)
		for _, mode := range []Mode{"", ModeGrounded, ModeCombined} {
			for _, refuted := range []bool{false, true} {
				s := Settings{Mode: mode}
				p1, w1 := s.PayChain(o, r, r.Steps[0].Score, refuted)
				p2, w2 := s.PayMeasured(o, MeasureWith(nil, r, r.Steps[0].Score), r.Steps[0].Score, refuted)
				assert.Equal(t, p1, p2, "mode %q refuted %v", mode, refuted)
				assert.Equal(t, w1, w2, "mode %q refuted %v", mode, refuted)
			}
		}
	}
	o := Of(nil, honest, 0.5)
	p1, _ := Settings{}.PayChain(o, honest, 0.9, false)
	p2, _ := Settings{}.PayMeasured(o, MeasureWith(nil, padded, 0.9), 0.9, false)
	assert.NotEqual(t, p1.Reward, p2.Reward, "the measure given is the one paid")
}

func TestOffsetsAreCharacters(t *testing.T) {
	resp := "Schritt 1: Natalia verkaufte 48/2 = 24 Klammern – im Mai.\n\nNatalia sold 48+24 = 72 clips.\n\n\\boxed{72}"
	r := chainOf(natalia, 0.9, "Natalia verkaufte 48/2 = 24 Klammern – im Mai.", "Natalia sold 48+24 = 72 clips.", "\\boxed{72}", "not in the text")
	w := Measure(r, 0.9)
	w.Offsets(r, resp)
	runes := []rune(resp)
	for i, s := range w.Steps[:3] {
		require.GreaterOrEqual(t, s.Start, 0, "step %d found", i)
		assert.Equal(t, strings.TrimSpace(r.Steps[i].Text), string(runes[s.Start:s.End]), "step %d", i)
	}
	assert.Equal(t, -1, w.Steps[3].Start, "a step not in the response has no offsets")
}

func TestMeasureIsBoundedOnHostileText(t *testing.T) {
	long := strings.Repeat("9", 5000) + " = " + strings.Repeat("1 + ", 20000) + "\xff\xfe = 3"
	w := Measure(chainOf(long, 0.5, long, "\\boxed{"+strings.Repeat("{", 1000)), 0.5)
	assert.Len(t, w.Steps, 2)
	assert.False(t, w.Derived)
}

// Symbolic and chained results: an expression the grader proves equal to the answer is the
// answer; a chain of equalities computes its links; a matrix's rows and a tuple's commas do
// not split a clause; a look-alike the grader does not prove equal derives nothing.
func TestMeasureTracesSymbolicResults(t *testing.T) {
	for _, tc := range []struct {
		name, problem string
		steps         []string
		derived       bool
	}{
		{"a chain of equalities", "Find the least common multiple of 9, 12 and 15.",
			[]string{"9 = 3^2, 12 = 2^2 \\times 3 and 15 = 3 \\times 5.", "\\[ \\text{LCM} = 2^2 \\times 3^2 \\times 5 = 4 \\times 9 \\times 5 = 36 \\times 5 = 180. \\]", "\\boxed{180}"}, true},
		{"a chain from nothing known", "Find the least common multiple of 9, 12 and 15.",
			[]string{"\\[ 7 \\times 8 = 56 = 36 \\times 5 = 180 \\]", "\\boxed{180}"}, false},
		{"a matrix result proven equal", "Find the projection of (3, 0) onto (2, -3).",
			[]string{"\\[ \\mathbf{a} \\cdot \\mathbf{b} = (3)(2) + (0)(-3) = 6 \\]", "\\[ \\|\\mathbf{b}\\|^2 = 2^2 + 3^2 = 13 \\]",
				"\\[ \\left( \\frac{6}{13} \\right) \\begin{pmatrix} 2 \\\\ -3 \\end{pmatrix} = \\begin{pmatrix} \\frac{12}{13} \\\\ -\\frac{18}{13} \\end{pmatrix} \\]",
				"\\boxed{\\begin{pmatrix} \\frac{12}{13} \\\\ -\\frac{18}{13} \\end{pmatrix}}"}, true},
		{"a matrix look-alike", "Find the projection of (3, 0) onto (2, -3).",
			[]string{"\\[ \\left( \\frac{6}{13} \\right) \\begin{pmatrix} 2 \\\\ -3 \\end{pmatrix} = \\begin{pmatrix} \\frac{12}{13} \\\\ \\frac{18}{13} \\end{pmatrix} \\]",
				"\\boxed{\\begin{pmatrix} \\frac{12}{13} \\\\ -\\frac{18}{13} \\end{pmatrix}}"}, false},
		{"a radical proven equal", "Write 2 times the square root of 2 as one radical.",
			[]string{"$\\sqrt{4} \\cdot \\sqrt{2} = \\sqrt{8}$", "\\boxed{2\\sqrt{2}}"}, true},
		{"a radical not equal", "Write 2 times the square root of 2 as one radical.",
			[]string{"$\\sqrt{4} \\cdot \\sqrt{2} = \\sqrt{6}$", "\\boxed{2\\sqrt{2}}"}, false},
		{"a tuple result", "Convert the point (-4, 0) to polar coordinates.",
			[]string{"$r = \\sqrt{16} = 4$ and $\\theta = \\pi$.", "So $(r, \\theta) = (4, \\pi)$.", "\\boxed{(4,\\pi)}"}, true},
		{"a boxed result of a relation", "What is 3 times 8?", []string{"$3 \\times 8 = \\boxed{24}$"}, true},
		{"the answer boxed alone", "What is 3 times 8?", []string{"\\boxed{24}"}, false},
		{"the answer in its own formula", "What is the area of a circle of radius 1?", []string{"\\[ \\pi \\cdot 1^2 + 0 = \\pi \\]", "\\boxed{\\pi}"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := Measure(chainOf(tc.problem, 0.9, tc.steps...), 0.9)
			assert.Equal(t, tc.derived, w.Derived, "%v", whys(w))
		})
	}
	assert.Equal(t, []string{"(4, \\pi) and [1, 2)", "then 3"}, segments("(4, \\pi) and [1, 2), then 3"))
	assert.Equal(t, []string{"\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix} = v", "so"}, segments("\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix} = v. so"))
}

// A result written after a clause end ("5^2, which is 25") is the clause's result; a
// fraction's numerator and value, with its denominator known, are one new quantity.
func TestResultAfterAClauseEndAndFractionResults(t *testing.T) {
	const square = "Expand $(x+5)^2$."
	w := Measure(chainOf(square, 0.9, "Third, square $b$: $5^2$, which is $25$.", "So the answer is \\boxed{x^2 + 10x + 25}."), 0.9)
	assert.Equal(t, WhyWork, w.Steps[0].Why, "5^2 relates to 25 across the comma")
	w = Measure(chainOf(square, 0.9, "Third, square $b$: $5^2$.", "It has 25 terms.", "So the answer is \\boxed{x^2 + 10x + 25}."), 0.9)
	assert.NotEqual(t, WhyWork, w.Steps[1].Why, "a clause that does not start with 'which is' continues nothing")

	const shares = "A rope is cut into 4 equal pieces. How long is each piece if the rope is 17 meters?"
	one := Measure(chainOf("Each of 4 friends gets the same share of a cake. What share does each get?", 0.9,
		"Each share is $x = \\frac{17}{4}$.", "\\boxed{\\frac{17}{4}}"), 0.9)
	assert.Equal(t, WhyWork, one.Steps[0].Why, "17/4 from the known 4: one new quantity (17 and its value 17/4), not two")
	two := Measure(chainOf("Each of 4 friends gets the same share of a cake. What share does each get?", 0.9,
		"Each share is $x = 17 + \\frac{13}{4}$.", "\\boxed{5}"), 0.9)
	assert.Equal(t, WhyUngrounded, two.Steps[0].Why, "17, 13 and 13/4: two unexplained quantities from one known")
	assert.Equal(t, []string{"17", "4", "17/4"}, quantities(shares + " \\frac{17}4")[2:], "\\frac{17}4 is 17/4")
}

// A relation of known quantities that only restates a step's own quantities ("2 + 2 = 4",
// then "2 \times 2 = 4") and a repetition use none of its results: the step is unused.
func TestRestatementUsesNoResult(t *testing.T) {
	const apples = "Tom has 2 bags of 5 apples. How many apples does he have?"
	w := Measure(chainOf(apples, 0.9, "2 + 2 = 4.", "2 \\times 2 = 4.", "\\boxed{10}"), 0.9)
	assert.Equal(t, []string{WhyUnused, WhyNoNew, WhyNoRelation}, whys(w))
	w = Measure(chainOf(apples, 0.9, "2 + 2 = 4.", "2 + 2 = 4.", "\\boxed{10}"), 0.9)
	assert.Equal(t, []string{WhyUnused, WhyRepeated, WhyNoRelation}, whys(w))
	w = Measure(chainOf(apples, 0.9, "5 + 5 = 10 apples.", "Check: 2 \\times 5 = 10.", "\\boxed{10}"), 0.9)
	assert.Equal(t, WhyWork, w.Steps[0].Why, "the answer is a use")
	// Past maxRestatingQuantities a relation of known quantities is a use like any other (the
	// comparison stays linear in the text).
	long := "So " + strings.Repeat("2 + ", maxRestatingQuantities) + "2 = 4."
	w = Measure(chainOf(apples, 0.9, "2 + 2 = 4.", long, "\\boxed{10}"), 0.9)
	assert.Equal(t, []string{WhyWork, WhyNoNew, WhyNoRelation}, whys(w))
	w = Measure(chainOf(apples, 0.9, "2 + 2 = 4.", "Check: 4 - 2 = 2, so 4 \\times 5 = 20.", "\\boxed{10}"), 0.9)
	assert.NotEqual(t, WhyUnused, w.Steps[0].Why, "a later relation that writes more than the step's quantities uses its result")
}

// A step is about the problem when it uses one of the problem's own words (not a function
// word, not a LaTeX command, not a chat template's token, not a word of the answer): an
// untraced answer is paid the fourth band of the floor share after work in such a chain, the
// third after prose about the problem's quantities, the second after words alone, the first
// with none of these.
func TestAboutReadsTheProblemsWords(t *testing.T) {
	const cards = "<|im_start|>user\nHow many ways are there to select three different cards from the digits $\\frac{2}{1}$, 0, 0 and 1?<|im_end|>\n<|im_start|>assistant\n"
	k := newKnown(cards)
	assert.True(t, k.terms["card"] && k.terms["select"] && k.terms["digit"] && k.terms["different"])
	assert.False(t, k.terms["frac"] || k.terms["start"] || k.terms["user"] || k.terms["assistant"], "LaTeX commands and chat tokens are no terms: %v", k.terms)
	assert.True(t, k.about("None of the selected cards can be 0."))
	assert.False(t, k.about("Let's think about this carefully."))
	assert.False(t, k.about("We start by placing the square on the plane."), "a chat token's word is not the problem's")
	c := Constants{FloorShare: 0.1, IdleCost: 0.1, RepeatCost: 0.5}
	prose := Measure(chainOf(cards, 0.9, "None of the selected cards can be 0, and only two cards are left.", "\\boxed{0}"), 0.9)
	assert.True(t, prose.Steps[0].About)
	assert.True(t, prose.Steps[0].Quantity, "two cards: a quantity of the problem")
	assert.InDelta(t, band(0.1, 2, 0.9, 1), prose.ValueWith(c), 1e-12, "prose about the problem's quantities: the third band")
	words := Measure(chainOf(cards, 1, "None of the selected cards can be zero.", "\\boxed{0}"), 1)
	assert.True(t, words.Steps[0].About)
	assert.False(t, words.Steps[0].Quantity)
	assert.InDelta(t, band(0.1, 1, 1, 1), words.ValueWith(c), 1e-12, "prose about the problem in words alone: the second band")
	// Reasoning on the problem's quantities earns more than words alone, whatever the floors
	// and the idle steps.
	low := Measure(chainOf(cards, 0.01, "5 + 7 = 12.", "Only two cards are not 0.", "\\boxed{0}"), 0.01)
	assert.Equal(t, []string{WhyUngrounded, WhyNoRelation, WhyNoRelation}, whys(low))
	assert.Greater(t, low.ValueWith(c), words.ValueWith(c))
	assert.False(t, Measure(chainOf(cards, 0.9, "Only 0 cards are left.", "\\boxed{0}"), 0.9).Steps[0].Quantity, "the answer and 0 are not the problem's quantities")
	assert.InDelta(t, band(0.1, 0, 0.9, 1), Measure(chainOf(cards, 0.9, "\\boxed{0}"), 0.9).ValueWith(c), 1e-12, "the bare answer: the lowest band")
	hedge := Measure(chainOf(cards, 0.9, "Let's think about this carefully.", "It is probably 0, though I may be wrong.", "\\boxed{0}"), 0.9)
	assert.InDelta(t, band(0.1, 0, 0.9, 1), hedge.ValueWith(c), 1e-12, "hedges are about nothing: the lowest band")
	arithmetic := Measure(chainOf(cards, 0.9, "2 + 3 = 5.", "5 \\times 4 = 20.", "\\boxed{0}"), 0.9)
	assert.Less(t, arithmetic.ValueWith(c), prose.ValueWith(c), "arithmetic on the problem's numbers, about nothing, earns less than prose about the problem")
	// A problem without such a word cannot tell: every step is about it.
	assert.True(t, newKnown("Find $3^4$.").about("\\boxed{81}"))
}

// band is what FloorShare fs pays an answer of tier t (ValueWith): the floor, scaled by kept
// (the share the idle steps leave), places it in the upper half of its band.
func band(fs float64, t int, floor, kept float64) float64 {
	return fs * (float64(t) + (1+floor*kept)/2) / tiers
}
