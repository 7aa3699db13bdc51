package decide

import (
	"math/big"
	"sort"
)

// The simulator's grind decides over polynomials it knows only by evaluation, never by
// normal forms: a bpoly is a small expression DAG over Q with a bound on its degree in each
// variable, and it is the zero polynomial exactly when it vanishes on a grid of (d_v + 1)
// points in each variable v (a polynomial of degree at most d_v in v that vanishes on a
// product set S_1 × … × S_k with |S_v| = d_v + 1 is zero: by induction on k, each coefficient
// in the last variable vanishes on the rest of the grid). This is on purpose not the exact
// checker's method (translate/algebra keeps sparse normal forms): the simulator stands in
// for Lean as a second witness, so `--checker both` with it compares two independent
// decisions, and it imports nothing from translate.

// Bounds of the evaluation method: beyond them the simulator says "not simulated".
const (
	maxGridPoints = 1 << 12 // evaluations of one zero test
)

// bpoly is an immutable polynomial known by evaluation.
type bpoly struct {
	op    byte // 'c' constant, 'v' variable, '+', '*', 'n' negation, '^' power
	val   *big.Rat
	name  string
	exp   uint
	kids  []*bpoly
	deg   map[string]uint // degree bound per variable; absent means 0
	total uint            // total degree bound
}

var bOne = bconst(big.NewRat(1, 1))

func bconst(c *big.Rat) *bpoly { return &bpoly{op: 'c', val: c} }

func bvar(name string) *bpoly {
	return &bpoly{op: 'v', name: name, deg: map[string]uint{name: 1}, total: 1}
}

func (p *bpoly) add(q *bpoly) *bpoly {
	d := map[string]uint{}
	for v, e := range p.deg {
		d[v] = e
	}
	for v, e := range q.deg {
		d[v] = max(d[v], e)
	}
	return &bpoly{op: '+', kids: []*bpoly{p, q}, deg: d, total: max(p.total, q.total)}
}

func (p *bpoly) neg() *bpoly {
	return &bpoly{op: 'n', kids: []*bpoly{p}, deg: p.deg, total: p.total}
}

func (p *bpoly) sub(q *bpoly) *bpoly { return p.add(q.neg()) }

func (p *bpoly) mul(q *bpoly) *bpoly {
	d := map[string]uint{}
	for v, e := range p.deg {
		d[v] = e
	}
	for v, e := range q.deg {
		d[v] += e
	}
	return &bpoly{op: '*', kids: []*bpoly{p, q}, deg: d, total: p.total + q.total}
}

// pow is p^n; a result whose degree bound passes maxGrindDegree is not simulated.
func (p *bpoly) pow(n uint) (*bpoly, error) {
	if n == 0 {
		return bOne, nil
	}
	if p.total > 0 && (n > maxGrindDegree || p.total*n > maxGrindDegree) {
		return nil, outside("a power of degree above %d", maxGrindDegree)
	}
	d := map[string]uint{}
	for v, e := range p.deg {
		d[v] = e * n
	}
	return &bpoly{op: '^', exp: n, kids: []*bpoly{p}, deg: d, total: p.total * n}, nil
}

// at is p's value at the point, which assigns every variable p mentions; memo shares the
// values of common subterms within one point. The result must not be modified.
func (p *bpoly) at(x map[string]*big.Rat, memo map[*bpoly]*big.Rat) *big.Rat {
	if v, ok := memo[p]; ok {
		return v
	}
	var v *big.Rat
	switch p.op {
	case 'c':
		v = p.val
	case 'v':
		v = x[p.name]
		if v == nil {
			v = new(big.Rat)
		}
	case 'n':
		v = new(big.Rat).Neg(p.kids[0].at(x, memo))
	case '^':
		k := p.kids[0].at(x, memo)
		e := new(big.Int).SetUint64(uint64(p.exp))
		v = new(big.Rat).SetFrac(new(big.Int).Exp(k.Num(), e, nil), new(big.Int).Exp(k.Denom(), e, nil))
	case '+':
		v = new(big.Rat).Add(p.kids[0].at(x, memo), p.kids[1].at(x, memo))
	case '*':
		v = new(big.Rat).Mul(p.kids[0].at(x, memo), p.kids[1].at(x, memo))
	}
	memo[p] = v
	return v
}

