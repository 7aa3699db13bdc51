package proc_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// start runs the child mode (see child) with opts. Cleanup kills it if it is still there and
// checks that nothing of its group is left.
func start(ctx context.Context, t *testing.T, opts proc.Options, mode string, args ...string) *proc.Process {
	t.Helper()
	// A child built with -race otherwise sleeps a second before it exits (GORACE atexit_sleep_ms).
	opts.Env = append(opts.Env, envChild+"="+mode, "GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0")
	p, err := proc.Start(ctx, append([]string{os.Args[0]}, args...), opts)
	require.NoError(t, err)
	t.Cleanup(func() {
		p.Stop(false)
		p.ClosePipes()
		proc.AssertGroupGone(t, p.Pid())
	})
	return p
}

// readLine reads one line of the child's stdout: it says it is ready, or a pid.
func readLine(t *testing.T, p *proc.Process) string {
	t.Helper()
	line, err := bufio.NewReader(p.Stdout()).ReadString('\n')
	require.NoError(t, err, "reading the child's stdout (got %q)", line)
	return strings.TrimSpace(line)
}

func TestExit(t *testing.T) {
	for _, tt := range []struct {
		code   int
		status string
	}{
		{0, "exit status 0"},
		{3, "exit status 3"},
	} {
		t.Run(tt.status, func(t *testing.T) {
			var out bytes.Buffer // not a file: exec copies into it, and Wait waits for the copy
			tail := proc.NewTail(1024)
			p := start(t.Context(), t, proc.Options{Stdout: &out, Stderr: tail}, "exit", strconv.Itoa(tt.code), "hello", "oops\n")
			assert.True(t, p.Stdin() == nil && p.Stdout() == nil && p.Stderr() == nil, "pipes that were not asked for")
			err := p.Err()
			if tt.code == 0 {
				assert.NoError(t, err)
			} else {
				var ee *exec.ExitError
				if assert.ErrorAs(t, err, &ee) {
					assert.Equal(t, tt.code, ee.ExitCode())
				}
			}
			assert.Equal(t, tt.status, p.ExitStatus())
			assert.Equal(t, "hello", out.String(), "stdout")
			assert.Equal(t, "oops\n", tail.String(), "stderr")
			proc.AssertGroupGone(t, p.Pid())
		})
	}
}

// A running child leads a group of its own; a graceful stop interrupts it.
func TestStopInterrupts(t *testing.T) {
	p := start(t.Context(), t, proc.Options{Grace: time.Minute}, "sleep")
	pid := p.Pid()
	pg, err := syscall.Getpgid(pid)
	require.NoError(t, err)
	require.Equal(t, pid, pg, "the child leads its own group")
	require.NotEqual(t, syscall.Getpgrp(), pg, "the child's group is not ours")
	assert.True(t, proc.GroupAlive(pid), "group %d not seen alive", pid)
	assert.Contains(t, proc.Members(pid), pid)
	assert.Empty(t, p.ExitStatus(), "ExitStatus while running")
	p.Stop(true)
	assert.Equal(t, "signal: interrupt", p.ExitStatus())
	assert.False(t, proc.GroupAlive(pid), "group %d alive after Stop", pid)
}

// A child that ignores SIGINT is killed once the grace period is over, and not before.
func TestStopKillsAfterGrace(t *testing.T) {
	const grace = 200 * time.Millisecond
	p := start(t.Context(), t, proc.Options{Grace: grace, PipeStdin: true, PipeStdout: true}, "stubborn")
	require.Equal(t, "ready", readLine(t, p))
	t0 := time.Now()
	p.Stop(true)
	assert.GreaterOrEqual(t, time.Since(t0), grace, "Stop returned before the grace period")
	assert.Equal(t, "signal: killed", p.ExitStatus())
	proc.AssertGroupGone(t, p.Pid())
}

// A forced stop does not wait for the grace period.
func TestStopForced(t *testing.T) {
	const grace = time.Minute
	p := start(t.Context(), t, proc.Options{Grace: grace, PipeStdout: true}, "stubborn")
	readLine(t, p)
	t0 := time.Now()
	p.Stop(false)
	assert.Less(t, time.Since(t0), grace, "forced Stop waited for the grace period")
	assert.Equal(t, "signal: killed", p.ExitStatus())
}

// A graceful stop closes stdin; a child that exits 0 on that is reported as such, although
// exec.Cmd.Wait then reports the cancelled context (unless the child was reaped before the
// interrupt found it gone).
func TestStopClosesStdin(t *testing.T) {
	p := start(t.Context(), t, proc.Options{Grace: time.Minute, PipeStdin: true, PipeStdout: true}, "cat")
	readLine(t, p)
	p.Stop(true)
	assert.Equal(t, "exit status 0", p.ExitStatus())
	if err := p.Err(); err != nil {
		assert.ErrorIs(t, err, context.Canceled)
	}
}

// Ending the context given to Start stops the process gracefully.
func TestContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	p := start(ctx, t, proc.Options{Grace: time.Minute}, "sleep")
	cancel()
	<-p.Done()
	assert.Equal(t, "signal: interrupt", p.ExitStatus())
}

