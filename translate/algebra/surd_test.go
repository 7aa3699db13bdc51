package algebra

import (
	"errors"
	"math"
	"math/big"
	"math/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rt returns the n-th root of the rational s ("18", "-2", "1/4").
func rt(t testing.TB, s string, n int) Surd {
	t.Helper()
	r, err := Root(rat(t, s), n)
	require.NoError(t, err, "root %d of %s", n, s)
	return r
}

func rat(t testing.TB, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	require.True(t, ok, "rational %q", s)
	return r
}

func sr(t testing.TB, s string) Surd { return SurdFromRat(rat(t, s)) }

func TestRootCanonicalForm(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want Surd
		str       string
	}{
		{"√8 = 2√2", rt(t, "8", 2), sr(t, "2").Mul(rt(t, "2", 2)), "2√2"},
		{"√18 = 3√2", rt(t, "18", 2), sr(t, "3").Mul(rt(t, "2", 2)), "3√2"},
		{"∛16 = 2∛2", rt(t, "16", 3), sr(t, "2").Mul(rt(t, "2", 3)), "2∛2"},
		{"∛32 = 2∛4", rt(t, "32", 3), sr(t, "2").Mul(rt(t, "4", 3)), "2∛4"},
		{"√2·√3 = √6", rt(t, "2", 2).Mul(rt(t, "3", 2)), rt(t, "6", 2), "√6"},
		{"∛2·√2 = 2^(5/6)", rt(t, "2", 3).Mul(rt(t, "2", 2)), rt(t, "32", 6), "⁶√32"},
		{"√(1/2) = √2/2", rt(t, "1/2", 2), rt(t, "2", 2).Mul(sr(t, "1/2")), "√2/2"},
		{"∛(−27/8) = −3/2", rt(t, "-27/8", 3), sr(t, "-3/2"), "-3/2"},
		{"∛(−2) = −∛2", rt(t, "-2", 3), rt(t, "2", 3).Neg(), "-∛2"},
		{"⁶√64 = 2", rt(t, "64", 6), sr(t, "2"), "2"},
		{"⁶√8 = √2", rt(t, "8", 6), rt(t, "2", 2), "√2"},
		{"⁶√9 = ∛3", rt(t, "9", 6), rt(t, "3", 3), "∛3"},
		{"⁴√16 = 2", rt(t, "16", 4), sr(t, "2"), "2"},
		{"⁴√4 = √2", rt(t, "4", 4), rt(t, "2", 2), "√2"},
		{"⁴√(9/4) = √6/2", rt(t, "9/4", 4), rt(t, "6", 2).Mul(sr(t, "1/2")), "√6/2"},
		{"⁵√(−32) = −2", rt(t, "-32", 5), sr(t, "-2"), "-2"},
		{"¹²√(2^8·3^6) = ∛4·√3", rt(t, "186624", 12), rt(t, "4", 3).Mul(rt(t, "3", 2)), "√3·∛4"},
		{"¹√(7/3) = 7/3", rt(t, "7/3", 1), sr(t, "7/3"), "7/3"},
		{"√72·∛12 = 12·2^(1/6)·3^(1/3)", rt(t, "72", 2).Mul(rt(t, "12", 3)), sr(t, "12").Mul(rt(t, "18", 6)), "12⁶√18"},
		{"√(p²) of a prime past the bound is p", rt(t, "1000006000009", 2), sr(t, "1000003"), "1000003"},
		{"∛(1/p³) of a prime past the bound is 1/p", rt(t, "1/1000009000027000027", 3), sr(t, "1/1000003"), "1/1000003"},
		{"(√6+√2)/4", rt(t, "6", 2).Add(rt(t, "2", 2)).Mul(sr(t, "1/4")), rt(t, "2", 2).Mul(sr(t, "1/4")).Add(rt(t, "6", 2).Mul(sr(t, "1/4"))), "√2/4 + √6/4"},
		{"1 + √2 − ∛3", sr(t, "1").Add(rt(t, "2", 2)).Sub(rt(t, "3", 3)), rt(t, "2", 2).Sub(rt(t, "3", 3)).Add(sr(t, "1")), "1 + √2 - ∛3"},
		{"√2·∛3", rt(t, "2", 2).Mul(rt(t, "3", 3)), rt(t, "72", 6), "√2·∛3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.True(t, c.got.Equal(c.want), "got %v, want %v", c.got, c.want)
			assert.Equal(t, c.str, c.got.String())
			assert.Equal(t, 0, c.got.Cmp(c.want))
		})
	}
	assert.False(t, rt(t, "18", 2).Equal(sr(t, "3").Mul(rt(t, "3", 2))), "√18 ≠ 3√3 (math-104)")
	assert.False(t, rt(t, "16", 3).Equal(sr(t, "2").Mul(rt(t, "4", 3))), "∛16 ≠ 2∛4 (math-407)")
	assert.Equal(t, -1, rt(t, "16", 3).Cmp(sr(t, "2").Mul(rt(t, "4", 3))), "∛16 < 2∛4")
	assert.Equal(t, 1, sr(t, "3").Mul(rt(t, "3", 2)).Cmp(rt(t, "18", 2)), "3√3 > √18")
	assert.False(t, rt(t, "2", 2).Equal(rt(t, "2", 3)), "√2 ≠ ∛2")
}

