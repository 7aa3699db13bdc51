package translate

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// trap is one chain of the trap corpus (issue 29, "Misreadings to end"):
// the wording is ours, never the data's. Each family has variants (new
// numbers, new wording) that a sound reader must leave unrefuted (or
// decide as the text states), and look-alikes that are real errors and
// must still be refuted.
type trap struct {
	family string
	steps  []string
	step   int    // the step the expectation is about
	want   string // wantRefuted, wantNotRefuted, wantNotVerify, wantVerified
	claim  string // with wantRefuted: a refuted obligation's claim holds this text ("" any)
}

var trapCorpus = []trap{
	// 1. Case scope: a value bound in a case, bullet, trial or display dies with it.
	{family: "case scope", steps: []string{`For \(r = \frac{3}{2}\): \(y = r^2 = \frac{9}{4}\). For \(r = -1\): \(y = r^2 = 1\).`}, want: wantNotRefuted},
	{family: "case scope", steps: []string{`For \(r = \frac{3}{2}\): \(y = r^2 = \frac{9}{4}\).`, `For \(r = -1\): \(y = r^2 = 1\).`}, step: 1, want: wantNotRefuted},
	{family: "case scope", steps: []string{"- \\(k = 2\\): \\(10k - k^2 = 16\\)\n- \\(k = 3\\): \\(10k - k^2 = 21\\)\n- \\(k = 4\\): \\(10k - k^2 = 24\\)"}, want: wantNotRefuted},
	{family: "case scope", steps: []string{"* \\(m = 5\\): \\(m^2 + 2m = 35\\)\n* \\(m = 6\\): \\(m^2 + 2m = 48\\)"}, want: wantNotRefuted},
	{family: "case scope", steps: []string{`Try \(n = 4\): \(n^2 + 1 = 17\). Try \(n = 5\): \(n^2 + 1 = 26\).`}, want: wantNotRefuted},
	{family: "case scope", steps: []string{`Let's test \(t = 3\): \(2t + 7 = 13\).`, `Now test \(t = 6\): \(2t + 7 = 19\).`}, step: 1, want: wantNotRefuted},
	{family: "case scope", steps: []string{"Case 1: \\(a = 2\\).\n\\[ a^3 - a = 6 \\]\nCase 2: \\(a = 3\\).\n\\[ a^3 - a = 24 \\]"}, want: wantNotRefuted},
	{family: "case scope", steps: []string{"When \\(x = 1\\), \\(3x + 4 = 7\\). When \\(x = 2\\), \\(3x + 4 = 10\\)."}, want: wantNotRefuted},
	{family: "case scope", steps: []string{"\\[ p = 7 \\]\n\\[ p^2 - 1 = 48 \\]", "\\[ p = 11 \\]\n\\[ p^2 - 1 = 120 \\]"}, step: 1, want: wantNotRefuted},
	// look-alikes: the arithmetic inside a case is wrong as written.
	{family: "case scope", steps: []string{`For \(r = -1\): \(y = (-1)^2 = 2\).`}, want: wantRefuted},
	{family: "case scope", steps: []string{"- \\(k = 2\\): \\(10 \\cdot 2 - 2^2 = 15\\)\n- \\(k = 3\\): \\(10 \\cdot 3 - 3^2 = 21\\)"}, want: wantRefuted},
	{family: "case scope", steps: []string{`Try \(n = 4\): \(4^2 + 1 = 18\).`}, want: wantRefuted},

	// 2. Side conditions: a rule's domain is no claim about the values in scope.
	{family: "side condition", steps: []string{`Let \(a = 1\).`, `We use \(\log_a b = \frac{\ln b}{\ln a}\), where \(a \neq 1\).`}, step: 1, want: wantNotRefuted},
	{family: "side condition", steps: []string{`Set \(c = 0\).`, `Recall \(\frac{u}{c} \cdot c = u\) for \(c \neq 0\).`}, step: 1, want: wantNotRefuted},
	{family: "side condition", steps: []string{`Here \(x = 2\).`, `The rule \(\frac{x^2 - 4}{x - 2} = x + 2\) holds provided \(x \ne 2\).`}, step: 1, want: wantNotRefuted},
	{family: "side condition", steps: []string{`So \(b = 3\).`, `For \(b > 5\) we have \(b - 5 > 0\).`}, step: 1, want: wantNotRefuted},
	// look-alike: a value given ("given that x = 5") is a binding, and the claim under it is decided.
	{family: "side condition", steps: []string{`Given that \(x = 5\), we have \(2x = 11\).`}, want: wantRefuted},
	// look-alike: a closed false inequality stated outright.
	{family: "side condition", steps: []string{`Since \(7 - 5 > 3\), the claim follows.`}, want: wantRefuted},

	// 3. Tests and their stated outcome.
	{family: "stated outcome", steps: []string{`Check \(m = 3\): \(\frac{5}{8} < \frac{3}{5}\). This does not hold.`}, want: wantNotRefuted},
	{family: "stated outcome", steps: []string{`Check \(m = 4\): \(\frac{2}{3} < \frac{3}{4}\). This does not hold.`}, want: wantNotVerify},
	{family: "stated outcome", steps: []string{`Is \(\frac{7}{9} > \frac{4}{5}\)? No, it is not.`}, want: wantNotRefuted},
	{family: "stated outcome", steps: []string{`Test \(q = 2\): \(2^3 = 9\), which is false.`}, want: wantNotRefuted},
	{family: "stated outcome", steps: []string{`Test \(q = 2\): \(2^3 = 8\), which is false.`}, want: wantNotVerify},
	{family: "stated outcome", steps: []string{`We check whether \(11 \cdot 13 = 145\); it fails.`}, want: wantNotRefuted},
	{family: "stated outcome", steps: []string{`For \(n = 5\): \(5^2 + 3 = 29 < 30\). This does not hold, so n = 5 fails.`}, want: wantNotVerify},
	// look-alikes: the test's stated outcome is itself false.
	{family: "stated outcome", steps: []string{`Check \(m = 2\): \(\frac{3}{7} < \frac{1}{2}\). This holds.`}, want: wantVerified},
	{family: "stated outcome", steps: []string{`Check: \(6 \cdot 7 = 43\). This holds, so the value is right.`}, want: wantRefuted},
	// An outcome that names a relation of another kind is about the problem's relation, not
	// the computation beside it: "inequality fails" after an equation.
	{family: "stated outcome", steps: []string{`For \(n=0\), \(3^{2^0} + 1 = 4\), inequality fails.`}, want: wantNotRefuted},
	{family: "stated outcome", steps: []string{`For \(k = 2\): \((k^2 + 1)(k + 1) = 5 \times 3\), the inequality still fails.`}, want: wantNotRefuted},
	{family: "stated outcome", steps: []string{`At \(t = 3\), \(2t + 5 = 11\). The inequality does not hold here.`}, want: wantNotRefuted},
	// look-alikes: the same outcome about the equation itself, or a false computation.
	{family: "stated outcome", steps: []string{`For \(n=0\), \(3^{2^0} + 1 = 4\), which fails.`}, want: wantRefuted},
	{family: "stated outcome", steps: []string{`For \(n=0\), \(3^{2^0} + 1 = 5\), inequality fails.`}, want: wantRefuted},

	// 4. Rejected alternatives and case splits.
	{family: "rejected", steps: []string{`If \(x^2\) were \(\frac{9}{16}\) then \(x = \frac{3}{4}\), not an integer, so \(x^2 = 9\).`}, want: wantNotRefuted},
	{family: "rejected", steps: []string{`Either \(2 - 3s = 3s\) or \(2 - 3s = -3s\).`}, want: wantNotRefuted},
	{family: "rejected", steps: []string{`So \(5 - 4u = 4u\) or \(5 - 4u = -4u\); the second is impossible, so \(u = \frac{5}{8}\).`}, want: wantNotRefuted},
	{family: "rejected", steps: []string{`Had \(y\) been \(\frac{1}{4}\), \(4y\) would equal \(1\), which is too small; hence \(y = 3\).`}, want: wantNotRefuted},
	{family: "rejected", steps: []string{`The equation \(|w - 1| = 4\) gives \(w - 1 = 4\) or \(w - 1 = -4\), so \(w = 5\) or \(w = -3\).`}, want: wantNotRefuted},
	{family: "rejected", steps: []string{"Taking every odd term equal to \\(p\\) and every even term equal to \\(q\\), the equations become: \\[p(2 - q) = q(2 - p) = c\\]"}, want: wantNotRefuted},
	{family: "rejected", steps: []string{"\\[ u(3 + v) = v(3 + u) = k \\]"}, want: wantNotRefuted},
	// Equations listed as what to solve ("solve for" and then the equations themselves), each
	// on its own, not one derived from the other.
	{family: "rejected", steps: []string{`Solve for \(x^2 - 4 = 0\), \(x^2 - 9 = 0\), \(x^2 - 16 = 0\) by factoring.`}, want: wantNotRefuted},
	{family: "rejected", steps: []string{`We solve for $3y - 1 = 8$, $y^2 = 16$ separately.`}, want: wantNotRefuted},
	{family: "rejected", steps: []string{`Solving for \(t^2 + 2t - 8 = 0\), \(t^2 - 13t - 8 = 0\) with the quadratic formula.`}, want: wantNotRefuted},
	// look-alike: "solving for" a name, then a derivation.
	{family: "rejected", steps: []string{`Solving for \(x\): \(2x + 3 = 7\), \(2x = 5\).`}, want: wantRefuted},
	// look-alikes: a stated conclusion that is false.
	{family: "rejected", steps: []string{`So \(3u = 12\), which gives \(u = 5\).`}, want: wantRefuted},
	{family: "rejected", steps: []string{`Hence \(2 - 3s = 3s\), so \(s = \frac{1}{2}\).`}, want: wantRefuted},
	{family: "rejected", steps: []string{`\[ (m + 1)(m - 2) = m^2 + 1 = t \]`}, want: wantNotRefuted},
	// sides that differ by a constant hold for no value: false as a system too.
	{family: "rejected", steps: []string{`\[ (m + 1)(m - 1) = m^2 + 1 = t \]`}, want: wantRefuted},
	{family: "rejected", steps: []string{`\[ (m + 1)(m - 1) = m^2 + 1 = m^2 + 1 \]`}, want: wantRefuted},

	// 5. Word operators and percent-of.
	{family: "word operator", steps: []string{`The count is \((6 + 4 - 1)\) choose \((4 - 1) = 9\) choose \(3 = 84\).`}, want: wantNotRefuted},
	{family: "word operator", steps: []string{"The count is (5 + 2 - 1) choose (2 - 1) = 6 choose 1 = 6."}, want: wantNotRefuted},
	{family: "word operator", steps: []string{"The tip is 15% of $2.40 = 0.15 × $2.40 = $0.36."}, want: wantNotRefuted},
	{family: "word operator", steps: []string{"The tax is 8% of $35 = 0.08 × 35 = $2.80."}, want: wantNotRefuted},
	{family: "word operator", steps: []string{"A third of 27 = 27 / 3 = 9."}, want: wantNotRefuted},
	// look-alikes.
	{family: "word operator", steps: []string{"The tax is 8% of $35 = 0.08 × 35 = $2.90."}, want: wantRefuted},
	{family: "word operator", steps: []string{`So \(\binom{9}{3} = 86\).`}, want: wantRefuted},

	// 6. Thousands separators in math mode.
	{family: "thousands", steps: []string{`\( \frac{2{,}561{,}400}{120} = 21,345 \)`}, want: wantNotRefuted},
	{family: "thousands", steps: []string{`\( 4,270 \times 5 = 21,350 \)`}, want: wantNotRefuted},
	{family: "thousands", steps: []string{`\[ 1,234 + 2,345 = 3,579 \]`}, want: wantNotRefuted},
	{family: "thousands", steps: []string{`\( 2{,}561{,}400 / 120 = 21{,}345 \)`}, want: wantNotRefuted},
	// look-alikes.
	{family: "thousands", steps: []string{`\( 4,270 \times 5 = 21,360 \)`}, want: wantRefuted},
	{family: "thousands", steps: []string{`\[ 1,234 + 2,345 = 3,589 \]`}, want: wantRefuted},

	// 7. An approximation re-used as a value.
	{family: "approximation", steps: []string{`So \(k \approx 44.7\), and the least integer is \(k = 45\).`, `Then \(k^2 = 1998\) would need \(45^2 = 2025\).`}, step: 1, want: wantNotRefuted},
	{family: "approximation", steps: []string{`We get \(k^2 \approx 2000\), so \(k \approx 44.7\), so the least integer is \(k = 45\): \(k^2 = 2000\).`}, want: wantNotRefuted},
	{family: "approximation", steps: []string{`Solving, \(t \approx 3.2\), so we round up to \(t = 4\).`, `Check: \(5t = 16\).`}, step: 1, want: wantNotRefuted},
	// ≈ against an exact side shown to two places claims that precision (ten units of the last place allowed).
	{family: "approximation", steps: []string{`So \(\frac{59049}{729} \approx 80.83\).`}, want: wantRefuted},
	{family: "approximation", steps: []string{`So \(\frac{4096}{64} \approx 63.75\).`}, want: wantRefuted},
	{family: "approximation", steps: []string{`So \(\frac{22}{7} \approx 3.14\).`}, want: wantNotRefuted},
	{family: "approximation", steps: []string{`So \(\frac{200}{3} \approx 66.67\).`}, want: wantNotRefuted},
	{family: "approximation", steps: []string{`So \(\frac{1000}{7} \approx 140\).`}, want: wantNotRefuted},
	{family: "approximation", steps: []string{`So \(1.41 \times 1.41 \approx 1.90\).`}, want: wantNotRefuted},
	// ≈ against a side with decimals of its own: their rounding plus ten units of the last place shown.
	{family: "approximation", steps: []string{`So \(47 \times 2.71828 \approx 126.05\).`}, want: wantRefuted},
	{family: "approximation", steps: []string{`Then \[ 0.62 \times 1.843 ≈ 1.201 \]`}, want: wantRefuted},
	{family: "approximation", steps: []string{`So \(47 \times 2.71828 \approx 127.76\).`}, want: wantNotRefuted},
	{family: "approximation", steps: []string{`With \(\pi \approx 3.14\), \(3.14 \times 12 \approx 37.70\).`}, want: wantNotRefuted},
	{family: "approximation", steps: []string{`So \(0.33 \times 3 \approx 1.00\) and \(1.732 \times 5 \approx 8.66\).`}, want: wantNotRefuted},
	{family: "approximation", steps: []string{`Then \[ 0.62 \times 1.843 ≈ 1.143 \]`}, want: wantNotRefuted},
	// a conjectured function is no definition: the given value is not checked against it.
	{family: "chain context", steps: []string{`We know \(h(1) = 3\) and \(h(2) = 5\).`, `It seems that \(h(n) = 2n + 2\) works. Since \(h(1) = 3\), the start matches.`}, step: 1, want: wantNotRefuted},
	{family: "chain context", steps: []string{`It looks like a pattern: \(h(n) = n + 2\). Then \(h(1) = 3\).`}, want: wantNotVerify},
	// look-alike: the rounded value's own arithmetic is wrong.
	{family: "approximation", steps: []string{`So \(k \approx 44.7\), and the least integer is \(k = 45\).`, `Then \(45^2 = 2035\).`}, step: 1, want: wantRefuted},

	// 8. Verified by tautology or cut span.
	{family: "tautology", steps: []string{"\\[ a + ab + b = ab + 1 \\]\n\\[ ab + 1 = ab + 1 \\]"}, want: wantNotVerify},
	{family: "tautology", steps: []string{`\(6^d + 4^d + 1 \equiv 1 + 1 + 1 \equiv 0 \pmod{3}\)`}, want: wantNotVerify},
	{family: "tautology", steps: []string{`\(2^n + 5^n \equiv 1 + 2 \equiv 2 \pmod{3}\)`}, want: wantNotVerify},
	{family: "tautology", steps: []string{`The sum is \(\frac{1}{6} + 64 = \frac{385}{6}\).`}, want: wantVerified},
	{family: "tautology", steps: []string{`Total so far: \(50 + 14 + \frac{1}{6} = \frac{385}{6}\).`}, want: wantVerified},
	{family: "tautology", steps: []string{`Total so far: \(50 + 14 + \frac{1}{6} = \frac{384}{6}\).`}, want: wantRefuted},
	{family: "tautology", steps: []string{"\\[ 2x + 3 = 7 \\]\n\\[ 7 = 7 \\]"}, want: wantNotVerify},
	// a value written a/b after "=" is one quantity as much as a result carried forward.
	{family: "tautology", steps: []string{`So each gets \(7 + 5 = 12/3\) hours.`}, want: wantNotVerify},
	{family: "tautology", steps: []string{`So each gets \(7 + 5 = 12/3\) hours.`}, want: wantNotRefuted},
	{family: "tautology", steps: []string{`\[ 14 + 2 + 28 + 56 = 100/2.5 \]`}, want: wantNotVerify},
	// look-alikes: a/b equal to the left side is verified; a carried result written with spaces still runs on.
	{family: "tautology", steps: []string{`So each gets \(3 + 1.5 = 9/2\) hours.`}, want: wantVerified},
	{family: "tautology", steps: []string{`So \(5 \times 3 = 15 + 2 = 17\).`}, want: wantVerified},
	// an equation restated from the step before follows from itself: no claim.
	{family: "tautology", steps: []string{`We get \[ 5u - 2 = 3u + 4 \]`, `Rearranging the terms of \( 5u - 2 = 3u + 4 \) gives the answer.`}, step: 1, want: wantNotVerify},
	{family: "tautology", steps: []string{"So \\[ p^2 + 1 = 4p - 2 \\]", "Moving everything to one side of \\( p^2 + 1 = 4p - 2 \\) we are done."}, step: 1, want: wantNotVerify},
	// look-alikes: the restated equation leads to a new one, right or wrong.
	{family: "tautology", steps: []string{`We get \[ 5u - 2 = 3u + 4 \]`, `Then \( 5u - 2 = 3u + 4 \) gives \( 2u = 6 \).`}, step: 1, want: wantVerified},
	{family: "tautology", steps: []string{`We get \[ 5u - 2 = 3u + 4 \]`, `Then \( 5u - 2 = 3u + 4 \) gives \( 2u = 8 \).`}, step: 1, want: wantRefuted},
	// a bracket glued to a number multiplies: a factor the reader cannot
	// read leaves the side unread, never cut short before the bracket.
	{family: "cut span", steps: []string{"\\[\n3 \\ge 1 + 2(ab + ac + bc),\n\\]\nsimplifying to:\n\\[\n2 \\ge 2(ab + ac + bc)\n\\]"}, want: wantNotVerify},
	{family: "cut span", steps: []string{`So \(7 = 1 + 2(pq)\) holds.`}, want: wantNotRefuted},
	{family: "cut span", steps: []string{`Thus \(12 > 5 + 7(uv - 1)\).`}, want: wantNotRefuted},
	{family: "cut span", steps: []string{`We get \(4 \le 1 + 3(x_1 x_2)\).`}, want: wantNotVerify},
	// look-alikes: a bracket with a number in it is read; a remark after a space is not part of the sum.
	{family: "cut span", steps: []string{`So \(11 = 4 + 2(3)\).`}, want: wantRefuted},
	{family: "cut span", steps: []string{`So \(10 = 4 + 2(3)\).`}, want: wantVerified},
	{family: "cut span", steps: []string{`The total is 5 + 4 = 10 (see above).`}, want: wantRefuted},

	// 3b. A condition the text says is not met: no link of it is claimed to hold.
	{family: "unmet condition", steps: []string{`We know \(b = 6\) does not satisfy the condition \(6 \leq 41 < 6^2\).`}, want: wantNotVerify},
	{family: "unmet condition", steps: []string{`The value \(n = 5\) fails to satisfy \(2 < 3 < 5 - 4\), so we stop.`}, want: wantNotVerify},
	{family: "unmet condition", steps: []string{`However, \( \frac{1}{m} = 1 \) does not satisfy \( m = 1 \).`}, want: wantNotVerify},
	{family: "unmet condition", steps: []string{`Then \(x = 2\) violates \(1 < 4 < 2^2 - 1\).`}, want: wantNotVerify},
	{family: "unmet condition", steps: []string{`So \(k = 3\) doesn't meet \(9 \ge 9 > 3^2\).`}, want: wantNotVerify},
	{family: "unmet condition", steps: []string{`The value \(n = 5\) fails to satisfy \(2 < 3 < 5 - 4\), so we stop.`}, want: wantNotRefuted},
	{family: "unmet condition", steps: []string{`Then \(x = 2\) violates \(1 < 4 < 2^2 - 1\).`}, want: wantNotRefuted},
	{family: "unmet condition", steps: []string{`Here \(t = 7\) does not meet \(t + 1 < 3 \cdot 2\).`}, want: wantNotRefuted},
	// look-alikes: a condition said to hold is claimed; a claim after the clause is the text's own.
	{family: "unmet condition", steps: []string{`Then \(b = 4\) satisfies \(1 < 4 < 2^3\).`}, want: wantVerified},
	{family: "unmet condition", steps: []string{`So \(b = 6\) does not satisfy \(b^2 < 30\). Indeed \(6^2 = 38\).`}, step: 0, want: wantRefuted},
	{family: "unmet condition", steps: []string{`Here \(b = 6\) does not satisfy \(b^2 < 30\), because \(6^2 = 36\).`}, want: wantVerified},
}

