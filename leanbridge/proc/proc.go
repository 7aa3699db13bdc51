package proc

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// DefaultGrace is the grace period of Options with a zero Grace.
const DefaultGrace = 2 * time.Second

// ErrNoCommand is Start's error for an empty argv.
var ErrNoCommand = errors.New("proc: empty command")

// Options says how to run a child. The zero value runs it in the current directory with this
// process's environment, stdin from the null device, its output discarded, and DefaultGrace.
type Options struct {
	Dir string
	// Env is added to this process's environment.
	Env []string
	// Grace is how long an interrupted child has to exit before it is killed
	// (exec.Cmd.WaitDelay). It also bounds the wait for the group's last members to die
	// after SIGKILL, and how long Wait waits for output copying (see Stdout) after the exit.
	Grace time.Duration

	// PipeStdin, PipeStdout and PipeStderr connect the stream to an os.Pipe whose other end
	// is Process.Stdin, Stdout or Stderr. The pipe's file is handed to the child as it is,
	// so exec starts no copying goroutine for it and reads never race with Wait.
	PipeStdin, PipeStdout, PipeStderr bool
	// Stdout and Stderr receive the child's output when it is not piped; nil discards it. An
	// *os.File (a terminal, say) is handed to the child; any other writer makes exec copy into
	// it in a goroutine, which Wait waits for — up to Grace, if something left in the group
	// holds the stream open.
	Stdout, Stderr io.Writer

	// Confine, when set, is given the command before it starts and may rewrite it (another
	// program that execs this one, namespaces added to SysProcAttr; the process group and
	// parent-death signal set here must be kept). It returns the Confinement to tell about the
	// process (leanbridge/sandbox wraps Lean processes this way).
	Confine func(cmd *exec.Cmd) (Confinement, error)
}

// Confinement is what Options.Confine put around a process.
type Confinement interface {
	// Started is called once the process runs, with its pid (the group's id).
	Started(pid int)
	// Ended is called once the group is gone (or the start failed); it releases what the
	// confinement holds and returns the limit the process broke, if any, which ExitStatus and
	// Violation report.
	Ended() error
}

// Process is a child started by Start, leader of its own process group.
//
// Ownership: whoever called Start must end the process (Stop, or cancelling Start's context)
// or see it end (Done), and then call ClosePipes to release the pipe ends.
type Process struct {
	cmd    *exec.Cmd
	cancel context.CancelFunc

	stdin  *os.File // our write end of the child's stdin, when piped
	stdout *os.File // our read end of its stdout, when piped
	stderr *os.File // our read end of its stderr, when piped

	done chan struct{} // closed after Wait returned and the group was killed
	err  error         // Wait's result, valid after done is closed

	tree *descendants // what runs below the leader, also outside its group

	conf      Confinement // or nil
	violation error       // conf.Ended's, valid after done is closed

	closeOnce sync.Once
}