func TestSurdArithmeticCases(t *testing.T) {
	r2, r3 := rt(t, "2", 2), rt(t, "3", 2)
	sq, err := r2.Pow(2)
	require.NoError(t, err)
	assert.True(t, sq.Equal(sr(t, "2")), "(√2)² = 2: %v", sq)
	v, ok := sq.Rat()
	require.True(t, ok)
	assert.Equal(t, "2", v.RatString())

	q, err := rt(t, "12", 2).Div(r3)
	require.NoError(t, err)
	assert.True(t, q.Equal(sr(t, "2")), "√12/√3 = 2: %v", q)

	cube, err := rt(t, "2", 3).Pow(3)
	require.NoError(t, err)
	assert.True(t, cube.Equal(sr(t, "2")), "(∛2)³ = 2")

	s, err := r2.Add(r3).Pow(2)
	require.NoError(t, err)
	assert.True(t, s.Equal(sr(t, "5").Add(sr(t, "2").Mul(rt(t, "6", 2)))), "(√2+√3)² = 5+2√6: %v", s)

	inv, err := r2.Pow(-3)
	require.NoError(t, err)
	assert.True(t, inv.Equal(r2.Mul(sr(t, "1/4"))), "(√2)^−3 = √2/4: %v", inv)

	// 1/(√2+√3) = √3−√2, 1/(1+∛2+∛4) = ∛2−1
	i1, err := r2.Add(r3).Inv()
	require.NoError(t, err)
	assert.True(t, i1.Equal(r3.Sub(r2)), "got %v", i1)
	c2 := rt(t, "2", 3)
	i2, err := sr(t, "1").Add(c2).Add(rt(t, "4", 3)).Inv()
	require.NoError(t, err)
	assert.True(t, i2.Equal(c2.Sub(sr(t, "1"))), "got %v", i2)

	z, err := Surd{}.Pow(0)
	require.NoError(t, err)
	assert.True(t, z.Equal(sr(t, "1")), "0^0 = 1 as for Poly")
	assert.True(t, r2.Sub(r2).IsZero())
	assert.Equal(t, "0", Surd{}.String())
	_, ok = r2.Rat()
	assert.False(t, ok, "√2 is irrational")
	_, ok = r2.Add(r3).Rat()
	assert.False(t, ok)
}

func TestSurdErrors(t *testing.T) {
	_, err := Root(big.NewRat(-4, 1), 2)
	assert.ErrorIs(t, err, ErrNotReal)
	_, err = Root(big.NewRat(-4, 1), 6)
	assert.ErrorIs(t, err, ErrNotReal)
	for _, c := range []struct {
		x string
		n int
	}{{"4", -2}, {"4", 0}, {"2", 4}, {"8", 4}, {"3", 5}, {"-3", 5}, {"16", 7}, {"1/2", 4}, {"2/9", 4}} {
		_, err = Root(rat(t, c.x), c.n)
		assert.ErrorIs(t, err, ErrUnsupported, "root %d of %s is outside the field", c.n, c.x)
	}
	_, err = Root(big.NewRat(-16, 1), 4)
	assert.ErrorIs(t, err, ErrNotReal)
	_, err = Root(big.NewRat(2, 1), MaxSurdPow+1)
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = rt(t, "2", 2).Div(Surd{})
	assert.ErrorIs(t, err, ErrDivByZero)
	_, err = Surd{}.Pow(-1)
	assert.ErrorIs(t, err, ErrDivByZero)
	r, err := Root(new(big.Rat), 2)
	require.NoError(t, err)
	assert.True(t, r.IsZero(), "√0 = 0")
}

