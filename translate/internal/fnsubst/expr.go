package fnsubst

import (
	"errors"
	"math/big"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Limits of one reading: the nodes of a side, the digits of a number, an
// exponent, the terms and the degree of a polynomial.
const (
	maxNodes  = 300
	maxDigits = 24
	maxExp    = 8
	maxTerms  = 200
	maxDegree = 16
	maxDepth  = 24
)

var errRead = errors.New("fnsubst: not read")

// node is one side of an equation: numbers, names (one letter each), the
// value of a function the problem declares at its arguments, + - * and
// powers by whole numbers, division by a number.
type node struct {
	op   byte // 'n' number, 'v' name, 'f' a function's value, '+', '-', '*', '/', '~' negation, '^'
	num  *big.Rat
	name string
	args []*node // the operands, or the function's arguments
	exp  int
}

// parser reads one side; fns are the letters that name functions.
type parser struct {
	s     string
	i     int
	fns   string
	nodes int
	depth int
	err   bool
}

// parseSide reads s whole as one expression, nil when anything in it is
// not read.
func parseSide(s, fns string) *node {
	p := &parser{s: s, fns: fns}
	n := p.expr()
	p.skip()
	if p.err || n == nil || p.i < len(p.s) {
		return nil
	}
	return n
}

func (p *parser) fail() *node { p.err = true; return nil }

func (p *parser) mk(n *node) *node {
	p.nodes++
	if p.nodes > maxNodes {
		return p.fail()
	}
	return n
}

// spaces are the commands and characters passed over between tokens.
var spaces = []string{`\left`, `\right`, `\,`, `\;`, `\!`, `\:`, `\ `, `\big`, `\Big`, `\bigg`, `\Bigg`, `\displaystyle`}

func (p *parser) skip() {
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			p.i++
			continue
		}
		if c == '\\' {
			hit := false
			for _, w := range spaces {
				if strings.HasPrefix(p.s[p.i:], w) && (len(w) == 2 || p.i+len(w) >= len(p.s) || !mathtext.IsASCIILetter(p.s[p.i+len(w)])) {
					p.i += len(w)
					hit = true
					break
				}
			}
			if hit {
				continue
			}
		}
		return
	}
}

// cmd reports and passes the command w (a backslash word not followed by a letter).
func (p *parser) cmd(w string) bool {
	p.skip()
	if strings.HasPrefix(p.s[p.i:], w) && (p.i+len(w) >= len(p.s) || !mathtext.IsASCIILetter(p.s[p.i+len(w)])) {
		p.i += len(w)
		return true
	}
	return false
}

func (p *parser) peek() byte {
	p.skip()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) expr() *node {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return p.fail()
	}
	n := p.term()
	for !p.err {
		c := p.peek()
		if c != '+' && c != '-' {
			break
		}
		p.i++
		r := p.term()
		if r == nil {
			return p.fail()
		}
		n = p.mk(&node{op: c, args: []*node{n, r}})
	}
	if p.err {
		return nil
	}
	return n
}

func (p *parser) term() *node {
	n := p.factor()
	for !p.err && n != nil {
		c := p.peek()
		switch {
		case c == '*' || p.cmd(`\cdot`) || p.cmd(`\times`):
			if c == '*' {
				p.i++
			}
			r := p.factor()
			if r == nil {
				return p.fail()
			}
			n = p.mk(&node{op: '*', args: []*node{n, r}})
		case c == '/':
			p.i++
			r := p.factor()
			if r == nil {
				return p.fail()
			}
			n = p.mk(&node{op: '/', args: []*node{n, r}})
		case c == '(' || c == '[' || c == '{' || mathtext.IsASCIILetter(c) || c == '\\' && (strings.HasPrefix(p.s[p.i:], `\frac`) || strings.HasPrefix(p.s[p.i:], `\dfrac`) || strings.HasPrefix(p.s[p.i:], `\tfrac`)):
			// a factor written beside the one before: "2y[…]", "xf(x)"
			r := p.factor()
			if r == nil {
				return p.fail()
			}
			n = p.mk(&node{op: '*', args: []*node{n, r}})
		default:
			return n
		}
	}
	if p.err {
		return nil
	}
	return n
}

func (p *parser) factor() *node {
	c := p.peek()
	if c == '-' || c == '+' {
		p.i++
		f := p.factor()
		if f == nil {
			return p.fail()
		}
		if c == '+' {
			return f
		}
		return p.mk(&node{op: '~', args: []*node{f}})
	}
	b := p.primary()
	if b == nil {
		return p.fail()
	}
	if p.peek() == '^' {
		p.i++
		e, ok := p.exponent()
		if !ok {
			return p.fail()
		}
		b = p.mk(&node{op: '^', args: []*node{b}, exp: e})
	}
	return b
}

