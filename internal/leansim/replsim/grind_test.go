package replsim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGrind: the symbolic obligations of CONTRACTS §1b, each answered as Lean's grind would
// (accepted, or "`grind` failed"), or "not simulated" where the simulator does not know.
func TestGrind(t *testing.T) {
	const (
		accepted     = "accepted"
		failed       = "`grind` failed\ncase grind\n"
		notSimulated = "leanprm-simulator: 'grind' here ("
	)
	tests := []struct{ name, cmd, want string }{
		{"square of a sum", "example : ∀ (v1 v2 : Rat), (v1 + v2) ^ 2 = v1 ^ 2 + 2 * v1 * v2 + v2 ^ 2 := by grind", accepted},
		{"sum of cubes", "example : ∀ (v1 : Rat), v1 ^ 3 + (1 : Rat) = (v1 + (1 : Rat)) * (v1 ^ 2 - v1 + (1 : Rat)) := by grind", accepted},
		{"math-347 false factoring", "example : ∀ (v1 : Rat), v1 ^ 3 - (1 : Rat) = (v1 + (1 : Rat)) * (v1 ^ 2 - v1 + (1 : Rat)) := by grind", failed},
		{"square off by 2x", "example : ∀ (v1 : Rat), (v1 + 1) ^ 2 = v1 ^ 2 + 1 := by grind", failed},
		{"decimal literal", "example : ∀ (v1 : Rat), (0.5 : Rat) * v1 + (0.5 : Rat) * v1 = v1 := by grind", accepted},
		{"closed claim", "example : (1 : Rat) / 2 + (1 : Rat) / 3 = (5 : Rat) / 6 := by grind", accepted},
		{"closed false claim", "example : (1 : Rat) / 2 + (1 : Rat) / 3 = (1 : Rat) / 6 := by grind", failed},
		// Division: Lean's x / 0 = 0.
		{"x/x with side condition", "example : ∀ (v1 : Rat), v1 ≠ 0 → v1 / v1 = (1 : Rat) := by grind", accepted},
		{"x/x without side condition", "example : ∀ (v1 : Rat), v1 / v1 = (1 : Rat) := by grind", failed},
		{"partial fractions", "example : ∀ (v1 : Rat), v1 ≠ 0 → v1 + (1 : Rat) ≠ 0 → (1 : Rat) / v1 - (1 : Rat) / (v1 + (1 : Rat)) = (1 : Rat) / (v1 * (v1 + (1 : Rat))) := by grind", accepted},
		{"partial fractions, one condition missing", "example : ∀ (v1 : Rat), v1 ≠ 0 → (1 : Rat) / v1 - (1 : Rat) / (v1 + (1 : Rat)) = (1 : Rat) / (v1 * (v1 + (1 : Rat))) := by grind", failed},
		{"nested fraction", "example : ∀ (v1 : Rat), v1 ≠ 0 → (1 : Rat) + (1 : Rat) / v1 ≠ 0 → (1 : Rat) / ((1 : Rat) + (1 : Rat) / v1) = v1 / (v1 + (1 : Rat)) := by grind", accepted},
		{"false with conditions", "example : ∀ (v1 v2 : Rat), v2 ≠ 0 → v1 / v2 + (1 : Rat) = (v1 + (1 : Rat)) / v2 := by grind", failed},
		{"divisor root off the grid", "example : ∀ (v1 : Rat), (1 : Rat) / (v1 + (5 : Rat)) * (v1 + (5 : Rat)) = (1 : Rat) := by grind", failed},
		{"true only through the zero case", "example : ∀ (v1 : Rat), v1 / v1 * v1 = v1 := by grind", accepted},
		{"grind manual: no side condition needed", "example : ∀ (v1 : Rat), (1 : Rat) / v1 + (1 : Rat) / ((2 : Rat) * v1) = (3 : Rat) / ((2 : Rat) * v1) := by grind", accepted},
		{"false at a divisor's root only", "example : ∀ (v1 : Rat), (v1 - (7 : Rat)) / (v1 - (7 : Rat)) = (1 : Rat) := by grind", failed},
		{"two variables, true through the zero case", "example : ∀ (v1 v2 : Rat), v1 / v2 * v2 * v2 = v1 * v2 := by grind", notSimulated},
		{"two variables, false at a zero", "example : ∀ (v1 v2 : Rat), v1 / v2 * v2 = v1 := by grind", failed},
		{"closed division by zero", "example : (1 : Rat) / (0 : Rat) = (0 : Rat) := by grind", accepted},
		// Equation transformations in one unknown.
		{"olympiad-171 true", "example : ∀ (v1 : Rat), v1 ^ 2 - (3 : Rat) * v1 + (2 : Rat) = (322 : Rat) → v1 ^ 2 - (3 : Rat) * v1 - (320 : Rat) = (0 : Rat) := by grind", accepted},
		{"factored conclusion", "example : ∀ (v1 : Rat), v1 ^ 2 - (5 : Rat) * v1 + (6 : Rat) = (0 : Rat) → (v1 - (2 : Rat)) * (v1 - (3 : Rat)) = (0 : Rat) := by grind", accepted},
		{"radical", "example : ∀ (v1 : Rat), v1 ^ 2 = (0 : Rat) → v1 = (0 : Rat) := by grind", accepted},
		{"one root of two", "example : ∀ (v1 : Rat), v1 ^ 2 - (5 : Rat) * v1 + (6 : Rat) = (0 : Rat) → v1 = (2 : Rat) := by grind", failed},
		{"root refutes", "example : ∀ (v1 : Rat), (2 : Rat) * v1 + (1 : Rat) = (0 : Rat) → v1 = (1 : Rat) := by grind", failed},
		{"no rational root", "example : ∀ (v1 : Rat), v1 ^ 2 - (3 : Rat) * v1 + (2 : Rat) = (322 : Rat) → v1 ^ 2 - (3 : Rat) * v1 - (318 : Rat) = (0 : Rat) := by grind", notSimulated},
		{"two unknowns", "example : ∀ (v1 v2 : Rat), v1 = v2 → v1 + v2 = (2 : Rat) * v1 := by grind", notSimulated},
		{"division by a numeral, true", "example : ∀ (v1 : Rat), (10 : Rat) - v1 / (10 : Rat) = (5 : Rat) → (100 : Rat) - v1 = (50 : Rat) := by grind", accepted},
		{"division by a numeral, refuted at the root", "example : ∀ (v1 : Rat), (10 : Rat) - v1 / (10 : Rat) = (5 : Rat) → (10 : Rat) - v1 = (50 : Rat) := by grind", failed},
		{"division by zero in a hypothesis", "example : ∀ (v1 : Rat), v1 / (0 : Rat) = (0 : Rat) → v1 = (0 : Rat) := by grind", notSimulated},
		{"division by a variable in a hypothesis", "example : ∀ (v1 : Rat), (1 : Rat) / v1 = (2 : Rat) → (2 : Rat) * v1 = (1 : Rat) := by grind", notSimulated},
		{"cast of a closed Nat subtraction", "example : ∀ (v1 : Rat), v1 + ((2 - 3 : Nat) : Rat) = v1 := by grind", accepted},
		// Outside the fragment.
		{"order", "example : ∀ (v1 : Rat), v1 ^ 2 + (1 : Rat) > (0 : Rat) := by grind", notSimulated},
		{"nat", "example : ∀ (n : Nat), n + 0 = n := by grind", notSimulated},
		{"options", "example : ∀ (v1 : Rat), v1 = v1 := by grind +ring", "leanprm-simulator: 'grind' with arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := cmdReply(t, NewServer(Options{}), tt.cmd)
			errs := errorsOf(v)
			_, hasSorries := v.Get("sorries")
			require.False(t, hasSorries)
			if tt.want == accepted {
				assert.Empty(t, errs, "%s", tt.cmd)
				return
			}
			require.Len(t, errs, 1, "%s", tt.cmd)
			assert.Contains(t, data(errs[0]), tt.want)
		})
	}
}

