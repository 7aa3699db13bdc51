package algebra

// Rat is a rational function Num/Den over Q with Den never the zero
// polynomial. It is not reduced to lowest terms (that would need
// multivariate gcd); equality is decided by cross-multiplication instead.
//
// An identity between rational functions holds where their denominators
// are nonzero: 1/x + 1/y = (x+y)/(x*y) is an identity, but only on x*y ≠ 0.
// Den (and Identity's side conditions) expose those conditions so an
// obligation can state them.
type Rat struct {
	num, den Poly
}

// polyOne is the denominator 1 of FromPoly, one value for all (a Poly is never changed).
var polyOne = Int(1)

// FromPoly returns p/1.
func FromPoly(p Poly) Rat { return Rat{num: p, den: polyOne} }

// NewRat returns num/den, or ErrDivByZero when den is the zero polynomial.
func NewRat(num, den Poly) (Rat, error) {
	if den.IsZero() {
		return Rat{}, ErrDivByZero
	}
	return Rat{num: num, den: den}, nil
}

// Num returns the numerator.
func (r Rat) Num() Poly { return r.num }

// Den returns the denominator (1 for the zero value of Rat).
func (r Rat) Den() Poly {
	if r.den.IsZero() {
		return polyOne
	}
	return r.den
}

// Add returns r + s.
func (r Rat) Add(s Rat) Rat {
	if r.Den().Equal(s.Den()) {
		return Rat{num: r.num.Add(s.num), den: r.Den()}
	}
	return Rat{num: r.num.Mul(s.Den()).Add(s.num.Mul(r.Den())), den: r.Den().Mul(s.Den())}
}

// Neg returns -r.
func (r Rat) Neg() Rat { return Rat{num: r.num.Neg(), den: r.Den()} }

// Sub returns r - s.
func (r Rat) Sub(s Rat) Rat { return r.Add(s.Neg()) }

// Mul returns r * s.
func (r Rat) Mul(s Rat) Rat { return Rat{num: r.num.Mul(s.num), den: r.Den().Mul(s.Den())} }

// Div returns r / s, or ErrDivByZero when s's numerator is the zero
// polynomial. The result's denominator carries s's numerator, so the side
// condition "s ≠ 0" stays visible in Den.
func (r Rat) Div(s Rat) (Rat, error) {
	if s.num.IsZero() {
		return Rat{}, ErrDivByZero
	}
	return Rat{num: r.num.Mul(s.Den()), den: r.Den().Mul(s.num)}, nil
}

// Equal reports whether r and s are equal as rational functions:
// a/b = c/d iff a*d = c*b as polynomials (b, d nonzero, Q[x...] an
// integral domain).
func (r Rat) Equal(s Rat) bool {
	return r.num.Mul(s.Den()).Equal(s.num.Mul(r.Den()))
}

// String renders r as "(num)/(den)", or just num when den is 1.
func (r Rat) String() string {
	if r.Den().Equal(Int(1)) {
		return r.num.String()
	}
	return "(" + r.num.String() + ")/(" + r.Den().String() + ")"
}