// exponent reads a whole exponent from 0 to maxExp: "2" or "{3}".
func (p *parser) exponent() (int, bool) {
	p.skip()
	if p.i >= len(p.s) {
		return 0, false
	}
	if mathtext.IsDigit(p.s[p.i]) {
		e := int(p.s[p.i] - '0')
		p.i++
		return e, e <= maxExp
	}
	if p.s[p.i] != '{' {
		return 0, false
	}
	j := p.i + 1
	for j < len(p.s) && p.s[j] == ' ' {
		j++
	}
	k := j
	for k < len(p.s) && mathtext.IsDigit(p.s[k]) {
		k++
	}
	if k == j || k-j > 2 {
		return 0, false
	}
	e := 0
	for _, d := range p.s[j:k] {
		e = 10*e + int(d-'0')
	}
	for k < len(p.s) && p.s[k] == ' ' {
		k++
	}
	if k >= len(p.s) || p.s[k] != '}' || e > maxExp {
		return 0, false
	}
	p.i = k + 1
	return e, true
}

func (p *parser) primary() *node {
	c := p.peek()
	switch {
	case c == 0:
		return p.fail()
	case mathtext.IsDigit(c):
		return p.number()
	case c == '(' || c == '[':
		close := byte(')')
		if c == '[' {
			close = ']'
		}
		p.i++
		n := p.expr()
		if n == nil || p.peek() != close {
			return p.fail()
		}
		p.i++
		return n
	case c == '{':
		p.i++
		n := p.expr()
		if n == nil || p.peek() != '}' {
			return p.fail()
		}
		p.i++
		return n
	case c == '\\':
		if p.cmd(`\frac`) || p.cmd(`\dfrac`) || p.cmd(`\tfrac`) {
			a := p.group()
			b := p.group()
			if a == nil || b == nil {
				return p.fail()
			}
			return p.mk(&node{op: '/', args: []*node{a, b}})
		}
		return p.fail()
	case mathtext.IsASCIILetter(c):
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '_' || p.s[p.i] == '\'') {
			return p.fail() // a subscript or a prime: another quantity
		}
		name := string(c)
		if strings.IndexByte(p.fns, c) >= 0 {
			return p.apply(name)
		}
		return p.mk(&node{op: 'v', name: name})
	}
	return p.fail()
}

// group reads a braced argument of \frac.
func (p *parser) group() *node {
	if p.peek() != '{' {
		return p.fail()
	}
	p.i++
	n := p.expr()
	if n == nil || p.peek() != '}' {
		return p.fail()
	}
	p.i++
	return n
}

// apply reads a function's arguments after its letter: "(x + y)", "(1, 0)".
func (p *parser) apply(name string) *node {
	if p.peek() != '(' {
		return p.fail()
	}
	p.i++
	n := &node{op: 'f', name: name}
	for {
		a := p.expr()
		if a == nil {
			return p.fail()
		}
		n.args = append(n.args, a)
		c := p.peek()
		if c == ',' {
			p.i++
			continue
		}
		if c != ')' || len(n.args) > 4 {
			return p.fail()
		}
		p.i++
		return p.mk(n)
	}
}

// number reads digits with an optional decimal part.
func (p *parser) number() *node {
	j := p.i
	for j < len(p.s) && mathtext.IsDigit(p.s[j]) {
		j++
	}
	if j+1 < len(p.s) && p.s[j] == '.' && mathtext.IsDigit(p.s[j+1]) {
		j++
		for j < len(p.s) && mathtext.IsDigit(p.s[j]) {
			j++
		}
	}
	if j-p.i > maxDigits {
		return p.fail()
	}
	r, ok := new(big.Rat).SetString(p.s[p.i:j])
	if !ok {
		return p.fail()
	}
	p.i = j
	if p.i < len(p.s) && (p.s[p.i] == '.' || p.s[p.i] == ',' && p.i+1 < len(p.s) && mathtext.IsDigit(p.s[p.i+1])) {
		return p.fail() // "1.2.3", a thousands comma
	}
	return p.mk(&node{op: 'n', num: r})
}

// factor of a monomial: a symbol (a name or a function's value) to a power.
type factor struct {
	sym string
	exp int
}

// term is a coefficient times a monomial.
type term struct {
	c *big.Rat
	m []factor // sorted by sym
}

// poly is a polynomial in names and function values, keyed by monomial.
type poly map[string]term

