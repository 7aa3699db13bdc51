package doctor

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/testutil/fakebin"
	"github.com/leanprm/leanprm/leanbridge/kernel"
)

func loadConfig(t *testing.T, env map[string]string) *config.Config {
	t.Helper()
	cfg, err := config.Load(nil, config.LoadOptions{SearchDirs: []string{t.TempDir()},
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }})
	require.NoError(t, err)
	return cfg
}

// tools puts executables with the given names in a directory that is the whole PATH, with a
// HOME that holds no elan.
func tools(t *testing.T, names ...string) string { return fakebin.OnPath(t, names...) }

func row(t *testing.T, checks []Check, name string) Check {
	t.Helper()
	for _, c := range checks {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no %q row in %v", name, checks)
	return Check{}
}

// Mathlib is where Lake keeps the configured project's packages: the Mathlib job configures
// lean.project: lean-project/mathlib, whose packages are lean-project/mathlib/.lake/packages.
func TestMathlibRow(t *testing.T) {
	repo := t.TempDir()
	base := filepath.Join(repo, "lean-project")
	variant := filepath.Join(base, "mathlib")
	c := mathlibCheck(variant)
	assert.Equal(t, "info", c.Status)
	assert.Contains(t, c.Detail, "not in")

	require.NoError(t, os.MkdirAll(filepath.Join(variant, ".lake", "packages", "mathlib"), 0o755))
	c = mathlibCheck(variant)
	assert.Equal(t, "ok", c.Status, "the Mathlib job's row: %+v", c)
	assert.Equal(t, "in "+filepath.Join(variant, ".lake", "packages", "mathlib"), c.Detail)

	c = mathlibCheck(base)
	assert.Equal(t, "info", c.Status, "set up, but another project is configured")
	assert.Contains(t, c.Next, "lean.project: "+variant)
}

// Doctor names each kernel tool as the tier finds it, and the tier verify-proof and
// /v1/verify use by default.
func TestKernelRows(t *testing.T) {
	bin := tools(t, "lake", "leanchecker", "comparator", "landrun", "lean4export")
	checks := kernelToolChecks(loadConfig(t, nil))
	assert.Equal(t, Check{"leanchecker", "ok", filepath.Join(bin, "leanchecker"), "", false}, row(t, checks, "leanchecker"))
	cmp := row(t, checks, "comparator")
	assert.Equal(t, "ok", cmp.Status)
	assert.Contains(t, cmp.Detail, "Comparator "+kernel.ComparatorRevision)
	assert.Equal(t, "ok", row(t, checks, "landrun").Status)
	assert.Equal(t, "ok", row(t, checks, "lean4export").Status)
	assert.Equal(t, "info", row(t, checks, "nanoda").Status)
	tier := row(t, checks, "kernel tier")
	assert.Equal(t, "ok", tier.Status)
	assert.Contains(t, tier.Detail, "default tier kernel")
	assert.Contains(t, tier.Detail, "leanchecker (module replay) + Comparator "+kernel.ComparatorRevision)
	assert.Contains(t, tier.Detail, "module-only replay")

	// Comparator through COMPARATOR_LANDRUN, lean4export missing.
	tools(t, "lake", "comparator")
	landrun := filepath.Join(t.TempDir(), "my-landrun")
	require.NoError(t, os.WriteFile(landrun, []byte("#!/bin/sh\n"), 0o755))
	t.Setenv("COMPARATOR_LANDRUN", landrun)
	checks = kernelToolChecks(loadConfig(t, map[string]string{"LEANPRM_KERNEL_FRESH": "true"}))
	assert.Equal(t, "info", row(t, checks, "leanchecker").Status)
	assert.Equal(t, landrun, row(t, checks, "landrun").Detail)
	le := row(t, checks, "lean4export")
	assert.Equal(t, "info", le.Status)
	assert.Contains(t, le.Detail, "COMPARATOR_LEAN4EXPORT")
	tier = row(t, checks, "kernel tier")
	assert.Equal(t, "info", tier.Status, "Comparator cannot run without lean4export")
	assert.Contains(t, tier.Detail, `default tier repl (kernel.tier auto): verified results say "not kernel-replayed"`)

	// kernel.tier: kernel with nothing installed is a configuration that verifies nothing.
	tools(t)
	checks = kernelToolChecks(loadConfig(t, map[string]string{"LEANPRM_KERNEL_TIER": "kernel"}))
	assert.Equal(t, "fail", row(t, checks, "kernel tier").Status)
	assert.NotContains(t, names(checks), "landrun", "Comparator's helpers are listed once Comparator or one of them is there")
}

func names(cs []Check) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}
