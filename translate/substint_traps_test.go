package translate

import "testing"

// substIntTraps pin the claims that a value put into an equation gives no integer for the other
// name (docs/TRANSLATE.md, "A value put into an equation said to give no integer"; package
// substint): a value that gives no whole value is left alone, a whole value that solves the
// equation refutes the claim, and a claim that one is given, an equation in other or more names
// and a supposing or asking sentence are not read. The wording and the numbers are ours.
var substIntTraps = []trap{
	// True forms: no whole value.
	{family: "substint true", steps: []string{`Then \(c = 4\), but substituting \(c = 4\) into \(cd = 6\) doesn't give an integer value for \(d\).`}, want: wantNotRefuted},
	{family: "substint true", steps: []string{`Plugging \(u = 2\) into \(3u + 2v = 9\) does not give an integer for \(v\).`}, want: wantNotRefuted},
	// Variants that are real errors: refuted.
	{family: "substint wrong", steps: []string{`Then \(c = -3\), but substituting \(c = -3\) into \(cd = 6\) doesn't give an integer value for \(d\).`}, want: wantRefuted, claim: "gives no integer d"},
	{family: "substint wrong", steps: []string{`Plugging \(u = 1\) into \(3u + 2v = 9\) does not give an integer for \(v\).`}, want: wantRefuted, claim: "gives no integer v"},
	{family: "substint wrong", steps: []string{`Putting \(s = \frac{1}{3}\) into \(6st - 1 = 7\) cannot yield a whole number for \(t\).`}, want: wantRefuted, claim: "gives no integer t"},
	// Other claims, other names: not read.
	{family: "substint other", steps: []string{`Substituting \(c = -3\) into \(cd = 6\) gives an integer value for \(d\).`}, want: wantNotRefuted},
	{family: "substint other", steps: []string{`Substituting \(c = -3\) into \(cde = 6\) doesn't give an integer value for \(d\).`}, want: wantNotRefuted},
	{family: "substint other", steps: []string{`Substituting \(c = -3\) into \(ce = 6\) doesn't give an integer value for \(d\).`}, want: wantNotRefuted},
	// Supposed or asked: not read.
	{family: "substint hedged", steps: []string{`If substituting \(c = -3\) into \(cd = 6\) doesn't give an integer value for \(d\), we try again.`}, want: wantNotRefuted},
	{family: "substint hedged", steps: []string{`Perhaps substituting \(c = -3\) into \(cd = 6\) doesn't give an integer value for \(d\).`}, want: wantNotRefuted},
}

func TestSubstIntTraps(t *testing.T) {
	runTraps(t, "substint", substIntTraps, nil)
}