// TestSurdBoundsFast feeds inputs past each bound; each must be refused
// with ErrTooLarge. The deadline only turns a hang into a failure; speed
// itself is measured by the benchmarks.
func TestSurdBoundsFast(t *testing.T) {
	big1 := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), MaxRadicandBits+1))
	// (2^61−1)(2^89−1): two primes past the bound, no perfect square
	m61 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 61), big.NewInt(1))
	m89 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 89), big.NewInt(1))
	prod := new(big.Rat).SetInt(new(big.Int).Mul(m61, m89))
	sum := SurdFromInt(0)
	for _, p := range []string{"2", "3", "5", "7", "11", "13", "17", "19"} {
		sum = sum.Add(rt(t, p, 2))
	}
	wide := sum.Mul(sum).Mul(sum).Mul(sum)
	require.Greater(t, wide.Len(), MaxSurdTerms)
	cases := map[string]func() error{
		"radicand bits":         func() error { _, err := Root(big1, 2); return err },
		"prime past the bound":  func() error { _, err := Root(big.NewRat(1000003, 1), 2); return err },
		"large prime cofactors": func() error { _, err := Root(prod, 3); return err },
		"large prime in denom":  func() error { _, err := Root(new(big.Rat).Inv(prod), 2); return err },
		"exponent":              func() error { _, err := rt(t, "2", 2).Pow(MaxSurdPow + 1); return err },
		"negative exponent":     func() error { _, err := rt(t, "2", 2).Pow(-MaxSurdPow - 1); return err },
		"terms of a power":      func() error { _, err := sum.Pow(7); return err },
		"terms of a divisor":    func() error { _, err := sr(t, "1").Div(wide); return err },
		"span of a divisor":     func() error { _, err := sr(t, "1").Div(sum); return err },
		"terms of a quotient":   func() error { _, err := wide.Div(sr(t, "2")); return err },
		"sixth roots, 3 primes": func() error {
			_, err := sr(t, "1").Div(sr(t, "1").Add(rt(t, "2", 6)).Add(rt(t, "3", 6)).Add(rt(t, "5", 6)))
			return err
		},
	}
	for name, f := range cases {
		t.Run(name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() { done <- f() }()
			select {
			case err := <-done:
				assert.ErrorIs(t, err, ErrTooLarge)
			case <-time.After(20 * time.Second):
				t.Fatal("no answer: the bound does not stop the work")
			}
		})
	}
}

