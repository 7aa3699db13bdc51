package lspsim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// msgs returns the non-silent diagnostics' messages.
func msgs(r *fileResult) []string {
	var out []string
	for _, d := range r.all() {
		if !d.IsSilent {
			out = append(out, d.Message)
		}
	}
	return out
}

func TestElaborateDecisions(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // "" = accepted; else a prefix of the only message
	}{
		// Closed arithmetic, Lean's semantics.
		{"example : 2 + 2 = 4 := by decide", ""},
		{"example : 2 + 2 ≠ 5 := by decide", ""},
		{"example : 2 + 2 = 5 := by decide", "tactic 'decide' proved that the proposition\n  2 + 2 = 5\nis false"},
		{"example : (2 : Nat) - 5 = 0 := by decide", ""},
		{"example : 7 / 2 = 3 ∧ 7 % 2 = 1 := by decide", ""},
		{"example : (-7 : Int) / 2 = -4 := by decide", ""},
		{"example : (-7 : Int) % 2 = 1 := by decide", ""},
		{"example : (7 : Int) / -2 = -3 := by decide", ""},
		{"example : 5 / 0 = 0 := by decide", ""},
		{"example : 2 ^ 10 = 1024 := by decide", ""},
		{"example : 2 ^ 100000 > 0 := by decide", "maximum recursion depth"},
		{"example : 1 ^ 100000 = 1 := by decide", ""},
		{"example : (-1 : Int) ^ 100001 = -1 := by decide", ""},
		{"example : (1 : Rat) < 2 := by decide", ""},
		{"example : (1 : Rat) / 2 + 1 / 2 = 1 := by decide", "tactic 'decide' failed for proposition"},
		{"example : (1 : Rat) / 2 + 1 / 2 = 1 := by decide +kernel", ""},
		{"example : (1 : Rat) / 3 = 0.3 := by decide +kernel", "tactic 'decide +kernel' proved that the proposition"},
		{"example : (0.5 : Rat) + 0.25 = 0.75 := by native_decide", ""},
		{"example : (1 : Rat) / 0 = 0 := by decide +kernel", ""},
		{"example : 0.5 + 0.5 = 1 := by decide", "failed to synthesize\n  OfScientific Nat"},
		{"example : -1 < 0 := by decide", "failed to synthesize\n  Neg Nat"},
		{"example : (1 : Rat) % 2 = 1 := by decide +kernel", "failed to synthesize\n  HMod Rat Rat"},
		{"example : 2 + 2 = 4 := by rfl", ""},
		{"example : 2 + 2 = 5 := by rfl", "The rfl tactic failed"},
		{"example : (1 : Rat) + 1 = 2 := by rfl", "The rfl tactic failed"},
		{"example : 2 + 2 = 4 := by exact rfl", ""},
		{"example : 3 * 4 = 12 := by omega", ""},
		{"example : (3 : Rat) * 4 = 12 := by omega", "omega could not prove the goal"},
		{"example : True := by trivial", ""},
		{"example : 2 + 2 = 4 := by norm_num", "unknown tactic"},
		{"import Mathlib\nexample : (2 : ℚ) + 2 = 4 := by norm_num", ""},
		{"import Mathlib\nexample : (2 : ℚ) + 2 = 5 := by norm_num", "unsolved goals\n⊢ False"},
		{"example : (n : ℕ) = 0 := by decide", "Unknown identifier `ℕ`"},
		// Propositional reasoning.
		{"theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  exact ⟨hp, hq⟩", ""},
		{"theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  exact ⟨hq, hp⟩", "type mismatch\n  hq\nhas type\n  q : Prop\nbut is expected to have type\n  p : Prop"},
		{"theorem t : ∀ p q : Prop, p → q → p := by\n  intro p q hp hq\n  exact hp", ""},
		{"theorem t : ∀ p q : Prop, p → q → p := by\n  intros\n  assumption", ""},
		{"theorem t (p q : Prop) (hpq : p → q) (hp : p) : q := by\n  exact hpq hp", ""},
		{"theorem t (p q : Prop) (hpq : p → q) (hp : p) : q := by\n  apply hpq\n  exact hp", ""},
		{"theorem t (p q : Prop) (hp : p) : p ∨ q := by\n  left; exact hp", ""},
		{"theorem t (p q : Prop) (hp : p) : p ∨ q := by\n  right; exact hp", "type mismatch"},
		{"theorem t (p : Prop) : p ↔ p := by\n  constructor\n  intro h; exact h\n  intro h; exact h", ""},
		{"theorem t (p : Prop) : p ↔ p := by rfl", ""},
		{"theorem t (p : Prop) (hp : p) (hn : ¬p) : False := by exact hn hp", ""},
		{"theorem t (p : Prop) (hp : p) : ¬¬p := by\n  intro hn\n  exact hn hp", ""},
		{"theorem t (p : Prop) : p := by\n  intro h", "tactic 'introN' failed, insufficient number of binders"},
		{"theorem t (p : Prop) : p := by assumption", "tactic 'assumption' failed"},
		{"theorem t (p : Prop) : p := by decide", "expected type must not contain free variables"},
		// Errors and bookkeeping.
		{"theorem t : True := by sorry", "declaration uses `sorry`"},
		{"theorem t : True := by admit", "declaration uses `sorry`"},
		{"theorem t : True := by\n  trivial\n  trivial", "no goals to be proved"},
		{"theorem t : True ∧ True := by\n  constructor\n  done", "unsolved goals"},
		{"theorem t : True := by\n  exact foo", "Unknown identifier `foo`"},
		{"theorem t : x = 1 := by decide", "Unknown identifier `x`"},
		{"theorem t : True := by\n  frobnicate", "unknown tactic"},
		{"theorem t : True := by\n  trivial extra", "unexpected token 'extra'"},
		{"theorem t : True :=\n  trivial", "the leanprm LSP simulator only checks tactic proofs"},
		{"theorem t : 1 + = 2 := by decide", "unexpected token '='"},
		{"def f : Nat := 1", "unsupported command"},
		{"import Nonexistent.Module\nexample : True := by trivial", "unknown module prefix 'Nonexistent'"},
		{"example : True := by trivial\nimport Init", "invalid 'import' command"},
		{"-- a comment\n/- a block\n comment -/\nexample : True := by trivial -- done", ""},
	} {
		t.Run(strings.ReplaceAll(tc.text, "\n", "⏎"), func(t *testing.T) {
			r := elaborate(tc.text, false)
			got := msgs(r)
			if tc.want == "" {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1, "%q", got)
			assert.True(t, strings.HasPrefix(got[0], tc.want), "got %q\nwant prefix %q", got[0], tc.want)
		})
	}
}

