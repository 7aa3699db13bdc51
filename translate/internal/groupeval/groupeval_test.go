package groupeval

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestRead pins the brackets refuted, by their span, and those left alone.
func TestRead(t *testing.T) {
	cases := []struct{ text, want string }{
		{`Now \( 3^{x}(3^2 - 9) = 2^{x}(2^5 - 5) \). Simplifying, \( 3^{x}(-6) = 2^{x}(27) \).`, "(-6)"},
		{`\[ 7^{y}(4 \cdot 5) = 7^{y}(21) \]`, "(21)"},
		{`We get \( \log_3(2 + 7) + k \) which simplifies to \( \log_3(8) + k \).`, "(8)"},
		{`Now \( 3^{x}(3^2 - 9) = 2^{x}(2^5 - 5) \). Simplifying, \( 3^{x}(0) = 2^{x}(27) \).`, ""},
		{`\[ 7^{y}(4 \cdot 5) = 7^{y}(20) \]`, ""},
		{`\[ 7^{y}(4 \cdot 5) = 7^{z}(21) \]`, ""},
		{`\[ 2^{(1 + 2)} = 2^{(4)} \]`, ""},
		{`\[ 10(3.14 \cdot 2) = 10(6.3) \]`, ""},
		{`\[ (4^2)^2 = (-1)^2 \pmod{17} \]`, ""},
		{`If \( 7^{y}(4 \cdot 5) = 7^{y}(21) \), we are done.`, ""},
		{`\[ a(2 + 3) = a(6 - 1) \]`, ""},
		{`\[ f(2) = 3(2 + 1) \]`, ""},
		{`First \( 5(2 + 3) \). Next, consider \( 5(9) \).`, ""},
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
		`\( 3^{x}(3^2 - 9) = 2^{x}(2^5 - 5) \). Simplifying, \( 3^{x}(-6) = 2^{x}(27) \).`, `\[ a(1+2) = a(4) \]`, `\((((\) so \()))\)`, `$(1+1)=(3)$`, `\[ ( = ( \]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
