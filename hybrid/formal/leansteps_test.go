package formal

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/testutil/simchild"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// The rules from a checked chain to a Lean step's verdict, without a process: a verdict is
// refuted only when Lean rejected a tactic on its goal, never for what the environment lacks.
func TestVerdictRules(t *testing.T) {
	errMsg := func(data string) []proofchain.Message {
		return []proofchain.Message{{Severity: "error", Data: data}}
	}
	accepted := proofchain.Step{Index: 0, Tactic: "subst h", Status: proofchain.Accepted, Goals: []string{"⊢ 6 + 4 = 10"}}
	tests := []struct {
		name    string
		res     proofchain.Result
		want    hybrid.Verdict
		obs     []hybrid.Verdict // per obligation, the whole-proof one last when present
		lastMsg string           // the last obligation's last message
	}{
		{
			name: "verified",
			res: proofchain.Result{Verified: true, Checker: "sim", Steps: []proofchain.Step{accepted,
				{Index: 1, Tactic: "rfl", Status: proofchain.Accepted}}},
			want: hybrid.Verified, obs: []hybrid.Verdict{hybrid.Verified, hybrid.Verified},
		},
		{
			name: "refuted: a tactic rejected on its goal",
			res: proofchain.Result{Checker: "sim", Problems: []string{"step 1 failed"}, Text: "theorem …", Steps: []proofchain.Step{accepted,
				{Index: 1, Tactic: "decide", Status: proofchain.Failed, Messages: errMsg("tactic 'decide' proved that the proposition\n  6 + 4 = 11\nis false")}}},
			want: hybrid.Refuted, obs: []hybrid.Verdict{hybrid.Verified, hybrid.Refuted, hybrid.Refuted},
			lastMsg: "step 1 failed",
		},
		{
			name: "unknown: the environment lacks a name",
			res: proofchain.Result{Checker: "sim", Problems: []string{"step 0 failed"}, Steps: []proofchain.Step{
				{Index: 0, Tactic: "norm_num", Status: proofchain.Failed, Messages: errMsg("unknown tactic 'norm_num'\nmore")},
				{Index: 1, Tactic: "rfl", Status: proofchain.NotRun}}},
			want: hybrid.Unknown, obs: []hybrid.Verdict{hybrid.Unknown, hybrid.Unknown, hybrid.Unknown},
			lastMsg: "no verdict: Lean could not judge it here: unknown tactic 'norm_num'",
		},
		{
			name: "unknown: a rejected tactic beside an undecided one",
			res: proofchain.Result{Checker: "sim", Steps: []proofchain.Step{
				{Index: 0, Tactic: "omega", Status: proofchain.Failed, Messages: errMsg("omega could not prove the goal")},
				{Index: 1, Tactic: "simp", Status: proofchain.Failed, Messages: errMsg("maximum recursion depth has been reached")}}},
			want: hybrid.Unknown, obs: []hybrid.Verdict{hybrid.Refuted, hybrid.Unknown, hybrid.Unknown},
			lastMsg: "no verdict: Lean could not judge it here: maximum recursion depth has been reached",
		},
		{
			name: "unknown: the statement does not elaborate",
			res: proofchain.Result{Checker: "sim", StatementMessages: errMsg("type mismatch"), Steps: []proofchain.Step{
				{Index: 0, Tactic: "rfl", Status: proofchain.NotRun}}},
			want: hybrid.Unknown, obs: []hybrid.Verdict{hybrid.Unknown, hybrid.Unknown},
			lastMsg: "no verdict: the statement does not elaborate in this environment",
		},
		{
			name: "unknown: not run, proof unfinished",
			res:  proofchain.Result{Checker: "lean", Problems: []string{"the proof is not complete"}, Steps: []proofchain.Step{accepted}},
			want: hybrid.Unknown, obs: []hybrid.Verdict{hybrid.Verified, hybrid.Unknown},
			lastMsg: "the proof is not complete",
		},
		{
			name: "unknown: no steps and no problems",
			res:  proofchain.Result{Checker: "lean"},
			want: hybrid.Unknown,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			problems := len(tt.res.Problems)
			fs := Verdict(&tt.res)
			assert.Equal(t, tt.want, fs.Verdict)
			assert.True(t, fs.FullyFormal)
			assert.Equal(t, tt.res.Checker, fs.Checker)
			var got []hybrid.Verdict
			for _, ob := range fs.Obligations {
				got = append(got, ob.Verdict)
				assert.Equal(t, tt.res.Checker, ob.Checker)
			}
			assert.Equal(t, tt.obs, got)
			if tt.lastMsg != "" {
				last := fs.Obligations[len(fs.Obligations)-1].Messages
				assert.Equal(t, tt.lastMsg, last[len(last)-1])
			}
			assert.Len(t, tt.res.Problems, problems, "Verdict must not modify the result")
		})
	}
}

