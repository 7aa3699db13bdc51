package translate

import "testing"

// closedNoteTraps pin the closed claims in absolute values, numerals in a
// base and progressions written with an ellipsis (docs/TRANSLATE.md,
// "Closed claims in absolute values, numerals in a base and sums with an
// ellipsis"; package closednote): true links are left alone, new numbers
// and wordings are read the same, false links are refuted, and bars that
// may mean "divides", names, patterns the terms do not fix, roundings,
// bases the text works in, and hedged, tested or plugged-in sentences are
// not. The wording and the numbers are ours.
var closedNoteTraps = []trap{
	// True forms: nothing to refute.
	{family: "closednote true", steps: []string{`The distance is \( |-7 + 2| = 5 \).`}, want: wantNotRefuted},
	{family: "closednote true", steps: []string{`So \[ \left| 3 - 11 \right| + |4| = 12. \]`}, want: wantNotRefuted},
	{family: "closednote true", steps: []string{`In decimal, \( 2012_3 = 59 \).`}, want: wantNotRefuted},
	{family: "closednote true", steps: []string{`Converting, \( 101101_{2} = 45 = 55_{8} \).`}, want: wantNotRefuted},
	{family: "closednote true", steps: []string{`Adding, \( 2 + 4 + 6 + \cdots + 40 = 420 \).`}, want: wantNotRefuted},
	{family: "closednote true", steps: []string{`The squares add to \( 1^2 + 2^2 + \cdots + 12^2 = 650 \).`}, want: wantNotRefuted},
	{family: "closednote true", steps: []string{`Also \( 3^0 + 3^1 + \cdots + 3^{5} = 364 \).`}, want: wantNotRefuted},
	{family: "closednote true", steps: []string{`The product is \( 1 \cdot 2 \cdot 3 \cdots 7 = 5040 \).`}, want: wantNotRefuted},
	// Variants: new numbers and wording, each false as written.
	{family: "closednote wrong", steps: []string{`The distance is \( |-7 + 2| = 9 \).`}, want: wantRefuted, claim: "|-7 + 2| = 9"},
	{family: "closednote wrong", steps: []string{`So \[ \left| 3 - 11 \right| + |4| = 4. \]`}, want: wantRefuted},
	{family: "closednote wrong", steps: []string{`Hence $\lvert 6 - 15 \rvert = -9$.`}, want: wantRefuted},
	{family: "closednote wrong", steps: []string{`In decimal, \( 2012_3 = 62 \).`}, want: wantRefuted, claim: "2012_3 = 62"},
	{family: "closednote wrong", steps: []string{`Converting, \( 101101_{2} = 45 = 56_{8} \).`}, want: wantRefuted, claim: "45 = 56_{8}"},
	{family: "closednote wrong", steps: []string{`Expanding the digits, \( 425_{7} = 4 \times 49 + 2 \times 7 + 5 = 225 \).`}, want: wantRefuted, claim: "= 225"},
	{family: "closednote wrong", steps: []string{`First, \( 2.5_{10} = 2 \times 3 + 5 \times 0.1 \), then we continue.`}, want: wantRefuted},
	{family: "closednote wrong", steps: []string{`Adding, \( 2 + 4 + 6 + \cdots + 40 = 400 \).`}, want: wantRefuted},
	{family: "closednote wrong", steps: []string{`The sum is \(1 + 2 + \ldots + 30 = 455\).`}, want: wantRefuted},
	{family: "closednote wrong", steps: []string{`The squares add to \( 1^2 + 2^2 + \cdots + 12^2 = 660 \).`}, want: wantRefuted},
	{family: "closednote wrong", steps: []string{`The product is \( 1 \cdot 2 \cdot 3 \cdots 7 = 720 \).`}, want: wantRefuted},
	{family: "closednote wrong", steps: []string{`Also \( 3^0 + 3^1 + \cdots + 3^{5} = 3^{6} \).`}, want: wantRefuted},
	{family: "closednote wrong", steps: []string{`In decibels, \( \lg 10000 = 3 \).`}, want: wantRefuted},
	{family: "closednote wrong", steps: []string{`The exponent is \( \log_{10} 0.001 = 3 \).`}, want: wantRefuted},
	{family: "closednote true", steps: []string{`In decibels, \( \lg 10000 = 4 \).`}, want: wantNotRefuted},
	{family: "closednote true", steps: []string{`The exponent is \( \log_{10} 0.001 = -3 \).`}, want: wantNotRefuted},
	{family: "closednote other", steps: []string{`Then \( \log_{10} 3 = 0.477 \).`}, want: wantNotRefuted}, // no exact value
	{family: "closednote other", steps: []string{`Then \( \lg y = 2 \).`}, want: wantNotRefuted},
	// Look-alikes that are no closed claim in this notation: left alone.
	{family: "closednote other", steps: []string{`Since \( 3 | 12 = 4 \cdot 3 \), we proceed.`}, want: wantNotRefuted},               // divides
	{family: "closednote other", steps: []string{`We need \( |x - 4| = 7 \), so two cases.`}, want: wantNotRefuted},                  // a name
	{family: "closednote other", steps: []string{`So \( ||-3| - 5| = 8 \).`}, want: wantNotRefuted},                                  // nested bars
	{family: "closednote other", steps: []string{`The terms \( a_3 = 17 \) and \( a_{12} = 20 \) are known.`}, want: wantNotRefuted}, // indices
	{family: "closednote other", steps: []string{`So \( 1 + 2 + 4 + \cdots + 64 = 127 \), doubling each time.`}, want: wantNotRefuted},
	{family: "closednote other", steps: []string{`So \( 1 + 2 + \cdots + 64 = 2080 \).`}, want: wantNotRefuted},   // 1 + 2 + 4 + … or 1 + 2 + 3 + …
	{family: "closednote other", steps: []string{`So \( 2 + 3 + \cdots + 13 = 41 \).`}, want: wantNotRefuted},     // primes or whole numbers
	{family: "closednote other", steps: []string{`So \( 1 + 4 + \cdots + 25 = 55 \).`}, want: wantNotRefuted},     // squares or steps of 3
	{family: "closednote other", steps: []string{`So \( 1 + 2 + 3 + \cdots + 21 = 53 \).`}, want: wantNotRefuted}, // 1, 2, 3, 5, 8, … reaches 21 too
	{family: "closednote wrong", steps: []string{`So \( 1 + 2 + 3 + \cdots + 20 = 200 \).`}, want: wantRefuted},
	{family: "closednote other", steps: []string{`We have \( 25_8 + 17_8 = 44 \) in base 8.`}, want: wantNotRefuted},
	{family: "closednote other", steps: []string{`Grouping the bits, \( 110101_2 = 110\ 101_2 \).`}, want: wantNotRefuted},
	{family: "closednote other", steps: []string{`Then \( 17_{10} \div 5 = 3 \) with a remainder of 2.`}, want: wantNotRefuted},
	{family: "closednote other", steps: []string{`Then \( |-\frac{2}{3}| = 0.67 \).`}, want: wantNotRefuted}, // a rounding
	{family: "closednote other", steps: []string{`Then \( |-2.9999| = 3 \).`}, want: wantNotRefuted},         // a rounding of the written decimal
	{family: "closednote other", steps: []string{`Then \( 4 - 2 = 2 \) and \( |{-5}| \le 5 \).`}, want: wantNotRefuted},
	// Hedged, hypothetical, tested or plugged-in forms: left alone.
	{family: "closednote hedged", steps: []string{`If \( |-7 + 2| = 9 \), the point would lie outside.`}, want: wantNotRefuted},
	{family: "closednote hedged", steps: []string{`Suppose \( 2012_3 = 62 \); then the digits change.`}, want: wantNotRefuted},
	{family: "closednote hedged", steps: []string{`Is \( 2 + 4 + 6 + \cdots + 40 = 400 \)? We check below.`}, want: wantNotRefuted},
	{family: "closednote hedged", steps: []string{`It is not true that \( |-7 + 2| = 9 \).`}, want: wantNotRefuted},
	{family: "closednote hedged", steps: []string{`We get \( |-7 + 2| = 9 \). This is wrong, so we redo it.`}, want: wantNotRefuted},
	{family: "closednote hedged", steps: []string{`Plugging in \(-4\), the equation becomes \( |-4 - 2| = -4 + 2 \).`}, want: wantNotRefuted},
	{family: "closednote hedged", steps: []string{`We plug \(x = -4\) into \(|x - 2| = x + 2\).`, `That gives \( |-6| = -2 \).`}, step: 1, want: wantNotRefuted},
	{family: "closednote hedged", steps: []string{`Roughly, \( 1 + 2 + 3 + \cdots + 30 = 450 \).`}, want: wantNotRefuted},
}

func TestClosedNoteTraps(t *testing.T) {
	runTraps(t, "closednote", closedNoteTraps, nil)
}
