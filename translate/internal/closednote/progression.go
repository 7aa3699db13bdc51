package closednote

import (
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Limits on a progression: its terms and a power's exponent.
const (
	maxTerms    = 1_000_000 // a sum of whole numbers in arithmetic progression
	maxPowTerms = 2000      // a sum or product of powers, or a product
	maxExp      = 64
)

// ellipses are the ways of writing an ellipsis, longest first.
var ellipses = []string{`\cdots`, `\ldots`, `\dotsb`, `\dotsm`, `\dotsc`, `\dots`, "...", "…"}

// term is one written term of a progression: base^exp, exp 1 when none
// is written.
type term struct {
	base, exp *big.Int
	pow       bool // written as a power
}

// progression is the value of s when s is a whole sum or product of a
// progression written with an ellipsis: terms a, b, c, …, z with one
// operation (+, or \cdot, \times), one ellipsis and one term after it.
// The terms fix the progression: whole numbers need three terms before
// the ellipsis in arithmetic progression ("1 + 3 + 5 + \cdots + 99"), or
// "1 + 2 + \cdots" and "0 + 1 + \cdots" up to a last term no power of 2
// could be (1 + 2 + 4 + … is doubled), and no sequence that adds the two
// terms before may reach (1 + 2 + 3 + 5 + … + 13); powers need two, with one
// base and exponents in arithmetic progression or one exponent and bases
// in arithmetic progression ("1^2 + 2^2 + \cdots + 10^2"). The last term
// must be one of the progression's.
func progression(s string, base int) (*big.Rat, bool) {
	items, op, ok := splitTerms(s)
	if !ok {
		return nil, false
	}
	ell := -1
	var ts []term
	for _, it := range items {
		if it == "" {
			if ell >= 0 {
				return nil, false
			}
			ell = len(ts)
			continue
		}
		t, ok := readTerm(it, base)
		if !ok {
			return nil, false
		}
		ts = append(ts, t)
	}
	if ell < 2 || ell != len(ts)-1 {
		return nil, false // the ellipsis needs two terms before it and one after
	}
	seq, ok := expand(ts, ell, op)
	if !ok {
		return nil, false
	}
	acc := new(big.Int)
	if op == '*' {
		acc.SetInt64(1)
	}
	for _, t := range seq {
		v := new(big.Int).Exp(t.base, t.exp, nil)
		if op == '*' {
			acc.Mul(acc, v)
		} else {
			acc.Add(acc, v)
		}
		if acc.BitLen() > maxBits {
			return nil, false
		}
	}
	return new(big.Rat).SetInt(acc), true
}

// splitTerms cuts s at its operations and ellipses: the terms in order,
// "" for the ellipsis, and the operation ('+' or '*'). A minus sign, a
// bracket or two kinds of operation fail.
func splitTerms(s string) ([]string, byte, bool) {
	if !onlyProgressionCmds(s) {
		return nil, 0, false
	}
	var items []string
	var op byte
	setOp := func(o byte) bool {
		if op != 0 && op != o {
			return false
		}
		op = o
		return true
	}
	start := 0
	cut := func(i int) {
		if t := strings.TrimSpace(s[start:i]); t != "" {
			items = append(items, t)
		}
	}
	for i := 0; i < len(s); {
		if e := ellipsisAt(s, i); e > 0 {
			cut(i)
			items = append(items, "")
			i += e
			start = i
			continue
		}
		var n int
		var o byte
		switch {
		case s[i] == '+':
			n, o = 1, '+'
		case s[i] == '*':
			n, o = 1, '*'
		case strings.HasPrefix(s[i:], `\cdot`) && !strings.HasPrefix(s[i:], `\cdots`):
			n, o = len(`\cdot`), '*'
		case strings.HasPrefix(s[i:], `\times`):
			n, o = len(`\times`), '*'
		case strings.HasPrefix(s[i:], "×"):
			n, o = len("×"), '*'
		case strings.HasPrefix(s[i:], "·"):
			n, o = len("·"), '*'
		}
		if n == 0 {
			i++
			continue
		}
		if !setOp(o) {
			return nil, 0, false
		}
		cut(i)
		i += n
		start = i
	}
	cut(len(s))
	return items, op, op != 0
}

// onlyProgressionCmds reports that every backslash of s starts an
// operation or an ellipsis, and s has no minus sign, bracket, bar or
// slash.
func onlyProgressionCmds(s string) bool {
	if strings.ContainsAny(s, "-()[]|/") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		if ellipsisAt(s, i) == 0 && !strings.HasPrefix(s[i:], `\cdot`) && !strings.HasPrefix(s[i:], `\times`) {
			return false
		}
	}
	return true
}

// ellipsisAt is the length of an ellipsis at s[i:], or 0.
func ellipsisAt(s string, i int) int {
	for _, e := range ellipses {
		if strings.HasPrefix(s[i:], e) {
			if e[0] == '\\' && i+len(e) < len(s) && mathtext.IsASCIILetter(s[i+len(e)]) {
				return 0 // a longer command
			}
			return len(e)
		}
	}
	return 0
}

// readTerm reads a term: a numeral in base, or a numeral to a numeral
// power ("7^2", "2^{10}").
func readTerm(s string, base int) (term, bool) {
	b, e, pow := s, "1", false
	if k := strings.IndexByte(s, '^'); k >= 0 {
		b, e, pow = strings.TrimSpace(s[:k]), strings.TrimSpace(s[k+1:]), true
		if strings.HasPrefix(e, "{") && strings.HasSuffix(e, "}") {
			e = strings.TrimSpace(e[1 : len(e)-1])
		}
	}
	bv, ok1 := numeral(b, base)
	ev, ok2 := numeral(e, base)
	if !ok1 || !ok2 || !bv.IsInt() || !ev.IsInt() || ev.Num().Cmp(big.NewInt(maxExp)) > 0 {
		return term{}, false
	}
	return term{base: bv.Num(), exp: ev.Num(), pow: pow}, true
}

