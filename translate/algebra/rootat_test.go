package algebra

import (
	"math/big"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestRationalRootsAreTheZeros holds RationalRoots to the polynomial's
// value: every root it returns is a zero, and a product of known linear
// factors yields each of them once.
func TestRationalRootsAreTheZeros(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	x := Var("x")
	for n := 0; n < 300; n++ {
		p := Const(big.NewRat(int64(rng.Intn(5)+1), 1))
		want := map[string]bool{}
		for k := rng.Intn(4) + 1; k > 0; k-- {
			r := big.NewRat(int64(rng.Intn(13)-6), int64(rng.Intn(4)+1))
			want[r.RatString()] = true
			// (b·x − a) for r = a/b
			p = p.Mul(x.Mul(Const(new(big.Rat).SetInt(r.Denom()))).Add(Const(new(big.Rat).Neg(new(big.Rat).SetInt(r.Num())))))
		}
		roots, err := RationalRoots(p, "x", 4096)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		got := map[string]bool{}
		for _, r := range roots {
			if got[r.RatString()] {
				t.Errorf("%v: root %s twice", p, r.RatString())
			}
			got[r.RatString()] = true
			if v, err := p.Eval(map[string]*big.Rat{"x": r}); err != nil || v.Sign() != 0 {
				t.Errorf("%v at %s = %v, %v", p, r.RatString(), v, err)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%v: roots %v, want %v", p, got, want)
		}
	}
}

// TestDigitsInt64IsParseInt holds digitsInt64 to strconv on strings of up
// to 18 digits and on others.
func TestDigitsInt64IsParseInt(t *testing.T) {
	for _, s := range []string{"", "0", "7", "000123", "999999999999999999", "1000000000000000000", "12a", "-3", "+3", " 3", "3.5"} {
		n, ok := digitsInt64(s)
		want, err := strconv.ParseInt(s, 10, 64)
		wantOK := err == nil && len(s) <= 18 && !strings.ContainsAny(s, "+-")
		if ok != wantOK || ok && n != want {
			t.Errorf("digitsInt64(%q) = %d, %v; want %d, %v", s, n, ok, want, wantOK)
		}
	}
}