func TestSignNearZero(t *testing.T) {
	pow := func(s Surd, n int) Surd {
		r, err := s.Pow(n)
		require.NoError(t, err)
		return r
	}
	r2, r3, r5 := rt(t, "2", 2), rt(t, "3", 2), rt(t, "5", 2)
	for _, c := range []struct {
		name string
		s    Surd
		r    string
		want int
	}{
		{"√2 > 1.41421356", r2, "1.41421356", 1},
		{"√2 below a 33-digit truncation + 1e-33", r2, "1.414213562373095048801688724209699", -1},
		{"√2 above its 33-digit truncation (by 8e-35)", r2, "1.414213562373095048801688724209698", 1},
		{"√2+√3 above its truncation", r2.Add(r3), "3.146264369941972342329135065715570445512", 1},
		{"√2+√3 below", r2.Add(r3), "3.146264369941972342329135065715570445513", -1},
		{"√2+√3−√5 above", r2.Add(r3).Sub(r5), "0.9101963924421826459199613969842942100718", 1},
		{"√2+√3−√5 below", r2.Add(r3).Sub(r5), "0.9101963924421826459199613969842942100719", -1},
		{"∛2 above", rt(t, "2", 3), "1.259921049894873164767210607278228350570", 1},
		{"∛2 below", rt(t, "2", 3), "1.259921049894873164767210607278228350571", -1},
		{"2^(5/6) above", rt(t, "32", 6), "1.781797436280678609480452411181025015974", 1},
		{"2^(5/6) below", rt(t, "32", 6), "1.781797436280678609480452411181025015975", -1},
		{"(√2−1)^64 ≈ 3.2e-25, expanded to A − B√2 with A, B ≈ 1e24", pow(r2.Sub(sr(t, "1")), 64), "3.1794802994817965073e-25", 1},
		{"(√2−1)^64 below", pow(r2.Sub(sr(t, "1")), 64), "3.1794802994817965074e-25", -1},
		{"(√3−√2)^64 ≈ 1.4e-32 > 0", pow(r3.Sub(r2), 64), "0", 1},
		{"(√3−√2)^64 above", pow(r3.Sub(r2), 64), "1.3839054658650410905e-32", 1},
		{"(√3−√2)^64 below", pow(r3.Sub(r2), 64), "1.3839054658650410906e-32", -1},
		{"(√2−√3)^63 < 0", pow(r2.Sub(r3), 63), "0", -1},
		{"1 + √2 − √3 − √6/4 > 0", sr(t, "1").Add(r2).Sub(r3).Sub(rt(t, "6", 2).Mul(sr(t, "1/4"))), "0", 1},
		{"√2+√3 − √10 < 0", r2.Add(r3).Sub(rt(t, "10", 2)), "0", -1},
		{"(√2+√3)² − 5 − 2√6 = 0", pow(r2.Add(r3), 2).Sub(sr(t, "5")).Sub(sr(t, "2").Mul(rt(t, "6", 2))), "0", 0},
		{"rational", sr(t, "-3/7"), "-3/7", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := rat(t, c.r)
			assert.Equal(t, c.want, c.s.CmpRat(r))
			assert.Equal(t, -c.want, SurdFromRat(r).Cmp(c.s), "antisymmetric")
			assert.Equal(t, c.want, c.s.Sub(SurdFromRat(r)).Sign())
		})
	}
}

// TestSignDecimalBrackets checks the enclosures behind Sign against exact
// squares: for √n and a decimal d truncated to 40 places, d² < n < (d+ε)²
// must agree with CmpRat.
func TestSignDecimalBrackets(t *testing.T) {
	eps := rat(t, "1e-40")
	for n := int64(2); n < 60; n++ {
		s, err := Root(big.NewRat(n, 1), 2)
		require.NoError(t, err)
		if _, ok := s.Rat(); ok {
			continue
		}
		// d = ⌊√n·10^40⌋/10^40 from integer arithmetic
		scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(40), nil)
		x := new(big.Int).Mul(big.NewInt(n), new(big.Int).Mul(scale, scale))
		d := new(big.Rat).SetFrac(new(big.Int).Sqrt(x), scale)
		require.Equal(t, -1, new(big.Rat).Mul(d, d).Cmp(big.NewRat(n, 1)))
		up := new(big.Rat).Add(d, eps)
		require.Equal(t, 1, new(big.Rat).Mul(up, up).Cmp(big.NewRat(n, 1)))
		assert.Equal(t, 1, s.CmpRat(d), "√%d > %s", n, d.FloatString(40))
		assert.Equal(t, -1, s.CmpRat(up), "√%d < %s", n, up.FloatString(40))
	}
}

var testRadicands = []string{"2", "3", "5", "6", "12", "1/2", "2/3", "4", "9", "18"}

// randSurd builds a surd of up to 4 terms with small rational coefficients
// and square, cube or sixth roots of small radicands.
func randSurd(t testing.TB, r *rand.Rand) Surd {
	s := Surd{}
	for i := r.Intn(4); i >= 0; i-- {
		c := SurdFromRat(big.NewRat(int64(r.Intn(13)-6), int64(r.Intn(4)+1)))
		s = s.Add(c.Mul(rt(t, testRadicands[r.Intn(len(testRadicands))], []int{2, 3, 6}[r.Intn(3)])))
	}
	return s
}

