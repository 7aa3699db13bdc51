package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 23 §4: an empty input, a binary file and a Markdown file are unreadable input (exit
// 1), never "all verified" (0) or "findings" (3).
func TestVerifyProofUnreadableInputExits1(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	empty := write("empty.jsonl", "")
	binary := write("bin.dat", "\x7fELF\x00\x01\x02\xff\xfe")
	md := write("proof.md", "# Proof\n\n```lean\ntheorem t : 1 = 1 := rfl\n```\n")
	st := write("st.lean", "theorem t : 1 = 1")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"empty batch", []string{"verify-proof", "--require-sandbox=false", empty}, "the input is empty"},
		{"empty stdin", []string{"verify-proof", "--require-sandbox=false"}, "the input is empty"},
		{"binary batch", []string{"verify-proof", "--require-sandbox=false", binary}, "not a text file"},
		{"markdown batch", []string{"verify-proof", "--require-sandbox=false", md}, "no readable row"},
		{"binary proof", []string{"verify-proof", "--require-sandbox=false", "--statement", st, "--proof", binary}, "binary"},
		{"markdown proof", []string{"verify-proof", "--require-sandbox=false", "--statement", st, "--proof", md}, "Markdown"},
		{"empty statement", []string{"verify-proof", "--require-sandbox=false", "--statement", empty, "--proof", st}, "empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, err := run(t, dir, nil, tc.args...)
			require.Error(t, err)
			var buf strings.Builder
			assert.Equal(t, exitError, exitCode(err, &buf), "%s", stderr)
			assert.Contains(t, buf.String()+stderr, tc.want)
		})
	}
}

// --tier kernel on a machine without leanchecker gives no verdict: the row is an error that
// names the missing tool, and the exit status is 1.
func TestVerifyProofKernelTierWithoutToolsIsNoVerdict(t *testing.T) {
	t.Setenv("LEANPRM_RUN_AS_MAIN", "1")
	t.Setenv("PATH", "/usr/bin:/bin") // no lake, no leanchecker
	dir := t.TempDir()
	row := `{"id": "k1", "statement": "theorem t : 2 + 3 = 5", "proof": "theorem t : 2 + 3 = 5 := by decide"}` + "\n"
	out, _, err := runEnvInput(t, dir, nil, row, "verify-proof", "--tier", "kernel", "--jsonl", "--workers", "1", "--repl-command", "leanprm sim repl")
	require.Error(t, err)
	assert.Equal(t, exitError, exitCode(err, &strings.Builder{}))
	var res struct {
		Status  string `json:"status"`
		Tier    string `json:"tier"`
		Reasons []struct{ Code, Detail string }
	}
	require.NoError(t, json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &res))
	assert.Equal(t, "error", res.Status)
	assert.Equal(t, "kernel", res.Tier)
	require.NotEmpty(t, res.Reasons)
	assert.Equal(t, "kernel_unavailable", res.Reasons[0].Code)

	_, _, err = run(t, dir, nil, "verify-proof", "--tier", "nope")
	assert.Equal(t, exitUsage, exitCode(err, &strings.Builder{}))
}

// Issue 23 §4: 2 MB of unclosed attribute lists used to hold the scan for minutes, deaf to
// SIGTERM. The built binary (this test binary run as leanprm) answers SIGTERM promptly while
// such rows stream in.
func TestVerifyProofAnswersSIGTERMOnAdversarialInput(t *testing.T) {
	sigtermWhileStreaming(t, map[string]string{"id": "x", "statement": "theorem t : 1 = 1", "proof": strings.Repeat("@[", 1<<20)}, 50)
}

// Issue 32: a chain of 32,000 `open Nat in` lines (about 350 KB) took 57 s of static
// scanning per row, and --timeout did not stop it. Now each row scans in well under a second
// (BenchmarkStaticOpenInChain), and a SIGTERM that lands while rows of it are being scanned
// ends the built binary at once.
func TestVerifyProofAnswersSIGTERMDuringOpenInChain(t *testing.T) {
	statement := "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"
	proof := strings.Repeat("open Nat in\n", 32000) + statement + " := by\n  omega\n"
	sigtermWhileStreaming(t, map[string]string{"id": "chain", "statement": statement, "proof": proof}, 200)
}

// sigtermWhileStreaming streams n copies of row into `verify-proof --jsonl`, sends SIGTERM
// while they are being checked, and expects the exit status of a signal within a deadline
// that only guards against a hang.
func sigtermWhileStreaming(t *testing.T, fields map[string]string, n int) {
	t.Helper()
	cmd := child(t, "verify-proof", "--require-sandbox=false", "--jsonl")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	row, _ := json.Marshal(fields)
	row = append(row, '\n')
	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		for i := 0; i < n; i++ {
			if _, err := stdin.Write(row); err != nil {
				return
			}
		}
		stdin.Close()
	}()
	time.Sleep(500 * time.Millisecond) // some rows are being checked
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	sent := time.Now()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var code int
		if cmd.ProcessState != nil {
			code = cmd.ProcessState.ExitCode()
		}
		assert.Equal(t, exitSignal, code, "%v", err)
		t.Logf("exited %s after SIGTERM", time.Since(sent).Round(time.Millisecond))
	case <-time.After(20 * time.Second): // generous: the machine is shared; the point is "not minutes"
		cmd.Process.Kill()
		<-done
		t.Fatal("verify-proof did not answer SIGTERM")
	}
	stdin.Close()
	<-writerDone
}
