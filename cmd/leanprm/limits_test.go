package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChainObligationLimitIsASettingAndAWarning: translate.max_chain_obligations bounds the
// obligations of a chain, and the steps past it are named in a warning of check's JSON. On
// main the limit was a constant 1,024 and the steps past it were left unchecked without a
// word.
func TestChainObligationLimitIsASettingAndAWarning(t *testing.T) {
	t.Setenv("LEANPRM_TRANSLATE_MAX_CHAIN_OBLIGATIONS", "2")
	f := filepath.Join(t.TempDir(), "chain.md")
	require.NoError(t, os.WriteFile(f, []byte("Step 1: 1 + 1 = 2.\nStep 2: 2 + 2 = 4.\nStep 3: 3 + 3 = 7.\n"), 0o600))
	var out, errb bytes.Buffer
	require.NoError(t, Run(context.Background(), []string{"check", "--checker", "exact", "--json", f}, strings.NewReader(""), &out, &errb), errb.String())
	var got []struct {
		Warnings []string
		Steps    []struct{ Verdict string }
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &got), out.String())
	require.Len(t, got, 1)
	require.Len(t, got[0].Steps, 3)
	assert.NotEqual(t, "refuted", got[0].Steps[2].Verdict, "step 3 is past the limit: not checked")
	assert.Contains(t, strings.Join(got[0].Warnings, "\n"), "step 3: not checked: the chain reached its limit of 2 obligations")
}
