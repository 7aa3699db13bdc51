package translate

import "testing"

// placeDigitTraps pin the digit in a place of a number and its last digits
// stated in words (docs/TRANSLATE.md, "Digits in a place and last digits
// stated in words"; worldfact/placedigit.go): true claims left alone, no
// such place, another base or a supposition not read, false claims
// refuted. The wording and the numbers are ours.
var placeDigitTraps = []trap{
	{family: "placedigit true", steps: []string{`Thus the thousands digit of \(5^{12}\) is 0.`}, want: wantNotRefuted},
	{family: "placedigit true", steps: []string{`The last three digits of \(9^{50}\) are 001, so we continue.`}, want: wantNotRefuted},
	{family: "placedigit true", steps: []string{`The tens digit of 30417 is 1.`}, want: wantNotRefuted},
	{family: "placedigit other", steps: []string{`The hundreds digit of 64 is 0.`}, want: wantNotRefuted},
	{family: "placedigit other", steps: []string{`Written in base 6, the tens digit of 30417 is 5.`}, want: wantNotRefuted},
	{family: "placedigit other", steps: []string{`Suppose the tens digit of 30417 is 5; then the sum is odd.`}, want: wantNotRefuted},
	{family: "placedigit other", steps: []string{`The last three digits of \(9^{50}\) are 1.`}, want: wantNotRefuted},
	{family: "placedigit wrong", steps: []string{`Thus the thousands digit of \(5^{12}\) is \(\boxed{1}\).`}, want: wantRefuted, claim: "thousands digit"},
	{family: "placedigit wrong", steps: []string{`The last three digits of \(9^{50}\) are 251, so we continue.`}, want: wantRefuted, claim: "last 3 digits"},
	{family: "placedigit wrong", steps: []string{`The tens digit of 30417 is 4.`}, want: wantRefuted, claim: "tens digit"},
}

func TestPlaceDigitTraps(t *testing.T) {
	runTraps(t, "placedigit", placeDigitTraps, nil)
}
