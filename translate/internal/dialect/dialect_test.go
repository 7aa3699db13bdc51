package dialect

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const decideKernel = "decide +kernel"

func TestValidate(t *testing.T) {
	const tac = decideKernel
	tests := []struct {
		line string
		ok   bool
	}{
		{"example : (1 : Rat) + (2 : Rat) = (3 : Rat) := by decide +kernel", true},
		{"example : ¬((1 : Rat) + (2 : Rat) = (4 : Rat)) := by decide +kernel", true},
		{"example : (0.325 : Rat) ≤ (1 : Rat) / (3 : Rat) ∧ (1 : Rat) / (3 : Rat) ≤ (0.335 : Rat) := by decide +kernel", true},
		{"example : -(5 : Rat) < (0 : Rat) := by decide +kernel", true},
		{"example : (-(2 : Rat)) ^ 2 = (4 : Rat) := by decide +kernel", true},
		{"example : (2 : Rat) * (3 : Rat) ^ 2 ≥ (18 : Rat) := by decide +kernel", true},
		{"example (v1 : Rat) (h1 : v1 = (5 : Rat)) : (2 : Rat) * v1 = (10 : Rat) := by subst_vars; decide +kernel", true},
		{"example (v1 : Rat) (h1 : v1 = -(1 : Rat) / (3 : Rat)) : v1 ≠ (0 : Rat) := by subst_vars; decide +kernel", false}, // "-" then a non-atom
		{"example (v1 : Rat) (h1 : v1 = -((1 : Rat) / (3 : Rat))) : v1 ≠ (0 : Rat) := by subst_vars; decide +kernel", true},
		// Not the dialect.
		{"example : 1 + 2 = 3 := by decide +kernel", false},                           // unascribed literals
		{"example : (1 : Nat) = (1 : Nat) := by decide +kernel", false},               // another type
		{"example : (1 : Rat) = (1 : Rat) := by norm_num", false},                     // another tactic
		{"example : (1 : Rat) = (1 : Rat) := by decide +kernel\n#eval 1", false},      // two lines
		{"example : (1 : Rat) = (1 : Rat) := by decide +kernel; sorry", false},        // trailing text
		{"example : -(2 : Rat) ^ 2 = (4 : Rat) := by decide +kernel", false},          // ambiguous minus
		{"example : (2 : Rat) * -(3 : Rat) = -(6 : Rat) := by decide +kernel", false}, // minus inside a product
		{"example : x = (1 : Rat) := by decide +kernel", false},                       // a name from text
		{"example : v1 = (1 : Rat) := by decide +kernel", false},                      // undeclared name
		{"example (v1 : Rat) (h2 : v1 = (1 : Rat)) : v1 = (1 : Rat) := by subst_vars; decide +kernel", false},
		{"example (v1 : Rat) (h1 : v1 = (1 : Rat)) : v1 = (1 : Rat) := by decide +kernel", false}, // no subst_vars
		{"example : (1.2.3 : Rat) = (1 : Rat) := by decide +kernel", false},
		{"example : (1. : Rat) = (1 : Rat) := by decide +kernel", false},
		{"example : (2 : Rat) ^ (2 : Rat) = (4 : Rat) := by decide +kernel", false}, // exponent must be a Nat literal
		{"example : (1 : Rat) == (1 : Rat) := by decide +kernel", false},
		{"example : ((1 : Rat) = (1 : Rat)) := by decide +kernel", false},
		{"", false},
	}
	for _, tt := range tests {
		err := Validate(tt.line, tac)
		assert.Equal(t, tt.ok, err == nil, "Validate(%q) = %v", tt.line, err)
	}
}

func TestParseDeclEvaluates(t *testing.T) {
	tests := []struct {
		line  string
		holds bool
	}{
		{"example : (1 : Rat) / (3 : Rat) + (1 : Rat) / (6 : Rat) = (0.5 : Rat) := by decide +kernel", true},
		{"example : (2 : Rat) - (3 : Rat) - (4 : Rat) = -(5 : Rat) := by decide +kernel", true}, // left-associative
		{"example : (2 : Rat) / (3 : Rat) / (4 : Rat) = (1 : Rat) / (6 : Rat) := by decide +kernel", true},
		{"example : (2 : Rat) ^ 10 = (1024 : Rat) := by decide +kernel", true},
		{"example : (2 : Rat) + (3 : Rat) * (4 : Rat) = (20 : Rat) := by decide +kernel", false},
		{"example : (1 : Rat) < (2 : Rat) ∧ (3 : Rat) < (2 : Rat) := by decide +kernel", false},
		{"example (v1 : Rat) (h1 : v1 = (7 : Rat) / (2 : Rat)) : (2 : Rat) * v1 = (7 : Rat) := by subst_vars; decide +kernel", true},
	}
	for _, tt := range tests {
		d, err := Parse(tt.line, decideKernel)
		require.NoError(t, err, "Parse(%q)", tt.line)
		assert.Equal(t, tt.holds, d.Holds, "Parse(%q).holds", tt.line)
	}
	// Division by zero is refused, not evaluated as Lean's a / 0 = 0.
	_, err := Parse("example : (1 : Rat) / (0 : Rat) = (0 : Rat) := by decide +kernel", decideKernel)
	assert.Error(t, err, "a division by zero was evaluated")
}

// FuzzValidate: the dialect parser never panics on any text.
func FuzzValidate(f *testing.F) {
	f.Add("example : (1 : Rat) = (1 : Rat) := by decide +kernel")
	f.Add("example (v1 : Rat) (h1 : v1 = (5 : Rat)) : v1 = (5 : Rat) := by subst_vars; decide +kernel")
	f.Add("example : (2 : Rat) ^ 9999 = (1 : Rat) := by decide +kernel")
	f.Fuzz(func(t *testing.T, line string) {
		_ = Validate(line, decideKernel)
		_, _ = Parse(line, decideKernel)
	})
}
