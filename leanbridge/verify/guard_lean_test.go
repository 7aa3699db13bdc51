//go:build lean

// The cheats of issue 10 §1 against real Lean (`make e2e`): each one is refused by the full
// check, and, with the static layer bypassed, Lean plus the semantic guard still never call
// it verified. The log says which layer caught what.

package verify

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	leanMul   = "theorem bad_mul : (2 : Nat) * 3 = 5"
	leanSeven = "theorem seven_eight : (7 : Nat) = 8"
	leanLit   = "theorem lit_default : 2 - 3 + 1 = 0"
	leanBig   = "theorem big_mod : 2 ^ 64 % 7 = 2"
)

var leanCheats = []struct {
	name, statement, proof string
	static                 Code
	// semantic: the cheat changes what the statement means, so Lean with the guard alone
	// must catch it. @[export] changes compiled code, not the statement: only the static
	// layer (and, for a native proof, #print axioms) stands against it.
	semantic bool
}{
	{"escaped instance attribute", leanMul, "@[«instance»] def cheatMul : HMul Nat Nat Nat := ⟨fun a b => a + b⟩\n" + leanMul + " := rfl", CodeInstanceOverride, true},
	{"OfNat Nat 7 := ⟨8⟩", leanSeven, "instance sevenIsEight : OfNat Nat 7 := ⟨8⟩\n" + leanSeven + " := rfl", CodeInstanceOverride, true},
	{"escaped OfNat instance", leanSeven, "@[«instance»] def sevenIsEight : OfNat Nat 7 := ⟨8⟩\n" + leanSeven + " := rfl", CodeInstanceOverride, true},
	{"escaped default_instance", leanLit, "@[«default_instance» high] instance intLit (n : Nat) : OfNat Int n := ⟨Int.ofNat n⟩\n" + leanLit + " := by decide", CodeInstanceOverride, true},
	{"escaped export", st1, "@[«export» leanprm_my_mul] def myMul (a b : Nat) : Nat := a + b\n" + st1 + " := by omega", CodeExtern, false},
	{"decide +«native»", leanBig, leanBig + " := by decide +«native»", CodeNativeDecide, true},
	{"attribute [local «instance» 10000]", leanMul, "def cheatMul : HMul Nat Nat Nat := ⟨fun a b => a + b⟩\nattribute [local «instance» 10000] cheatMul\n" + leanMul + " := rfl", CodeInstanceOverride, true},
}

func TestLeanEscapedCheats(t *testing.T) {
	r := startREPL(t)
	ctx := leanCtx(t)
	for _, tc := range leanCheats {
		t.Run(tc.name, func(t *testing.T) {
			res := Check(ctx, tc.statement, tc.proof, Options{Runner: r, Timeout: 2 * time.Minute})
			assert.Equal(t, StatusRejected, res.Status, "%v", res.Reasons)
			assert.Contains(t, res.Codes(), tc.static, "%v", res.Reasons)

			st, err := ParseStatement(tc.statement)
			require.NoError(t, err)
			raw := confirm(ctx, Result{Checker: "lean"}, st, "", rawReport(st, tc.proof), Options{Runner: r, Timeout: 2 * time.Minute})
			t.Logf("without the static layer: %s %v", raw.Status, raw.Reasons)
			if tc.semantic {
				assert.NotEqual(t, StatusVerified, raw.Status, "Lean and the semantic guard let the cheat through")
			}
		})
	}
}

// The guard's #check runs on real Lean: every option it sets exists, the report sits on the
// guard's line, shows instances, and is the same for a proof and for the statement alone.
func TestLeanGuardReport(t *testing.T) {
	r := startREPL(t)
	ctx := leanCtx(t)
	st, err := ParseStatement(leanMul)
	require.NoError(t, err)
	cmd, line := referenceCommand(st)
	rep, err := r.RunCommand(ctx, "", cmd)
	require.NoError(t, err)
	for _, m := range rep.Messages {
		t.Logf("%s %d:%d %q", m.Severity, m.Line, m.Column, m.Data)
		assert.NotEqual(t, "error", m.Severity)
	}
	clean, ok := TypeReport(rep, line)
	require.True(t, ok, "a #check report on line %d", line)
	assert.True(t, strings.HasPrefix(clean, "@bad_mul"), clean)
	assert.Contains(t, clean, "instHMul", "pp.all shows the instance")
	assert.NotContains(t, clean, "⋯")

	honest := "theorem lin (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a * 1 + 0 = 6"
	res := Check(ctx, honest, honest+" := by\n  omega", Options{Runner: r, Timeout: 2 * time.Minute})
	assert.Equal(t, StatusVerified, res.Status, "%v", res.Reasons)
}
