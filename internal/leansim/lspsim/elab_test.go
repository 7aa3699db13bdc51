package lspsim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/leansim/replsim"
)

// The decisions themselves are replsim's and are tested there; these tests check what this
// package adds: LSP positions, tags, silent diagnostics, the per-command grouping and the goal
// view, and that the verdicts are the REPL simulator's.

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
		want []string // prefixes of the messages, in order; none: accepted
	}{
		{"example : 2 + 2 = 4 := by decide", nil},
		{"example : 2 + 2 = 5 := by decide", []string{"tactic 'decide' proved that the proposition\n  2 + 2 = 5\nis false"}},
		{"example : (-7 : Int) / 2 = -4 ∧ (-7 : Int) % 2 = 1 := by decide", nil},
		{"example : (1 : Rat) / 2 + 1 / 2 = 1 := by decide +kernel", nil},
		{"example : -1 < 0 := by decide", []string{"failed to synthesize\n  Neg Nat"}},
		{"import Mathlib\nexample : (2 : ℚ) + 2 = 5 := by norm_num", []string{"unsolved goals\n⊢ False"}},
		// The fragment the old, separate elaborator did not have: hypotheses, omega, subst,
		// focus blocks, have, obtain, rw, library lemmas.
		{"theorem amc_lin (x y : Int) (h₁ : x + y = 10) (h₂ : x - y = 2) : x = 6 ∧ y = 4 := by\n  constructor\n  · omega\n  · omega", nil},
		{"theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by\n  subst hb\n  subst h\n  rfl", nil},
		{"theorem t (x : Int) (h : 5 * x - 3 = 2 * x + 12) : x = 5 := by\n  have h3 : 3 * x = 15 := by omega\n  omega", nil},
		{"theorem t (n : Nat) (h : n % 2 = 0) : n * n % 2 = 0 := by\n  obtain ⟨k, rfl⟩ : ∃ k, n = 2 * k := ⟨n / 2, by omega⟩\n  rw [Nat.mul_assoc]\n  exact Nat.mul_mod_right 2 _", nil},
		{"theorem t : True ∧ True := by constructor <;> trivial", nil},
		{"theorem t (x : Int) (h : x + 1 = 3) : x = 3 := by omega", []string{"omega could not prove the goal"}},
		// Real tactic names outside the fragment are "not simulated", never "unknown tactic";
		// a word that names no tactic is a parse error (reported one character in, as Lean's
		// `errorAtSavedPos "unknown tactic" true` does), after which Lean keeps only the
		// "unsolved goals" of the partial syntax.
		{"theorem t (n : Nat) : n + 0 = n := by simpa using Nat.add_zero n", []string{"leanprm-simulator: tactic 'simpa' is not simulated"}},
		{"theorem t (n : Nat) : n + 0 = n := by induction n", []string{"leanprm-simulator: tactic 'induction' is not simulated"}},
		{"import Mathlib\ntheorem t (x : ℚ) (h : x > 1) : x > 0 := by linarith", []string{"leanprm-simulator: tactic 'linarith' is not simulated"}},
		{"example : 2 + 2 = 4 := by norm_num", []string{"unknown tactic", "unsolved goals\n⊢ 2 + 2 = 4"}},
		{"theorem t : True := by\n  frobnicate", []string{"unknown tactic", "unsolved goals\n⊢ True"}},
		{"theorem t : True := by sorry", []string{"declaration uses `sorry`"}},
		{"theorem t : True := by\n  trivial\n  trivial", []string{"No goals to be solved"}},
		{"theorem t : True ∧ True := by\n  constructor\n  done", []string{"unsolved goals"}},
		{"theorem t : True := by\n  exact foo", []string{"Unknown identifier `foo`"}},
		{"theorem t : 1 + = 2 := by decide", []string{"unexpected token '='"}},
		{"import Nonexistent.Module\nexample : True := by trivial", []string{"unknown module prefix 'Nonexistent'"}},
		{"example : True := by trivial\nimport Init", []string{"invalid 'import' command"}},
		{"import LeanPRM\n-- a comment\n/- a block\n comment -/\nexample : True := by trivial -- done", nil},
	} {
		t.Run(strings.ReplaceAll(tc.text, "\n", "⏎"), func(t *testing.T) {
			got := msgs(elaborate(tc.text, false))
			require.Len(t, got, len(tc.want), "%q", got)
			for i, w := range tc.want {
				assert.True(t, strings.HasPrefix(got[i], w), "got %q\nwant prefix %q", got[i], w)
			}
		})
	}
}

// The language server's verdicts are the REPL simulator's, in command mode: the same
// messages in the same order, at the same places.
func TestElaborateAgreesWithREPLSimulator(t *testing.T) {
	for _, text := range []string{
		"theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  constructor\n  exact hq\n  exact hq\n",
		"theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact foo\n",
		"theorem a : 1 < 2 := by decide\ntheorem b : 3 < 2 := by decide\n#print axioms a\n",
		"theorem t : ∀ p : Prop, p → p := by\n  intro p hp\n  /- ℕ → ∀ 𝓤 -/ exact foo\n",
		"import Mathlib\n\nexample : (2 : ℚ) + 2 = 4 := by norm_num\nexample (n : ℕ) : n = n := by sorry\n",
		"theorem t : True ∧ True := by\n  constructor\n  frobnicate\n  trivial\n",
	} {
		t.Run(strings.ReplaceAll(text, "\n", "⏎"), func(t *testing.T) {
			r := elaborate(text, false)
			v, err := replsim.NewServer(replsim.Options{Mathlib: true}).Handle(replsim.Obj().Set("cmd", replsim.Str(text)).String())
			require.NoError(t, err)
			ms, _ := v.Get("messages")
			got := r.all()
			require.Equal(t, ms.Len(), len(got), "REPL %v\nLSP %+v", v, got)
			for i, d := range got {
				m := ms.Index(i)
				data, _ := m.Get("data")
				sev, _ := m.Get("severity")
				pos, _ := m.Get("pos")
				line, _ := pos.Get("line")
				ds, _ := data.AsString()
				ss, _ := sev.AsString()
				ln, _ := line.AsNat()
				assert.Equal(t, ds, d.Message)
				assert.Equal(t, severity(ss), d.Severity)
				assert.Equal(t, ln-1, d.Range.Start.Line)
			}
		})
	}
}

