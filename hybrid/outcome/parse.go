package outcome

import (
	"fmt"
	"strings"
)

// nodeKind is the kind of one node of an answer's expression tree.
type nodeKind uint8

const (
	nNum nodeKind = iota
	nVar
	nPi
	nInf
	nEmpty
	nAdd
	nSub
	nMul
	nDiv
	nNeg
	nPow
	nFact
	nPct
	nDeg
	nRoot  // kids: radicand, index
	nFunc  // text: name; kids: argument (and base for log)
	nBinom // kids: n, k
	nMixed // kids: whole, fraction (2\frac12)
	nAbs
	nPM    // a ± b: kids a, b
	nGroup // brackets: open/close in text, kids the elements
	nList  // a bare comma list
	nOr    // a or b
	nRel   // a chain of relations: text holds the operators separated by spaces
	nUnion
	nMatrix
	nApprox // ≈ a
	nBase   // digits written in a base: kids digits, base
)

type node struct {
	kind nodeKind
	text string
	tok  *token // for nNum
	kids []*node
	// mixedSpaced: a plain mixed number "2 1/2" (nMixed)
	open, close string // nGroup's brackets
}

type parser struct {
	toks  []token
	i     int
	depth int
	nodes int
}

var eofToken = token{kind: tEOF}

// peek returns the next token; the caller must not modify it.
func (p *parser) peek() *token {
	if p.i < len(p.toks) {
		return &p.toks[p.i]
	}
	return &eofToken
}

func (p *parser) isOp(s string) bool {
	return p.i < len(p.toks) && p.toks[p.i].kind == tOp && p.toks[p.i].text == s
}

func (p *parser) next() *token { t := p.peek(); p.i++; return t }

func (p *parser) mk(k nodeKind, kids ...*node) (*node, error) {
	p.nodes++
	if p.nodes > 4*MaxAnswerBytes {
		return nil, fmt.Errorf("%w: too many nodes", errTooLarge)
	}
	return &node{kind: k, kids: kids}, nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return fmt.Errorf("%w: nested more than %d deep", errTooLarge, maxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// parseTokens parses a whole answer: a list of relations, then trailing
// words (units). It returns the tree and the trailing words.
func parseTokens(toks []token) (*node, []string, error) {
	p := &parser{toks: toks}
	// trailing words (and their powers: cm^2) are units
	end := len(toks)
	var units []string
	for end > 0 {
		t := toks[end-1]
		if t.kind == tWord || t.kind == tIdent && end >= 2 && toks[end-2].kind == tWord ||
			t.kind == tIdent && end >= 3 && toks[end-2].kind == tOp && toks[end-2].text == "/" && toks[end-3].kind == tWord ||
			t.kind == tIdent && t.spaced && unitLetters[t.text] && end == 2 && toks[0].kind == tNum {
			units = append([]string{t.text}, units...)
			end--
			continue
		}
		if t.kind == tOp && (t.text == "and" || t.text == "or" || t.text == "/") && len(units) > 0 && end >= 2 && (toks[end-2].kind == tWord || t.text == "/") {
			if t.text == "/" {
				units = append([]string{"/"}, units...)
			}
			end-- // "candles and flashlights"
			continue
		}
		if t.kind == tNum && end >= 3 && toks[end-2].kind == tOp && toks[end-2].text == "^" && toks[end-3].kind == tWord {
			units = append([]string{"^" + t.text}, units...)
			end -= 2
			continue
		}
		break
	}
	p.toks = toks[:end]
	n, err := p.list()
	if err != nil {
		return nil, nil, err
	}
	if p.i < len(p.toks) {
		t := p.peek()
		return nil, nil, fmt.Errorf("%w: unexpected %s", errUnsupported, t.describe())
	}
	return n, units, nil
}

// unitLetters are one-letter units: "5 m" is five metres, not 5·m, when
// the letter stands alone after a number.
var unitLetters = map[string]bool{"m": true, "g": true, "s": true, "h": true, "l": true, "L": true, "K": true, "N": true, "J": true, "W": true, "V": true}

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of answer"
	case tWord:
		return fmt.Sprintf("word %q", t.text)
	case tNum:
		return "number " + t.text
	}
	if t.text != "" {
		return fmt.Sprintf("%q", t.text)
	}
	return "symbol"
}

