package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syntheticChains writes n small ProcessBench rows: enough work that scoring them takes many
// seconds, so a signal sent once the input is read lands in the middle of the work.
func syntheticChains(t *testing.T, n int) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "many.jsonl")
	var b strings.Builder
	for i := range n {
		a, c := i%97+2, i%13+3
		fmt.Fprintf(&b, `{"id": "syn-%d", "problem": "Tom has %d apples and buys %d more. How many apples does he have?", "steps": ["He has %d + %d = %d apples.", "So %d * 2 = %d.", "The answer is %d."], "label": -1}`+"\n",
			i, a, c, a, c, a+c, a+c, 2*(a+c), a+c)
	}
	require.NoError(t, os.WriteFile(f, []byte(b.String()), 0o644))
	return f
}

// readBytes is what /proc says process pid has read so far (rchar), or -1.
func readBytes(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid))
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "rchar: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return -1
}

// child is the test binary run as leanprm.
func child(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "LEANPRM_RUN_AS_MAIN=1", "XDG_CONFIG_HOME="+t.TempDir())
	cmd.Dir = t.TempDir()
	return cmd
}

// waitExit waits for cmd and returns its exit status. The deadline only guards against a hang:
// a child that ignores the signal fails the test instead of stalling it.
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatalf("wait: %v", err)
		}
		if ee != nil {
			return ee.ExitCode()
		}
		return 0
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		<-done
		t.Fatal("the child did not exit after SIGTERM")
		return -1
	}
}

// sigtermOnTerminal starts cmd with its stderr on a terminal (so it draws its progress bar),
// sends it SIGTERM once what the terminal has received satisfies ready, and returns its exit
// status and everything it wrote to the terminal.
func sigtermOnTerminal(t *testing.T, cmd *exec.Cmd, ready func(tty string) bool) (status int, tty string) {
	t.Helper()
	ptmx, pts, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	cmd.Stderr = pts
	require.NoError(t, cmd.Start())
	pts.Close()
	outc := make(chan string, 1)
	seen := make(chan struct{})
	go func() {
		var b strings.Builder
		buf := make([]byte, 4096)
		once := false
		for {
			n, err := ptmx.Read(buf)
			b.Write(buf[:n])
			if !once && ready(b.String()) {
				once = true
				close(seen)
			}
			if err != nil {
				outc <- b.String()
				return
			}
		}
	}()
	<-seen
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	status = waitExit(t, cmd)
	return status, <-outc
}

// Every heavy command exits with status 130 on SIGTERM, sent once the child has read its input
// (so its handler is in place and it is at work); check --jsonl first writes every chain it
// finished.
func TestCommandsExitOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("runs children over a large input")
	}
	input := syntheticChains(t, 40000)
	st, err := os.Stat(input)
	require.NoError(t, err)
	for _, args := range [][]string{
		{"check", "--checker", "exact", input},
		{"eval", "processbench", "--checker", "exact", "--calibration", input, input},
		{"compare", "--checker", "exact", input},
		{"select", "--checker", "exact", input},
		{"translate", input},
	} {
		t.Run(args[0], func(t *testing.T) {
			cmd := child(t, args...)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			for readBytes(cmd.Process.Pid) < st.Size() {
				time.Sleep(10 * time.Millisecond) // polling, not a measurement
			}
			require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
			assert.Equal(t, exitSignal, waitExit(t, cmd), "stderr: %s", stderr.String())
			assert.Contains(t, stderr.String(), "leanprm: interrupted")
		})
	}
}

func TestCheckJSONLFlushesOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child over a large input")
	}
	const n = 40000
	cmd := child(t, "check", "--checker", "exact", "--jsonl", syntheticChains(t, n))
	// Our own pipe, not StdoutPipe: Wait would close that one, maybe before all was read.
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pr.Close()
	cmd.Stdout = pw
	require.NoError(t, cmd.Start())
	pw.Close()
	r := bufio.NewReader(pr)
	first, err := r.ReadString('\n') // a chain is finished and written: interrupt now
	require.NoError(t, err)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	restc := make(chan []byte, 1)
	go func() { b, _ := io.ReadAll(r); restc <- b }()
	assert.Equal(t, exitSignal, waitExit(t, cmd))
	rest := <-restc

	lines := strings.Split(strings.TrimSuffix(first+string(rest), "\n"), "\n")
	assert.Less(t, len(lines), n, "the run was interrupted")
	seen := map[string]bool{}
	for i, l := range lines {
		var r struct {
			ID    string            `json:"id"`
			Steps []json.RawMessage `json:"steps"`
		}
		require.NoError(t, json.Unmarshal([]byte(l), &r), "line %d is a whole JSON object", i+1)
		assert.Len(t, r.Steps, 3)
		seen[r.ID] = true
	}
	assert.True(t, seen["syn-0"])
	assert.Len(t, seen, len(lines), "no chain is written twice")
}

