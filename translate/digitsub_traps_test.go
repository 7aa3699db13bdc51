package translate

import "testing"

// digitSubscriptTraps: a subscript on a name (a log's base, a function's index) leaves the
// numerals of the step decimal, so their digits are read; a subscript on a numeral or a bracket
// is another base and leaves them alone (docs/TRANSLATE.md, "Digits stated in words"). The
// wording is ours.
var digitSubscriptTraps = []trap{
	{family: "digits subscript", steps: []string{`We know \(2^{20}\) has 9 digits (since \(\log_{10}{2^{20}} \approx 6.02\)).`}, want: wantRefuted, claim: "the digits of 2^{20} = 9"},
	{family: "digits subscript", steps: []string{`We know \(2^{20}\) has 7 digits (since \(\log_{10}{2^{20}} \approx 6.02\)).`}, want: wantNotRefuted},
	{family: "digits subscript", steps: []string{`To find \(f_1(3^{9})\), note that \(3^{9}\) has 4 digits.`}, want: wantRefuted, claim: "the digits of 3^{9} = 4"},
	{family: "digits subscript", steps: []string{`Written as \(1000_{2}\), 8 has four digits.`}, want: wantNotRefuted},
	{family: "digits long", steps: []string{`Since \(\log_{10} 2 \approx 0.30103\), we see that \(2^{1000}\) has 302 digits.`}, want: wantNotRefuted},
	{family: "digits long", steps: []string{`Since \(\log_{10} 2 \approx 0.30103\), we see that \(2^{1000}\) has 300 digits.`}, want: wantRefuted, claim: "the digits of 2^{1000} = 300"},
	{family: "digits long", steps: []string{`So \(7^{300}\) is a 254-digit number.`}, want: wantNotRefuted},
	{family: "digits long", steps: []string{`So \(7^{300}\) is a 250-digit number.`}, want: wantRefuted, claim: "= 250"},
	{family: "digits subscript", steps: []string{`Written as \((22)_3\), 8 has two digits.`}, want: wantNotRefuted},
}

func TestDigitSubscriptTraps(t *testing.T) { runTraps(t, "digitsub", digitSubscriptTraps, nil) }