// Start starts argv in a new process group. Cancelling ctx stops the process gracefully, as
// Stop(true) does. The error is ErrNoCommand, a pipe's, or exec.Cmd.Start's; callers add
// which command it was.
func Start(ctx context.Context, argv []string, opts Options) (*Process, error) {
	if len(argv) == 0 {
		return nil, ErrNoCommand
	}
	grace := opts.Grace
	if grace <= 0 {
		grace = DefaultGrace
	}
	ctx, cancel := context.WithCancel(ctx)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = opts.Dir
	cmd.Env = append(os.Environ(), opts.Env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Setpgid: true,
		// If leanprm dies without cleaning up, the kernel kills the direct child. What runs
		// below it (the REPL under lake, Lean's workers) then reads EOF on a stdin whose
		// write end died with us, and exits.
		Pdeathsig: syscall.SIGKILL,
	}
	cmd.Stdout, cmd.Stderr = opts.Stdout, opts.Stderr
	p := &Process{cmd: cmd, cancel: cancel, done: make(chan struct{}), tree: &descendants{}}

	var childEnds []*os.File // closed once the child holds its own copies
	fail := func(err error) (*Process, error) {
		for _, f := range childEnds {
			f.Close()
		}
		p.ClosePipes()
		cancel()
		return nil, err
	}
	// pipe makes a pipe, keeps our end in *ours and returns the child's.
	pipe := func(ours **os.File, childReads bool) (*os.File, error) {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		if childReads {
			*ours = w
			childEnds = append(childEnds, r)
			return r, nil
		}
		*ours = r
		childEnds = append(childEnds, w)
		return w, nil
	}
	if opts.PipeStdin {
		f, err := pipe(&p.stdin, true)
		if err != nil {
			return fail(err)
		}
		cmd.Stdin = f
	}
	if opts.PipeStdout {
		f, err := pipe(&p.stdout, false)
		if err != nil {
			return fail(err)
		}
		cmd.Stdout = f
	}
	if opts.PipeStderr {
		f, err := pipe(&p.stderr, false)
		if err != nil {
			return fail(err)
		}
		cmd.Stderr = f
	}
	cmd.Cancel = func() error {
		if p.stdin != nil {
			p.stdin.Close()
		}
		return p.Signal(syscall.SIGINT)
	}
	cmd.WaitDelay = grace
	if opts.Confine != nil {
		conf, err := opts.Confine(cmd)
		if err != nil {
			return fail(err)
		}
		p.conf = conf
	}
	if err := startCmd(cmd); err != nil { // on the forking thread: see forker.go
		if p.conf != nil {
			p.conf.Ended()
		}
		return fail(err)
	}
	if p.conf != nil {
		p.conf.Started(cmd.Process.Pid)
	}
	for _, f := range childEnds {
		f.Close()
	}
	p.tree.started(cmd.Process.Pid)
	go p.tree.watch(p.done)
	// Wait runs in its own goroutine, so no caller ever blocks in it; its result is published
	// by closing done, which any number of goroutines can wait on.
	go func() {
		err := cmd.Wait()
		// The leader is gone; kill what it left in the group, and wait until the kernel has
		// taken it down, so that done means nothing is left running.
		p.Signal(syscall.SIGKILL)
		waitGone(p.Pid(), grace)
		p.tree.waitGone(grace)
		if p.conf != nil {
			p.violation = p.conf.Ended()
		}
		p.err = err
		cancel() // release the context: exec calls Cancel no more once Wait has returned
		close(p.done)
	}()
	return p, nil
}

// Pid is the leader's process id, which is also the process group id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Stdin, Stdout and Stderr are our ends of the pipes Options asked for, or nil.
func (p *Process) Stdin() *os.File  { return p.stdin }
func (p *Process) Stdout() *os.File { return p.stdout }
func (p *Process) Stderr() *os.File { return p.stderr }

// Done is closed once the process has been reaped and nothing is left of its group (or the
// grace period ran out waiting for that).
func (p *Process) Done() <-chan struct{} { return p.done }

// Err waits for Done and returns exec.Cmd.Wait's result: nil for exit status 0, an
// *exec.ExitError for another status or a signal, or the context's error for a child that
// exited 0 after an interrupt.
func (p *Process) Err() error {
	<-p.done
	return p.err
}

// ExitStatus describes how the process ended ("exit status 1", "signal: killed"), or is ""
// while it runs. The process state is preferred to Wait's error: Wait reports a cancelled
// context even for a child that exited 0 by itself while it was being stopped.
func (p *Process) ExitStatus() string {
	select {
	case <-p.done:
	default:
		return ""
	}
	s := "exit status 0"
	switch {
	case p.cmd.ProcessState != nil:
		s = p.cmd.ProcessState.String()
	case p.err != nil:
		s = p.err.Error()
	}
	if p.violation != nil {
		s += "; " + p.violation.Error()
	}
	return s
}

// Violation is the limit the process broke according to its Confinement (nil when none, or
// without one). It waits for Done.
func (p *Process) Violation() error {
	<-p.done
	return p.violation
}

// Signal sends sig to the whole process group, and to the processes started below the leader
// that left the group (see descendants). It returns os.ErrProcessDone when no process is left
// in the group.
func (p *Process) Signal(sig syscall.Signal) error {
	p.tree.scan()
	p.tree.signal(sig)
	err := syscall.Kill(-p.Pid(), sig)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}

// Stop ends the process and returns once Done is closed. Graceful: close its stdin and
// interrupt the group, and SIGKILL the group if it is still there after the grace period.
// Otherwise SIGKILL the group at once. Stop may be called more than once, and concurrently.
func (p *Process) Stop(graceful bool) {
	if !graceful {
		p.Signal(syscall.SIGKILL)
	}
	p.cancel()
	<-p.done
}

// ClosePipes closes our ends of the pipes, which unblocks any read or write on them. Closing
// stdin ends the child's input, so call it once the child is done with it, normally after
// Done. Later calls do nothing.
func (p *Process) ClosePipes() {
	p.closeOnce.Do(func() {
		for _, f := range []*os.File{p.stdin, p.stdout, p.stderr} {
			if f != nil {
				f.Close()
			}
		}
	})
}
