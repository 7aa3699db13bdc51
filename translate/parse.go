package translate

import (
	"math/big"
)

// parser reads one side of a relation: the items between two relation
// signs of a run. Every way of reading the items that a careful reader
// would hesitate over is an error with a reason, never a guess.
type parser struct {
	it      []item
	i       int
	pending *numNode // second digit of \frac12
	negPow  bool     // saw -a^n, which some readers take as (-a)^n
	maxExp  int
}

type parseError string

func (e parseError) Error() string { return string(e) }

func parseSide(items []item, maxExp int) (n node, negPow bool, err error) {
	p := &parser{it: items, maxExp: maxExp}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(parseError)
			if !ok {
				panic(r)
			}
			n, err = nil, pe
		}
	}()
	if len(items) == 0 {
		return nil, false, parseError("empty side")
	}
	n = p.expr()
	if p.pending != nil {
		p.fail("unreadable fraction")
	}
	if p.i < len(p.it) {
		t := p.it[p.i]
		switch t.k {
		case tPoison:
			p.fail(t.text)
		case tClose:
			p.fail("unbalanced bracket")
		}
		p.fail("unreadable expression")
	}
	checkPercent(n, false)
	return n, p.negPow, nil
}

func (p *parser) fail(why string) { panic(parseError(why)) }

func (p *parser) peek() *item {
	if p.i < len(p.it) {
		return &p.it[p.i]
	}
	return nil
}

func (p *parser) isOp(ops string) (byte, bool) {
	t := p.peek()
	if t == nil || t.k != tOp {
		return 0, false
	}
	for i := 0; i < len(ops); i++ {
		if t.text[0] == ops[i] {
			return ops[i], true
		}
	}
	return 0, false
}

func (p *parser) expr() node {
	n := p.term()
	for {
		op, ok := p.isOp("+-")
		if !ok {
			return n
		}
		p.i++
		n = &binNode{op: op, l: n, r: p.term()}
	}
}

func (p *parser) startsPrimary() bool {
	if p.pending != nil {
		return true
	}
	t := p.peek()
	if t == nil {
		return false
	}
	switch t.k {
	case tNum, tVar, tFrac, tSqrt, tPoison:
		return true
	case tOpen:
		return true
	}
	return false
}

func (p *parser) term() node {
	n := p.unary()
	afterDiv := false
	for {
		if op, ok := p.isOp("*/"); ok {
			at := p.i
			p.i++
			b := &binNode{op: op, l: n, r: p.unary(), of: p.it[at].src == "of"}
			n = b
			if op == '/' {
				afterDiv = true
				if f := p.fractionDivisor(at, b); f != nil {
					n = f
				}
			}
			continue
		}
		if !p.startsPrimary() {
			return n
		}
		// Juxtaposition.
		prev := p.it[p.i-1]
		next := p.peek()
		if next.k == tPoison {
			p.fail(next.text)
		}
		if afterDiv {
			p.fail("implicit multiplication after a division (readers disagree on 6/2(1+2))")
		}
		switch {
		case prev.k == tNum && next.k == tNum:
			p.fail("two numbers side by side (a mixed number?)")
		case prev.k == tNum && next.k == tFrac:
			p.fail("a number before a fraction (a mixed number?)")
		case prev.k == tNum && prev.num.percent:
			p.fail("a percentage multiplied by juxtaposition")
		case prev.k == tVar && next.k == tOpen:
			p.fail("a name before a bracket (a function?)")
		case prev.k == tVar && (next.k == tVar || next.k == tNum):
			p.fail("names side by side")
		case prev.k == tClose && next.k == tNum:
			p.fail("a number after a bracket")
		case prev.k == tNum && prev.unit != nil:
			p.fail("a unit before a juxtaposed factor")
		}
		n = &binNode{op: '*', l: n, r: p.power(), implicit: true}
	}
}

// Readings of "a / b/c".
const (
	readFraction    = "a / b/c read as a / (b/c)"
	readLeftToRight = "a / b/c read left to right, (a / b) / c"
)

