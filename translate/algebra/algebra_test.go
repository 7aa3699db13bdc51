package algebra

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	x, y, z = Var("x"), Var("y"), Var("z")
)

func pw(t testing.TB, p Poly, n uint) Poly {
	t.Helper()
	r, err := p.Pow(n)
	require.NoError(t, err)
	return r
}

func q(n, d int64) Poly { return Const(big.NewRat(n, d)) }

// randPoly builds a polynomial from a seeded source: up to 6 terms in x, y, z
// with small rational coefficients and exponents up to 3.
func randPoly(r *rand.Rand) Poly {
	p := Poly{}
	for i := r.Intn(6); i >= 0; i-- {
		m := q(int64(r.Intn(11)-5), int64(r.Intn(3)+1))
		for _, v := range []Poly{x, y, z} {
			m = m.Mul(mustPow(v, uint(r.Intn(4))))
		}
		p = p.Add(m)
	}
	return p
}

func mustPow(p Poly, n uint) Poly {
	r, err := p.Pow(n)
	if err != nil {
		panic(err)
	}
	return r
}

func TestRingAxioms(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	for i := 0; i < 200; i++ {
		a, b, c := randPoly(r), randPoly(r), randPoly(r)
		assert.True(t, a.Add(b).Equal(b.Add(a)), "a+b=b+a: %v, %v", a, b)
		assert.True(t, a.Mul(b).Equal(b.Mul(a)), "ab=ba: %v, %v", a, b)
		assert.True(t, a.Add(b).Add(c).Equal(a.Add(b.Add(c))), "assoc +")
		assert.True(t, a.Mul(b).Mul(c).Equal(a.Mul(b.Mul(c))), "assoc *")
		assert.True(t, a.Mul(b.Add(c)).Equal(a.Mul(b).Add(a.Mul(c))), "distributive")
		assert.True(t, a.Sub(a).IsZero(), "a-a=0")
		assert.True(t, a.Mul(Int(1)).Equal(a), "a*1=a")
		assert.True(t, a.Mul(Poly{}).IsZero(), "a*0=0")
		assert.Equal(t, a.Add(b).String(), b.Add(a).String(), "same representation renders the same")
	}
}

func TestIdentities(t *testing.T) {
	tests := []struct {
		name     string
		lhs, rhs Poly
		holds    bool
	}{
		{"sum of cubes", x.Add(Int(1)).Mul(pw(t, x, 2).Sub(x).Add(Int(1))), pw(t, x, 3).Add(Int(1)), true},
		{"math-347 false", pw(t, x, 3).Sub(Int(1)), x.Add(Int(1)).Mul(pw(t, x, 2).Sub(x).Add(Int(1))), false},
		{"olympiad-106 false", pw(t, x.Sub(Int(20)), 2), pw(t, x, 2).Sub(Int(60).Mul(x)).Add(Int(400)), false},
		{"square true", pw(t, x.Sub(Int(20)), 2), pw(t, x, 2).Sub(Int(40).Mul(x)).Add(Int(400)), true},
		{"two variables", pw(t, x.Sub(y), 2), pw(t, x, 2).Sub(Int(2).Mul(x).Mul(y)).Add(pw(t, y, 2)), true},
		{"three variables", pw(t, x.Add(y).Add(z), 2),
			pw(t, x, 2).Add(pw(t, y, 2)).Add(pw(t, z, 2)).Add(Int(2).Mul(x.Mul(y).Add(y.Mul(z)).Add(x.Mul(z)))), true},
		{"three variables off by xyz", pw(t, x.Add(y).Add(z), 3),
			pw(t, x, 3).Add(pw(t, y, 3)).Add(pw(t, z, 3)).Add(Int(3).Mul(x.Mul(y).Mul(x.Add(y)).Add(y.Mul(z).Mul(y.Add(z))).Add(x.Mul(z).Mul(x.Add(z))))), false},
		{"math-5 false: (t+2)(t-1) is not t^2+t-2t-2", x.Add(Int(2)).Mul(x.Sub(Int(1))).Sub(x.Add(Int(3)).Mul(x.Sub(Int(2)))),
			pw(t, x, 2).Add(x).Sub(Int(2).Mul(x)).Sub(Int(2)).Sub(pw(t, x, 2).Add(Int(3).Mul(x)).Sub(Int(2).Mul(x)).Sub(Int(6))), false},
		{"math-5 corrected", x.Add(Int(2)).Mul(x.Sub(Int(1))).Sub(x.Add(Int(3)).Mul(x.Sub(Int(2)))),
			pw(t, x, 2).Add(Int(2).Mul(x)).Sub(x).Sub(Int(2)).Sub(pw(t, x, 2).Add(Int(3).Mul(x)).Sub(Int(2).Mul(x)).Sub(Int(6))), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			holds, conds := Identity(FromPoly(tc.lhs), FromPoly(tc.rhs))
			assert.Equal(t, tc.holds, holds)
			assert.Empty(t, conds, "polynomials have no side conditions")
			assert.Equal(t, tc.holds, tc.lhs.Equal(tc.rhs))
			w, err := Witness(FromPoly(tc.lhs), FromPoly(tc.rhs))
			if tc.holds {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			l, err := tc.lhs.Eval(w)
			require.NoError(t, err)
			r, err := tc.rhs.Eval(w)
			require.NoError(t, err)
			assert.NotEqual(t, 0, l.Cmp(r), "witness %v must separate the sides", w)
		})
	}
}

