package symexpr

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBigOpWrittenOut: a sum or product with whole-number bounds is
// written out term by term and has the value of its terms; an index bound
// in the chain is the sum's own; a narrow summand that + or - follows has
// a second, wide reading; what cannot be written out is refused.
func TestBigOpWrittenOut(t *testing.T) {
	n7 := map[string]*Def{"n": {Body: RatExpr(big.NewRat(7, 1))}}
	for _, tt := range []struct {
		in, value, wide string
		defs            map[string]*Def
	}{
		{in: `\sum_{k=1}^{10} k^2`, value: "385"},
		{in: `\sum_{j=0}^{4} (2j+1)`, value: "25"},
		{in: `\prod_{m=2}^{5} \frac{m}{m-1}`, value: "5"},
		{in: `\sum_{i=1}^9 \frac{1}{i(i+1)}`, value: "9/10"},
		{in: `3\sum\limits_{r = -2}^{ 2 } r^3`, value: "0"},
		{in: `\sum_{n=1}^{3} n^2`, value: "14", defs: n7},
		{in: `\sum_{k=1}^{3} k + 1`, value: "7", wide: "9"},
		{in: `\sum_{k=1}^{4} k^2 - 1^2 + 4^2`, value: "45", wide: "90"},
		{in: `(\sum_{k=1}^{3} k) + 1`, value: "7"},
	} {
		e, wide, _, err := ReadMember(tt.in, tt.defs, Mode{})
		require.NoError(t, err, tt.in)
		v, err := Eval(e, nil)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.value, v.RatString(), tt.in)
		if tt.wide == "" {
			assert.Nil(t, wide, tt.in)
			continue
		}
		require.NotNil(t, wide, tt.in)
		w, err := Eval(wide, nil)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.wide, w.RatString(), tt.in)
	}
	for _, in := range []string{
		`\sum_{k=1}^{n} k`,                 // a bound with a name
		`\sum_{k=1}^\infty \frac{1}{k^2}`,  // infinite
		`\sum_{i=1}^{50} x_{2i-1}`,         // the index in a subscript
		`\sum_{k=1}^{5000} k`,              // too many terms to write out
		`\sum_{i=1}^{3} \sum_{j=1}^{3} ij`, // a sum inside a sum
		`\sum_{k=5}^{1} k`,                 // an empty range
		`\sum_{k \ne 2} k`,
		strings.Repeat(`\sum_{k=1}^{300} k + `, 30) + "1", // the sums of a member together stay bounded
	} {
		_, _, _, err := ReadMember(in, nil, Mode{})
		assert.Error(t, err, in)
	}
	any, ok := BigOpsNumeric(`a \sum_{k=1}^{9} k = 45 \prod_{j=1}^3 j`)
	assert.True(t, any && ok)
	any, ok = BigOpsNumeric(`\sum_{k=1}^{n} k`)
	assert.True(t, any && !ok)
	any, ok = BigOpsNumeric(`1 + 2 = 3`)
	assert.True(t, !any && ok)
}

// TestPiAsAName: \pi outside a trigonometric function is the name π only
// when the caller asks for it; inside one it stays part of the angle.
func TestPiAsAName(t *testing.T) {
	_, err := Read(`\frac{\pi}{4}`)
	assert.Error(t, err)
	e, _, _, err := ReadMember(`\frac{\pi^2}{16} + \sin\frac{\pi}{6}`, nil, Mode{Pi: true})
	require.NoError(t, err)
	assert.Equal(t, []string{"π"}, Vars(e, map[string]bool{}, nil))
}

// FuzzReadMember: the reader of sums and π never panics, and what it
// writes out stays within its bounds, on any input.
func FuzzReadMember(f *testing.F) {
	for _, s := range []string{`\sum_{k=1}^{10} k^2 - 1 + 4`, `\prod_{j=0}^{400} (j+1)`, `\sum_{n=1}^{99} (n+1)^{3}`,
		`\frac{\pi^2}{16} + \left(\frac{\pi}{4}\right)^2`, `\sum_{i=-3}^{3} i\pi`, `\sum_{k=1}^{9}`, `\sum_{`, "\xff\\sum_{k=1}^{2}k"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, pi bool) {
		if len(s) > 2000 {
			return
		}
		tm := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("slow input %q %v", s, pi)) })
		defer tm.Stop()
		e, wide, _, err := ReadMember(s, nil, Mode{Pi: pi, TrigNames: pi, ExpNames: pi})
		if err != nil {
			return
		}
		for _, x := range []*Expr{e, wide} {
			if n := countNodes(x); n > 4*bigOpMaxNodes+symMaxNodes*8 {
				t.Fatalf("%q: %d nodes", s, n)
			}
		}
		if HasTrigOfName(e) {
			if !pi {
				t.Fatalf("%q: a trigonometric function of a name read without being asked", s)
			}
			_, _ = TrigIdentity(e, RatExpr(big.NewRat(1, 1)))
		}
		if HasExpOfName(e) {
			if !pi {
				t.Fatalf("%q: a power of a name read without being asked", s)
			}
			_, _ = ExpIdentity(e, RatExpr(big.NewRat(1, 1)))
		}
		if !pi && slices.Contains(Vars(e, map[string]bool{}, nil), "π") && !strings.Contains(s, `\circ`) {
			t.Fatalf("%q: π read as a name without being asked", s)
		}
	})
}

