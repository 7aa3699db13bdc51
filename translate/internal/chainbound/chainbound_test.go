package chainbound

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestRead pins the chains refuted, by their span, and those left alone.
func TestRead(t *testing.T) {
	cases := []struct{ text, want string }{
		{`Thus, 28 / 2 ≤ m ≤ 7, which simplifies to m ≥ 14.`, "28 / 2 ≤ m ≤ 7"},
		{`So \(9 < k < 9\).`, "9 < k < 9"},
		{`Hence $\frac{7}{2} \le x \le 3$.`, `\frac{7}{2} \le x \le 3`},
		{`Therefore 10 > n > 12.`, "10 > n > 12"},
		{`So \(9 \leq k \leq 9\).`, ""},
		{`Thus 2 ≤ m ≤ 7.`, ""},
		{`Thus 14 ≤ m ≤ 7, which is impossible.`, ""},
		{`If 14 ≤ m ≤ 7, there is nothing to count.`, ""},
		{`There is no m with 14 ≤ m ≤ 7.`, ""},
		{`We get \(x - 14 \le m \le 7\).`, ""},
		{`We get \(14 \le m \le 7x\).`, ""},
		{`We get \(14 \le m \le 7^2\).`, ""},
		{`The sum \(\sum_{14 \le i \le 7} a_i\) has no terms.`, ""},
		{`So 14 ≤ m ≥ 7.`, ""},
		{`So 3 \cdot 5 \le y \le 2 \cdot 7.`, `3 \cdot 5 \le y \le 2 \cdot 7`},
	}
	for _, c := range cases {
		got := Read(1, c.text, "decide")
		var spans []string
		for _, o := range got {
			spans = append(spans, o.Span.Text)
		}
		if strings.Join(spans, "|") != c.want {
			t.Errorf("%q: got %q, want %q", c.text, spans, c.want)
		}
	}
}

// FuzzRead checks that Read never panics and that every obligation's span
// is the text it names.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`Thus, 28 / 2 ≤ m ≤ 7.`, `\(\frac{7}{2} \le x \le 3\)`, `10 > n > 12`, `\le\le\le`, `≤ x ≤`, `1 < a_{12} < 0`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
