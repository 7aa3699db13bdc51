package lsp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// process is one language-server child in its own process group.
//
// The group matters because `lake serve` runs `lean --server`, and that watchdog spawns one
// `lean --worker` per open file: signals must reach all of them, not only the direct child.
//
// Ownership: the session that started the process owns it. The waiter goroutine started
// here is the only caller of cmd.Wait; it sends Wait's result into the 1-buffered channel
// waitc, which the session reads exactly once, and then kills what is left of the group.
type process struct {
	cmd    *exec.Cmd
	stdin  *os.File // our write end of the child's stdin
	stdout *os.File // our read end of the child's stdout
	stderr *tailBuffer
	cancel context.CancelFunc
	waitc  chan error // 1-buffered: cmd.Wait's result

	closeOnce sync.Once
}

// startProcess starts argv in dir with env added to this process's environment, in a new
// process group.
//
// Stopping: cancelling the process context makes exec call cmd.Cancel, which closes the
// child's stdin and sends SIGINT to the group; after grace (cmd.WaitDelay) exec kills the
// leader and closes the pipes; when Wait returns, the waiter goroutine SIGKILLs the group.
//
// stdin and stdout are os.Pipe files handed to the child directly, so exec starts no copying
// goroutine for them and our reads never race with Wait closing a pipe. stderr goes through
// exec's copier into a bounded buffer, kept for error messages.
func startProcess(argv []string, dir string, env []string, grace time.Duration, stderrLimit int) (*process, error) {
	if len(argv) == 0 {
		return nil, errors.New("lsp: empty server command")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Setpgid: true,
		// If leanprm dies without cleaning up, the kernel kills the direct child; the
		// watchdog below it then reads EOF on stdin and exits (PROTOCOL.md §2.2).
		Pdeathsig: syscall.SIGKILL,
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		cancel()
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		cancel()
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &process{cmd: cmd, stdin: inW, stdout: outR, stderr: newTailBuffer(stderrLimit), cancel: cancel, waitc: make(chan error, 1)}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, p.stderr
	cmd.Cancel = func() error {
		p.stdin.Close()
		return p.signal(syscall.SIGINT)
	}
	cmd.WaitDelay = grace
	if err := cmd.Start(); err != nil {
		cancel()
		for _, f := range []*os.File{inR, inW, outR, outW} {
			f.Close()
		}
		return nil, fmt.Errorf("lsp: starting %q in %s: %w", strings.Join(argv, " "), dir, err)
	}
	// The child holds its own copies now.
	inR.Close()
	outW.Close()
	go func() {
		err := cmd.Wait()
		// The leader is gone; kill whatever it left in its group (Lean's workers).
		p.signal(syscall.SIGKILL)
		p.waitc <- err
	}()
	return p, nil
}

// pid is the leader's pid, which is also the process group id.
func (p *process) pid() int { return p.cmd.Process.Pid }

// signal sends sig to the whole process group.
func (p *process) signal(sig syscall.Signal) error {
	err := syscall.Kill(-p.pid(), sig)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}

// stop asks the process to end. graceful: close stdin and interrupt the group, then kill
// after the grace period. Otherwise: SIGKILL the group now. It does not wait; the session
// reads waitc.
func (p *process) stop(graceful bool) {
	if !graceful {
		p.signal(syscall.SIGKILL)
	}
	p.cancel()
}

// closeFiles closes our ends of the pipes, unblocking any read or write on them.
func (p *process) closeFiles() {
	p.closeOnce.Do(func() {
		p.stdin.Close()
		p.stdout.Close()
	})
}

// exitString describes how the process ended, from Wait's result. The process state is
// preferred: Wait reports a cancelled context even for a process that exited 0 by itself
// while we were stopping it.
func (p *process) exitString(waitErr error) string {
	if st := p.cmd.ProcessState; st != nil {
		return st.String()
	}
	if waitErr == nil {
		return "exit status 0"
	}
	return waitErr.Error()
}

// stdio joins the child's stdout (read) and stdin (write) into the io.ReadWriteCloser that
// jsonrpc2's stream wants. Close closes both ends, which unblocks jsonrpc2's read loop and
// any write blocked on a server that stopped reading.
type stdio struct{ p *process }

func (s stdio) Read(b []byte) (int, error)  { return s.p.stdout.Read(b) }
func (s stdio) Write(b []byte) (int, error) { return s.p.stdin.Write(b) }
func (s stdio) Close() error                { s.p.closeFiles(); return nil }

// tailBuffer keeps the last limit bytes written to it: Lean's runtime and Lake may print a
// lot on stderr, and only the end is worth quoting in an error.
type tailBuffer struct {
	mu    sync.Mutex
	buf   []byte
	limit int
}

func newTailBuffer(limit int) *tailBuffer { return &tailBuffer{limit: limit} }

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if len(p) >= t.limit {
		t.buf = append(t.buf[:0], p[len(p)-t.limit:]...)
		return n, nil
	}
	if over := len(t.buf) + len(p) - t.limit; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, p...)
	return n, nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.ToValidUTF8(string(t.buf), "\uFFFD")
}
