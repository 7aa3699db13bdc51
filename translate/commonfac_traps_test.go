package translate

import "testing"

// commonfacTraps pin the claims in words that two whole numbers share a
// factor or none (docs/TRANSLATE.md, "Common factors in words"; package
// commonfac): true claims are left alone, variants in other wording and
// numbers are read, false ones are refuted, and a list, an operand, a claim
// that goes on, a condition, a question or a claim called wrong are not
// read. The wording and the numbers are ours.
var commonfacTraps = []trap{
	// True forms: nothing to refute.
	{family: "commonfac true", steps: []string{`The fraction 25/36 is in lowest terms because 25 and 36 have no common factors other than 1.`}, want: wantNotRefuted},
	{family: "commonfac true", steps: []string{`Since \(27\) and \(40\) share no common prime factor, the cycle visits every cell.`}, want: wantNotRefuted},
	{family: "commonfac true", steps: []string{`Both are even: 42 and 56 have a common factor of 14.`}, want: wantNotRefuted},
	{family: "commonfac true", steps: []string{`So 51 and 85 share a common divisor greater than 1, namely 17.`}, want: wantNotRefuted},
	{family: "commonfac true", steps: []string{`Since 7 is a divisor of 91, the split works; 8 is not a factor of 90.`}, want: wantNotRefuted},
	{family: "commonfac true", steps: []string{`Thus 9 is a common factor of 27 and 72.`}, want: wantNotRefuted},
	// Not read: a list, an operand, a claim that goes on, a condition, a question, a claim called wrong.
	{family: "commonfac other", steps: []string{`The numbers 6, 10 and 15 have no common factor, yet no two of them are coprime.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`Then \(2 \cdot 33\) and 22 have no common factors except 1 after we cancel.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`So 33 and 22 have no common factors other than 1 and 11.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`So 33 and 22 have no common factors with 5.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`If 33 and 22 had no common factors, the fraction 33/22 would be reduced.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`Suppose 33 and 22 have no common factors; then the gcd is 1.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`Do 33 and 22 share no common factor?`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`It would be wrong to say 33 and 22 have no common factors.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`We need 33 and 22 to share a common factor of 3.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`If 8 were a factor of 90, the quotient would be whole.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`We check whether 8 is a factor of 90.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`Then 8 is a factor of 90! as well.`}, want: wantNotRefuted},
	{family: "commonfac other", steps: []string{`Then 3 is a factor of 90 and 8 is not.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "commonfac wrong", steps: []string{`Since 8 is a divisor of 90, the split works.`}, want: wantRefuted, claim: "8 divides 90"},
	{family: "commonfac wrong", steps: []string{`However, 6 is not a factor of 84, so we stop.`}, want: wantRefuted},
	{family: "commonfac wrong", steps: []string{`Thus 9 is a common factor of 27 and 60.`}, want: wantRefuted},
	{family: "commonfac wrong", steps: []string{`The grid's sides are coprime (30 and 18 have no common factors other than 1), so each cell is reached.`}, want: wantRefuted, claim: "gcd(30, 18) = 1"},
	{family: "commonfac wrong", steps: []string{`Since \(39\) and \(65\) share no common prime factors, the fraction is reduced.`}, want: wantRefuted},
	{family: "commonfac wrong", steps: []string{`Note 91 and 35 do not have any common divisors greater than one.`}, want: wantRefuted},
	{family: "commonfac other", steps: []string{`Both are even: 42 and 57 have a common factor of 3 and of 2.`}, want: wantNotRefuted},
	{family: "commonfac wrong", steps: []string{`Hence 42 and 58 have a common factor of 7.`}, want: wantRefuted},
	{family: "commonfac wrong", steps: []string{`Hence 49 and 60 share a common factor greater than 1.`}, want: wantRefuted},
}

func TestCommonfacTraps(t *testing.T) {
	runTraps(t, "commonfac", commonfacTraps, nil)
}
