package replsim

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

func addTranscriptSeeds(f *testing.F, perRequest bool) {
	ins := testshared.Glob("lean/transcripts/*.in")
	for _, in := range ins {
		data, err := os.ReadFile(in)
		if err != nil {
			continue
		}
		if !perRequest {
			f.Add(string(data))
			continue
		}
		for _, r := range strings.Split(string(data), "\n\n") {
			if v, err := ParseJSON(r); err == nil {
				if c, ok := v.Get("cmd"); ok {
					f.Add(c.s)
				}
				if c, ok := v.Get("tactic"); ok {
					f.Add(c.s)
				}
			}
		}
	}
}

var dialectSeeds = []string{
	"example : ∀ (v1 v2 : Rat), (v1 + v2) ^ 2 = v1 ^ 2 + (2 : Rat) * v1 * v2 + v2 ^ 2 := by grind",
	"example : ∀ (v1 : Rat), v1 ≠ (0 : Rat) → (v1 ^ 2 + v1) / v1 = v1 + (1 : Rat) := by grind",
	"example : ∀ (v1 : Rat), v1 ^ 2 - (5 : Rat) * v1 + (6 : Rat) = (0 : Rat) → v1 = (2 : Rat) := by grind",
	"example : (1 : Rat) / 2 + 1 / 3 = 5 / 6 := by decide +kernel",
	"example : ¬((1 : Rat) / 2 + 1 / 3 = 5 / 6) := by decide +kernel",
	"example (v1 : Rat) (h1 : v1 = (3 : Rat) / 4 - 2 ^ 3) : v1 * 4 ≥ (3 : Rat) ∧ v1 ≠ 0 := by subst_vars; decide +kernel",
	"theorem t : 2 ^ 2 ^ 64 > 0 := by native_decide\n#eval Lean.versionString",
	"import Mathlib\nexample : (2.5 : ℚ)⁻¹ < 1 := by norm_num",
	"def f := 37\nexample : f = 37 := by rfl\n#eval f / 0",
	"example : True := by\n  sorry\n  sorry",
	"theorem foo (x : Int) : x = x := by\n  by_cases h : x < 0\n  case pos => rfl\n  all_goals sorry",
	"theorem g (a : Nat) (x : Int) (h : x = a - 1) : ∀ k : Nat, k + a ≥ Nat.succ 5 := sorry\n#print axioms g\nset_option pp.all true in #check @_root_.g",
	"theorem t (n : Nat) (h : n % 2 = 0) : n * n % 2 = 0 := by\n  obtain ⟨k, rfl⟩ : ∃ k, n = 2 * k := ⟨n / 2, by omega⟩\n  rw [Nat.mul_assoc]\n  exact Nat.mul_mod_right 2 _\n#print axioms t",
	"theorem t (p q : Prop) (h : p ∨ q) : q ∨ p := by\n  rcases h with hp | hq\n  · right; exact hp\n  · exact Or.inl hq",
	"open Nat in theorem t (n : Nat) : ∀ m : Nat, succ n + m = m + n.succ := fun m => by omega",
	"axiom ax : ∀ a b : Nat, a = b\ntheorem t : 1 = 2 := ax 1 2\n#print axioms t",
	"theorem t (a b : Int) (h : a - b = 3) (h' : a + b ≤ 1) : b ≤ -1 := by\n  intro\n  try omega\n  simp at h\n  have := h.symm\n  exact absurd h h'",
	"set_option maxHeartbeats 400000 in\n@[simp] private theorem t : True := by\n  have _s : String := s!\"{(sorry : Nat)} {'a'}\"\n  trivial",
}

// FuzzServe feeds arbitrary bytes to the whole simulator: it must never panic, and when it
// exits normally every reply it wrote must be a valid, Lean-formatted JSON value.
func FuzzServe(f *testing.F) {
	addTranscriptSeeds(f, false)
	for _, s := range dialectSeeds {
		f.Add(Obj().Set("cmd", Str(s)).String() + "\n\n" + `{"tactic": "decide", "proofState": 0}` + "\n\n")
	}
	f.Add("\n\n")
	f.Add("{\"cmd\": \"x\"}\n\n\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out, errOut bytes.Buffer
		code := Serve(context.Background(), strings.NewReader(in), &out, &errOut, Options{Mathlib: true, noFiles: true})
		require.Contains(t, []int{0, 1}, code, "exit %d", code)
		for _, c := range chunks(out.String()) {
			body := strings.TrimSuffix(c, "\n\n")
			v, err := ParseJSON(body)
			require.NoError(t, err, "invalid reply %q", c)
			require.True(t, strings.HasSuffix(c, "\n\n"), "invalid reply %q", c)
			require.Equal(t, body, v.String(), "reply not in Lean's format")
		}
	})
}

// FuzzCommand elaborates arbitrary Lean text, then runs a tactic on every sorry it left.
func FuzzCommand(f *testing.F) {
	addTranscriptSeeds(f, true)
	for _, s := range dialectSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s := NewServer(Options{Mathlib: true, noFiles: true})
		v, err := s.Handle(Obj().Set("cmd", Str(src)).String())
		require.NoError(t, err, "command is fatal")
		for i := 0; i < len(s.states); i++ {
			for _, tac := range []string{"decide +kernel", "subst_vars", src} {
				_, err := s.Handle(Obj().Set("proofState", Int(i)).Set("tactic", Str(tac)).String())
				require.NoError(t, err, "tactic is fatal")
			}
			if i > 20 {
				break
			}
		}
		_ = v.String()
	})
}

// FuzzJSON checks that printing is stable: parse, print, parse again gives the same value
// and the same text.
func FuzzJSON(f *testing.F) {
	addTranscriptSeeds(f, false)
	f.Add(`{"a": [1, 2.50, -0, 1e3, "\u0001\t"], "b": {"c": null, "d": true}}`)
	f.Fuzz(func(t *testing.T, in string) {
		v, err := ParseJSON(in)
		if err != nil {
			return
		}
		p := v.String()
		w, err := ParseJSON(p)
		require.NoError(t, err, "printed JSON does not parse:\n%s", p)
		require.True(t, w.Equal(v), "round trip changed the value:\n%s\n%s", p, w.String())
		require.Equal(t, p, w.String(), "round trip changed the text")

	})
}
