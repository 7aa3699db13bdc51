package expr

import (
	"fmt"
	"strings"
)

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
	if t.Kind == NumberToken && !t.Dot && len(t.Text) > 1 {
		// \frac12: LaTeX reads one character
		first := t.Text[:1]
		p.toks[p.i].Text = t.Text[1:]
		p.toks[p.i].spaced = false
		return &Node{Kind: Number, Tok: &Token{Kind: NumberToken, Text: first}}, nil
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
	case NumberToken:
		n, err := p.mk(Number)
		if err != nil {
			return nil, err
		}
		n.Tok = t
		return n, nil
	case IdentToken:
		n, err := p.mk(Var)
		if err != nil {
			return nil, err
		}
		n.Text = t.Text
		if p.isOp("_") { // a subscript is part of the name: x_1, a_{n}
			p.next()
			s := p.next()
			if s.Kind == OpToken && s.Text == "{" {
				var b strings.Builder
				for !p.isOp("}") && p.peek().Kind != EOFToken {
					b.WriteString(p.next().Text)
				}
				p.next()
				n.Text += "_" + b.String()
			} else {
				n.Text += "_" + s.Text
			}
		}
		return n, nil
	case WordToken:
		if p.isOp("=") || p.isOp("≈") { // "AB = 5": a name
			n, err := p.mk(Var)
			if err != nil {
				return nil, err
			}
			n.Text = t.Text
			return n, nil
		}
	case PiToken:
		return p.mk(Pi)
	case InfinityToken:
		return p.mk(Infinity)
	case EmptySetToken:
		return p.mk(EmptySet)
	case FracToken, BinomToken: // \frac{a}{b}, \binom{n}{k}: two arguments
		a, err := p.arg()
		if err != nil {
			return nil, err
		}
		b, err := p.arg()
		if err != nil {
			return nil, err
		}
		if t.Kind == BinomToken {
			return p.mk(Binom, a, b)
		}
		return p.mk(Div, a, b)
	case SqrtToken:
		index := &Node{Kind: Number, Tok: &Token{Kind: NumberToken, Text: "2"}}
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
			if rad != nil && rad.Kind == Group && len(rad.Kids) == 1 {
				rad = rad.Kids[0]
			}
		} else {
			rad, err = p.arg()
		}
		if err != nil {
			return nil, err
		}
		return p.mk(Root, rad, index)
	case FuncToken:
		f, err := p.mk(Func)
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
	case MatrixToken:
		m, err := p.mk(Matrix)
		if err != nil {
			return nil, err
		}
		for _, row := range t.matrows {
			r, err := p.mk(Group)
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
	case OpToken:
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
			return p.mk(Abs, e)
		}
	}
	return nil, fmt.Errorf("%w: unexpected %s", ErrUnsupported, t.describe())
}

// group reads a bracketed list up to its closing bracket. "(" and "[" may
// close with either ")" or "]" (half-open intervals).
func (p *parser) group(open string) (*Node, error) {
	g, err := p.mk(Group)
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
	if e.Kind == List {
		g.Kids = e.Kids
	} else {
		g.Kids = []*Node{e}
	}
	return g, nil
}
