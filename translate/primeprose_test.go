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
