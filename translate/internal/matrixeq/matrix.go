package matrixeq

import (
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// Matrix is a matrix of closed values, row by row.
type Matrix struct {
	Rows, Cols int
	e          []algebra.Surd
}

// At is the entry in row i, column j (from 0).
func (m *Matrix) At(i, j int) algebra.Surd { return m.e[i*m.Cols+j] }

// Equal reports the same shape and every entry equal.
func (m *Matrix) Equal(b *Matrix) bool {
	if m.Rows != b.Rows || m.Cols != b.Cols {
		return false
	}
	for k := range m.e {
		if !m.e[k].Equal(b.e[k]) {
			return false
		}
	}
	return true
}

// String writes the matrix row by row: [[1, 2], [3, 4]].
func (m *Matrix) String() string {
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
	out := &Matrix{Rows: m.Rows, Cols: m.Cols, e: make([]algebra.Surd, len(m.e))}
	for k := range m.e {
		out.e[k] = c.Mul(m.e[k])
	}
	return out
}

// add is m + b; false when the shapes differ.
func (m *Matrix) add(b *Matrix) (*Matrix, bool) {
	if m.Rows != b.Rows || m.Cols != b.Cols {
		return nil, false
	}
	out := &Matrix{Rows: m.Rows, Cols: m.Cols, e: make([]algebra.Surd, len(m.e))}
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

// ReadMember reads one side of an "=" chain as a matrix: a sum of terms,
// each an optional sign, an optional closed scalar (with \cdot or \times
// after it) and matrices written side by side or with \cdot, each with
// an optional whole power from 1 to maxPow. False when any part is not
// read so: a name, a determinant (vmatrix), a transpose, a cross product
// (\times between matrices), text after the last matrix.
func ReadMember(s string) (*Matrix, bool) {
	var sum *Matrix
	var term *Matrix
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
		if k < 0 {
			if gap != "" || !flush() {
				return nil, false
			}
			return sum, true
		}
		switch {
		case term == nil && at == 0:
			// The first term: an optional sign and scalar.
			if !readLead(gap, &sign, &coef) {
				return nil, false
			}
		case gap == "" || gap == `\cdot`:
			// A product with the matrix before.
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
		mats++
		if mats > maxMats {
			return nil, false
		}
		m, end, ok = readPower(s, end, m)
		if !ok {
			return nil, false
		}
		if term == nil {
			term = m
		} else if term, ok = term.mul(m); !ok {
			return nil, false
		}
		at = end
	}
}

// readLead reads the sign and scalar before a term's first matrix:
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

// matrixEnvs are the environments read as matrices: their delimiters
// differ, their entries do not.
var matrixEnvs = []string{"pmatrix", "bmatrix"}

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
	m := &Matrix{Rows: len(rows)}
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