func TestRationalFunctions(t *testing.T) {
	inv := func(p Poly) Rat {
		r, err := NewRat(Int(1), p)
		require.NoError(t, err)
		return r
	}
	rat := func(n, d Poly) Rat {
		r, err := NewRat(n, d)
		require.NoError(t, err)
		return r
	}
	tests := []struct {
		name     string
		lhs, rhs Rat
		holds    bool
		conds    []string
	}{
		{"1/x + 1/y", inv(x).Add(inv(y)), rat(x.Add(y), x.Mul(y)), true, []string{"x*y"}},
		{"1/x + 1/y wrong", inv(x).Add(inv(y)), rat(Int(2), x.Add(y)), false, []string{"x*y", "x + y"}},
		{"cancel", rat(pw(t, x, 2).Sub(Int(1)), x.Sub(Int(1))), FromPoly(x.Add(Int(1))), true, []string{"x - 1"}},
		{"x/x is 1 away from 0", rat(x, x), FromPoly(Int(1)), true, []string{"x"}},
		{"constant denominators", rat(x, Int(2)), FromPoly(q(1, 2).Mul(x)), true, nil},
		{"difference of fractions", inv(x).Sub(inv(x.Add(Int(1)))), inv(x.Mul(x.Add(Int(1)))), true, []string{"x^2 + x"}},
		{"wrong difference", inv(x).Sub(inv(x.Add(Int(1)))), inv(x), false, []string{"x^2 + x", "x"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			holds, conds := Identity(tc.lhs, tc.rhs)
			assert.Equal(t, tc.holds, holds)
			var got []string
			for _, c := range conds {
				got = append(got, c.String())
			}
			assert.Equal(t, tc.conds, got)
			w, err := Witness(tc.lhs, tc.rhs)
			if tc.holds {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			for _, side := range []Rat{tc.lhs, tc.rhs} {
				d, err := side.Den().Eval(w)
				require.NoError(t, err)
				assert.NotZero(t, d.Sign(), "witness %v must keep %v defined", w, side)
			}
			assert.NotEqual(t, 0, evalRat(t, tc.lhs, w).Cmp(evalRat(t, tc.rhs, w)))
		})
	}
}

func evalRat(t *testing.T, r Rat, at map[string]*big.Rat) *big.Rat {
	n, err := r.Num().Eval(at)
	require.NoError(t, err)
	d, err := r.Den().Eval(at)
	require.NoError(t, err)
	return n.Quo(n, d)
}

func TestDivision(t *testing.T) {
	_, err := NewRat(x, Poly{})
	assert.ErrorIs(t, err, ErrDivByZero)
	_, err = FromPoly(x).Div(FromPoly(x.Sub(x)))
	assert.ErrorIs(t, err, ErrDivByZero)
	r, err := FromPoly(x).Div(FromPoly(y))
	require.NoError(t, err)
	assert.Equal(t, "(x)/(y)", r.String())
	assert.True(t, r.Mul(FromPoly(y)).Equal(FromPoly(x)))
}

func TestPowBounds(t *testing.T) {
	tests := []struct {
		name string
		p    Poly
		n    uint
		ok   bool
	}{
		{"zero power", x.Add(y), 0, true},
		{"first power of a large degree", pw(t, x, 200).Mul(pw(t, x, 200)), 1, true},
		{"square of a degree past the bound", pw(t, x, 200).Mul(pw(t, x, 200)), 2, false},
		{"at the degree bound", x, MaxPowDegree, true},
		{"past the degree bound", x, MaxPowDegree + 1, false},
		{"degree product past the bound", pw(t, x, 3), 100, false},
		{"huge exponent", x.Add(Int(1)), ^uint(0), false},
		{"huge exponent of a constant", Int(2), ^uint(0), false},
		{"zero to a huge power", Poly{}, ^uint(0), true},
		{"too many terms", x.Add(y).Add(z).Add(Var("w")).Add(Var("v")).Add(Var("u")).Add(Int(1)), 40, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.p.Pow(tc.n)
			if tc.ok {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, ErrTooLarge)
			}
		})
	}
	// 55*55 terms of degree 108: squaring stays under the degree bound but
	// one step would multiply 3025 by 3025 terms, past MaxPowWork.
	sx, sy := Poly{}, Poly{}
	for i := uint(0); i <= 54; i++ {
		sx, sy = sx.Add(pw(t, x, i)), sy.Add(pw(t, y, i))
	}
	_, err := sx.Mul(sy).Pow(2)
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = pw(t, x, 200).Subst("x", pw(t, y, 2))
	assert.ErrorIs(t, err, ErrTooLarge)
}

