package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runChild runs the test binary as leanprm (see child) and returns what a user sees.
func runChild(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := child(t, args...)
	cmd.Env = append(cmd.Env, env...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Start())
	code = waitExit(t, cmd)
	return out.String(), errOut.String(), code
}

// looksLikeDuration is a flag that should take a duration: its name says so, or its default is
// written as one.
func looksLikeDuration(f *pflag.Flag) bool {
	if regexp.MustCompile(`timeout|latency|max-age|interval|deadline|delay|wait`).MatchString(f.Name) {
		return true
	}
	_, err := time.ParseDuration(f.DefValue)
	return err == nil && f.DefValue != "0"
}

// Durations are typed as durations everywhere: every flag that takes one is of pflag's duration
// type (--timeout and --start-timeout were strings shown as DURATION), every --help page shows it
// with the DURATION placeholder and a default as a person writes it, and a value that is not a
// duration is a usage mistake (exit 2) whose message says what a duration looks like, without
// Go's parser words; a bad duration in the environment is a configuration error (exit 1).
func TestDurationFlagsAreDurations(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary once per command")
	}
	var walk func(c *cobra.Command)
	checked := 0
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if c.DisableFlagParsing || c.Hidden || c.Name() == "help" || c.Name() == "completion" {
			return // the simulators parse their own flags, which are durations (TestHelpPages)
		}
		var durations []*pflag.Flag
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if looksLikeDuration(f) {
				assert.Equal(t, "duration", f.Value.Type(), "%s --%s", c.CommandPath(), f.Name)
				durations = append(durations, f)
			}
		})
		c.InheritedFlags().VisitAll(func(f *pflag.Flag) {
			if looksLikeDuration(f) {
				assert.Equal(t, "duration", f.Value.Type(), "%s --%s", c.CommandPath(), f.Name)
				durations = append(durations, f)
			}
		})
		args := append(strings.Fields(strings.TrimPrefix(c.CommandPath(), "leanprm")), "--help")
		out, errOut, code := runChild(t, nil, args...)
		require.Equal(t, exitOK, code, "%s: %s", c.CommandPath(), errOut)
		for _, f := range durations {
			line := regexp.MustCompile(`(?m)^\s+--` + f.Name + ` (\S+)\s.*$`).FindStringSubmatch(out)
			if line == nil {
				continue // a configuration flag this command does not use is not on its page
			}
			checked++
			assert.Equal(t, "DURATION", line[1], "%s --%s", c.CommandPath(), f.Name)
			assert.NotRegexp(t, `default \d+[hm]0[ms]`, line[0], "a default as a person writes it")
		}
	}
	walk(newRootCmd(&env{}))
	assert.GreaterOrEqual(t, checked, 10, "duration flags on the help pages")

	input := writeFile(t, "c.json", `{"problem": "p", "steps": ["1 + 1 = 2."]}`)
	for _, c := range []struct {
		args     []string
		env      []string
		code     int
		has, not string
	}{
		{[]string{"check", "--timeout", "abc", input}, nil, exitUsage,
			`--timeout "abc": not a duration (a number with a unit: 500ms, 30s, 2m, 1h30m) (see leanprm check --help)`, "time:"},
		{[]string{"check", "--start-timeout", "5", input}, nil, exitUsage, `--start-timeout "5": not a duration`, "missing unit"},
		{[]string{"check", "--timeout", "-5s", input}, nil, exitUsage, "negative duration -5s", ""},
		{[]string{"serve", "--request-timeout", "soon"}, nil, exitUsage, `--request-timeout "soon": not a duration`, "time:"},
		{[]string{"check", "--workers", "many", input}, nil, exitUsage, `--workers "many": not a whole number`, "strconv"},
		{[]string{"config"}, []string{"LEANPRM_SERVE_DRAIN_TIMEOUT=soon"}, exitError,
			`setting serve.drain_timeout: "soon" is not a duration (a number with a unit`, "time:"},
	} {
		_, errOut, code := runChild(t, c.env, c.args...)
		assert.Equal(t, c.code, code, "%v: %s", c.args, errOut)
		assert.Contains(t, errOut, c.has, c.args)
		if c.not != "" {
			assert.NotContains(t, errOut, c.not, c.args)
		}
	}
	out, errOut, code := runChild(t, nil, "config", "--timeout", "90s")
	require.Equal(t, exitOK, code, errOut)
	assert.Regexp(t, `(?m)^  timeout: 1m30s$`, out, "a flag's duration is the configuration's")
}
