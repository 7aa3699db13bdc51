package translate

import "testing"

// impDomainTraps pin the clause that names the kind of number a name is
// between two equations derived one from another (docs/TRANSLATE.md,
// "Equations in several unknowns derived one from another"; package
// symimp): "where m is an integer" is no equation from elsewhere, so the
// pair is read, and refuted only at a point with whole coordinates; an
// equation in the clause, a supposition or a true derivation is left
// alone. The wording and the numbers are ours.
var impDomainTraps = []trap{
	// True derivations: nothing to refute.
	{family: "impdomain true", steps: []string{`We have \(4a + 6 = 2b\), where \(b\) is an integer. Simplifying gives \(2a + 3 = b\).`}, want: wantNotRefuted},
	{family: "impdomain true", steps: []string{`We have \(8s - 4 = 4t\), where \(t\) is an integer. Simplifying gives \(2s - 1 = t\).`}, want: wantNotRefuted},
	// Not read: an equation in the clause, a supposition.
	{family: "impdomain other", steps: []string{`We have \(8s - 4 = 4t\), where \(t = 2s + 1\). Simplifying gives \(2s - 2 = t\).`}, want: wantNotRefuted},
	{family: "impdomain other", steps: []string{`If \(8s - 4 = 4t\), where \(t\) is an integer, then simplifying gives \(2s - 2 = t\).`}, want: wantNotRefuted},
	{family: "impdomain other", steps: []string{`We have \(8s - 4 = 4t\), where \(t\) is the number of teams. Simplifying gives \(2s - 2 = t\).`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "impdomain wrong", steps: []string{`We have \(8s - 4 = 4t\), where \(t\) is an integer. Simplifying gives \(2s - 2 = t\).`}, want: wantRefuted, claim: "8 * s - 4 = 4 * t ⇒ 2 * s - 2 = t"},
	{family: "impdomain wrong", steps: []string{`We have \(3p + 9 = 3q\), where \(p\) and \(q\) are positive integers. Simplifying gives \(p + 3 = 3q\).`}, want: wantRefuted},
	{family: "impdomain wrong", steps: []string{`For \(r = 4\), we have \(6k - 2 = 2m\), where \(m\) is an integer. Simplifying gives us \(3k = m\).`}, want: wantRefuted},
}

func TestImpDomainTraps(t *testing.T) {
	runTraps(t, "impdomain", impDomainTraps, nil)
}
