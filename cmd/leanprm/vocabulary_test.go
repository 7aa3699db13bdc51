package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
)

// fileWord is a flag usage that says the value is a file (or a directory).
var fileWord = regexp.MustCompile(`(?i)\b(file|directory)\b`)

// TestFlagsThatTakeAFileSayFILE: in every --help, a flag whose value is a file shows FILE (DIR for
// a directory, URL for an address), never TEXT.
func TestFlagsThatTakeAFileSayFILE(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() == "bool" || !fileWord.MatchString(f.Usage+" "+strings.ReplaceAll(f.Name, "-", " ")) {
				return
			}
			usages := flagUsages(flagSetOf(f))
			assert.Regexp(t, `--`+f.Name+` (FILE|DIR|URL|FILE,…)\s`, usages, "%s --%s: %s", c.CommandPath(), f.Name, f.Usage)
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(&env{}))
}

func flagSetOf(f *pflag.Flag) *pflag.FlagSet {
	fs := pflag.NewFlagSet("one", pflag.ContinueOnError)
	fs.AddFlag(f)
	return fs
}

// TestOldFlagSpellingsAreRefusedWithTheNewName runs each old spelling from the built binary:
// exit 2, and the message names the new flag. None is read with a new meaning.
func TestOldFlagSpellingsAreRefusedWithTheNewName(t *testing.T) {
	chains := repoFile(t, "testdata/label/chains.jsonl")
	problems := repoFile(t, "testdata/search/gsm8k-style.jsonl")
	cases := []struct {
		args []string
		hint string
	}{
		{[]string{"search", "--generator", "http://127.0.0.1:1/v1", "--model", "Qwen/Qwen2.5-Math-7B-Instruct", problems}, "--generator-model"},
		{[]string{"search", "--generator", "http://127.0.0.1:1/v1", "--retries", "2", problems}, "--generator-retries"},
		{[]string{"search", "--generator", "http://127.0.0.1:1/v1", "--rollouts", problems}, "--mcts-rollouts"},
		{[]string{"label", "--format", "trl", chains}, "--output-format"},
		{[]string{"label", "--input-format", "auto", chains}, "--format FORMAT (the input format"},
		{[]string{"verify-proof", "--report", "jsonl", "-"}, "--output-format"},
		{[]string{"grade", "--jsonl", "rows.jsonl"}, "--pairs FILE"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args[:2], " "), func(t *testing.T) {
			_, errOut, code := runBin(t, nil, append(c.args, "--checker", "exact")...)
			assert.Equal(t, exitUsage, code, errOut)
			assert.Contains(t, errOut, c.hint)
		})
	}
}
