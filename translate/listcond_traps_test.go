package translate

import "testing"

// listCondTraps pin the values listed against a condition stated with them
// (docs/TRANSLATE.md, "Values listed against a condition stated with them";
// package listcond): values that meet the condition are left alone, a
// list that is supposed, tested, corrected or sampled is not decided, a
// condition on more than the name is not read, and a listed value that
// fails the condition is refuted. The wording and the numbers are ours.
var listCondTraps = []trap{
	// True lists: nothing to refute.
	{family: "listcond true", steps: []string{`The values of \(m\) that make \(m(12 - m)\) a perfect square are \(m = 0, 6, 12\).`}, want: wantNotRefuted},
	{family: "listcond true", steps: []string{`So the values of \(n\) for which \(n^2 + 4\) is a prime number are 1, 3, 5 and 7.`}, want: wantNotRefuted},
	{family: "listcond true", steps: []string{`Thus the values of \(t\) that satisfy \(t^2 < 20\) are \(-4, 0, 4\).`}, want: wantNotRefuted},
	{family: "listcond true", steps: []string{"Hence:\n- \\(E \\equiv 3 \\pmod{4}\\) and \\(E \\neq 7\\). Possible values for \\(E\\) are 3, 11.\n- done"}, want: wantNotRefuted},
	{family: "listcond true", steps: []string{`As \(q \equiv 1 \pmod{6}\), the possible values of \(q\) are 1, 7 and 13.`}, want: wantNotRefuted},
	// Supposed, tested, corrected or sampled lists: left alone.
	{family: "listcond hedged", steps: []string{`If the values of \(m\) that make \(m(12 - m)\) a perfect square are 2 and 6, the sum is 8.`}, want: wantNotRefuted},
	{family: "listcond hedged", steps: []string{`We check whether the values of \(m\) that make \(m(12 - m)\) a perfect square are 2 and 6.`}, want: wantNotRefuted},
	{family: "listcond hedged", steps: []string{`The values of \(m\) that make \(m(12 - m)\) a perfect square are 3, 6, \ldots`}, want: wantNotRefuted},
	{family: "listcond hedged", steps: []string{"- \\(E \\neq 7\\). Possible values for \\(E\\) are 3, 7, 11. Removing 7 leaves 3 and 11."}, want: wantNotRefuted},
	{family: "listcond hedged", steps: []string{`The values of \(x\) that satisfy \(x^2 < 20\) are candidates 5 and 6, but both fail.`}, want: wantNotRefuted},
	// Conditions on more than the name, on another name, or stated with more words.
	{family: "listcond other", steps: []string{"- \\(3 + E \\equiv 2 \\pmod{4}\\). Possible values for \\(E\\) are 2, 4, 6."}, want: wantNotRefuted},
	{family: "listcond other", steps: []string{"- \\(E \\neq 7\\) and \\(F \\neq 2\\). Possible values for \\(F\\) are 1, 7."}, want: wantNotRefuted},
	{family: "listcond other", steps: []string{"- Earlier we found \\(E \\neq 7\\). Possible values for \\(E\\) are 3, 7."}, want: wantNotRefuted},
	{family: "listcond other", steps: []string{`The values of \(m\) that make \(m(12 - k)\) a perfect square are 2 and 3.`}, want: wantNotRefuted},
	// A count right after a list written with ellipses: right, or not read.
	{family: "listcond count", steps: []string{`So the possible values of \(h\) are \(-6, -5, \ldots, 0, 2, 4, \ldots, 10\). This gives us 12 possible values.`}, want: wantNotRefuted},
	{family: "listcond count", steps: []string{`The values of \(h\) are 1, 4, ..., 25. So there are 9 such values.`}, want: wantNotRefuted},
	{family: "listcond count", steps: []string{`The values of \(h\) are 5, 10, ..., 50. We check them: there are 7 values left.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "listcond wrong", steps: []string{`So the possible values of \(h\) are \(-6, -5, \ldots, 0, 2, 4, \ldots, 10\). This gives us 14 possible values.`}, want: wantRefuted, claim: "the count of the values listed = 14"},
	{family: "listcond wrong", steps: []string{`The values of \(h\) are 5, 10, \ldots, 50. So there are 11 such values.`}, want: wantRefuted, claim: "the count of the values listed = 11"},
	{family: "listcond wrong", steps: []string{`The values of \(m\) that make \(m(12 - m)\) a perfect square are \(m = 3, 6, 12\).`}, want: wantRefuted, claim: "m * (12 - m) at m = 3 is a perfect square"},
	{family: "listcond wrong", steps: []string{`So the values of \(n\) for which \(n^2 + 4\) is a prime number are 1, 3, 4 and 5.`}, want: wantRefuted, claim: "at n = 4 is a prime number"},
	{family: "listcond wrong", steps: []string{`Thus the values of \(t\) that satisfy \(t^2 < 20\) are \(-4, 0, 5\).`}, want: wantRefuted, claim: "t^2 < 20 at t = 5"},
	{family: "listcond wrong", steps: []string{"Hence:\n- \\(E \\equiv 3 \\pmod{4}\\) and \\(E \\neq 7\\). Possible values for \\(E\\) are 3, 7, 11.\n- done"}, want: wantRefuted, claim: "E ≠ 7 at E = 7"},
	{family: "listcond wrong", steps: []string{`As \(q \equiv 1 \pmod{6}\), the possible values of \(q\) are 1, 7 and 12.`}, want: wantRefuted, claim: "q ≡ 1 (mod 6) at q = 12"},
	{family: "listcond wrong", steps: []string{`The values of \(x\) that make \(\frac{x + 1}{3}\) an integer are 2, 5 and 7.`}, want: wantRefuted, claim: "at x = 7 is an integer"},
}

func TestListCondTraps(t *testing.T) {
	runTraps(t, "listcond", listCondTraps, nil)
}
