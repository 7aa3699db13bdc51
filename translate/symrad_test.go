package translate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// radNote is the start of the note a link with radicals beside names is
// decided under (symexpr/radname.go).
const radNote = "each square or cube root of a prime read as a quantity of its own"

// radIdentities returns the step's identity obligations with the given
// verdict that were decided with radicals as quantities of their own.
func radIdentities(s StepResult, v Verdict) []Obligation {
	var out []Obligation
	for _, o := range s.Obligations {
		if o.Kind == KindIdentity && o.Verdict == v && strings.Contains(o.Reason, radNote) {
			out = append(out, o)
		}
	}
	return out
}

// TestRadicalLinkTraps: links with square and cube roots of numbers
// beside names are decided exactly, each radical a quantity of its own
// (√p² = p, ∛p³ = p). True forms are verified; look-alikes that are real
// errors (a wrong cross term, a wrong radical simplification, a slip in
// rationalising) are refuted where the text rewrites an expression (a
// chain from an expression, the leading terms kept) or where the sides
// differ by a number; definitions, equations, cases, a homogeneous
// expansion whose leading terms disagree, radicals of names and nested
// radicals are left alone. Cases written for this test.
func TestRadicalLinkTraps(t *testing.T) {
	verified := []struct{ name, step string }{
		{"a square of a binomial with a radical", `Squaring, \( (m + n\sqrt{3})^2 = m^2 + 2mn\sqrt{3} + 3n^2 \).`},
		{"a radical simplified beside a name", `So the side is \( \frac{s\sqrt{8}}{2} = s\sqrt{2} \).`},
		{"a denominator rationalised", `Rationalising, \( \frac{x}{\sqrt{5}} = \frac{x\sqrt{5}}{5} \).`},
		{"cube roots multiplied", `Hence \( \sqrt[3]{2}x \cdot \sqrt[3]{4} = 2x \).`},
		{"a conjugate with a name", `Multiplying by the conjugate, \( \frac{1}{y + \sqrt{2}} = \frac{y - \sqrt{2}}{y^2 - 2} \).`},
		{"a difference of squares", `\[ (x - 2\sqrt{7})(x + 2\sqrt{7}) = x^2 - 28 \]`},
	}
	for _, tt := range verified {
		t.Run("verified/"+tt.name, func(t *testing.T) {
			s := lastStep(t, tt.step)
			got := radIdentities(s, Verified)
			require.Len(t, got, 1, "%+v", s.Obligations)
			assert.Empty(t, radIdentities(s, Refuted))
			require.NoError(t, ValidateDeclaration(got[0].Lean, DefaultIdentityTactic))
		})
	}
	refuted := []struct{ name, step, expr string }{
		{"a wrong cross term, the leading terms kept",
			`Expanding, \( (x + \sqrt{3})^2 + 1 = x^2 + \sqrt{3}x + 4 = x(x + \sqrt{3}) + 4 \)`,
			"(x + √3)^2 + 1 = x^2 + √3 * x + 4"},
		{"a wrong radical simplification in a lower term",
			`\[ y^2 + \sqrt{8}y - 1 = y^2 + 4\sqrt{2}y - 1 = (y + 2\sqrt{2})^2 - 9 \]`,
			"y^2 + √8 * y - 1 = y^2 + 4 * √2 * y - 1"},
		{"a rationalisation slip: the sides a number apart",
			`Rationalising, \( \frac{t^2 + 2}{\sqrt{2}} = \frac{t^2\sqrt{2}}{2} + 2\sqrt{2} \).`,
			"(t^2 + 2) / √2 = t^2 * √2 / 2 + 2 * √2"},
		{"a named chain in two names after a held link",
			`So \( A = (a + b\sqrt{5})(a - b\sqrt{5}) + 2a = a^2 - 5b^2 + 2a = a^2 - 5b^2 + 3a \).`,
			"a^2 - 5 * b^2 + 2 * a = a^2 - 5 * b^2 + 3 * a"},
	}
	for _, tt := range refuted {
		t.Run("refuted/"+tt.name, func(t *testing.T) {
			s := lastStep(t, tt.step)
			var got []Obligation
			for _, o := range s.Obligations {
				if o.Kind == KindIdentity && o.Verdict == Refuted {
					got = append(got, o)
				}
			}
			require.Len(t, got, 1, "%+v", s.Obligations)
			assert.Equal(t, tt.expr, got[0].Expr, got[0].Reason)
			require.NoError(t, ValidateDeclaration(got[0].LeanNeg, DefaultTactic))
		})
	}
	alone := []struct{ name, step string }{
		{"a definition", `The height is \( h = \frac{\sqrt{3}}{2}s \) and the area \( A = \frac{\sqrt{3}}{4}s^2 \).`},
		{"an equation to solve", `We solve \( (x + \sqrt{2})^2 = x^2 + 4 \).`},
		{"an equation set up to compare", `We look for integers with \( (m + n\sqrt{6})^2 = 15 + 6\sqrt{6} \).`},
		{"a homogeneous expansion, leading terms disagreeing", `\( (m + n\sqrt{3})^2 = m^2 + mn\sqrt{3} + 3n^2 \).`},
		{"a case", `If \( (x + \sqrt{3})^2 + 1 = x^2 + \sqrt{3}x + 4 = x(x + \sqrt{3}) + 4 \) held, we would be done.`},
		{"rejected", `Writing \( y^2 + \sqrt{8}y - 1 = y^2 + 4\sqrt{2}y - 1 = (y + 2\sqrt{2})^2 - 9 \) would be wrong.`},
		{"a radical of a name", `\[ \sqrt{a}\sqrt{a} + 1 = a + 2 \]`},
		{"a nested radical", `\[ x^2 + \sqrt{2 + \sqrt{3}} = x^2 + 2 \]`},
	}
	for _, tt := range alone {
		t.Run("alone/"+tt.name, func(t *testing.T) {
			for _, o := range lastStep(t, tt.step).Obligations {
				assert.NotEqual(t, Refuted, o.Verdict, "%s: %s", o.Expr, o.Reason)
			}
		})
	}
}

// TestRadicalLinkVariants: the same forms with other radicands and
// wordings: the true expansion verified (both links), the cross term
// halved refuted.
func TestRadicalLinkVariants(t *testing.T) {
	for _, p := range []int{2, 5, 6, 11, 12} {
		for _, w := range []string{"Expanding, \\( %s \\).", "\\[ %s \\]", "We get $%s$."} {
			good := fmt.Sprintf(`(u - \sqrt{%d})^2 + 1 = u^2 - 2\sqrt{%d}u + %d = u(u - 2\sqrt{%d}) + %d`, p, p, p+1, p, p+1)
			bad := fmt.Sprintf(`(u - \sqrt{%d})^2 + 1 = u^2 - \sqrt{%d}u + %d = u(u - \sqrt{%d}) + %d`, p, p, p+1, p, p+1)
			s := lastStep(t, fmt.Sprintf(w, good))
			assert.Len(t, radIdentities(s, Verified), 2, "%d %q: %+v", p, w, s.Obligations)
			assert.NotEqual(t, StepRefuted, s.Verdict, good)
			s = lastStep(t, fmt.Sprintf(w, bad))
			assert.Len(t, radIdentities(s, Refuted), 1, "%d %q: %+v", p, w, s.Obligations)
		}
	}
}
