package translate

import "testing"

// likeTermsTraps pin a link that collects like terms of one monomial
// (docs/TRANSLATE.md, "Like terms of one monomial collected"; package
// liketerms): right coefficients are left alone, a wrong one is refuted
// in an "=" chain, over a denominator, with a difference or the sum on
// the right; a lone name solved for, terms of different monomials or
// names, another relation and a hedged or denied sentence are not read.
// The wording and the numbers are ours.
var likeTermsTraps = []trap{
	// True forms: the coefficients agree.
	{family: "liketerms true", steps: []string{`Collecting terms, \(6k + 9k = 15k\).`}, want: wantNotRefuted},
	{family: "liketerms true", steps: []string{`\[ \frac{5n^2 + 13n^2}{6} = 3n^2 \]`}, want: wantNotRefuted},
	{family: "liketerms true", steps: []string{`So \(10p - 4p = 6p\), and the rest follows.`}, want: wantNotRefuted},
	// Variants: other numbers and forms, still true.
	{family: "liketerms variant", steps: []string{`We get \[ 2w^3 = 9w^3 - 7w^3 \]`}, want: wantNotRefuted},
	{family: "liketerms variant", steps: []string{`Thus \(a + a + a = 3a\).`}, want: wantNotRefuted},
	// Not read: a lone name solved for, other monomials or names, another relation.
	{family: "liketerms other", steps: []string{`\[ 5n^2 = 2n^2 \implies n^2 = \frac{5n^2 + 2n^2}{2} \]`}, want: wantNotRefuted},
	{family: "liketerms other", steps: []string{`So \(6k + 9k^2 = 16k\).`}, want: wantNotRefuted},
	{family: "liketerms other", steps: []string{`So \(6k + 9m = 16k\).`}, want: wantNotRefuted},
	{family: "liketerms other", steps: []string{`So \(6k + 9k \le 16k\).`}, want: wantNotRefuted},
	{family: "liketerms other", steps: []string{`So \(6k + 9 = 16k\).`}, want: wantNotRefuted},
	// Hedged, supposed or denied: left alone.
	{family: "liketerms hedged", steps: []string{`If \(6k + 9k = 16k\), then \(k = 0\).`}, want: wantNotRefuted},
	{family: "liketerms hedged", steps: []string{`Writing \(6k + 9k = 16k\) would be a mistake.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: the coefficients differ.
	{family: "liketerms wrong", steps: []string{`Collecting terms, \(6k + 9k = 16k\).`}, want: wantRefuted, claim: "6 * k + 9 * k = 16 * k"},
	{family: "liketerms wrong", steps: []string{`\[ c^2 = \frac{5n^2 + 13n^2}{6} = \frac{19n^2}{6} \]`}, want: wantRefuted, claim: "19"},
	{family: "liketerms wrong", steps: []string{`So \(10p - 4p = 5p\), and the rest follows.`}, want: wantRefuted},
	{family: "liketerms wrong", steps: []string{`We get \[ 2w^3 = 9w^3 - 6w^3 \]`}, want: wantRefuted},
	{family: "liketerms wrong", steps: []string{`Thus \(a + a + a = 4a\).`}, want: wantRefuted},
}

func TestLikeTermsTraps(t *testing.T) {
	runTraps(t, "liketerms", likeTermsTraps, nil)
}
