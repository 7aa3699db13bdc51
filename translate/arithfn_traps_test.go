package translate

import "testing"

// arithFnTraps pin the arithmetic functions at a number (docs/TRANSLATE.md,
// "Arithmetic functions at a number"; package arithfn): true values are
// verified or left alone, a symbol the text does not name as the function
// is not read, supposed, tested or wanted values are not decided, and false
// values are refuted. The wording and the numbers are ours.
var arithFnTraps = []trap{
	// True values.
	{family: "arithfn true", steps: []string{`By Euler's totient function, \(\varphi(90) = 24\).`}, want: wantVerified},
	{family: "arithfn true", steps: []string{`Let \(\tau(n)\) be the number of positive divisors of \(n\). Then \(\tau(60) = 12\).`}, want: wantVerified},
	{family: "arithfn true", steps: []string{`The number of positive divisors of 90 is 12, and 49 has exactly 3 divisors.`}, want: wantNotRefuted},
	{family: "arithfn true", steps: []string{`The sum of the divisors of 18 is 39.`}, want: wantVerified},
	{family: "arithfn true", steps: []string{`Write \(d(n)\) for the number of divisors of \(n\).`, `So \(d(1) = 1\) and \(d(128) = 8\).`}, step: 1, want: wantNotRefuted},
	{family: "arithfn true", steps: []string{`We use the totient: \[ \phi(221) = 221 \cdot \frac{12}{13} \cdot \frac{16}{17} = 192 \]`}, want: wantNotRefuted},
	// Counts of a restricted set, or a count compared: another count, left alone.
	{family: "arithfn restricted", steps: []string{`So 12 has 4 divisors greater than 2.`}, want: wantNotRefuted},
	{family: "arithfn restricted", steps: []string{`Then 36 has 6 divisors less than 10, and 40 has 4 divisors that are odd... no: 2.`}, want: wantNotRefuted},
	{family: "arithfn restricted", steps: []string{`There are 2 divisors of 45 between 10 and 20.`}, want: wantNotRefuted},
	{family: "arithfn restricted", steps: []string{`The number of divisors of 60 is 6 more than that of 12.`}, want: wantNotRefuted},
	// "There are M divisors of N": decided.
	{family: "arithfn there", steps: []string{`So there are 9 divisors of 100.`}, want: wantVerified},
	{family: "arithfn there", steps: []string{`Listing them, there are exactly 8 positive divisors of 30.`}, want: wantVerified},
	{family: "arithfn there", steps: []string{`So there are 5 divisors of 50.`}, want: wantRefuted},
	{family: "arithfn there", steps: []string{`Hence there are 7 positive divisors of 48.`}, want: wantRefuted},
	{family: "arithfn restricted", steps: []string{`Hence 48 has 7 divisors, so we stop.`}, want: wantRefuted},
	// Divisors counted with their signs: another reading.
	{family: "arithfn signed", steps: []string{`Counting negative ones too, the number of divisors of 10 is 8.`}, want: wantNotRefuted},
	// A symbol the text does not name as the function.
	{family: "arithfn unnamed", steps: []string{`The angle is \(\phi(3) = 45\) degrees when the divisor is 4.`}, want: wantNotRefuted},
	{family: "arithfn unnamed", steps: []string{`Here \(d(n) = 3^{-k}\) is the distance, so \(d(52) = 1\).`, `So \(d(18) = 9\), and 9 is a divisor of 18.`}, step: 1, want: wantNotRefuted},
	{family: "arithfn unnamed", steps: []string{`Let \(d(n)\) be the number of odd divisors greater than 1.`, `Then \(d(30) = 3\).`}, step: 1, want: wantNotRefuted},
	{family: "arithfn unnamed", steps: []string{`Let \(\tau(n)\) be the number of divisors of \(n\) that are odd.`, `So \(\tau(12) = 2\).`}, step: 1, want: wantNotRefuted},
	{family: "arithfn unnamed", steps: []string{`Write \(d(n)\) for the number of positive divisors of \(n\) greater than 2; then \(d(12) = 4\).`}, want: wantNotRefuted},
	{family: "arithfn unnamed", steps: []string{`The number of prime divisors of 30 is 3, and the sum of the proper divisors of 12 is 16.`}, want: wantNotRefuted},
	// Parts of larger expressions.
	{family: "arithfn operand", steps: []string{`Euler's totient gives \(2\varphi(10) = 8\) and \(\varphi(10) = 4 + 0\).`}, want: wantNotRefuted},
	{family: "arithfn operand", steps: []string{`The number of divisors of \(2^{10}\) is 11, and \(3 \cdot 12\) has 9 divisors.`}, want: wantNotRefuted},
	// Supposed, tested, wanted or denied.
	{family: "arithfn hedged", steps: []string{`If the number of divisors of 12 were 5, the count would be odd.`}, want: wantNotRefuted},
	{family: "arithfn hedged", steps: []string{`We check whether \(\varphi(12) = 6\) using the totient.`}, want: wantNotRefuted},
	{family: "arithfn hedged", steps: []string{`We need a totient value \(\varphi(15) = 6\) for the argument.`}, want: wantNotRefuted},
	{family: "arithfn hedged", steps: []string{`It is not true that 16 has 4 divisors.`}, want: wantNotRefuted},
	// False values: refuted.
	{family: "arithfn wrong", steps: []string{`With Euler's totient function, \(\phi(1001) = 1001 \cdot \frac{6}{7} \cdot \frac{10}{11} \cdot \frac{12}{13}\).`, `This gives \[ \phi(1001) = 780. \]`}, step: 1, want: wantRefuted, claim: "Euler's totient of 1001 = 780"},
	{family: "arithfn wrong", steps: []string{`By the totient, \(\varphi(36) = 18\).`}, want: wantRefuted, claim: "Euler's totient of 36 = 18"},
	{family: "arithfn wrong", steps: []string{`Let \(\tau(n)\) be the number of positive divisors of \(n\). Then \(\tau(100) = 8\).`}, want: wantRefuted, claim: "the number of divisors of 100 = 8"},
	{family: "arithfn wrong", steps: []string{`The number of positive divisors of 84 is 10.`}, want: wantRefuted, claim: "the number of divisors of 84 = 10"},
	{family: "arithfn wrong", steps: []string{`So \(360\) has \(20\) positive divisors.`}, want: wantRefuted, claim: "the number of divisors of 360 = 20"},
	{family: "arithfn wrong", steps: []string{`The sum of all positive divisors of 28 is 48.`}, want: wantRefuted, claim: "the sum of divisors of 28 = 48"},
	{family: "arithfn wrong", steps: []string{`Write \(d(n)\) for the number of divisors of \(n\).`, `So \(d(48) = 8\).`}, step: 1, want: wantRefuted, claim: "the number of divisors of 48 = 8"},
	{family: "arithfn wrong", steps: []string{`With the number of divisors \(d(n)\) of \(n\), we get \(d(45) = 5\).`}, want: wantRefuted, claim: "the number of divisors of 45 = 5"},
}

func TestArithFnTraps(t *testing.T) {
	runTraps(t, "arithfn", arithFnTraps, nil)
}
