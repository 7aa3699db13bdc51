package replsim

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// The test binary doubles as the simulator process: with childEnv set, TestMain runs Main
// with the flags in childArgs (a JSON list) on the real stdin, stdout and stderr.
const (
	childEnv  = "LEANPRM_REPLSIM_CHILD"
	childArgs = "LEANPRM_REPLSIM_ARGS"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		var args []string
		if err := json.Unmarshal([]byte(os.Getenv(childArgs)), &args); err != nil {
			os.Exit(3)
		}
		os.Exit(Main(args, os.Stdin, os.Stdout, os.Stderr))
	}
	goleak.VerifyTestMain(m)
}

// simProcess starts the simulator as a child process. The process is killed when the test
// ends; ctx bounds how long any test waits for it.
func simProcess(t *testing.T, ctx context.Context, args ...string) *exec.Cmd {
	t.Helper()
	a, _ := json.Marshal(args)
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1", childArgs+"="+string(a))
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

// TestProcessTranscripts runs real simulator processes on transcripts and compares stdout
// with the recorded output byte for byte.
func TestProcessTranscripts(t *testing.T) {
	dir := transcriptsDir(t)
	for _, name := range []string{"readme", "unknown_tactic", "invalid_line_break", "line_breaks"} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			in, err := os.ReadFile(filepath.Join(dir, name+".in"))
			require.NoError(t, err)
			want, err := os.ReadFile(filepath.Join(dir, name+".expected.out"))
			require.NoError(t, err)
			cmd := simProcess(t, ctx)
			cmd.Stdin = bytes.NewReader(in)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			got, err := cmd.Output()
			require.NoError(t, err, "simulator: stderr %q", stderr.String())
			require.Equal(t, string(want), string(got), "stdout differs")
		})
	}
}

// TestProcessInterruptWhileHanging checks that a hanging simulator exits on SIGINT (130)
// and SIGTERM (143), like a normal process, without replying.
func TestProcessInterruptWhileHanging(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := simProcess(t, ctx, "-hang-after", "0", "-stderr-noise")
			stdin, _ := cmd.StdinPipe()
			stderrPipe, _ := cmd.StderrPipe()
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			require.NoError(t, cmd.Start())
			defer stdin.Close()
			errLines := bufio.NewReader(stderrPipe)
			// The first noise line is written once the signal handler is installed.
			l, err := errLines.ReadString('\n')
			require.NoError(t, err, "start-up noise %q", l)
			require.Contains(t, l, "noise", "start-up noise")
			io.WriteString(stdin, `{"cmd": "example : 1 = 1 := by decide"}`+"\n\n")
			// The second is written after the request was handled, just before the hang.
			l, err = errLines.ReadString('\n')
			require.NoError(t, err, "request noise %q", l)
			require.Contains(t, l, "handled request 1", "request noise")
			require.NoError(t, cmd.Process.Signal(tc.sig))
			io.Copy(io.Discard, errLines)
			err = cmd.Wait()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, "wait: want exit status %d", tc.code)
			require.Equal(t, tc.code, ee.ExitCode(), "wait: %v", err)
			require.Zero(t, stdout.Len(), "a hanging simulator replied: %q", stdout.String())
		})
	}
}

// TestProcessCrash checks an injected crash from the outside: a non-zero exit and stderr.
func TestProcessCrash(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := simProcess(t, ctx, "-crash-after", "1", "-seed", "3")
	cmd.Stdin = strings.NewReader(requests(3))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, "crash: stderr %q", stderr.String())
	require.NotZero(t, ee.ExitCode(), "crash: %v, stderr %q", err, stderr.String())
	require.NotZero(t, stderr.Len(), "crash: %v, no stderr", err)
	cs := chunks(stdout.String())
	require.NotEmpty(t, cs, "the reply before the crash is missing: %q", stdout.String())
	require.True(t, isValidReply(cs[0]), "the reply before the crash is missing: %q", stdout.String())

}
