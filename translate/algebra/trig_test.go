package algebra

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTrigPiTable(t *testing.T) {
	r2, r3, r6 := rt(t, "2", 2), rt(t, "3", 2), rt(t, "6", 2)
	half, quarter := sr(t, "1/2"), sr(t, "1/4")
	// sin(k·π/12) for k = 0..23, written out from the known values
	s := []Surd{
		{}, r6.Sub(r2).Mul(quarter), half, r2.Mul(half), r3.Mul(half), r6.Add(r2).Mul(quarter), sr(t, "1"),
	}
	for k := 7; k <= 12; k++ {
		s = append(s, s[12-k])
	}
	for k := 13; k < 24; k++ {
		s = append(s, s[k-12].Neg())
	}
	one := sr(t, "1")
	for k := 0; k < 24; k++ {
		q := big.NewRat(int64(k), 12)
		sin, err := TrigPi("sin", q)
		require.NoError(t, err)
		cos, err := TrigPi("cos", q)
		require.NoError(t, err)
		assert.True(t, sin.Equal(s[k]), "sin(%d·π/12) = %v, want %v", k, sin, s[k])
		assert.True(t, cos.Equal(s[(k+6)%24]), "cos(%d·π/12) = sin(%d·π/12 + π/2)", k, k)
		assert.True(t, sin.Mul(sin).Add(cos.Mul(cos)).Equal(one), "sin²+cos² = 1 at %d·π/12", k)
		for _, shift := range []int64{-24, 24, 48} { // period 2π, also for negative q
			sin2, err := TrigPi("sin", new(big.Rat).Add(q, big.NewRat(shift, 12)))
			require.NoError(t, err)
			assert.True(t, sin2.Equal(sin), "period")
		}
		tan, terr := TrigPi("tan", q)
		cot, cerr := TrigPi("cot", q)
		sec, secErr := TrigPi("sec", q)
		csc, cscErr := TrigPi("csc", q)
		if cos.IsZero() {
			assert.ErrorIs(t, terr, ErrUndefined, "tan(%d·π/12)", k)
			assert.ErrorIs(t, secErr, ErrUndefined)
		} else {
			require.NoError(t, terr)
			require.NoError(t, secErr)
			assert.True(t, tan.Mul(cos).Equal(sin), "tan·cos = sin at %d·π/12", k)
			assert.True(t, sec.Mul(cos).Equal(one), "sec·cos = 1")
			assert.True(t, one.Add(tan.Mul(tan)).Equal(sec.Mul(sec)), "1 + tan² = sec²")
		}
		if sin.IsZero() {
			assert.ErrorIs(t, cerr, ErrUndefined, "cot(%d·π/12)", k)
			assert.ErrorIs(t, cscErr, ErrUndefined)
		} else {
			require.NoError(t, cerr)
			require.NoError(t, cscErr)
			assert.True(t, cot.Mul(sin).Equal(cos), "cot·sin = cos")
			assert.True(t, csc.Mul(sin).Equal(one), "csc·sin = 1")
		}
	}
}

