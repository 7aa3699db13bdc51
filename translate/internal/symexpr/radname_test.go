package symexpr

import (
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/leanprm/leanprm/translate/algebra"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRadSides: links with roots of numbers beside names hold exactly when
// their reduced forms agree: radical simplifications, rationalised
// denominators, conjugates and cube roots hold; a wrong cross term, a
// wrong simplification, distinct square-free radicals taken for one
// another and a sum of radicals taken for the radical of the sum do not.
// Nested radicals, radicals of names and results past the bounds are
// refused. Cases written for this test.
func TestRadSides(t *testing.T) {
	for _, tt := range []struct {
		a, b  string
		holds bool
	}{
		{`(m+n\sqrt{3})^2`, `m^2 + 2mn\sqrt{3} + 3n^2`, true},
		{`(m+n\sqrt{3})^2`, `m^2 + mn\sqrt{3} + 3n^2`, false},
		{`\frac{s\sqrt{8}}{2}`, `s\sqrt{2}`, true},
		{`\frac{s\sqrt{8}}{2}`, `2s\sqrt{2}`, false},
		{`\frac{x}{\sqrt{5}}`, `\frac{x\sqrt{5}}{5}`, true},
		{`\frac{x}{\sqrt{5}}`, `\frac{x\sqrt{5}}{3}`, false},
		{`\frac{1}{x+\sqrt{2}}`, `\frac{x-\sqrt{2}}{x^2-2}`, true},
		{`\frac{1}{x+\sqrt{2}}`, `\frac{x+\sqrt{2}}{x^2-2}`, false},
		{`\sqrt[3]{2}x\cdot\sqrt[3]{4}`, `2x`, true},
		{`\sqrt[3]{16}y`, `2\sqrt[3]{2}y`, true},
		{`\sqrt[3]{16}y`, `2\sqrt{2}y`, false},
		{`x\sqrt{2}\sqrt{3}`, `x\sqrt{6}`, true},
		{`x(\sqrt{2} + \sqrt{3})`, `x\sqrt{5}`, false},
		{`x\sqrt{12}`, `2x\sqrt{3}`, true},
		{`x\sqrt{\frac{3}{4}}`, `\frac{x\sqrt{3}}{2}`, true},
		{`\frac{s(\sqrt{70} - \sqrt{105})}{3\sqrt{35}}`, `\frac{s(\sqrt{2} - \sqrt{3})}{3}`, true},
		{`x \cdot 8^{1/2}`, `2x\sqrt{2}`, true},
		{`a\sin\frac{\pi}{3}`, `\frac{a\sqrt{3}}{2}`, true},
	} {
		a, err := Read(tt.a)
		require.NoError(t, err, tt.a)
		b, err := Read(tt.b)
		require.NoError(t, err, tt.b)
		L, R, c, err := RadSides(a, b)
		require.NoError(t, err, "%s = %s", tt.a, tt.b)
		assert.Equal(t, tt.holds, c.Holds, "%s = %s", tt.a, tt.b)
		assert.Equal(t, tt.holds, L.Equal(R), "%s = %s", tt.a, tt.b)
		_, _, c2, err := RadSides(b, a)
		require.NoError(t, err)
		assert.Equal(t, tt.holds, c2.Holds, "symmetric: %s = %s", tt.b, tt.a)
	}
	for _, tt := range []struct{ a, why string }{
		{`x + \sqrt{2 + \sqrt{3}}`, "a nested radical"},
		{`(x + \sqrt{2} + \sqrt{3} + \sqrt{5} + \sqrt{7} + \sqrt{11})^{32}`, "too large to rewrite"},
		{`x + \sqrt{-3}`, "not a real number"},
		{`x + \sqrt{-1}`, "declares no imaginary unit"},
	} {
		a, err := Read(tt.a)
		require.NoError(t, err, tt.a)
		start := time.Now()
		_, _, _, err = RadSides(a, RatExpr(big.NewRat(1, 1)))
		require.Error(t, err, tt.a)
		assert.Contains(t, err.Error(), tt.why)
		assert.Less(t, time.Since(start), 5*time.Second, tt.a)
	}
	_, err := Read(`x + \sqrt{x}`)
	assert.Error(t, err, "a radical of a name is not read")
	_, err = Read(`(3 + 2i)(1 - i)`)
	assert.Error(t, err, "i is not read unless declared")
	imag := map[string]*Def{ImagKey: {Body: ImagUnit(), Step: -1}}
	for _, tt := range []struct {
		a, b  string
		holds bool
	}{
		{`(3 + 2i)(1 - i)`, `5 - i`, true},
		{`(3 + 2i)(1 - i)`, `1 - i`, false},
		{`i^2`, `-1`, true},
		{`i^3`, `i`, false},
		{`(a + bi)(a - bi)`, `a^2 + b^2`, true},
		{`\frac{1}{1 + i}`, `\frac{1 - i}{2}`, true},
		{`(\sqrt{2}i)^2`, `-2`, true},
		{`\sqrt{2}i`, `\sqrt{-2}`, false}, // √-2 is no declared unit: refused below
	} {
		a, _, _, err := ReadDefs(tt.a, imag)
		require.NoError(t, err, tt.a)
		b, _, _, err := ReadDefs(tt.b, imag)
		require.NoError(t, err, tt.b)
		_, _, c, err := RadSides(a, b)
		if tt.b == `\sqrt{-2}` {
			assert.ErrorIs(t, err, algebra.ErrNotReal)
			continue
		}
		require.NoError(t, err, "%s = %s", tt.a, tt.b)
		assert.Equal(t, tt.holds, c.Holds, "%s = %s", tt.a, tt.b)
		assert.Equal(t, "i", Plain(ImagUnit()))
	}
}

// FuzzRadSides: RadSides never panics and stays fast; where it decides,
// its verdict agrees with the exact closed values of algebra.Surd at
// points (every name replaced by a small rational): a link it says holds
// has equal sides wherever both are defined, and a closed link holds
// exactly when its values agree.
func FuzzRadSides(f *testing.F) {
	for _, s := range [][2]string{
		{`(m+n\sqrt{3})^2`, `m^2 + 2mn\sqrt{3} + 3n^2`},
		{`\frac{x}{\sqrt{5}}`, `\frac{x\sqrt{5}}{5}`},
		{`\frac{1}{x+\sqrt{2}}`, `\frac{x-\sqrt{2}}{x^2-2}`},
		{`\sqrt[3]{2}x\cdot\sqrt[3]{4}`, `2x`},
		{`\sqrt{12} + \sqrt{3}`, `3\sqrt{3}`},
		{`(a - \sqrt{7})^3`, `a^3 - 3\sqrt{7}a^2 + 21a - 7\sqrt{7}`},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, sa, sb string) {
		if len(sa)+len(sb) > 1000 {
			return
		}
		tm := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("slow input %q = %q", sa, sb)) })
		defer tm.Stop()
		// with the imaginary unit declared: no panic, and i² = -1
		imag := map[string]*Def{ImagKey: {Body: ImagUnit(), Step: -1}}
		if a, _, _, err := ReadDefs(sa, imag); err == nil {
			if b, _, _, err := ReadDefs(sb, imag); err == nil {
				_, _, _, _ = LinkRats(a, b)
			}
		}
		a, err1 := Read(sa)
		b, err2 := Read(sb)
		if err1 != nil || err2 != nil {
			return
		}
		_, _, c, err := RadSides(a, b)
		if err != nil {
			return
		}
		names := Vars(b, map[string]bool{}, Vars(a, map[string]bool{}, nil))
		for k := int64(1); k <= 3; k++ {
			pa, pb := a, b
			for i, v := range names {
				x := RatExpr(big.NewRat(k+int64(i), 2+int64(i)))
				pa, pb = Substitute(pa, v, x), Substitute(pb, v, x)
			}
			va, e1 := EvalSurd(pa)
			vb, e2 := EvalSurd(pb)
			if e1 != nil || e2 != nil {
				continue
			}
			if c.Holds && !va.Equal(vb) {
				t.Fatalf("%q = %q said to hold, but at point %d the sides are %v and %v", sa, sb, k, va, vb)
			}
			if len(names) == 0 && !c.Holds && va.Equal(vb) {
				t.Fatalf("closed %q = %q said not to hold, but both are %v", sa, sb, va)
			}
		}
	})
}
