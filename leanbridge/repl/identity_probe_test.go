package repl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIdentityProbe: the identity tactic's start-up probe on the simulator, honest and
// misbehaving. A worker whose identity tactic fails the probe still starts and serves closed
// arithmetic; it only reports SymbolicOK false, with the reason.
func TestIdentityProbe(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		tactic     string
		wantOK     bool
		wantReason string
		wantProved []bool // per probe line
	}{
		{"honest grind", nil, "", true, "", []bool{true, true, false, false}},
		{"grind that proves anything", []string{"-grind-lies"}, "", false,
			`grind "proves" the false identity "∀ (v1 : Rat), (v1 ^ 2 + v1) / v1 = v1 + (1 : Rat)"`, []bool{true, true, true, true}},
		{"a tactic this toolchain does not have", nil, "ring", false,
			`ring does not prove the true identity "∀ (v1 : Rat), (v1 + (1 : Rat)) ^ 2 = v1 ^ 2 + (2 : Rat) * v1 + (1 : Rat)": unknown tactic`,
			[]bool{false, false, false, false}},
		{"a tactic that proves nothing here", nil, "omega", false, "omega does not prove the true identity", []bool{false, false, false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := simConfig(tt.args...)
			cfg.IdentityTactic = tt.tactic
			w, err := StartWorker(ctxT(t), cfg)
			require.NoError(t, err, "a failed identity probe must not stop the worker")
			defer w.Close()
			pr, ok := w.Probe()
			require.True(t, ok)
			assert.True(t, pr.Passed(), "the closed probe is independent of the identity tactic")
			assert.Equal(t, tt.wantOK, w.SymbolicOK())
			assert.Equal(t, tt.wantOK, pr.SymbolicOK())
			if tt.wantReason == "" {
				assert.Empty(t, pr.IdentityReason)
			} else {
				assert.Contains(t, pr.IdentityReason, tt.wantReason)
			}
			require.Len(t, pr.Identity, len(tt.wantProved))
			for i, p := range pr.Identity {
				assert.Equal(t, tt.wantProved[i], p.Proved, "line %d: %s %+v", i+1, p.Claim, p.Messages)
				assert.Equal(t, !tt.wantProved[i], p.Rejected, "line %d: %s", i+1, p.Claim)
			}
			// Closed arithmetic is served either way.
			r, err := w.CommandOnHeader(ctxT(t), "", CommandRequest{Cmd: "example : (2 : Rat) + (2 : Rat) = (4 : Rat) := by decide +kernel"})
			require.NoError(t, err)
			assert.True(t, r.Accepted(), "%+v", r.Messages)
		})
	}
}

// TestPoolSymbolicOK: the pool allows symbolic lines only when every worker passed.
func TestPoolSymbolicOK(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want bool
	}{
		{"honest", nil, true},
		{"lying grind", []string{"-grind-lies"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := simConfig(tt.args...)
			cfg.Workers = 2
			p, err := NewPool(ctxT(t), cfg)
			require.NoError(t, err)
			defer p.Close()
			assert.Equal(t, tt.want, p.SymbolicOK())
			require.Len(t, p.Probes(), 2)
			for _, pr := range p.Probes() {
				assert.Equal(t, tt.want, pr.SymbolicOK())
			}
		})
	}
}

// TestProbeSkippedIsNotSymbolic: without a probe nothing is known of the identity tactic.
func TestProbeSkippedIsNotSymbolic(t *testing.T) {
	cfg := simConfig()
	cfg.SkipProbe = true
	w, err := StartWorker(ctxT(t), cfg)
	require.NoError(t, err)
	defer w.Close()
	assert.False(t, w.SymbolicOK())
}

func TestJudgeLines(t *testing.T) {
	r := &CommandResponse{
		Messages: []Message{
			{Severity: "error", Pos: Pos{Line: 2, Column: 70}, Data: "`grind` failed"},
			{Severity: "warning", Pos: Pos{Line: 3, Column: 0}, Data: "declaration uses `sorry`"},
			{Severity: "info", Pos: Pos{Line: 4, Column: 0}, Data: "a note"},
		},
	}
	proved, rejected, msgs := judgeLines(r, 4)
	assert.Equal(t, []bool{true, false, false, true}, proved)
	assert.Equal(t, []bool{false, true, false, false}, rejected)
	assert.Len(t, msgs[1], 1)
	assert.Empty(t, msgs[0])

	// An error Lean could not place tells against every line.
	r = &CommandResponse{Messages: []Message{{Severity: "error", Pos: Pos{Line: 0}, Data: "boom"}}}
	proved, rejected, _ = judgeLines(r, 2)
	assert.Equal(t, []bool{false, false}, proved)
	assert.Equal(t, []bool{false, false}, rejected)
}