// fractionDivisor reads "a / b/c" when d, the division just parsed, is
// a / b and a slash and a number c follow b. Writers mean division by
// the fraction b/c ("$2000 / 2/3 = $3000", "28 / 1/5 = 28 * 5"); the
// usual precedence reads (a / b) / c. The text marks the fraction when
// the first division is spaced or spelled ÷ and the slash of b/c is not
// ("a / b/c", "a ÷ b/c", "a/ b/c"): then the fraction is the reading and
// left to right is the other one. When it marks nothing ("a/b/c", "a /
// b / c") the two readings stand side by side (altSym), and when it
// marks (a/b) ("a/b / c") the usual precedence is the reading and nil
// is returned. It consumes the slash and c when it returns a node.
func (p *parser) fractionDivisor(at int, d *binNode) node {
	div, bn := p.it[at], d.r
	b, ok := bn.(*numNode)
	if !ok || b.lit.percent || b.unit != nil || p.i+1 >= len(p.it) {
		return nil
	}
	slash, c := p.it[p.i], p.it[p.i+1]
	if slash.k != tOp || slash.src != "/" || c.k != tNum || c.num.percent || c.modified != "" || c.glued ||
		p.i+2 < len(p.it) && p.it[p.i+2].k == tOp && p.it[p.i+2].text == "^" {
		return nil
	}
	bItem := p.it[at+1]
	if bItem.k != tNum || bItem.s != b.s {
		return nil // b is not a bare literal right after the slash
	}
	loose := div.src == "÷" || div.sp || bItem.sp
	tight := !slash.sp && !c.sp
	firstTight := div.src == "/" && !div.sp && !bItem.sp
	if firstTight && !tight {
		return nil // "a/b / c": the spacing groups a/b
	}
	if div.src != "/" && div.src != "÷" {
		return nil // \div, \frac, … : no fraction bar to read
	}
	if div.src == "÷" && !tight {
		return nil // "a ÷ b / c"
	}
	p.i += 2
	cn := &numNode{lit: c.num, unit: c.unit, unitText: c.unitText, s: c.s, e: c.e}
	frac := &binNode{op: '/', l: d.l, r: &binNode{op: '/', l: b, r: cn}}
	left := &binNode{op: '/', l: d, r: cn}
	if loose && tight {
		frac.alt, frac.altKind = left, readLeftToRight
		return frac
	}
	left.alt, left.altKind, left.altSym = frac, readFraction, true
	return left
}

func (p *parser) unary() node {
	if op, ok := p.isOp("+-"); ok {
		t := p.it[p.i]
		p.i++
		x := p.unary()
		if op == '+' {
			return x
		}
		if pw, ok := x.(*powNode); ok {
			if _, lit := pw.base.(*numNode); lit && pw.exp%2 == 0 {
				p.negPow = true
			}
		}
		_, e := x.span()
		return &negNode{x: x, s: t.s, e: e}
	}
	return p.power()
}

func (p *parser) power() node {
	b := p.primary()
	if _, ok := p.isOp("^"); ok {
		p.i++
		if m, ok := b.(*numNode); ok && m.lit.percent {
			p.fail("a power of a percentage")
		}
		exp, end := p.exponent()
		b = &powNode{base: b, exp: exp, e: end}
		if _, ok := p.isOp("^"); ok {
			p.fail("stacked exponents")
		}
	}
	return b
}

// exponent reads an integer exponent: {…}, (…), a digit, or (in prose)
// an integer with an optional sign.
func (p *parser) exponent() (int, int) {
	t := p.peek()
	if t == nil {
		p.fail("missing exponent")
	}
	var x node
	end := t.e
	switch {
	case t.k == tOpen && (t.text == "{" || t.text == "("):
		open := t.text
		p.i++
		x = p.expr()
		c := p.peek()
		if c == nil || c.k != tClose || c.text != closer(open) {
			p.fail("unbalanced bracket")
		}
		end = c.e
		p.i++
	case t.k == tNum:
		if !t.num.intLit || t.num.percent || t.num.currency || t.unit != nil || t.modified != "" {
			p.fail("unreadable exponent")
		}
		if t.math && len(t.num.canon) > 1 && t.e-t.s > 1 {
			p.fail("unbraced multi-digit exponent (LaTeX reads 2^10 as 2^1 0)")
		}
		p.i++
		x = &numNode{lit: t.num, s: t.s, e: t.e}
	case t.k == tOp && t.text == "-" && !t.math:
		p.i++
		n := p.peek()
		if n == nil || n.k != tNum || !n.num.intLit || n.num.percent {
			p.fail("unreadable exponent")
		}
		p.i++
		end = n.e
		x = &negNode{x: &numNode{lit: n.num, s: n.s, e: n.e}}
	default:
		p.fail("unreadable exponent")
	}
	if len(varsOf(x)) > 0 {
		p.fail("symbolic exponent")
	}
	env := &evalEnv{maxBits: 256, maxExp: p.maxExp}
	v, err := env.eval(x)
	if err != nil {
		p.fail("exponent: " + err.Error())
	}
	if !v.v.IsInt() || v.r.Sign() != 0 || !v.v.Num().IsInt64() {
		p.fail("exponent is not a whole number")
	}
	e := v.v.Num().Int64()
	if e > int64(p.maxExp) || -e > int64(p.maxExp) {
		p.fail("exponent too large")
	}
	return int(e), end
}

func closer(open string) string {
	switch open {
	case "(":
		return ")"
	case "[":
		return "]"
	}
	return "}"
}