func TestSurdFieldAxioms(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	one := SurdFromInt(1)
	divided, refused := 0, 0
	for i := 0; i < 150; i++ {
		a, b, c := randSurd(t, r), randSurd(t, r), randSurd(t, r)
		assert.True(t, a.Add(b).Equal(b.Add(a)), "a+b = b+a: %v; %v", a, b)
		assert.True(t, a.Mul(b).Equal(b.Mul(a)), "ab = ba")
		assert.True(t, a.Add(b).Add(c).Equal(a.Add(b.Add(c))), "assoc +")
		assert.True(t, a.Mul(b).Mul(c).Equal(a.Mul(b.Mul(c))), "assoc ·")
		assert.True(t, a.Mul(b.Add(c)).Equal(a.Mul(b).Add(a.Mul(c))), "distributive")
		assert.True(t, a.Sub(a).IsZero(), "a−a = 0")
		assert.True(t, a.Mul(one).Equal(a), "a·1 = a")
		assert.Equal(t, a.Add(b).String(), b.Add(a).String(), "one form, one rendering")
		if !b.IsZero() {
			q, err := a.Div(b)
			if errors.Is(err, ErrTooLarge) {
				// refused only past a bound: the span of b, or the quotient's terms
				if inv, err := b.Inv(); err == nil {
					assert.Greater(t, a.Mul(inv).Len(), MaxSurdTerms)
				} else {
					_, gerr := monoGroup(b)
					assert.ErrorIs(t, gerr, ErrTooLarge)
				}
				refused++
			} else {
				require.NoError(t, err, "%v / %v", a, b)
				assert.True(t, q.Mul(b).Equal(a), "(a/b)·b = a: %v / %v = %v", a, b, q)
				divided++
			}
		}
		assert.Equal(t, a.Sign()*b.Sign(), a.Mul(b).Sign(), "sign(ab) = sign(a)·sign(b): %v; %v", a, b)
		assert.Equal(t, -a.Cmp(b), b.Cmp(a), "Cmp antisymmetric")
		if a.Cmp(b) < 0 && b.Cmp(c) < 0 {
			assert.Equal(t, -1, a.Cmp(c), "Cmp transitive")
		}
		assert.GreaterOrEqual(t, a.Mul(a).Sign(), 0, "a² ≥ 0")
	}
	assert.Greater(t, divided, 10*refused, "most quotients stay within MaxSurdTerms (%d divided, %d refused)", divided, refused)
}

func TestSurdImmutable(t *testing.T) {
	a := rt(t, "2", 2).Add(sr(t, "1/3"))
	before := a.String()
	b := rt(t, "3", 3).Sub(sr(t, "2"))
	_ = a.Add(b)
	_ = a.Mul(b)
	_ = a.Neg()
	_, _ = a.Div(b)
	_, _ = a.Pow(5)
	_ = a.Sign()
	v := big.NewRat(7, 2)
	c := SurdFromRat(v)
	v.SetInt64(9)
	assert.Equal(t, before, a.String())
	assert.Equal(t, "7/2", c.String(), "SurdFromRat copies its argument")
}

func BenchmarkSurdMul(b *testing.B) {
	x := rt(b, "2", 2).Add(rt(b, "3", 3)).Add(sr(b, "1/7"))
	y := rt(b, "6", 2).Sub(rt(b, "12", 3)).Add(sr(b, "5"))
	b.ReportAllocs()
	for b.Loop() {
		_ = x.Mul(y)
	}
}

func BenchmarkSurdSign(b *testing.B) {
	s, err := rt(b, "3", 2).Sub(rt(b, "2", 2)).Pow(32)
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Sign()
	}
}

func BenchmarkSurdInv(b *testing.B) {
	s := sr(b, "1").Add(rt(b, "2", 2)).Add(rt(b, "3", 2)).Add(rt(b, "5", 3))
	b.ReportAllocs()
	for b.Loop() {
		_, _ = s.Inv()
	}
}

