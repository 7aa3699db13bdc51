package symexpr

import (
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Powers, roots and fractions' arguments of the expression reader.

// fractionalPower is x^(n/root) for a root of index up to symMaxRoot, read
// as the root of x^n (algebra.PowRat's reading, 8^{2/3} = ∛(8²) = 4), only for
// a positive closed base: a base with names or a negative one is left
// alone ((-8)^{2/3} has several readings).
func (r *sreader) fractionalPower(x *Expr, n, root int) *Expr {
	if HasVar(x) {
		r.fail("a fractional power of an expression with names")
	}
	v, err := Eval(x, nil)
	if err != nil || v.Sign() <= 0 {
		r.fail("a fractional power of a base that is not a positive rational")
	}
	return r.node(&Expr{Op: 'r', Name: fracPowName, L: r.node(&Expr{Op: '^', L: x, Exp: n}), Exp: root})
}

// fracPowName marks a root read from a fractional power.
const fracPowName = "fractional power"

// HasFracPow reports a root read from a fractional power in e: the
// arithmetic reader does not read those, so their rational values are
// the symbolic reader's to check.
func HasFracPow(e *Expr) bool {
	if e == nil {
		return false
	}
	return e.Op == 'r' && e.Name == fracPowName || HasFracPow(e.L) || HasFracPow(e.R)
}

// exponent reads a constant exponent: one digit, or a braced expression
// without names. It is n/root in lowest terms; root is 1 for an integer
// and at most symMaxRoot otherwise.
func (r *sreader) exponent() (n, root int) {
	r.skip()
	if r.i < len(r.s) && mathtext.IsDigit(r.s[r.i]) {
		if r.i+1 < len(r.s) && mathtext.IsDigit(r.s[r.i+1]) {
			r.fail("x^23 is ambiguous")
		}
		r.i++
		return int(r.s[r.i-1] - '0'), 1
	}
	if r.i >= len(r.s) || r.s[r.i] != '{' {
		r.fail("an exponent that is not a number")
	}
	r.i++
	e := r.expr()
	if r.peek() != "close" || r.s[r.i] != '}' {
		r.fail("an unclosed exponent")
	}
	r.i++
	p, err := ToRat(e)
	if err != nil || p.Den().Degree() != 0 || p.Num().Degree() != 0 {
		r.fail("an exponent that is not a constant")
	}
	v, err := p.Num().Eval(nil)
	if err != nil {
		r.fail("an exponent that is not a constant")
	}
	dv, err := p.Den().Eval(nil)
	if err != nil || dv.Sign() == 0 {
		r.fail("an exponent that is not a constant")
	}
	v.Quo(v, dv)
	d := v.Denom()
	if !d.IsInt64() || d.Int64() > symMaxRoot || v.Num().BitLen() > 8 || v.Num().Int64() > symMaxExp || v.Num().Int64() < -symMaxExp {
		r.fail("an exponent that is not a small integer or fraction")
	}
	return int(v.Num().Int64()), int(d.Int64())
}

// closedArgRE is a bracket's content that is one number: after a name it is
// an argument (d(81), a(3)), not a factor.
var closedArgRE = regexp.MustCompile(`^\s*-?[0-9][0-9.,]*(?:\s*/\s*[0-9]+)?\s*$`)

// FuncNames are letters that a bracket after them makes a function
// application, not a product: f(x), P(A), T(n).
var FuncNames = "fghFGHPQTpqS"

// AnyHead reports whether ok holds at the index i of some "(" in s that a
// letter of FuncNames stands before (a function's head, "f(").
func AnyHead(s string, ok func(i int) bool) bool {
	for i := strings.IndexByte(s, '('); i >= 0; {
		if i > 0 && strings.IndexByte(FuncNames, s[i-1]) >= 0 && ok(i) {
			return true
		}
		j := strings.IndexByte(s[i+1:], '(')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// root reads \sqrt{…}, \sqrt[3]{…}, \sqrt2, √… and ∛…: a square or
// cube root of an expression without names (a radical of an expression
// with names is left alone: √(x²) = x is not an identity over Q, yet
// writers mean it for x ≥ 0).
func (r *sreader) root() *Expr {
	n := 2
	if r.s[r.i] == '\\' {
		r.i += len(`\sqrt`)
		r.skip()
		if strings.HasPrefix(r.s[r.i:], "[") {
			switch {
			case strings.HasPrefix(r.s[r.i:], "[3]"):
				n = 3
			case strings.HasPrefix(r.s[r.i:], "[2]"):
			default:
				r.fail("a root of another index")
			}
			r.i += 3
		}
	} else {
		ru, w := utf8.DecodeRuneInString(r.s[r.i:])
		if ru == '∛' {
			n = 3
		}
		r.i += w
	}
	r.skip()
	var x *Expr
	if r.i < len(r.s) && mathtext.IsDigit(r.s[r.i]) && r.s[r.i-1] != ' ' && strings.HasPrefix(r.s[r.i-len(`\sqrt`):], `\sqrt`) {
		// \sqrt2: one digit
		r.i++
		x = r.node(&Expr{Op: 'n', Num: big.NewRat(int64(r.s[r.i-1]-'0'), 1)})
	} else {
		x = r.primary()
	}
	if HasVar(x) {
		r.fail("a radical of an expression with names")
	}
	return r.node(&Expr{Op: 'r', L: x, Exp: n})
}

// fracArg reads one argument of \frac: a braced group or one character.
func (r *sreader) fracArg() *Expr {
	r.skip()
	if r.i < len(r.s) && r.s[r.i] == '{' {
		return r.primary()
	}
	if r.i < len(r.s) && mathtext.IsDigit(r.s[r.i]) {
		r.i++
		return r.node(&Expr{Op: 'n', Num: big.NewRat(int64(r.s[r.i-1]-'0'), 1)})
	}
	if r.i < len(r.s) && mathtext.IsASCIILetter(r.s[r.i]) {
		return r.name()
	}
	r.fail("a \\frac argument")
	return nil
}