func (p *parser) list() (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	first, err := p.or()
	if err != nil {
		return nil, err
	}
	if !p.isOp(",") && !p.isOp(";") {
		return first, nil
	}
	l, err := p.mk(nList, first)
	if err != nil {
		return nil, err
	}
	for p.isOp(",") || p.isOp(";") {
		p.next()
		if p.isOp("and") || p.isOp("or") {
			p.next()
		}
		e, err := p.or()
		if err != nil {
			return nil, err
		}
		l.kids = append(l.kids, e)
		if len(l.kids) > maxElems {
			return nil, fmt.Errorf("%w: more than %d elements", errTooLarge, maxElems)
		}
	}
	return l, nil
}

func (p *parser) or() (*node, error) {
	first, err := p.rel()
	if err != nil {
		return nil, err
	}
	if !p.isOp("or") && !p.isOp("and") {
		return first, nil
	}
	o, err := p.mk(nOr, first)
	if err != nil {
		return nil, err
	}
	for p.isOp("or") || p.isOp("and") {
		o.text = p.next().text
		e, err := p.rel()
		if err != nil {
			return nil, err
		}
		o.kids = append(o.kids, e)
		if len(o.kids) > maxElems {
			return nil, fmt.Errorf("%w: more than %d elements", errTooLarge, maxElems)
		}
	}
	return o, nil
}

var relOps = map[string]bool{"=": true, "<": true, ">": true, "≤": true, "≥": true, "≠": true, "∈": true, "≈": true, "→": true}

func (p *parser) rel() (*node, error) {
	if p.isOp("≈") { // "≈ 3.14": an approximation stated as such
		p.next()
		e, err := p.union()
		if err != nil {
			return nil, err
		}
		return p.mk(nApprox, e)
	}
	first, err := p.union()
	if err != nil {
		return nil, err
	}
	var ops []string
	kids := []*node{first}
	for {
		t := p.peek()
		op := t.text
		if t.kind != tOp {
			break
		}
		// "<=" and ">=" typed as two characters
		if (op == "<" || op == ">") && p.i+1 < len(p.toks) && p.toks[p.i+1].kind == tOp && p.toks[p.i+1].text == "=" {
			p.next()
			op = map[string]string{"<": "≤", ">": "≥"}[op]
		}
		if !relOps[op] {
			break
		}
		p.next()
		e, err := p.union()
		if err != nil {
			return nil, err
		}
		ops = append(ops, op)
		kids = append(kids, e)
	}
	if len(ops) == 0 {
		return first, nil
	}
	r, err := p.mk(nRel, kids...)
	if err != nil {
		return nil, err
	}
	r.text = strings.Join(ops, " ")
	return r, nil
}

func (p *parser) union() (*node, error) {
	first, err := p.additive()
	if err != nil {
		return nil, err
	}
	if !p.isOp("∪") && !(p.peek().kind == tIdent && p.peek().text == "U") {
		return first, nil
	}
	u, err := p.mk(nUnion, first)
	if err != nil {
		return nil, err
	}
	for p.isOp("∪") || p.peek().kind == tIdent && p.peek().text == "U" {
		p.next()
		e, err := p.additive()
		if err != nil {
			return nil, err
		}
		u.kids = append(u.kids, e)
	}
	return u, nil
}

func (p *parser) additive() (*node, error) {
	left, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		var k nodeKind
		switch {
		case p.isOp("+"):
			k = nAdd
		case p.isOp("-"):
			k = nSub
		case p.isOp("±"):
			k = nPM
		default:
			return left, nil
		}
		p.next()
		right, err := p.term()
		if err != nil {
			return nil, err
		}
		if left, err = p.mk(k, left, right); err != nil {
			return nil, err
		}
	}
}

