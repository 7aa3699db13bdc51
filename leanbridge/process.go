package leanbridge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// peer is what a conn needs from the other end: three streams and a way to end it.
// *process implements it for a real child; the conformance test plugs in an in-process peer.
type peer interface {
	Stdin() io.WriteCloser
	Stdout() io.Reader
	Stderr() io.Reader
	// Exited is closed once the peer has ended and nothing of it remains.
	Exited() <-chan struct{}
	// ExitStatus describes how it ended ("exit status 1"); valid after Exited.
	ExitStatus() string
	// Stop ends the peer and returns once Exited is closed. A graceful stop lets it exit on
	// its own first (closing stdin, then an interrupt) for up to the grace period.
	Stop(graceful bool)
	// Pgid is the process group to measure for memory, or 0.
	Pgid() int
}

// process is one REPL child in its own process group.
//
// The group matters because `lake env <repl>` does not exec the REPL: Lake spawns it as a
// child and waits (Lake's `env` is IO.Process.spawn followed by wait). Signals and memory
// accounting must therefore cover the whole group, not only the direct child.
//
// Ownership: the conn that started the process owns it and must call Stop. The waiter
// goroutine reaps the child and then kills whatever is left of the group.
type process struct {
	cmd    *exec.Cmd
	stdin  *os.File // write end of the child's stdin
	stdout *os.File // read end of the child's stdout
	stderr *os.File // read end of the child's stderr
	cancel context.CancelFunc

	exited  chan struct{} // closed after Wait returned and the group was killed
	waitErr error         // Wait's result, valid after exited is closed

	closeOnce sync.Once
}

// startProcess starts argv in dir with env appended to this process's environment, in a new
// process group. Cancelling ctx stops it: exec calls cmd.Cancel (close stdin, SIGINT to the
// group), waits up to grace (cmd.WaitDelay), then kills the leader; once Wait returns, the
// waiter goroutine SIGKILLs the group to catch anything the leader left behind.
//
// The pipes are os.Pipe files handed to the child directly, so exec starts no copying
// goroutines and Wait never races with our reads.
func startProcess(ctx context.Context, argv []string, dir string, env []string, grace time.Duration) (*process, error) {
	if len(argv) == 0 {
		return nil, errors.New("leanbridge: empty REPL command")
	}
	pctx, cancel := context.WithCancel(ctx)
	cmd := exec.CommandContext(pctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Setpgid: true,
		// If leanprm dies without cleaning up, the kernel kills the direct child. Anything
		// below it (the REPL under lake) then reads EOF on stdin, whose write end died with
		// us, and exits: the REPL's loop ends on an empty read (PROTOCOL.md §1.1).
		Pdeathsig: syscall.SIGKILL,
	}
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return
	}
	inR, inW, err := pipe()
	if err != nil {
		cancel()
		return nil, err
	}
	outR, outW, err := pipe()
	if err != nil {
		closeAll()
		cancel()
		return nil, err
	}
	errR, errW, err := pipe()
	if err != nil {
		closeAll()
		cancel()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	p := &process{cmd: cmd, stdin: inW, stdout: outR, stderr: errR, cancel: cancel, exited: make(chan struct{})}
	cmd.Cancel = func() error {
		p.stdin.Close()
		return p.signal(syscall.SIGINT)
	}
	cmd.WaitDelay = grace
	if err := cmd.Start(); err != nil {
		closeAll()
		cancel()
		return nil, fmt.Errorf("leanbridge: starting REPL %q: %w", strings.Join(argv, " "), err)
	}
	// The child has its own copies now.
	inR.Close()
	outW.Close()
	errW.Close()
	// Wait runs in its own goroutine (as gopls's runCmdContext does), so no caller ever blocks
	// in it; its result is published by closing exited, which any number of goroutines (the
	// reader composing an error, Stop) can wait on.
	go func() {
		err := cmd.Wait()
		// The leader is gone; kill what it left in the group (the REPL under lake), and wait
		// until the kernel has taken it down, so that "exited" means nothing is left running.
		pgid := cmd.Process.Pid
		p.signal(syscall.SIGKILL)
		waitGroupGone(pgid, grace)
		p.waitErr = err
		close(p.exited)
	}()
	return p, nil
}

// signal sends sig to the process group. With Setpgid and no Pgid, the group id is the
// leader's pid; cmd.Process is set before exec's context watcher can call Cancel.
func (p *process) signal(sig syscall.Signal) error {
	err := syscall.Kill(-p.cmd.Process.Pid, sig)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}

func (p *process) Stdin() io.WriteCloser   { return p.stdin }
func (p *process) Stdout() io.Reader       { return p.stdout }
func (p *process) Stderr() io.Reader       { return p.stderr }
func (p *process) Exited() <-chan struct{} { return p.exited }
func (p *process) Pgid() int               { return p.cmd.Process.Pid }

func (p *process) ExitStatus() string {
	select {
	case <-p.exited:
	default:
		return ""
	}
	if p.waitErr == nil {
		return "exit status 0"
	}
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		return ee.String()
	}
	return p.waitErr.Error()
}

// Stop implements peer. A forced stop SIGKILLs the group at once; a graceful one cancels the
// process context, which closes stdin and interrupts the group, then kills after the grace
// period (WaitDelay). Either way it returns after Wait, with the group killed and our pipe
// ends closed, so reads blocked on them return.
func (p *process) Stop(graceful bool) {
	if !graceful {
		p.signal(syscall.SIGKILL)
	}
	p.cancel()
	<-p.exited
	p.closeOnce.Do(func() {
		p.stdin.Close()
		p.stdout.Close()
		p.stderr.Close()
	})
}

// waitGroupGone waits, up to limit, until no live process is left in group pgid. After
// SIGKILL that takes microseconds; the usual case (no process left at all) costs one kill(2).
func waitGroupGone(pgid int, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for delay := 100 * time.Microsecond; ; delay = min(2*delay, 10*time.Millisecond) {
		if errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH) || !groupAlive(pgid) {
			return
		}
		if time.Now().After(deadline) {
			return
		}
		time.Sleep(delay)
	}
}

// ringBuffer keeps the last size bytes written to it: the tail of a REPL's stderr, for error
// messages. Lean's runtime may print a lot there; only the end is worth keeping.
type ringBuffer struct {
	mu   sync.Mutex
	buf  []byte
	size int
}

func newRingBuffer(size int) *ringBuffer { return &ringBuffer{size: size} }

func (r *ringBuffer) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(p)
	if len(p) >= r.size {
		r.buf = append(r.buf[:0], p[len(p)-r.size:]...)
		return n, nil
	}
	if over := len(r.buf) + len(p) - r.size; over > 0 {
		r.buf = append(r.buf[:0], r.buf[over:]...)
	}
	r.buf = append(r.buf, p...)
	return n, nil
}

func (r *ringBuffer) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.ToValidUTF8(string(r.buf), "\uFFFD")
}