func monoKey(m []factor) string {
	var b strings.Builder
	for i, f := range m {
		if i > 0 {
			b.WriteByte('*')
		}
		b.WriteString(f.sym)
		if f.exp != 1 {
			b.WriteByte('^')
			b.WriteString(itoa(f.exp))
		}
	}
	return b.String()
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

func constPoly(r *big.Rat) poly {
	if r.Sign() == 0 {
		return poly{}
	}
	return poly{"": {c: new(big.Rat).Set(r), m: nil}}
}

func symPoly(s string) poly {
	m := []factor{{s, 1}}
	return poly{monoKey(m): {c: big.NewRat(1, 1), m: m}}
}

func (a poly) add(b poly, sign int) (poly, bool) {
	out := poly{}
	for k, t := range a {
		out[k] = term{c: new(big.Rat).Set(t.c), m: t.m}
	}
	for k, t := range b {
		c := new(big.Rat).Set(t.c)
		if sign < 0 {
			c.Neg(c)
		}
		if o, ok := out[k]; ok {
			c.Add(c, o.c)
		}
		if c.Sign() == 0 {
			delete(out, k)
			continue
		}
		out[k] = term{c: c, m: t.m}
	}
	return out, len(out) <= maxTerms
}

func mulMono(a, b []factor) ([]factor, bool) {
	out := make([]factor, 0, len(a)+len(b))
	i, j, deg := 0, 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j >= len(b) || i < len(a) && a[i].sym < b[j].sym:
			out = append(out, a[i])
			i++
		case i >= len(a) || b[j].sym < a[i].sym:
			out = append(out, b[j])
			j++
		default:
			out = append(out, factor{a[i].sym, a[i].exp + b[j].exp})
			i++
			j++
		}
	}
	for _, f := range out {
		deg += f.exp
	}
	return out, deg <= maxDegree
}

func (a poly) mul(b poly) (poly, bool) {
	if len(a)*len(b) > 4*maxTerms {
		return nil, false
	}
	out := poly{}
	for _, s := range a {
		for _, t := range b {
			m, ok := mulMono(s.m, t.m)
			if !ok {
				return nil, false
			}
			k := monoKey(m)
			c := new(big.Rat).Mul(s.c, t.c)
			if o, ok := out[k]; ok {
				c.Add(c, o.c)
			}
			if c.Sign() == 0 {
				delete(out, k)
				continue
			}
			out[k] = term{c: c, m: m}
		}
	}
	return out, len(out) <= maxTerms
}

func (a poly) scale(r *big.Rat) poly {
	out := poly{}
	if r.Sign() == 0 {
		return out
	}
	for k, t := range a {
		out[k] = term{c: new(big.Rat).Mul(t.c, r), m: t.m}
	}
	return out
}

// constant is the value of a polynomial without symbols.
func (a poly) constant() (*big.Rat, bool) {
	if len(a) == 0 {
		return new(big.Rat), true
	}
	if t, ok := a[""]; ok && len(a) == 1 {
		return t.c, true
	}
	return nil, false
}

// keys are the monomials in order.
func (a poly) keys() []string {
	ks := make([]string, 0, len(a))
	for k := range a {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// canon writes a polynomial the same way for the same polynomial: the key
// of a function's value at it.
func (a poly) canon() string {
	if len(a) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, k := range a.keys() {
		t := a[k]
		c := t.c.RatString()
		if i > 0 {
			b.WriteString(" + ")
		}
		switch {
		case k == "":
			b.WriteString(c)
		case c == "1":
			b.WriteString(k)
		case c == "-1":
			b.WriteString("-" + k)
		default:
			b.WriteString(c + "*" + k)
		}
	}
	return b.String()
}

// eval is n as a polynomial, names in sub replaced by their polynomials
// and each function's value made a symbol of its own, keyed by its
// arguments as polynomials.
func eval(n *node, sub map[string]poly) (poly, bool) {
	switch n.op {
	case 'n':
		return constPoly(n.num), true
	case 'v':
		if p, ok := sub[n.name]; ok {
			return p, true
		}
		return symPoly(n.name), true
	case 'f':
		parts := make([]string, len(n.args))
		for i, a := range n.args {
			p, ok := eval(a, sub)
			if !ok {
				return nil, false
			}
			parts[i] = p.canon()
		}
		return symPoly(n.name + "(" + strings.Join(parts, ", ") + ")"), true
	case '~':
		p, ok := eval(n.args[0], sub)
		if !ok {
			return nil, false
		}
		return p.scale(big.NewRat(-1, 1)), true
	case '^':
		p, ok := eval(n.args[0], sub)
		if !ok {
			return nil, false
		}
		out := constPoly(big.NewRat(1, 1))
		for k := 0; k < n.exp; k++ {
			if out, ok = out.mul(p); !ok {
				return nil, false
			}
		}
		return out, true
	}
	l, ok := eval(n.args[0], sub)
	if !ok {
		return nil, false
	}
	r, ok := eval(n.args[1], sub)
	if !ok {
		return nil, false
	}
	switch n.op {
	case '+':
		return l.add(r, 1)
	case '-':
		return l.add(r, -1)
	case '*':
		return l.mul(r)
	case '/':
		c, isConst := r.constant()
		if !isConst || c.Sign() == 0 {
			return nil, false // division by a name or a function's value: not read
		}
		return l.scale(new(big.Rat).Inv(c)), true
	}
	return nil, false
}

// names lists the plain names of n (not the functions).
func names(n *node, out map[string]bool) {
	if n == nil {
		return
	}
	if n.op == 'v' {
		out[n.name] = true
	}
	for _, a := range n.args {
		names(a, out)
	}
}

// hasApply reports a function's value in n.
func hasApply(n *node) bool {
	if n == nil {
		return false
	}
	if n.op == 'f' {
		return true
	}
	for _, a := range n.args {
		if hasApply(a) {
			return true
		}
	}
	return false
}