func TestSurdInverses(t *testing.T) {
	one := sr(t, "1")
	for _, c := range []struct {
		name string
		s    Surd
	}{
		{"1 + √2", one.Add(rt(t, "2", 2))},
		{"√2 + √3 + √5", rt(t, "2", 2).Add(rt(t, "3", 2)).Add(rt(t, "5", 2))},
		{"1 + ∛6 (p = 3 only inside a product)", one.Add(rt(t, "6", 3))},
		{"1 + ⁶√2", one.Add(rt(t, "2", 6))},
		{"1 + ∛6 + √10 + ⁶√15", one.Add(rt(t, "6", 3)).Add(rt(t, "10", 2)).Add(rt(t, "15", 6))},
		{"∛2 − ∛3 + 1/7", rt(t, "2", 3).Sub(rt(t, "3", 3)).Add(sr(t, "1/7"))},
		{"√6 − √2 − √3 (a small value)", rt(t, "6", 2).Sub(rt(t, "2", 2)).Sub(rt(t, "3", 2))},
		{"√999983 + √999979/13", rt(t, "999983", 2).Add(rt(t, "999979", 2).Mul(sr(t, "1/13")))},
	} {
		t.Run(c.name, func(t *testing.T) {
			inv, err := c.s.Inv()
			require.NoError(t, err)
			assert.True(t, inv.Mul(c.s).Equal(one), "s·(1/s) = 1: 1/(%v) = %v", c.s, inv)
			g, err := monoGroup(c.s)
			require.NoError(t, err)
			assert.LessOrEqual(t, inv.Len(), len(g), "1/s lies in the span s generates")
			assert.Equal(t, c.s.Sign(), inv.Sign())
		})
	}
}

// BenchmarkSurdInvWide inverts a divisor at MaxDivDim: six square roots of
// primes near MaxRadicandPrime with unequal coefficients.
func BenchmarkSurdInvWide(b *testing.B) {
	s := sr(b, "999961/999959")
	for _, p := range []int64{999983, 999979, 999961, 999959, 999953, 999931} {
		r, err := Root(big.NewRat(p, 7), 2)
		require.NoError(b, err)
		s = s.Add(r.Mul(SurdFromRat(big.NewRat(p-1, 13))))
	}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = s.Inv()
	}
}

// TestSurdConcurrentUse shares values between goroutines: Surds are
// immutable and the prime table is built once, so -race finds nothing.
func TestSurdConcurrentUse(t *testing.T) {
	a := rt(t, "2", 2).Add(rt(t, "3", 3)).Add(sr(t, "1/5"))
	b := rt(t, "6", 2).Sub(sr(t, "2"))
	want := a.Mul(b).String()
	errs := make(chan error, 8)
	results := make(chan string, 8)
	for i := 0; i < 8; i++ {
		go func() {
			_, err := Root(big.NewRat(int64(1000+i), 7), 3)
			if err == nil {
				_, err = a.Div(b)
			}
			_ = a.Sign()
			_ = b.Cmp(a)
			errs <- err
			results <- a.Mul(b).String()
		}()
	}
	for i := 0; i < 8; i++ {
		require.NoError(t, <-errs)
		assert.Equal(t, want, <-results)
	}
}

// floatValue evaluates s with big.Float at prec bits: a test oracle only,
// independent of Sign's integer enclosures.
func floatValue(s Surd, prec uint) *big.Float {
	sum := new(big.Float).SetPrec(prec)
	for _, t := range s.ts {
		v := new(big.Float).SetPrec(prec).SetRat(t.c)
		for _, x := range t.m {
			// p^(e/6) = (p^e)^(1/6) = cube root of the square root
			r := new(big.Float).SetPrec(prec).SetInt(new(big.Int).Exp(big.NewInt(int64(x.p)), big.NewInt(int64(x.e)), nil))
			r.Sqrt(r)
			v.Mul(v, cbrtFloat(r, prec))
		}
		sum.Add(sum, v)
	}
	return sum
}

