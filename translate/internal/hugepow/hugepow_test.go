package hugepow

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestRead: a power of 0, 1 or -1 with a huge exponent stated with a
// wrong value is one obligation; true values, small exponents, other
// bases, exponents with names, hedged sentences and values that go on
// make none.
func TestRead(t *testing.T) {
	for _, c := range []struct{ text, expr, prop string }{
		{`So \(0^{(7^{123456})} = 1\).`, "0^{(7^{123456})} = 1", "(0 : Rat) = (1 : Rat)"},
		{`Hence $1^{2^{100}} = 0$.`, "1^{2^{100}} = 0", "(1 : Rat) = (0 : Rat)"},
		{`Thus \[ (-1)^{3^{2024}} = 1 \]`, "(-1)^{3^{2024}} = 1", "(-(1 : Rat)) = (1 : Rat)"},
		{`Thus \( (-1)^{2 \cdot 10^{9}} = -1 \).`, "(-1)^{2*10^{9}} = -1", "(1 : Rat) = (-(1 : Rat))"},
		{`We get \(x = 0^{123456789} = 1\).`, "0^{123456789} = 1", "(0 : Rat) = (1 : Rat)"},
		{`So \(0^{100} = 1\).`, "0^{100} = 1", "(0 : Rat) = (1 : Rat)"},
	} {
		obls := Read(0, c.text, "decide")
		if assert.Len(t, obls, 1, c.text) {
			assert.Equal(t, c.expr, obls[0].Expr, c.text)
			assert.Equal(t, c.prop, obls[0].Prop, c.text)
		}
	}
	for _, s := range []string{
		`So \(0^{(7^{123456})} = 0\).`,
		`Hence $1^{2^{100}} = 1$.`,
		`Thus \[ (-1)^{3^{2024}} = -1 \]`,
		`Thus \( (-1)^{2^{2024}} = 1 \).`,
		`So \(0^{5} = 1\).`,
		`So \(10^{2^{100}} = 1\).`,
		`So \(-1^{2^{100}} = 1\).`,
		`So \(2 \cdot 0^{2^{100}} = 1\).`,
		`So \(0^{n^{100}} = 1\).`,
		`So \(0^{0^{100}} = 1\).`,
		`So \(0^{2^{100}} = 1 + x\).`,
		`If \(0^{2^{100}} = 1\), then every power is 1.`,
		`It is not true that \(0^{2^{100}} = 1\).`,
		`So \(1^{-2^{100}} = 2\).`,
	} {
		assert.Empty(t, Read(0, s, "decide"), s)
	}
}

// FuzzRead: hostile steps never panic and spans lie in the step.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`So \(0^{(7^{123456})} = 1\).`, `\((-1)^{2 \cdot 10^{9}} = -1\)`, `0^{((((((((((1))))))))))} = 3`,
		`1^{2^{3^{4^{5}}}} = 7`, `0^{`, `(-1)^{}=`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, text, "decide"))
	})
}
