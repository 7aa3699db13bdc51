package unityroot

import (
	"fmt"
	"strings"
)

// value is one member of a chain read: a matrix of elements of Q(ω)
// (rows × cols), or a scalar (a 0 × 0 shape holding one element).
type value struct {
	rows, cols int
	e          []elem
	hasOmega   bool
}

// at returns the entry in row i, column j.
func (v value) at(i, j int) elem { return v.e[i*v.cols+j] }

// String writes the value as "[[…], […]]", or the scalar alone.
func (v value) String() string {
	if v.rows == 0 {
		return v.e[0].String()
	}
	var b strings.Builder
	b.WriteString("[")
	for i := 0; i < v.rows; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("[")
		for j := 0; j < v.cols; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(v.at(i, j).String())
		}
		b.WriteString("]")
	}
	b.WriteString("]")
	return b.String()
}

// mul returns the product v·u, false when the shapes do not fit.
func (v value) mul(u value) (value, bool) {
	if v.cols != u.rows {
		return value{}, false
	}
	out := value{rows: v.rows, cols: u.cols, hasOmega: v.hasOmega || u.hasOmega}
	for i := 0; i < v.rows; i++ {
		for j := 0; j < u.cols; j++ {
			s := zero()
			for k := 0; k < v.cols; k++ {
				s = s.add(v.at(i, k).mul(u.at(k, j)))
			}
			if s.big() {
				return value{}, false
			}
			out.e = append(out.e, s)
		}
	}
	return out, true
}

// matrixEnvs are the environments read as matrices (a vmatrix is a
// determinant: not read).
var matrixEnvs = []string{"pmatrix", "bmatrix"}

// readMember reads a member made of matrices alone, side by side or with
// \cdot between them, each with an optional whole power from 1 to maxPow;
// false for anything else in it (a name, a scalar, a transpose).
func readMember(s string) (value, bool) {
	var acc value
	n := 0
	for i := 0; ; {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) {
			break
		}
		if n > 0 && strings.HasPrefix(s[i:], `\cdot`) {
			i += len(`\cdot`)
			continue
		}
		m, end, ok := readMatrix(s, i)
		if !ok || n >= maxMats {
			return value{}, false
		}
		i = end
		if i < len(s) && s[i] == '^' {
			p, e2, ok := exponent(s, i+1)
			if !ok || p < 1 || p > maxMatPow || m.rows != m.cols {
				return value{}, false
			}
			i = e2
			base := m
			for k := 1; k < p; k++ {
				if m, ok = m.mul(base); !ok {
					return value{}, false
				}
			}
		}
		if n == 0 {
			acc = m
		} else if acc, ok = acc.mul(m); !ok {
			return value{}, false
		}
		n++
	}
	return acc, n > 0
}

// readMatrix reads the matrix environment that opens at k: its value and
// the offset after its \end.
func readMatrix(s string, k int) (value, int, bool) {
	env := ""
	for _, e := range matrixEnvs {
		if strings.HasPrefix(s[k:], `\begin{`+e+`}`) {
			env = e
			break
		}
	}
	if env == "" {
		return value{}, 0, false
	}
	bodyAt := k + len(`\begin{`+env+`}`)
	endTag := `\end{` + env + `}`
	j := strings.Index(s[bodyAt:], endTag)
	if j < 0 {
		return value{}, 0, false
	}
	body := s[bodyAt : bodyAt+j]
	if strings.Contains(body, `\begin`) || strings.Contains(body, `\hline`) {
		return value{}, 0, false
	}
	rows := strings.Split(body, `\\`)
	if len(rows) > 1 && strings.TrimSpace(rows[len(rows)-1]) == "" {
		rows = rows[:len(rows)-1]
	}
	if len(rows) == 0 || len(rows) > maxDim {
		return value{}, 0, false
	}
	m := value{rows: len(rows)}
	for i, r := range rows {
		cells := strings.Split(r, "&")
		if i == 0 {
			m.cols = len(cells)
			if m.cols > maxDim {
				return value{}, 0, false
			}
		} else if len(cells) != m.cols {
			return value{}, 0, false
		}
		for _, c := range cells {
			if strings.TrimSpace(c) == "" || len(c) > maxEntry {
				return value{}, 0, false
			}
			v, has, ok := scalar(c)
			if !ok {
				return value{}, 0, false
			}
			m.hasOmega = m.hasOmega || has
			m.e = append(m.e, v)
		}
	}
	return m, bodyAt + j + len(endTag), true
}

// why names the first entry where a and b differ.
func why(a, b value) string {
	if a.rows == 0 {
		if a.e[0].equal(b.e[0]) {
			return ""
		}
		return fmt.Sprintf("with ω² + ω + 1 = 0 the left side is %s and the right side %s", a.e[0], b.e[0])
	}
	for i := 0; i < a.rows; i++ {
		for j := 0; j < a.cols; j++ {
			if x, y := a.at(i, j), b.at(i, j); !x.equal(y) {
				return fmt.Sprintf("with ω² + ω + 1 = 0 the entry in row %d, column %d is %s on the left and %s on the right", i+1, j+1, x, y)
			}
		}
	}
	return ""
}
