package translate

import "testing"

// recomputedTraps pin a line restated with its right side computed
// (docs/TRANSLATE.md, "A line restated with its right side computed";
// symimp.Recomputed): the left side must stay what it was; a multiple of
// it with the same number on the right is refuted, true restatements and
// systems are left alone. The wording and the numbers are ours.
var recomputedTraps = []trap{
	// True restatements.
	{family: "recomputed true", steps: []string{"Adding the two equations:\n\\[ (x + 2y) + (3x - y) = 11 + 9 \\]\n\\[ 4x + y = 20 \\]"}, want: wantNotRefuted},
	{family: "recomputed true", steps: []string{"\\[ (pq + r) + (pr + q) = 5 + 13 \\]\n\\[ pq + pr + q + r = 18 \\]"}, want: wantNotRefuted},
	// The right side computed wrongly is another reader's (arithmetic), not this one's.
	{family: "recomputed other", steps: []string{"\\[ 3(uv + w) = 12 \\cdot 3 \\]\n\\[ 3uv + 3w = 36 \\]"}, want: wantNotRefuted},
	// A system: the right sides are no computation of one another.
	{family: "recomputed system", steps: []string{"The conditions are\n\\[ m + n = 14 \\]\n\\[ 2m + 2n = 14 \\]"}, want: wantNotRefuted},
	{family: "recomputed system", steps: []string{"\\[ m + n = 7 + 7 \\]\n\\[ m - n = 14 \\]"}, want: wantNotRefuted},
	// Supposed.
	{family: "recomputed supposed", steps: []string{"If we added them we would get\n\\[ (ab + c) + (ac + b) = 6 + 10 \\]\n\\[ 2(ab + ac + b + c) = 16 \\]"}, want: wantNotRefuted},
	// A left side doubled (or halved) while the right side was only computed: refuted.
	{family: "recomputed wrong", steps: []string{"Adding the three equations:\n\\[ (xy + z) + (xz + y) + (yz + x) = 12 + 15 + 21 \\]\n\\[ 2(xy + xz + yz + x + y + z) = 48 \\]"}, want: wantRefuted, claim: "⇒"},
	{family: "recomputed wrong", steps: []string{"Summing, \\[ (2p + 4q) + (6p + 2q) = 30 + 10 \\] \\[ 4p + 3q = 40 \\]"}, want: wantRefuted},
}

func TestRecomputedTraps(t *testing.T) {
	runTraps(t, "recomputed", recomputedTraps, nil)
}