// expand writes out the progression the terms ts fix, ts[ell] its last
// term; false when they fix none or the last term is not one of it.
func expand(ts []term, ell int, op byte) ([]term, bool) {
	first, last := ts[0], ts[ell]
	for _, t := range ts {
		if t.pow != first.pow {
			return nil, false
		}
	}
	if !first.pow {
		return expandWhole(ts, ell, op)
	}
	sameBase, sameExp := true, true
	for _, t := range ts {
		sameBase = sameBase && t.base.Cmp(first.base) == 0
		sameExp = sameExp && t.exp.Cmp(first.exp) == 0
	}
	switch {
	case sameBase && !sameExp:
		es := make([]*big.Int, len(ts))
		for k, t := range ts {
			es[k] = t.exp
		}
		xs, ok := arithmetic(es, ell, maxPowTerms)
		if !ok {
			return nil, false
		}
		out := make([]term, len(xs))
		for k, x := range xs {
			out[k] = term{base: first.base, exp: x}
		}
		return out, true
	case sameExp && !sameBase:
		bs := make([]*big.Int, len(ts))
		for k, t := range ts {
			bs[k] = t.base
		}
		xs, ok := arithmetic(bs, ell, maxPowTerms)
		if !ok {
			return nil, false
		}
		out := make([]term, len(xs))
		for k, x := range xs {
			out[k] = term{base: x, exp: last.exp}
		}
		return out, true
	}
	return nil, false
}

// expandWhole writes out a progression of whole numbers: three terms
// before the ellipsis in arithmetic progression, or "1, 2" or "0, 1" with
// a last term no doubling from the first reaches. A sum may have
// maxTerms terms, a product maxPowTerms.
func expandWhole(ts []term, ell int, op byte) ([]term, bool) {
	vs := make([]*big.Int, len(ts))
	for k, t := range ts {
		vs[k] = t.base
	}
	if ell < 3 {
		a, b := vs[0].Int64(), vs[1].Int64()
		if !(a == 1 && b == 2 || a == 0 && b == 1) || a == 1 && isPow2(vs[ell]) {
			return nil, false
		}
	}
	if (ell < 3 || new(big.Int).Add(vs[0], vs[1]).Cmp(vs[2]) == 0) && fibonacciLike(vs[0], vs[1], vs[ell]) {
		return nil, false // "1 + 2 + 3 + \cdots + 13" may add each term to the one before
	}
	limit := maxTerms
	if op == '*' {
		limit = maxPowTerms
	}
	xs, ok := arithmetic(vs, ell, limit)
	if !ok {
		return nil, false
	}
	out := make([]term, len(xs))
	for k, x := range xs {
		out[k] = term{base: x, exp: big.NewInt(1)}
	}
	return out, true
}

// fibonacciLike reports that last is a term of the sequence from a, b
// where each term is the sum of the two before (a, b ≥ 0).
func fibonacciLike(a, b, last *big.Int) bool {
	if a.Sign() < 0 || b.Sign() <= 0 {
		return false
	}
	x, y := new(big.Int).Set(a), new(big.Int).Set(b)
	for k := 0; k < 400 && y.Cmp(last) <= 0; k++ {
		if y.Cmp(last) == 0 {
			return true
		}
		x, y = y, new(big.Int).Add(x, y)
	}
	return false
}

// isPow2 reports a positive power of 2.
func isPow2(x *big.Int) bool {
	return x.Sign() > 0 && new(big.Int).And(x, new(big.Int).Sub(x, big.NewInt(1))).Sign() == 0
}

// arithmetic is the arithmetic progression vs[0], vs[1], … up to
// vs[ell], when the terms before the ellipsis step by one nonzero
// difference, the last term is reached after them, and the progression
// has at most limit terms.
func arithmetic(vs []*big.Int, ell, limit int) ([]*big.Int, bool) {
	d := new(big.Int).Sub(vs[1], vs[0])
	if d.Sign() == 0 {
		return nil, false
	}
	for k := 2; k < ell; k++ {
		if new(big.Int).Sub(vs[k], vs[k-1]).Cmp(d) != 0 {
			return nil, false
		}
	}
	span := new(big.Int).Sub(vs[ell], vs[0])
	q, r := new(big.Int).QuoRem(span, d, new(big.Int))
	if r.Sign() != 0 || q.Cmp(big.NewInt(int64(ell))) < 0 || q.Cmp(big.NewInt(int64(limit-1))) > 0 {
		return nil, false
	}
	n := int(q.Int64()) + 1
	if n > maxPowTerms && limit == maxTerms {
		return []*big.Int{sumAP(vs[0], vs[ell], n)}, true // written out as one term: its sum
	}
	out := make([]*big.Int, n)
	for k := range out {
		out[k] = new(big.Int).Add(vs[0], new(big.Int).Mul(d, big.NewInt(int64(k))))
	}
	return out, true
}

// sumAP is the sum of n terms from a to z in arithmetic progression.
func sumAP(a, z *big.Int, n int) *big.Int {
	s := new(big.Int).Add(a, z)
	s.Mul(s, big.NewInt(int64(n)))
	return s.Quo(s, big.NewInt(2))
}