func TestNamesCannotCollide(t *testing.T) {
	// With a naive "name exponent" key these two monomials would share one
	// and be merged into 2*x*y.
	odd := Var("x\x001\x00y")
	assert.False(t, x.Mul(y).Equal(odd))
	assert.Len(t, x.Mul(y).Add(odd).ts, 2)
	assert.False(t, x.Mul(y).Add(odd).Sub(odd).IsZero())
}

func TestString(t *testing.T) {
	tests := []struct {
		p    Poly
		want string
	}{
		{Poly{}, "0"},
		{Int(-3), "-3"},
		{pw(t, x, 2).Sub(Int(2).Mul(x).Mul(y)).Add(q(3, 4)), "x^2 - 2*x*y + 3/4"},
		{q(3, 4).Add(pw(t, x, 2)).Sub(y.Mul(x).Mul(Int(2))), "x^2 - 2*x*y + 3/4"},
		{x.Neg().Add(q(-1, 2).Mul(pw(t, y, 3))), "-1/2*y^3 - x"},
		{Var("a_1").Mul(Var("b")), "a_1*b"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tc.p.String())
	}
}

func TestEvalAgainstDirect(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 100; i++ {
		a, b := randPoly(r), randPoly(r)
		at := map[string]*big.Rat{
			"x": big.NewRat(int64(r.Intn(21)-10), int64(r.Intn(5)+1)),
			"y": big.NewRat(int64(r.Intn(21)-10), int64(r.Intn(5)+1)),
			"z": big.NewRat(int64(r.Intn(21)-10), int64(r.Intn(5)+1)),
		}
		ea, err := a.Eval(at)
		require.NoError(t, err)
		eb, err := b.Eval(at)
		require.NoError(t, err)
		prod, err := a.Mul(b).Eval(at)
		require.NoError(t, err)
		sum, err := a.Add(b).Eval(at)
		require.NoError(t, err)
		assert.Equal(t, 0, prod.Cmp(new(big.Rat).Mul(ea, eb)))
		assert.Equal(t, 0, sum.Cmp(new(big.Rat).Add(ea, eb)))
	}
	// x^2*y - 3/2 at x = -2/3, y = 5 computed by hand: 4/9*5 - 3/2 = 40/18 - 27/18 = 13/18.
	v, err := pw(t, x, 2).Mul(y).Sub(q(3, 2)).Eval(map[string]*big.Rat{"x": big.NewRat(-2, 3), "y": big.NewRat(5, 1)})
	require.NoError(t, err)
	assert.Equal(t, "13/18", v.RatString())
	_, err = x.Add(y).Eval(map[string]*big.Rat{"x": big.NewRat(1, 1)})
	assert.Error(t, err)
}

