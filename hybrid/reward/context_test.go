package reward

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDoesNoWork(t *testing.T) {
	for _, s := range []StepWork{
		{Why: WhyRepeated, About: true}, {Why: WhyIdentity}, {Why: WhyUngrounded},
		{Why: WhyUnused, About: true}, {Why: WhyNoRelation}, {Why: WhyWork, Work: true},
	} {
		assert.True(t, DoesNoWork(s), "%+v", s)
	}
	for _, s := range []StepWork{
		{Why: WhyWork, Work: true, About: true}, {Why: WhyNoRelation, About: true},
		{Why: WhyNoRelation, Result: true}, {Why: WhySymbolic}, {Why: WhyRefuted},
	} {
		assert.False(t, DoesNoWork(s), "%+v", s)
	}
}

func TestWorkingSteps(t *testing.T) {
	honest := Measure(chainOf(natalia, 0.9, "Natalia sold 48/2 = 24 clips in May.", "Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}."), 0.9)
	assert.Nil(t, honest.WorkingSteps(), "every step kept: scored once")
	padded := Measure(chainOf(natalia, 0.9, "1 + 1 = 2.", "Natalia sold 48/2 = 24 clips in May.", "Let's think about this carefully.",
		"Natalia sold 48+24 = 72 clips altogether.", "Natalia sold 48+24 = 72 clips altogether.", "The answer is \\boxed{72}."), 0.9)
	assert.Equal(t, []int{1, 3, 5}, padded.WorkingSteps(), "the padding, the hedge and the repetition lend no context: %v", whys(padded))
}