func TestElaborateFatalImport(t *testing.T) {
	r := elaborate("import Foo\nexample : True := by trivial\n", false)
	assert.True(t, r.fatal)
	require.Len(t, r.all(), 1)
	assert.Equal(t, lspRange{Start: lspPos{0, 0}, End: lspPos{0, 10}}, r.all()[0].Range)
}

// Lean's error recovery: an elaboration error in `exact` is logged, the goal is closed with a
// synthetic sorry and the proof goes on; a thrown error ends the block without "unsolved
// goals"; a tactic that does not parse ends the command, whose partial syntax is elaborated
// up to it and keeps only its "unsolved goals".
func TestElaborateErrorRecovery(t *testing.T) {
	r := elaborate("theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact foo\n  exact bar\n  exact hp\n", true)
	assert.Equal(t, []string{"Unknown identifier `foo`", "Unknown identifier `bar`", "No goals to be solved"}, msgs(r))

	r = elaborate("theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact foo\n", false)
	assert.Equal(t, []string{"Unknown identifier `foo`", "unsolved goals\ncase right\np : Prop\nhp : p\n⊢ p"}, msgs(r))
	assert.Equal(t, []int{tagUnsolvedGoals}, r.all()[1].LeanTags)

	r = elaborate("theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact hp\n  decide\n  exact hp\n", false)
	assert.Equal(t, []string{"failed to synthesize\n  Decidable p\n\nHint: Additional diagnostic information may be available using the `set_option diagnostics true` command."}, msgs(r), "nothing runs after a thrown error")

	r = elaborate("theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  frobnicate\n  exact foo\n", false)
	assert.Equal(t, []string{"unknown tactic", "unsolved goals\ncase left\np : Prop\nhp : p\n⊢ p\n\ncase right\np : Prop\nhp : p\n⊢ p"}, msgs(r))
	assert.Equal(t, lspRange{Start: lspPos{2, 3}, End: lspPos{2, 12}}, r.all()[0].Range)
	g, ok := r.goalAt(lspPos{1, 13})
	assert.True(t, ok, "the tactics before the parse error ran")
	assert.Len(t, g, 2)
}

func TestElaborateSilentGoalsAccomplished(t *testing.T) {
	text := "theorem t : True := by\n  trivial\n"
	assert.Empty(t, elaborate(text, false).all())
	ds := elaborate(text, true).all()
	require.Len(t, ds, 1)
	d := ds[0]
	assert.True(t, d.IsSilent)
	assert.Equal(t, []int{tagGoalsAccomplished}, d.LeanTags)
	assert.Equal(t, sevInfo, d.Severity)
	assert.Equal(t, lspRange{Start: lspPos{0, 0}, End: lspPos{0, 22}}, d.Range, "the first line")
	assert.Equal(t, lspRange{Start: lspPos{0, 0}, End: lspPos{1, 9}}, d.FullRange, "the whole declaration")

	for _, text := range []string{
		"theorem t : True := by\n  sorry\n",
		"theorem t : True := by\n  exact foo\n",
		"theorem t : True := trivial\n",
	} {
		for _, d := range elaborate(text, true).all() {
			assert.False(t, d.IsSilent, "%q: %+v", text, d)
		}
	}
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
	text := "theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact hp; frobnicate\n  exact hp\n" +
		"theorem u (x y : Int) (h : x = y) : y = x ∧ x = y := by\n  constructor\n  · omega\n  · have h2 : x = y := by\n      omega\n    exact h2\n"
	r := elaborate(text, false)
	gs := func(line, char int) []string {
		g, ok := r.goalAt(lspPos{line, char})
		if !ok {
			return nil
		}
		return g
	}
	h := "p : Prop\nhp : p\n"
	assert.Equal(t, []string{h + "⊢ p ∧ p"}, gs(1, 0), "before the line's first tactic")
	assert.Equal(t, []string{h + "⊢ p ∧ p"}, gs(1, 5), "inside constructor")
	assert.Equal(t, []string{"case left\n" + h + "⊢ p", "case right\n" + h + "⊢ p"}, gs(1, 13), "after constructor")
	assert.Equal(t, []string{"case right\n" + h + "⊢ p"}, gs(2, 10), "after exact hp, before ;")
	assert.Nil(t, gs(2, 22), "after the tactic that does not parse")
	assert.Nil(t, gs(3, 10), "never run")
	assert.Nil(t, gs(0, 3), "the statement")
	assert.Nil(t, gs(99, 0), "no such line")

	// Goals after a top-level tactic whose last line is nested: the enclosing tactic's.
	hu := "x y : Int\nh : x = y\n"
	assert.Equal(t, []string{"case right\n" + hu + "⊢ x = y"}, gs(6, 9), "after `· omega`")
	assert.Equal(t, []string{}, gs(9, 12), "after the last block")
	assert.Equal(t, []string{"case right\n" + hu + "⊢ x = y"}, gs(7, 2), "at `·`: before it")
}
