package proofchain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFromSource(t *testing.T) {
	tests := []struct {
		name, src, theorem string
		want               Chain
	}{
		{
			name: "one tactic per line",
			src:  "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by\n  subst hb\n  subst h\n  rfl\n",
			want: Chain{Statement: "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6", Steps: []string{"subst hb", "subst h", "rfl"}},
		},
		{
			name: "semicolons, imports, a preamble and what follows the theorem",
			src:  "import Mathlib\nimport Foo.Bar\n\nopen Nat\n\ntheorem t (n : ℕ) : 0 < succ n := by simp; exact Nat.succ_pos n\n\n#print axioms t\n",
			want: Chain{Header: "import Mathlib\nimport Foo.Bar", Preamble: "open Nat", Statement: "theorem t (n : ℕ) : 0 < succ n",
				Steps: []string{"simp", "exact Nat.succ_pos n"}},
		},
		{
			name: "nested blocks stay in their step",
			src: "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n" +
				"  constructor\n" +
				"  · exact hp\n" +
				"  · have h : q := by\n" +
				"      exact hq\n" +
				"    exact h\n" +
				"  all_goals skip; done\n",
			want: Chain{Statement: "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q",
				Steps: []string{"constructor", "· exact hp", "· have h : q := by\n    exact hq\n  exact h", "all_goals skip; done"}},
		},
		{
			name: "comments, strings and brackets do not split",
			src: "theorem t : True := by\n" +
				"  -- a comment; with a semicolon\n" +
				"  have _s : String := \"a; b\" /- block ; -/\n" +
				"  exact (trivial :\n" +
				"  True)\n" +
				"  case x => skip; rfl\n",
			want: Chain{Statement: "theorem t : True",
				Steps: []string{"have _s : String := \"a; b\"", "exact (trivial :\nTrue)", "case x => skip; rfl"}},
		},
		{
			name: "open … in takes the rest of the block",
			src:  "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by\n  open Nat in\n  subst hb\n  subst h\n  rfl\n",
			want: Chain{Statement: "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6", Steps: []string{"open Nat in\nsubst hb\nsubst h\nrfl"}},
		},
		{
			name: "modifiers, attributes and set_option … in belong to the statement",
			src:  "def two : Nat := 2\n\nset_option maxHeartbeats 400000 in\n@[simp] private theorem t : two = 2 := by\n  rfl\n",
			want: Chain{Preamble: "def two : Nat := 2", Statement: "set_option maxHeartbeats 400000 in\n@[simp] private theorem t : two = 2", Steps: []string{"rfl"}},
		},
		{
			name:    "the theorem by name; unicode columns",
			src:     "theorem a (x : ℕ) : x = x := by\n  rfl\n\ntheorem «b» (x : ℕ) : ∀ y : ℕ, x + y = y + x := by\n  intro y\n  omega\ntheorem c : True := by trivial\n",
			theorem: "«b»",
			want: Chain{Preamble: "theorem a (x : ℕ) : x = x := by\n  rfl", Statement: "theorem «b» (x : ℕ) : ∀ y : ℕ, x + y = y + x",
				Steps: []string{"intro y", "omega"}},
		},
		{
			name: "the last declaration by default, an example",
			src:  "theorem a : True := by trivial\nexample : 1 + 1 = 2 := by\n    decide\n",
			want: Chain{Preamble: "theorem a : True := by trivial", Statement: "example : 1 + 1 = 2", Steps: []string{"decide"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromSource(tt.src, tt.theorem)
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
	for _, bad := range []struct{ src, theorem, why string }{
		{"theorem t : 1 = 1 := rfl\n", "", "not a `by` block"},
		{"def f : Nat := 1\n", "", "no theorem"},
		{"theorem t : 1 = 1 := by\n", "", "empty"},
		{"theorem t : 1 = 1 := by rfl\n", "u", "no theorem named u"},
		{"theorem t : 1 = 1 := by\n  rfl /- unterminated\n", "", "does not lex"},
		{"theorem t : 1 = 1\n", "", "no `:=`"},
	} {
		_, err := FromSource(bad.src, bad.theorem)
		assert.ErrorIs(t, err, ErrInvalid, "FromSource(%q)", bad.src)
		assert.ErrorContains(t, err, bad.why, "FromSource(%q)", bad.src)
	}
}

func TestParse(t *testing.T) {
	ch, err := Parse([]byte(`{"statement": "theorem t : True", "steps": ["trivial"], "header": "import Mathlib"}`))
	require.NoError(t, err, "%#v", ch)
	require.Equal(t, Chain{Header: "import Mathlib", Statement: "theorem t : True", Steps: []string{"trivial"}}, ch)
	for _, bad := range []string{
		`{"statement": "theorem t : True", "step": ["trivial"]}`,
		`{"statement": "theorem t : True", "steps": []}`,
		`{"statement": " ", "steps": ["trivial"]}`,
		`{"statement": "theorem t : True", "steps": ["trivial", " \n"]}`,
		`{"statement": "theorem t : True", "steps": ["trivial"]} {}`,
		`[]`,
	} {
		_, err := Parse([]byte(bad))
		assert.ErrorIs(t, err, ErrInvalid, "Parse(%s)", bad)
	}
}

func TestStatementAndProofText(t *testing.T) {
	for _, tt := range []struct{ stmt, decl string }{
		{"theorem t : True", "theorem t : True"},
		{"theorem t : True :=", "theorem t : True"},
		{"theorem t : True := by", "theorem t : True"},
		{"theorem t : True := by\n  sorry\n", "theorem t : True"},
		{"(2 : Rat) + 2 = 4", "example : (2 : Rat) + 2 = 4"},
		{"example: 1 = 1", "example: 1 = 1"},
		{"@[simp] private lemma t : True", "@[simp] private lemma t : True"},
		{"set_option maxHeartbeats 0 in\ntheorem t : True", "set_option maxHeartbeats 0 in\ntheorem t : True"},
		{"theorem no_sorry_here : True := foo_sorry", "theorem no_sorry_here : True := foo_sorry"},
		{"/-- doc -/\ntheorem t : True", "/-- doc -/\ntheorem t : True"},
		{"open Nat Real in theorem t : True", "open Nat Real in theorem t : True"},
		{"theorems_are_fun = 1", "example : theorems_are_fun = 1"},
	} {
		assert.Equal(t, tt.decl, normalizeStatement(tt.stmt), "normalizeStatement(%q)", tt.stmt)
	}
	ch := Chain{Preamble: "open Nat\n", Statement: "theorem t (n : Nat) : 0 < succ n := by",
		Steps: []string{"skip", "  have h : 0 < succ n := by\n    exact Nat.succ_pos n\n  exact h"}}
	cmd, line := StatementCommand(ch)
	assert.Equal(t, "open Nat\n\ntheorem t (n : Nat) : 0 < succ n := by\n  sorry", cmd, "StatementCommand: %q, line %d", cmd, line)
	assert.Equal(t, 4, line, "StatementCommand: %q, line %d", cmd, line)
	want := "open Nat\n\ntheorem t (n : Nat) : 0 < succ n := by\n  skip\n  have h : 0 < succ n := by\n    exact Nat.succ_pos n\n  exact h\n"
	assert.Equal(t, want, ProofText(ch), "ProofText")
}

func TestSplitStep(t *testing.T) {
	for _, tt := range []struct {
		step string
		want []string
	}{
		{"rfl", []string{"rfl"}},
		{"subst hb; subst h", []string{"subst hb", "subst h"}},
		{"  subst hb\n  rfl\n", []string{"subst hb", "rfl"}},
		{"have h : q := by\n  exact hq; exact h", []string{"have h : q := by\n  exact hq; exact h"}},
		{"all_goals simp; rfl", []string{"all_goals simp; rfl"}},
		{"exact (foo; bar)", []string{"exact (foo; bar)"}},
		{"· simp; rfl", []string{"· simp; rfl"}},
	} {
		assert.Equal(t, tt.want, SplitStep(tt.step), "SplitStep(%q)", tt.step)
	}
}

// FuzzFromSource: any text either gives an error matching ErrInvalid or a valid
// chain whose statement and steps come from the text.
func FuzzFromSource(f *testing.F) {
	for _, s := range []string{
		"theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by\n  subst hb\n  subst h\n  rfl\n",
		"import Mathlib\nopen Nat\ntheorem t (n : ℕ) : 0 < succ n := by simp; exact Nat.succ_pos n\n",
		"theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  constructor\n  · exact hp\n  · have h : q := by\n      exact hq\n    exact h\n",
		"theorem t : True := by\n  have _s : String := s!\"a; {1 + 2}\" -- ;\n  open Nat in\n  trivial\n",
		"set_option maxHeartbeats 1 in\n@[simp] private theorem «t» : 1 = 1 := by (rfl)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ch, err := FromSource(src, "")
		if err != nil {
			require.ErrorIs(t, err, ErrInvalid)
			return
		}
		require.NoError(t, ch.Validate(), "invalid chain returned")
		require.Contains(t, src, ch.Statement, "statement %q is not in the source", ch.Statement)
		for _, s := range ch.Steps {
			first, _, _ := strings.Cut(s, "\n")
			require.Contains(t, src, first, "step %q is not in the source", s)
			_ = SplitStep(s)
		}
		_ = ProofText(ch)
	})
}