func TestTrigPiValues(t *testing.T) {
	for _, c := range []struct {
		fn, q string
		want  Surd
		str   string
	}{
		{"sin", "1/6", sr(t, "1/2"), "1/2"},
		{"cos", "1/4", rt(t, "1/2", 2), "√2/2"},
		{"tan", "1/3", rt(t, "3", 2), "√3"},
		{"tan", "1/12", sr(t, "2").Sub(rt(t, "3", 2)), "2 - √3"},
		{"tan", "5/12", sr(t, "2").Add(rt(t, "3", 2)), "2 + √3"},
		{"cos", "1/12", rt(t, "2", 2).Add(rt(t, "6", 2)).Mul(sr(t, "1/4")), "√2/4 + √6/4"},
		{"sin", "-1/2", sr(t, "-1"), "-1"},
		{"cos", "7", sr(t, "-1"), "-1"},
		{"sec", "1/3", sr(t, "2"), "2"},
		{"csc", "1/4", rt(t, "2", 2), "√2"},
		{"cot", "1/6", rt(t, "3", 2), "√3"},
		{"tan", "1/8", rt(t, "2", 2).Sub(sr(t, "1")), "-1 + √2"},
		{"tan", "3/8", rt(t, "2", 2).Add(sr(t, "1")), "1 + √2"},
		{"cot", "1/8", rt(t, "2", 2).Add(sr(t, "1")), "1 + √2"},
		{"tan", "1/24", rt(t, "6", 2).Sub(rt(t, "3", 2)).Add(rt(t, "2", 2)).Sub(sr(t, "2")), "-2 + √2 - √3 + √6"},
		{"tan", "-1/8", sr(t, "1").Sub(rt(t, "2", 2)), "1 - √2"},
		{"sin", "1/180", Surd{}, ""}, // 1°: outside the field
	} {
		got, err := TrigPi(c.fn, rat(t, c.q))
		if c.str == "" {
			assert.ErrorIs(t, err, ErrUnsupported, "%s(%s·π)", c.fn, c.q)
			continue
		}
		require.NoError(t, err, "%s(%s·π)", c.fn, c.q)
		assert.True(t, got.Equal(c.want), "%s(%s·π) = %v, want %v", c.fn, c.q, got, c.want)
		assert.Equal(t, c.str, got.String())
	}
}

// TestTrigPiHalfAngles checks tan at odd multiples of π/24 against the
// double-angle formula tan 2x = 2 tan x / (1 − tan² x), and cot = 1/tan.
func TestTrigPiHalfAngles(t *testing.T) {
	one, two := sr(t, "1"), sr(t, "2")
	for j := int64(1); j < 48; j += 2 {
		q := big.NewRat(j, 24)
		tan, err := TrigPi("tan", q)
		require.NoError(t, err)
		cot, err := TrigPi("cot", q)
		require.NoError(t, err)
		assert.True(t, tan.Mul(cot).Equal(one), "tan·cot = 1 at %d·π/24", j)
		lhs := one.Sub(tan.Mul(tan)) // 1 − tan² x, never 0 at an odd multiple of π/24
		t2, err := TrigPi("tan", big.NewRat(j, 12))
		if err != nil {
			assert.ErrorIs(t, err, ErrUndefined)
			assert.True(t, lhs.IsZero(), "tan 2x undefined ⇔ tan² x = 1 at %d·π/24", j)
			continue
		}
		assert.True(t, t2.Mul(lhs).Equal(two.Mul(tan)), "tan 2x (1 − tan² x) = 2 tan x at %d·π/24", j)
		for _, fn := range []string{"sin", "cos", "sec", "csc"} {
			_, err := TrigPi(fn, q)
			assert.ErrorIs(t, err, ErrUnsupported, "%s(%d·π/24) is not in Q(√2, √3)", fn, j)
		}
	}
}

func TestTrigPiErrors(t *testing.T) {
	for _, c := range []struct {
		fn, q string
		err   error
	}{
		{"tan", "1/2", ErrUndefined}, {"tan", "-3/2", ErrUndefined}, {"sec", "1/2", ErrUndefined},
		{"cot", "0", ErrUndefined}, {"csc", "1", ErrUndefined}, {"cot", "-2", ErrUndefined},
		{"sin", "1/5", ErrUnsupported}, {"cos", "1/7", ErrUnsupported}, {"tan", "1/48", ErrUnsupported},
		{"log", "1/2", ErrUnsupported}, {"Sin", "0", ErrUnsupported}, {"", "0", ErrUnsupported},
	} {
		_, err := TrigPi(c.fn, rat(t, c.q))
		assert.ErrorIs(t, err, c.err, "%s(%s·π)", c.fn, c.q)
	}
}
