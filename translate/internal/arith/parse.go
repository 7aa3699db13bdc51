package arith

import (
	"math/big"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// parser reads one side of a relation: the items between two relation
// signs of a run. Every way of reading the items that a careful reader
// would hesitate over is an error with a reason, never a guess.
type parser struct {
	it      []mathtext.Item
	i       int
	pending *NumNode // second digit of \frac12
	negPow  bool     // saw -a^n, which some readers take as (-a)^n
	maxExp  int
}

type parseError string

func (e parseError) Error() string { return string(e) }

func parseSide(items []mathtext.Item, maxExp int) (n Node, negPow bool, err error) {
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
	if items[0].K == mathtext.TPoison {
		// what expr would fail with at once (unary, power, primary), without its panic
		return nil, false, parseError(items[0].Text)
	}
	n = p.expr()
	if p.pending != nil {
		p.fail("unreadable fraction")
	}
	if p.i < len(p.it) {
		t := p.it[p.i]
		switch t.K {
		case mathtext.TPoison:
			p.fail(t.Text)
		case mathtext.TClose:
			p.fail("unbalanced bracket")
		}
		p.fail("unreadable expression")
	}
	checkPercent(n, false)
	return n, p.negPow, nil
}

func (p *parser) fail(why string) { panic(parseError(why)) }

func (p *parser) peek() *mathtext.Item {
	if p.i < len(p.it) {
		return &p.it[p.i]
	}
	return nil
}

func (p *parser) isOp(ops string) (byte, bool) {
	t := p.peek()
	if t == nil || t.K != mathtext.TOp {
		return 0, false
	}
	for i := 0; i < len(ops); i++ {
		if t.Text[0] == ops[i] {
			return ops[i], true
		}
	}
	return 0, false
}

func (p *parser) expr() Node {
	n := p.term()
	for {
		op, ok := p.isOp("+-")
		if !ok {
			return n
		}
		p.i++
		n = &BinNode{Op: op, L: n, R: p.term()}
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
	switch t.K {
	case mathtext.TNum, mathtext.TVar, mathtext.TFrac, mathtext.TSqrt, mathtext.TPoison:
		return true
	case mathtext.TOpen:
		return true
	}
	return false
}

func (p *parser) term() Node {
	n := p.unary()
	afterDiv := false
	for {
		if op, ok := p.isOp("*/"); ok {
			at := p.i
			p.i++
			b := &BinNode{Op: op, L: n, R: p.unary(), of: p.it[at].Src == "of"}
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
		if next.K == mathtext.TPoison {
			p.fail(next.Text)
		}
		if afterDiv {
			p.fail("implicit multiplication after a division (readers disagree on 6/2(1+2))")
		}
		switch {
		case prev.K == mathtext.TNum && next.K == mathtext.TNum:
			p.fail("two numbers side by side (a mixed number?)")
		case prev.K == mathtext.TNum && next.K == mathtext.TFrac:
			// A fraction holding a name is no mixed number's (2\frac{y}{z} is 2·y/z).
			if f := p.power(); len(VarsOf(f)) > 0 {
				n = &BinNode{Op: '*', L: n, R: f, implicit: true}
				continue
			}
			p.fail("a number before a fraction (a mixed number?)")
		case prev.K == mathtext.TNum && prev.Num.Percent:
			p.fail("a percentage multiplied by juxtaposition")
		case prev.K == mathtext.TVar && next.K == mathtext.TOpen:
			p.fail("a name before a bracket (a function?)")
		case prev.K == mathtext.TVar && (next.K == mathtext.TVar || next.K == mathtext.TNum):
			p.fail("names side by side")
		case prev.K == mathtext.TClose && next.K == mathtext.TNum:
			p.fail("a number after a bracket")
		case prev.K == mathtext.TNum && prev.Unit != nil:
			p.fail("a unit before a juxtaposed factor")
		}
		n = &BinNode{Op: '*', L: n, R: p.power(), implicit: true}
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
func (p *parser) fractionDivisor(at int, d *BinNode) Node {
	div, bn := p.it[at], d.R
	b, ok := bn.(*NumNode)
	if !ok || b.Lit.Percent || b.unit != nil || p.i+1 >= len(p.it) {
		return nil
	}
	slash, c := p.it[p.i], p.it[p.i+1]
	if slash.K != mathtext.TOp || slash.Src != "/" || c.K != mathtext.TNum || c.Num.Percent || c.Modified() != "" || c.Glued ||
		p.i+2 < len(p.it) && p.it[p.i+2].K == mathtext.TOp && p.it[p.i+2].Text == "^" {
		return nil
	}
	bItem := p.it[at+1]
	if bItem.K != mathtext.TNum || bItem.S != b.S {
		return nil // b is not a bare literal right after the slash
	}
	loose := div.Src == "÷" || div.SpaceBefore || bItem.SpaceBefore
	tight := !slash.SpaceBefore && !c.SpaceBefore
	firstTight := div.Src == "/" && !div.SpaceBefore && !bItem.SpaceBefore
	if firstTight && !tight {
		return nil // "a/b / c": the spacing groups a/b
	}
	if div.Src != "/" && div.Src != "÷" {
		return nil // \div, \frac, … : no fraction bar to read
	}
	if div.Src == "÷" && !tight {
		return nil // "a ÷ b / c"
	}
	p.i += 2
	cn := &NumNode{Lit: c.Num, unit: c.Unit, UnitText: c.UnitText(), S: c.S, E: c.E}
	frac := &BinNode{Op: '/', L: d.L, R: &BinNode{Op: '/', L: b, R: cn}}
	left := &BinNode{Op: '/', L: d, R: cn}
	if loose && tight {
		frac.alt, frac.altKind = left, readLeftToRight
		return frac
	}
	left.alt, left.altKind, left.altSym = frac, readFraction, true
	return left
}

func (p *parser) unary() Node {
	if op, ok := p.isOp("+-"); ok {
		t := p.it[p.i]
		p.i++
		x := p.unary()
		if op == '+' {
			return x
		}
		if pw, ok := x.(*powNode); ok {
			if _, lit := pw.base.(*NumNode); lit && pw.exp%2 == 0 {
				p.negPow = true
			}
		}
		_, e := x.span()
		return &negNode{x: x, s: t.S, e: e}
	}
	return p.power()
}

func (p *parser) power() Node {
	b := p.primary()
	if _, ok := p.isOp("^"); ok {
		p.i++
		if m, ok := b.(*NumNode); ok && m.Lit.Percent {
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
	var x Node
	end := t.E
	switch {
	case t.K == mathtext.TOpen && (t.Text == "{" || t.Text == "("):
		open := t.Text
		p.i++
		x = p.expr()
		c := p.peek()
		if c == nil || c.K != mathtext.TClose || c.Text != closer(open) {
			p.fail("unbalanced bracket")
		}
		end = c.E
		p.i++
	case t.K == mathtext.TNum:
		if !t.Num.IntLit || t.Num.Percent || t.Num.Currency || t.Unit != nil || t.Modified() != "" {
			p.fail("unreadable exponent")
		}
		if t.Math && len(t.Num.Canon) > 1 && t.E-t.S > 1 {
			p.fail("unbraced multi-digit exponent (LaTeX reads 2^10 as 2^1 0)")
		}
		p.i++
		x = &NumNode{Lit: t.Num, S: t.S, E: t.E}
	case t.K == mathtext.TOp && t.Text == "-" && !t.Math:
		p.i++
		n := p.peek()
		if n == nil || n.K != mathtext.TNum || !n.Num.IntLit || n.Num.Percent {
			p.fail("unreadable exponent")
		}
		p.i++
		end = n.E
		x = &negNode{x: &NumNode{Lit: n.Num, S: n.S, E: n.E}}
	default:
		p.fail("unreadable exponent")
	}
	if len(VarsOf(x)) > 0 {
		p.fail("symbolic exponent")
	}
	env := &EvalEnv{MaxBits: 256, MaxExp: p.maxExp}
	v, err := env.Eval(x)
	if err != nil {
		p.fail("exponent: " + err.Error())
	}
	if !v.V.IsInt() || v.R.Sign() != 0 || !v.V.Num().IsInt64() {
		p.fail("exponent is not a whole number")
	}
	e := v.V.Num().Int64()
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

func (p *parser) primary() Node {
	if p.pending != nil {
		n := p.pending
		p.pending = nil
		return n
	}
	t := p.peek()
	if t == nil {
		p.fail("incomplete expression")
	}
	switch t.K {
	case mathtext.TNum, mathtext.TVar:
		if t.Glued {
			p.fail("the expression continues across a math delimiter")
		}
		if t.K == mathtext.TVar {
			p.i++
			return &VarNode{Name: t.Text, S: t.S, e: t.E}
		}
		if t.Modified() != "" {
			p.fail(t.Modified())
		}
		p.i++
		return &NumNode{Lit: t.Num, unit: t.Unit, UnitText: t.UnitText(), S: t.S, E: t.E}
	case mathtext.TOpen:
		p.i++
		x := p.expr()
		c := p.peek()
		if c == nil || c.K != mathtext.TClose || c.Text != closer(t.Text) {
			p.fail("unbalanced bracket")
		}
		p.i++
		return x
	case mathtext.TFrac:
		p.i++
		a := p.fracArg(true)
		b := p.fracArg(false)
		return &BinNode{Op: '/', L: a, R: b}
	case mathtext.TSqrt:
		return p.sqrt()
	case mathtext.TPoison:
		p.fail(t.Text)
	case mathtext.TOp:
		p.fail("operator without an operand")
	case mathtext.TClose:
		p.fail("unbalanced bracket")
	}
	p.fail("unreadable expression")
	return nil
}

// fracArg reads one argument of \frac: a brace group, or one digit
// (\frac12 is one half).
func (p *parser) fracArg(first bool) Node {
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
	case t.K == mathtext.TOpen && t.Text == "{":
		p.i++
		x := p.expr()
		c := p.peek()
		if c == nil || c.K != mathtext.TClose || c.Text != "}" {
			p.fail("unbalanced bracket")
		}
		p.i++
		return x
	case t.K == mathtext.TNum && t.Num.IntLit && !t.Num.Percent && t.Unit == nil && t.Modified() == "" && t.E-t.S == len(t.Num.Canon):
		c := t.Num.Canon
		p.i++
		if len(c) == 1 {
			return &NumNode{Lit: t.Num, S: t.S, E: t.E}
		}
		if len(c) == 2 && first {
			d1 := &mathtext.NumLit{Val: big.NewRat(int64(c[0]-'0'), 1), Canon: c[:1], IntLit: true}
			d2 := &mathtext.NumLit{Val: big.NewRat(int64(c[1]-'0'), 1), Canon: c[1:], IntLit: true}
			p.pending = &NumNode{Lit: d2, S: t.S + 1, E: t.E}
			return &NumNode{Lit: d1, S: t.S, E: t.S + 1}
		}
	case t.K == mathtext.TVar:
		p.i++
		return &VarNode{Name: t.Text, S: t.S, e: t.E}
	}
	p.fail("unreadable fraction")
	return nil
}

func (p *parser) sqrt() Node {
	t := p.it[p.i]
	p.i++
	k := 2
	if n := p.peek(); n != nil && n.K == mathtext.TOpen && n.Text == "[" {
		p.i++
		idx := p.peek()
		if idx == nil || idx.K != mathtext.TNum || !idx.Num.IntLit || idx.Num.Percent || idx.Unit != nil {
			p.fail("unreadable root index")
		}
		v := idx.Num.Val.Num()
		if !v.IsInt64() || v.Int64() < 2 || v.Int64() > 10 {
			p.fail("unsupported root index")
		}
		k = int(v.Int64())
		p.i++
		c := p.peek()
		if c == nil || c.K != mathtext.TClose || c.Text != "]" {
			p.fail("unbalanced bracket")
		}
		p.i++
	}
	a := p.peek()
	if a == nil {
		p.fail("incomplete root")
	}
	var arg Node
	end := a.E
	switch {
	case a.K == mathtext.TOpen && (a.Text == "{" || a.Text == "("):
		p.i++
		arg = p.expr()
		c := p.peek()
		if c == nil || c.K != mathtext.TClose || c.Text != closer(a.Text) {
			p.fail("unbalanced bracket")
		}
		end = c.E
		p.i++
	case a.K == mathtext.TNum && !a.Num.Percent && a.Unit == nil && a.Modified() == "":
		if p.isTeXSqrt(t) && a.E-a.S > 1 {
			p.fail("unbraced root argument (LaTeX reads \\sqrt16 as sqrt(1)6)")
		}
		p.i++
		arg = &NumNode{Lit: a.Num, S: a.S, E: a.E}
	case a.K == mathtext.TVar:
		p.i++
		arg = &VarNode{Name: a.Text, S: a.S, e: a.E}
	default:
		p.fail("unreadable root")
	}
	return &sqrtNode{n: k, arg: arg, s: t.S, e: end}
}

// isTeXSqrt reports whether the root token is \sqrt rather than √.
func (p *parser) isTeXSqrt(t mathtext.Item) bool { return t.E-t.S == len(`\sqrt`) }

// checkPercent rejects a percentage used as a term of a sum (100 + 10%:
// ten percent of what?), under a root, or as a power.
func checkPercent(n Node, inSum bool) {
	switch n := n.(type) {
	case *NumNode:
		if n.Lit.Percent && inSum {
			panic(parseError("a percentage added to a number (a percent of what?)"))
		}
	case *negNode:
		checkPercent(n.x, inSum)
	case *BinNode:
		sum := n.Op == '+' || n.Op == '-'
		checkPercent(n.L, sum)
		checkPercent(n.R, sum)
	case *powNode:
		checkPercent(n.base, true)
	case *sqrtNode:
		checkPercent(n.arg, true)
	}
}
