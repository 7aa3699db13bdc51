// Package matrixeq decides equalities between matrices (and vectors)
// whose entries are closed values (docs/TRANSLATE.md, "Matrices with
// closed entries"): "\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}
// \begin{pmatrix} 0 \\ 1 \end{pmatrix} = \begin{pmatrix} 2 \\ 4
// \end{pmatrix}", "\frac{1}{5} \begin{pmatrix} 5 & 10 \end{pmatrix} =
// \begin{pmatrix} 1 & 2 \end{pmatrix}". A member of an "=" chain is a sum
// of terms, each a closed scalar (optional) times one matrix or a product
// of matrices written side by side or with \cdot, a matrix with a small
// whole power; two display regions joined by a bare "=" make one chain.
// A determinant (vmatrix, \det), the dot product of two vectors (\cdot)
// and a cross product (\times, three entries) are read too, a determinant
// or a dot product compared with a closed number beside it (a value only
// its sign from the other is left alone: an area or a volume takes the
// determinant's absolute value).
// The claim of a link is that every entry of the two sides is equal, and
// it is false when one entry differs, decided exactly (radicals included).
//
// Only closed entries are read (a name may be an unknown of a matrix
// equation), a region with a decimal may be a rounding, a region with
// another relation (≈, ≤, →) or an ellipsis is not read, a link between
// sides of different shapes is left alone, and a sentence that supposes,
// tests, corrects or approximates is not read. Only false claims make
// obligations; true ones are left alone. A step that reduces rows ("row",
// "R_2", "echelon", "augmented", "eliminate", "pivot") is not read: its
// "=" may mean "row-equivalent to".
package matrixeq

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, a chain read (its regions together), the claims
// of a step, the members of a chain, the matrices of a member, the rows
// and columns of a matrix, the terms of an entry's value, the power of a
// matrix.
const (
	maxText    = 20000
	maxChain   = 3000
	maxOut     = 4
	maxMembers = 8
	maxMats    = 4
	maxDim     = 6
	maxTerms   = 8
	maxPow     = 6
	maxDet     = 4
)

var (
	// otherRelRE marks a chain with another relation, a congruence, an
	// approximation, an ellipsis or a name the entries cannot hold: its "="
	// may not be an equality of values.
	otherRelRE = regexp.MustCompile(`<|>|\\[lg]eq?\b|\\[lg]eqslant\b|\\neq?\b|\\approx|\\equiv|\\sim|\\simeq|\\cong|\\to\b|\\(?:x|long)?rightarrow|\\Rightarrow|\\mapsto|\\in\b|\\pmod|\\bmod|\\mod\b|\\mid|\\propto|\\[lcv]?dots|\\cdots|\.\.\.|≤|≥|≠|≈|≡|→|&=|\\begin\{(?:align|array|cases|eqnarray|split|gathered)`)
	// decimalRE is a decimal point or a thousands comma between digits: a
	// chain with one is not read (a rounding).
	decimalRE = regexp.MustCompile(`\d\s*[.,]\s*\d|\.\s*\d`)
	// vetoRE in the sentence: supposed, tested, corrected or approximated.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|check|checking|test|testing|try|trying|whether|wrong|incorrect|incorrectly|mistake|error|not|instead|approximately|approx|about|roughly|around|nearly|almost|estimate|estimated|round|rounded|rounding|modulo|mod)\b|\?`)
)

// Read returns the refutations of the equalities between matrices with
// closed entries in the step's math.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "matrix}") || rowOps(text) {
		return nil
	}
	var out []obligation.Obligation
	for _, ch := range chains(text) {
		if len(out) >= maxOut {
			break
		}
		if o, ok := decideChain(step, text, ch, tactic); ok {
			out = append(out, o)
		}
	}
	return out
}

