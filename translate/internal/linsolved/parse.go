package linsolved

import (
	"errors"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Limits of the parser: the tokens of an equation side, the nesting of
// brackets, the digits of a number.
const (
	maxTokens = 80
	maxDepth  = 12
	maxDigits = 18
)

var errParse = errors.New("not a linear side")

// node is a side of an equation in plain text: a number as written
// (exact, with the width of its last decimal place when it has one), the
// name, a negation or an operation.
type node struct {
	op    byte // 'n' number, 'v' the name, '~' negation, '+', '-', '*', '/'
	num   *big.Rat
	ulp   *big.Rat // 10^-k for a decimal of k places, nil for a whole number or a fraction
	name  string
	l, r  *node
	juxta bool // a product written without a sign ("2.8x")
}

// parser reads one side: + and - over *, ×, ·, /, ÷ and products
// written without a sign; a sign before a factor; brackets; numbers with
// thousands separators and decimals; a dollar sign before a number is
// dropped; one-letter names.
type parser struct {
	s     string
	i     int
	toks  int
	depth int
	names map[string]bool
}

// parseSide reads s as a whole side, or fails.
func parseSide(s string, names map[string]bool) (*node, error) {
	p := &parser{s: s, names: names}
	n, err := p.expr()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, errParse
	}
	return n, nil
}

func (p *parser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

// peekOp is the operator at the cursor ('*' for ×, ·; '/' for ÷; '-'
// for −) and its length in bytes, or 0.
func (p *parser) peekOp() (byte, int) {
	p.space()
	if p.i >= len(p.s) {
		return 0, 0
	}
	switch c := p.s[p.i]; c {
	case '+', '-', '*', '/':
		return c, 1
	}
	for _, o := range []struct {
		w  string
		op byte
	}{{"×", '*'}, {"·", '*'}, {"÷", '/'}, {"−", '-'}} {
		if strings.HasPrefix(p.s[p.i:], o.w) {
			return o.op, len(o.w)
		}
	}
	return 0, 0
}

func (p *parser) tick() error {
	p.toks++
	if p.toks > maxTokens {
		return errParse
	}
	return nil
}

func (p *parser) expr() (*node, error) {
	l, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		op, w := p.peekOp()
		if op != '+' && op != '-' {
			return l, nil
		}
		p.i += w
		if err := p.tick(); err != nil {
			return nil, err
		}
		r, err := p.term()
		if err != nil {
			return nil, err
		}
		l = &node{op: op, l: l, r: r}
	}
}

func (p *parser) term() (*node, error) {
	l, err := p.factor()
	if err != nil {
		return nil, err
	}
	divided := false
	for {
		op, w := p.peekOp()
		switch {
		case op == '*' || op == '/':
			p.i += w
			if err := p.tick(); err != nil {
				return nil, err
			}
			r, err := p.factor()
			if err != nil {
				return nil, err
			}
			l, divided = &node{op: op, l: l, r: r}, divided || op == '/'
		case op == 0 && p.i < len(p.s) && (p.s[p.i] == '(' || mathtext.IsASCIILetter(p.s[p.i])):
			// "2.8x", "(3/4)x", "2(x + 1)"; after a division the reading is
			// ambiguous ("2/9x", "6/2(1+2)")
			if divided {
				return nil, errParse
			}
			r, err := p.factor()
			if err != nil {
				return nil, err
			}
			l = &node{op: '*', l: l, r: r, juxta: true}
		default:
			return l, nil
		}
	}
}

func (p *parser) factor() (*node, error) {
	if err := p.tick(); err != nil {
		return nil, err
	}
	op, w := p.peekOp()
	if op == '-' {
		p.i += w
		f, err := p.factor()
		if err != nil {
			return nil, err
		}
		return &node{op: '~', l: f}, nil
	}
	if p.i >= len(p.s) {
		return nil, errParse
	}
	c := p.s[p.i]
	switch {
	case c == '(':
		if p.depth >= maxDepth {
			return nil, errParse
		}
		p.depth++
		p.i++
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ')' {
			return nil, errParse
		}
		p.i++
		p.depth--
		return e, nil
	case c == '$':
		p.i++
		if p.i >= len(p.s) || !mathtext.IsDigit(p.s[p.i]) {
			return nil, errParse
		}
		return p.number()
	case mathtext.IsDigit(c):
		return p.number()
	case mathtext.IsASCIILetter(c):
		if p.i+1 < len(p.s) && mathtext.IsASCIILetter(p.s[p.i+1]) {
			return nil, errParse // a word, not a name
		}
		name := p.s[p.i : p.i+1]
		p.i++
		p.names[name] = true
		return &node{op: 'v', name: name}, nil
	}
	return nil, errParse
}

