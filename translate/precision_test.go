package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Step-level expectations of the precision tests.
const (
	wantVerified   = "verified"    // the step is verified
	wantRefuted    = "refuted"     // the step is refuted
	wantNone       = "none"        // neither verified nor refuted
	wantNotRefuted = "not refuted" // verified or none
	wantNotVerify  = "not verified"
)

func checkStepWant(t *testing.T, text string, got StepVerdict, want string, res StepResult) {
	t.Helper()
	ok := false
	switch want {
	case wantVerified:
		ok = got == StepVerified
	case wantRefuted:
		ok = got == StepRefuted
	case wantNone:
		ok = got == StepNone
	case wantNotRefuted:
		ok = got != StepRefuted
	case wantNotVerify:
		ok = got != StepVerified
	default:
		require.Failf(t, "bad expectation", "want %q", want)
	}
	assert.True(t, ok, "%q: step %s, want %s; obligations %+v; skipped %+v", text, got, want, obligationsOf(res), res.Skipped)
}

// TestIssue9NoClaimButTheOneWritten holds every example of issue 9 part
// 1: units with powers, letters next to numbers, "a / b/c", "x of $150",
// vulgar fractions, dropped suffixes and conventions. Each case failed
// before the fix (checked against the code before it): the step was read
// as a shorter or different claim and verified or refuted on it, or (sq
// ft) a unit the reader now knows left it undecided.
func TestIssue9NoClaimButTheOneWritten(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		// Units with powers are units: the power does not fall on the number.
		{"The area is 5 cm × 4 cm = 20 cm².", wantVerified},
		{"The volume is 2 cm × 3 cm × 4 cm = 24 cm³.", wantVerified},
		{"The yard is 3 yd × 4 yd = 12 yd².", wantVerified},
		{`\( 5 \text{ cm} \times 4 \text{ cm} = 20 \text{ cm}^2 \)`, wantVerified},
		{`\( 5 \text{ cm} \times 4 \text{ cm} = 20 \text{ cm}^{2} \)`, wantVerified},
		{"The rug is 5 ft × 4 ft = 20 ft^2.", wantVerified},
		{"The box holds 2 ft × 3 ft × 4 ft = 24 ft³.", wantVerified},
		{"The room is 5 ft × 4 ft = 20 sq ft.", wantVerified},
		// A letter next to a number is a name or a unit, never erased.
		{"4 W^2 = 100", wantNone},
		{"Then we will divide each side by 5 to figure out how many nuggets Alyssa ate, 100/5 = 5A/5 or 20 = A.", wantNone},
		{"So 2 + 1 = 3 y.", wantNone},
		{"So 2 + 3 = 5a.", wantNone},
		// "a / b/c": verified on the reading the text marks, else unknown.
		{"Then his before-tax salary is $2000 / 2/3 = $3000", wantVerified},
		{"Marco gets 28 / 1/5 = 28 * 5 = 140 cups of tea from a box.", wantVerified},
		{"He can bake 2/ 1/5 = 10 cupcakes.", wantVerified},
		{"So 10 ÷ 1/2 = 20.", wantVerified},
		{"A bottle of shampoo lasts her 14 / 1 / 4 = 14 * 4 = 56 washes.", wantNone},
		{"That is 20 / 2 / 5 = 2.", wantNone},
		{"500/ 1/10 = 50 seats are broken.", wantNone},
		{"So 10 ÷ 1/2 = 5.", wantNone},
		{"Then 2 cups / 1/4 cup/burger = 8 burgers", wantNotRefuted},
		{"It lasts 7/12 / 1/12/day = 7 days", wantNotRefuted},
		{"He needs 2 miles / 1/6 hour = 12 miles/hour", wantNotRefuted},
		// "… = 1/3 of $150": the fraction, of the money.
		{"The housewife has 3/3 - 2/3 = 1/3 of $150 left.", wantNone},
		// Unicode vulgar fractions are numbers.
		{"So ¾ x 3/3 = 9/12.", wantVerified},
		{"So ¾ x 3/3 = 1/2.", wantRefuted},
		{"So ½ + ¼ = ¾.", wantVerified},
		{"So ⅓ + ⅓ = ⅔.", wantVerified},
		// Dropped suffixes: the claim is unknown, never a shorter one.
		{"The circumference is 2 × 3 = 6π", wantNone},
		{"4 = 4i", wantNone},
		{"So 3 + 3 = 6 pi.", wantNone},
		{"So 2 + 2 = 4 plus 1.", wantNone},
		{"So 2 + 2 = 4 θ.", wantNone},
		{"So 2 + 2 = 4α.", wantNone},
		{"So 3 + 5 = 8 divided by 2.", wantNone},
		{"4 = 16 over 4", wantNone},
		{"So 2 + 2 = 4 sqrt 2.", wantNone},
		{"6.28 ≈ 2π", wantNone},
		{"-4 = 4i²", wantNone},
		{"0.005 = 5‰", wantNone},
		{"0.005 = 5 ‰", wantNone},
		{"0.(3) = 1/3", wantNone},
		{"So 0.(9) = 1.", wantNone},
		// Conventions readers disagree on.
		{"So 0^0 = 1.", wantNone},
		{"So 0^0 = 0.", wantNone},
	}
	for _, tc := range tests {
		res := exactChain(t, tc.text)
		s := res.Steps[0]
		checkStepWant(t, tc.text, s.Verdict, tc.want, s)
	}
}