// startsAtom reports whether t can begin a factor of an implicit product.
func startsAtom(t *token) bool {
	switch t.kind {
	case tNum, tIdent, tFunc, tFrac, tSqrt, tBinom, tPi, tInf, tMatrix:
		return true
	case tOp:
		return t.text == "(" || t.text == "{" || t.text == "\\{"
	}
	return false
}

func (p *parser) term() (*node, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		switch {
		case t.kind == tOp && (t.text == "*" || t.text == "/"):
			p.next()
			right, err := p.unary()
			if err != nil {
				return nil, err
			}
			if t.text == "/" && startsAtom(p.peek()) {
				// 1/2x: (1/2)·x or 1/(2x)? readers disagree
				return nil, fmt.Errorf("%w: a/bc is ambiguous (write (a/b)c or a/(bc))", errUnsupported)
			}
			k := nMul
			if t.text == "/" {
				k = nDiv
			}
			if left, err = p.mk(k, left, right); err != nil {
				return nil, err
			}
		case startsAtom(t):
			// a mixed number: 2\frac{1}{2}, or plain "2 1/2"
			if isIntLit(left) && (t.kind == tFrac || t.kind == tNum && t.spaced && p.plainFraction()) {
				right, err := p.power()
				if err != nil {
					return nil, err
				}
				if t.kind == tNum {
					p.next() // '/'
					den, err := p.power()
					if err != nil {
						return nil, err
					}
					if right, err = p.mk(nDiv, right, den); err != nil {
						return nil, err
					}
				}
				if isSimpleFrac(right) {
					if left, err = p.mk(nMixed, left, right); err != nil {
						return nil, err
					}
					continue
				}
				if left, err = p.mk(nMul, left, right); err != nil {
					return nil, err
				}
				continue
			}
			if t.kind == tNum {
				return nil, fmt.Errorf("%w: two numbers side by side", errUnsupported)
			}
			right, err := p.power()
			if err != nil {
				return nil, err
			}
			if left, err = p.mk(nMul, left, right); err != nil {
				return nil, err
			}
		default:
			return left, nil
		}
	}
}

// plainFraction reports whether the tokens at p.i are "int / int" followed
// by no further factor: the fraction of a plain mixed number.
func (p *parser) plainFraction() bool {
	if p.i+2 >= len(p.toks) {
		return false
	}
	a, op, b := p.toks[p.i], p.toks[p.i+1], p.toks[p.i+2]
	if a.kind != tNum || a.dot || op.kind != tOp || op.text != "/" || b.kind != tNum || b.dot {
		return false
	}
	if p.i+3 < len(p.toks) {
		n := p.toks[p.i+3]
		if startsAtom(&n) || n.kind == tOp && (n.text == "^" || n.text == "!") {
			return false
		}
	}
	return true
}

func isIntLit(n *node) bool {
	return n.kind == nNum && !n.tok.dot && n.tok.exp == "" && n.tok.rep == ""
}

func isSimpleFrac(n *node) bool {
	return n.kind == nDiv && isIntLit(n.kids[0]) && isIntLit(n.kids[1])
}

func (p *parser) unary() (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch {
	case p.isOp("-"):
		p.next()
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		return p.mk(nNeg, e)
	case p.isOp("+"):
		p.next()
		return p.unary()
	case p.isOp("±"):
		p.next()
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		zero := &node{kind: nNum, tok: &token{kind: tNum, text: "0"}}
		n, err := p.mk(nPM, zero, e)
		if n != nil {
			n.text = "unary"
		}
		return n, err
	}
	return p.power()
}

