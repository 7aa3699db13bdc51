package translate

import "testing"

// factClaimTraps pin the closed chains with factorials and binomials
// written outside math delimiters (docs/TRANSLATE.md, "Factorials and
// binomials written in prose"; package factclaim): true values are left
// alone or verified, an exclamation mark, a number with separators, an
// operand of more arithmetic, a name and hedged sentences are not read as
// false claims, and a wrong value is refuted. The wording and the numbers
// are ours.
var factClaimTraps = []trap{
	// True forms: never refuted.
	{family: "factclaim true", steps: []string{`The committee can be chosen in \binom{9}{4} = 126 ways.`}, want: wantNotRefuted},
	{family: "factclaim true", steps: []string{`Seating them in a row gives 6! = 720 orders.`}, want: wantNotRefuted},
	{family: "factclaim true", steps: []string{`The arrangements of the letters number 7! / (2! 2!) = 1260.`}, want: wantNotRefuted},
	{family: "factclaim true", steps: []string{`Choosing the pair gives 8C2 = 28 handshakes.`}, want: wantNotRefuted},
	// Variants: other numbers and wordings.
	{family: "factclaim variant", steps: []string{`Next, 9! / (7! \cdot 2!) = 36, which counts the pairs.`}, want: wantNotRefuted},
	{family: "factclaim variant", steps: []string{`That is \frac{10!}{8!} = 90 ordered pairs.`}, want: wantNotRefuted},
	// Not a claim of this kind, or hedged: never refuted.
	{family: "factclaim other", steps: []string{`We finally get 2 + 3 = 5! Now the rest.`}, want: wantNotRefuted},
	{family: "factclaim other", steps: []string{`Then 4 times 3! = 24 gives the count.`}, want: wantNotRefuted},
	{family: "factclaim other", steps: []string{`Then 4 x 3! = 24 gives the count.`}, want: wantNotRefuted},
	{family: "factclaim other", steps: []string{`The total is 9! = 362,880 orders.`}, want: wantNotRefuted},
	{family: "factclaim other", steps: []string{`Since 7 != 8, the two counts differ.`}, want: wantNotRefuted},
	{family: "factclaim other", steps: []string{`Since k! = 24, we have k = 4.`}, want: wantNotRefuted},
	{family: "factclaim hedged", steps: []string{`If we had \binom{6}{3} = 15, the answer would change.`}, want: wantNotRefuted},
	{family: "factclaim hedged", steps: []string{`It is not true that 5! = 100.`}, want: wantNotRefuted},
	{family: "factclaim hedged", steps: []string{`Roughly 8! = 40000 orders, about that many.`}, want: wantNotRefuted},
	{family: "factclaim fraction true", steps: []string{`Both events happen with probability \frac{2}{5} \times \frac{1}{4} = \frac{1}{10}.`}, want: wantNotRefuted},
	{family: "factclaim fraction true", steps: []string{`Hence \cos\alpha = \frac{6}{15} = \frac{2}{5}, as claimed.`}, want: wantNotRefuted},
	{family: "factclaim fraction other", steps: []string{`Adding, \frac{1}{4} + \frac{1}{2} = \frac{3}{4} + \frac{1}{8} = \frac{7}{8}.`}, want: wantNotRefuted},
	{family: "factclaim fraction other", steps: []string{`Dividing, 4y = \frac{12}{3} = 1 gives y.`}, want: wantNotRefuted},
	{family: "factclaim fraction other", steps: []string{`So \frac{2}{3} = 0.67 when rounded.`}, want: wantNotRefuted},
	{family: "factclaim fraction hedged", steps: []string{`Suppose \frac{3}{4} \times \frac{1}{3} = \frac{1}{2}; then the odds double.`}, want: wantNotRefuted},
	{family: "factclaim fraction other", steps: []string{`Putting it in, we get 3125 = \frac{25}{2}(b_1 + b_1 + 8).`}, want: wantNotRefuted},
	{family: "factclaim fraction other", steps: []string{`Putting it in, we get 3125 = \frac{25}{2} (pq + 8).`}, want: wantNotRefuted},
	{family: "factclaim fraction other", steps: []string{`Putting it in, we get 3125 = \frac{25}{2} c_1 here.`}, want: wantNotRefuted},
	{family: "factclaim fraction hedged", steps: []string{`So \frac{3}{8} \times \frac{2}{3} = \frac{1}{3}. Wait, that is wrong.`}, want: wantNotRefuted},
	{family: "factclaim fraction variant", steps: []string{`Adding, h(1) + h(2) = 3 + \frac{1}{2} = \frac{7}{2}, the total.`}, want: wantNotRefuted},
	{family: "factclaim fraction hedged", steps: []string{`Is h(1) = \frac{8}{2} = 5? Let us see.`}, want: wantNotRefuted},
	{family: "factclaim fraction other", steps: []string{`Half a dollar is \frac{1}{2} = 50 cents.`}, want: wantNotRefuted},
	{family: "factclaim fraction other", steps: []string{`A third of an hour: \frac{1}{3} = 20 minutes.`}, want: wantNotRefuted},
	{family: "factclaim fraction other", steps: []string{`Working mod 7, \frac{8}{2} = 11 is fine.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "factclaim fraction wrong", steps: []string{`Adding, h(1) + h(2) = 3 + \frac{1}{2} = \frac{5}{2}, the total.`}, want: wantRefuted, claim: "3 + 1 / 2 = 5 / 2"},
	{family: "factclaim fraction wrong", steps: []string{`Red then blue gives \frac{4}{10} \times \frac{6}{9} = \frac{1}{3} (red first).`}, want: wantRefuted},
	{family: "factclaim fraction wrong", steps: []string{`Both events happen with probability \frac{2}{5} \times \frac{1}{4} = \frac{3}{20}.`}, want: wantRefuted},
	{family: "factclaim fraction wrong", steps: []string{`Hence \cos\alpha = \frac{6}{15} = \frac{3}{5}, as claimed.`}, want: wantRefuted},
	{family: "factclaim fraction wrong", steps: []string{`The share is \dfrac{18}{24} = \dfrac{2}{3}, which is the answer.`}, want: wantRefuted},
	{family: "factclaim wrong", steps: []string{`The committee can be chosen in \binom{9}{4} = 136 ways.`}, want: wantRefuted, claim: "C(9, 4) = 136"},
	{family: "factclaim wrong", steps: []string{`Seating them in a row gives 6! = 620 orders.`}, want: wantRefuted},
	{family: "factclaim wrong", steps: []string{`So 8C3 = 8! / (3! 5!) = 8 * 7 * 6 / 3! = 336.`}, want: wantRefuted, claim: "8 * 7 * 6 / 3! = 336"},
	{family: "factclaim wrong", steps: []string{`Choosing the pair gives 8C2 = 56 handshakes.`}, want: wantRefuted},
}

func TestFactClaimTraps(t *testing.T) {
	runTraps(t, "factclaim", factClaimTraps, nil)
}
