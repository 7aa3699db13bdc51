package translate

import "testing"

// intervalListTraps is the trap corpus of the family "the integers of an interval listed" (issue
// 29; docs/TRANSLATE.md, "Values listed against a range stated with them"): a list that the text
// says holds the integers of an interval is refuted when it holds a value outside or leaves one
// out; right lists, lists of a part of the integers (even, positive, prime), lists that go on
// ("…", "through"), and supposed or corrected lists are left alone. The wording is ours.
var intervalListTraps = []trap{
	// Right lists: left alone.
	{family: "interval true", steps: []string{`So we take the integers in the interval \((2, 6.5)\). These integers are \(3, 4, 5,\) and \(6\).`}, want: wantNotRefuted},
	{family: "interval true", steps: []string{`The integers in [3, 7] are 3, 4, 5, 6 and 7.`}, want: wantNotRefuted},
	{family: "interval true", steps: []string{`All integers in (-2, 1] are -1, 0 and 1.`}, want: wantNotRefuted},
	// Wrong lists: refuted.
	{family: "interval wrong", steps: []string{`We count the integers in the range $(4, 9.5)$. These integers are $5, 6, 7,$ and $8$.`}, want: wantRefuted, claim: "the number of integers in (4, 19/2) = 4"},
	{family: "interval wrong", steps: []string{`The integers in (1, 5) are 2, 3, 4 and 5.`}, want: wantRefuted, claim: "1 < 5 < 5"},
	{family: "interval wrong", steps: []string{`The integers in [2, 5] are 3, 4 and 5.`}, want: wantRefuted, claim: "= 3"},
	// Left alone.
	{family: "interval alone", steps: []string{`The even integers in (4, 10) are 6 and 8.`}, want: wantNotRefuted},
	{family: "interval alone", steps: []string{`The positive integers in (-3, 3) are 1 and 2.`}, want: wantNotRefuted},
	{family: "interval alone", steps: []string{`If the integers in (4, 9.5) are 5, 6, 7 and 8, the count is 4.`}, want: wantNotRefuted},
	{family: "interval alone", steps: []string{`The integers in (4, 12.25) are 5, 6, ..., 12.`}, want: wantNotRefuted},
	{family: "interval alone", steps: []string{`The integers in (4, 12.25) are 5 through 12.`}, want: wantNotRefuted},
	{family: "interval alone", steps: []string{`The integers in (4, 9.5) are 5, 6, 7 and 8, but we missed one.`}, want: wantNotRefuted},
	{family: "interval alone", steps: []string{`The integers in (4, 9.5) are 5, 6, 7 and 8 satisfy the bound.`}, want: wantNotRefuted},
}

func TestIntervalListTraps(t *testing.T) { runTraps(t, "interval", intervalListTraps, nil) }
