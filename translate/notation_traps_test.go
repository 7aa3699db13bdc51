package translate

// notationTraps is the trap corpus of the notation family (issue 29:
// finite sums and products, claims in π): the true forms are verified or
// left alone, variants with new numbers and wording too, and look-alikes
// that are real errors are refuted. The wording is ours.
var notationTraps = []trap{
	// Sums and products with whole-number bounds, written out term by term.
	{family: "finite sum", steps: []string{`So \( \sum_{k=1}^{6} k^2 = 91 \).`}, want: wantVerified},
	{family: "finite sum", steps: []string{`Adding up, \[ \sum_{j=0}^{5} (3j - 1) = 39. \]`}, want: wantVerified},
	{family: "finite sum", steps: []string{`The product telescopes: \( \prod_{m=2}^{6} \frac{m}{m-1} = 6 \).`}, want: wantVerified},
	{family: "finite sum", steps: []string{`Shifting the index, \( \sum_{n=1}^{49} (n+1)^2 = \sum_{n=1}^{50} n^2 - 1 \).`}, want: wantNotRefuted},
	{family: "finite sum", steps: []string{`Here \( \sum_{i=1}^{4} i + 1 = 11 \).`}, want: wantNotRefuted},                         // Σ(i + 1) = 14 or Σ i + 1 = 11
	{family: "finite sum", steps: []string{`Here \( \sum_{i=1}^{4} i + 1 = 14 \).`}, want: wantNotRefuted},                         // the other reading
	{family: "finite sum", steps: []string{`Let \(n = 9\).`, `Then \( \sum_{n=1}^{4} n^3 = 100 \).`}, step: 1, want: wantVerified}, // the index is the sum's own
	{family: "finite sum", steps: []string{`We get \( \sum_{k=1}^{n} k = \frac{n(n+1)}{2} \), and \( \sum_{i=1}^{20} a_{2i} = 7 \).`}, want: wantNotRefuted},
	// look-alikes: wrong values, and a shift that adds the wrong end term.
	{family: "finite sum", steps: []string{`So \( \sum_{k=1}^{6} k^2 = 90 \).`}, want: wantRefuted},
	{family: "finite sum", steps: []string{`The product is \( \prod_{j=1}^{6} j = 620 \).`}, want: wantRefuted},
	{family: "finite sum", steps: []string{`Shifting the index, \( \sum_{n=1}^{49} (n+1)^2 = \sum_{n=1}^{50} n^2 - 1 + 50^2 \).`}, want: wantRefuted},
	{family: "finite sum", steps: []string{`Here \( \sum_{i=1}^{4} i + 1 = 12 \).`}, want: wantRefuted}, // neither reading gives 12

	// Claims in π alone: π is transcendental.
	{family: "pi", steps: []string{`The two squares add to \( \left(\frac{\pi}{3}\right)^2 + \left(\frac{\pi}{6}\right)^2 = \frac{5\pi^2}{36} \).`}, want: wantVerified},
	{family: "pi", steps: []string{`The ratio is \( \frac{12\pi}{4\pi} = 3 \).`}, want: wantVerified},
	{family: "pi", steps: []string{`The circumference is \( 2\pi \cdot 7 = 44 \).`}, want: wantNotRefuted}, // π ≈ 22/7 meant
	{family: "pi", steps: []string{`With \(\pi = 3\), the area is \( 3 \cdot 4^2 = 48 \).`}, want: wantNotRefuted},
	{family: "pi", steps: []string{`The area is \( A = \pi r^2 = 9\pi \).`}, want: wantNotRefuted}, // π beside another name
	// look-alikes: wrong in π whatever its value.
	{family: "pi", steps: []string{`The two squares add to \( \left(\frac{\pi}{3}\right)^2 + \left(\frac{\pi}{6}\right)^2 = \frac{\pi^2}{4} \).`}, want: wantRefuted},
	{family: "pi", steps: []string{`So \( 3\pi + \frac{\pi}{2} = 4\pi \).`}, want: wantRefuted},

	// A line with two \left is read (its \le is a longer command, however many).
	{family: "two left", steps: []string{`Expanding, \( \left(x + 1\right)^2 + \left(x - 1\right)^2 = 2x^2 + 2 \).`}, want: wantVerified},
	{family: "two left", steps: []string{`Expanding, \( \left(y + 2\right)^2 - \left(y - 2\right)^2 = 8y \), and \( 3 \le 4 \).`}, want: wantVerified},

	// Trigonometric functions of a name: identities by the tangent half-angle substitution.
	{family: "trig of a name", steps: []string{`Using the identity \( \cos 2\theta = 2\cos^2 \theta - 1 \), we rewrite the sum.`}, want: wantVerified},
	{family: "trig of a name", steps: []string{`By periodicity, \( \tan(\pi + y) = \tan y \).`}, want: wantVerified},
	{family: "trig of a name", steps: []string{`Also \[ \cos^4 y - \sin^4 y = (\cos^2 y - \sin^2 y)(\cos^2 y + \sin^2 y) = \cos 2y \]`}, want: wantVerified},
	{family: "trig of a name", steps: []string{`Then \( \sin^2 y = \frac{1}{3} \), so \( \cos^2 y = \frac{2}{3} \).`}, want: wantNotRefuted},     // equations in y
	{family: "trig of a name", steps: []string{`The root satisfies \( \cos y = y \).`}, want: wantNotRefuted},                                    // y outside too
	{family: "trig of a name", steps: []string{`By the law of sines, \( \frac{p}{\sin P} = \frac{q}{\sin Q} \).`}, want: wantNotRefuted},         // other names
	{family: "trig of a name", steps: []string{`So \[ L = 2r \sin\frac{\phi}{2} = 2 \cdot 3 \sin\frac{\pi - \psi}{2} \]`}, want: wantNotRefuted}, // values put in
	{family: "trig of a name", steps: []string{`If \( \sin 2y = \cos y \), then either \( \cos y = 0 \) or \( \sin y = \frac{1}{2} \).`}, want: wantNotRefuted},
	{family: "trig of a name", steps: []string{`Suppose \( \tan y = 2 \sin y \).`}, want: wantNotRefuted},
	// look-alikes: a wrong identity stated as one, a wrong rewriting, sides a constant apart.
	{family: "trig of a name", steps: []string{`We use the identity \( \cos 2\theta = 1 - \cos^2\theta \).`}, want: wantRefuted},
	{family: "trig of a name", steps: []string{`Also \[ \cos^4 y - \sin^4 y = (\cos^2 y - \sin^2 y)(\cos^2 y + \sin^2 y) = \cos^2 y + \sin^2 y \]`}, want: wantRefuted},
	{family: "trig of a name", steps: []string{`Hence \( 2\sin^2 y + \cos^2 y = \sin^2 y + 2 \).`}, want: wantRefuted},
	{family: "trig of a name", steps: []string{`For every angle, \( \cos(\pi - y) = \cos y \).`}, want: wantRefuted},

	// Logs of exact powers with radicals, fractional powers past thirds, trig at 0.
	{family: "exact powers", steps: []string{`Since the base is a root, \( \log_{\sqrt{3}} 27 = 6 \).`}, want: wantVerified},
	{family: "exact powers", steps: []string{`Then \( \log_{25} \sqrt{5} = \frac{1}{4} \).`}, want: wantVerified},
	{family: "exact powers", steps: []string{`Then \( 81^{3/4} = 27 \) and \( 32^{3/5} = 8 \).`}, want: wantVerified},
	{family: "exact powers", steps: []string{`At the origin \( \sin 0 + \cos 0 = 1 \).`}, want: wantVerified},
	{family: "exact powers", steps: []string{`So \( 3^{1/4} = 1 \).`}, want: wantNotRefuted}, // no exact value: left alone
	{family: "exact powers", steps: []string{`Then \( \log_{25} \sqrt{5} = \frac{1}{2} \).`}, want: wantRefuted},
	{family: "exact powers", steps: []string{`Then \( 81^{3/4} = 9 \).`}, want: wantRefuted},
	{family: "exact powers", steps: []string{`At the origin \( \cos 0 = 0 \).`}, want: wantRefuted},

	// Powers with a name in the exponent, read as powers of primes.
	{family: "powers of names", steps: []string{`We rewrite \( 9^{m} \cdot 3^{m+1} = 3^{3m+1} \).`}, want: wantVerified},
	{family: "powers of names", steps: []string{`Note \[ \left(\frac{1}{8}\right)^{2^k} = \left(\frac{1}{2}\right)^{3 \cdot 2^k} \]`}, want: wantVerified},
	{family: "powers of names", steps: []string{`So \( 5^{t} = 125 \), hence \( t = 3 \).`}, want: wantNotRefuted},                   // an equation
	{family: "powers of names", steps: []string{`Simplifying the equation, \( 2(3^{a} + 4) = 3^{2a} + 4 \).`}, want: wantNotRefuted}, // an equation
	{family: "powers of names", steps: []string{`Then \( 4^{y} = 2^{y} + 12 \) and \( 2^{y} = 4 \).`}, want: wantNotRefuted},         // equations
	{family: "powers of names", steps: []string{`By partial fractions, \[ \frac{1}{(3^m - 1)(3^m + 1)} = \frac{1}{2}\left(\frac{1}{3^m - 1} - \frac{1}{3^m + 1}\right) \]`}, want: wantVerified},
	// look-alikes: a wrong rewriting in a chain, a wrong decomposition, sides a constant apart.
	{family: "powers of names", steps: []string{`We rewrite \( 9^{m} \cdot 3^{m+1} = 3^{3m+1} = 3^{3m} \cdot 9 \).`}, want: wantRefuted},
	{family: "powers of names", steps: []string{`By partial fractions, \[ \frac{1}{(3^m - 1)(3^m + 1)} = \frac{1}{3^m - 1} - \frac{1}{3^m + 1} \]`}, want: wantRefuted},
	{family: "powers of names", steps: []string{`Hence \( (2^{m})^2 + 1 = (2^{m} + 1)(2^{m} - 1) + 3 \).`}, want: wantRefuted},
}
