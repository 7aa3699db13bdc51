package tuplesat

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestRead pins the tuples refuted, by their text, and the claims left
// alone.
func TestRead(t *testing.T) {
	const problem = `Find all ordered pairs $(x, y)$ of integers with $x^{2}-6 x+y^{2}+2 y=15$.`
	cases := []struct {
		name, problem, prev, text string
		want                      []string
	}{
		{"one fails", problem, "", `So we have the following ordered pairs that satisfy the equation: \((7, 2)\), \((3, 4)\), \((1, 1)\).`, []string{"(1, 1)"}},
		{"all hold", problem, "", `So we have the following ordered pairs that satisfy the equation: \((7, 2)\), \((3, 4)\).`, nil},
		{"one display", problem, "", `The pairs that satisfy the equation are \[ (7,2), (3, 4), (2, 2) \]`, []string{"(2, 2)"}},
		{"stated inline", "", "", `The pairs \((a, b)\) that satisfy the equation \(a + 2b = 9\) are \((1, 4)\) and \((3, 2)\).`, []string{"(3, 2)"}},
		{"hedged", problem, "", `If we try, the pairs that satisfy the equation are \((1, 1)\).`, nil},
		{"denied", problem, "", `The pairs that do not satisfy the equation are \((1, 1)\).`, nil},
		{"ellipsis", problem, "", `The pairs that satisfy the equation are \((1, 1), (2, 2), \ldots\).`, nil},
		{"more after", problem, "", `The pairs that satisfy the equation are \((1, 1)\) and others.`, nil},
		{"prev equation holds", problem, `\[ (x-3)^2 + (y+1)^2 = 8 \]`, `The pairs that satisfy the equation are \((1, 1)\).`, nil},
		{"two problem equations", `Solve $x + y = 5$ and $x - y = 1$ for $(x, y)$.`, "", `The pairs that satisfy the equation are \((1, 1)\).`, nil},
		{"no names", `Solve $x^2 + y = 5$.`, "", `The pairs that satisfy the equation are \((1, 1)\).`, nil},
	}
	for _, c := range cases {
		got := Read(1, c.problem, c.prev, c.text, "decide")
		var spans []string
		for _, o := range got {
			spans = append(spans, o.Span.Text)
		}
		if strings.Join(spans, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: got %q, want %q", c.name, spans, c.want)
		}
	}
}

// FuzzRead checks that Read never panics and that every obligation's span
// is the text it names, whatever the step, the problem and the step
// before.
func FuzzRead(f *testing.F) {
	const problem = `Find all ordered pairs $(x, y)$ with $x^{2}+y=7$.`
	for _, s := range []string{
		`The pairs that satisfy the equation are \((1, 6)\), \((2, 2)\).`,
		`The pairs \((a, b)\) that satisfy the equation \(a+b=3\) are \((1,1)\)`,
		`pairs satisfy the equation: (1,2), (3,`, `solutions satisfying the equation $$`, `pairs that satisfy the equation \(`,
	} {
		f.Add(s, problem, "")
		f.Add(s, "", `\[ x + y = 3 \]`)
	}
	f.Fuzz(func(t *testing.T, text, problem, prev string) {
		obltest.Shape(t, text, Read(0, problem, prev, text, "decide"))
	})
}
