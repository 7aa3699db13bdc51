package translate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// candidateTraps pin the candidate values listed for an equation in
// several names (translate/internal/symcand; docs/TRANSLATE.md "Candidate
// values of several names"): a listed assignment of every name that the
// text says solves the equations just stated is refuted when it does not;
// one that does is left unknown, never verified. The wording and the
// numbers are ours.
var candidateTraps = []trap{
	// The family: a listed candidate that does not solve the equation.
	{family: "candidates", steps: []string{`We need \(x^2 + y^2 = 25\). The pairs that satisfy it are \((x, y) = (3, 4)\) and \((x, y) = (2, 5)\).`}, want: wantRefuted, claim: "at x = 2, y = 5"},
	{family: "candidates", steps: []string{"\\[ a + 2b = 11 \\]\nPossible combinations:\n- \\( a = 1, b = 5 \\)\n- \\( a = 3, b = 4 \\)\n- \\( a = 5, b = 2 \\)"}, want: wantRefuted, claim: "at a = 5, b = 2"},
	{family: "candidates", steps: []string{`The solutions of \(3p - q = 7\) are \(p = 4, q = 6\).`}, want: wantRefuted, claim: "at p = 4, q = 6"},
	{family: "candidates", steps: []string{`For \(u + v + w = 12\), the triples are \((u, v, w) = (2, 4, 6)\) and \((u, v, w) = (3, 3, 5)\).`}, want: wantRefuted, claim: "at u = 3, v = 3, w = 5"},
	{family: "candidates", steps: []string{`We need \(mn = 24\) and \(m + n = 10\). This fits when \(m = 3\) and \(n = 8\).`}, want: wantRefuted, claim: "at m = 3, n = 8"},
	// The true forms are left alone: the list may still miss a candidate.
	{family: "candidates", steps: []string{`We need \(x^2 + y^2 = 25\). The pairs that satisfy it are \((x, y) = (3, 4)\) and \((x, y) = (4, 3)\).`}, want: wantNotRefuted},
	{family: "candidates", steps: []string{`We need \(mn = 24\) and \(m + n = 10\). This fits when \(m = 4\) and \(n = 6\).`}, want: wantNotRefuted},
	{family: "candidates", steps: []string{"\\[ a + 2b = 11 \\]\nPossible combinations:\n- \\( a = 1, b = 5 \\)\n- \\( a = 3, b = 4 \\)"}, want: wantNotRefuted},
	// Traps: a trial, a rejected pair, names left out, a modulus, no word
	// that the values solve anything.
	{family: "candidates", steps: []string{`For \(a + 2b = 11\), try the pair \(a = 5, b = 2\): that gives 9, too small.`}, want: wantNotRefuted},
	{family: "candidates", steps: []string{`The pairs for \(x + y = 9\): \((x, y) = (4, 4)\) does not work.`}, want: wantNotRefuted},
	{family: "candidates", steps: []string{`For \(a + b + c = 10\), the possible pairs are \(a = 2, b = 3\).`}, want: wantNotRefuted},
	{family: "candidates", steps: []string{`Modulo 3, \(2a + b = 1\); the pairs are \((a, b) = (1, 2)\).`}, want: wantNotRefuted},
	{family: "candidates", steps: []string{`The equation \(a + b = 10\) is the first condition. Now take \(a = 2, b = 3\) in the second one.`}, want: wantNotRefuted},
	{family: "candidates", steps: []string{`The solutions are \(x = 1, y = 2\) of the system below: \(x + y = 4\).`}, want: wantNotRefuted},
	{family: "candidates", steps: []string{`We need \(AB = 12\) for the segment. The pairs are \((A, B) = (3, 5)\).`}, want: wantNotRefuted},
}

func TestCandidateTraps(t *testing.T) {
	runTraps(t, "candidates", candidateTraps, func(c trap, i int, s StepResult) {
		for _, o := range s.Obligations {
			if o.Kind == KindSolution && strings.HasPrefix(o.Note, "a candidate listed") {
				assert.NotEqual(t, Verified, o.Verdict, "#%d: a candidate is never verified: %s", i, o.Expr)
			}
		}
	})
}
