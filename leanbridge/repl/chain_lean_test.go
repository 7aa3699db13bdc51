//go:build lean

package repl

// Proof chains against a real Lean REPL (`make e2e`, after `make lean`). They confirm what the
// simulator-based tests can only assume: the shape of tactic-mode replies for accepted and
// failing steps (thrown "Lean error:" versus an error message), the proofStatus strings, the
// sorry position of `:= by\n  sorry`, and that the simulator's per-step verdicts are Lean's.

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

func TestLeanChainVerified(t *testing.T) {
	w, err := StartWorker(ctxT(t), leanConfig(t))
	require.NoError(t, err)
	defer w.Close()
	res, err := w.CheckChain(ctxT(t), proofchain.Chain{Statement: t1, Steps: []string{"subst hb", "subst h", "rfl"}})
	require.NoError(t, err)
	require.True(t, res.Verified, "%+v", res)
	require.Equal(t, BackendLean, res.Checker, "%+v", res)
	for i, s := range res.Steps[:2] {
		if assert.Len(t, s.Goals, 1, "step %d goals %q", i, s.Goals) {
			assert.Contains(t, s.Goals[0], "⊢", "step %d goals %q", i, s.Goals)
		}
	}
	t.Logf("goals: %q %q %q; statuses %q %q %q", res.Steps[0].Goals, res.Steps[1].Goals, res.Steps[2].Goals,
		res.Steps[0].ProofStatus, res.Steps[1].ProofStatus, res.Steps[2].ProofStatus)
}

// Both failure shapes, as Lean produces them.
func TestLeanChainFailures(t *testing.T) {
	w, err := StartWorker(ctxT(t), leanConfig(t))
	require.NoError(t, err)
	defer w.Close()
	for _, ch := range []proofchain.Chain{
		{Statement: t1, Steps: []string{"subst hb", "decide", "rfl"}},
		{Statement: t1, Steps: []string{"exact my_fake_premise", "rfl"}},
		{Statement: t1, Steps: []string{"frobnicate", "rfl"}},
	} {
		res, err := w.CheckChain(ctxT(t), ch)
		require.NoError(t, err)
		assert.False(t, res.Verified, "%q: %+v", ch.Steps, res)
		assert.Equal(t, proofchain.NotRun, res.Steps[len(res.Steps)-1].Status, "%q: %+v", ch.Steps, res)
		for _, s := range res.Steps {
			if s.Status == proofchain.Failed {
				t.Logf("%q failed: thrown=%v proofStatus=%q messages=%+v", s.Tactic, s.Thrown, s.ProofStatus, s.Messages)
			}
		}
	}
}

// The honest proofs of testdata/verify, as chains, verify with Lean; and the simulator's
// verdict on every step of these chains and of some failing ones is Lean's.
func TestLeanChainsAgreeWithSimulator(t *testing.T) {
	lean, err := StartWorker(ctxT(t), leanConfig(t))
	require.NoError(t, err)
	defer lean.Close()
	sim := startSimWorker(t)
	chains := []proofchain.Chain{
		{Statement: t1, Steps: []string{"subst hb", "decide", "rfl"}},
		{Statement: t1, Steps: []string{"exact my_fake_premise", "rfl"}},
		{Statement: "theorem t (a : Nat) (h : a - 5 = 0) : a = 0", Steps: []string{"omega"}},
		{Statement: "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q", Steps: []string{"constructor", "· exact hp", "· exact hq"}},
	}
	for _, row := range honestProofs(t) {
		if ch, err := proofchain.FromSource(row.Proof, ""); err == nil {
			chains = append(chains, ch)
		}
	}
	for _, ch := range chains {
		lr, err := lean.CheckChain(ctxT(t), ch)
		require.NoError(t, err)
		sr, err := sim.CheckChain(ctxT(t), ch)
		require.NoError(t, err)
		assert.Equal(t, lr.Verified, sr.Verified, "%s %q: lean %v %v, sim %v %v", ch.Statement, ch.Steps, statuses(lr), lr.Verified, statuses(sr), sr.Verified)
		assert.Equal(t, statuses(lr), statuses(sr), "%s %q: lean %v %v, sim %v %v", ch.Statement, ch.Steps, statuses(lr), lr.Verified, statuses(sr), sr.Verified)
		for i := range lr.Steps {
			if !reflect.DeepEqual(lr.Steps[i].Goals, sr.Steps[i].Goals) {
				t.Logf("goals differ after %q: lean %q, sim %q", ch.Steps[i], lr.Steps[i].Goals, sr.Steps[i].Goals)
			}
		}
	}
}
