package translate

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

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
// differ by a number, and a product written out with one term wrong
// (symslip); definitions, equations, cases, a homogeneous expansion with a
// term missing, radicals of names and nested radicals are left alone.
// Cases written for this test.
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
		{"a homogeneous expansion with one term wrong, written out on its own (symslip)",
			`\( (m + n\sqrt{3})^2 = m^2 + mn\sqrt{3} + 3n^2 \).`,
			"(m + n * √3)^2 = m^2 + m * n * √3 + 3 * n^2"},
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
		{"a homogeneous expansion with a term missing (an equation)", `\( (m + n\sqrt{3})^2 = m^2 + 3n^2 \).`},
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

// imagStep translates steps under a problem and returns the last step.
func imagStep(t *testing.T, problem string, steps ...string) StepResult {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	res, err := tr.ChainProblem(context.Background(), "imag", problem, steps)
	require.NoError(t, err)
	require.NotEmpty(t, res.Steps)
	return res.Steps[len(res.Steps)-1]
}

// TestImaginaryUnitTraps: where the problem declares i = √-1 (and uses no
// i as an index), i is a quantity of its own with i² = -1: a complex
// product expanded right is verified, one that takes i² for 1 or drops a
// sign is refuted, in a display and across lines starting with "=";
// identities in names with i are read like radical ones. Without the
// declaration, with i as an index, or in a case, nothing is refuted, and
// the inline rule "$i^2 = -1$" is not a member a display continues. Cases
// written for this test.
func TestImaginaryUnitTraps(t *testing.T) {
	const decl = `Let $i = \sqrt{-1}$. Compute $(3 + 2i)(1 - i)$.`
	good := `Expanding: \[ (3 + 2i)(1 - i) = 3 - 3i + 2i - 2i^2 \] \[ = 3 - i + 2 \] \[ = 5 - i \]`
	for _, tt := range []struct{ name, problem, step, expr string }{
		{"i² taken for 1", decl, `Expanding: \[ (3 + 2i)(1 - i) = 3 - 3i + 2i - 2i^2 = 3 - i - 2 = 1 - i \]`, "3 - 3 * i + 2 * i - 2 * i^2 = 3 - i - 2"},
		{"a sign dropped, on a continued line", `Where $i^2 = -1$, find $(4 - i)(2 + 3i)$.`, `\[ (4 - i)(2 + 3i) = 8 + 12i - 2i - 3i^2 \] \[ = 8 + 10i - 3 \]`, "8 + 12 * i - 2 * i - 3 * i^2 = 8 + 10 * i - 3"},
		{"with a radical, the imaginary unit named in words", `Here $i$ is the imaginary unit. Find $(1 + \sqrt{3}i)^2$.`, `\[ (1 + \sqrt{3}i)^2 = 1 + 2\sqrt{3}i + 3i^2 = 4 + 2\sqrt{3}i \]`, "1 + 2 * √3 * i + 3 * i^2 = 4 + 2 * √3 * i"},
	} {
		t.Run("refuted/"+tt.name, func(t *testing.T) {
			s := imagStep(t, tt.problem, tt.step)
			got := radIdentities(s, Refuted)
			require.Len(t, got, 1, "%+v", s.Obligations)
			assert.Equal(t, tt.expr, got[0].Expr)
			assert.Contains(t, got[0].Reason, "i² = -1")
			require.NoError(t, ValidateDeclaration(got[0].LeanNeg, DefaultTactic))
		})
	}
	t.Run("verified/the product expanded right", func(t *testing.T) {
		s := imagStep(t, decl, good)
		assert.Len(t, radIdentities(s, Verified), 3, "%+v", s.Obligations)
		assert.Empty(t, radIdentities(s, Refuted))
	})
	t.Run("verified/an identity in names", func(t *testing.T) {
		s := imagStep(t, `Let $i^2 = -1$ and $z = a + bi$ with real $a, b$.`, `So \( (a + bi)(a - bi) = a^2 - (bi)^2 = a^2 + b^2 \).`)
		assert.Len(t, radIdentities(s, Verified), 2, "%+v", s.Obligations)
	})
	for _, tt := range []struct{ name, problem, step string }{
		{"no declaration", `Compute $(3 + 2i)(1 - i)$.`, `\[ (3 + 2i)(1 - i) = 3 - 3i + 2i - 2i^2 = 3 - i - 2 = 1 - i \]`},
		{"i an index", `Let $i = \sqrt{-1}$ and $a_i = i + 1$ for $i = 1, 2, 3$.`, `\[ (3 + 2i)(1 - i) = 3 - 3i + 2i - 2i^2 = 3 - i - 2 = 1 - i \]`},
		{"a case", decl, `If \[ (3 + 2i)(1 - i) = 3 - 3i + 2i - 2i^2 = 3 - i - 2 = 1 - i, \] the product would be real-free.`},
		{"an equation in names", decl, `Suppose \( (a + bi)(a - bi) = a^2 - b^2 \) for some $a$, $b$.`},
		{"the rule is no member to continue", decl, `Since $i^2 = -1$, we get \[ = 3 - i + 7 \]`},
	} {
		t.Run("alone/"+tt.name, func(t *testing.T) {
			for _, o := range imagStep(t, tt.problem, tt.step).Obligations {
				assert.NotEqual(t, Refuted, o.Verdict, "%s: %s", o.Expr, o.Reason)
			}
		})
	}
}