// number reads digits with thousands separators ("57,500": groups of
// three), then an optional decimal part.
func (p *parser) number() (*node, error) {
	start := p.i
	j := p.i
	for j < len(p.s) && mathtext.IsDigit(p.s[j]) {
		j++
	}
	var digits strings.Builder
	digits.WriteString(p.s[start:j])
	// groups of three after a lead of at most three digits: "57,500"
	for j-start <= 3 || strings.Contains(p.s[start:j], ",") {
		if j+4 > len(p.s) || p.s[j] != ',' || !allDigits(p.s[j+1:j+4]) || j+4 < len(p.s) && mathtext.IsDigit(p.s[j+4]) {
			break
		}
		digits.WriteString(p.s[j+1 : j+4])
		j += 4
	}
	var ulp *big.Rat
	if j+1 < len(p.s) && p.s[j] == '.' && mathtext.IsDigit(p.s[j+1]) {
		k := j + 1
		for k < len(p.s) && mathtext.IsDigit(p.s[k]) {
			k++
		}
		digits.WriteString(p.s[j:k])
		ulp = new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k-j-1)), nil))
		j = k
	}
	if digits.Len() > maxDigits {
		return nil, errParse
	}
	if j < len(p.s) && (p.s[j] == '%' || p.s[j] == '.' || p.s[j] == ',' && j+1 < len(p.s) && mathtext.IsDigit(p.s[j+1])) {
		return nil, errParse // a percent, "1.2.3", "1,23"
	}
	v, ok := new(big.Rat).SetString(digits.String())
	if !ok {
		return nil, errParse
	}
	p.i = j
	return &node{op: 'n', num: v, ulp: ulp}, nil
}

// allDigits reports s made of ASCII digits only.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !mathtext.IsDigit(s[i]) {
			return false
		}
	}
	return true
}

// affine is a·x + b.
type affine struct{ a, b *big.Rat }

// linear is the side as a·x + b, false when it is not of degree at most
// one in the name or divides by zero.
func linear(n *node) (affine, bool) {
	zero := func() *big.Rat { return new(big.Rat) }
	switch n.op {
	case 'n':
		return affine{zero(), new(big.Rat).Set(n.num)}, true
	case 'v':
		return affine{big.NewRat(1, 1), zero()}, true
	case '~':
		x, ok := linear(n.l)
		return affine{x.a.Neg(x.a), x.b.Neg(x.b)}, ok
	}
	x, ok1 := linear(n.l)
	y, ok2 := linear(n.r)
	if !ok1 || !ok2 {
		return affine{}, false
	}
	switch n.op {
	case '+':
		return affine{x.a.Add(x.a, y.a), x.b.Add(x.b, y.b)}, true
	case '-':
		return affine{x.a.Sub(x.a, y.a), x.b.Sub(x.b, y.b)}, true
	case '*':
		switch {
		case x.a.Sign() == 0:
			return affine{y.a.Mul(y.a, x.b), y.b.Mul(y.b, x.b)}, true
		case y.a.Sign() == 0:
			return affine{x.a.Mul(x.a, y.b), x.b.Mul(x.b, y.b)}, true
		}
	case '/':
		if y.a.Sign() == 0 && y.b.Sign() != 0 {
			return affine{x.a.Quo(x.a, y.b), x.b.Quo(x.b, y.b)}, true
		}
	}
	return affine{}, false
}

// interval is [lo, hi].
type interval struct{ lo, hi *big.Rat }

// rangeOf is the values the side takes when each decimal number may be any
// number its rounding or truncation to its places could have come from
// (the number ± one unit of its last place) and the name ranges over x;
// false when a divisor's range holds 0.
func rangeOf(n *node, x interval) (interval, bool) {
	switch n.op {
	case 'n':
		if n.ulp == nil {
			return interval{n.num, n.num}, true
		}
		return interval{new(big.Rat).Sub(n.num, n.ulp), new(big.Rat).Add(n.num, n.ulp)}, true
	case 'v':
		return x, true
	case '~':
		a, ok := rangeOf(n.l, x)
		return interval{new(big.Rat).Neg(a.hi), new(big.Rat).Neg(a.lo)}, ok
	}
	a, ok1 := rangeOf(n.l, x)
	b, ok2 := rangeOf(n.r, x)
	if !ok1 || !ok2 {
		return interval{}, false
	}
	switch n.op {
	case '+':
		return interval{new(big.Rat).Add(a.lo, b.lo), new(big.Rat).Add(a.hi, b.hi)}, true
	case '-':
		return interval{new(big.Rat).Sub(a.lo, b.hi), new(big.Rat).Sub(a.hi, b.lo)}, true
	case '*':
		return hull(new(big.Rat).Mul(a.lo, b.lo), new(big.Rat).Mul(a.lo, b.hi), new(big.Rat).Mul(a.hi, b.lo), new(big.Rat).Mul(a.hi, b.hi)), true
	}
	if b.lo.Sign() <= 0 && b.hi.Sign() >= 0 {
		return interval{}, false
	}
	q := func(u, v *big.Rat) *big.Rat { return new(big.Rat).Quo(u, v) }
	return hull(q(a.lo, b.lo), q(a.lo, b.hi), q(a.hi, b.lo), q(a.hi, b.hi)), true
}

// hull is the smallest interval holding the values.
func hull(vs ...*big.Rat) interval {
	lo, hi := vs[0], vs[0]
	for _, v := range vs[1:] {
		if v.Cmp(lo) < 0 {
			lo = v
		}
		if v.Cmp(hi) > 0 {
			hi = v
		}
	}
	return interval{lo, hi}
}

// hasDecimal reports a decimal number in the side.
func hasDecimal(n *node) bool {
	return n != nil && (n.op == 'n' && n.ulp != nil || hasDecimal(n.l) || hasDecimal(n.r))
}

// expr is the side as the symbolic reader's tree, for rendering.
func expr(n *node) *symexpr.Expr {
	switch n.op {
	case 'n':
		return symexpr.RatExpr(n.num)
	case 'v':
		return &symexpr.Expr{Op: 'v', Name: n.name}
	case '~':
		return &symexpr.Expr{Op: '~', L: expr(n.l)}
	}
	return &symexpr.Expr{Op: n.op, L: expr(n.l), R: expr(n.r)}
}
