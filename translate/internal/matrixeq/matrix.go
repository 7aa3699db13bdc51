package matrixeq

import (
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// Matrix is a matrix of closed values, row by row; a scalar is a 1×1
// matrix with Scalar set.
type Matrix struct {
	Rows, Cols int
	Scalar     bool
	e          []algebra.Surd
	det        bool // read from a vmatrix: its determinant is meant
}

// At is the entry in row i, column j (from 0).
func (m *Matrix) At(i, j int) algebra.Surd { return m.e[i*m.Cols+j] }

// Equal reports the same shape and every entry equal.
func (m *Matrix) Equal(b *Matrix) bool {
	if m.Rows != b.Rows || m.Cols != b.Cols || m.Scalar != b.Scalar {
		return false
	}
	for k := range m.e {
		if !m.e[k].Equal(b.e[k]) {
			return false
		}
	}
	return true
}

// String writes the matrix row by row: [[1, 2], [3, 4]]; a scalar as it is.
func (m *Matrix) String() string {
	if m.Scalar {
		return m.e[0].String()
	}
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < m.Rows; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('[')
		for j := 0; j < m.Cols; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(m.At(i, j).String())
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	return b.String()
}

// scale is c times m.
func (m *Matrix) scale(c algebra.Surd) *Matrix {
	out := &Matrix{Rows: m.Rows, Cols: m.Cols, Scalar: m.Scalar, e: make([]algebra.Surd, len(m.e))}
	for k := range m.e {
		out.e[k] = c.Mul(m.e[k])
	}
	return out
}

// add is m + b; false when the shapes differ.
func (m *Matrix) add(b *Matrix) (*Matrix, bool) {
	if m.Rows != b.Rows || m.Cols != b.Cols || m.Scalar != b.Scalar {
		return nil, false
	}
	out := &Matrix{Rows: m.Rows, Cols: m.Cols, Scalar: m.Scalar, e: make([]algebra.Surd, len(m.e))}
	for k := range m.e {
		out.e[k] = m.e[k].Add(b.e[k])
	}
	return out, true
}

// mul is the product m·b; false when the columns of m are not the rows of
// b (two column vectors side by side, a dot product, are not read).
func (m *Matrix) mul(b *Matrix) (*Matrix, bool) {
	if m.Cols != b.Rows {
		return nil, false
	}
	out := &Matrix{Rows: m.Rows, Cols: b.Cols, e: make([]algebra.Surd, m.Rows*b.Cols)}
	for i := 0; i < m.Rows; i++ {
		for j := 0; j < b.Cols; j++ {
			var s algebra.Surd
			for k := 0; k < m.Cols; k++ {
				s = s.Add(m.At(i, k).Mul(b.At(k, j)))
			}
			if s.Len() > maxTerms {
				return nil, false
			}
			out.e[i*out.Cols+j] = s
		}
	}
	return out, true
}

// ReadMember reads one side of an "=" chain: a sum of terms, each an
// optional sign, an optional closed scalar (with \cdot or \times after it)
// and factors written side by side or with \cdot or \times: matrices
// (pmatrix, bmatrix) with an optional whole power from 1 to maxPow, and
// determinants (a vmatrix, or \det before a matrix), which are scalars.
// Two matrices side by side multiply as matrices; with \cdot, two vectors
// of one shape make their dot product, other matrices multiply; with
// \times, two vectors of three entries make their cross product. The value
// is a matrix, or a scalar as a 1×1 matrix with Scalar set; false when
// any part is not read so (a name, a transpose, text after the last
// factor, shapes that do not multiply).
func ReadMember(s string) (*Matrix, bool) {
	var sum, term *Matrix
	sign := algebra.SurdFromInt(1)
	coef := algebra.SurdFromInt(1)
	flush := func() bool {
		if term == nil {
			return false
		}
		t := term.scale(sign.Mul(coef))
		if sum == nil {
			sum = t
			return true
		}
		var ok bool
		sum, ok = sum.add(t)
		return ok
	}
	at, mats := 0, 0
	for {
		k := nextBegin(s, at)
		gap := s[at:]
		if k >= 0 {
			gap = s[at:k]
		}
		gap = strings.TrimSpace(gap)
		det := false
		if k >= 0 && strings.HasSuffix(gap, `\det`) {
			det, gap = true, strings.TrimSpace(strings.TrimSuffix(gap, `\det`))
		}
		if k < 0 {
			if gap != "" || !flush() {
				return nil, false
			}
			return sum, true
		}
		op := ""
		switch {
		case term == nil && at == 0:
			// The first term: an optional sign and scalar.
			if !readLead(gap, &sign, &coef) {
				return nil, false
			}
		case gap == "" || gap == `\cdot` || gap == `\times`:
			op = gap // a product with the factor before
		default:
			if !flush() {
				return nil, false
			}
			term = nil
			if gap[0] != '+' && gap[0] != '-' || !readLead(gap, &sign, &coef) {
				return nil, false
			}
		}
		m, end, ok := readMatrix(s, k)
		if !ok {
			return nil, false
		}
		if mats++; mats > maxMats {
			return nil, false
		}
		if m.det || det {
			if m, ok = m.determinant(); !ok {
				return nil, false
			}
		} else if m, end, ok = readPower(s, end, m); !ok {
			return nil, false
		}
		if term == nil {
			term = m
		} else if term, ok = term.times(m, op); !ok {
			return nil, false
		}
		at = end
	}
}

// times is the product of a and b written with op ("", \cdot or \times).
func (m *Matrix) times(b *Matrix, op string) (*Matrix, bool) {
	switch {
	case m.Scalar && b.Scalar:
		return scalarOf(m.At(0, 0).Mul(b.At(0, 0))), true
	case m.Scalar:
		return b.scale(m.At(0, 0)), true
	case b.Scalar:
		return m.scale(b.At(0, 0)), op != `\times`
	case op == `\times`:
		return m.cross(b)
	case op == `\cdot` && m.Rows == b.Rows && m.Cols == b.Cols && (m.Rows == 1 || m.Cols == 1) && len(m.e) > 1:
		var d algebra.Surd
		for k := range m.e {
			d = d.Add(m.e[k].Mul(b.e[k]))
		}
		return scalarOf(d), d.Len() <= maxTerms
	}
	return m.mul(b)
}

// cross is the cross product of two vectors of three entries, both
// columns or both rows.
func (m *Matrix) cross(b *Matrix) (*Matrix, bool) {
	if m.Rows != b.Rows || m.Cols != b.Cols || len(m.e) != 3 || m.Rows != 1 && m.Cols != 1 {
		return nil, false
	}
	u, v := m.e, b.e
	out := &Matrix{Rows: m.Rows, Cols: m.Cols, e: []algebra.Surd{
		u[1].Mul(v[2]).Sub(u[2].Mul(v[1])),
		u[2].Mul(v[0]).Sub(u[0].Mul(v[2])),
		u[0].Mul(v[1]).Sub(u[1].Mul(v[0])),
	}}
	return out, true
}

// determinant is the determinant of a square matrix of at most maxDet
// rows, by expansion along the first row, as a scalar.
func (m *Matrix) determinant() (*Matrix, bool) {
	if m.Rows != m.Cols || m.Rows > maxDet {
		return nil, false
	}
	d := det(m.e, m.Rows)
	return scalarOf(d), d.Len() <= maxTerms
}

// det expands the n×n determinant of e (row by row) along its first row.
func det(e []algebra.Surd, n int) algebra.Surd {
	if n == 1 {
		return e[0]
	}
	var d algebra.Surd
	for j := 0; j < n; j++ {
		minor := make([]algebra.Surd, 0, (n-1)*(n-1))
		for i := 1; i < n; i++ {
			for c := 0; c < n; c++ {
				if c != j {
					minor = append(minor, e[i*n+c])
				}
			}
		}
		t := e[j].Mul(det(minor, n-1))
		if j%2 == 1 {
			t = t.Neg()
		}
		d = d.Add(t)
	}
	return d
}

// scalarOf is v as a 1×1 matrix marked a scalar.
func scalarOf(v algebra.Surd) *Matrix {
	return &Matrix{Rows: 1, Cols: 1, Scalar: true, e: []algebra.Surd{v}}
}

// readLead reads the sign and scalar before a term's first factor:
// "", "-", "+ 2", "\frac{1}{3}", "-3 \cdot".
func readLead(gap string, sign, coef *algebra.Surd) bool {
	*sign, *coef = algebra.SurdFromInt(1), algebra.SurdFromInt(1)
	switch {
	case strings.HasPrefix(gap, "-"):
		*sign = algebra.SurdFromInt(-1)
		gap = strings.TrimSpace(gap[1:])
	case strings.HasPrefix(gap, "+"):
		gap = strings.TrimSpace(gap[1:])
	}
	for _, op := range []string{`\cdot`, `\times`} {
		if strings.HasSuffix(gap, op) {
			gap = strings.TrimSpace(strings.TrimSuffix(gap, op))
			break
		}
	}
	if gap == "" {
		return true
	}
	if gap[0] == '+' || gap[0] == '-' {
		return false // a second sign
	}
	c, ok := closedScalar(gap)
	if !ok {
		return false
	}
	*coef = c
	return true
}

// matrixEnvs are the environments read: matrices (their delimiters
// differ, their entries do not) and determinants (vmatrix).
var matrixEnvs = []string{"pmatrix", "bmatrix", "vmatrix"}

// nextBegin is the offset of the next \begin{…} at or after at, -1 when none.
func nextBegin(s string, at int) int {
	k := strings.Index(s[at:], `\begin{`)
	if k < 0 {
		return -1
	}
	return at + k
}

// readMatrix reads the matrix environment that opens at k: the matrix and
// the offset after its \end; false for another environment, a nested one,
// uneven rows or an entry that is not closed.
func readMatrix(s string, k int) (*Matrix, int, bool) {
	env := ""
	for _, e := range matrixEnvs {
		if strings.HasPrefix(s[k:], `\begin{`+e+`}`) {
			env = e
			break
		}
	}
	if env == "" {
		return nil, 0, false
	}
	bodyAt := k + len(`\begin{`+env+`}`)
	endTag := `\end{` + env + `}`
	j := strings.Index(s[bodyAt:], endTag)
	if j < 0 {
		return nil, 0, false
	}
	body := s[bodyAt : bodyAt+j]
	if strings.Contains(body, `\begin`) || strings.Contains(body, `\hline`) {
		return nil, 0, false
	}
	rows := strings.Split(body, `\\`)
	if len(rows) > 1 && strings.TrimSpace(rows[len(rows)-1]) == "" {
		rows = rows[:len(rows)-1] // a closing "\\"
	}
	if len(rows) == 0 || len(rows) > maxDim {
		return nil, 0, false
	}
	m := &Matrix{Rows: len(rows), det: env == "vmatrix"}
	for i, r := range rows {
		cells := strings.Split(r, "&")
		if i == 0 {
			m.Cols = len(cells)
			if m.Cols > maxDim {
				return nil, 0, false
			}
		} else if len(cells) != m.Cols {
			return nil, 0, false
		}
		for _, c := range cells {
			v, ok := closedScalar(c)
			if !ok {
				return nil, 0, false
			}
			m.e = append(m.e, v)
		}
	}
	return m, bodyAt + j + len(endTag), true
}

// readPower reads a whole power right after a matrix ("^2", "^{3}") and
// applies it; a square matrix only, from 1 to maxPow. No "^" leaves m as
// it is.
func readPower(s string, at int, m *Matrix) (*Matrix, int, bool) {
	if at >= len(s) || s[at] != '^' {
		return m, at, true
	}
	rest := s[at+1:]
	var num string
	end := at + 1
	if strings.HasPrefix(rest, "{") {
		c := strings.IndexByte(rest, '}')
		if c < 0 {
			return nil, 0, false
		}
		num, end = strings.TrimSpace(rest[1:c]), end+c+1
	} else if rest != "" {
		num, end = rest[:1], end+1
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > maxPow || m.Rows != m.Cols {
		return nil, 0, false
	}
	out := m
	for i := 1; i < n; i++ {
		var ok bool
		if out, ok = out.mul(m); !ok {
			return nil, 0, false
		}
	}
	return out, end, true
}
