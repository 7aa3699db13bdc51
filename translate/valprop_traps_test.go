package translate

import "testing"

// valPropTraps pin the properties said of the value just written
// (docs/TRANSLATE.md, "A property said of the value just written"; package
// valprop): true properties are left alone, a clause about something other
// than the value (a name inside an expression, more words after the
// property, several values) is not read, and a false property of the value
// is refuted. The wording and the numbers are ours.
var valPropTraps = []trap{
	// True properties: nothing to refute.
	{family: "valprop true", steps: []string{`So \(\sigma(9) = 13\), which is prime.`}, want: wantNotRefuted},
	{family: "valprop true", steps: []string{`For \(j = 4\), \(w = -3\) (not positive), so we drop it.`}, want: wantNotRefuted},
	{family: "valprop true", steps: []string{`This gives \(u = \frac{22}{4}\) (which is not an integer).`}, want: wantNotRefuted},
	{family: "valprop true", steps: []string{`The total is \(17 + 32 = 49\), which is a perfect square.`}, want: wantNotRefuted},
	{family: "valprop true", steps: []string{`Then \(r = 12\), which is even, and \(q = 9\) (odd).`}, want: wantNotRefuted},
	{family: "valprop true", steps: []string{`Only 1 remains, which is a perfect square.`}, want: wantNotRefuted},
	{family: "valprop each", steps: []string{"Take the list \\[ 2, 3, 5, 7 \\] Each number in this list is a prime number."}, want: wantNotRefuted},
	{family: "valprop each", steps: []string{"Take the list \\[ 4, 8, \\ldots, 21 \\] Each number in this list is even."}, want: wantNotRefuted},
	{family: "valprop each", steps: []string{"Take the list \\[ 4, 8, 25 \\] Each number in this list is a perfect square or twice one."}, want: wantNotRefuted},
	// The clause is about something else than the value written.
	{family: "valprop other", steps: []string{`Adding 4 + 12, which is a perfect square, we stop.`}, want: wantNotRefuted},
	{family: "valprop other", steps: []string{`The area is 3^2, which is odd.`}, want: wantNotRefuted},
	{family: "valprop other", steps: []string{`Then \(5^{m+1} = 30\), which is not an integer.`}, want: wantNotRefuted},
	{family: "valprop other", steps: []string{`Then \(p^2 = 50\), which is not a perfect square.`}, want: wantNotRefuted},
	{family: "valprop other", steps: []string{`We get \(h = 6\), which is positive only when the base is 2.`}, want: wantNotRefuted},
	{family: "valprop other", steps: []string{`We get \(h = 6, 7\), which is odd.`}, want: wantNotRefuted},
	{family: "valprop other", steps: []string{`We get \(h = 6\) (odd case) next.`}, want: wantNotRefuted},
	{family: "valprop other", steps: []string{`We get \(h = 83\), which is not prime.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "valprop wrong", steps: []string{`So \(\sigma(9) = 13\), which is a perfect square.`}, want: wantRefuted, claim: "13 is square"},
	{family: "valprop wrong", steps: []string{`For \(j = 4\), \(w = 3\) (not positive), so we drop it.`}, want: wantRefuted, claim: "3 is not positive"},
	{family: "valprop wrong", steps: []string{`This gives \(u = \frac{22}{2}\) (which is not an integer).`}, want: wantRefuted, claim: "11 is not integer"},
	{family: "valprop wrong", steps: []string{`The total is \(17 + 34 = 51\), which is prime.`}, want: wantRefuted, claim: "51 is prime"},
	{family: "valprop wrong", steps: []string{`Then \(r = 15\), which is even.`}, want: wantRefuted, claim: "15 is even"},
	{family: "valprop wrong", steps: []string{`Then \(z = -\frac{5}{2}\), which is a negative integer.`}, want: wantRefuted, claim: "-5/2 is negint"},
	{family: "valprop wrong", steps: []string{`So the count is 18, which is a perfect square.`}, want: wantRefuted, claim: "18 is square"},
	{family: "valprop wrong", steps: []string{"Take the list \\[ 1, 3, 5, 7 \\] Each number in this list is a prime number."}, want: wantRefuted, claim: "1 is prime"},
	{family: "valprop wrong", steps: []string{"Take the list \\( 4, 10, 16 \\). Every element of the list is a perfect square."}, want: wantRefuted, claim: "10 is square"},
}

func TestValPropTraps(t *testing.T) {
	runTraps(t, "valprop", valPropTraps, nil)
}