// A grandchild left in the group is killed with it, however the leader ends; Done waits for
// it to be gone.
func TestKillsGrandchild(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		stop func(*proc.Process)
	}{
		{"leader exits", []string{"exit"}, func(*proc.Process) {}},
		{"graceful stop", nil, func(p *proc.Process) { p.Stop(true) }},
		{"forced stop", nil, func(p *proc.Process) { p.Stop(false) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := start(t.Context(), t, proc.Options{Grace: time.Minute, PipeStdout: true}, "spawn", tt.args...)
			gc, err := strconv.Atoi(readLine(t, p))
			require.NoError(t, err)
			pg, err := syscall.Getpgid(gc)
			require.NoError(t, err)
			require.Equal(t, p.Pid(), pg, "the grandchild %d is in its parent's group", gc)
			tt.stop(p)
			<-p.Done()
			assert.NotContains(t, proc.Members(p.Pid()), gc, "grandchild outlived its group's leader")
			proc.AssertGroupGone(t, p.Pid())
		})
	}
}

// Stop, Err and Done may be used from several goroutines at once.
func TestStopConcurrent(t *testing.T) {
	p := start(t.Context(), t, proc.Options{Grace: time.Minute}, "sleep")
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			switch i {
			case 0:
				p.Stop(true)
			case 1:
				p.Stop(false)
			case 2:
				p.Err()
			case 3:
				<-p.Done()
				p.ExitStatus()
			}
		})
	}
	wg.Wait()
	p.ClosePipes()
	p.ClosePipes()
}

// A child's stderr, however long, keeps only its end in a Tail.
func TestStderrTailBounded(t *testing.T) {
	tail := proc.NewTail(64)
	p := start(t.Context(), t, proc.Options{Stderr: tail}, "spew", strconv.Itoa(1<<20))
	require.NoError(t, p.Err())
	assert.Equal(t, strings.Repeat("x", 61)+"END", tail.String())
}

func TestTail(t *testing.T) {
	for _, tt := range []struct {
		limit  int
		writes []string
		want   string
	}{
		{5, []string{"ab", "cd"}, "abcd"},
		{5, []string{"abc", "def"}, "bcdef"},
		{5, []string{"abcde"}, "abcde"},
		{5, []string{"abcdefgh"}, "defgh"},
		{5, []string{"ab", "cdefgh", "i"}, "efghi"},
		{0, []string{"abc"}, ""},
		{-1, []string{"abc"}, ""},
		{4, []string{"xxℕ"}, "xℕ"},
		{4, []string{"ℕab"}, "\uFFFDab"}, // the rune cut by the limit
	} {
		t.Run(fmt.Sprintf("%d/%q", tt.limit, tt.writes), func(t *testing.T) {
			tail := proc.NewTail(tt.limit)
			for _, w := range tt.writes {
				n, err := tail.Write([]byte(w))
				require.NoError(t, err)
				require.Equal(t, len(w), n)
			}
			assert.Equal(t, tt.want, tail.String())
		})
	}
}

func TestStartErrors(t *testing.T) {
	_, err := proc.Start(t.Context(), nil, proc.Options{})
	assert.ErrorIs(t, err, proc.ErrNoCommand, "empty argv")
	opts := proc.Options{PipeStdin: true, PipeStdout: true, PipeStderr: true}
	_, err = proc.Start(t.Context(), []string{"/nonexistent/leanprm-proc-test"}, opts)
	assert.ErrorIs(t, err, os.ErrNotExist, "missing binary")
}

func TestFailureMessage(t *testing.T) {
	cause := errors.New("broken pipe")
	for _, tt := range []struct {
		reason, exit, stderr string
		err                  error
		want                 string
	}{
		{"EOF on stdout", "", "", nil, "x #1 failed: EOF on stdout"},
		{"EOF on stdout", "exit status 1", "", nil, "x #1 failed: EOF on stdout (exit status 1)"},
		{"write failed", "", "", cause, "x #1 failed: write failed: broken pipe"},
		{"crashed", "signal: killed", "  PANIC\n", cause, "x #1 failed: crashed (signal: killed): broken pipe; stderr: PANIC"},
		{"crashed", "", " \n", nil, "x #1 failed: crashed"},
	} {
		assert.Equal(t, tt.want, proc.FailureMessage("x #1 failed", tt.reason, tt.exit, tt.stderr, tt.err))
	}
}

// fakeTB records what AssertGroupGone reports.
type fakeTB struct{ errors, fatals int }

func (*fakeTB) Helper()                 {}
func (f *fakeTB) Errorf(string, ...any) { f.errors++ }
func (f *fakeTB) Fatalf(string, ...any) { f.fatals++ }

func TestAssertGroupGone(t *testing.T) {
	p := start(t.Context(), t, proc.Options{Grace: time.Minute}, "sleep")
	var live fakeTB
	proc.AssertGroupGone(&live, p.Pid())
	assert.Equal(t, 1, live.errors, "a live group")
	p.Stop(false)
	var gone fakeTB
	proc.AssertGroupGone(&gone, p.Pid())
	assert.Equal(t, fakeTB{}, gone, "a group that is gone")
	var none fakeTB
	proc.AssertGroupGone(&none, 0)
	assert.Equal(t, fakeTB{fatals: 1}, none, "no group")
}
