package algebra

import (
	"math/big"
	"math/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func bi(n int64) *big.Int { return big.NewInt(n) }

func TestFactorial(t *testing.T) {
	want := big.NewInt(1)
	for n := int64(0); n <= 30; n++ {
		if n > 0 {
			want.Mul(want, bi(n))
		}
		got, err := Factorial(bi(n))
		require.NoError(t, err)
		assert.Equal(t, want.String(), got.String(), "%d!", n)
	}
	f, err := Factorial(bi(MaxFactorial))
	require.NoError(t, err)
	g, err := Factorial(bi(MaxFactorial - 1))
	require.NoError(t, err)
	assert.Equal(t, f.String(), new(big.Int).Mul(g, bi(MaxFactorial)).String(), "n! = n·(n−1)!")
	_, err = Factorial(bi(MaxFactorial + 1))
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = Factorial(new(big.Int).Lsh(bi(1), 200))
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = Factorial(bi(-1))
	assert.ErrorIs(t, err, ErrUndefined)
}

func TestBinomialPascal(t *testing.T) {
	row := []*big.Int{bi(1)}
	for n := int64(0); n <= 60; n++ {
		for k := int64(-1); k <= n+1; k++ {
			got, err := Binomial(bi(n), bi(k))
			require.NoError(t, err)
			want := bi(0)
			if k >= 0 && k <= n {
				want = row[k]
			}
			assert.Equal(t, want.String(), got.String(), "C(%d, %d)", n, k)
		}
		next := make([]*big.Int, n+2)
		next[0], next[n+1] = bi(1), bi(1)
		for k := int64(1); k <= n; k++ {
			next[k] = new(big.Int).Add(row[k-1], row[k])
		}
		row = next
	}
	c, err := Binomial(bi(1_000_000_000_000), bi(2))
	require.NoError(t, err)
	assert.Equal(t, "499999999999500000000000", c.String())
	c, err = Binomial(bi(5000), bi(4999))
	require.NoError(t, err)
	assert.Equal(t, "5000", c.String(), "uses min(k, n−k)")
	_, err = Binomial(bi(100000), bi(50000))
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = Binomial(new(big.Int).Lsh(bi(1), 70), bi(3))
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = Binomial(bi(-3), bi(2))
	assert.ErrorIs(t, err, ErrUnsupported)
}

func TestGCDLCM(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for i := 0; i < 500; i++ {
		a, b := bi(r.Int63n(20001)-10000), bi(r.Int63n(20001)-10000)
		g, l := GCD(a, b), LCM(a, b)
		assert.GreaterOrEqual(t, g.Sign(), 0)
		assert.GreaterOrEqual(t, l.Sign(), 0)
		prod := new(big.Int).Abs(new(big.Int).Mul(a, b))
		assert.Equal(t, prod.String(), new(big.Int).Mul(g, l).String(), "gcd·lcm = |ab| for %v, %v", a, b)
		if g.Sign() != 0 {
			assert.Zero(t, new(big.Int).Rem(a, g).Sign(), "g | a")
			assert.Zero(t, new(big.Int).Rem(b, g).Sign(), "g | b")
			// no larger common divisor: the cofactors are coprime
			ca, cb := new(big.Int).Quo(a, g), new(big.Int).Quo(b, g)
			assert.Equal(t, "1", GCD(ca, cb).String())
		}
	}
	assert.Equal(t, "6", GCD(bi(12), bi(-18), bi(30)).String())
	assert.Equal(t, "180", LCM(bi(12), bi(-18), bi(30), bi(4)).String())
	assert.Equal(t, "0", GCD().String())
	assert.Equal(t, "0", GCD(bi(0), bi(0)).String())
	assert.Equal(t, "7", GCD(bi(0), bi(-7)).String())
	assert.Equal(t, "1", LCM().String())
	assert.Equal(t, "0", LCM(bi(3), bi(0)).String())
}

func TestMod(t *testing.T) {
	for _, c := range []struct{ a, m, want int64 }{
		{327, 17, 4}, {-7, 3, 2}, {7, -3, 1}, {-7, -3, 2}, {0, 5, 0}, {17, 17, 0}, {-1, 1000, 999},
	} {
		r, err := Mod(bi(c.a), bi(c.m))
		require.NoError(t, err)
		assert.Equal(t, c.want, r.Int64(), "%d mod %d", c.a, c.m)
		// against the definition: 0 ≤ r < |m| and m | a − r
		assert.GreaterOrEqual(t, r.Sign(), 0)
		assert.Equal(t, -1, r.CmpAbs(bi(c.m)))
		assert.Zero(t, new(big.Int).Rem(new(big.Int).Sub(bi(c.a), r), bi(c.m)).Sign())
	}
	_, err := Mod(bi(3), bi(0))
	assert.ErrorIs(t, err, ErrUndefined)
}

// ratPow returns b^e for a rational e = s/t, when it is rational, by
// exact roots: the round trip IntLog's answers must pass.
func ratPow(t *testing.T, b, e *big.Rat) *big.Rat {
	t.Helper()
	s, d := e.Num().Int64(), e.Denom().Uint64()
	num, ok1 := exactRoot(b.Num(), uint(d))
	den, ok2 := exactRoot(b.Denom(), uint(d))
	require.True(t, ok1 && ok2, "%v^(1/%d) is rational", b, d)
	root := new(big.Rat).SetFrac(num, den)
	if s < 0 {
		root.Inv(root)
		s = -s
	}
	out := big.NewRat(1, 1)
	for ; s > 0; s-- {
		out.Mul(out, root)
	}
	return out
}

func TestIntLog(t *testing.T) {
	for _, c := range []struct {
		b, x, want string
	}{
		{"2", "8", "3"}, {"4", "8", "3/2"}, {"8", "4", "2/3"}, {"1/2", "4", "-2"},
		{"10", "1000", "3"}, {"10", "1/100", "-2"}, {"9", "1/27", "-3/2"}, {"2/3", "9/4", "-2"},
		{"3", "1", "0"}, {"16", "2", "1/4"}, {"64", "32", "5/6"}, {"1/8", "1/2", "1/3"},
		{"5", "5", "1"}, {"1024", "1/1024", "-1"},
	} {
		b, x := rat(t, c.b), rat(t, c.x)
		got, ok := IntLog(b, x)
		require.True(t, ok, "log_%s %s", c.b, c.x)
		assert.Equal(t, c.want, got.RatString(), "log_%s %s", c.b, c.x)
		assert.Equal(t, 0, ratPow(t, b, got).Cmp(x), "round trip: %s^%s = %s", c.b, got.RatString(), c.x)
	}
	for _, c := range [][2]string{
		{"5", "49"}, {"2", "3"}, {"6", "4"}, {"4", "6"}, {"2", "0"}, {"2", "-8"}, {"0", "4"},
		{"-2", "4"}, {"1", "1"}, {"1", "5"}, {"12", "18"}, {"2/3", "4/3"},
	} {
		_, ok := IntLog(rat(t, c[0]), rat(t, c[1]))
		assert.False(t, ok, "log_%s %s has no exact rational value", c[0], c[1])
	}
	// round trips on random powers: b = c^k, x = c^j
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 200; i++ {
		c := big.NewRat(int64(r.Intn(20)+2), int64(r.Intn(5)+1))
		if c.Cmp(big.NewRat(1, 1)) == 0 {
			continue
		}
		k, j := r.Intn(6)+1, r.Intn(13)-6
		b, x := ratPowInt(c, k), ratPowInt(c, j)
		got, ok := IntLog(b, x)
		require.True(t, ok, "log_%v %v", b, x)
		assert.Equal(t, 0, ratPow(t, b, got).Cmp(x), "round trip log_%v %v = %v", b, x, got)
	}
	huge := new(big.Rat).SetInt(new(big.Int).Lsh(bi(1), MaxLogBits+1))
	done := make(chan bool, 1)
	go func() { _, ok := IntLog(big.NewRat(2, 1), huge); done <- ok }()
	select {
	case ok := <-done:
		assert.False(t, ok, "past MaxLogBits: no answer")
	case <-time.After(20 * time.Second):
		t.Fatal("IntLog does not stop at MaxLogBits")
	}
}

func ratPowInt(c *big.Rat, n int) *big.Rat {
	out := big.NewRat(1, 1)
	for i := 0; i < n; i++ {
		out.Mul(out, c)
	}
	for i := 0; i > n; i-- {
		out.Quo(out, c)
	}
	return out
}

func TestIRoot(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	for i := 0; i < 300; i++ {
		x := new(big.Int).Rand(r, new(big.Int).Lsh(bi(1), uint(r.Intn(300)+1)))
		n := uint(r.Intn(8) + 1)
		f := iroot(x, n)
		lo := new(big.Int).Exp(f, bi(int64(n)), nil)
		hi := new(big.Int).Exp(new(big.Int).Add(f, bi(1)), bi(int64(n)), nil)
		assert.True(t, lo.Cmp(x) <= 0 && hi.Cmp(x) > 0, "⌊%v^(1/%d)⌋ = %v", x, n, f)
	}
}

func TestFactorSmall(t *testing.T) {
	n := new(big.Int).Mul(bi(2*2*2*3*999983), new(big.Int).Lsh(bi(1), 100))
	pps, rest := factorSmall(n)
	assert.Equal(t, []primePower{{2, 103}, {3, 1}, {999983, 1}}, pps)
	assert.Equal(t, "1", rest.String())
	m61 := new(big.Int).Sub(new(big.Int).Lsh(bi(1), 61), bi(1))
	pps, rest = factorSmall(new(big.Int).Mul(m61, bi(10)))
	assert.Equal(t, []primePower{{2, 1}, {5, 1}}, pps)
	assert.Equal(t, m61.String(), rest.String(), "a prime past the bound is left over")
}

func TestCmpLog(t *testing.T) {
	for _, c := range []struct {
		b, x, r string
		want    int
	}{
		{"5", "49", "2.64", -1}, // math-326: log_5 49 = 2.41812…
		{"5", "49", "2.418", 1},
		{"5", "49", "2.4182", -1},
		{"5", "49", "2.41812", 1},
		{"5", "49", "2.41813", -1},
		{"2", "10", "3.32192", 1},
		{"2", "10", "3.32193", -1},
		{"1/2", "3", "-1.58496", -1}, // log_{1/2} 3 = −1.5849625…
		{"1/2", "3", "-1.58497", 1},
		{"3", "100", "4.19181", -1},
		{"3", "100", "4.19180", 1},
		{"4", "8", "3/2", 0},
		{"4", "8", "1.4999", 1},
		{"1/2", "4", "-2", 0},
		{"7", "1", "0", 0},
		{"7", "1", "-1/1000", 1},
	} {
		b, x, r := rat(t, c.b), rat(t, c.x), rat(t, c.r)
		got, err := CmpLog(b, x, r)
		require.NoError(t, err)
		assert.Equal(t, c.want, got, "log_%s %s vs %s", c.b, c.x, c.r)
		// log_{1/b} x = −log_b x and log_b (1/x) = −log_b x
		neg := new(big.Rat).Neg(r)
		g1, err := CmpLog(new(big.Rat).Inv(b), x, neg)
		require.NoError(t, err)
		assert.Equal(t, -c.want, g1, "base 1/%s", c.b)
		g2, err := CmpLog(b, new(big.Rat).Inv(x), neg)
		require.NoError(t, err)
		assert.Equal(t, -c.want, g2, "argument 1/%s", c.x)
	}
	// agrees with IntLog where the log is rational
	r := rand.New(rand.NewSource(11))
	eps := big.NewRat(1, 1000)
	for i := 0; i < 100; i++ {
		c := big.NewRat(int64(r.Intn(9)+2), int64(r.Intn(3)+1))
		if c.Cmp(big.NewRat(1, 1)) == 0 {
			continue
		}
		b, x := ratPowInt(c, r.Intn(4)+1), ratPowInt(c, r.Intn(9)-4)
		v, ok := IntLog(b, x)
		require.True(t, ok)
		for d, want := range map[int]int{-1: 1, 0: 0, 1: -1} {
			q := new(big.Rat).Add(v, new(big.Rat).Mul(eps, big.NewRat(int64(d), 1)))
			got, err := CmpLog(b, x, q)
			require.NoError(t, err)
			assert.Equal(t, want, got, "log_%v %v = %v vs %v", b, x, v, q)
		}
	}
	for _, c := range [][2]string{{"1", "5"}, {"0", "5"}, {"-2", "4"}, {"2", "0"}, {"2", "-4"}} {
		_, err := CmpLog(rat(t, c[0]), rat(t, c[1]), big.NewRat(1, 1))
		assert.ErrorIs(t, err, ErrUndefined, "log_%s %s", c[0], c[1])
	}
	_, err := CmpLog(big.NewRat(3, 1), big.NewRat(7, 1), rat(t, "1/1000000000000"))
	assert.ErrorIs(t, err, ErrTooLarge, "x^(10^12) is refused, not computed")
}

// TestLeastFactor: the least factor of a composite within the bound, none
// for a prime, beyond the bound or past int64.
func TestLeastFactor(t *testing.T) {
	for _, c := range []struct {
		n     string
		limit int64
		want  string
	}{{"91", 100, "7"}, {"97", 100, ""}, {"1", 100, ""}, {"1000036000099", 1 << 20, "1000003"},
		{"1000036000099", 1000, ""}, {"2305843009213693951", 1 << 20, ""}, {"36893488147419103232", 1 << 20, ""}} {
		n, _ := new(big.Int).SetString(c.n, 10)
		got := LeastFactor(n, c.limit)
		if c.want == "" {
			assert.Nil(t, got, c.n)
		} else if assert.NotNil(t, got, c.n) {
			assert.Equal(t, c.want, got.String(), c.n)
		}
	}
}
