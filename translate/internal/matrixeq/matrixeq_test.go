package matrixeq

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/obligation"
)

func TestReadDecidesEntries(t *testing.T) {
	cases := []struct {
		text string
		want int // refutations
	}{
		{`So \[ \begin{pmatrix} 2 & 5 \\ 1 & 3 \end{pmatrix} \begin{pmatrix} 1 \\ 2 \end{pmatrix} = \begin{pmatrix} 12 \\ 7 \end{pmatrix}. \]`, 0},
		{`So \[ \begin{pmatrix} 2 & 5 \\ 1 & 3 \end{pmatrix} \begin{pmatrix} 1 \\ 2 \end{pmatrix} = \begin{pmatrix} 12 \\ 6 \end{pmatrix}. \]`, 1},
		{`So \( 4\begin{pmatrix} 1 \\ -3 \end{pmatrix} - \begin{pmatrix} 2 \\ 2 \end{pmatrix} = \begin{pmatrix} 2 \\ -14 \end{pmatrix} \).`, 0},
		{`So \( 4\begin{pmatrix} 1 \\ -3 \end{pmatrix} - \begin{pmatrix} 2 \\ 2 \end{pmatrix} = \begin{pmatrix} 2 \\ -10 \end{pmatrix} \).`, 1},
		{`Then \( \begin{bmatrix} 1 & 1 \\ 0 & 1 \end{bmatrix}^3 = \begin{bmatrix} 1 & 3 \\ 0 & 1 \end{bmatrix} \).`, 0},
		{`Then \( \begin{bmatrix} 1 & 1 \\ 0 & 1 \end{bmatrix}^{3} = \begin{bmatrix} 1 & 2 \\ 0 & 1 \end{bmatrix} \).`, 1},
		{`Hence \( \frac{1}{\sqrt{3}} \begin{pmatrix} 3 \\ 1 \end{pmatrix} = \begin{pmatrix} \sqrt{3} \\ \frac{\sqrt{3}}{3} \end{pmatrix} \).`, 0},
		{`Hence \( \frac{1}{\sqrt{3}} \begin{pmatrix} 3 \\ 1 \end{pmatrix} = \begin{pmatrix} \sqrt{3} \\ \sqrt{3} \end{pmatrix} \).`, 1},
		{"We get\n\\[ \\begin{pmatrix} \\frac{2}{3} \\cdot 3 & 1 \\end{pmatrix} \\]\n=\n\\[ \\begin{pmatrix} 2 & 2 \\end{pmatrix} \\]", 1},                      // two displays joined by "="
		{"We get\n\\[ \\begin{pmatrix} 1 & 1 \\end{pmatrix} \\]\nand\n\\[ \\begin{pmatrix} 2 & 2 \\end{pmatrix} \\]", 0},                                        // no "=" between
		{`So \( \begin{pmatrix} a & 1 \\ 0 & 1 \end{pmatrix} = \begin{pmatrix} 2 & 1 \\ 0 & 5 \end{pmatrix} \).`, 0},                                            // a name: an equation
		{`So \( \begin{pmatrix} 1 \\ 2 \end{pmatrix} \cdot \begin{pmatrix} 3 \\ 4 \end{pmatrix} = \begin{pmatrix} 3 \\ 8 \end{pmatrix} \).`, 0},                 // a dot product is not read
		{`So \( \begin{pmatrix} 1 \\ 0 \\ 0 \end{pmatrix} \times \begin{pmatrix} 0 \\ 1 \\ 0 \end{pmatrix} = \begin{pmatrix} 0 \\ 0 \\ 2 \end{pmatrix} \).`, 1}, // a cross product: (0, 0, 1)
		{`So \( \begin{pmatrix} 1 \\ 0 \\ 0 \end{pmatrix} \times \begin{pmatrix} 0 \\ 1 \\ 0 \end{pmatrix} = \begin{pmatrix} 0 \\ 0 \\ 1 \end{pmatrix} \).`, 0},
		{`So \( \begin{pmatrix} 2 \\ -1 \\ 3 \end{pmatrix} \times \begin{pmatrix} 1 \\ 4 \\ 0 \end{pmatrix} = \begin{pmatrix} -12 \\ 3 \\ 9 \end{pmatrix} \).`, 0},
		{`So \( \begin{pmatrix} 2 \\ -1 \\ 3 \end{pmatrix} \times \begin{pmatrix} 1 \\ 4 \\ 0 \end{pmatrix} = \begin{pmatrix} -12 \\ 3 \\ 7 \end{pmatrix} \).`, 1},
		{`So \( \begin{pmatrix} 1 \\ 2 \end{pmatrix} \cdot \begin{pmatrix} 3 \\ 4 \end{pmatrix} = 1 \cdot 3 + 2 \cdot 4 = 11 \).`, 0},
		{`So \( \begin{pmatrix} 1 \\ 2 \end{pmatrix} \cdot \begin{pmatrix} 3 \\ 4 \end{pmatrix} = 1 \cdot 3 + 2 \cdot 4 = 12 \).`, 0}, // the false link is between numbers
		{`So \( \begin{pmatrix} 1 \\ 2 \end{pmatrix} \cdot \begin{pmatrix} 3 \\ 4 \end{pmatrix} = 12 \).`, 1},
		{`So \( \begin{vmatrix} 2 & 3 \\ 1 & 4 \end{vmatrix} = 2 \cdot 4 - 3 \cdot 1 = 5 \).`, 0},
		{`So \( \begin{vmatrix} 2 & 3 \\ 1 & 4 \end{vmatrix} = 2 \cdot 4 + 3 \cdot 1 = 11 \).`, 1},
		{`So \( \det \begin{pmatrix} 1 & 2 & 0 \\ 0 & 1 & 3 \\ 2 & 0 & 1 \end{pmatrix} = 13 \).`, 0},
		{`So \( \det \begin{pmatrix} 1 & 2 & 0 \\ 0 & 1 & 3 \\ 2 & 0 & 1 \end{pmatrix} = 11 \).`, 1},
		{`So \( \begin{pmatrix} 5 \end{pmatrix} = 5 \).`, 0},                                                              // a 1×1 matrix beside a number: left alone
		{`So \( \begin{pmatrix} 1 & 2 \end{pmatrix} = \begin{pmatrix} 1 \\ 2 \end{pmatrix} \).`, 0},                       // shapes differ
		{`So \( \begin{pmatrix} 0.33 & 1 \end{pmatrix} = \begin{pmatrix} \frac{1}{3} & 1 \end{pmatrix} \).`, 0},           // a decimal
		{`If \( \begin{pmatrix} 1 & 2 \end{pmatrix} = \begin{pmatrix} 1 & 3 \end{pmatrix} \), we would be done.`, 0},      // supposed
		{`So \( \begin{pmatrix} 1 & 2 \end{pmatrix} \approx \begin{pmatrix} 1 & 3 \end{pmatrix} \).`, 0},                  // approximated
		{`So \( \begin{vmatrix} 1 & 2 \\ 3 & 4 \end{vmatrix} = \begin{pmatrix} 1 & 2 \\ 3 & 5 \end{pmatrix} \).`, 0},      // a determinant
		{`So \( \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}^T = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix} \).`, 0},    // a transpose
		{`So \( \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}^{-1} = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix} \).`, 0}, // an inverse
		{`So \( \begin{pmatrix} 1 & 2 \end{pmatrix} = \begin{pmatrix} 1 & 2 \end{pmatrix} = \begin{pmatrix} 1 & 4 \end{pmatrix} \).`, 1},
		{`Subtracting twice the first row: \( \begin{pmatrix} 1 & 2 \\ 2 & 5 \end{pmatrix} = \begin{pmatrix} 1 & 2 \\ 0 & 1 \end{pmatrix} \).`, 0}, // row-equivalent
		{`Then \( R_2 - 2R_1 \): \( \begin{pmatrix} 1 & 2 \\ 2 & 5 \end{pmatrix} = \begin{pmatrix} 1 & 2 \\ 0 & 1 \end{pmatrix} \).`, 0},
		{`So \( \begin{pmatrix} 1 & 2 \\ 2 & 5 \end{pmatrix} \rightarrow \begin{pmatrix} 1 & 2 \\ 0 & 1 \end{pmatrix} = \begin{pmatrix} 1 & 2 \\ 0 & 2 \end{pmatrix} \).`, 0},
	}
	for _, c := range cases {
		out := Read(1, c.text, "decide")
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

func TestReadMemberShapes(t *testing.T) {
	m, ok := ReadMember(`\begin{pmatrix} 1 & 2 & 3 \\ 4 & 5 & 6 \\ \end{pmatrix}`)
	if !ok || m.Rows != 2 || m.Cols != 3 {
		t.Fatalf("got %v %v", m, ok)
	}
	if got := m.String(); got != "[[1, 2, 3], [4, 5, 6]]" {
		t.Errorf("String = %q", got)
	}
	for _, s := range []string{
		`\begin{pmatrix} 1 & 2 \\ 3 \end{pmatrix}`,
		`\begin{pmatrix} 1 & 2`,
		`2 \begin{pmatrix} 1 \end{pmatrix} 3`,
		`- - \begin{pmatrix} 1 \end{pmatrix}`,
		`\mathbf{A}`,
		strings.Repeat(`\begin{pmatrix} 1 \end{pmatrix}`, maxMats+1),
	} {
		if _, ok := ReadMember(s); ok {
			t.Errorf("%q read", s)
		}
	}
}

// FuzzRead: any text is read without a panic, and every obligation's span
// lies in the text, holds a matrix and has a certificate.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`\[ \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix} \begin{pmatrix} 1 \\ 1 \end{pmatrix} = \begin{pmatrix} 3 \\ 8 \end{pmatrix} \]`,
		"\\[ \\begin{pmatrix} \\frac{1}{10} \\times \\frac{1}{5} \\end{pmatrix} \\]\n= \n\\[ \\begin{pmatrix} \\frac{1}{10} \\end{pmatrix} \\]",
		`\( -\frac{1}{2}\begin{bmatrix} 2 \\ \sqrt{8} \end{bmatrix}^2 + \begin{pmatrix} 1 \end{pmatrix} = \begin{pmatrix} \end{pmatrix} \)`,
		`\( \begin{pmatrix} \begin{pmatrix} 1 \end{pmatrix} \end{pmatrix} = \begin{pmatrix} 1 & \\ & \end{pmatrix}^{ \)`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range Read(1, s, "decide") {
			if !o.Span.Of(s) {
				t.Fatalf("span %+v out of %q", o.Span, s)
			}
			if !strings.Contains(o.Span.Text, "matrix}") || o.Prop == "" {
				t.Fatalf("obligation without a matrix or a certificate: %+v", o)
			}
		}
	})
}
