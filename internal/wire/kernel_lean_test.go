//go:build lean

// Real-Lean tests of the kernel tier (`make e2e`, after `make lean`): with Lean v4.32.0,
// leanchecker ships in the toolchain, so the kernel tier is verify-proof's and /v1/verify's
// default; the module is built as Solution (lean -R) and its own constants replayed, private
// declarations included (their names carry the module's name).

package wire

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

func TestLeanKernelTierIsTheDefault(t *testing.T) {
	cfg := load(t, leanSettings(t))
	tier, err := KernelTier(cfg, "")
	require.NoError(t, err)
	require.Equal(t, config.TierKernel, tier, "Lean v4.32 ships leanchecker: the kernel tier is the default")
	ctx := testCtx(t)
	runner, closeRunner, err := VerifyRunner(ctx, cfg, io.Discard)
	require.NoError(t, err)
	defer closeRunner()
	opts := VerifyOptions(cfg, runner)
	require.NoError(t, WithKernel(cfg, tier, &opts))
	st := "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"
	proof := "private theorem helper (b : Nat) (hb : b = 3) : 2 * b = 6 := by subst hb; rfl\n\n" +
		st + " := by\n  subst h\n  exact helper b hb"
	res := verify.Check(ctx, st, proof, opts)
	assert.Equal(t, verify.StatusVerified, res.Status, "%v", res.Reasons)
	assert.Equal(t, "kernel", res.Tier)
	assert.Equal(t, verify.KernelReplayed, res.Kernel)
}

// The kernel tier alone, on a module Lean compiles but leanchecker must replay: an honest
// proof replays; a proof that does not compile as a module is the kernel tier's rejection.
func TestLeanKernelTierBuildsAndReplays(t *testing.T) {
	cfg := load(t, leanSettings(t))
	kc, err := VerifyKernel(cfg)
	require.NoError(t, err)
	require.NotEmpty(t, kc.Tools.LeanChecker)
	st, err := verify.ParseStatement("theorem t1 : 2 + 2 = 4")
	require.NoError(t, err)
	in := verify.KernelInput{Statement: st, Proof: "theorem t1 : 2 + 2 = 4 := by decide\n", AllowedAxioms: verify.DefaultAllowedAxioms}
	v := kc.CheckKernel(context.Background(), in)
	assert.True(t, v.Accepted, "%v", v.Reasons)
	in.Proof = "theorem t1 : 2 + 2 = 4 := by exact undefined_name\n"
	v = kc.CheckKernel(context.Background(), in)
	assert.False(t, v.Accepted)
	assert.False(t, v.Error, "Lean's error on the file is a verdict: %v", v.Reasons)
	require.NotEmpty(t, v.Reasons)
	assert.Equal(t, verify.CodeKernelRejected, v.Reasons[0].Code)
}
