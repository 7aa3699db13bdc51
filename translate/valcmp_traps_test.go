package translate

import "testing"

// valCmpTraps pin the comparisons said of the value just written
// (docs/TRANSLATE.md, "A comparison said of the value just written";
// package valprop): true comparisons are left alone, math whose names are
// not given values before (the clause may be about a name solved for), a
// decimal within a unit of its last place and hedged sentences are not
// read, and a false comparison of the value is refuted. The wording and the
// numbers are ours.
var valCmpTraps = []trap{
	// True comparisons: nothing to refute.
	{family: "valcmp true", steps: []string{`The ratio is \(\frac{11}{8}\), which is greater than 1.`}, want: wantNotRefuted},
	{family: "valcmp true", steps: []string{`With \(b = 2\), the base \(3b - 4 = 2\), which is larger than 1, so the logarithm is defined.`}, want: wantNotRefuted},
	{family: "valcmp true", steps: []string{`Then \(s = 14 - 20 = -6\) (which is less than or equal to \(-6\)).`}, want: wantNotRefuted},
	{family: "valcmp true", steps: []string{`So \(\frac{5}{6}\), which is not greater than 1, is kept.`}, want: wantNotRefuted},
	// Variants: other numbers and words, false: refuted.
	{family: "valcmp wrong", steps: []string{`The ratio is \(\frac{11}{8}\), which is smaller than 1.`}, want: wantRefuted, claim: "11/8 < 1"},
	{family: "valcmp wrong", steps: []string{`With \(b = 2\), the base \(3b - 4 = 2\), which is less than 1, so the logarithm is undefined.`}, want: wantRefuted, claim: "2 < 1"},
	{family: "valcmp wrong", steps: []string{`However, \(t = \frac{1}{3}\) is not allowed since it makes \(6t + 1 = 3\), which is bigger than 5.`}, want: wantRefuted, claim: "3 > 5"},
	{family: "valcmp wrong", steps: []string{`Then \(s = 14 - 20 = -6\) (which is greater than or equal to \(-5\)).`}, want: wantRefuted, claim: "-6 ≥ -5"},
	{family: "valcmp wrong", steps: []string{`So \(\frac{7}{6}\), which is not greater than 1, is kept.`}, want: wantRefuted, claim: "7/6 ≤ 1"},
	// The clause may be about something else than the value: not read.
	{family: "valcmp other", steps: []string{`Solving, \(2^k = \frac{1}{8}\), which is less than 0.`}, want: wantNotRefuted},
	{family: "valcmp other", steps: []string{`With \(b = 3\), the base \(3b - 4 = 2\), which is less than 1.`}, want: wantNotRefuted},
	{family: "valcmp other", steps: []string{`The ratio is \(\frac{11}{8}\), which is smaller than 1 plus the rest.`}, want: wantNotRefuted},
	{family: "valcmp other", steps: []string{`We get \(p \le 4\), which is smaller than 1.`}, want: wantNotRefuted},
	// Hedged, tested, rejected or approximate: not read.
	{family: "valcmp hedged", steps: []string{`The ratio is \(\frac{11}{8}\), which is smaller than 1?`}, want: wantNotRefuted},
	{family: "valcmp hedged", steps: []string{`The ratio is \(\frac{11}{8}\), which is roughly smaller than 1.`}, want: wantNotRefuted},
	{family: "valcmp hedged", steps: []string{`I wrote \(\frac{11}{8}\), which is smaller than 1, by mistake.`}, want: wantNotRefuted},
	{family: "valcmp hedged", steps: []string{`The ratio is \(\frac{143}{100}\), which is greater than 1.5.`}, want: wantNotRefuted},
}

func TestValCmpTraps(t *testing.T) {
	runTraps(t, "valcmp", valCmpTraps, nil)
}
