package expr

import (
	"fmt"
	"strings"
)

// nodeKind is the kind of one node of an answer's expression tree.
type NodeKind uint8

const (
	NNum NodeKind = iota
	NVar
	NPi
	NInf
	NEmpty
	NAdd
	NSub
	NMul
	NDiv
	NNeg
	NPow
	NFact
	NPct
	NDeg
	NRoot  // kids: radicand, index
	NFunc  // text: name; kids: argument (and base for log)
	NBinom // kids: n, k
	NMixed // kids: whole, fraction (2\frac12)
	NAbs
	NPM    // a ± b: kids a, b
	NGroup // brackets: open/close in text, kids the elements
	NList  // a bare comma list
	NOr    // a or b
	NRel   // a chain of relations: text holds the operators separated by spaces
	NUnion
	NMatrix
	NApprox // ≈ a
	NBase   // digits written in a base: kids digits, base
)

type Node struct {
	Kind NodeKind
	Text string
	Tok  *Token // for nNum
	Kids []*Node
	// mixedSpaced: a plain mixed number "2 1/2" (nMixed)
	Open, Close string // nGroup's brackets
}

type parser struct {
	toks  []Token
	i     int
	depth int
	nodes int
}

var eofToken = Token{Kind: tEOF}

// peek returns the next token; the caller must not modify it.
func (p *parser) peek() *Token {
	if p.i < len(p.toks) {
		return &p.toks[p.i]
	}
	return &eofToken
}

func (p *parser) isOp(s string) bool {
	return p.i < len(p.toks) && p.toks[p.i].Kind == TOp && p.toks[p.i].Text == s
}

func (p *parser) next() *Token { t := p.peek(); p.i++; return t }

