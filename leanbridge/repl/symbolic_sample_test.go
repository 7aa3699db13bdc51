package repl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The symbolic sample: §1b lines of every kind (docs/CONTRACTS.md), with what Lean must answer.
// TestSymbolicSampleOnSimulator runs it through the simulator here; TestLeanSymbolicSample
// (symbolic_lean_test.go, build tag lean) runs it through a real REPL. Rows the simulator does
// not decide say so (simUndecided): it must then answer "not simulated", never accept.
type symbolicRow struct {
	name         string
	cmd          string
	proved       bool // Lean proves it (no error, no sorry); otherwise an error is expected
	simUndecided bool // the simulator answers "not simulated" (an error) instead
}

// byGrind and byDecide write one declaration of the dialect.
func byGrind(prop string) string  { return "example : " + prop + " := by grind" }
func byDecide(prop string) string { return "example : " + prop + " := by decide +kernel" }

var symbolicSample = []symbolicRow{
	// True polynomial identities.
	{"square of a sum", byGrind("∀ (v1 v2 : Rat), (v1 + v2) ^ 2 = v1 ^ 2 + (2 : Rat) * v1 * v2 + v2 ^ 2"), true, false},
	{"difference of squares", byGrind("∀ (v1 : Rat), (v1 + (1 : Rat)) * (v1 - (1 : Rat)) = v1 ^ 2 - (1 : Rat)"), true, false},
	{"sum of cubes", byGrind("∀ (v1 : Rat), v1 ^ 3 + (1 : Rat) = (v1 + (1 : Rat)) * (v1 ^ 2 - v1 + (1 : Rat))"), true, false},
	{"decimal coefficients", byGrind("∀ (v1 : Rat), (0.5 : Rat) * v1 + (1.5 : Rat) * v1 = (2 : Rat) * v1"), true, false},
	// True identities with division and their side conditions.
	{"cancel with side condition", byGrind("∀ (v1 : Rat), v1 ≠ (0 : Rat) → (v1 ^ 2 + v1) / v1 = v1 + (1 : Rat)"), true, false},
	{"partial fractions", byGrind("∀ (v1 : Rat), v1 ≠ (0 : Rat) → v1 + (1 : Rat) ≠ (0 : Rat) → (1 : Rat) / v1 - (1 : Rat) / (v1 + (1 : Rat)) = (1 : Rat) / (v1 * (v1 + (1 : Rat)))"), true, false},
	{"two variables over a common denominator", byGrind("∀ (v1 v2 : Rat), v2 ≠ (0 : Rat) → v1 / v2 + (1 : Rat) = (v1 + v2) / v2"), true, false},
	{"grind manual: no side condition needed", byGrind("∀ (v1 : Rat), (1 : Rat) / v1 + (1 : Rat) / ((2 : Rat) * v1) = (3 : Rat) / ((2 : Rat) * v1)"), true, false},
	{"true in Lean through the zero case", byGrind("∀ (v1 : Rat), v1 / v1 * v1 = v1"), true, false},
	// False identities: never accepted.
	{"math-347 factoring", byGrind("∀ (v1 : Rat), v1 ^ 3 - (1 : Rat) = (v1 + (1 : Rat)) * (v1 ^ 2 - v1 + (1 : Rat))"), false, false},
	{"math-5 expansion (its first error)", byGrind("∀ (v1 : Rat), (v1 + (2 : Rat)) * (v1 - (1 : Rat)) - (v1 + (3 : Rat)) * (v1 - (2 : Rat)) = (v1 ^ 2 + v1 - (2 : Rat) * v1 - (2 : Rat)) - (v1 ^ 2 + (3 : Rat) * v1 - (2 : Rat) * v1 - (6 : Rat))"), false, false},
	{"olympiadbench-106 square", byGrind("∀ (v1 : Rat), v1 ^ 2 - (60 : Rat) * v1 + (400 : Rat) = (v1 - (20 : Rat)) ^ 2"), false, false},
	{"square without the middle term", byGrind("∀ (v1 : Rat), (v1 + (1 : Rat)) ^ 2 = v1 ^ 2 + (1 : Rat)"), false, false},
	{"cancel without its side condition", byGrind("∀ (v1 : Rat), (v1 ^ 2 + v1) / v1 = v1 + (1 : Rat)"), false, false},
	{"x / x = 1 without x ≠ 0", byGrind("∀ (v1 : Rat), v1 / v1 = (1 : Rat)"), false, false},
	{"false despite side condition", byGrind("∀ (v1 v2 : Rat), v2 ≠ (0 : Rat) → v1 / v2 + (1 : Rat) = (v1 + (1 : Rat)) / v2"), false, false},
	// Equation transformations in one unknown.
	{"olympiadbench-171 true step", byGrind("∀ (v1 : Rat), v1 ^ 2 - (3 : Rat) * v1 + (2 : Rat) = (322 : Rat) → v1 ^ 2 - (3 : Rat) * v1 - (320 : Rat) = (0 : Rat)"), true, false},
	{"factoring a solved quadratic", byGrind("∀ (v1 : Rat), v1 ^ 2 - (5 : Rat) * v1 + (6 : Rat) = (0 : Rat) → (v1 - (2 : Rat)) * (v1 - (3 : Rat)) = (0 : Rat)"), true, false},
	{"square is zero", byGrind("∀ (v1 : Rat), v1 ^ 2 = (0 : Rat) → v1 = (0 : Rat)"), true, false},
	{"one root of two", byGrind("∀ (v1 : Rat), v1 ^ 2 - (5 : Rat) * v1 + (6 : Rat) = (0 : Rat) → v1 = (2 : Rat)"), false, false},
	{"dividing by a numeral (MR-GSM8K, cleared)", byGrind("∀ (v1 : Rat), (10 : Rat) - v1 / (10 : Rat) = (5 : Rat) → (100 : Rat) - v1 = (50 : Rat)"), true, false},
	{"dividing by a numeral, cleared wrongly", byGrind("∀ (v1 : Rat), (10 : Rat) - v1 / (10 : Rat) = (5 : Rat) → (10 : Rat) - v1 = (50 : Rat)"), false, false},
	{"wrong root", byGrind("∀ (v1 : Rat), (2 : Rat) * v1 + (1 : Rat) = (0 : Rat) → v1 = (1 : Rat)"), false, false},
	{"olympiadbench-171 false step", byGrind("∀ (v1 : Rat), v1 ^ 2 - (3 : Rat) * v1 + (2 : Rat) = (322 : Rat) → v1 ^ 2 - (3 : Rat) * v1 - (318 : Rat) = (0 : Rat)"), false, true},
	// The closed refutation at the exact checker's witness (§1b: never a negated ∀).
	{"math-347 refuted at 2", byDecide("¬((2 : Rat) ^ 3 - (1 : Rat) = ((2 : Rat) + (1 : Rat)) * ((2 : Rat) ^ 2 - (2 : Rat) + (1 : Rat)))"), true, false},
	{"a true identity is not refuted at 2", byDecide("¬(((2 : Rat) + (1 : Rat)) ^ 2 = (2 : Rat) ^ 2 + (2 : Rat) * (2 : Rat) + (1 : Rat))"), false, false},
	{"wrong root refuted at -1/2", byDecide("¬((2 : Rat) * ((-1 : Rat) / (2 : Rat)) + (1 : Rat) = (0 : Rat) → (-1 : Rat) / (2 : Rat) = (1 : Rat))"), true, false},
}

