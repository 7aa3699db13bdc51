package translate

import "testing"

// piApproxTraps pin the approximations of closed values in π
// (docs/TRANSLATE.md, "Approximations of values in π"; package piapprox):
// true approximations, to any digits shown and with π taken as 3.14 or
// 22/7, are left alone; a value off by more than its digits allow is
// refuted; a step or problem that approximates π itself, a sentence that
// supposes or estimates, the count of primes π(n) and a member with
// another name are not read. The wording and the numbers are ours.
var piApproxTraps = []trap{
	// True forms: nothing to refute.
	{family: "piapprox true", steps: []string{`The area of the circle is \(\pi (7)^2 = 49\pi \approx 153.94\) square units.`}, want: wantNotRefuted},
	{family: "piapprox true", steps: []string{`The volume is V = π(3)²(4) = approximately 113.1 cubic inches.`}, want: wantNotRefuted},
	{family: "piapprox true", steps: []string{`So the shaded part is \(36 - 9\pi \approx 7.73\) square feet.`}, want: wantNotRefuted},
	{family: "piapprox true", steps: []string{`The arc is \(\frac{5\pi}{3} \approx 5.24\) units long.`}, want: wantNotRefuted},
	{family: "piapprox true", steps: []string{`The circumference is \(2\pi \cdot 6 \approx 38\) meters.`}, want: wantNotRefuted},
	// Within the tolerance "≈" has everywhere: a twentieth of the value
	// where fewer than two places are shown, ten units of the last place
	// where two or more are.
	{family: "piapprox tolerance", steps: []string{`The area is \(49\pi \approx 150.5\) square units.`}, want: wantNotRefuted},
	{family: "piapprox tolerance", steps: []string{`The circumference is \(2\pi \cdot 6 \approx 37.5\) meters.`}, want: wantNotRefuted},
	{family: "piapprox tolerance", steps: []string{`The arc is \(\frac{5\pi}{3} \approx 5.20\) units long.`}, want: wantNotRefuted},
	{family: "piapprox tolerance wrong", steps: []string{`The area is \(49\pi \approx 140.2\) square units.`}, want: wantRefuted},
	{family: "piapprox tolerance wrong", steps: []string{`The arc is \(\frac{5\pi}{3} \approx 5.40\) units long.`}, want: wantRefuted},
	// Not read: π approximated itself, suppositions, estimates, other names, π(n).
	{family: "piapprox other", steps: []string{`Taking \(\pi \approx 3\), the area is \(49\pi \approx 147\).`}, want: wantNotRefuted},
	{family: "piapprox other", steps: []string{`With \(\pi = 3.14\): \(49\pi \approx 153.86\).`}, want: wantNotRefuted},
	{family: "piapprox other", steps: []string{`Use 3 for π throughout.`, `The area is \(49\pi \approx 147\).`}, step: 1, want: wantNotRefuted},
	{family: "piapprox other", steps: []string{`If the area were \(49\pi \approx 150\), the tiles would fit.`}, want: wantNotRefuted},
	{family: "piapprox other", steps: []string{`As an estimate, \(49\pi \approx 150\).`}, want: wantNotRefuted},
	{family: "piapprox other", steps: []string{`There are \(\pi(100) \approx 25\) primes below 100.`}, want: wantNotRefuted},
	{family: "piapprox other", steps: []string{`The area is \(\pi r^2 \approx 153.9\) for the radius found.`}, want: wantNotRefuted},
	{family: "piapprox other", steps: []string{`The central angle is \(\frac{\pi}{6} \approx 30\) degrees.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "piapprox wrong", steps: []string{`The area of the circle is \(\pi (7)^2 = 49\pi \approx 143.94\) square units.`}, want: wantRefuted, claim: "49*π ≈ 143.94"},
	{family: "piapprox wrong", steps: []string{`The volume is V = π(3)²(4) = approximately 37.7 cubic inches.`}, want: wantRefuted},
	{family: "piapprox wrong", steps: []string{`So the shaded part is \(36 - 9\pi \approx 8.73\) square feet.`}, want: wantRefuted},
	{family: "piapprox wrong", steps: []string{`The arc is \(\frac{5\pi}{3} \approx 5.42\) units long.`}, want: wantRefuted},
	{family: "piapprox wrong", steps: []string{`The circumference is \(2\pi \cdot 6 \approx 18.85\) meters.`}, want: wantRefuted},
}

func TestPiApproxTraps(t *testing.T) {
	runTraps(t, "piapprox", piApproxTraps, nil)
}
