package expr

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/hybrid/outcome/internal/units"
)

// NodeKind is the kind of one node of an answer's expression tree.
type NodeKind uint8

// The kinds of Node. A node's Kids are its operands in the order written
// unless said otherwise.
const (
	Number          NodeKind = iota // a number literal; Tok holds it
	Var                             // a variable; Text holds its name with any subscript (x, x_1)
	Pi                              // π
	Infinity                        // ∞
	EmptySet                        // ∅
	Add                             // a + b
	Sub                             // a − b
	Mul                             // a·b, written or implicit (2x)
	Div                             // a/b and \frac{a}{b}
	Neg                             // −a
	Pow                             // a^b
	Factorial                       // a!
	Percent                         // a%
	Degrees                         // a°
	Root                            // kids: radicand, index (2 for \sqrt)
	Func                            // Text: the name; kids: the argument (and the base for log_b)
	Binom                           // \binom{n}{k}: kids n, k
	MixedNumber                     // kids: whole, fraction (2\frac12, 2 1/2)
	Abs                             // |a|
	PlusMinus                       // a ± b: kids a, b; Text "unary" for ±a (then a is 0)
	Group                           // brackets: Open and Close hold them, Kids the elements
	List                            // a bare comma or semicolon list
	Or                              // a or b (and "and"); Text holds the last connective
	Relation                        // a chain of relations: Text holds the operators separated by spaces
	Union                           // a ∪ b
	Matrix                          // kids: one Group per row
	Approximation                   // ≈ a
	BaseDigits                      // digits written in a base (1010_2): kids digits, base
	UnitOf                          // a quantity in a unit: kid the number; Text the unit's words ("$", "cm ^2")
	DoubleFactorial                 // a!!
)

// Node is one node of an answer's expression tree.
type Node struct {
	Kind        NodeKind
	Text        string
	Tok         *Token // the literal of a Number
	Kids        []*Node
	Open, Close string // a Group's brackets
}

type parser struct {
	toks  []Token
	i     int
	depth int
	nodes int
}

var eofToken = Token{Kind: EOFToken}

// peek returns the next token; the caller must not modify it.
func (p *parser) peek() *Token {
	if p.i < len(p.toks) {
		return &p.toks[p.i]
	}
	return &eofToken
}

