package finalans

import (
	"testing"

	"github.com/leanprm/leanprm/translate/obligation"
)

func TestReadDecides(t *testing.T) {
	cases := []struct {
		problem, text string
		want          int // refutations
	}{
		{`Compute: $47+38-15$.`, `So the result is 70. The final answer is 70.`, 0},
		{`Compute: $47+38-15$.`, `So the result is 60. The final answer is 60.`, 1},
		{`Evaluate $\frac{3}{4} + \frac{1}{6}$. Express your answer as a common fraction.`, `The answer is \(\boxed{\frac{11}{12}}\).`, 0},
		{`Evaluate $\frac{3}{4} + \frac{1}{6}$. Express your answer as a common fraction.`, `The answer is \(\boxed{\frac{4}{10}}\).`, 1},
		{`What is the value of $\sqrt{18} \cdot \sqrt{2}$?`, `So the answer is \(\boxed{6}\).`, 0},
		{`What is the value of $\sqrt{18} \cdot \sqrt{2}$?`, `So the answer is \(\boxed{6\sqrt{2}}\).`, 1},
		{`Simplify $3x(x + 2) - x^2$.`, `Thus, the final answer is: \(\boxed{2x^2 + 6x}\)`, 0},
		{`Simplify $3x(x + 2) - x^2$.`, `Thus, the final answer is: \(\boxed{2x^2 + 5x}\)`, 1},
		{`Simplify $\frac{x^2 - 9}{x - 3}$.`, `The answer is \(\boxed{x + 3}\).`, 0},
		{`Simplify $\frac{6ab}{3a}$, given that $a,b\neq0.$`, `The answer is \(\boxed{2b}\).`, 0},
		{`Simplify $\frac{6ab}{3a}$, given that $a,b\neq0.$`, `The answer is \(\boxed{2a}\).`, 1},
		// Not read.
		{`Compute $47+38-15$ in base 8.`, `The final answer is 60.`, 0},          // another base
		{`Find $x$ if $2x = 10$.`, `The final answer is \(\boxed{4}\).`, 0},      // an equation
		{`Compute $2x + 1$.`, `The final answer is \(\boxed{7}\).`, 0},           // names, not a simplification
		{`Simplify $3x(x + 2)$.`, `The answer is \(\boxed{3y^2 + 6y}\).`, 0},     // another name
		{`Compute $\frac{7}{3}$.`, `The answer is \(\boxed{2\frac{1}{3}}\).`, 0}, // a mixed number
		{`Compute $\frac{7}{3}$.`, `The answer is \(\boxed{2.33}\).`, 0},         // a decimal
		{`Compute $\frac{1}{4}$.`, `The answer is \(\boxed{25\%}\).`, 0},         // a percentage
		{`Compute $47+38-15$.`, `If the answer is 60, then we are done.`, 0},     // supposed
		{`Compute $47+38-15$.`, `The answer is not \(\boxed{60}\).`, 0},          // corrected
		{`Compute $47+38-15$.`, `We get \(\boxed{60}\) or \(\boxed{70}\).`, 0},   // several answers
		{`Compute $47+38-15$.`, `The final answer is 60.5 apples.`, 0},           // a decimal
		{"Compute $47+38$.\nThen add 5.", `The final answer is 85.`, 0},          // more than one sentence
		{`Evaluate $x^2 + 3x - 1$ when $x = 4$.`, `So the final answer is 27.`, 0},
		{`Evaluate $x^2 + 3x - 1$ when $x = 4$.`, `So the final answer is 29.`, 1},
		{`Calculate $\frac{1}{a} \cdot a^2 + 1$ when $a=-3$.`, `The answer is \(\boxed{-2}\).`, 0},
		{`Calculate $\frac{1}{a} \cdot a^2 + 1$ when $a=-3$.`, `The answer is \(\boxed{4}\).`, 1},
		{`Evaluate $x + y$ when $x = 4$.`, `So the final answer is 29.`, 0}, // a name left free
		{`Evaluate $x^2$ when $x = 4$ and $y = 2$.`, `So the final answer is 29.`, 0},
		{`Compute $(2+3)^2$.`, `First, $2+3 = \boxed{5}$.`, 0},                      // a box on the way
		{`Evaluate $\frac{9}{4} - \frac{1}{4}$.`, `So the answer is 3 - 1 = 2.`, 0}, // an expression after "is": its value comes later
	}
	for _, c := range cases {
		out := Read(1, c.problem, c.text, "decide")
		n := 0
		for _, o := range out {
			if o.OnDisproof == obligation.Refuted && o.Prop != "" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%q / %q: %d refutations, want %d: %+v", c.problem, c.text, n, c.want, out)
		}
	}
}

// FuzzRead: any problem and step are read without a panic, and every
// obligation's span lies in the step and has a certificate.
func FuzzRead(f *testing.F) {
	for _, s := range [][2]string{
		{`Compute: $113+276-13-26$.`, `$389-39 = 350-39 = 311$. The final answer is 311.`},
		{`Simplify the expression $a+1+a-2+a+3+a-4$.`, "Thus, the final answer is:\n\\[\n\\boxed{3a-2}\n\\]"},
		{`What is $\frac{1}{0}$?`, `\boxed{\frac{1}{0}} \boxed{ \boxed{`},
		{`Simplify $\frac{1}{x-2}$.`, `The answer is $\frac{1}{x - 2} + 0x$ and the final answer is -`},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, problem, s string) {
		for _, o := range Read(1, problem, s, "decide") {
			if !o.Span.Of(s) || o.Prop == "" {
				t.Fatalf("span %+v out of %q or no certificate: %+v", o.Span, s, o)
			}
		}
	})
}