// cbrtFloat returns y^(1/3) for y > 0 by Newton's iteration.
func cbrtFloat(y *big.Float, prec uint) *big.Float {
	f, _ := y.Float64()
	x := new(big.Float).SetPrec(prec).SetFloat64(math.Cbrt(f))
	three := new(big.Float).SetPrec(prec).SetInt64(3)
	for i := 0; i < 8; i++ { // quadratic convergence from 53 bits past 600
		x2 := new(big.Float).SetPrec(prec).Mul(x, x)
		q := new(big.Float).SetPrec(prec).Quo(y, x2)
		x.Add(new(big.Float).SetPrec(prec).Add(x, x), q)
		x.Quo(x, three)
	}
	return x
}

func TestSignAgainstFloatOracle(t *testing.T) {
	r := rand.New(rand.NewSource(21))
	const prec = 600
	margin := new(big.Float).SetMantExp(big.NewFloat(1), -400)
	checked := 0
	for i := 0; i < 200; i++ {
		a, b := randSurd(t, r), randSurd(t, r)
		d := a.Sub(b)
		v := floatValue(d, prec)
		if d.IsZero() || new(big.Float).Abs(v).Cmp(margin) < 0 {
			continue // the oracle cannot tell; Sign's exactness is tested elsewhere
		}
		checked++
		assert.Equal(t, v.Sign(), d.Sign(), "sign of %v ≈ %s", d, v.Text('g', 20))
		assert.Equal(t, v.Sign(), a.Cmp(b))
	}
	assert.Greater(t, checked, 180, "the oracle decided most cases")
}

func TestPowRat(t *testing.T) {
	for _, c := range []struct {
		x, e string
		want Surd
	}{
		{"8", "2/3", sr(t, "4")},
		{"4", "-3/2", sr(t, "1/8")},
		{"2", "1/2", rt(t, "2", 2)},
		{"-8", "1/3", sr(t, "-2")},
		{"-8", "2/3", sr(t, "4")},
		{"-2", "3", sr(t, "-8")},
		{"2", "101/2", sr(t, "1125899906842624").Mul(rt(t, "2", 2))},
		{"9/4", "-1/2", sr(t, "2/3")},
		{"27", "5/6", sr(t, "9").Mul(rt(t, "3", 2))},
		{"0", "1/2", Surd{}},
		{"0", "0", sr(t, "1")},
		{"7", "0", sr(t, "1")},
	} {
		got, err := PowRat(rat(t, c.x), rat(t, c.e))
		require.NoError(t, err, "%s^%s", c.x, c.e)
		assert.True(t, got.Equal(c.want), "%s^%s = %v, want %v", c.x, c.e, got, c.want)
	}
	for _, c := range []struct {
		x, e string
		err  error
	}{
		{"-4", "1/2", ErrNotReal}, {"2", "1/4", ErrUnsupported}, {"0", "-1", ErrDivByZero},
		{"3", "100000", ErrTooLarge}, {"3", "1/65", ErrTooLarge}, {"1000003", "1/2", ErrTooLarge},
	} {
		_, err := PowRat(rat(t, c.x), rat(t, c.e))
		assert.ErrorIs(t, err, c.err, "%s^%s", c.x, c.e)
	}
}

// TestSurdCoefficients: the coefficients of each radical of two values,
// those of the first first; equal values give equal pairs.
func TestSurdCoefficients(t *testing.T) {
	a := sr(t, "12").Add(rt(t, "108", 2)) // 12 + 6√3
	b := sr(t, "30")
	rads, ca, cb := a.Coefficients(b)
	assert.Equal(t, []string{"1", "√3"}, rads)
	assert.Equal(t, []string{"12", "6"}, []string{ca[0].RatString(), ca[1].RatString()})
	assert.Equal(t, []string{"30", "0"}, []string{cb[0].RatString(), cb[1].RatString()})

	c := rt(t, "2", 2).Add(rt(t, "3", 2)) // √2 + √3
	c2, err := c.Pow(2)
	require.NoError(t, err)
	rads, ca, cb = c2.Coefficients(sr(t, "5").Add(rt(t, "24", 2)))
	assert.Equal(t, []string{"1", "√6"}, rads)
	for i := range rads {
		assert.Zero(t, ca[i].Cmp(cb[i]), rads[i])
	}
	rads, _, _ = Surd{}.Coefficients(Surd{})
	assert.Empty(t, rads)
}