// rowOps reports a step that reduces rows: an "=" between matrices there
// may mean "row-equivalent to".
func rowOps(text string) bool {
	low := strings.ToLower(text)
	for _, w := range []string{"row", "r_", "echelon", "augment", "eliminat", "pivot", "gauss"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// chain is the math regions read as one "=" chain: display regions
// joined by a bare "=" between them ("\[ A \] = \[ B \]").
type chain struct {
	regs []mathtext.Region
}

// chains groups the step's math regions that hold a matrix into chains.
func chains(text string) []chain {
	regs := mathtext.TextRegions(text)
	var out []chain
	for i := 0; i < len(regs); i++ {
		c := chain{regs: []mathtext.Region{regs[i]}}
		for i+1 < len(regs) && strings.TrimSpace(text[regs[i].CE:regs[i+1].OS]) == "=" {
			i++
			c.regs = append(c.regs, regs[i])
		}
		size := 0
		has := false
		for _, r := range c.regs {
			size += r.E - r.S
			has = has || strings.Contains(text[r.S:r.E], "matrix}")
		}
		if has && size <= maxChain {
			out = append(out, c)
		}
	}
	return out
}

// member is one side of an "=" chain: where it is and its text.
type member struct {
	s, e int
	raw  string
}

// members lists the members of a chain, the regions' own "=" and the
// joining ones alike; false when a member is empty.
func (c chain) members(text string) ([]member, bool) {
	var ms []member
	for _, r := range c.regs {
		for _, m := range mathtext.EqualsMembers(text, r.S, r.E) {
			raw := strings.TrimSpace(text[m[0]:m[1]])
			raw = strings.TrimSpace(strings.TrimRight(raw, ".,;"))
			if raw == "" {
				return nil, false
			}
			ms = append(ms, member{s: m[0], e: m[1], raw: raw})
		}
	}
	return ms, true
}

// decideChain refutes the first false link of a chain between two
// members read as matrices.
func decideChain(step int, text string, c chain, tactic string) (obligation.Obligation, bool) {
	ms, ok := c.members(text)
	if !ok || len(ms) < 2 || len(ms) > maxMembers {
		return obligation.Obligation{}, false
	}
	vals := make([]*Matrix, len(ms))
	held := make([]bool, len(ms)) // the member holds a matrix or a determinant
	for k, m := range ms {
		if held[k] = strings.Contains(m.raw, "matrix}"); held[k] {
			vals[k], _ = ReadMember(m.raw)
		} else if v, ok := closedScalar(m.raw); ok {
			vals[k] = scalarOf(v) // a closed number beside a determinant or a dot product
		}
	}
	for k := 0; k+1 < len(ms); k++ {
		a, b := vals[k], vals[k+1]
		if a == nil || b == nil || !held[k] && !held[k+1] {
			continue // a link between numbers is the other readers'
		}
		if a.Rows != b.Rows || a.Cols != b.Cols || a.Scalar != b.Scalar {
			return obligation.Obligation{}, false // a shape the chain does not keep: another reading
		}
		if a.Equal(b) || a.Scalar && a.At(0, 0).Equal(b.At(0, 0).Neg()) {
			continue // (a determinant written for its absolute value: an area, a volume)
		}
		if !plainChain(text, c) {
			return obligation.Obligation{}, false
		}
		return obligationOf(step, text, ms[k], ms[k+1], a, b, tactic)
	}
	return obligation.Obligation{}, false
}

// plainChain reports a chain whose regions hold no other relation and no
// decimal, in sentences that do not suppose, test, correct or round: only
// such a chain's false link is refuted (looked for once a false link is
// found: most chains hold none).
func plainChain(text string, c chain) bool {
	for _, r := range c.regs {
		reg := text[r.S:r.E]
		if otherRelRE.MatchString(reg) || decimalRE.MatchString(reg) {
			return false
		}
	}
	first, last := c.regs[0], c.regs[len(c.regs)-1]
	return !vetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, first.OS, first.CE))) &&
		(last.OS == first.OS || !vetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, last.OS, last.CE))))
}

// obligationOf writes the refutation of the link a = b: the conjunction of
// the entries' equalities, each as the coefficients of its radicals.
func obligationOf(step int, text string, A, B member, a, b *Matrix, tactic string) (obligation.Obligation, bool) {
	var conj []string
	why := ""
	for i := 0; i < a.Rows; i++ {
		for j := 0; j < a.Cols; j++ {
			x, y := a.At(i, j), b.At(i, j)
			if x.Len() > maxTerms || y.Len() > maxTerms {
				return obligation.Obligation{}, false
			}
			rads, cx, cy := x.Coefficients(y)
			for k := range rads {
				if cx[k].Num().BitLen()+cx[k].Denom().BitLen() > 1024 || cy[k].Num().BitLen()+cy[k].Denom().BitLen() > 1024 {
					return obligation.Obligation{}, false
				}
				conj = append(conj, listcond.RatTerm(cx[k])+" = "+listcond.RatTerm(cy[k]))
			}
			if why == "" && !x.Equal(y) {
				why = fmt.Sprintf("the entry in row %d, column %d is %s on the left and %s on the right", i+1, j+1, x, y)
				if a.Scalar {
					why = fmt.Sprintf("the left side is %s and the right side %s", x, y)
				}
			}
		}
	}
	if len(conj) == 0 {
		return obligation.Obligation{}, false
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e), Kind: obligation.KindClosedValue,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = a.String() + " = " + b.String()
	o.Prop = strings.Join(conj, " ∧ ")
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = "an equality of matrices with closed entries (or of a determinant or dot product with a number): every entry equal; P is a certificate: the coefficients of each radical of each entry on both sides, computed exactly"
	o.WhyProof = "every entry is equal on both sides"
	o.WhyDisproof = why
	return o, true
}

// closedScalar reads s as a closed value (no name) with its radicals.
func closedScalar(s string) (algebra.Surd, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return algebra.Surd{}, false
	}
	e, err := symexpr.Read(s)
	if err != nil || len(symexpr.Vars(e, map[string]bool{}, nil)) > 0 {
		return algebra.Surd{}, false
	}
	v, err := symexpr.EvalSurd(e)
	if err != nil || v.Len() > maxTerms {
		return algebra.Surd{}, false
	}
	return v, true
}
