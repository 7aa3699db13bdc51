package translate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPrimeAndSquareInWords: "n is (not) prime", "n is composite", "n is
// (not) a perfect square" are decided by certificates (a factor, a root,
// the squares around n); primality itself has no certificate and is never
// verified; a number that ends an expression, a tested or supposed claim,
// and a number too large to factor are left alone.
func TestPrimeAndSquareInWords(t *testing.T) {
	tests := []stepVerdictCase{
		{"Since 91 is prime, its only divisors are 1 and 91.", StepRefuted},
		{`Since \(221\) is a prime number, we stop.`, StepRefuted},
		{"So 91 is not prime: it has the divisor 7.", StepVerified},
		{`Since \(209\) is a prime number itself (it has no divisors other than 1 and 209), we stop.`, StepRefuted},
		{"Since 221 is prime, having no factors other than 1 and itself, we stop.", StepRefuted},
		{"Since 97 is prime (it has no divisors other than 1 and 97), we stop.", StepNone},       // true: no certificate
		{"If 209 were prime, it would have no divisors other than 1 and 209.", StepNone},         // a supposition
		{"It is not true that 209 is prime: it has no divisors other than 11 and 19.", StepNone}, // "not" stays
		{"Thus 1001 is composite.", StepVerified},
		{"The number 49 is a perfect square.", StepVerified},
		{"Note that 50 is a perfect square.", StepRefuted},
		{"Here 48 is not a perfect square.", StepVerified},
		{"Here 64 is not a perfect square.", StepRefuted},
		// look-alikes that must stay undecided
		{"Since 97 is prime, its only divisors are 1 and 97.", StepNone},             // true: no certificate for primality
		{"Since 97 is not prime, we continue.", StepNone},                            // false, but unprovable in the dialect
		{`The number \(2^{7} - 1\) is prime.`, StepNone},                             // 1 ends an expression
		{"Check whether 91 is prime.", StepNone},                                     // a test
		{"If 91 is prime, then 91 has two divisors.", StepNone},                      // a supposition
		{"Is 91 prime? It is, since 91 is prime.", StepNone},                         // a question in the sentence
		{"The value 1000000000039 * 3 is prime.", StepNone},                          // 3 ends an expression
		{"A number with a digit sum of 9 is prime with some probability.", StepNone}, // 9 is not the subject
		{"We see 1000000000039 is prime.", StepNone},                                 // a large prime: no certificate
		{"We see 9999999999973 is prime.", StepRefuted},                              // 113 divides it
	}
	checkStepVerdicts(t, tests)
}

// stepVerdictCase is a one-step chain and the step verdict it must get.
type stepVerdictCase struct {
	step string
	want StepVerdict
}

// checkStepVerdicts translates each case as a chain of one step and checks
// its verdict, and that every declaration is in the dialect.
func checkStepVerdicts(t *testing.T, tests []stepVerdictCase) {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	for _, tt := range tests {
		res, err := tr.Chain(context.Background(), "s", []string{tt.step})
		require.NoError(t, err)
		s := res.Steps[0]
		assert.Equal(t, tt.want, s.Verdict, "%q: %+v %+v", tt.step, obligationsOf(s), s.Skipped)
		for _, o := range s.Obligations {
			require.NoError(t, ValidateDeclaration(o.Lean, DefaultTactic))
			require.NoError(t, ValidateDeclaration(o.LeanNeg, DefaultTactic))
		}
	}
}

// TestDivisibleInWords: "n is (not) divisible by d", "n is (not) a
// multiple of d", "both a and b are divisible by d" between whole numbers
// are decided by the division certificate; a divisor that is part of more
// ("by 3 and 5", "by 3^2"), a subject that ends an expression or a digit
// group, and a tested or supposed claim are left alone, or never refuted.
func TestDivisibleInWords(t *testing.T) {
	tests := []stepVerdictCase{
		{"Notice that both 24 and 1199 are divisible by 3.", StepRefuted},
		{`Since \(1,203\) is divisible by \(3\), we divide.`, StepNone}, // digit groups are not read
		{"Since 1203 is divisible by 3, we divide.", StepVerified},
		{"Since 1207 is divisible by 3, we divide.", StepRefuted},
		{"So 91 is not divisible by 7.", StepRefuted},
		{"So 92 is not divisible by 7.", StepVerified},
		{`Thus \(84\) is a multiple of \(14\).`, StepVerified},
		{`Thus \(86\) is a multiple of \(14\).`, StepRefuted},
		{"Both 36 and 48 are multiples of 12.", StepVerified},
		// look-alikes that must stay undecided
		{"Here 30 is divisible by 3 or 7.", StepNone},                                 // a disjunction
		{"Here 21 is divisible by 3 and 5.", StepNone},                                // more than one divisor
		{"Here 18 is divisible by 3^2.", StepNone},                                    // a power
		{"Then 2 + 21 is divisible by 3.", StepNone},                                  // 21 ends an expression
		{"Then 1,207 is divisible by 3.", StepNone},                                   // 207 is a digit group
		{"The numbers 6, 8 and 10 are multiples of 4.", StepNone},                     // a list
		{"Check whether 1207 is divisible by 3.", StepNone},                           // a test
		{"If 1207 is divisible by 3, the sum is too.", StepNone},                      // a supposition
		{"Since 16 is divisible by 7 (16 = 7 * 2 + 2), two days are left.", StepNone}, // "divided by": a remainder beside it
		{"Since 23 is divisible by 7 with a remainder of 2, we go on.", StepNone},
		{"Since 21 is divisible by 7 (21 = 7 * 3), three weeks pass.", StepVerified},
		{"We ask: is 1207 divisible by 3? No.", StepNone},          // a question, not read
		{"Then 12 is divisible by 2.5 in the decimals.", StepNone}, // a decimal divisor
	}
	checkStepVerdicts(t, tests)
}

// TestCoprimeInWords: "a and b are (not) relatively prime / coprime" is
// decided by a certificate (Bézout's identity, or a common divisor above
// 1); a third number ("coprime to 10"), a list and a test are left alone.
func TestCoprimeInWords(t *testing.T) {
	tests := []stepVerdictCase{
		{"Since 20 and 16 are relatively prime, the fraction is reduced.", StepRefuted},
		{`Since \(20\) and \(21\) are relatively prime, the fraction is reduced.`, StepVerified},
		{"Here 1000 and 1001 are coprime.", StepVerified},
		{"Here 6 and 9 are not coprime.", StepVerified},
		{"Here 8 and 9 are not coprime.", StepRefuted},
		{"So 35 and 64 are coprime to each other.", StepVerified},
		// look-alikes that must stay undecided
		{"So 6 and 9 are coprime to 10.", StepNone},                      // a third number
		{"So 4, 6 and 9 are relatively prime.", StepNone},                // a list: gcd of all three
		{"Check whether 20 and 16 are relatively prime.", StepNone},      // a test
		{"If 20 and 16 are coprime, the fraction is reduced.", StepNone}, // a supposition
		{"So 2 + 4 and 6 are coprime.", StepNone},                        // 4 ends an expression
	}
	checkStepVerdicts(t, tests)
}
