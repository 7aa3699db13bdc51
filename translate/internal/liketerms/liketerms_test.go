package liketerms

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestRead pins the links refuted, by their span, and those left alone.
func TestRead(t *testing.T) {
	cases := []struct{ text, want string }{
		{`Combining, \(3x + 5x = 9x\).`, "3x + 5x = 9x"},
		{`\[ \frac{4b^3 + 23b^3}{23} = \frac{29b^3}{23}. \]`, `\frac{4b^3 + 23b^3}{23} = \frac{29b^3}{23}`},
		{`So \(7y^2 - 2y^2 - y^2 = 5y^2\) holds.`, "7y^2 - 2y^2 - y^2 = 5y^2"},
		{`So \(12t = 5t + 8t\).`, "12t = 5t + 8t"},
		{`Combining, \(3x + 5x = 8x\).`, ""},
		{`\[ b^3 = \frac{4b^3 + 23b^3}{23} \]`, ""},
		{`So \(3x + 5x^2 = 9x\).`, ""},
		{`So \(3x + 5y = 9x\).`, ""},
		{`So \(3x + 5 = 9x\).`, ""},
		{`If \(3x + 5x = 9x\), then x = 0.`, ""},
		{`We get \(3x + 5x = 9x\), which is not right.`, ""},
		{`So \(3x + 5x < 9x\).`, ""},
		{`So \(2ab + 3ab = 6ab\).`, ""},
		{`So \(x + x = 3\) and \(3x + 5x = 9x\).`, "3x + 5x = 9x"},
	}
	for _, c := range cases {
		got := Read(1, c.text, "decide", "grind")
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
		`\(3x + 5x = 9x\)`, `\[ \frac{4b^3 + 23b^3}{23} = \frac{29b^3}{23}. \]`, `$x+x=3x$ and $`, `\(= = =\)`, `\[ a \implies b = c, d = e \\ f \]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide", "grind"))
	})
}
