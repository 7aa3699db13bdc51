package algebra

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ratOpsValues are operands for the integer shortcuts: integers made in the ways the
// shortcuts meet them (denominator stored as 1, or left at its zero value), fractions, zero,
// signs and a number past int64.
func ratOpsValues() []*big.Rat {
	huge, _ := new(big.Rat).SetString("123456789012345678901234567890")
	zeroDen := new(big.Rat)
	zeroDen.Num().SetInt64(-7)
	return []*big.Rat{
		big.NewRat(0, 1), big.NewRat(1, 1), big.NewRat(-3, 1), big.NewRat(12, 1),
		big.NewRat(1, 2), big.NewRat(-5, 6), big.NewRat(4, 6), huge, zeroDen, new(big.Rat),
	}
}

// The shortcuts give big.Rat's own values, never change an argument, and return a number
// of their own.
func TestRatOpsAgreeWithBigRat(t *testing.T) {
	vals := ratOpsValues()
	ops := []struct {
		name string
		fast func(x, y *big.Rat) *big.Rat
		slow func(z, x, y *big.Rat) *big.Rat
	}{
		{"mul", MulQ, (*big.Rat).Mul}, {"add", AddQ, (*big.Rat).Add}, {"sub", SubQ, (*big.Rat).Sub},
	}
	for _, x := range vals {
		for _, y := range vals {
			xs, ys := x.String(), y.String()
			for _, op := range ops {
				want := op.slow(new(big.Rat), x, y)
				got := op.fast(x, y)
				assert.Equal(t, want.String(), got.String(), "%s %s %s", op.name, xs, ys)
				assert.Zero(t, want.Cmp(got), "%s %s %s", op.name, xs, ys)
				assert.True(t, got != x && got != y)
				got.Num().SetInt64(99)
			}
			assert.Equal(t, x.Cmp(y), CmpQ(x, y), "cmp %s %s", xs, ys)
			z := copyQ(x)
			addToQ(z, y)
			assert.Equal(t, new(big.Rat).Add(x, y).String(), z.String(), "addTo %s %s", xs, ys)
			assert.Equal(t, xs, x.String(), "an argument changed")
			assert.Equal(t, ys, y.String(), "an argument changed")
		}
	}
}

func TestParseQAgreesWithSetString(t *testing.T) {
	for _, s := range []string{
		"0", "00", "007", "12", "999999999999999999", "9223372036854775807", "99999999999999999999",
		"-4", "+4", "1.5", "1/2", "1e3", "0x10", "", "1_000", "٣", "12a", " 1",
	} {
		want, wantOK := new(big.Rat).SetString(s)
		got, ok := ParseQ(s)
		require.Equal(t, wantOK, ok, "%q", s)
		if ok {
			assert.Equal(t, want.String(), got.String(), "%q", s)
		}
	}
}

func FuzzParseQ(f *testing.F) {
	for _, s := range []string{"0", "0012", "123456789012345678", "1234567890123456789", "1.25", "-3/4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, wantOK := new(big.Rat).SetString(s)
		got, ok := ParseQ(s)
		if ok != wantOK || (ok && want.Cmp(got) != 0) {
			t.Fatalf("ParseQ(%q) = %v %v, SetString %v %v", s, got, ok, want, wantOK)
		}
	})
}

// Sums and products share their operands' coefficients (normalize no longer copies them):
// no operation may change an operand through a shared coefficient.
func TestPolyOperationsLeaveOperandsAlone(t *testing.T) {
	x, y := Var("x"), Var("y")
	p := x.Add(Int(2)).Add(Const(big.NewRat(1, 3)).Mul(y))
	q := Int(5).Sub(x)
	ps, qs := p.String(), q.String()
	sum := p.Add(p).Add(q).Add(p)
	prod := p.Mul(q).Mul(p)
	sq, err := p.Pow(2)
	require.NoError(t, err)
	neg := p.Neg().Add(p)
	assert.True(t, neg.IsZero())
	assert.Equal(t, ps, p.String())
	assert.Equal(t, qs, q.String())
	assert.Equal(t, "2*x + y + 11", sum.String())
	assert.True(t, prod.Equal(p.Mul(p).Mul(q)))
	assert.True(t, sq.Equal(p.Mul(p)))
	assert.Equal(t, ps, p.String())
}