// verify-proof streams a line per proof; SIGTERM after the first one ends it with 130.
func TestVerifyProofExitsOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child over a large input")
	}
	honest, err := os.ReadFile("../../testdata/verify/honest.jsonl")
	require.NoError(t, err)
	var b strings.Builder
	for i := range 300 {
		for j, l := range strings.Split(strings.TrimSpace(string(honest)), "\n") {
			var row map[string]any
			require.NoError(t, json.Unmarshal([]byte(l), &row))
			row["id"] = fmt.Sprintf("%v-%d-%d", row["id"], i, j)
			enc, err := json.Marshal(row)
			require.NoError(t, err)
			b.Write(append(enc, '\n'))
		}
	}
	batch := filepath.Join(t.TempDir(), "batch.jsonl")
	require.NoError(t, os.WriteFile(batch, []byte(b.String()), 0o644))

	cmd := child(t, "verify-proof", "--repl-command", "leanprm sim repl", batch)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	r := bufio.NewReader(out)
	_, err = r.ReadString('\n')
	require.NoError(t, err)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	go func() { _, _ = io.Copy(io.Discard, r) }() // ends when Wait closes the pipe
	assert.Equal(t, exitSignal, waitExit(t, cmd))
}

// lean repl ends on SIGTERM while it waits for the next request on an open stdin.
func TestLeanREPLExitsOnSIGTERM(t *testing.T) {
	cmd := child(t, "lean", "repl", "--repl-command", "leanprm sim repl")
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer in.Close()
	_, err = io.WriteString(in, `{"cmd": "example : (1 : Rat) + 1 = 2 := by decide +kernel"}`+"\n\n")
	require.NoError(t, err)
	r := bufio.NewReader(out)
	reply, err := r.ReadString('\n')
	require.NoError(t, err)
	assert.Contains(t, reply, `"env"`)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM)) // stdin stays open
	go func() { _, _ = io.Copy(io.Discard, r) }()           // ends when Wait closes the pipe
	assert.Equal(t, exitSignal, waitExit(t, cmd))
}

// slowREPL are the flags of a run whose every chain waits on a simulated REPL answering after
// 20 ms, one worker: a signal sent once the first chain is out lands mid-run, whatever the load
// on the machine, at little CPU cost.
var slowREPL = []string{"--checker", "lean", "--repl-command", "leanprm sim repl -latency 20ms", "--workers", "1"}

// check --json and the table stream too: SIGTERM after the first chain leaves a valid JSON array
// (closed on the way out) or the tables written so far, with the legend.
func TestCheckJSONAndTableKeepWorkOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child over a large input")
	}
	input := syntheticChains(t, 400)
	for _, mode := range []string{"--json", "--table"} {
		t.Run(mode, func(t *testing.T) {
			args := append([]string{"check", input}, slowREPL...)
			if mode == "--json" {
				args = append(args, "--json")
			}
			cmd := child(t, args...)
			pr, pw, err := os.Pipe()
			require.NoError(t, err)
			defer pr.Close()
			cmd.Stdout = pw
			require.NoError(t, cmd.Start())
			pw.Close()
			r := bufio.NewReader(pr)
			var head strings.Builder
			for !strings.Contains(head.String(), "syn-1") { // the first chain is out: interrupt now
				l, err := r.ReadString('\n')
				require.NoError(t, err, "output before the interrupt: %s", head.String())
				head.WriteString(l)
			}
			require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
			restc := make(chan []byte, 1)
			go func() { b, _ := io.ReadAll(r); restc <- b }()
			assert.Equal(t, exitSignal, waitExit(t, cmd))
			out := head.String() + string(<-restc)
			if mode == "--json" {
				var res []struct {
					ID string `json:"id"`
				}
				require.NoError(t, json.Unmarshal([]byte(out), &res), "a valid JSON array after the interrupt")
				assert.Greater(t, len(res), 1)
				assert.Less(t, len(res), 400)
				assert.Equal(t, "syn-0", res[0].ID)
				return
			}
			assert.Contains(t, out, "syn-0")
			assert.Contains(t, out, "legend:", "the legend closes an interrupted table")
		})
	}
}

