package translate

import "testing"

// matrixEqTraps pin the equalities between matrices with closed entries
// (docs/TRANSLATE.md, "Matrices with closed entries"; package matrixeq):
// true products, sums, scalar multiples and powers are left alone, variants
// with other numbers and wording are read, a false entry (of a product, a
// cross product, or a determinant or dot product against a number) is
// refuted, and a supposed, tested, approximated or rounded equality, a
// matrix equation in names, a transpose, a determinant beside a matrix or
// a step that reduces rows is not read. The
// wording and the numbers are ours.
var matrixEqTraps = []trap{
	// True forms: nothing to refute.
	{family: "matrixeq true", steps: []string{`Multiplying, \[ \begin{pmatrix} 3 & -1 \\ 2 & 4 \end{pmatrix} \begin{pmatrix} 2 \\ 5 \end{pmatrix} = \begin{pmatrix} 1 \\ 24 \end{pmatrix}. \]`}, want: wantNotRefuted},
	{family: "matrixeq true", steps: []string{`So \( 2\begin{pmatrix} 1 \\ 4 \\ -3 \end{pmatrix} + \begin{pmatrix} 0 \\ -1 \\ 7 \end{pmatrix} = \begin{pmatrix} 2 \\ 7 \\ 1 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq true", steps: []string{`The square is \( \begin{bmatrix} 0 & 1 \\ 1 & 1 \end{bmatrix}^2 = \begin{bmatrix} 1 & 1 \\ 1 & 2 \end{bmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq true", steps: []string{`Normalizing, \( \frac{1}{5} \begin{pmatrix} 3 \\ 4 \end{pmatrix} = \begin{pmatrix} \frac{3}{5} \\ \frac{4}{5} \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq true", steps: []string{`Hence \( \frac{1}{\sqrt{2}} \begin{pmatrix} 2 & 0 \end{pmatrix} = \begin{pmatrix} \sqrt{2} & 0 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq true", steps: []string{"This can be written as\n\\[ \\begin{pmatrix} \\frac{3}{4} \\cdot 8 & 2 \\end{pmatrix} \\]\n=\n\\[ \\begin{pmatrix} 6 & 2 \\end{pmatrix}. \\]"}, want: wantNotRefuted},
	{family: "matrixeq true", steps: []string{`The determinant is \( \begin{vmatrix} 4 & 1 \\ 2 & 3 \end{vmatrix} = 4 \cdot 3 - 1 \cdot 2 = 10 \).`}, want: wantNotRefuted},
	{family: "matrixeq true", steps: []string{`The normal vector is \( \begin{pmatrix} 1 \\ 0 \\ 2 \end{pmatrix} \times \begin{pmatrix} 0 \\ 3 \\ 1 \end{pmatrix} = \begin{pmatrix} -6 \\ -1 \\ 3 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq true", steps: []string{`The area is \( \frac{1}{2} \begin{vmatrix} 1 & 5 \\ 2 & 4 \end{vmatrix} = 3 \) square units.`}, want: wantNotRefuted},
	// Not read: names, other operations, roundings, suppositions.
	{family: "matrixeq other", steps: []string{`We need \( \begin{pmatrix} 2 & 1 \\ 1 & 3 \end{pmatrix} \begin{pmatrix} x \\ y \end{pmatrix} = \begin{pmatrix} 5 \\ 5 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{`The cross product is \( \begin{pmatrix} 1 \\ 2 \\ 0 \end{pmatrix} \times \begin{pmatrix} 0 \\ 1 \\ 3 \end{pmatrix} = \begin{pmatrix} 6 \\ -3 \\ 1 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{`The dot product is \( \begin{pmatrix} 1 \\ 2 \end{pmatrix} \cdot \begin{pmatrix} 3 \\ 5 \end{pmatrix} = 13 \).`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{`The determinant is \( \begin{vmatrix} 2 & 7 \\ 1 & 3 \end{vmatrix} = \begin{pmatrix} 2 & 7 \\ 1 & 4 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{`Its transpose: \( \begin{pmatrix} 1 & 2 \\ 5 & 6 \end{pmatrix}^T = \begin{pmatrix} 1 & 5 \\ 2 & 6 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{`So \( \begin{pmatrix} 0.67 & 2 \end{pmatrix} = \begin{pmatrix} \frac{2}{3} & 2 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{`So \( \frac{1}{3}\begin{pmatrix} 2 & 1 \end{pmatrix} \approx \begin{pmatrix} 1 & 0 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{`If \( \begin{pmatrix} 1 & 2 \end{pmatrix} + \begin{pmatrix} 1 & 1 \end{pmatrix} = \begin{pmatrix} 2 & 4 \end{pmatrix} \), the sum would match.`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{`Let's check whether \( \begin{pmatrix} 1 & 1 \\ 0 & 1 \end{pmatrix}^2 = \begin{pmatrix} 1 & 1 \\ 0 & 1 \end{pmatrix} \).`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{`Here \( \begin{pmatrix} 1 & 4 \end{pmatrix} = \begin{pmatrix} 1 \\ 4 \end{pmatrix} \) as a list of coordinates.`}, want: wantNotRefuted},
	{family: "matrixeq other", steps: []string{"Subtract 3 times row 1 from row 2: \\( \\begin{pmatrix} 1 & 2 \\\\ 3 & 7 \\end{pmatrix} = \\begin{pmatrix} 1 & 2 \\\\ 0 & 1 \\end{pmatrix} \\)."}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "matrixeq wrong", steps: []string{`Multiplying, \[ \begin{pmatrix} 3 & -1 \\ 2 & 4 \end{pmatrix} \begin{pmatrix} 2 \\ 5 \end{pmatrix} = \begin{pmatrix} 1 \\ 22 \end{pmatrix}. \]`}, want: wantRefuted, claim: "[[1], [24]] = [[1], [22]]"},
	{family: "matrixeq wrong", steps: []string{`So \( 2\begin{pmatrix} 1 \\ 4 \\ -3 \end{pmatrix} + \begin{pmatrix} 0 \\ -1 \\ 7 \end{pmatrix} = \begin{pmatrix} 2 \\ 7 \\ -1 \end{pmatrix} \).`}, want: wantRefuted},
	{family: "matrixeq wrong", steps: []string{`The square is \( \begin{bmatrix} 0 & 1 \\ 1 & 1 \end{bmatrix}^2 = \begin{bmatrix} 0 & 1 \\ 1 & 1 \end{bmatrix} \), so the matrix is idempotent.`}, want: wantRefuted},
	{family: "matrixeq wrong", steps: []string{`Normalizing, \( \frac{1}{5} \begin{pmatrix} 3 \\ 4 \end{pmatrix} = \begin{pmatrix} \frac{3}{5} \\ \frac{5}{4} \end{pmatrix} \).`}, want: wantRefuted},
	{family: "matrixeq wrong", steps: []string{`Hence \( \frac{1}{\sqrt{2}} \begin{pmatrix} 2 & 0 \end{pmatrix} = \begin{pmatrix} 2\sqrt{2} & 0 \end{pmatrix} \).`}, want: wantRefuted},
	{family: "matrixeq wrong", steps: []string{"This can be written as\n\\[ \\begin{pmatrix} \\frac{3}{4} \\cdot 8 & 2 \\end{pmatrix} \\]\n=\n\\[ \\begin{pmatrix} 6 & 2 \\end{pmatrix} \\]\n=\n\\[ \\begin{pmatrix} \\frac{3}{4} & 2 \\end{pmatrix}. \\]"}, want: wantRefuted},
	{family: "matrixeq wrong", steps: []string{"The difference of the points is \\( \\begin{pmatrix} 6 \\\\ -2 \\end{pmatrix} - \\begin{pmatrix} 1 \\\\ 3 \\end{pmatrix} = \\begin{pmatrix} 5 \\\\ 1 \\end{pmatrix} \\)."}, want: wantRefuted},
	{family: "matrixeq wrong", steps: []string{`The determinant is \( \begin{vmatrix} 4 & 1 \\ 2 & 3 \end{vmatrix} = 14 \).`}, want: wantRefuted},
	{family: "matrixeq wrong", steps: []string{`The normal vector is \( \begin{pmatrix} 1 \\ 0 \\ 2 \end{pmatrix} \times \begin{pmatrix} 0 \\ 3 \\ 1 \end{pmatrix} = \begin{pmatrix} -6 \\ 1 \\ 3 \end{pmatrix} \).`}, want: wantRefuted},
	{family: "matrixeq wrong", steps: []string{`Their dot product is \( \begin{pmatrix} 2 \\ -1 \\ 5 \end{pmatrix} \cdot \begin{pmatrix} 3 \\ 4 \\ 1 \end{pmatrix} = 9 \).`}, want: wantRefuted},
}

func TestMatrixEqTraps(t *testing.T) {
	runTraps(t, "matrixeq", matrixEqTraps, nil)
}
