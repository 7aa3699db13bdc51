package translate

import (
	"testing"
)

// tentativeTraps pin the guard that withholds a name bound in a conditional
// or tentative sentence ("it is bound in a conditional or tentative sentence
// (…)", chain.go bindingEvent; docs/TRANSLATE.md "The tentative-binding
// guard"). Measured on the ProcessBench dev half, the guard withholds no
// refutation of a labelled first error, and without it the reader refutes
// true claims in correct chains: a value given for one case or one trial
// is read into the next. The protected chains below fail without the guard;
// the look-alikes (a binding stated as a fact, a cue in another sentence)
// are real errors the guard must not hide. The wording is ours.
var tentativeTraps = []trap{
	// A trial value, then another trial: the second case's claims are
	// about its own value, not the first one's.
	{family: "trial binding", steps: []string{`Substituting \(p = 2\) into the equation gives \(q = 6\).`, `Substituting \(p = 5\) into the equation gives \[ q - 1 = 14 \]`}, step: 1, want: wantNotRefuted},
	{family: "trial binding", steps: []string{`Try \(m = 1\): then \(k = 4\).`, `Try \(m = 3\): then \(k + 2 = 14\).`}, step: 1, want: wantNotRefuted},
	{family: "trial binding", steps: []string{`If \(a = 2\), then \(c = 9\).`, `If \(a = 4\), then \(c - 3 = 30\).`}, step: 1, want: wantNotRefuted},
	{family: "trial binding", steps: []string{`Let's test \(d = 10\): the remainder is \(e = 1\).`, `With the next divisor the quotient is \(e + 8 = 12\).`}, step: 1, want: wantNotRefuted},
	// Values named for the ends of a range ("when u = 1, … when u = 6").
	{family: "range ends", steps: []string{`The least total is 2 (when \(u = 1, v = 1\)), and the greatest is 12 (when \(u = v = 6\)).`}, want: wantNotRefuted},
	{family: "range ends", steps: []string{`The sum is smallest when \(s = 0\).`, `It is largest at the other end, where \(s + 3 = 7\).`}, step: 1, want: wantNotRefuted},
	// A value where a function crosses a level, then the side of it that
	// solves the inequality: a set of values, not a fact about the one.
	{family: "solution set", steps: []string{"The function \\(g(x) = 5^x\\) equals 1 when \\(x = 0\\). For \\(x > 0\\), it exceeds 1. Therefore, the solution to the inequality is:\n\\[x \\geq 0.\\]"}, want: wantNotVerify},
	// look-alikes: the binding is stated as a fact, and the cue word is in
	// another sentence or another step: the error is refuted.
	{family: "stated binding", steps: []string{`We find \(x = 7\).`, `Then \(x + 3 = 11\).`}, step: 1, want: wantRefuted},
	{family: "stated binding", steps: []string{`If the price rises, fewer cups sell. The price is \(p = 12\).`, `So the takings per 2 cups are \(2p = 26\).`}, step: 1, want: wantRefuted},
	{family: "stated binding", steps: []string{`For the second part we work separately.`, `The width is \(w = 4\). So \(3w = 13\).`}, step: 1, want: wantRefuted},
	{family: "stated binding", steps: []string{`Substituting \(p = 2\) into the equation gives \(q = 6\).`, `We now fix \(r = 5\). Then \(r + 4 = 10\).`}, step: 1, want: wantRefuted},
}

func TestTentativeBindingTraps(t *testing.T) {
	runTraps(t, "tentative", tentativeTraps, nil)
}