func TestSubstVarsDegree(t *testing.T) {
	p := pw(t, x, 2).Mul(y).Add(z)
	assert.Equal(t, []string{"x", "y", "z"}, p.Vars())
	assert.Equal(t, uint(3), p.Degree())
	assert.Equal(t, uint(2), p.DegreeIn("x"))
	s, err := p.Subst("x", y.Add(Int(1)))
	require.NoError(t, err)
	assert.True(t, s.Equal(pw(t, y.Add(Int(1)), 2).Mul(y).Add(z)), "got %v", s)
	assert.Equal(t, []string{"y", "z"}, s.Vars())
	same, err := p.Subst("w", x)
	require.NoError(t, err)
	assert.True(t, same.Equal(p))
}

// FuzzNormalForm builds one polynomial from bytes, then again with the
// terms reassociated and reordered; the normal forms must be identical.
func FuzzNormalForm(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6})
	f.Add([]byte{0, 0, 0, 255, 255, 255, 7})
	f.Add([]byte("x^2 - 2xy + 3/4"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 60 {
			data = data[:60]
		}
		vars := []Poly{x, y, z}
		var ts []Poly
		for i := 0; i+2 < len(data); i += 3 {
			c := q(int64(data[i]%9)-4, int64(data[i+1]%3)+1)
			m := c.Mul(mustPow(vars[data[i+2]%3], uint(data[i+2]/3%4)))
			ts = append(ts, m)
		}
		left := Poly{}
		for _, m := range ts {
			left = left.Add(m)
		}
		right := Poly{}
		for i := len(ts) - 1; i >= 0; i-- {
			right = ts[i].Add(right)
		}
		// Pairwise grouping, then product with (1 + x) divided back out by
		// comparing against the product of the left sum.
		grouped := Poly{}
		for i := 0; i < len(ts); i += 2 {
			g := ts[i]
			if i+1 < len(ts) {
				g = ts[i+1].Add(g)
			}
			grouped = g.Add(grouped)
		}
		require.True(t, left.Equal(right), "%v vs %v", left, right)
		require.True(t, left.Equal(grouped))
		require.Equal(t, left.String(), grouped.String())
		require.True(t, left.Mul(x.Add(Int(1))).Equal(x.Mul(grouped).Add(right)))
	})
}

func BenchmarkMul20x20(b *testing.B) {
	r := rand.New(rand.NewSource(20))
	gen := func() Poly {
		p := Poly{}
		for len(p.ts) < 20 {
			m := q(int64(r.Intn(199)-99), int64(r.Intn(9)+1))
			for _, v := range []Poly{x, y, z} {
				m = m.Mul(mustPow(v, uint(r.Intn(6))))
			}
			p = p.Add(m)
		}
		return p
	}
	p, p2 := gen(), gen()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = p.Mul(p2)
	}
}
