package verify

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 10 §1: every keyword, attribute and option check works on the identifier Lean sees,
// whatever its spelling, and on tokens, never on substrings of identifiers.
func TestCheckStaticSpellingsLeanSees(t *testing.T) {
	const mul = "theorem bad : (2 : Nat) * 3 = 5"
	for _, tc := range []struct {
		name, statement, proof string
		want                   Code
	}{
		{"escaped instance attribute", mul, "@[«instance»] def cheatMul : HMul Nat Nat Nat := ⟨fun a b => a + b⟩\n" + mul + " := rfl", CodeInstanceOverride},
		{"escaped local instance with priority", mul, "def cheatMul : HMul Nat Nat Nat := ⟨fun a b => a + b⟩\nattribute [local «instance» 10000] cheatMul\n" + mul + " := rfl", CodeInstanceOverride},
		{"escaped instance on a Decidable", st1, "@[«instance»] def d (p : Prop) : Decidable p := Classical.propDecidable p\n" + st1 + " := by omega", CodeDecidableInstance},
		{"escaped OfNat instance", "theorem seven : (7 : Nat) = 8", "@[«instance»] def sevenIsEight : OfNat Nat 7 := ⟨8⟩\ntheorem seven : (7 : Nat) = 8 := rfl", CodeInstanceOverride},
		{"escaped default_instance", st1, "@[«default_instance»] instance intLit (n : Nat) : OfNat Int n := ⟨Int.ofNat n⟩\n" + st1 + " := by omega", CodeInstanceOverride},
		{"escaped default_instance alone", st1, "@[«default_instance» high] def intLit (n : Nat) : OfNat Int n := ⟨Int.ofNat n⟩\n" + st1 + " := by omega", CodeInstanceOverride},
		{"escaped export attribute", st1, "@[«export» lean_nat_add] def myAdd (a b : Nat) : Nat := a * b\n" + st1 + " := by omega", CodeExtern},
		{"escaped extern attribute", st1, "@[«extern» \"lean_nat_add\"] def myAdd (a b : Nat) : Nat := a * b\n" + st1 + " := by omega", CodeExtern},
		{"escaped implemented_by", st1, "def g (n : Nat) : Nat := n\n@[«implemented_by» g] def f (n : Nat) : Nat := n + 1\n" + st1 + " := by omega", CodeImplementedBy},
		{"escaped csimp", st1, "@[«csimp»] theorem c : @id = @id := rfl\n" + st1 + " := by omega", CodeImplementedBy},
		{"escaped native config", "theorem big : 2 ^ 64 % 7 = 2", "theorem big : 2 ^ 64 % 7 = 2 := by decide +«native»", CodeNativeDecide},
		{"native config item", "theorem big : 2 ^ 64 % 7 = 2", "theorem big : 2 ^ 64 % 7 = 2 := by decide (native := true)", CodeNativeDecide},
		{"native in a config structure", "theorem big : 2 ^ 64 % 7 = 2", "theorem big : 2 ^ 64 % 7 = 2 := by decide (config := { kernel := false, «native» := true })", CodeNativeDecide},
		{"escaped delab attribute", st1, "@[«delab» app.HMul.hMul] def d := 0\n" + st1 + " := by omega", CodeMetaCode},
		{"escaped unif_hint", st1, "«unif_hint» (n : Nat) where n =?= 6 ⊢ n + 0 =?= 6\n" + st1 + " := by omega", CodeInstanceOverride},
		{"unification_hint attribute", st1, "@[unification_hint] def h (n : Nat) : Nat := n\n" + st1 + " := by omega", CodeInstanceOverride},
		{"escaped unification_hint attribute", st1, "attribute [«unification_hint»] h\n" + st1 + " := by omega", CodeInstanceOverride},
		{"include_str", st1, "def secret : String := include_str \"/etc/passwd\"\n" + st1 + " := by omega", CodeIO},
		{"root Lean name", st1, st1 + " := by omega\ndef e := _root_.Lean.Environment", CodeMetaCode},
		{"escaped pieces of a Lean name", st1, st1 + " := by omega\ndef e := «Lean».«Elab».Command.CommandElabM", CodeMetaCode},
		{"one escaped piece holding the dots", st1, st1 + " := by omega\ndef e := «Lean.Elab».Command", CodeMetaCode},
		{"open Lean after the theorem", st1, st1 + " := by omega\nopen Lean\ndef e := Elab.Command.CommandElabM", CodeMetaCode},
		{"open Lean.Elab in", st1, st1 + " := by omega\nopen Lean.Elab in\ndef e := Command.CommandElabM", CodeMetaCode},
		{"open escaped Lean in a proof", st1, st1 + " := by\n  open «Lean» in omega", CodeMetaCode},
		{"open System", st1, st1 + " := by omega\nopen System\ndef p := FilePath.mk \"x\"", CodeIO},
		{"escaped unsafe modifier", st1, "«unsafe» def u : Nat := 0\n" + st1 + " := by omega", CodeUnsafe},
		{"unsafeCast", st1, st1 + " := by omega\ndef u : Nat := unsafeCast ()", CodeUnsafe},
		{"ptrAddrUnsafe", st1, st1 + " := by omega\ndef u : USize := ptrAddrUnsafe 0", CodeUnsafe},
		{"escaped maxHeartbeats 0", st1, "set_option «maxHeartbeats» 0 in\n" + st1 + " := by omega", CodeUnlimitedHeartbeats},
		{"heartbeats with a leading zero is decimal", st1, "set_option maxHeartbeats 037777777 in\n" + st1 + " := by omega", CodeUnlimitedHeartbeats},
		{"synthInstance.maxHeartbeats huge", st1, "set_option synthInstance.maxHeartbeats 100000000 in\n" + st1 + " := by omega", CodeUnlimitedHeartbeats},
		{"synthInstance.maxSize huge", st1, "set_option synthInstance.maxSize 100000000 in\n" + st1 + " := by omega", CodeResourceOption},
		{"synthInstance.maxSize zero", st1, "set_option synthInstance.maxSize 0 in\n" + st1 + " := by omega", CodeResourceOption},
		{"exponentiation.threshold huge", st1, st1 + " := by\n  set_option exponentiation.threshold 1000000000 in omega", CodeResourceOption},
		{"maxRecDepth huge in a tactic", st1, st1 + " := by\n  set_option maxRecDepth 1000000000 in omega", CodeRecursionDepth},
		{"global pp option", st1, "set_option pp.instances false\n" + st1 + " := by omega", CodeOptionNotAllowed},
		{"escaped global pp option", st1, "set_option «pp».explicit false\n" + st1 + " := by omega", CodeOptionNotAllowed},
		{"constant command", st1, "constant c : Nat\n" + st1 + " := by omega", CodeAxiom},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := static(t, tc.statement, tc.proof)
			assert.Contains(t, codesOf(rep.Reasons), tc.want, "%v", rep.Reasons)
			assert.Empty(t, rep.Cmd)
		})
	}
}

