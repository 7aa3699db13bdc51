package recfn

import (
	"math/big"
	"strings"
)

// Limits of an expression: its bytes, its nodes, its depth of brackets.
const (
	maxExpr  = 400
	maxNodes = 200
	maxDepth = 24
)

// node is an expression over rationals in the parameter and in calls of
// the function: op is 'n' (a number), 'p' (the parameter), 'f' (a call of
// the function on a), or one of + - * / with a and b, or '~' (negation of
// a).
type node struct {
	op   byte
	num  *big.Rat
	a, b *node
}

// parser reads an expression of the function named fn in the parameter
// param (0: no parameter allowed). It fails (ok false) on anything else.
type parser struct {
	s      string
	i      int
	fn     string
	param  byte
	nodes  int
	depth  int
	failed bool
}

// parseExpr reads s whole as an expression, or fails.
func parseExpr(s, fn string, param byte) (*node, bool) {
	s = normalize(s)
	if len(s) > maxExpr || s == "" {
		return nil, false
	}
	p := &parser{s: s, fn: fn, param: param}
	n := p.sum()
	p.space()
	if p.failed || p.i != len(p.s) || n == nil {
		return nil, false
	}
	return n, true
}

// normalize drops the TeX sizing and spacing commands and writes the
// products and brackets plainly.
func normalize(s string) string {
	r := strings.NewReplacer(`\left`, "", `\right`, "", `\cdot`, "*", `\times`, "*", `\,`, " ", `\;`, " ", `\!`, "", `\ `, " ", "·", "*", "×", "*", "−", "-", `\dfrac`, `\frac`, `\tfrac`, `\frac`)
	return strings.TrimSpace(r.Replace(s))
}

// space skips blanks.
func (p *parser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

// mk makes a node, failing past maxNodes.
func (p *parser) mk(n node) *node {
	p.nodes++
	if p.nodes > maxNodes {
		p.failed = true
		return nil
	}
	return &n
}

// sum reads terms joined by + and -.
func (p *parser) sum() *node {
	l := p.product()
	for !p.failed {
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != '+' && p.s[p.i] != '-' {
			return l
		}
		op := p.s[p.i]
		p.i++
		r := p.product()
		if r == nil {
			p.failed = true
			return nil
		}
		l = p.mk(node{op: op, a: l, b: r})
	}
	return nil
}

// product reads factors joined by *, / or written side by side.
func (p *parser) product() *node {
	l := p.unary()
	for !p.failed && l != nil {
		p.space()
		if p.i >= len(p.s) {
			return l
		}
		switch c := p.s[p.i]; {
		case c == '*' || c == '/':
			p.i++
			r := p.unary()
			if r == nil {
				p.failed = true
				return nil
			}
			l = p.mk(node{op: c, a: l, b: r})
		case c == '(' || c == '\\' || isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			r := p.unary()
			if r == nil {
				p.failed = true
				return nil
			}
			l = p.mk(node{op: '*', a: l, b: r})
		default:
			return l
		}
	}
	if p.failed {
		return nil
	}
	return l
}

// unary reads a factor with an optional minus sign.
func (p *parser) unary() *node {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '-' {
		p.i++
		a := p.primary()
		if a == nil {
			p.failed = true
			return nil
		}
		return p.mk(node{op: '~', a: a})
	}
	return p.primary()
}

// primary reads a number, the parameter, a call, a bracket or \frac{}{}.
func (p *parser) primary() *node {
	p.space()
	if p.failed || p.i >= len(p.s) {
		p.failed = true
		return nil
	}
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.failed = true
		return nil
	}
	c := p.s[p.i]
	switch {
	case isDigit(c):
		j := p.i
		for j < len(p.s) && isDigit(p.s[j]) && j-p.i < 12 {
			j++
		}
		v, _ := new(big.Rat).SetString(p.s[p.i:j])
		p.i = j
		return p.mk(node{op: 'n', num: v})
	case c == '(':
		p.i++
		n := p.sum()
		p.space()
		if p.failed || p.i >= len(p.s) || p.s[p.i] != ')' {
			p.failed = true
			return nil
		}
		p.i++
		return n
	case strings.HasPrefix(p.s[p.i:], `\frac`):
		p.i += len(`\frac`)
		a := p.braced()
		b := p.braced()
		if a == nil || b == nil {
			p.failed = true
			return nil
		}
		return p.mk(node{op: '/', a: a, b: b})
	case strings.HasPrefix(p.s[p.i:], p.fn+"("):
		p.i += len(p.fn) + 1
		a := p.sum()
		p.space()
		if p.failed || p.i >= len(p.s) || p.s[p.i] != ')' {
			p.failed = true
			return nil
		}
		p.i++
		return p.mk(node{op: 'f', a: a})
	case p.param != 0 && c == p.param && (p.i+1 >= len(p.s) || !isLetter(p.s[p.i+1])):
		p.i++
		return p.mk(node{op: 'p'})
	}
	p.failed = true
	return nil
}

// braced reads {expr}.
func (p *parser) braced() *node {
	p.space()
	if p.i >= len(p.s) || p.s[p.i] != '{' {
		return nil
	}
	p.i++
	n := p.sum()
	p.space()
	if p.failed || p.i >= len(p.s) || p.s[p.i] != '}' {
		p.failed = true
		return nil
	}
	p.i++
	return n
}

// isDigit reports an ASCII digit.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isLetter reports an ASCII letter.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