// The checks that need no Lean: without a checker a readable step is "not checked" (the learned
// score stands); anti-cheat findings make it unknown with or without Lean.
func TestPrecheck(t *testing.T) {
	const honest = "theorem t (a : Nat) (h : a = 6) : a + 4 = 10 := by\n  subst h\n  rfl"
	const cheat = "theorem t (a : Nat) : a = 7 := by\n  sorry"
	for _, tt := range []struct {
		name, src string
		checker   bool
		done      bool
		want      hybrid.Verdict
	}{
		{"no Lean", honest, false, true, hybrid.NoVerdict},
		{"no Lean, cheat", cheat, false, true, hybrid.Unknown},
		{"Lean, cheat", cheat, true, true, hybrid.Unknown},
		{"no Lean, not a proof", "not lean at all", false, true, hybrid.NoVerdict},
		{"Lean, not a proof", "not lean at all", true, true, hybrid.Unknown},
		{"Lean, honest", honest, true, false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := LeanSteps{Header: "import LeanPRM"}
			if tt.checker {
				l.Checker = new(repl.Pool) // precheck never calls it
			}
			ch, fs, done := l.precheck(tt.src)
			require.Equal(t, tt.done, done)
			assert.Equal(t, tt.want, fs.Verdict)
			if !done {
				assert.Equal(t, "import LeanPRM", ch.Header)
				assert.Equal(t, []string{"subst h", "rfl"}, ch.Steps)
			}
		})
	}
}

// End to end on the simulator: the Lean blocks of testdata/demo/mixed.md, read as `check` reads
// them, go through a pool of simulator children; the first proof is verified, the second
// (a + 4 = 11) refuted at its `decide`, and the prose steps keep Inner's verdict.
func TestLeanStepsOnSimulator(t *testing.T) {
	chains, rowErrs, err := chain.Read(filepath.Join("..", "..", "testdata", "demo", "mixed.md"), chain.FormatAuto)
	require.NoError(t, err)
	require.Empty(t, rowErrs)
	require.Len(t, chains, 1)
	l := LeanSteps{Inner: hybrid.NoFormal{}, Checker: simchild.Pool(t, 1), Header: ""}
	out, err := l.JudgeSteps(simchild.Context(t), chains[0].Problem, chains[0].Steps)
	require.NoError(t, err)
	require.Len(t, out, 4)
	assert.Equal(t, hybrid.NoVerdict, out[0].Verdict, "prose is Inner's")
	assert.Equal(t, hybrid.NoVerdict, out[2].Verdict, "prose is Inner's")
	assert.Equal(t, hybrid.Verified, out[1].Verdict)
	assert.Equal(t, repl.BackendSim, out[1].Checker)
	require.Equal(t, hybrid.Refuted, out[3].Verdict)
	assert.Equal(t, repl.BackendSim, out[3].Checker)
	require.Len(t, out[3].Obligations, 3)
	assert.Equal(t, "decide", out[3].Obligations[1].Text)
	assert.Equal(t, hybrid.Refuted, out[3].Obligations[1].Verdict)
	assert.Equal(t, "whole proof", out[3].Obligations[2].Text)

	// The same steps without Lean: no formal verdict, and why.
	out, err = LeanSteps{Inner: hybrid.NoFormal{}}.JudgeSteps(simchild.Context(t), chains[0].Problem, chains[0].Steps)
	require.NoError(t, err)
	for _, i := range []int{1, 3} {
		assert.Equal(t, hybrid.NoVerdict, out[i].Verdict)
		assert.Equal(t, []string{NotCheckedNoLean}, out[i].Obligations[0].Messages)
	}
}

// A checker that fails (a crashed REPL) leaves the step unknown, never refuted.
func TestLeanStepsCheckerFails(t *testing.T) {
	p := simchild.Pool(t, 1)
	require.NoError(t, p.Close())
	fs := LeanSteps{Checker: p}.CheckStep(simchild.Context(t), "theorem t (a : Nat) (h : a = 6) : a + 4 = 11 := by\n  subst h\n  decide")
	assert.Equal(t, hybrid.Unknown, fs.Verdict)
	require.Len(t, fs.Obligations, 1)
	assert.NotEmpty(t, fs.Obligations[0].Messages)
}