func (p *parser) primary() node {
	if p.pending != nil {
		n := p.pending
		p.pending = nil
		return n
	}
	t := p.peek()
	if t == nil {
		p.fail("incomplete expression")
	}
	switch t.k {
	case tNum, tVar:
		if t.glued {
			p.fail("the expression continues across a math delimiter")
		}
		if t.k == tVar {
			p.i++
			return &varNode{name: t.text, s: t.s, e: t.e}
		}
		if t.modified != "" {
			p.fail(t.modified)
		}
		p.i++
		return &numNode{lit: t.num, unit: t.unit, unitText: t.unitText, s: t.s, e: t.e}
	case tOpen:
		p.i++
		x := p.expr()
		c := p.peek()
		if c == nil || c.k != tClose || c.text != closer(t.text) {
			p.fail("unbalanced bracket")
		}
		p.i++
		return x
	case tFrac:
		p.i++
		a := p.fracArg(true)
		b := p.fracArg(false)
		return &binNode{op: '/', l: a, r: b}
	case tSqrt:
		return p.sqrt()
	case tPoison:
		p.fail(t.text)
	case tOp:
		p.fail("operator without an operand")
	case tClose:
		p.fail("unbalanced bracket")
	}
	p.fail("unreadable expression")
	return nil
}

// fracArg reads one argument of \frac: a brace group, or one digit
// (\frac12 is one half).
func (p *parser) fracArg(first bool) node {
	if !first && p.pending != nil {
		n := p.pending
		p.pending = nil
		return n
	}
	t := p.peek()
	if t == nil {
		p.fail("incomplete fraction")
	}
	switch {
	case t.k == tOpen && t.text == "{":
		p.i++
		x := p.expr()
		c := p.peek()
		if c == nil || c.k != tClose || c.text != "}" {
			p.fail("unbalanced bracket")
		}
		p.i++
		return x
	case t.k == tNum && t.num.intLit && !t.num.percent && t.unit == nil && t.modified == "" && t.e-t.s == len(t.num.canon):
		c := t.num.canon
		p.i++
		if len(c) == 1 {
			return &numNode{lit: t.num, s: t.s, e: t.e}
		}
		if len(c) == 2 && first {
			d1 := &numLit{val: big.NewRat(int64(c[0]-'0'), 1), canon: c[:1], intLit: true}
			d2 := &numLit{val: big.NewRat(int64(c[1]-'0'), 1), canon: c[1:], intLit: true}
			p.pending = &numNode{lit: d2, s: t.s + 1, e: t.e}
			return &numNode{lit: d1, s: t.s, e: t.s + 1}
		}
	case t.k == tVar:
		p.i++
		return &varNode{name: t.text, s: t.s, e: t.e}
	}
	p.fail("unreadable fraction")
	return nil
}

func (p *parser) sqrt() node {
	t := p.it[p.i]
	p.i++
	k := 2
	if n := p.peek(); n != nil && n.k == tOpen && n.text == "[" {
		p.i++
		idx := p.peek()
		if idx == nil || idx.k != tNum || !idx.num.intLit || idx.num.percent || idx.unit != nil {
			p.fail("unreadable root index")
		}
		v := idx.num.val.Num()
		if !v.IsInt64() || v.Int64() < 2 || v.Int64() > 10 {
			p.fail("unsupported root index")
		}
		k = int(v.Int64())
		p.i++
		c := p.peek()
		if c == nil || c.k != tClose || c.text != "]" {
			p.fail("unbalanced bracket")
		}
		p.i++
	}
	a := p.peek()
	if a == nil {
		p.fail("incomplete root")
	}
	var arg node
	end := a.e
	switch {
	case a.k == tOpen && (a.text == "{" || a.text == "("):
		p.i++
		arg = p.expr()
		c := p.peek()
		if c == nil || c.k != tClose || c.text != closer(a.text) {
			p.fail("unbalanced bracket")
		}
		end = c.e
		p.i++
	case a.k == tNum && !a.num.percent && a.unit == nil && a.modified == "":
		if p.isTeXSqrt(t) && a.e-a.s > 1 {
			p.fail("unbraced root argument (LaTeX reads \\sqrt16 as sqrt(1)6)")
		}
		p.i++
		arg = &numNode{lit: a.num, s: a.s, e: a.e}
	case a.k == tVar:
		p.i++
		arg = &varNode{name: a.text, s: a.s, e: a.e}
	default:
		p.fail("unreadable root")
	}
	return &sqrtNode{n: k, arg: arg, s: t.s, e: end}
}

// isTeXSqrt reports whether the root token is \sqrt rather than √.
func (p *parser) isTeXSqrt(t item) bool { return t.e-t.s == len(`\sqrt`) }

// checkPercent rejects a percentage used as a term of a sum (100 + 10%:
// ten percent of what?), under a root, or as a power.
func checkPercent(n node, inSum bool) {
	switch n := n.(type) {
	case *numNode:
		if n.lit.percent && inSum {
			panic(parseError("a percentage added to a number (a percent of what?)"))
		}
	case *negNode:
		checkPercent(n.x, inSum)
	case *binNode:
		sum := n.op == '+' || n.op == '-'
		checkPercent(n.l, sum)
		checkPercent(n.r, sum)
	case *powNode:
		checkPercent(n.base, true)
	case *sqrtNode:
		checkPercent(n.arg, true)
	}
}
