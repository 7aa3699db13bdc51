package translate

import "testing"

// pronounCmpTraps pin the comparisons in words whose subject is "it" opening a sentence
// (docs/TRANSLATE.md, "A comparison whose subject is \"it\""; package wordcmp): "it" stands for
// the side the sentence just before names alone, before its last "is" with no number or math
// after; true comparisons are left alone, a sentence before that names more, "it" inside a
// clause and hedged sentences are not read, and a false comparison is refuted. The wording and
// the numbers are ours.
var pronounCmpTraps = []trap{
	// True forms.
	{family: "pronoun true", steps: []string{`The digits add up to 20, so 4631 is a valid number. However, it is larger than 4199.`}, want: wantNotRefuted},
	{family: "pronoun true", steps: []string{`So 27 is the number of tiles. It is less than 30.`}, want: wantNotRefuted},
	// Variants that are real errors: refuted.
	{family: "pronoun wrong", steps: []string{`The digits add up to 20, so 4631 is a valid number. However, it is larger than 5099.`}, want: wantRefuted, claim: "4631 > 5099"},
	{family: "pronoun wrong", steps: []string{`So 27 is the number of tiles. It is less than 25.`}, want: wantRefuted, claim: "27 < 25"},
	{family: "pronoun wrong", steps: []string{"Thus \\(\\frac{9}{4}\\) is the only candidate.\nBut it is smaller than 2, so we keep it."}, want: wantRefuted, claim: "9/4 < 2"},
	// "It" may stand for something else: not read.
	{family: "pronoun other", steps: []string{`So 4631 is larger than 4000. However, it is larger than 5099.`}, want: wantNotRefuted},
	{family: "pronoun other", steps: []string{`The sum of 4631 and 8 is a valid number. It is larger than 5099.`}, want: wantNotRefuted},
	{family: "pronoun other", steps: []string{`So 4631 is a valid number, and it is larger than 5099.`}, want: wantNotRefuted},
	{family: "pronoun other", steps: []string{`The total is 4631. It is larger than 5099.`}, want: wantNotRefuted},
	// Hedged or supposed: not read.
	{family: "pronoun hedged", steps: []string{`So 4631 is a valid number. However, if it is larger than 5099, we stop.`}, want: wantNotRefuted},
	{family: "pronoun hedged", steps: []string{`So 4631 is a valid number. Is it larger than 5099?`}, want: wantNotRefuted},
	{family: "pronoun hedged", steps: []string{`So 4631 is a valid number. It is roughly larger than 5099.`}, want: wantNotRefuted},
}

func TestPronounCmpTraps(t *testing.T) {
	runTraps(t, "pronouncmp", pronounCmpTraps, nil)
}
