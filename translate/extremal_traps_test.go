package translate

import "testing"

// extremalTraps pin the smallest or largest integer said to satisfy an
// inequality (docs/TRANSLATE.md, "The smallest or largest integer said to
// satisfy an inequality"; ivalclaim.ReadExtremal): true claims are left
// alone, hedged, tested or approximate sentences, neighbours the integers
// read cannot reach and inequalities in two names are not read, and a
// value that fails the inequality or whose neighbour satisfies it is
// refuted. The wording and the numbers are ours.
var extremalTraps = []trap{
	// True claims: left alone.
	{family: "extremal true", steps: []string{`The roots are \(-4\) and \(4\), so the smallest integer that satisfies \((w - 4)(w + 4) < 0\) is \(w = -3\).`}, want: wantNotRefuted},
	{family: "extremal true", steps: []string{`Thus the largest integer \(p\) that satisfies \(p^2 \le 70\) is \(p = 8\).`}, want: wantNotRefuted},
	{family: "extremal true", steps: []string{`So the greatest integer satisfying $11 - q > 2$ is $\boxed{8}$.`}, want: wantNotRefuted},
	{family: "extremal true", steps: []string{`Hence the smallest positive integer \(n\) that satisfies \(n^2 > 50\) is \(n = 8\).`}, want: wantNotRefuted},
	// Variants: other numbers and wordings, still true.
	{family: "extremal variant", steps: []string{`Therefore, the least integer value of \(z\) which satisfies \(5z - 7 \geq 18\) is \(z = 5\).`}, want: wantNotRefuted},
	{family: "extremal variant", steps: []string{`The largest integer that satisfies the inequality $3 - 2r > -10$ is $6$.`}, want: wantNotRefuted},
	// Hedged, tested, supposed, approximate, or out of reach: not read.
	{family: "extremal hedged", steps: []string{`If the smallest integer that satisfies \((w - 4)(w + 4) < 0\) were \(w = 3\), the sum would be 6.`}, want: wantNotRefuted},
	{family: "extremal hedged", steps: []string{`Let's check whether the largest integer that satisfies \(p^2 \le 70\) is \(p = 7\).`}, want: wantNotRefuted},
	{family: "extremal hedged", steps: []string{`The largest integer that satisfies \(p^2 \le 70\) is approximately 8.4.`}, want: wantNotRefuted},
	{family: "extremal hedged", steps: []string{`For positive \(n\), the smallest integer that satisfies \(n^3 > 0\) is 1.`}, want: wantNotRefuted},
	{family: "extremal other", steps: []string{`The smallest integer that satisfies \(w + v < 3\) is 2.`}, want: wantNotRefuted},
	{family: "extremal other", steps: []string{`The smallest integer that satisfies \(2 < w < 9\) is 2.`}, want: wantNotRefuted},
	{family: "extremal other", steps: []string{`The smallest positive integer for which \(D > 0\) is 3.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "extremal wrong", steps: []string{`The roots are \(-4\) and \(4\), so the smallest integer that satisfies \((w - 4)(w + 4) < 0\) is \(w = 3\).`}, want: wantRefuted, claim: "at w = 2"},
	{family: "extremal wrong", steps: []string{`Thus the largest integer \(p\) that satisfies \(70 < p^2\) is \(p = 9\).`}, want: wantRefuted, claim: "at p = 10"},
	{family: "extremal wrong", steps: []string{`So the greatest integer \(q\) satisfying $11 - q > 2$ is $\boxed{9}$.`}, want: wantRefuted, claim: "at q = 9"},
	{family: "extremal wrong", steps: []string{`Hence the largest integer \(s\) such that \(s^2 < 90\) is \(s = 10\).`}, want: wantRefuted, claim: "at s = 10"},
	{family: "extremal wrong", steps: []string{`Hence the smallest integer \(s\) for which \(4s > 21\) is \(s = 7\).`}, want: wantRefuted, claim: "at s = 6"},
	{family: "extremal wrong", steps: []string{`Hence the smallest positive integer \(n\) that satisfies \(n^2 > 50\) is \(n = 9\).`}, want: wantRefuted, claim: "at n = 8"},
}

func TestExtremalTraps(t *testing.T) {
	runTraps(t, "extremal", extremalTraps, nil)
}
