package translate

import "testing"

// listRangeTraps pin the values a sentence lists for a name against the
// range it states for it (docs/TRANSLATE.md, "Values listed against a
// range stated with them"; package listrange): lists inside the range are
// left alone, a range or a list of another name, a list that excludes or
// corrects, and a supposed one are not read, and a value outside the
// range is refuted. The wording and the numbers are ours.
var listRangeTraps = []trap{
	// Inside the range.
	{family: "listrange inside", steps: []string{`- \(m\) can be 0, 4, or 8 (since \(0 \leq m \leq 9\)).`}, want: wantNotRefuted},
	{family: "listrange inside", steps: []string{`The possible values of \(k\) are 2, 5 and 7, as \(1 < k < 8\).`}, want: wantNotRefuted},
	// Another name, another form, or no range with the list.
	{family: "listrange other", steps: []string{`\(p\) can be 1, 2, or 12 (since \(0 \le q \le 6\)).`}, want: wantNotRefuted},
	{family: "listrange other", steps: []string{`Since \(0 \le n \le 5\) we count 6 values. Then \(n\) can be 7 in the next round.`}, want: wantNotRefuted},
	{family: "listrange other", steps: []string{`\(r\) can be 3x or 12 when \(1 \le r \le 10\) holds.`}, want: wantNotRefuted},
	// Excluded, corrected or supposed.
	{family: "listrange excluded", steps: []string{`\(t\) can be 0, 4, 8 or 12, but since \(0 \le t \le 9\), 12 is out.`}, want: wantNotRefuted},
	{family: "listrange excluded", steps: []string{`If \(u\) can be 2, 4 or 11 with \(1 \le u \le 10\), the count changes.`}, want: wantNotRefuted},
	{family: "listrange excluded", steps: []string{`\(v\) can be 1, 3, 5 or 11, and since \(1 \le v \le 9\) we drop 11.`}, want: wantNotRefuted},
	{family: "listrange excluded", steps: []string{`\(w\) can only be 0, 5 or 10 (since \(0 \le w \le 7\)).`}, want: wantNotRefuted},
	// A value outside the range: refuted.
	{family: "listrange wrong", steps: []string{`- \(m\) can be 0, 4, 8 or 12 (since \(0 \leq m \leq 9\)).`}, want: wantRefuted, claim: "0 ≤ 12 ≤ 9"},
	{family: "listrange wrong", steps: []string{`The possible values of \(k\) are 0, 3 and 6, as \(1 \le k \le 8\).`}, want: wantRefuted, claim: "1 ≤ 0 ≤ 8"},
	{family: "listrange wrong", steps: []string{`So \(j\) can be 2, 4, 6 or 8, with \(2 < j < 9\).`}, want: wantRefuted, claim: "2 < 2 < 9"},
	// A set written with \in is not read.
	{family: "listrange set", steps: []string{`So \(j \in \{2, 4, 6, 8\}\) with \(2 < j < 9\).`}, want: wantNotRefuted},
}

func TestListRangeTraps(t *testing.T) {
	runTraps(t, "listrange", listRangeTraps, nil)
}
