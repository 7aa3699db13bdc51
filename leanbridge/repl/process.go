package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/leanprm/leanprm/leanbridge/proc"
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

// process is one REPL child in its own process group (leanbridge/proc).
//
// The group matters because `lake env <repl>` does not exec the REPL: Lake spawns it as a
// child and waits (Lake's `env` is IO.Process.spawn followed by wait). Signals and memory
// accounting must therefore cover the whole group, not only the direct child.
//
// Ownership: the conn that started the process owns it and must call Stop.
type process struct{ p *proc.Process }

var _ peer = (*process)(nil)

// startProcess starts argv in dir with env appended to this process's environment, in a new
// process group, with stdin, stdout and stderr on pipes. Cancelling ctx stops it: stdin is
// closed and the group interrupted, and after grace the group is killed.
func startProcess(ctx context.Context, argv []string, dir string, env []string, grace time.Duration, confine func(*exec.Cmd) (proc.Confinement, error)) (*process, error) {
	if len(argv) == 0 {
		return nil, errors.New("leanbridge: empty REPL command")
	}
	p, err := proc.Start(ctx, argv, proc.Options{
		Dir: dir, Env: env, Grace: grace,
		PipeStdin: true, PipeStdout: true, PipeStderr: true,
		Confine: confine,
	})
	if err != nil {
		return nil, fmt.Errorf("leanbridge: starting REPL %q: %w", strings.Join(argv, " "), err)
	}
	return &process{p}, nil
}

func (p *process) Stdin() io.WriteCloser   { return p.p.Stdin() }
func (p *process) Stdout() io.Reader       { return p.p.Stdout() }
func (p *process) Stderr() io.Reader       { return p.p.Stderr() }
func (p *process) Exited() <-chan struct{} { return p.p.Done() }
func (p *process) ExitStatus() string      { return p.p.ExitStatus() }
func (p *process) Pgid() int               { return p.p.Pid() }

// Violation is the sandbox limit the process broke, once it has exited (see Config.Confine).
func (p *process) Violation() error { return p.p.Violation() }

// Stop implements peer. It returns with the group gone and our pipe ends closed, so reads
// blocked on them return.
func (p *process) Stop(graceful bool) {
	p.p.Stop(graceful)
	p.p.ClosePipes()
}
