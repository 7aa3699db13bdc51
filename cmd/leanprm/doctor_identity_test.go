package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDoctorIdentityProbe: doctor shows the identity tactic's probe and what to do when it
// fails. A failed identity probe does not fail doctor: closed arithmetic still works, and
// symbolic claims keep the exact checker's verdict.
func TestDoctorIdentityProbe(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	tests := []struct {
		name     string
		args     []string
		status   string
		contains []string
	}{
		{"honest grind", []string{"--repl-command", "leanprm sim repl"}, "ok",
			[]string{`identity tactic "grind": true identity proved, true identity proved, false identity rejected, false identity rejected`}},
		{"lying grind", []string{"--repl-command", "leanprm sim repl -grind-lies"}, "fail",
			[]string{"false identity ACCEPTED", "accepts a false identity: do not trust it"}},
		{"a tactic the toolchain lacks", []string{"--repl-command", "leanprm sim repl", "--identity-tactic", "ring"}, "fail",
			[]string{`identity tactic "ring": true identity NOT proved`, "set lean.identity_tactic"}},
		{"from the environment", []string{"--repl-command", "leanprm sim repl"}, "fail", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "from the environment" {
				t.Setenv("LEANPRM_LEAN_IDENTITY_TACTIC", "omega")
			}
			out, _, err := run(t, t.TempDir(), nil, append([]string{"doctor"}, tt.args...)...)
			require.NoError(t, err, "the identity probe is not needed for doctor to pass: %s", out)
			assert.Regexp(t, `(?m)^probe\s+ok`, out)
			assert.Regexp(t, `(?m)^identity probe\s+`+tt.status, out)
			for _, c := range tt.contains {
				assert.Contains(t, out, c)
			}
		})
	}
}
