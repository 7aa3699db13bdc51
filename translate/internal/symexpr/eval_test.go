package symexpr

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOneEvaluatorThreeNumberSystems: the one tree walk (evalTree) gives the same value in
// each number system where the expression has one — rationals at a point (Eval), Q(radicals)
// (EvalSurd) and rational functions evaluated at the point (ToRat) — and each table refuses
// what it cannot hold, with the reason it always gave.
func TestOneEvaluatorThreeNumberSystems(t *testing.T) {
	at := map[string]*big.Rat{"x": big.NewRat(3, 2)}
	tests := []struct {
		expr string
		want string // the value at x = 3/2
	}{
		{`(\frac{1}{2} + \frac{1}{3})^2`, "25/36"},
		{`2^{-3} - 5!`, "-959/8"},
		{`\frac{x^2 - 1}{x + 1}`, "1/2"},
		{`-x^{-2} \cdot 9`, "-4"},
	}
	for _, tt := range tests {
		e, err := Read(tt.expr)
		require.NoError(t, err, tt.expr)
		v, err := Eval(e, at)
		require.NoError(t, err, tt.expr)
		assert.Equal(t, tt.want, v.RatString(), "Eval(%s)", tt.expr)
		r, err := ToRat(e)
		require.NoError(t, err, tt.expr)
		n, err := r.Num().Eval(at)
		require.NoError(t, err)
		d, err := r.Den().Eval(at)
		require.NoError(t, err)
		assert.Equal(t, tt.want, new(big.Rat).Quo(n, d).RatString(), "ToRat(%s) at x", tt.expr)
		if len(Vars(e, map[string]bool{}, nil)) == 0 {
			s, err := EvalSurd(e)
			require.NoError(t, err, tt.expr)
			q, ok := s.Rat()
			require.True(t, ok, tt.expr)
			assert.Equal(t, tt.want, q.RatString(), "EvalSurd(%s)", tt.expr)
		}
	}

	root, err := Read(`\sqrt{8}`)
	require.NoError(t, err)
	s, err := EvalSurd(root)
	require.NoError(t, err)
	_, rational := s.Rat()
	assert.False(t, rational, "√8 is irrational in Q(radicals)")
	_, err = ToRat(root)
	assert.EqualError(t, err, "a radical", "a rational function has no radicals")
	_, err = Eval(root, nil)
	assert.Error(t, err, "√8 has no rational value")

	name, err := Read(`x + 1`)
	require.NoError(t, err)
	_, err = EvalSurd(name)
	assert.EqualError(t, err, "a name")
	_, err = Eval(name, nil)
	assert.EqualError(t, err, "no value for x")

	zero, err := Read(`\frac{1}{x - x}`)
	require.NoError(t, err)
	_, err = Eval(zero, at)
	assert.ErrorContains(t, err, "division by zero")
	_, err = ToRat(zero)
	assert.Error(t, err, "division by the zero polynomial")
}
