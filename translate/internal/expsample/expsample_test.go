package expsample

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestRead pins the rewritings refuted, by their span, and those left
// alone.
func TestRead(t *testing.T) {
	cases := []struct{ text, want string }{
		{"So, we can rewrite \\(8(8^x)\\) as:\n\\[2^3 \\cdot 2^{x} = 2^{61}\\]", `8(8^x)\) as:` + "\n" + `\[2^3 \cdot 2^{x}`},
		{"The volume is:\n\\[ V_k = a_k^3 = \\left(5 (\\sqrt{3})^{k-1}\\right)^3 = 125 \\cdot 3^{k-1} \\]", `\left(5 (\sqrt{3})^{k-1}\right)^3 = 125 \cdot 3^{k-1}`},
		{"We can rewrite \\(4^x\\) as \\((2^x)^2\\).", ""},
		{"We can rewrite \\(9^{n}\\) as \\(3^{2n}\\).", ""},
		{"We can rewrite \\(9^{n}\\) as \\(3^{n+1}\\).", `9^{n}\) as \(3^{n+1}`},
		{"Let us write \\(2^x\\) as \\(y\\).", ""},
		{"We can rewrite \\(2^{a}\\) as \\(3^{b}\\).", ""},
		{"If we rewrite \\(9^{n}\\) as \\(3^{n+1}\\), the sum changes.", ""},
		{"We can rewrite \\((-1)^{n}\\) as \\((-1)^{3n}\\).", ""},
		{"\\[ y = 2^{x+1} = 4^{x} \\]", ""},
		{"\\[ S_n = 2 \\cdot 2^{n} = 2^{n+1} = 4^{n} \\]", `2^{n+1} = 4^{n}`},
		{"\\[ S_n = 2 \\cdot 2^{n} = 2^{n+1} = 2 \\cdot 2^{n} \\]", ""},
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
		"rewrite \\(8(8^x)\\) as:\n\\[2^3 \\cdot 2^{x} = 2^{61}\\]", `\[ V_k = a_k^3 = (3^{k}) = 9^{k} \]`, `write \(2^{x\) as \(`, `\[ a = b = c^{x = 2^{x} \]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
