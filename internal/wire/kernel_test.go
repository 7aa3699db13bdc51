package wire

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/testutil/fakebin"
	"github.com/leanprm/leanprm/leanbridge/kernel"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// pathWith makes PATH a directory holding executables of the given names (and HOME one
// without elan).
func pathWith(t *testing.T, names ...string) string { return fakebin.OnPath(t, names...) }

// The kernel replay is the default tier where leanchecker (or Comparator) is installed; where
// it is not, the tier is repl and verified results say "not kernel-replayed" (issue 32 §4).
// --tier overrides kernel.tier, and the tier's checker carries the kernel.* settings.
func TestKernelTierDefault(t *testing.T) {
	pathWith(t, "lake", "leanchecker")
	cfg := load(t, map[string]string{"lean.sandbox": "off", "kernel.timeout": "3m", "kernel.fresh": "true"})
	tier, err := KernelTier(cfg, "")
	require.NoError(t, err)
	assert.Equal(t, config.TierKernel, tier)
	var opts verify.Options
	require.NoError(t, WithKernel(cfg, tier, &opts))
	kc, ok := opts.Kernel.(*kernel.Checker)
	require.True(t, ok)
	assert.Equal(t, kernel.Settings{Fresh: true, Timeout: 3 * time.Minute}, kc.Settings)
	assert.NotEmpty(t, kc.Tools.LeanChecker)

	tier, err = KernelTier(cfg, "repl")
	require.NoError(t, err)
	assert.Equal(t, config.TierREPL, tier, "--tier repl overrides")
	opts = verify.Options{}
	require.NoError(t, WithKernel(cfg, tier, &opts))
	assert.Nil(t, opts.Kernel)

	pathWith(t, "lake")
	tier, err = KernelTier(cfg, "")
	require.NoError(t, err)
	assert.Equal(t, config.TierREPL, tier, "auto without the tools is repl")
	tier, err = KernelTier(load(t, map[string]string{"kernel.tier": "kernel"}), "")
	require.NoError(t, err)
	assert.Equal(t, config.TierKernel, tier, "kernel.tier: kernel stays kernel; each row is then kernel_unavailable")
	_, err = KernelTier(cfg, "fast")
	assert.Error(t, err)
}
