package symexpr

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInRange(t *testing.T) {
	tests := []struct {
		name string
		v    *big.Rat
		in   bool
	}{
		{"sin(x)", big.NewRat(1, 1), true},
		{"sin(x)", big.NewRat(-1, 2), true},
		{"sin(x)", big.NewRat(2, 1), false},
		{"cos(2 * t)", big.NewRat(-3, 2), false},
		{"sec(x)", big.NewRat(1, 2), false},
		{"sec(x)", big.NewRat(-1, 1), true},
		{"csc(x)", big.NewRat(7, 3), true},
		{"tan(x)", big.NewRat(100, 1), true},
		{"cot(x)", big.NewRat(0, 1), true},
		{"x", big.NewRat(5, 1), true},      // a name takes every value
		{"log(x)", big.NewRat(5, 1), true}, // no atom of this reader
	}
	for _, tt := range tests {
		assert.Equal(t, tt.in, InRange(tt.name, tt.v), "%s = %s", tt.name, tt.v.RatString())
	}
	assert.Equal(t, "sin", AtomFn("sin(x)"))
	assert.Equal(t, "", AtomFn("x"))
	assert.Equal(t, "", AtomFn("f(x)"))
	assert.False(t, AllInRange(map[string]*big.Rat{"y": big.NewRat(9, 1), "cos(y)": big.NewRat(9, 1)}))
}

// TestTrigAtoms: a line whose names all sit in one trigonometric value is
// read with that value as a name; a second form of the name, the name
// itself, another name, π beside it or a constant argument leave the
// members to be taken out.
func TestTrigAtoms(t *testing.T) {
	tests := []struct {
		members []string
		atom    string // "" taken out
	}{
		{[]string{`\sin^2 x + \sin x - 1`, `0`}, "sin(x)"},
		{[]string{`(\cos 2t - 1)(\cos 2t + 3)`, `\frac{1}{2}`}, "cos(2 * t)"},
		{[]string{`\tan(\pi + y)`, `3`}, "tan(π + y)"},
		{[]string{`\sin x + \cos x`, `1`}, ""},
		{[]string{`\sin 2x`, `\sin x`}, ""},
		{[]string{`\sin x`, `x`}, ""},
		{[]string{`\sin x \sin y`, `1`}, ""},
		{[]string{`\sin x`, `\pi`}, ""},
		{[]string{`\sin x + 1`, `y`}, ""},
	}
	for _, tt := range tests {
		es := make([]*Expr, len(tt.members))
		for i, m := range tt.members {
			e, _, _, err := ReadMember(m, nil, Mode{TrigNames: true, Pi: true})
			require.NoError(t, err, m)
			es[i] = e
		}
		val := TrigKind.Atoms(len(es), func(k int) *Expr { return es[k] })
		for i := range es {
			if !HasTrigOfName(es[i]) {
				continue
			}
			e, why := val(i)
			if tt.atom == "" {
				assert.Nil(t, e, "%q", tt.members)
				assert.Equal(t, TrigKind.Taken, why)
				continue
			}
			require.NotNil(t, e, "%q", tt.members)
			assert.Equal(t, []string{tt.atom}, Vars(e, map[string]bool{}, nil), "%q", tt.members)
			assert.False(t, HasTrigOfName(e))
		}
	}
	e, _, _, err := ReadMember(`\sin x`, nil, Mode{TrigNames: true})
	require.NoError(t, err)
	got, why := ExpKind.Atoms(1, func(int) *Expr { return e })(0)
	assert.Nil(t, got, "other kinds take their members out")
	assert.Equal(t, ExpKind.Taken, why)
}