// eval is p at one point.
func (p *bpoly) eval(x map[string]*big.Rat) *big.Rat {
	return p.at(x, map[*bpoly]*big.Rat{})
}

// vars are the variables p's degree bound mentions, sorted.
func (p *bpoly) vars() []string {
	var vs []string
	for v, e := range p.deg {
		if e > 0 {
			vs = append(vs, v)
		}
	}
	sort.Strings(vs)
	return vs
}

// isZero decides whether p is the zero polynomial by evaluating it on the grid
// {0, …, d_v} in each variable; a grid over maxGridPoints is not simulated.
func (p *bpoly) isZero() (bool, error) {
	vs := p.vars()
	points := 1
	for _, v := range vs {
		points *= int(p.deg[v]) + 1
		if points > maxGridPoints {
			return false, outside("a polynomial too large to decide by evaluation")
		}
	}
	zero := true
	p.grid(vs, func(x map[string]*big.Rat) bool {
		zero = p.eval(x).Sign() == 0
		return zero
	})
	return zero, nil
}

// grid calls f at every point of p's grid over vs until f returns false.
func (p *bpoly) grid(vs []string, f func(map[string]*big.Rat) bool) {
	x := map[string]*big.Rat{}
	var walk func(i int) bool
	walk = func(i int) bool {
		if i == len(vs) {
			return f(x)
		}
		for k := uint(0); k <= p.deg[vs[i]]; k++ {
			x[vs[i]] = big.NewRat(int64(k), 1)
			if !walk(i + 1) {
				return false
			}
		}
		return true
	}
	walk(0)
}

// constant reports whether p is a constant polynomial, and its value.
func (p *bpoly) constant() (*big.Rat, bool, error) {
	c := p.eval(map[string]*big.Rat{})
	zero, err := p.sub(bconst(c)).isZero()
	return c, zero, err
}

// bfrac is a rational function num/den over Q, den never the zero polynomial, combined as
// the obligations are written (not reduced): a divisor's numerator keeps the factors its
// expression shows.
type bfrac struct{ num, den *bpoly }

func fracOf(p *bpoly) bfrac { return bfrac{num: p, den: bOne} }

// add keeps a common denominator as it is, and otherwise multiplies the denominators.
func (r bfrac) add(s bfrac) bfrac {
	if same, err := r.den.sub(s.den).isZero(); err == nil && same {
		return bfrac{num: r.num.add(s.num), den: r.den}
	}
	return bfrac{num: r.num.mul(s.den).add(s.num.mul(r.den)), den: r.den.mul(s.den)}
}

func (r bfrac) neg() bfrac { return bfrac{num: r.num.neg(), den: r.den} }

func (r bfrac) sub(s bfrac) bfrac { return r.add(s.neg()) }

func (r bfrac) mul(s bfrac) bfrac { return bfrac{num: r.num.mul(s.num), den: r.den.mul(s.den)} }

// div is r / s; a divisor that is the zero polynomial is not simulated.
func (r bfrac) div(s bfrac) (bfrac, error) {
	zero, err := s.num.isZero()
	if err != nil {
		return bfrac{}, err
	}
	if zero {
		return bfrac{}, outside("a division by a term that is identically zero")
	}
	return bfrac{num: r.num.mul(s.den), den: r.den.mul(s.num)}, nil
}

func (r bfrac) pow(n uint) (bfrac, error) {
	num, err := r.num.pow(n)
	if err != nil {
		return bfrac{}, err
	}
	den, err := r.den.pow(n)
	if err != nil {
		return bfrac{}, err
	}
	return bfrac{num: num, den: den}, nil
}
