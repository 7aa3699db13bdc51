package symexpr

import (
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// Finite sums and products with whole-number bounds, \sum_{k=1}^{20} k^2
// and \prod_{j=2}^{5} \frac{j}{j-1}: the reader writes them out term by
// term, so every later stage (evaluation, identities, rendering for the
// checker) sees an ordinary expression and the obligation spells the
// terms out. Bounds with names, infinite ones, a subscript that holds
// the index (a_{2i-1}) and a sum inside a sum are refused.

// Limits on what a sum may expand to.
const (
	bigOpMaxTerms = 400  // terms of one sum or product
	bigOpMaxNodes = 6000 // nodes of all the expansions of one member
	bigOpMaxBound = 1_000_000
)

// bigOpRE is a sum or product with whole-number bounds, as the reader
// takes it: \sum_{k=1}^{20}, \sum_{k=1}^9, \prod\limits_{j = 0}^{ 4 }.
var bigOpRE = regexp.MustCompile(`^\\(?:sum|prod)(?:\\limits)?\s*_\s*\{\s*([A-Za-z])\s*=\s*(-?[0-9]{1,7})\s*\}\s*\^\s*(?:\{\s*(-?[0-9]{1,7})\s*\}|([0-9]))`)

// BigOpsNumeric reports whether every \sum and \prod in s has whole-number
// bounds the reader can write out (and whether s has one at all): a math
// region with any other sum is left alone as a whole.
func BigOpsNumeric(s string) (any, ok bool) {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '\\')
		if j < 0 {
			break
		}
		i += j
		if strings.HasPrefix(s[i:], `\sum`) || strings.HasPrefix(s[i:], `\prod`) {
			any = true
			if !bigOpRE.MatchString(s[i:min(len(s), i+80)]) {
				return true, false
			}
		}
		i++
	}
	return any, true
}

// bigOp reads a sum or product and returns it written out. The summand
// is the term after the bounds (a product of factors); with r.wide it is
// everything up to the end of the enclosing group instead, the other
// reading a writer may mean by "\sum_{k=1}^{3} k + 1". A narrow summand
// followed by + or - marks the member ambiguous (r.ambig).
func (r *sreader) bigOp() *Expr {
	m := bigOpRE.FindStringSubmatch(r.s[r.i:min(len(r.s), r.i+80)])
	if m == nil {
		r.fail("a sum or product without whole-number bounds")
	}
	if r.idx != "" {
		r.fail("a sum inside a sum")
	}
	prod := strings.HasPrefix(r.s[r.i:], `\prod`)
	r.i += len(m[0])
	idx := m[1]
	lo, _ := strconv.Atoi(m[2])
	hiText := m[3]
	if hiText == "" {
		hiText = m[4]
	}
	hi, _ := strconv.Atoi(hiText)
	if lo > bigOpMaxBound || hi > bigOpMaxBound || lo < -bigOpMaxBound || hi < -bigOpMaxBound {
		r.fail("bounds too large")
	}
	n := hi - lo + 1
	if n <= 0 {
		r.fail("an empty range")
	}
	if n > bigOpMaxTerms {
		r.fail("too many terms to write out")
	}
	r.idx = idx
	var body *Expr
	if r.wide {
		body = r.expr()
	} else {
		body = r.term()
		if p := r.peek(); p == "+" || p == "-" {
			r.ambig = true
		}
	}
	r.idx = ""
	for _, v := range Vars(body, map[string]bool{}, nil) {
		if k := strings.IndexByte(v, '_'); k >= 0 && strings.Contains(v[k:], idx) {
			r.fail("the index in a subscript")
		}
	}
	r.expanded += countNodes(body) * n
	if r.expanded > bigOpMaxNodes {
		// every sum of the member together: the work stays linear
		r.fail("too long to write out")
	}
	op := byte('+')
	if prod {
		op = '*'
	}
	var out *Expr
	for k := lo; k <= hi; k++ {
		t, err := closeExps(Substitute(body, idx, RatExpr(big.NewRat(int64(k), 1))))
		if err != nil {
			r.fail("%v", err)
		}
		if out == nil {
			out = t
			continue
		}
		out = &Expr{Op: op, L: out, R: t}
	}
	return out
}

// Mode says what ReadMember reads beyond ReadDefs: \pi outside a
// trigonometric function as the name π (Pi), and trigonometric functions
// and logarithms of a name (TrigNames, trigname.go and atoms.go).
type Mode struct{ Pi, TrigNames, ExpNames bool }

// closeExps turns each power whose exponent held only the index into an
// ordinary power (2^k at k = 3 is 2^3).
func closeExps(e *Expr) (*Expr, error) {
	if e == nil {
		return nil, nil
	}
	l, err := closeExps(e.L)
	if err != nil {
		return nil, err
	}
	r, err := closeExps(e.R)
	if err != nil {
		return nil, err
	}
	if e.Op == 'X' && !HasVar(r) {
		n, err := closedExponent(r)
		if err != nil {
			return nil, err
		}
		return &Expr{Op: '^', L: l, Exp: n}, nil
	}
	if l == e.L && r == e.R {
		return e, nil
	}
	c := *e
	c.L, c.R = l, r
	return &c, nil
}

// ReadMember reads s as ReadDefs does, and what mode adds. When a summand there is
// followed by + or - ("\sum_{k=1}^{3} k + 1"), it also reads s with every
// summand running to the end of its group and returns that reading as
// wide (nil when s has one reading); a wide reading that cannot be read
// makes the whole member unread.
func ReadMember(s string, defs map[string]*Def, mode Mode) (narrow, wide *Expr, info ReadInfo, err error) {
	narrow, info, err = readWith(s, defs, false, mode)
	if err != nil || !info.Ambig {
		return narrow, nil, info, err
	}
	wide, _, err = readWith(s, defs, true, mode)
	if err != nil {
		return nil, nil, ReadInfo{}, err
	}
	return narrow, wide, info, nil
}
