package hugepow

import (
	"math/big"
	"strings"
)

// expInfo is what is known of an exponent without computing it: whether
// it is odd, whether it is too large to compute (huge), and its text.
type expInfo struct {
	odd  bool
	huge bool
	src  string
}

// hugeFrom is the least exponent read as too large to compute: one past
// the arithmetic reader's default limit (Limits.MaxExponent, 64); below
// it that reader decides the power.
var hugeFrom = big.NewInt(65)

// expParser reads an exponent: sums, products and powers of positive
// whole numbers in brackets or braces.
type expParser struct {
	toks  []string
	i     int
	depth int
	bad   bool
}

// term is a part of an exponent: its parity and, when small, its value.
type term struct {
	odd bool
	v   *big.Int // nil when too large to compute
}

// readExp reads an exponent's text; false when it is not a sum, product
// or power of positive whole numbers.
func readExp(src string) (expInfo, bool) {
	r := strings.NewReplacer(`\left(`, "(", `\right)`, ")", `\cdot`, "*", `\times`, "*")
	s := r.Replace(src)
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j-i > maxDigits {
				return expInfo{}, false
			}
			toks = append(toks, s[i:j])
			i = j
		case strings.IndexByte("(){}+*^", c) >= 0:
			toks = append(toks, s[i:i+1])
			i++
		default:
			return expInfo{}, false // a name, a command, a minus sign, a fraction
		}
	}
	p := &expParser{toks: toks}
	t := p.sum()
	if p.bad || p.i != len(toks) {
		return expInfo{}, false
	}
	return expInfo{odd: t.odd, huge: t.v == nil || t.v.Cmp(hugeFrom) >= 0, src: strings.Join(toks, "")}, true
}

// peek is the next token, "" at the end.
func (p *expParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

// sum reads prod ("+" prod)*.
func (p *expParser) sum() term {
	t := p.prod()
	for !p.bad && p.peek() == "+" {
		p.i++
		u := p.prod()
		t = term{odd: t.odd != u.odd, v: small(t.v, u.v, func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) })}
	}
	return t
}

// prod reads pow ("*" pow)*.
func (p *expParser) prod() term {
	t := p.pow()
	for !p.bad && p.peek() == "*" {
		p.i++
		u := p.pow()
		t = term{odd: t.odd && u.odd, v: small(t.v, u.v, func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) })}
	}
	return t
}

// pow reads atom ("^" pow)?: a power of positive whole numbers has its
// base's parity.
func (p *expParser) pow() term {
	t := p.atom()
	if p.bad || p.peek() != "^" {
		return t
	}
	p.i++
	u := p.pow()
	var v *big.Int
	if t.v != nil && u.v != nil && u.v.IsInt64() && int64(t.v.BitLen())*u.v.Int64() < 64 {
		v = new(big.Int).Exp(t.v, u.v, nil)
	}
	return term{odd: t.odd, v: v}
}

// atom reads a positive whole number or a sum in brackets or braces.
func (p *expParser) atom() term {
	tok := p.peek()
	switch {
	case tok == "(" || tok == "{":
		if p.depth >= maxDepth {
			p.bad = true
			return term{}
		}
		p.i++
		p.depth++
		t := p.sum()
		p.depth--
		if want := map[string]string{"(": ")", "{": "}"}[tok]; p.peek() != want {
			p.bad = true
			return term{}
		}
		p.i++
		return t
	case tok != "" && tok[0] >= '0' && tok[0] <= '9':
		p.i++
		v, _ := new(big.Int).SetString(tok, 10)
		if v.Sign() <= 0 {
			p.bad = true // a zero exponent or factor: 0^0 is no number here
			return term{}
		}
		return term{odd: v.Bit(0) == 1, v: v}
	}
	p.bad = true
	return term{}
}

// small is f(a, b) when both are known and the result stays under 64
// bits; nil otherwise.
func small(a, b *big.Int, f func(a, b *big.Int) *big.Int) *big.Int {
	if a == nil || b == nil {
		return nil
	}
	if v := f(a, b); v.BitLen() < 64 {
		return v
	}
	return nil
}