func (p *parser) power() (*node, error) {
	base, err := p.postfix()
	if err != nil {
		return nil, err
	}
	if !p.isOp("^") {
		return base, nil
	}
	p.next()
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	var ex *node
	switch {
	case p.isOp("°"): // x^\circ
		p.next()
		return p.postfixOps(&node{kind: nDeg, kids: []*node{base}})
	case p.isOp("{") && p.i+2 < len(p.toks) && p.toks[p.i+1].kind == tOp && p.toks[p.i+1].text == "°" && p.toks[p.i+2].kind == tOp && p.toks[p.i+2].text == "}":
		p.i += 3 // x^{\circ}
		return p.postfixOps(&node{kind: nDeg, kids: []*node{base}})
	case p.isOp("-") || p.isOp("+"):
		ex, err = p.unary()
	default:
		ex, err = p.power() // right-associative: 2^3^2 = 2^(3^2)
	}
	if err != nil {
		return nil, err
	}
	n, err := p.mk(nPow, base, ex)
	if err != nil {
		return nil, err
	}
	return p.postfixOps(n)
}

func (p *parser) postfix() (*node, error) {
	a, err := p.atom()
	if err != nil {
		return nil, err
	}
	return p.postfixOps(a)
}

func (p *parser) postfixOps(a *node) (*node, error) {
	var err error
	for {
		switch {
		case p.isOp("!"):
			p.next()
			a, err = p.mk(nFact, a)
		case p.isOp("%"):
			p.next()
			a, err = p.mk(nPct, a)
		case p.isOp("°"):
			p.next()
			a, err = p.mk(nDeg, a)
		case p.isOp("_") && a.kind == nNum && !a.tok.dot && a.tok.exp == "": // 1010_2
			p.next()
			b := p.next()
			if b.kind == tOp && b.text == "{" {
				b = p.next()
				if !p.isOp("}") {
					return nil, fmt.Errorf("%w: a base subscript", errUnsupported)
				}
				p.next()
			}
			if b.kind != tNum || b.dot {
				return nil, fmt.Errorf("%w: a base subscript", errUnsupported)
			}
			a, err = p.mk(nBase, a, &node{kind: nNum, tok: b})
		default:
			return a, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// arg reads the argument of \frac, \sqrt, a power: a braced group or one
// token (\frac12 is 1/2; \sqrt2 is √2).
func (p *parser) arg() (*node, error) {
	if p.isOp("{") {
		p.next()
		e, err := p.list()
		if err != nil {
			return nil, err
		}
		if !p.isOp("}") {
			return nil, fmt.Errorf("%w: an unclosed brace", errUnsupported)
		}
		p.next()
		return e, nil
	}
	t := p.peek()
	if t.kind == tNum && !t.dot && len(t.text) > 1 {
		// \frac12: LaTeX reads one character
		first := t.text[:1]
		p.toks[p.i].text = t.text[1:]
		p.toks[p.i].spaced = false
		return &node{kind: nNum, tok: &token{kind: tNum, text: first}}, nil
	}
	return p.atom()
}

func (p *parser) atom() (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	t := p.next()
	switch t.kind {
	case tNum:
		n, err := p.mk(nNum)
		if err != nil {
			return nil, err
		}
		n.tok = t
		return n, nil
	case tIdent:
		n, err := p.mk(nVar)
		if err != nil {
			return nil, err
		}
		n.text = t.text
		if p.isOp("_") { // a subscript is part of the name: x_1, a_{n}
			p.next()
			s := p.next()
			if s.kind == tOp && s.text == "{" {
				var b strings.Builder
				for !p.isOp("}") && p.peek().kind != tEOF {
					b.WriteString(p.next().text)
				}
				p.next()
				n.text += "_" + b.String()
			} else {
				n.text += "_" + s.text
			}
		}
		return n, nil
	case tWord:
		if p.isOp("=") || p.isOp("≈") { // "AB = 5": a name
			n, err := p.mk(nVar)
			if err != nil {
				return nil, err
			}
			n.text = t.text
			return n, nil
		}
	case tPi:
		return p.mk(nPi)
	case tInf:
		return p.mk(nInf)
	case tEmpty:
		return p.mk(nEmpty)
	case tFrac:
		a, err := p.arg()
		if err != nil {
			return nil, err
		}
		b, err := p.arg()
		if err != nil {
			return nil, err
		}
		return p.mk(nDiv, a, b)
	case tBinom:
		a, err := p.arg()
		if err != nil {
			return nil, err
		}
		b, err := p.arg()
		if err != nil {
			return nil, err
		}
		return p.mk(nBinom, a, b)
	case tSqrt:
		index := &node{kind: nNum, tok: &token{kind: tNum, text: "2"}}
		if p.isOp("[") {
			p.next()
			var err error
			if index, err = p.additive(); err != nil {
				return nil, err
			}
			if !p.isOp("]") {
				return nil, fmt.Errorf("%w: an unclosed root index", errUnsupported)
			}
			p.next()
		}
		var rad *node
		var err error
		if p.isOp("(") || p.isOp("{") {
			rad, err = p.atom()
			if rad != nil && rad.kind == nGroup && len(rad.kids) == 1 {
				rad = rad.kids[0]
			}
		} else {
			rad, err = p.arg()
		}
		if err != nil {
			return nil, err
		}
		return p.mk(nRoot, rad, index)
	case tFunc:
		f, err := p.mk(nFunc)
		if err != nil {
			return nil, err
		}
		f.text = t.text
		var base *node
		if p.isOp("_") && (t.text == "log") {
			p.next()
			if base, err = p.arg(); err != nil {
				return nil, err
			}
		}
		if p.isOp("^") { // \sin^2 x
			return nil, fmt.Errorf("%w: a power of a function", errUnsupported)
		}
		a, err := p.power()
		if err != nil {
			return nil, err
		}
		f.kids = []*node{a}
		if base != nil {
			f.kids = append(f.kids, base)
		}
		return f, nil
	case tMatrix:
		m, err := p.mk(nMatrix)
		if err != nil {
			return nil, err
		}
		for _, row := range t.matrows {
			r, err := p.mk(nGroup)
			if err != nil {
				return nil, err
			}
			for _, cell := range row {
				toks, err := lex(cell)
				if err != nil {
					return nil, err
				}
				sub := &parser{toks: toks, depth: p.depth, nodes: p.nodes}
				c, err := sub.or()
				if err != nil {
					return nil, err
				}
				if sub.i < len(toks) {
					return nil, fmt.Errorf("%w: a matrix cell", errUnsupported)
				}
				p.nodes = sub.nodes
				r.kids = append(r.kids, c)
			}
			m.kids = append(m.kids, r)
		}
		return m, nil
	case tOp:
		switch t.text {
		case "(", "[", "{", "\\{":
			return p.group(t.text)
		case "|":
			e, err := p.additive()
			if err != nil {
				return nil, err
			}
			if !p.isOp("|") {
				return nil, fmt.Errorf("%w: an unclosed |", errUnsupported)
			}
			p.next()
			return p.mk(nAbs, e)
		}
	}
	return nil, fmt.Errorf("%w: unexpected %s", errUnsupported, t.describe())
}

// group reads a bracketed list up to its closing bracket. "(" and "[" may
// close with either ")" or "]" (half-open intervals).
func (p *parser) group(open string) (*node, error) {
	g, err := p.mk(nGroup)
	if err != nil {
		return nil, err
	}
	g.open = open
	closers := map[string][]string{"(": {")", "]"}, "[": {"]", ")"}, "{": {"}"}, "\\{": {"\\}"}}[open]
	closed := func() (string, bool) {
		for _, c := range closers {
			if p.isOp(c) {
				return c, true
			}
		}
		return "", false
	}
	if c, ok := closed(); ok {
		p.next()
		g.close = c
		return g, nil
	}
	e, err := p.list()
	if err != nil {
		return nil, err
	}
	c, ok := closed()
	if !ok {
		return nil, fmt.Errorf("%w: an unclosed %q", errUnsupported, open)
	}
	p.next()
	g.close = c
	if e.kind == nList {
		g.kids = e.kids
	} else {
		g.kids = []*node{e}
	}
	return g, nil
}