func TestElaborateFatalImport(t *testing.T) {
	r := elaborate("import Foo\nexample : True := by trivial\n", false)
	assert.True(t, r.fatal)
	require.Len(t, r.all(), 1)
	assert.Equal(t, lspRange{Start: lspPos{0, 0}, End: lspPos{0, 10}}, r.all()[0].Range)
}

// Lean recovers from an unknown name inside exact (the goal is closed with a synthetic
// sorry) and goes on; a thrown error ends the proof.
func TestElaborateErrorRecovery(t *testing.T) {
	r := elaborate("theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact foo\n  exact bar\n  exact hp\n", true)
	assert.Equal(t, []string{"Unknown identifier `foo`", "Unknown identifier `bar`", "no goals to be proved"}, msgs(r))

	r = elaborate("theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact foo\n", false)
	assert.Equal(t, []string{"Unknown identifier `foo`", "unsolved goals\ncase right\np : Prop\nhp : p\n⊢ p"}, msgs(r))

	r = elaborate("theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  frobnicate\n  exact foo\n", false)
	assert.Equal(t, []string{"unknown tactic"}, msgs(r), "nothing runs after a thrown error")
}

func TestElaborateSilentGoalsAccomplished(t *testing.T) {
	text := "theorem t : True := by\n  trivial\n"
	assert.Empty(t, elaborate(text, false).all())
	ds := elaborate(text, true).all()
	require.Len(t, ds, 1)
	d := ds[0]
	assert.True(t, d.IsSilent)
	assert.Equal(t, []int{2}, d.LeanTags)
	assert.Equal(t, sevInfo, d.Severity)
	assert.Equal(t, lspRange{Start: lspPos{0, 0}, End: lspPos{0, 22}}, d.Range, "the first line")
	assert.Equal(t, lspRange{Start: lspPos{0, 0}, End: lspPos{1, 9}}, d.FullRange, "the whole declaration")
}

func TestElaborateUTF16Ranges(t *testing.T) {
	// 𝓤 is two UTF-16 units, ℕ → ∀ one each: "foo" starts at code point 22, unit 23.
	text := "theorem t : True := by\n  /- ℕ → ∀ 𝓤 -/ exact foo\n"
	ds := elaborate(text, false).all()
	require.Len(t, ds, 1)
	assert.Equal(t, lspRange{Start: lspPos{1, 23}, End: lspPos{1, 26}}, ds[0].Range)

	// Errors in the statement are placed there too.
	ds = elaborate("theorem t : ∀ p : Prop, p → 𝓤 := by trivial\n", false).all()
	require.Len(t, ds, 1)
	assert.Equal(t, "Unknown identifier `𝓤`", ds[0].Message)
	assert.Equal(t, lspRange{Start: lspPos{0, 28}, End: lspPos{0, 30}}, ds[0].Range)
}

func TestGoalAt(t *testing.T) {
	text := "theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact hp; frobnicate\n  exact hp\n"
	r := elaborate(text, false)
	gs := func(line, char int) []string {
		g, ok := r.goalAt(lspPos{line, char})
		if !ok {
			return nil
		}
		out := []string{}
		for _, x := range g {
			out = append(out, x.pp(false))
		}
		return out
	}
	h := "p : Prop\nhp : p\n"
	assert.Equal(t, []string{h + "⊢ p ∧ p"}, gs(1, 0), "before the line's first tactic")
	assert.Equal(t, []string{h + "⊢ p ∧ p"}, gs(1, 5), "inside constructor")
	assert.Equal(t, []string{"case left\n" + h + "⊢ p", "case right\n" + h + "⊢ p"}, gs(1, 13), "after constructor")
	assert.Equal(t, []string{"case right\n" + h + "⊢ p"}, gs(2, 10), "after exact hp, before ;")
	assert.Nil(t, gs(2, 22), "after the failing tactic")
	assert.Nil(t, gs(3, 10), "never run")
	assert.Nil(t, gs(0, 3), "the statement")
	assert.Nil(t, gs(9, 0), "no such line")
}