func TestTrapCorpus(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	fams := map[string][2]int{}
	for i, c := range slices.Concat(trapCorpus, withheldTraps, notationTraps) {
		res, err := tr.Chain(context.Background(), fmt.Sprint("trap", i), c.steps)
		require.NoError(t, err)
		s := res.Steps[c.step]
		ok := stepAsWanted(s, c.want, c.claim)
		f := fams[c.family]
		f[0]++
		if ok {
			f[1]++
		}
		fams[c.family] = f
		assert.True(t, ok, "%s #%d: %q step %d: %s, want %s; obligations %+v; skipped %+v", c.family, i, c.steps, c.step, s.Verdict, c.want, obligationsOf(s), s.Skipped)
	}
	for k, f := range fams {
		t.Logf("%-15s %d/%d", k, f[1], f[0])
	}
}

// TestWithheldRefutationTheProblemSettles: a unit on one side only may be
// a conversion, except when the problem states one of the claim's numbers
// in that very unit ("70 meters per lap"): the computation is in that unit
// already. Look-alikes: another unit, or no unit in the problem, still
// hold the refutation back. The moduli a problem names hold back "=" in a
// modular chain as a step's do.
func TestWithheldRefutationTheProblemSettles(t *testing.T) {
	tests := []struct {
		problem, step string
		want          StepVerdict
	}{
		{"Each lap is 70 meters. Sam runs 8 laps.", "Sam runs 8 × 70 = 540 meters.", StepRefuted},
		{"A tank holds 35 gallons; 4 tanks are filled.", "They hold 4 × 35 = 136 gallons.", StepRefuted},
		{"Each lap is 70 meters. Sam runs 8 laps.", "Sam runs 8 × 70 = 560 meters.", StepVerified},
		// no unit in the problem: 540 may be 560 of something else in meters
		{"Sam runs 8 laps of 70.", "Sam runs 8 × 70 = 540 meters.", StepNone},
		// the problem's 70 is in another unit: a conversion may be meant
		{"Each lap is 70 yards. Sam runs 8 laps.", "Sam runs 8 × 70 = 540 meters.", StepNone},
		// A modulus named only in the problem ("divided by 1000") is one of
		// the chain's: a step working modulo 8 that writes "=" for a
		// congruence modulo 25, a divisor of 1000, is not refuted; a
		// difference coprime to both still is.
		{"Find the remainder when 3^{400} is divided by 1000.", `Modulo 8 it is 1. Next, \(3^{4} = 6\).`, StepNone},
		{"Compute 3^{400} modulo 8.", `Modulo 8 it is 1. Next, \(3^{4} = 6\).`, StepRefuted},
		{"Find the remainder when 3^{400} is divided by 1000.", `Modulo 8 it is 1, and \(3 \cdot 41 = 120\).`, StepRefuted},
		{"Find the remainder when 3^{400} is divided by 1000.", `Modulo 8 it is 1, and \(3 \cdot 41 = 123\).`, StepVerified},
	}
	tr, err := New(Options{})
	require.NoError(t, err)
	for _, tt := range tests {
		res, err := tr.ChainProblem(context.Background(), "u", tt.problem, []string{tt.step})
		require.NoError(t, err)
		assert.Equal(t, tt.want, res.Steps[0].Verdict, "%q after %q: %+v", tt.step, tt.problem, obligationsOf(res.Steps[0]))
	}
}