// No honest proof is rejected for a name: the checks match whole tokens in the positions
// where Lean gives them a meaning.
func TestCheckStaticAwkwardNamesPass(t *testing.T) {
	for _, tc := range []struct{ name, statement, proof string }{
		{"hypothesis hUnsafe", "theorem u1 (x : Nat) (hUnsafe : x = 2) : x + 1 = 3", "theorem u1 (x : Nat) (hUnsafe : x = 2) : x + 1 = 3 := by\n  subst hUnsafe\n  rfl"},
		{"hypothesis native", "theorem u2 (native : Nat) (h : native = 4) : native * 2 = 8", "theorem u2 (native : Nat) (h : native = 4) : native * 2 = 8 := by\n  subst h\n  decide"},
		{"have native :=", st1, st1 + " := by\n  have native := hb\n  omega"},
		{"sum with native", "theorem u3 (native x : Nat) (h : x + native = 3) : native + x = 3", "theorem u3 (native x : Nat) (h : x + native = 3) : native + x = 3 := by omega"},
		{"names with forbidden words inside", "theorem u4 (unsafeness hIO constant extern csimp : Nat) (h : unsafeness = hIO) : hIO = unsafeness", "theorem u4 (unsafeness hIO constant extern csimp : Nat) (h : unsafeness = hIO) : hIO = unsafeness := h.symm"},
		{"names that end in keywords", st1, st1 + " := by\n  have h_native := hb\n  have hsorry := h\n  have native_ok := hb\n  have notUnsafe := h\n  omega"},
		{"hypotheses named like attributes", "theorem u5 (implemented_by default_instance unification_hint : Nat) : implemented_by + default_instance = default_instance + implemented_by", "theorem u5 (implemented_by default_instance unification_hint : Nat) : implemented_by + default_instance = default_instance + implemented_by := by omega"},
		{"variable named Lean", "theorem u6 (Lean System : Nat) (h : Lean = System) : System = Lean", "theorem u6 (Lean System : Nat) (h : Lean = System) : System = Lean := h.symm"},
		{"pp option scoped with in", st1, "set_option pp.all true in\n" + st1 + " := by omega"},
		{"options within their bounds", st1, "set_option maxHeartbeats 400000 in\nset_option maxRecDepth 100000 in\nset_option synthInstance.maxSize 256 in\nset_option exponentiation.threshold 1024 in\n" + st1 + " := by omega"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := static(t, tc.statement, tc.proof)
			assert.True(t, rep.Accepted(), "%v", rep.Reasons)
		})
	}
}

// A malformed row keeps its id in the report, whatever else is wrong with it.
func TestRunBatchMalformedRowKeepsID(t *testing.T) {
	long := `{"id": "huge", "statement": "` + strings.Repeat("x", 300) + `", "proof": ""}`
	input := jsonl(
		`{"id": "wrong-type", "statement": 5, "proof": "x"}`,
		`{"id": 42, "statement": "theorem t : True", "proof": ["x"]}`,
		`{"id": "trailing", "statement": "theorem t : True", "proof": "x"} {}`,
		`{"id": "cut", "statement": "theorem t : Tr`,
		long,
	)
	var out strings.Builder
	sum, err := RunBatch(context.Background(), strings.NewReader(input), &out, BatchOptions{MaxLineBytes: 200})
	require.NoError(t, err)
	assert.Equal(t, 5, sum.Malformed)
	var ids []string
	for _, r := range decodeReport(t, out.String()).results {
		assert.Equal(t, StatusMalformed, r.Status)
		ids = append(ids, r.ID)
	}
	assert.Equal(t, []string{"wrong-type", "42", "trailing", "cut", "huge"}, ids)
}
