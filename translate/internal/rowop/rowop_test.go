package rowop

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/obligation"
)

const aug = `Start from \[\begin{pmatrix} 1 & 2 & | & 3 \\ 2 & 1 & | & 0 \\ 3 & 5 & | & 4 \end{pmatrix}\]`

func TestReadDecides(t *testing.T) {
	for _, c := range []struct {
		prev, text string
		want       int
	}{
		{"", aug + ` Subtracting twice the first row from the second row gives \[\begin{pmatrix} 1 & 2 & | & 3 \\ 0 & -3 & | & -6 \\ 3 & 5 & | & 4 \end{pmatrix}\]`, 0},
		{"", aug + ` Subtracting twice the first row from the second row gives \[\begin{pmatrix} 1 & 2 & | & 3 \\ 0 & -3 & | & -4 \\ 3 & 5 & | & 4 \end{pmatrix}\]`, 1},
		{aug, `Next, subtract 3 times row 1 from row 3: \[\begin{pmatrix} 1 & 2 & | & 3 \\ 2 & 1 & | & 0 \\ 0 & -1 & | & -5 \end{pmatrix}\]`, 0},
		{aug, `Next, subtract 3 times row 1 from row 3: \[\begin{pmatrix} 1 & 2 & | & 3 \\ 2 & 1 & | & 0 \\ 0 & 1 & | & -5 \end{pmatrix}\]`, 1},
		{aug, `Adding the first row to the third row: \[\begin{pmatrix} 1 & 2 & | & 3 \\ 2 & 1 & | & 0 \\ 4 & 7 & | & 7 \end{pmatrix}\]`, 0},
		{aug, `Adding the first row to the third row: \[\begin{pmatrix} 1 & 2 & | & 3 \\ 2 & 1 & | & 0 \\ 4 & 7 & | & 6 \end{pmatrix}\]`, 1},
		// two operations at once: other rows change too, or the sentence names both
		{aug, `Subtracting twice the first row from the second row and 3 times the first row from the third row: \[\begin{pmatrix} 1 & 2 & | & 3 \\ 0 & -3 & | & -6 \\ 0 & 0 & | & 0 \end{pmatrix}\]`, 0},
		{aug, `Subtract twice the first row from the second row: \[\begin{pmatrix} 1 & 2 & | & 3 \\ 0 & -3 & | & -6 \\ 0 & -1 & | & -5 \end{pmatrix}\]`, 0},
		{aug, `If we subtract twice the first row from the second row, we get \[\begin{pmatrix} 1 & 2 & | & 3 \\ 0 & -3 & | & -4 \\ 3 & 5 & | & 4 \end{pmatrix}\]`, 0},
		{aug, `Subtract twice the first row from the second row, then divide by -3: \[\begin{pmatrix} 1 & 2 & | & 3 \\ 0 & 1 & | & 2 \\ 3 & 5 & | & 4 \end{pmatrix}\]`, 0},
		{aug, `Add twice the first row from the second row: \[\begin{pmatrix} 1 & 2 & | & 3 \\ 0 & -3 & | & -4 \\ 3 & 5 & | & 4 \end{pmatrix}\]`, 0}, // "add … from": not read
		{aug, `Subtract twice the first row from the second row: \[\begin{pmatrix} a & 2 & | & 3 \\ 0 & -3 & | & -4 \\ 3 & 5 & | & 4 \end{pmatrix}\]`, 0},
		{aug, `Subtract twice the first row from the second row: \[\begin{pmatrix} 0 & -3 & | & -4 \end{pmatrix}\]`, 0},
		{"", `Subtract twice the first row from the second row: \[\begin{pmatrix} 1 & 2 \\ 0 & -3 \end{pmatrix}\]`, 0}, // nothing before
		{aug, `Subtract twice the first row from the second row of the original matrix: \[\begin{pmatrix} 1 & 2 & | & 3 \\ 0 & -3 & | & -4 \\ 3 & 5 & | & 4 \end{pmatrix}\]`, 0},
	} {
		out := Read(1, c.prev, c.text, "decide")
		n := 0
		for _, o := range out {
			if o.OnDisproof == obligation.Refuted && o.Prop != "" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%q: %d refutations, want %d: %+v", c.text, n, c.want, out)
		}
	}
}

// TestReadInvalidUTF8: offsets hold where lowering would change the
// length (invalid bytes before a capital "ROW").
func TestReadInvalidUTF8(t *testing.T) {
	text := strings.Repeat("\xae", 400) + ` SUBTRACT the first ROW from the second ROW: \[\begin{pmatrix} 1 \end{pmatrix}\]`
	_ = Read(1, aug, text, "decide")
}

// FuzzRead: Read never panics, and every span lies in the text.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		aug + ` Subtracting twice the first row from the second row gives \[\begin{pmatrix} 1 & 2 & | & 3 \\ 0 & -3 & | & -4 \\ 3 & 5 & | & 4 \end{pmatrix}\]`,
		`add 2 times row 7 to row 1 \begin{pmatrix} \end{pmatrix} row row from to \begin{`,
		strings.Repeat(`subtract the first row from the second row `, 40),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range Read(1, aug, s, "decide") {
			if o.Span.Start < 0 || o.Span.End > len(s) || o.Span.Start > o.Span.End {
				t.Fatalf("span %+v out of %d bytes", o.Span, len(s))
			}
		}
	})
}