func (p *parser) isOp(s string) bool {
	return p.i < len(p.toks) && p.toks[p.i].Kind == OpToken && p.toks[p.i].Text == s
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

// ParseTokens parses a whole answer: a list of relations, then trailing
// words (units). It returns the tree and the trailing words.
func ParseTokens(toks []Token) (*Node, []string, error) {
	p := &parser{toks: toks}
	// trailing words (and their powers: cm^2) are units
	end := len(toks)
	var units []string
	for end > 0 {
		t := toks[end-1]
		if t.Kind == WordToken || t.Kind == IdentToken && end >= 2 && toks[end-2].Kind == WordToken ||
			t.Kind == IdentToken && end >= 3 && toks[end-2].Kind == OpToken && toks[end-2].Text == "/" && toks[end-3].Kind == WordToken ||
			t.Kind == IdentToken && t.spaced && unitLetters[t.Text] && end == 2 && toks[0].Kind == NumberToken {
			units = append([]string{t.Text}, units...)
			end--
			continue
		}
		if t.Kind == OpToken && (t.Text == "and" || t.Text == "or" || t.Text == "/") && len(units) > 0 && end >= 2 && (toks[end-2].Kind == WordToken || t.Text == "/") {
			if t.Text == "/" {
				units = append([]string{"/"}, units...)
			}
			end-- // "candles and flashlights"
			continue
		}
		if t.Kind == NumberToken && end >= 3 && toks[end-2].Kind == OpToken && toks[end-2].Text == "^" && toks[end-3].Kind == WordToken {
			units = append([]string{"^" + t.Text}, units...)
			end -= 2
			continue
		}
		break
	}
	if k, words := unitTail(toks); k > 0 {
		end, units = k, words
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

// unitTail reads "36 km/h", "10 m/s", "1 \text{ m}^2": one number, then letters, "/" and a
// power that make one unit. It returns where the unit starts and its words, or 0.
func unitTail(toks []Token) (int, []string) {
	if len(toks) < 3 || toks[0].Kind != NumberToken || len(toks[1].Text) == 1 && !toks[1].spaced {
		return 0, nil // 2m^2 is a polynomial in m; 2 m^2 is an area
	}
	var words []string
	for i := 1; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.Kind == IdentToken || t.Kind == WordToken:
			words = append(words, t.Text)
		case t.Kind == OpToken && t.Text == "/" && i > 1:
			words = append(words, "/")
		case t.Kind == OpToken && t.Text == "^" && i+1 < len(toks) && toks[i+1].Kind == NumberToken && i > 1:
			words = append(words, "^"+toks[i+1].Text)
			i++
		default:
			return 0, nil
		}
	}
	if _, ok := units.Parse(words); !ok {
		return 0, nil
	}
	return 1, words
}

// unitLetters are one-letter units: "5 m" is five metres, not 5·m, when
// the letter stands alone after a number.
var unitLetters = map[string]bool{"m": true, "g": true, "s": true, "h": true, "l": true, "L": true, "K": true, "N": true, "J": true, "W": true, "V": true}

func (t Token) describe() string {
	switch t.Kind {
	case EOFToken:
		return "end of answer"
	case WordToken:
		return fmt.Sprintf("word %q", t.Text)
	case NumberToken:
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
	l, err := p.mk(List, first)
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
	o, err := p.mk(Or, first)
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
		return p.mk(Approximation, e)
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
		if t.Kind != OpToken {
			break
		}
		// "<=" and ">=" typed as two characters
		if (op == "<" || op == ">") && p.i+1 < len(p.toks) && p.toks[p.i+1].Kind == OpToken && p.toks[p.i+1].Text == "=" {
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
	r, err := p.mk(Relation, kids...)
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
	if !p.isOp("∪") && !(p.peek().Kind == IdentToken && p.peek().Text == "U") {
		return first, nil
	}
	u, err := p.mk(Union, first)
	if err != nil {
		return nil, err
	}
	for p.isOp("∪") || p.peek().Kind == IdentToken && p.peek().Text == "U" {
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
			k = Add
		case p.isOp("-"):
			k = Sub
		case p.isOp("±"):
			k = PlusMinus
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
	case NumberToken, IdentToken, FuncToken, FracToken, SqrtToken, BinomToken, PiToken, InfinityToken, MatrixToken:
		return true
	case OpToken:
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
		case t.Kind == OpToken && (t.Text == "*" || t.Text == "/"):
			p.next()
			right, err := p.unary()
			if err != nil {
				return nil, err
			}
			if t.Text == "/" && startsAtom(p.peek()) {
				// 1/2x: (1/2)·x or 1/(2x)? readers disagree
				return nil, fmt.Errorf("%w: a/bc is ambiguous (write (a/b)c or a/(bc))", ErrUnsupported)
			}
			k := Mul
			if t.Text == "/" {
				k = Div
			}
			if left, err = p.mk(k, left, right); err != nil {
				return nil, err
			}
		case startsAtom(t):
			// a mixed number: 2\frac{1}{2}, plain "2 1/2", signed (-2\frac12 is -(2 + 1/2))
			if whole := signedInt(left); whole != nil && (t.Kind == FracToken || t.Kind == NumberToken && t.spaced && p.plainFraction()) {
				if left, err = p.mixed(left, whole, t.Kind == NumberToken); err != nil {
					return nil, err
				}
				continue
			}
			if t.Kind == NumberToken {
				return nil, fmt.Errorf("%w: two numbers side by side", ErrUnsupported)
			}
			right, err := p.power()
			if err != nil {
				return nil, err
			}
			if left, err = p.mk(Mul, left, right); err != nil {
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
	if a.Kind != NumberToken || a.Dot || op.Kind != OpToken || op.Text != "/" || b.Kind != NumberToken || b.Dot {
		return false
	}
	if p.i+3 < len(p.toks) {
		n := p.toks[p.i+3]
		if startsAtom(&n) || n.Kind == OpToken && (n.Text == "^" || n.Text == "!") {
			return false
		}
	}
	return true
}

// signedInt returns the integer literal of n, or of n = −literal; nil for anything else.
func signedInt(n *Node) *Node {
	if n.Kind == Neg {
		n = n.Kids[0]
	}
	if isIntLit(n) {
		return n
	}
	return nil
}

// mixed reads the fraction after the whole number of a mixed number (left is whole or
// −whole): \frac{a}{b} or, when plain, "a / b". The marks after the fraction (%, °, !) apply
// to the whole mixed number: 14\frac12\% is 14.5%. A fraction that is not of two integer
// literals makes a product (2\frac{x}{3}).
func (p *parser) mixed(left, whole *Node, plain bool) (*Node, error) {
	right, err := p.atom()
	if err != nil {
		return nil, err
	}
	if plain {
		p.next() // '/'
		den, err := p.atom()
		if err != nil {
			return nil, err
		}
		if right, err = p.mk(Div, right, den); err != nil {
			return nil, err
		}
	}
	if !isSimpleFrac(right) {
		if right, err = p.postfixOps(right); err != nil {
			return nil, err
		}
		if right, err = p.powerRest(right); err != nil {
			return nil, err
		}
		return p.mk(Mul, left, right)
	}
	m, err := p.mk(MixedNumber, whole, right)
	if err != nil {
		return nil, err
	}
	if left.Kind == Neg {
		if m, err = p.mk(Neg, m); err != nil {
			return nil, err
		}
	}
	return p.postfixOps(m)
}

func isIntLit(n *Node) bool {
	return n.Kind == Number && !n.Tok.Dot && n.Tok.Exp == "" && n.Tok.Rep == ""
}

func isSimpleFrac(n *Node) bool {
	return n.Kind == Div && isIntLit(n.Kids[0]) && isIntLit(n.Kids[1])
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
		return p.mk(Neg, e)
	case p.isOp("+"):
		p.next()
		return p.unary()
	case p.isOp("$"): // $5, -$5, $2\frac14: the dollar sign covers the product after it
		p.next()
		e, err := p.term()
		if err != nil {
			return nil, err
		}
		n, err := p.mk(UnitOf, e)
		if n != nil {
			n.Text = "$"
		}
		return n, err
	case p.isOp("±"):
		p.next()
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		zero := &Node{Kind: Number, Tok: &Token{Kind: NumberToken, Text: "0"}}
		n, err := p.mk(PlusMinus, zero, e)
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
	return p.powerRest(base)
}

// powerRest reads a power's exponent after its base, if any.
func (p *parser) powerRest(base *Node) (*Node, error) {
	var err error
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
		return p.postfixOps(&Node{Kind: Degrees, Kids: []*Node{base}})
	case p.isOp("{") && p.i+2 < len(p.toks) && p.toks[p.i+1].Kind == OpToken && p.toks[p.i+1].Text == "°" && p.toks[p.i+2].Kind == OpToken && p.toks[p.i+2].Text == "}":
		p.i += 3 // x^{\circ}
		return p.postfixOps(&Node{Kind: Degrees, Kids: []*Node{base}})
	case p.isOp("-") || p.isOp("+"):
		ex, err = p.unary()
	default:
		ex, err = p.power() // right-associative: 2^3^2 = 2^(3^2)
	}
	if err != nil {
		return nil, err
	}
	n, err := p.mk(Pow, base, ex)
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
			a, err = p.mk(Factorial, a)
		case p.isOp("!!"):
			p.next()
			a, err = p.mk(DoubleFactorial, a)
		case p.isOp("%"):
			p.next()
			a, err = p.mk(Percent, a)
		case p.isOp("°"):
			p.next()
			a, err = p.mk(Degrees, a)
		case p.isOp("_") && a.Kind == Number && !a.Tok.Dot && a.Tok.Exp == "": // 1010_2
			p.next()
			b := p.next()
			if b.Kind == OpToken && b.Text == "{" {
				b = p.next()
				if !p.isOp("}") {
					return nil, fmt.Errorf("%w: a base subscript", ErrUnsupported)
				}
				p.next()
			}
			if b.Kind != NumberToken || b.Dot {
				return nil, fmt.Errorf("%w: a base subscript", ErrUnsupported)
			}
			a, err = p.mk(BaseDigits, a, &Node{Kind: Number, Tok: b})
		default:
			return a, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
