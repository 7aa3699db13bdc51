package translate

import "testing"

// eqrewriteOrTraps pin an equation restated after a comma and "or"
// (docs/TRANSLATE.md, "Equations rewritten from the one before"; package
// eqrewrite, or.go): a restatement that holds is left alone, one that
// moves a constant is refuted, and alternatives, linear pieces and
// hedged pairs are not decided. The wording is ours.
var eqrewriteOrTraps = []trap{
	// True restatements.
	{family: "eqrewrite or true", steps: []string{`Subtracting the two gives \(6u + 6v - 3u^2 - 3v^2 = 6\), or \((u - 1)^2 + (v - 1)^2 = 0\).`}, want: wantNotRefuted},
	{family: "eqrewrite or true", steps: []string{`So $m^2 + 2mn + n^2 = 49$, or $(m + n)^2 = 49$.`}, want: wantNotRefuted},
	{family: "eqrewrite or true", steps: []string{`This yields \(2p^2 - 8q = 10\), or \(p^2 - 4q = 5\).`}, want: wantNotRefuted},
	// A constant moved: refuted, in new names, numbers and wordings.
	{family: "eqrewrite or moved", steps: []string{`Subtracting the two gives \(6u + 6v - 3u^2 - 3v^2 = 6\), or \((u - 1)^2 + (v - 1)^2 = 2\).`}, want: wantRefuted, claim: "(u - 1)^2 + (v - 1)^2 = 2"},
	{family: "eqrewrite or moved", steps: []string{`Summing, we get $4s^2 + 4t^2 - 4s - 4t = 7$, or $(2s - 1)^2 + (2t - 1)^2 = 7$.`}, want: wantRefuted},
	{family: "eqrewrite or moved", steps: []string{`So $m^2 + 2mn + n^2 = 49$, or $(m + n)^2 = 50$.`}, want: wantRefuted},
	// Alternatives: one side kept, linear pieces, a word of cases, no comma.
	{family: "eqrewrite or alternatives", steps: []string{`Therefore \(ab = 3(a + b)\), or \(ab = -2(a + b)\).`}, want: wantNotRefuted},
	{family: "eqrewrite or alternatives", steps: []string{`Taking roots, \(m + n = 7\), or \(m + n = -7\).`}, want: wantNotRefuted},
	{family: "eqrewrite or alternatives", steps: []string{`Hence \(p - q = 2\), or \(q - p = 2\).`}, want: wantNotRefuted},
	{family: "eqrewrite or alternatives", steps: []string{`So \(m^2 + n^2 = 4\), or \(m^2 + n^2 = 9\).`}, want: wantNotRefuted},
	{family: "eqrewrite or alternatives", steps: []string{`The two cases are \(x^2 + 2y^2 = 5\), or \(2x^2 + 4y^2 = 12\).`}, want: wantNotRefuted},
	{family: "eqrewrite or alternatives", steps: []string{`Either \(x^2 + 2y^2 = 5\), or \(2x^2 + 4y^2 = 12\).`}, want: wantNotRefuted},
	{family: "eqrewrite or alternatives", steps: []string{`So \(m^2 + 2mn + n^2 = 49\) or \((m + n)^2 = 50\).`}, want: wantNotRefuted},
	{family: "eqrewrite or alternatives", steps: []string{`So \(x^2 - y = 0\), or \(x^2 + y = 0\).`}, want: wantNotRefuted},
	// Hedged, supposed or tested: not decided.
	{family: "eqrewrite or hedged", steps: []string{`If \(m^2 + 2mn + n^2 = 49\), or \((m + n)^2 = 50\), then m + n is not whole.`}, want: wantNotRefuted},
	{family: "eqrewrite or hedged", steps: []string{`We check whether $4s^2 + 4t^2 - 4s - 4t = 7$, or $(2s - 1)^2 + (2t - 1)^2 = 7$.`}, want: wantNotRefuted},
	{family: "eqrewrite or hedged", steps: []string{`Summing gives $4s^2 + 4t^2 - 4s - 4t = 7$ modulo 3, or $(2s - 1)^2 + (2t - 1)^2 = 7$.`}, want: wantNotRefuted},
}

func TestEqRewriteOrTraps(t *testing.T) {
	runTraps(t, "eqrewrite or", eqrewriteOrTraps, nil)
}