// judgeSample checks one reply against its row; onSim selects the simulator's expectations.
func judgeSample(t *testing.T, row symbolicRow, r *CommandResponse, onSim bool) {
	t.Helper()
	if onSim && row.simUndecided {
		require.False(t, r.Accepted(), "%s: the simulator must not accept what it does not decide", row.cmd)
		require.NotEmpty(t, r.Errors(), "%s", row.cmd)
		assert.Contains(t, r.Errors()[0].Data, "not simulated", "%s", row.cmd)
		return
	}
	if row.proved {
		assert.True(t, r.Accepted(), "%s: want proved, got %+v", row.cmd, r.Messages)
	} else {
		assert.False(t, r.Accepted(), "%s: want not proved", row.cmd)
		assert.NotEmpty(t, r.Errors(), "%s: want an error", row.cmd)
	}
}

// TestSymbolicSampleOnSimulator: the simulator answers the sample as Lean must.
func TestSymbolicSampleOnSimulator(t *testing.T) {
	w := startSimWorker(t)
	require.True(t, w.SymbolicOK())
	for _, row := range symbolicSample {
		t.Run(row.name, func(t *testing.T) {
			r, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: row.cmd})
			require.NoError(t, err)
			judgeSample(t, row, r, true)
		})
	}
}

// TestSymbolicSampleOneCommand: the whole sample as one command, one declaration per line, as
// translate sends a chain's obligations; each line's verdict comes from its own line.
func TestSymbolicSampleOneCommand(t *testing.T) {
	w := startSimWorker(t)
	var lines []string
	for _, row := range symbolicSample {
		lines = append(lines, row.cmd)
	}
	r, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: strings.Join(lines, "\n")})
	require.NoError(t, err)
	proved, _, msgs := judgeLines(r, len(lines))
	for i, row := range symbolicSample {
		want := row.proved && !row.simUndecided
		assert.Equal(t, want, proved[i], "line %d %s: %+v", i+1, row.name, msgs[i])
	}
}
