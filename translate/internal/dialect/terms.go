package dialect

import (
	"math/big"

	"github.com/leanprm/leanprm/translate/algebra"
	"strconv"
	"strings"
)

// The term grammar, read once for both kinds of declaration: parser is generic over the
// numbers V a term stands for, and arith says how V is built.

// arith builds the value of a term from its parts. An operation that cannot go on (a
// division by zero, a value too large) panics with an error the entry point recovers.
type arith[V any] interface {
	// lit is the value of a literal that has the dialect's form (digits, maybe a point).
	lit(s string) (V, bool)
	// variable is the value of a generated name, or why the name may not stand here.
	variable(name string) (V, string)
	neg(x V) V
	add(x, y V) V
	sub(x, y V) V
	mul(x, y V) V
	quo(x, y V) V
	pow(x V, e int) V
	// maxExpDigits bounds the digits of an exponent.
	maxExpDigits() int
}

// parser reads terms of the dialect into values V.
type parser[V any] struct {
	scanner
	ar arith[V]
}

// Rel is one relation: L Op R, with Op one of = ≠ < > ≤ ≥.
type Rel[V any] struct {
	L, R V
	Op   string
}

var relOps = []string{" = ", " ≠ ", " < ", " > ", " ≤ ", " ≥ "}

func (p *parser[V]) rel() Rel[V] {
	a := p.term()
	for _, op := range relOps {
		if p.eat(op) {
			return Rel[V]{L: a, R: p.term(), Op: strings.TrimSpace(op)}
		}
	}
	p.fail("want a relation")
	return Rel[V]{}
}

func (p *parser[V]) term() V {
	if p.eat("-") {
		return p.ar.neg(p.atom())
	}
	return p.sum()
}

func (p *parser[V]) sum() V {
	x := p.prod()
	for {
		switch {
		case p.eat(" + "):
			x = p.ar.add(x, p.prod())
		case p.eat(" - "):
			x = p.ar.sub(x, p.prod())
		default:
			return x
		}
	}
}

func (p *parser[V]) prod() V {
	x := p.pow()
	for {
		switch {
		case p.eat(" * "):
			x = p.ar.mul(x, p.pow())
		case p.eat(" / "):
			x = p.ar.quo(x, p.pow())
		default:
			return x
		}
	}
}

func (p *parser[V]) pow() V {
	x := p.atom()
	if p.eat(" ^ ") {
		n := p.digits()
		if len(n) > p.ar.maxExpDigits() {
			p.fail("exponent too large")
		}
		e, _ := strconv.Atoi(n)
		x = p.ar.pow(x, e)
	}
	return x
}

func (p *parser[V]) atom() V {
	switch {
	case p.eat("("):
		// "(" Lit " : Rat)" or "(" Term ")".
		j := p.i
		for j < len(p.s) && (isDigit(p.s[j]) || p.s[j] == '.') {
			j++
		}
		if j > p.i && strings.HasPrefix(p.s[j:], " : Rat)") {
			lit := p.s[p.i:j]
			if !validLit(lit) {
				p.fail("bad literal %q", lit)
			}
			p.i = j + len(" : Rat)")
			v, ok := p.ar.lit(lit)
			if !ok {
				p.fail("bad literal %q", lit)
			}
			return v
		}
		x := p.term()
		p.want(")")
		return x
	case p.i < len(p.s) && p.s[p.i] == 'v':
		name := p.name('v')
		v, why := p.ar.variable(name)
		if why != "" {
			p.fail("%s", why)
		}
		return v
	}
	p.fail("want a term")
	var zero V
	return zero
}

func validLit(s string) bool {
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		return len(s) > 0 && !strings.Contains(s, ".")
	}
	a, b := s[:dot], s[dot+1:]
	return a != "" && b != "" && !strings.Contains(b, ".")
}

// ratArith evaluates closed terms exactly; when eval is false every value is 0 and nothing is
// computed (Validate reads the shape only). vars holds the hypothesis's name.
type ratArith struct {
	eval bool
	vars map[string]*big.Rat
}

var _ arith[*big.Rat] = (*ratArith)(nil)

// val computes f when evaluating, and refuses values past the checker's bound.
func (a *ratArith) val(f func() *big.Rat) *big.Rat {
	if !a.eval {
		return new(big.Rat)
	}
	v := f()
	if v.Num().BitLen() > 1<<16 || v.Denom().BitLen() > 1<<16 {
		panic(ErrTooBig)
	}
	return v
}

func (a *ratArith) lit(s string) (*big.Rat, bool) {
	if !a.eval {
		return new(big.Rat), true
	}
	v, _ := algebra.ParseQ(s)
	return v, true
}

func (a *ratArith) variable(name string) (*big.Rat, string) {
	v, ok := a.vars[name]
	if !ok {
		return nil, "undeclared name " + name
	}
	return v, ""
}

func (a *ratArith) neg(x *big.Rat) *big.Rat {
	return a.val(func() *big.Rat { return new(big.Rat).Neg(x) })
}

func (a *ratArith) add(x, y *big.Rat) *big.Rat {
	return a.val(func() *big.Rat { return algebra.AddQ(x, y) })
}

func (a *ratArith) sub(x, y *big.Rat) *big.Rat {
	return a.val(func() *big.Rat { return algebra.SubQ(x, y) })
}

func (a *ratArith) mul(x, y *big.Rat) *big.Rat {
	return a.val(func() *big.Rat { return algebra.MulQ(x, y) })
}

func (a *ratArith) quo(x, y *big.Rat) *big.Rat {
	return a.val(func() *big.Rat {
		if y.Sign() == 0 {
			// Lean would answer a / 0 = 0; the translator never sends such a term, so
			// meeting one is an error.
			panic(ErrDivZero)
		}
		return new(big.Rat).Quo(x, y)
	})
}

func (a *ratArith) pow(x *big.Rat, e int) *big.Rat {
	return a.val(func() *big.Rat {
		if (x.Num().BitLen()+x.Denom().BitLen())*e > 1<<16 {
			panic(ErrTooBig)
		}
		n := new(big.Int).Exp(x.Num(), big.NewInt(int64(e)), nil)
		d := new(big.Int).Exp(x.Denom(), big.NewInt(int64(e)), nil)
		return new(big.Rat).SetFrac(n, d)
	})
}

func (a *ratArith) maxExpDigits() int { return 4 }
