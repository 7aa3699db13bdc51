package proc_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/leanprm/leanprm/internal/proc"
)

// start runs the child mode (see child) with opts. Cleanup kills it if it is still there and
// checks that nothing of its group is left.
func start(ctx context.Context, t *testing.T, opts proc.Options, mode string, args ...string) *proc.Process {
	t.Helper()
	// A child built with -race otherwise sleeps a second before it exits (GORACE atexit_sleep_ms).
	opts.Env = append(opts.Env, envChild+"="+mode, "GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0")
	p, err := proc.Start(ctx, append([]string{os.Args[0]}, args...), opts)
	if err != nil {
		t.Fatal(err)
	}
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
	if err != nil {
		t.Fatalf("reading the child's stdout: %v (got %q)", err, line)
	}
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
			if p.Stdin() != nil || p.Stdout() != nil || p.Stderr() != nil {
				t.Error("pipes that were not asked for")
			}
			err := p.Err()
			var ee *exec.ExitError
			switch {
			case tt.code == 0 && err != nil:
				t.Errorf("Err = %v, want nil", err)
			case tt.code != 0 && (!errors.As(err, &ee) || ee.ExitCode() != tt.code):
				t.Errorf("Err = %v, want exit code %d", err, tt.code)
			}
			if s := p.ExitStatus(); s != tt.status {
				t.Errorf("ExitStatus = %q, want %q", s, tt.status)
			}
			if out.String() != "hello" || tail.String() != "oops\n" {
				t.Errorf("stdout %q, stderr %q", out.String(), tail.String())
			}
			proc.AssertGroupGone(t, p.Pid())
		})
	}
}

// A running child leads a group of its own; a graceful stop interrupts it.
func TestStopInterrupts(t *testing.T) {
	p := start(t.Context(), t, proc.Options{Grace: time.Minute}, "sleep")
	pid := p.Pid()
	if pg, err := syscall.Getpgid(pid); err != nil || pg != pid || pg == syscall.Getpgrp() {
		t.Fatalf("child %d in group %d (%v); ours is %d", pid, pg, err, syscall.Getpgrp())
	}
	if !proc.GroupAlive(pid) || !slices.Contains(proc.Members(pid), pid) {
		t.Errorf("group %d not seen alive: members %v", pid, proc.Members(pid))
	}
	if s := p.ExitStatus(); s != "" {
		t.Errorf("ExitStatus while running = %q", s)
	}
	p.Stop(true)
	if s := p.ExitStatus(); s != "signal: interrupt" {
		t.Errorf("ExitStatus = %q, want an interrupt", s)
	}
	if proc.GroupAlive(pid) {
		t.Errorf("group %d alive after Stop", pid)
	}
}

// A child that ignores SIGINT is killed once the grace period is over, and not before.
func TestStopKillsAfterGrace(t *testing.T) {
	const grace = 200 * time.Millisecond
	p := start(t.Context(), t, proc.Options{Grace: grace, PipeStdin: true, PipeStdout: true}, "stubborn")
	if l := readLine(t, p); l != "ready" {
		t.Fatalf("child said %q", l)
	}
	t0 := time.Now()
	p.Stop(true)
	if d := time.Since(t0); d < grace {
		t.Errorf("Stop returned after %v, before the grace period %v", d, grace)
	}
	if s := p.ExitStatus(); s != "signal: killed" {
		t.Errorf("ExitStatus = %q, want killed", s)
	}
	proc.AssertGroupGone(t, p.Pid())
}

// A forced stop does not wait for the grace period.
func TestStopForced(t *testing.T) {
	const grace = time.Minute
	p := start(t.Context(), t, proc.Options{Grace: grace, PipeStdout: true}, "stubborn")
	readLine(t, p)
	t0 := time.Now()
	p.Stop(false)
	if d := time.Since(t0); d >= grace {
		t.Errorf("forced Stop took %v", d)
	}
	if s := p.ExitStatus(); s != "signal: killed" {
		t.Errorf("ExitStatus = %q, want killed", s)
	}
}

// A graceful stop closes stdin; a child that exits 0 on that is reported as such, although
// exec.Cmd.Wait then reports the cancelled context (unless the child was reaped before the
// interrupt found it gone).
func TestStopClosesStdin(t *testing.T) {
	p := start(t.Context(), t, proc.Options{Grace: time.Minute, PipeStdin: true, PipeStdout: true}, "cat")
	readLine(t, p)
	p.Stop(true)
	if s := p.ExitStatus(); s != "exit status 0" {
		t.Errorf("ExitStatus = %q, want exit status 0", s)
	}
	if err := p.Err(); err != nil && !errors.Is(err, context.Canceled) {
		t.Errorf("Err = %v, want nil or context.Canceled", err)
	}
}

// Ending the context given to Start stops the process gracefully.
func TestContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	p := start(ctx, t, proc.Options{Grace: time.Minute}, "sleep")
	cancel()
	<-p.Done()
	if s := p.ExitStatus(); s != "signal: interrupt" {
		t.Errorf("ExitStatus = %q, want an interrupt", s)
	}
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
			if err != nil {
				t.Fatal(err)
			}
			if pg, err := syscall.Getpgid(gc); err != nil || pg != p.Pid() {
				t.Fatalf("grandchild %d in group %d (%v), want %d", gc, pg, err, p.Pid())
			}
			tt.stop(p)
			<-p.Done()
			if slices.Contains(proc.Members(p.Pid()), gc) {
				t.Errorf("grandchild %d outlived its group's leader", gc)
			}
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
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	if want := strings.Repeat("x", 61) + "END"; tail.String() != want {
		t.Errorf("tail = %q, want %q", tail.String(), want)
	}
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
				if n, err := tail.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			if got := tail.String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestStartErrors(t *testing.T) {
	if _, err := proc.Start(t.Context(), nil, proc.Options{}); !errors.Is(err, proc.ErrNoCommand) {
		t.Errorf("empty argv: %v", err)
	}
	opts := proc.Options{PipeStdin: true, PipeStdout: true, PipeStderr: true}
	if _, err := proc.Start(t.Context(), []string{"/nonexistent/leanprm-proc-test"}, opts); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing binary: %v", err)
	}
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
		if got := proc.FailureMessage("x #1 failed", tt.reason, tt.exit, tt.stderr, tt.err); got != tt.want {
			t.Errorf("got  %q\nwant %q", got, tt.want)
		}
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
	if live.errors != 1 {
		t.Errorf("a live group: %d errors reported", live.errors)
	}
	p.Stop(false)
	var gone fakeTB
	proc.AssertGroupGone(&gone, p.Pid())
	if gone != (fakeTB{}) {
		t.Errorf("a group that is gone: %+v", gone)
	}
	var none fakeTB
	proc.AssertGroupGone(&none, 0)
	if none != (fakeTB{fatals: 1}) {
		t.Errorf("no group: %+v", none)
	}
}