// TestGrindFailureShowsTheNegatedGoal: the message has Lean's shape — the case, the context
// with anonymous hypotheses named h, h_1, …, the negated goal last, ⊢ False.
func TestGrindFailureShowsTheNegatedGoal(t *testing.T) {
	v := cmdReply(t, NewServer(Options{}), "example : ∀ (v1 : Rat), (2 : Rat) * v1 = (2 : Rat) → v1 = (2 : Rat) := by grind")
	errs := errorsOf(v)
	require.Len(t, errs, 1)
	assert.Equal(t, "`grind` failed\ncase grind\nv1 : Rat\nh : 2 * v1 = 2\nh_1 : ¬v1 = 2\n⊢ False\n"+
		"[grind] Goal diagnostics\n  [facts] Asserted facts\n    [prop] 2 * v1 = 2\n    [prop] ¬v1 = 2", data(errs[0]))
}

// A side condition shows as grind shows a disequality, ¬a = b.
func TestGrindFailureShowsDisequalities(t *testing.T) {
	v := cmdReply(t, NewServer(Options{}), "example : ∀ (v1 v2 : Rat), v2 ≠ (0 : Rat) → v1 / v2 + (1 : Rat) = (v1 + (1 : Rat)) / v2 := by grind")
	errs := errorsOf(v)
	require.Len(t, errs, 1)
	assert.Contains(t, data(errs[0]), "case grind\nv1 v2 : Rat\nh : ¬v2 = 0\nh_1 : ¬v1 / v2 + 1 = (v1 + 1) / v2\n⊢ False\n")
}

// BenchmarkGrind: one §1b line per request, as a REPL worker would receive it.
func BenchmarkGrind(b *testing.B) {
	for _, bc := range []struct{ name, cmd string }{
		{"identity", "example : ∀ (v1 v2 : Rat), (v1 + v2) ^ 2 = v1 ^ 2 + (2 : Rat) * v1 * v2 + v2 ^ 2 := by grind"},
		{"side conditions", "example : ∀ (v1 : Rat), v1 ≠ (0 : Rat) → v1 + (1 : Rat) ≠ (0 : Rat) → (1 : Rat) / v1 - (1 : Rat) / (v1 + (1 : Rat)) = (1 : Rat) / (v1 * (v1 + (1 : Rat))) := by grind"},
		{"implication", "example : ∀ (v1 : Rat), v1 ^ 2 - (3 : Rat) * v1 + (2 : Rat) = (322 : Rat) → v1 ^ 2 - (3 : Rat) * v1 - (320 : Rat) = (0 : Rat) := by grind"},
		{"refuted at a root", "example : ∀ (v1 : Rat), v1 ^ 2 - (5 : Rat) * v1 + (6 : Rat) = (0 : Rat) → v1 = (2 : Rat) := by grind"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			req := Obj().Set("cmd", Str(bc.cmd)).String()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewServer(Options{}).Handle(req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
