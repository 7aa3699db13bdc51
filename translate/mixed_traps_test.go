package translate

import (
	"testing"
)

// mixedTraps: a number before a fraction is a mixed number only when the
// fraction holds numbers alone (2\frac{1}{2} is two and a half, left
// alone); a fraction holding a name makes a product (3\frac{a}{b} is
// 3·a/b), read by every reader. The wording is ours.
var mixedTraps = []trap{
	// A rewriting over a common denominator: the coefficient belongs to one
	// term only.
	{family: "coefficient before a fraction", steps: []string{"We have \\[ 3\\frac{a}{b} + \\frac{b}{a} = 5 \\] Combining over a common denominator, we get: \\[ \\frac{3(a^2 + b^2)}{ab} = 5 \\]"}, want: wantRefuted},
	{family: "coefficient before a fraction", steps: []string{"We have \\[ 3\\frac{a}{b} + \\frac{b}{a} = 5 \\] Combining over a common denominator, we get: \\[ \\frac{3a^2 + b^2}{ab} = 5 \\]"}, want: wantNotRefuted},
	{family: "coefficient before a fraction", steps: []string{"We get:\n\\[ 4\\frac{m}{n} - \\frac{n}{m} = 3 \\]", "Multiply both sides by m:\n\\[ 4\\frac{m^2}{n} + n = 3m \\]"}, step: 1, want: wantRefuted},
	{family: "coefficient before a fraction", steps: []string{"We get:\n\\[ 4\\frac{m}{n} - \\frac{n}{m} = 3 \\]", "Multiply both sides by m:\n\\[ 4\\frac{m^2}{n} - n = 3m \\]"}, step: 1, want: wantNotRefuted},
	// One unknown.
	{family: "coefficient before a fraction", steps: []string{"We get:\n\\[ 2\\frac{x}{3} + 1 = 5 \\]", "Subtract 1 from both sides:\n\\[ 2\\frac{x}{3} = 6 \\]"}, step: 1, want: wantRefuted},
	{family: "coefficient before a fraction", steps: []string{"We get:\n\\[ 2\\frac{x}{3} + 1 = 5 \\]", "Subtract 1 from both sides:\n\\[ 2\\frac{x}{3} = 4 \\]"}, step: 1, want: wantVerified},
	{family: "coefficient before a fraction", steps: []string{"We get \\[ 5\\frac{\\pi}{2} = \\frac{5\\pi}{2} \\]"}, want: wantNotRefuted},
	// Look-alikes: mixed numbers stay alone, whichever reading would hold.
	{family: "mixed number", steps: []string{"The recipe needs \\(2\\frac{1}{2} + 1 = 3\\frac{1}{2}\\) cups."}, want: wantNotRefuted},
	{family: "mixed number", steps: []string{"So \\(2\\frac{1}{2} = 1\\)."}, want: wantNotRefuted},
	{family: "mixed number", steps: []string{"So \\(2\\frac{1}{2} = 1\\)."}, want: wantNotVerify},
	{family: "mixed number", steps: []string{"He walked \\(3\\frac{3}{4} \\times 2 = 7\\frac{1}{2}\\) miles."}, want: wantNotRefuted},
}

func TestMixedNumberTraps(t *testing.T) {
	runTraps(t, "mixed", mixedTraps, nil)
}