// TestAmbiguousBindingIsNotTrusted: a name bound to "a/b/c" has no
// value a later claim may use.
func TestAmbiguousBindingIsNotTrusted(t *testing.T) {
	res := exactChain(t, "x = 20/2/5", `\( 2x = 4 \)`, `\( 2x = 50 \)`)
	for _, i := range []int{1, 2} {
		checkStepWant(t, res.Steps[i].Text, res.Steps[i].Verdict, wantNone, res.Steps[i])
	}
	res = exactChain(t, "x = 20 / 2/5", `\( 2x = 100 \)`)
	checkStepWant(t, res.Steps[1].Text, res.Steps[1].Verdict, wantVerified, res.Steps[1])
}

// TestIssue9Guards are neighbours of the issue's examples that were
// already right before the fix and must stay so: the fix decides what
// it can read (a false area is still refuted) and leaves alone what it
// cannot (m may be million, "in" a preposition, a mixed number).
func TestIssue9Guards(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		{"The volume is 2 × 3 × 4 = 24 cm³.", wantNotRefuted},
		{"The floor is 6 m × 5 m = 30 m².", wantNotRefuted},
		{"The tile is 5 in × 4 in = 20 in^2.", wantNotRefuted},
		{"The yard is 3 yards × 4 yards = 12 square yards.", wantVerified},
		{"The rug is 5 ft × 4 ft = 21 ft^2.", wantRefuted},
		{"The box is 2 ft × 3 ft = 6 ft³.", wantNotVerify},
		{`\( 5 \text{ cm} \times 4 \text{ cm} = 21 \text{ cm}^{2} \)`, wantRefuted},
		{"2½ = 2.5", wantNone},
		{"She used 2 ½ = 2.5 cups.", wantNone},
		{"1/6 = 0.1(6)", wantNone},
		{"0.3̅ = 1/3", wantNone},
		{"The angle is 180° - 60° = 120°.", wantVerified},
		// The arithmetic reader leaves "17 R 7" alone; the division with
		// remainder is read whole (symrem.go).
		{"194 ÷ 11 = 17 R 7.", wantVerified},
		{"194 ÷ 11 = 17 R 9.", wantRefuted},
		{"She has 25% of 80 = 20 left.", wantVerified},
		{"The price is 7500 / 75% = 10000 dollars.", wantVerified},
		{"So 2(3 + 4) = 14.", wantVerified},
		{"Then 3/4 of 20 = 15.", wantVerified},
		{"So 0^1 = 0.", wantVerified},
	}
	for _, tc := range tests {
		res := exactChain(t, tc.text)
		s := res.Steps[0]
		checkStepWant(t, tc.text, s.Verdict, tc.want, s)
	}
}