// On a terminal, an interrupted run ends the progress bar's line: the next message starts a line
// of its own.
func TestProgressBarEndsItsLineOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child over a large input")
	}
	cmd := child(t, append([]string{"check", "--jsonl", syntheticChains(t, 400)}, slowREPL...)...)
	cmd.Stdout = io.Discard
	status, out := sigtermOnTerminal(t, cmd, func(tty string) bool { return strings.Contains(tty, "scoring [") })
	assert.Equal(t, exitSignal, status)
	out = strings.ReplaceAll(out, "\r\n", "\n")
	i := strings.Index(out, "leanprm: interrupted")
	require.Greater(t, i, 0, out)
	assert.Equal(t, byte('\n'), out[i-1], "the bar's line was ended: %q", out[max(0, i-80):])
}

// compare and select report on the chains finished before SIGTERM (and say so) instead of
// dropping them; the progress bar on the terminal tells the test when chains have finished.
func TestCompareSelectReportWhatFinishedOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("runs children over a large input")
	}
	input := syntheticChains(t, 400)
	for _, name := range []string{"compare", "select"} {
		t.Run(name, func(t *testing.T) {
			cmd := child(t, append([]string{name, input}, slowREPL...)...)
			var stdout strings.Builder
			cmd.Stdout = &stdout
			status, stderr := sigtermOnTerminal(t, cmd, regexp.MustCompile(`\] [1-9][0-9]*/400`).MatchString)
			assert.Equal(t, exitSignal, status)
			assert.Regexp(t, `interrupted after [1-9][0-9]* of 400 chains`, stderr)
			assert.NotEmpty(t, stdout.String(), "the report on the finished chains")
		})
	}
}

// eval reports on the chains finished before SIGTERM: the table, or a valid JSON document saying
// what it covers, then exit 130 with the progress bar's line ended. Calibration chains are scored
// first, so the figures of an interrupted run have their thresholds.
func TestEvalReportsWhatFinishedOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("runs children over a large input")
	}
	input, calib := syntheticChains(t, 400), syntheticChains(t, 10)
	for _, mode := range []string{"table", "json"} {
		t.Run(mode, func(t *testing.T) {
			args := append([]string{"eval", "processbench", "--calibration", calib, input}, slowREPL...)
			if mode == "json" {
				args = append(args, "--json")
			}
			cmd := child(t, args...)
			var stdout strings.Builder
			cmd.Stdout = &stdout
			// 410 chains in all, the 10 calibration chains first: past 12, some are evaluated.
			done := regexp.MustCompile(`\] (1[3-9]|[2-9][0-9]|[1-9][0-9][0-9])/410`)
			status, stderr := sigtermOnTerminal(t, cmd, done.MatchString)
			assert.Equal(t, exitSignal, status)
			stderr = strings.ReplaceAll(stderr, "\r\n", "\n")
			m := regexp.MustCompile(`interrupted after ([1-9][0-9]*) of 400 chains \(and 10 of 10 calibration chains\)`).FindStringSubmatch(stderr)
			require.NotNil(t, m, stderr)
			i := strings.Index(stderr, "leanprm: interrupted")
			require.Greater(t, i, 0, stderr)
			assert.Equal(t, byte('\n'), stderr[i-1], "the bar's line was ended: %q", stderr[max(0, i-80):])
			scored, _ := strconv.Atoi(m[1])
			assert.Less(t, scored, 400, "the run was interrupted")
			if mode == "table" {
				assert.Contains(t, stdout.String(), "hybrid err")
				assert.Regexp(t, `(?m)^\s+average\s+`+m[1]+`\s`, stdout.String(), "the table counts the chains finished")
				return
			}
			var out struct {
				Interrupted struct {
					Chains      int `json:"chains_scored"`
					Of          int `json:"chains"`
					Calibration int `json:"calibration_chains_scored"`
				} `json:"interrupted"`
				ProcessBench []struct {
					Policy string `json:"policy"`
				} `json:"processbench"`
			}
			require.NoError(t, json.Unmarshal([]byte(stdout.String()), &out), "one valid JSON document: %s", stdout.String())
			assert.Equal(t, scored, out.Interrupted.Chains)
			assert.Equal(t, 400, out.Interrupted.Of)
			assert.Equal(t, 10, out.Interrupted.Calibration)
			assert.Len(t, out.ProcessBench, 3, "formal, learned and hybrid figures")
		})
	}
}
