package translate

// withheldTraps are the trap corpus's chains for the refutations that were
// held back and that the text settles (issue 29, "Withheld refutations
// decided where the text settles them"): for each lifted hold, variants
// the text asserts (refuted), look-alikes where the hold must stay (not
// refuted), and the true readings (verified). The wording is ours.
var withheldTraps = []trap{
	// A contrast word alone ("however", "but") rejects nothing: the claims
	// of its sentence are asserted.
	{family: "contrast", steps: []string{`However, \(41 \times 3 = 133\).`}, want: wantRefuted},
	{family: "contrast", steps: []string{"It splits as a difference of squares: \\[ 2400 = 52^2 - 8^2 \\] However, a quicker route is to factor it directly."}, want: wantRefuted},
	{family: "contrast", steps: []string{`The total is at most \(12 \cdot 7 + 5 \cdot 3 = 100\), but only two-digit totals matter here.`}, want: wantRefuted},
	{family: "contrast", steps: []string{`But \(17 + 26 = 42\), so the pair works.`}, want: wantRefuted},
	// "…= v, not w": the other value is rejected, the claim stands.
	{family: "contrast", steps: []string{"- For \\(y = 2\\), we get \\(8 - 12 + 6 - 1 = 3\\), not 0.\n- For \\(y = 3\\), we get \\(27 - 27 + 9 - 1 = 8\\), not 0."}, want: wantRefuted, claim: "8 - 12 + 6 - 1 = 3"},
	{family: "contrast", steps: []string{`So \(14 \times 6 = 86\), not 84.`}, want: wantRefuted},
	// look-alikes: the sentence rejects or hedges the claim.
	{family: "contrast", steps: []string{"Subtracting gives \\[ 7 = -3 \\] However, this is impossible, so there is no solution."}, want: wantNotRefuted},
	{family: "contrast", steps: []string{"Dividing by \\(Q(2)\\): \\[ 3 = 1 \\] However, this is a contradiction."}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`One might think \(6 \times 7 = 48\), but the product is smaller.`}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`We first wrote \(2 \cdot 9 = 19\), but that was a slip.`}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`\(3 + 4 = 8\) is not right, but close.`}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`We get \(5 \times 5 = 30\), not 25, wait.`}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`One might get \(7 \times 8 = 54\), not 56.`}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`However, if \(2 + 2 = 5\), everything breaks.`}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`The product is not \(9 \cdot 4 = 38\), but something else.`}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`However, \(6 \cdot 8 = 50\) is roughly right.`}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`Is \(13 \cdot 3 = 38\)? But no.`}, want: wantNotRefuted},
	// a condition raised under a contrast word: "we also have" a requirement to check.
	{family: "contrast", steps: []string{`So the third side may be 2. But we also have \(2 + 2 > 4\).`}, want: wantNotRefuted},
	{family: "contrast", steps: []string{`However, \(7 - 2 \geq 6\) is needed too.`}, want: wantNotRefuted},
	// true readings.
	{family: "contrast", steps: []string{`However, \(41 \times 3 = 123\).`}, want: wantVerified},
	{family: "contrast", steps: []string{"- For \\(y = 2\\), we get \\(8 - 12 + 6 - 1 = 1\\), not 0."}, want: wantVerified},
	{family: "contrast", steps: []string{`The total is at most \(12 \cdot 7 + 5 \cdot 3 = 99\), but only two-digit totals matter here.`}, want: wantVerified},

	// Modular arithmetic in the chain: "=" between whole numbers whose
	// difference shares no factor with any modulus named is no congruence.
	{family: "modular", steps: []string{`The remainder of 283 (mod 13): \(283 = 13 \times 21 + 12\).`}, want: wantRefuted},
	{family: "modular", steps: []string{`We need \(x \equiv 0 \pmod{59}\).`, `Dividing, \(4000 = 59 \cdot 67 + 40\).`}, step: 1, want: wantRefuted},
	{family: "modular", steps: []string{`We need \(x \equiv 0 \pmod{59}\).`, `First \[ 4000 \div 59 \approx 68.27 \]`}, step: 1, want: wantRefuted},
	// look-alikes: a congruence written with "=", for a named modulus or a divisor of one.
	{family: "modular", steps: []string{`Modulo 25: \(3^4 = 81 = 6\).`}, want: wantNotRefuted},
	{family: "modular", steps: []string{`Working mod 12, \(7 \cdot 5 = 35 = 11\).`}, want: wantNotRefuted},
	{family: "modular", steps: []string{`We reduce modulo 100, first modulo 4: \(7^2 = 49 = 1\).`}, want: wantNotRefuted},
	{family: "modular", steps: []string{`We need \(x \equiv 0 \pmod{59}\).`, `Then \(4000 = 47 + 59\).`}, step: 1, want: wantNotRefuted},
	// a modulus not named as a number, a carry (in an unnamed base), a fraction (an inverse).
	{family: "modular", steps: []string{`Working modulo \(p\), we have \(14 = 9\).`}, want: wantNotRefuted},
	{family: "modular", steps: []string{`In \(\pmod{2^{3}}\), \(13 = 6\).`}, want: wantNotRefuted},
	{family: "modular", steps: []string{`Adding the units column with a carry: \(5 + 4 = 2\).`}, want: wantNotRefuted},
	{family: "modular", steps: []string{`Modulo 7: \(\frac{1}{2} = 4\).`}, want: wantNotRefuted},
	{family: "modular", steps: []string{`Modulo 7, \(3^2 = 9 < 5\).`}, want: wantNotRefuted},
	// a modulus the chain names in words: a units digit (10), "divided by 9".
	{family: "modular", steps: []string{`We work modulo 7.`, `The units digit repeats, so \(3^{20} = 1\).`}, step: 1, want: wantNotRefuted},
	{family: "modular", steps: []string{`When 58 is divided by 9 the remainder is 4.`, `So modulo 7, \(58 = 4\).`}, step: 1, want: wantNotRefuted},
	// true readings.
	{family: "modular", steps: []string{`The remainder of 283 (mod 13): \(283 = 13 \times 21 + 10\).`}, want: wantVerified},

	// A rewriting line that collects like terms and gets one wrong: the
	// link changes one term of a polynomial, and an earlier link of the
	// line is an identity.
	{family: "one-term slip", steps: []string{`The coefficient is \( -(2 \cdot 4 + 2s + 5s + 3s) = -(8 + 2s + 5s + 3s) = -(12s + 8) \).`}, want: wantRefuted, claim: "12 * s + 8"},
	{family: "one-term slip", steps: []string{`\[ (k + 1)k + 3k^2 = k^2 + k + 3k^2 = 5k^2 + k \]`}, want: wantRefuted},
	{family: "one-term slip", steps: []string{`\[ (k + 1)k + 3k^2 = k^2 + k + 3k^2 = 4k^2 + k \]`}, want: wantVerified},
	// look-alikes: an equation ends the rewriting, or nothing is rewritten before.
	{family: "one-term slip", steps: []string{`\[ x^2 + 2x + 1 = (x + 1)^2 = 9 \]`}, want: wantNotRefuted},
	{family: "one-term slip", steps: []string{`\[ x^2 + 2x + 1 = (x + 1)^2 = 2x + 10 \]`}, want: wantNotRefuted},
	{family: "one-term slip", steps: []string{`So \( 3(m + 2) = 3m + 6 = 5m + 6 \), giving \( m = 0 \).`}, want: wantNotRefuted},
	{family: "one-term slip", steps: []string{`\[ (y + 3)^2 = y^2 + 6y + 9 = 4y^2 + 2y + 1 \]`}, want: wantNotRefuted},
	{family: "one-term slip", steps: []string{`\[ 6 + 2r + 9r = 6 + 2r + 9r = 6 + 15r \]`}, want: wantNotRefuted},
	{family: "one-term slip", steps: []string{`The equation becomes \( 2(p + 1) + p = 2p + 2 + p = 4p + 2 \).`}, want: wantNotRefuted},

	// Factorials side by side are a product ("\frac{8!}{3!5!}"); a bare
	// number after a factorial, or a product after "/", is not read.
	{family: "factorial product", steps: []string{`So \(\frac{9!}{4!5!} = 126\).`}, want: wantVerified},
	{family: "factorial product", steps: []string{`So \(\binom{7}{2} = \frac{7!}{2!5!} = 22\).`}, want: wantRefuted, claim: "7! / (2! * 5!) = 22"},
	{family: "factorial product", steps: []string{`So \(2!4! = 46\).`}, want: wantRefuted},
	{family: "factorial product", steps: []string{`So \(4!2 = 46\).`}, want: wantNotRefuted},
	{family: "factorial product", steps: []string{`So \(9!/4!5! = 100\).`}, want: wantNotRefuted},

	// Sides whose one name cancels differ by a constant wherever they are
	// defined: false as an identity and as an equation.
	{family: "constant ratio", steps: []string{`\[ \frac{\frac{2}{5}u + \frac{3}{10}u}{\frac{1}{2}u} = \frac{\frac{2 + 3}{10}u}{\frac{1}{2}u} \]`}, want: wantRefuted},
	{family: "constant ratio", steps: []string{`\[ \frac{\frac{2}{5}u + \frac{3}{10}u}{\frac{1}{2}u} = \frac{\frac{4 + 3}{10}u}{\frac{1}{2}u} \]`}, want: wantVerified},
	// look-alike: the ratio depends on the name, so an equation may be meant.
	{family: "constant ratio", steps: []string{`\[ \frac{u^2 + u}{2u} = \frac{u + 3}{4} \]`}, want: wantNotRefuted},

	// A chain mixing = with an inequality around names: the closed links
	// that continue an "=" link are a computation after substitution.
	{family: "bound chain", steps: []string{`Hence \(S \ge (p + q)^2 = (11 - 2)^2 = 9^2 = 80\).`}, want: wantRefuted, claim: "9 ^ 2 = 80"},
	{family: "bound chain", steps: []string{`So \(T \le (u - v)^2 = (20 - 6)^2 = 186\).`}, want: wantRefuted},
	{family: "bound chain", steps: []string{`Hence \(S \ge (p + q)^2 = (11 - 2)^2 = 9^2 = 81\).`}, want: wantVerified},
	// look-alikes: a closed link right after the inequality, or a link with a name.
	{family: "bound chain", steps: []string{`The share where \(x > 5 - 1 = 30\) is small.`}, want: wantNotRefuted},
	{family: "bound chain", steps: []string{`The part where \(y < B - 2 = 40\) is small.`}, want: wantNotRefuted},
	{family: "bound chain", steps: []string{`Count: A=1 + B=2 + C=3 = 7, so \(W \ge 7\).`}, want: wantNotRefuted},
}
