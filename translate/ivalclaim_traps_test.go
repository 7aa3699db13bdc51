package translate

import "testing"

// ivalClaimTraps pin the inequalities said to hold on stated intervals
// (docs/TRANSLATE.md, "An inequality said to hold on stated intervals";
// package ivalclaim): true claims are left alone, an inequality needed,
// tested or supposed, intervals with irrational ends and inequalities in
// two names are not read, and a claim that fails at a point of a stated
// interval is refuted. The wording and the numbers are ours.
var ivalClaimTraps = []trap{
	// True claims.
	{family: "ivalclaim true", steps: []string{`From the sign chart, \((w - 2)(w - 6) < 0\) holds on the interval \((2, 6)\).`}, want: wantNotRefuted},
	{family: "ivalclaim true", steps: []string{`So \(w^2 - 9 \ge 0\) in the intervals \((-\infty, -3]\) and \([3, \infty)\).`}, want: wantNotRefuted},
	{family: "ivalclaim true", steps: []string{`Hence \(2w + 1 > 0\) holds for \(w\) in the interval \([0, 5]\).`}, want: wantNotRefuted},
	// Needed, tested, supposed, or not read.
	{family: "ivalclaim hedged", steps: []string{`We need \((w - 2)(w - 6) < 0\) on the interval \([1, 7]\).`}, want: wantNotRefuted},
	{family: "ivalclaim hedged", steps: []string{`We check whether \((w - 2)(w - 6) < 0\) holds in the interval \([1, 7]\).`}, want: wantNotRefuted},
	{family: "ivalclaim hedged", steps: []string{`If \((w - 2)(w - 6) < 0\) held on the interval \([1, 7]\), the sum would be 7.`}, want: wantNotRefuted},
	{family: "ivalclaim other", steps: []string{`So \(w^2 - 3 < 0\) holds on the interval \((-\sqrt{3}, \sqrt{3})\).`}, want: wantNotRefuted},
	{family: "ivalclaim other", steps: []string{`So \(w^2 - v < 0\) holds on the interval \([0, 4]\).`}, want: wantNotRefuted},
	// False claims: refuted.
	{family: "ivalclaim wrong", steps: []string{`From the sign chart, \((w - 2)(w - 6) < 0\) holds on the intervals \([2, 4]\) and \((4, 6)\).`}, want: wantRefuted, claim: "at w = 2"},
	{family: "ivalclaim wrong", steps: []string{`So \(w^2 - 9 \ge 0\) in the intervals \((-\infty, -2]\) and \([3, \infty)\).`}, want: wantRefuted, claim: "at w = -2"},
	{family: "ivalclaim wrong", steps: []string{`Hence \(2w - 1 > 0\) holds for \(w\) in the interval \([0, 5]\).`}, want: wantRefuted, claim: "at w = 0"},
}

func TestIvalClaimTraps(t *testing.T) {
	runTraps(t, "ivalclaim", ivalClaimTraps, nil)
}