// FuzzRadicalChain: chains with radicals beside names and complex numbers
// (the problem declares i = √-1) never panic, every emitted line is in the
// dialect, and the exact checker decides each obligation.
func FuzzRadicalChain(f *testing.F) {
	for _, s := range [][2]string{
		{`(m + n\sqrt{3})^2`, `m^2 + 2mn\sqrt{3} + 3n^2`},
		{`\frac{x}{\sqrt{5}}`, `\frac{x\sqrt{5}}{5}`},
		{`(3 + 2i)(1 - i)`, `3 - 3i + 2i - 2i^2`},
		{`(1 + \sqrt{3}i)^2`, `1 + 2\sqrt{3}i + 3i^2`},
		{`\sqrt[3]{2}x \cdot \sqrt[3]{4}`, `2x`},
	} {
		f.Add(s[0], s[1])
	}
	tr, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a)+len(b) > 2000 {
			return
		}
		tm := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("slow input %q = %q", a, b)) })
		defer tm.Stop()
		res, err := tr.ChainProblem(context.Background(), "fuzz", `Let $i = \sqrt{-1}$.`, []string{
			`Expanding, \( ` + a + ` = ` + b + ` = ` + a + ` \).`,
			`\[ ` + a + ` = ` + b + ` \] \[ = ` + b + ` \]`,
		})
		require.NoError(t, err)
		requireDialectDecided(t, tr, &res)
	})
}

// TestImaginaryUnitNamedHead: a complex computation that names its result
// ("z = (…)(…) = …") is decided from its second member on; the head's
// link is a definition.
func TestImaginaryUnitNamedHead(t *testing.T) {
	const decl = `Let $i = \sqrt{-1}$ and $w = (2 - i)(3 + i)$.`
	s := imagStep(t, decl, `\[ w = (2 - i)(3 + i) = 6 + 2i - 3i - i^2 = 6 - i - 1 = 5 - i \]`)
	got := radIdentities(s, Refuted)
	require.Len(t, got, 1, "%+v", s.Obligations)
	assert.Equal(t, "6 + 2 * i - 3 * i - i^2 = 6 - i - 1", got[0].Expr)
	s = imagStep(t, decl, `\[ w = (2 - i)(3 + i) = 6 + 2i - 3i - i^2 = 6 - i + 1 = 7 - i \]`)
	assert.Len(t, radIdentities(s, Verified), 3, "%+v", s.Obligations)
	assert.Empty(t, radIdentities(s, Refuted))
	// a name after the head: no complex computation of closed members
	s = imagStep(t, decl, `\[ w = (2 - i)(3 + i) = 6 + 2i - 3i - i^2 = x \]`)
	assert.Empty(t, radIdentities(s, Refuted))
}

// TestRationalThroughIrrationalRoots: a closed claim whose sides are
// rational but pass through an irrational radical ("(10\sqrt{3})^2 =
// 300") is the closed-value reader's (the arithmetic reader reads no
// irrational root): true forms verified, slips refuted; a claim whose
// radicals are all rational stays the arithmetic reader's. Cases written
// for this test.
func TestRationalThroughIrrationalRoots(t *testing.T) {
	for _, tt := range []struct {
		step string
		want Verdict
	}{
		{`The side squared is \( (10\sqrt{3})^2 = 300 \).`, Verified},
		{`The side squared is \( (10\sqrt{3})^2 = 30 \).`, Refuted},
		{`So \( \sqrt{8} \cdot \sqrt{2} = 4 \).`, Verified},
		{`So \( \sqrt{8} \cdot \sqrt{2} = 16 \).`, Refuted},
		{`Then \( \frac{\sqrt{12}}{\sqrt{3}} + 1 = 3 \).`, Verified},
		{`Then \( \frac{\sqrt{12}}{\sqrt{3}} + 1 = 5 \).`, Refuted},
	} {
		var got []Obligation
		for _, o := range lastStep(t, tt.step).Obligations {
			if o.Kind == KindClosedValue {
				got = append(got, o)
			}
		}
		require.Len(t, got, 1, tt.step)
		assert.Equal(t, tt.want, got[0].Verdict, "%s: %s", tt.step, got[0].Reason)
	}
	// √16 = 4: every root rational, the arithmetic reader's (no closed-value obligation)
	for _, o := range lastStep(t, `So \( \sqrt{16} + 1 = 5 \).`).Obligations {
		assert.NotEqual(t, KindClosedValue, o.Kind, o.Expr)
	}
}

// TestClosedRadicalLinksAfterAName: closed links with radicals in a line
// that opens with a name ("y = \sqrt{52} = 2\sqrt{13}") are decided as in
// a closed line; the link from the name is a definition. Cases written
// for this test.
func TestClosedRadicalLinksAfterAName(t *testing.T) {
	for _, tt := range []struct {
		step string
		want []Verdict
	}{
		{`\[ y = \sqrt{52} = 2\sqrt{13} \]`, []Verdict{Verified}},
		{`\[ y = \sqrt{52} = 4\sqrt{13} \]`, []Verdict{Refuted}},
		{`So \( x_A = \frac{14 + 6\sqrt{5}}{4} = \frac{7 + 3\sqrt{5}}{2} \).`, []Verdict{Verified}},
		{`So \( x_A = \frac{14 + 6\sqrt{5}}{4} = \frac{7 + 6\sqrt{5}}{2} \).`, []Verdict{Refuted}},
		{`\[ d = \sqrt{3^2 + 4^2} = \sqrt{25} = 5 \]`, nil}, // every root rational: the arithmetic reader's
	} {
		var got []Verdict
		for _, o := range lastStep(t, tt.step).Obligations {
			if o.Kind == KindClosedValue {
				got = append(got, o.Verdict)
			}
		}
		assert.Equal(t, tt.want, got, tt.step)
	}
}
