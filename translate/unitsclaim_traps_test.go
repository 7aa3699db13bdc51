package translate

import "testing"

// unitsClaimTraps pin the approximations of an exact computation shown to
// the units (docs/TRANSLATE.md, "Approximations of an exact computation
// shown to the units"; package arith): a whole number of four or more
// places whose last digit is not 0, set with ≈ against a computation of
// whole numbers, claims its units; it is refuted when it is 2 or more away
// from the value and no rounding of the computation's numbers comes within
// 1 of it. Roundings, a last digit 0, short numbers, decimals, names and
// estimates keep the loose tolerance. The wording and the numbers are ours.
var unitsClaimTraps = []trap{
	// True forms: the value, its rounding or its truncation.
	{family: "units true", steps: []string{`Then \(\sqrt{45,239,076} \approx 6726\).`}, want: wantNotRefuted},
	{family: "units true", steps: []string{`So \(\frac{100000}{7} \approx 14286\).`}, want: wantNotRefuted},
	{family: "units true", steps: []string{`So \(\frac{100000}{7} \approx 14285\).`}, want: wantNotRefuted},
	{family: "units true", steps: []string{`The product is \(1234 \times 56 \approx 69104\).`}, want: wantNotRefuted},
	{family: "units true", steps: []string{`The root is \(\sqrt{5000000} \approx 2236\).`}, want: wantNotRefuted},
	// Variants: other numbers, another computation, wrong by more than the units: refuted.
	{family: "units wrong", steps: []string{`Then \(\sqrt{45,239,076} \approx 6731\).`}, want: wantRefuted, claim: "6731"},
	{family: "units wrong", steps: []string{`So \(\frac{100000}{7} \approx 14291\).`}, want: wantRefuted, claim: "14291"},
	{family: "units wrong", steps: []string{`The product is \(1234 \times 56 \approx 69117\).`}, want: wantRefuted, claim: "69117"},
	// A rounding of the computation's numbers explains it: left alone.
	{family: "units rounded", steps: []string{`Then \(\sqrt{45,239,076} \approx 6708\).`}, want: wantNotRefuted},
	{family: "units rounded", steps: []string{`Then \(\sqrt{45,239,076} \approx 6723\).`}, want: wantNotRefuted},
	// A last digit 0, fewer than four places, a decimal or an estimate: the loose tolerance.
	{family: "units loose", steps: []string{`Then \(\sqrt{45,239,076} \approx 6730\).`}, want: wantNotRefuted},
	{family: "units loose", steps: []string{`So \(\frac{1000}{7} \approx 147\).`}, want: wantNotRefuted},
	{family: "units loose", steps: []string{`So \(\frac{10000.5}{7} \approx 1437\).`}, want: wantNotRefuted},
	{family: "units loose", steps: []string{`As a rough estimate, \(\sqrt{45,239,076} \approx 6731\).`}, want: wantNotRefuted},
	{family: "units loose", steps: []string{`Estimating, \(\sqrt{45,239,076} \approx 6731\).`}, want: wantNotRefuted},
}

func TestUnitsClaimTraps(t *testing.T) {
	runTraps(t, "unitsclaim", unitsClaimTraps, nil)
}