// stepAsWanted reports whether a trap's step got the verdict it wants
// (wantRefuted, wantNotRefuted, wantNotVerify, wantVerified); with
// wantRefuted and a claim, a refuted obligation's Expr must hold it.
func stepAsWanted(s StepResult, want, claim string) bool {
	switch want {
	case wantRefuted:
		if s.Verdict != StepRefuted {
			return false
		}
		if claim == "" {
			return true
		}
		for _, o := range s.Obligations {
			if o.Verdict == Refuted && strings.Contains(o.Expr, claim) {
				return true
			}
		}
		return false
	case wantNotRefuted:
		return s.Verdict != StepRefuted
	case wantNotVerify:
		return s.Verdict != StepVerified
	case wantVerified:
		return s.Verdict == StepVerified
	}
	return false
}

// runTraps reads each trap's chain (ids prefix0, prefix1, …) and asserts its
// step is as wanted; each, when given, checks more of a trap's step.
func runTraps(t *testing.T, prefix string, traps []trap, each func(c trap, i int, s StepResult)) {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range traps {
		res, err := tr.Chain(context.Background(), fmt.Sprint(prefix, i), c.steps)
		require.NoError(t, err)
		s := res.Steps[c.step]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "%s #%d: %q step %d: %s, want %s; obligations %+v; skipped %+v", c.family, i, c.steps, c.step, s.Verdict, c.want, obligationsOf(s), s.Skipped)
		if each != nil {
			each(c, i, s)
		}
	}
}
