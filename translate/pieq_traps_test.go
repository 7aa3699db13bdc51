package translate

import "testing"

// piEqTraps pin a value in π set equal to a bare number with a plain "="
// (docs/TRANSLATE.md, "A value in π said equal to a number"; package
// piapprox, ReadEq): an "=" that approximates to the digits shown, with π
// taken as 3.14 or 22/7, is left alone; a number far from every such value
// is refuted; a number that does not close its side, a unit the number
// does not repeat, an approximation of π outside 3.14 to 22/7, a
// supposition and another name are not read. The wording and the numbers
// are ours.
var piEqTraps = []trap{
	// True forms: an "=" used as an approximation, or exact in π.
	{family: "pieq true", steps: []string{`The circumference is \(2\pi \cdot 5 = 31.42\) meters.`}, want: wantNotRefuted},
	{family: "pieq true", steps: []string{`So the area is \(25\pi = 78.5\) square units.`}, want: wantNotRefuted},
	{family: "pieq true", steps: []string{"The two volumes add up to\n\\[ 60 + 4\\pi \\, \\text{m}^3 = 72.57 \\, \\text{m}^3 \\]\nas expected."}, want: wantNotRefuted},
	{family: "pieq true", steps: []string{`The arc is \(\frac{22}{7} \cdot 14 = 44\) cm long, with \(\pi \approx \frac{22}{7}\).`}, want: wantNotRefuted},
	{family: "pieq true", steps: []string{`The angle is \(\frac{\pi}{4} = 45^\circ\).`}, want: wantNotRefuted},
	{family: "pieq true", steps: []string{`Then \(\pi r^2 = 49\pi = 49 \pi\) square units.`}, want: wantNotRefuted},
	// Variants: other numbers, units and wording, right.
	{family: "pieq variant", steps: []string{`The disc has area \(16\pi \text{ cm}^2 = 50.3 \text{ cm}^2\).`}, want: wantNotRefuted},
	{family: "pieq variant", steps: []string{`Their sum is $12 + 3\pi = 21.42$, so we go on.`}, want: wantNotRefuted},
	// The number does not close its side, or the units differ: not read.
	{family: "pieq other", steps: []string{`Then \(\pi (3)^2 = 9 \pi\) square units.`}, want: wantNotRefuted},
	{family: "pieq other", steps: []string{`So \(4\pi = 4 \cdot 3.1\) roughly.`}, want: wantNotRefuted},
	{family: "pieq other", steps: []string{`So \(10\pi \, \text{cm}^2 = 5 \, \text{mm}^2\) here.`}, want: wantNotRefuted},
	{family: "pieq other", steps: []string{`Then \(2\pi k = 12\) gives k.`}, want: wantNotRefuted},
	{family: "pieq other", steps: []string{`We have \(\pi(30) = 10\), the primes up to 30.`}, want: wantNotRefuted},
	{family: "pieq other", steps: []string{`The angle at the centre is \(\frac{\pi}{3} = 60\), a sixth of the turn.`}, want: wantNotRefuted},
	{family: "pieq other", steps: []string{`Then \(\pi = 2\) sends the first card to the second place.`}, want: wantNotRefuted},
	// π approximated outside 3.14 to 22/7, or a supposition: not read.
	{family: "pieq hedged", steps: []string{`Taking \(\pi \approx 3\), the area is \(25\pi = 75\).`}, want: wantNotRefuted},
	{family: "pieq hedged", steps: []string{`Use 3 for π from now on.`, `The area is \(25\pi = 75\).`}, step: 1, want: wantNotRefuted},
	{family: "pieq hedged", steps: []string{`If the area were \(25\pi = 60\), the tiles would fit.`}, want: wantNotRefuted},
	{family: "pieq hedged", steps: []string{`The area is about \(25\pi = 80\) square feet.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "pieq wrong", steps: []string{"Adding the two volumes:\n\\[ 60 + 4\\pi \\, \\text{m}^3 = 60 \\, \\text{m}^3 \\]\nwhich matches (with \\(\\pi \\approx 3.14\\))."}, want: wantRefuted, claim: "4*π + 60 = 60"},
	{family: "pieq wrong", steps: []string{`So the area is \(25\pi = 58.5\) square units.`}, want: wantRefuted},
	{family: "pieq wrong", steps: []string{`The circumference is \(2\pi \cdot 5 = 15.71\) meters.`}, want: wantRefuted},
	{family: "pieq wrong", steps: []string{`The disc has area \(16\pi \text{ cm}^2 = 32 \text{ cm}^2\).`}, want: wantRefuted},
}

func TestPiEqTraps(t *testing.T) {
	runTraps(t, "pieq", piEqTraps, nil)
}
