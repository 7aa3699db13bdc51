package translate

import "testing"

// commonmulTraps pin the claims in words that the multiples of a whole
// number are multiples of others (docs/TRANSLATE.md, "Common multiples in
// words"; commonfac.ReadMultiples): true claims are left alone, variants in
// other wording and numbers are read, false ones are refuted, and a
// restricted set, a claim that goes on, a condition, a negation, a question
// or a claim called wrong are not read. The wording and the numbers are ours.
var commonmulTraps = []trap{
	// True forms: nothing to refute.
	{family: "commonmul true", steps: []string{`Since multiples of 30 are common multiples of both 6 and 10, we subtract them once.`}, want: wantNotRefuted},
	{family: "commonmul true", steps: []string{`Multiples of 35 are also multiples of 7, so they are already in the count.`}, want: wantNotRefuted},
	{family: "commonmul true", steps: []string{`The common multiples of 6 and 8 are exactly the multiples of 24.`}, want: wantNotRefuted},
	{family: "commonmul true", steps: []string{`Hence 84 is a common multiple of 12 and 21.`}, want: wantNotRefuted},
	// Not read: a restricted set, a claim that goes on, a condition, a negation, a question, a claim called wrong.
	{family: "commonmul other", steps: []string{`Even multiples of 7 are multiples of 14, so we count them once.`}, want: wantNotRefuted},
	{family: "commonmul other", steps: []string{`If multiples of 35 were multiples of 3, we would count them twice.`}, want: wantNotRefuted},
	{family: "commonmul other", steps: []string{`Multiples of 35 are not multiples of 3.`}, want: wantNotRefuted},
	{family: "commonmul other", steps: []string{`Are multiples of 35 also multiples of 3?`}, want: wantNotRefuted},
	{family: "commonmul other", steps: []string{`Multiples of 35 are multiples of 5 or 3.`}, want: wantNotRefuted},
	{family: "commonmul other", steps: []string{`Multiples of 35 are multiples of 3^2 less one.`}, want: wantNotRefuted},
	{family: "commonmul other", steps: []string{`It is a mistake to say multiples of 35 are multiples of 3.`}, want: wantNotRefuted},
	{family: "commonmul other", steps: []string{`Multiples of 35 are multiples of 3 only when they are also multiples of 105.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "commonmul wrong", steps: []string{`Since multiples of 14 are common multiples of both 4 and 7, we need to subtract them.`}, want: wantRefuted, claim: "4 divides 14"},
	{family: "commonmul wrong", steps: []string{`Multiples of 22 are also multiples of 4, so they are already counted.`}, want: wantRefuted},
	{family: "commonmul wrong", steps: []string{`The common multiples of \(6\) and \(8\) are the multiples of \(48\).`}, want: wantRefuted},
	{family: "commonmul wrong", steps: []string{`Hence 84 is a common multiple of 8 and 21.`}, want: wantRefuted},
	{family: "commonmul wrong", steps: []string{`So 126 is a multiple of both 9 and 12, so we stop.`}, want: wantRefuted},
}

func TestCommonmulTraps(t *testing.T) {
	runTraps(t, "commonmul", commonmulTraps, nil)
}
