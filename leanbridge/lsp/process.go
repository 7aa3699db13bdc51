package lsp

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// process is one language-server child in its own process group (leanbridge/proc).
//
// The group matters because `lake serve` runs `lean --server`, and that watchdog spawns one
// `lean --worker` per open file: signals must reach all of them, not only the direct child.
//
// Ownership: the session that started the process owns it: it stops it, or sees it end
// (Done), and then closes the pipes.
type process struct {
	*proc.Process
	stderr *proc.Tail
}

// startProcess starts argv in dir with env added to this process's environment, in a new
// process group. stdin and stdout are pipes; stderr goes through exec's copier into a bounded
// buffer, kept for error messages.
//
// Stopping (Stop(true)) closes the child's stdin and sends SIGINT to the group; after grace
// the group is killed.
func startProcess(argv []string, dir string, env []string, grace time.Duration, stderrLimit int, confine func(*exec.Cmd) (proc.Confinement, error)) (*process, error) {
	if len(argv) == 0 {
		return nil, errors.New("lsp: empty server command")
	}
	tail := proc.NewTail(stderrLimit)
	p, err := proc.Start(context.Background(), argv, proc.Options{
		Dir: dir, Env: env, Grace: grace,
		PipeStdin: true, PipeStdout: true, Stderr: tail,
		Confine: confine,
	})
	if err != nil {
		return nil, fmt.Errorf("lsp: starting %q in %s: %w", strings.Join(argv, " "), dir, err)
	}
	return &process{Process: p, stderr: tail}, nil
}

// stdio joins the child's stdout (read) and stdin (write) into the io.ReadWriteCloser that
// jsonrpc2's stream wants. Close closes both ends, which unblocks jsonrpc2's read loop and
// any write blocked on a server that stopped reading.
type stdio struct{ p *process }

func (s stdio) Read(b []byte) (int, error)  { return s.p.Stdout().Read(b) }
func (s stdio) Write(b []byte) (int, error) { return s.p.Stdin().Write(b) }
func (s stdio) Close() error                { s.p.ClosePipes(); return nil }