func (p *parser) mk(k NodeKind, kids ...*Node) (*Node, error) {
	p.nodes++
	if p.nodes > 4*MaxBytes {
		return nil, fmt.Errorf("%w: too many nodes", ErrTooLarge)
	}
	return &Node{Kind: k, Kids: kids}, nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > MaxDepth {
		return fmt.Errorf("%w: nested more than %d deep", ErrTooLarge, MaxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// parseTokens parses a whole answer: a list of relations, then trailing
// words (units). It returns the tree and the trailing words.
func ParseTokens(toks []Token) (*Node, []string, error) {
	p := &parser{toks: toks}
	// trailing words (and their powers: cm^2) are units
	end := len(toks)
	var units []string
	for end > 0 {
		t := toks[end-1]
		if t.Kind == TWord || t.Kind == TIdent && end >= 2 && toks[end-2].Kind == TWord ||
			t.Kind == TIdent && end >= 3 && toks[end-2].Kind == TOp && toks[end-2].Text == "/" && toks[end-3].Kind == TWord ||
			t.Kind == TIdent && t.spaced && unitLetters[t.Text] && end == 2 && toks[0].Kind == TNum {
			units = append([]string{t.Text}, units...)
			end--
			continue
		}
		if t.Kind == TOp && (t.Text == "and" || t.Text == "or" || t.Text == "/") && len(units) > 0 && end >= 2 && (toks[end-2].Kind == TWord || t.Text == "/") {
			if t.Text == "/" {
				units = append([]string{"/"}, units...)
			}
			end-- // "candles and flashlights"
			continue
		}
		if t.Kind == TNum && end >= 3 && toks[end-2].Kind == TOp && toks[end-2].Text == "^" && toks[end-3].Kind == TWord {
			units = append([]string{"^" + t.Text}, units...)
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
		return nil, nil, fmt.Errorf("%w: unexpected %s", ErrUnsupported, t.describe())
	}
	return n, units, nil
}

// unitLetters are one-letter units: "5 m" is five metres, not 5·m, when
// the letter stands alone after a number.
var unitLetters = map[string]bool{"m": true, "g": true, "s": true, "h": true, "l": true, "L": true, "K": true, "N": true, "J": true, "W": true, "V": true}

func (t Token) describe() string {
	switch t.Kind {
	case tEOF:
		return "end of answer"
	case TWord:
		return fmt.Sprintf("word %q", t.Text)
	case TNum:
		return "number " + t.Text
	}
	if t.Text != "" {
		return fmt.Sprintf("%q", t.Text)
	}
	return "symbol"
}

func (p *parser) list() (*Node, error) {
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
	l, err := p.mk(NList, first)
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
		l.Kids = append(l.Kids, e)
		if len(l.Kids) > MaxElems {
			return nil, fmt.Errorf("%w: more than %d elements", ErrTooLarge, MaxElems)
		}
	}
	return l, nil
}

func (p *parser) or() (*Node, error) {
	first, err := p.rel()
	if err != nil {
		return nil, err
	}
	if !p.isOp("or") && !p.isOp("and") {
		return first, nil
	}
	o, err := p.mk(NOr, first)
	if err != nil {
		return nil, err
	}
	for p.isOp("or") || p.isOp("and") {
		o.Text = p.next().Text
		e, err := p.rel()
		if err != nil {
			return nil, err
		}
		o.Kids = append(o.Kids, e)
		if len(o.Kids) > MaxElems {
			return nil, fmt.Errorf("%w: more than %d elements", ErrTooLarge, MaxElems)
		}
	}
	return o, nil
}

var relOps = map[string]bool{"=": true, "<": true, ">": true, "≤": true, "≥": true, "≠": true, "∈": true, "≈": true, "→": true}

func (p *parser) rel() (*Node, error) {
	if p.isOp("≈") { // "≈ 3.14": an approximation stated as such
		p.next()
		e, err := p.union()
		if err != nil {
			return nil, err
		}
		return p.mk(NApprox, e)
	}
	first, err := p.union()
	if err != nil {
		return nil, err
	}
	var ops []string
	kids := []*Node{first}
	for {
		t := p.peek()
		op := t.Text
		if t.Kind != TOp {
			break
		}
		// "<=" and ">=" typed as two characters
		if (op == "<" || op == ">") && p.i+1 < len(p.toks) && p.toks[p.i+1].Kind == TOp && p.toks[p.i+1].Text == "=" {
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
	r, err := p.mk(NRel, kids...)
	if err != nil {
		return nil, err
	}
	r.Text = strings.Join(ops, " ")
	return r, nil
}

func (p *parser) union() (*Node, error) {
	first, err := p.additive()
	if err != nil {
		return nil, err
	}
	if !p.isOp("∪") && !(p.peek().Kind == TIdent && p.peek().Text == "U") {
		return first, nil
	}
	u, err := p.mk(NUnion, first)
	if err != nil {
		return nil, err
	}
	for p.isOp("∪") || p.peek().Kind == TIdent && p.peek().Text == "U" {
		p.next()
		e, err := p.additive()
		if err != nil {
			return nil, err
		}
		u.Kids = append(u.Kids, e)
	}
	return u, nil
}

func (p *parser) additive() (*Node, error) {
	left, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		var k NodeKind
		switch {
		case p.isOp("+"):
			k = NAdd
		case p.isOp("-"):
			k = NSub
		case p.isOp("±"):
			k = NPM
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
func startsAtom(t *Token) bool {
	switch t.Kind {
	case TNum, TIdent, tFunc, tFrac, tSqrt, tBinom, tPi, tInf, tMatrix:
		return true
	case TOp:
		return t.Text == "(" || t.Text == "{" || t.Text == "\\{"
	}
	return false
}

func (p *parser) term() (*Node, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		switch {
		case t.Kind == TOp && (t.Text == "*" || t.Text == "/"):
			p.next()
			right, err := p.unary()
			if err != nil {
				return nil, err
			}
			if t.Text == "/" && startsAtom(p.peek()) {
				// 1/2x: (1/2)·x or 1/(2x)? readers disagree
				return nil, fmt.Errorf("%w: a/bc is ambiguous (write (a/b)c or a/(bc))", ErrUnsupported)
			}
			k := NMul
			if t.Text == "/" {
				k = NDiv
			}
			if left, err = p.mk(k, left, right); err != nil {
				return nil, err
			}
		case startsAtom(t):
			// a mixed number: 2\frac{1}{2}, or plain "2 1/2"
			if isIntLit(left) && (t.Kind == tFrac || t.Kind == TNum && t.spaced && p.plainFraction()) {
				right, err := p.power()
				if err != nil {
					return nil, err
				}
				if t.Kind == TNum {
					p.next() // '/'
					den, err := p.power()
					if err != nil {
						return nil, err
					}
					if right, err = p.mk(NDiv, right, den); err != nil {
						return nil, err
					}
				}
				if isSimpleFrac(right) {
					if left, err = p.mk(NMixed, left, right); err != nil {
						return nil, err
					}
					continue
				}
				if left, err = p.mk(NMul, left, right); err != nil {
					return nil, err
				}
				continue
			}
			if t.Kind == TNum {
				return nil, fmt.Errorf("%w: two numbers side by side", ErrUnsupported)
			}
			right, err := p.power()
			if err != nil {
				return nil, err
			}
			if left, err = p.mk(NMul, left, right); err != nil {
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
	if a.Kind != TNum || a.Dot || op.Kind != TOp || op.Text != "/" || b.Kind != TNum || b.Dot {
		return false
	}
	if p.i+3 < len(p.toks) {
		n := p.toks[p.i+3]
		if startsAtom(&n) || n.Kind == TOp && (n.Text == "^" || n.Text == "!") {
			return false
		}
	}
	return true
}

func isIntLit(n *Node) bool {
	return n.Kind == NNum && !n.Tok.Dot && n.Tok.Exp == "" && n.Tok.Rep == ""
}

func isSimpleFrac(n *Node) bool {
	return n.Kind == NDiv && isIntLit(n.Kids[0]) && isIntLit(n.Kids[1])
}

func (p *parser) unary() (*Node, error) {
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
		return p.mk(NNeg, e)
	case p.isOp("+"):
		p.next()
		return p.unary()
	case p.isOp("±"):
		p.next()
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		zero := &Node{Kind: NNum, Tok: &Token{Kind: TNum, Text: "0"}}
		n, err := p.mk(NPM, zero, e)
		if n != nil {
			n.Text = "unary"
		}
		return n, err
	}
	return p.power()
}

func (p *parser) power() (*Node, error) {
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
	var ex *Node
	switch {
	case p.isOp("°"): // x^\circ
		p.next()
		return p.postfixOps(&Node{Kind: NDeg, Kids: []*Node{base}})
	case p.isOp("{") && p.i+2 < len(p.toks) && p.toks[p.i+1].Kind == TOp && p.toks[p.i+1].Text == "°" && p.toks[p.i+2].Kind == TOp && p.toks[p.i+2].Text == "}":
		p.i += 3 // x^{\circ}
		return p.postfixOps(&Node{Kind: NDeg, Kids: []*Node{base}})
	case p.isOp("-") || p.isOp("+"):
		ex, err = p.unary()
	default:
		ex, err = p.power() // right-associative: 2^3^2 = 2^(3^2)
	}
	if err != nil {
		return nil, err
	}
	n, err := p.mk(NPow, base, ex)
	if err != nil {
		return nil, err
	}
	return p.postfixOps(n)
}

func (p *parser) postfix() (*Node, error) {
	a, err := p.atom()
	if err != nil {
		return nil, err
	}
	return p.postfixOps(a)
}

func (p *parser) postfixOps(a *Node) (*Node, error) {
	var err error
	for {
		switch {
		case p.isOp("!"):
			p.next()
			a, err = p.mk(NFact, a)
		case p.isOp("%"):
			p.next()
			a, err = p.mk(NPct, a)
		case p.isOp("°"):
			p.next()
			a, err = p.mk(NDeg, a)
		case p.isOp("_") && a.Kind == NNum && !a.Tok.Dot && a.Tok.Exp == "": // 1010_2
			p.next()
			b := p.next()
			if b.Kind == TOp && b.Text == "{" {
				b = p.next()
				if !p.isOp("}") {
					return nil, fmt.Errorf("%w: a base subscript", ErrUnsupported)
				}
				p.next()
			}
			if b.Kind != TNum || b.Dot {
				return nil, fmt.Errorf("%w: a base subscript", ErrUnsupported)
			}
			a, err = p.mk(NBase, a, &Node{Kind: NNum, Tok: b})
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
func (p *parser) arg() (*Node, error) {
	if p.isOp("{") {
		p.next()
		e, err := p.list()
		if err != nil {
			return nil, err
		}
		if !p.isOp("}") {
			return nil, fmt.Errorf("%w: an unclosed brace", ErrUnsupported)
		}
		p.next()
		return e, nil
	}
	t := p.peek()
	if t.Kind == TNum && !t.Dot && len(t.Text) > 1 {
		// \frac12: LaTeX reads one character
		first := t.Text[:1]
		p.toks[p.i].Text = t.Text[1:]
		p.toks[p.i].spaced = false
		return &Node{Kind: NNum, Tok: &Token{Kind: TNum, Text: first}}, nil
	}
	return p.atom()
}

func (p *parser) atom() (*Node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	t := p.next()
	switch t.Kind {
	case TNum:
		n, err := p.mk(NNum)
		if err != nil {
			return nil, err
		}
		n.Tok = t
		return n, nil
	case TIdent:
		n, err := p.mk(NVar)
		if err != nil {
			return nil, err
		}
		n.Text = t.Text
		if p.isOp("_") { // a subscript is part of the name: x_1, a_{n}
			p.next()
			s := p.next()
			if s.Kind == TOp && s.Text == "{" {
				var b strings.Builder
				for !p.isOp("}") && p.peek().Kind != tEOF {
					b.WriteString(p.next().Text)
				}
				p.next()
				n.Text += "_" + b.String()
			} else {
				n.Text += "_" + s.Text
			}
		}
		return n, nil
	case TWord:
		if p.isOp("=") || p.isOp("≈") { // "AB = 5": a name
			n, err := p.mk(NVar)
			if err != nil {
				return nil, err
			}
			n.Text = t.Text
			return n, nil
		}
	case tPi:
		return p.mk(NPi)
	case tInf:
		return p.mk(NInf)
	case tEmpty:
		return p.mk(NEmpty)
	case tFrac:
		a, err := p.arg()
		if err != nil {
			return nil, err
		}
		b, err := p.arg()
		if err != nil {
			return nil, err
		}
		return p.mk(NDiv, a, b)
	case tBinom:
		a, err := p.arg()
		if err != nil {
			return nil, err
		}
		b, err := p.arg()
		if err != nil {
			return nil, err
		}
		return p.mk(NBinom, a, b)
	case tSqrt:
		index := &Node{Kind: NNum, Tok: &Token{Kind: TNum, Text: "2"}}
		if p.isOp("[") {
			p.next()
			var err error
			if index, err = p.additive(); err != nil {
				return nil, err
			}
			if !p.isOp("]") {
				return nil, fmt.Errorf("%w: an unclosed root index", ErrUnsupported)
			}
			p.next()
		}
		var rad *Node
		var err error
		if p.isOp("(") || p.isOp("{") {
			rad, err = p.atom()
			if rad != nil && rad.Kind == NGroup && len(rad.Kids) == 1 {
				rad = rad.Kids[0]
			}
		} else {
			rad, err = p.arg()
		}
		if err != nil {
			return nil, err
		}
		return p.mk(NRoot, rad, index)
	case tFunc:
		f, err := p.mk(NFunc)
		if err != nil {
			return nil, err
		}
		f.Text = t.Text
		var base *Node
		if p.isOp("_") && (t.Text == "log") {
			p.next()
			if base, err = p.arg(); err != nil {
				return nil, err
			}
		}
		if p.isOp("^") { // \sin^2 x
			return nil, fmt.Errorf("%w: a power of a function", ErrUnsupported)
		}
		a, err := p.power()
		if err != nil {
			return nil, err
		}
		f.Kids = []*Node{a}
		if base != nil {
			f.Kids = append(f.Kids, base)
		}
		return f, nil
	case tMatrix:
		m, err := p.mk(NMatrix)
		if err != nil {
			return nil, err
		}
		for _, row := range t.matrows {
			r, err := p.mk(NGroup)
			if err != nil {
				return nil, err
			}
			for _, cell := range row {
				toks, err := Lex(cell)
				if err != nil {
					return nil, err
				}
				sub := &parser{toks: toks, depth: p.depth, nodes: p.nodes}
				c, err := sub.or()
				if err != nil {
					return nil, err
				}
				if sub.i < len(toks) {
					return nil, fmt.Errorf("%w: a matrix cell", ErrUnsupported)
				}
				p.nodes = sub.nodes
				r.Kids = append(r.Kids, c)
			}
			m.Kids = append(m.Kids, r)
		}
		return m, nil
	case TOp:
		switch t.Text {
		case "(", "[", "{", "\\{":
			return p.group(t.Text)
		case "|":
			e, err := p.additive()
			if err != nil {
				return nil, err
			}
			if !p.isOp("|") {
				return nil, fmt.Errorf("%w: an unclosed |", ErrUnsupported)
			}
			p.next()
			return p.mk(NAbs, e)
		}
	}
	return nil, fmt.Errorf("%w: unexpected %s", ErrUnsupported, t.describe())
}

// group reads a bracketed list up to its closing bracket. "(" and "[" may
// close with either ")" or "]" (half-open intervals).
func (p *parser) group(open string) (*Node, error) {
	g, err := p.mk(NGroup)
	if err != nil {
		return nil, err
	}
	g.Open = open
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
		g.Close = c
		return g, nil
	}
	e, err := p.list()
	if err != nil {
		return nil, err
	}
	c, ok := closed()
	if !ok {
		return nil, fmt.Errorf("%w: an unclosed %q", ErrUnsupported, open)
	}
	p.next()
	g.Close = c
	if e.Kind == NList {
		g.Kids = e.Kids
	} else {
		g.Kids = []*Node{e}
	}
	return g, nil
}
