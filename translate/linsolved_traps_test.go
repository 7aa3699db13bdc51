package translate

import (
	"testing"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/linsolved"
)

// linsolvedTraps pins values claimed for one name right after the linear
// equation in plain text before them (docs/TRANSLATE.md, "Values solved
// from a linear equation in plain text"; package linsolved): right values
// are left alone, values in a trial, a supposition, a rounding or another
// name's are never refuted, and values that miss the equation beyond any
// rounding of its numbers are. The wording and the numbers are ours.
var linsolvedTraps = []trap{
	// True values, decimals and fractions, across steps and within one.
	{family: "linsolved true", steps: []string{"We know the total is 99, so we can write: 375 - 3.6y = 99.", "Solving for y, we get: y = 76.6."}, step: 1, want: wantNotRefuted},
	{family: "linsolved true", steps: []string{"So we can write: (5/8)*n = 45.", "Multiplying both sides by 8/5, we get: n = 72."}, step: 1, want: wantNotRefuted},
	// A value solving a system answers equations the step does not show: left alone.
	{family: "linsolved system", steps: []string{"So we can write: 4k = 20.", "Solving the system of equations, we get: k = 7."}, step: 1, want: wantNotRefuted},
	{family: "linsolved system", steps: []string{"We can write: 2w + 3 = 11.", "Solving both equations together gives: w = 6."}, step: 1, want: wantNotRefuted},
	{family: "linsolved system", steps: []string{"We can write: 2w + 3 = 11.", "Solving for w, we get: w = 6."}, step: 1, want: wantRefuted},
	{family: "linsolved true", steps: []string{"The equation is 14 + 0.25k = 20.", "Subtracting 14 from both sides and dividing by 0.25, we get k = 24."}, step: 1, want: wantNotRefuted},
	{family: "linsolved true", steps: []string{"Together they make 1,240, so 2,000 - 4m = 1,240. Solving for m, we get m = 190."}, want: wantNotRefuted},
	{family: "linsolved true", steps: []string{"So we can write: 41 - N = 17", "Solving for N, we subtract 41 from both sides: N = 41 - 17 = 24"}, step: 1, want: wantNotRefuted},
	// Roundings: a rounded or truncated value, a decimal coefficient that
	// may be rounded, a whole value that is a floor or a ceiling.
	{family: "linsolved rounded", steps: []string{"So we can write: 3q = 10.", "Solving for q, we get: q = 3.3."}, step: 1, want: wantNotRefuted},
	{family: "linsolved rounded", steps: []string{"So we can write: 0.33z = 7.", "Dividing both sides by 0.33, we get: z = 21."}, step: 1, want: wantNotRefuted},
	{family: "linsolved rounded", steps: []string{"So we can write: 23 = w * 6.", "Dividing both sides by 6, we get: w = 3."}, step: 1, want: wantNotRefuted},
	{family: "linsolved rounded", steps: []string{"So we can write: 23 = w * 6.", "Dividing both sides by 6, we get: w = 4."}, step: 1, want: wantNotRefuted},
	{family: "linsolved rounded", steps: []string{"So we can write: 5 + 0.2p = 12.", "Solving for p, we get: p = 36."}, step: 1, want: wantNotRefuted},
	// Not a claimed solution: a supposition, a trial, another name, a
	// rounding word, an alternative, a name inside an expression, an
	// equation in two names.
	{family: "linsolved supposed", steps: []string{"If we assume 4h = 30,", "Solving for h, we get: h = 9."}, step: 1, want: wantNotRefuted},
	{family: "linsolved trial", steps: []string{"We can write: 6 + 2.5t = 21.", "Let's try solving with t = 4."}, step: 1, want: wantNotRefuted},
	{family: "linsolved other name", steps: []string{"We can write: 6 + 2.5t = 21.", "Solving for s, we get: s = 4."}, step: 1, want: wantNotRefuted},
	{family: "linsolved rounding word", steps: []string{"We can write: 19 = 4.5d.", "Solving and rounding to a whole number of days, we get: d = 5."}, step: 1, want: wantNotRefuted},
	{family: "linsolved alternatives", steps: []string{"Either 2b = 14 or 3b = 14.", "Solving, we get: b = 7."}, step: 1, want: wantNotRefuted},
	{family: "linsolved inside", steps: []string{"So we can write: $45 * c + $30 = $390.", "Subtracting $30 from both sides, we get: $45 * c = $360."}, step: 1, want: wantNotRefuted},
	{family: "linsolved inside", steps: []string{"So we can write: 7 * c + 12 = 75.", "Solving, we get 3 times c = 20."}, step: 1, want: wantNotRefuted},
	{family: "linsolved two names", steps: []string{"So we can write: 40 * k = 960 / u.", "Solving for u, we get: u = 30."}, step: 1, want: wantNotRefuted},
	{family: "linsolved notation", steps: []string{`Then, subtracting, we get \frac{1}{6} \cdot u = 15.`, "Finally, multiplying both sides by 6 gives u = 90."}, step: 1, want: wantNotRefuted},
	{family: "linsolved words", steps: []string{"We know 5 times y = 40.", "Solving for y, we get: y = 40."}, step: 1, want: wantNotRefuted},
	{family: "linsolved question", steps: []string{"Is 1.5h = 21?", "Solving for h, we get: h = 6."}, step: 1, want: wantNotRefuted},
	{family: "linsolved question", steps: []string{"Does 1.5h = 21 hold? Solving for h, we get: h = 6."}, want: wantNotRefuted},
	{family: "linsolved alternative", steps: []string{"Alternatively, we can write 1.5h = 21.", "Solving for h, we get: h = 6."}, step: 1, want: wantNotRefuted},
	{family: "linsolved approximate", steps: []string{"So we can write: 9 + 1.5g = 40.", "Solving for g, we get approximately g = 21."}, step: 1, want: wantNotRefuted},
	{family: "linsolved not last", steps: []string{"So we can write: 9 + 1.5g = 40. Then the cost doubles.", "Solving for g, we get: g = 25."}, step: 1, want: wantNotRefuted},
	// Look-alikes: values that miss the equation (decimals, fractions,
	// "both sides", a chain of members, within one step).
	{family: "linsolved wrong", steps: []string{"We know the total is 99, so we can write: 375 - 3.6y = 99.", "Solving for y, we get: y = 80."}, step: 1, want: wantRefuted, claim: "at y = 80"},
	{family: "linsolved wrong", steps: []string{"So we can write: (5/8)*n = 45.", "Multiplying both sides by 8/5, we get: n = 70."}, step: 1, want: wantRefuted, claim: "at n = 70"},
	{family: "linsolved wrong", steps: []string{"So we can write: (120/6) * r = 4000.", "Dividing both sides by (120/6), we get: r = 2000."}, step: 1, want: wantRefuted, claim: "at r = 2000"},
	{family: "linsolved wrong", steps: []string{"So we can write: 41 - N = 17", "Solving for N, we subtract 41 from both sides: N = 17 - 41 = -24"}, step: 1, want: wantRefuted, claim: "at N = -24"},
	{family: "linsolved wrong", steps: []string{"Dividing both sides by 120, we get v = (360 * 4) / 120", "Calculating, we get v = 120"}, step: 1, want: wantRefuted, claim: "at v = 120"},
	{family: "linsolved wrong", steps: []string{"Together they make 1,240, so 2,000 - 4m = 1,240. Solving for m, we get m = 160."}, want: wantRefuted, claim: "at m = 160"},
	{family: "linsolved wrong", steps: []string{"We can write: 66 + 1.5f = 90.", "Solving for f, we get: f = 12."}, step: 1, want: wantRefuted, claim: "at f = 12"},
	// Equations derived from the one just before in plain text: right
	// derivations, derivations that round, a new equation set up, and
	// derivations that do not follow.
	{family: "linsolved derived true", steps: []string{"The sum of the ages is 7 + 9 + (12 + a) = 40.", "We can simplify this equation to: 28 + a = 40."}, step: 1, want: wantNotRefuted},
	{family: "linsolved derived true", steps: []string{"Simplifying, we get: $75 - $15 - $4k = $20.", "Subtracting $60 from both sides, we get: -$4k = -$40."}, step: 1, want: wantNotRefuted},
	{family: "linsolved derived true", steps: []string{"So we can write: 9m + 15 = 60.", "Subtracting 15 from both sides, we get 9m = 45."}, step: 1, want: wantNotRefuted},
	{family: "linsolved derived true", steps: []string{"So we can write: 0.3b - 20 = 70.", "Adding 20 to both sides, we get: 0.3b = 90."}, step: 1, want: wantNotRefuted},
	{family: "linsolved derived other", steps: []string{"So we can write: 9m + 15 = 60.", "Next, we set up the equation for the second shop: 9m = 50."}, step: 1, want: wantNotRefuted},
	{family: "linsolved derived other", steps: []string{"So we can write: 9m + 15 = 60.", "We are given that the total is 50, so we can write: 9m = 50."}, step: 1, want: wantNotRefuted},
	{family: "linsolved derived supposed", steps: []string{"If 9m + 15 = 60,", "subtracting 15 from both sides, we get 9m = 50."}, step: 1, want: wantNotRefuted},
	{family: "linsolved derived true", steps: []string{"Simplifying, we get: 0.4y - $70 = $90.", "Adding $70 to both sides, we get: 0.4y = $160."}, step: 1, want: wantNotRefuted},
	{family: "linsolved derived rounded", steps: []string{"Simplifying, we get: 0.33y + 5 = 12.", "Multiplying both sides by 3, we get: y + 15 = 36."}, step: 1, want: wantNotRefuted},
	{family: "linsolved derived wrong", steps: []string{"Simplifying, we get: 0.4y - $70 = $90.", "Adding $70 to both sides, we get: 0.4y = $230."}, step: 1, want: wantRefuted, claim: "⇒ 2 / 5 * y = 230"},
	{family: "linsolved derived wrong", steps: []string{"The sum of the ages is 7 + 9 + (12 + a) = 40.", "We can simplify this equation to: 30 + a = 40."}, step: 1, want: wantRefuted, claim: "⇒ 30 + a = 40"},
	{family: "linsolved derived wrong", steps: []string{"Simplifying, we get: $75 - $15 - $4k = $20.", "Subtracting $75 - $15 from both sides, we get: -$4k = -$20."}, step: 1, want: wantRefuted, claim: "⇒ (-4) * k = -20"},
	{family: "linsolved derived wrong", steps: []string{"So we can write: 9m + 15 = 60. Subtracting 15 from both sides, we get 9m = 75."}, want: wantRefuted, claim: "⇒ 9 * m = 75"},
}

func TestLinsolvedTraps(t *testing.T) {
	runTraps(t, "linsolved", linsolvedTraps, nil)
}

// FuzzLinsolved: the reader never panics and its spans lie in the step.
func FuzzLinsolved(f *testing.F) {
	for _, c := range linsolvedTraps {
		if len(c.steps) == 2 {
			f.Add(c.steps[0], c.steps[1])
		} else {
			f.Add("", c.steps[0])
		}
	}
	f.Add("So 2,000,000.5 - (((3x))) = 1,00.", "Solving, we get: x = --3 = 4/0 = 5.")
	f.Fuzz(func(t *testing.T, prev, text string) {
		if !utf8.ValidString(text) {
			return
		}
		for _, o := range linsolved.Read(0, prev, text, "norm_num", "grind") {
			if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start > o.Span.End {
				t.Fatalf("span %d-%d outside a %d-byte step", o.Span.Start, o.Span.End, len(text))
			}
			if err := ValidateDeclaration(o.LeanNeg, "norm_num"); err != nil {
				t.Fatalf("outside the dialect: %q: %v", o.LeanNeg, err)
			}
		}
	})
}