// TestTrigIdentity: equations between trigonometric functions of a name
// are decided as identities after the tangent half-angle substitution:
// the usual identities hold (double angles, half angles sharing the
// smaller step, quarter and half turns, secant and cosecant), near misses
// do not, and a difference that is a constant is reported as one; an
// argument that is no a·x + b·π (b a multiple of 1/2) is refused, and no
// evaluator gives one a value.
func TestTrigIdentity(t *testing.T) {
	for _, tt := range []struct {
		a, b  string
		holds bool
	}{
		{`\sin 2x`, `2\sin x \cos x`, true},
		{`\cos 2x`, `\cos^2 x - \sin^2 x`, true},
		{`\sin x`, `2\sin\frac{x}{2}\cos\frac{x}{2}`, true},
		{`\cos(\pi - x)`, `-\cos x`, true},
		{`\sin\left(x + \frac{\pi}{2}\right)`, `\cos x`, true},
		{`\sec^2 x - \tan^2 x`, `1`, true},
		{`\csc x`, `\frac{1}{\sin x}`, true},
		{`\tan x`, `\frac{\sin x}{\cos x}`, true},
		{`\sin^6 x + \cos^6 x`, `1 - 3\sin^2 x\cos^2 x`, true},
		{`\sin 3x`, `3\sin x - 4\sin^3 x`, true},
		{`\sin 2x`, `2\sin x`, false},
		{`\cos(\pi - x)`, `\cos x`, false},
		{`\sin 3x`, `3\sin x - 3\sin^3 x`, false},
	} {
		a, _, _, err := ReadMember(tt.a, nil, Mode{TrigNames: true, Pi: true})
		require.NoError(t, err, tt.a)
		b, _, _, err := ReadMember(tt.b, nil, Mode{TrigNames: true, Pi: true})
		require.NoError(t, err, tt.b)
		c, err := TrigIdentity(a, b)
		require.NoError(t, err, tt.a)
		assert.Equal(t, tt.holds, c.Holds, "%s = %s", tt.a, tt.b)
		assert.Contains(t, c.Note, "tan(")
	}
	a, _, _, err := ReadMember(`\sin^2 x + \cos^2 x`, nil, Mode{TrigNames: true})
	require.NoError(t, err)
	c, err := TrigIdentity(a, RatExpr(big.NewRat(2, 1)))
	require.NoError(t, err)
	assert.False(t, c.Holds)
	assert.True(t, c.Diff.Equal(algebra.FromPoly(algebra.Int(-1))), "%v", c.Diff)
	for _, in := range []string{`\sin(x + 1)`, `\sin(x y)`, `\sin(x^2)`, `\cos(x + \frac{\pi}{3})`, `\sin x`} {
		_, _, _, err := ReadMember(in, nil, Mode{TrigNames: in != `\sin x`})
		assert.Error(t, err, in)
	}
	_, err = Eval(&Expr{Op: 'W', Name: "sin", L: &Expr{Op: 'v', Name: "x"}}, map[string]*big.Rat{"x": big.NewRat(1, 1)})
	assert.ErrorIs(t, err, errTrigOfName)
}

// TestExpIdentity: powers with a name in the exponent are written as
// powers of primes, each p^{M} a quantity of its own: the usual rules of
// exponents hold, near misses do not, towers are their own quantities,
// and a base that is no positive rational or a fractional power of one
// quantity is refused.
func TestExpIdentity(t *testing.T) {
	for _, tt := range []struct {
		a, b  string
		holds bool
	}{
		{`4^{n}`, `2^{2n}`, true},
		{`6^{x}`, `2^{x} \cdot 3^{x}`, true},
		{`\left(\frac{1}{4}\right)^{3^n}`, `\left(\frac{1}{2}\right)^{2 \cdot 3^n}`, true},
		{`2^{n+1} + 2^{n+1}`, `2^{n+2}`, true},
		{`\frac{2^{2^n}}{2^{2^{n+1}} - 1}`, `\frac{2^{2^n}}{(2^{2^n} - 1)(2^{2^n} + 1)}`, true},
		{`2^{n+1} + 2^{n+1}`, `2^{n+3}`, false},
		{`2 \cdot 3^{n}`, `2^{n+1}`, false},
		{`n \cdot 2^{n}`, `2^{n}`, false},
	} {
		a, _, _, err := ReadMember(tt.a, nil, Mode{ExpNames: true})
		require.NoError(t, err, tt.a)
		b, _, _, err := ReadMember(tt.b, nil, Mode{ExpNames: true})
		require.NoError(t, err, tt.b)
		c, err := ExpIdentity(a, b)
		require.NoError(t, err, tt.a)
		assert.Equal(t, tt.holds, c.Holds, "%s = %s", tt.a, tt.b)
	}
	for _, in := range []string{`x^{n}`, `(-2)^{n}`, `3^{n/2}`, `2^{n}`} {
		e, _, _, err := ReadMember(in, nil, Mode{ExpNames: in != `2^{n}`})
		if err == nil && in != `2^{n}` {
			_, err = ExpIdentity(e, RatExpr(big.NewRat(1, 1)))
		}
		assert.Error(t, err, in)
	}
}
