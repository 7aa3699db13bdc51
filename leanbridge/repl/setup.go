package repl

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/creack/pty"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// Setup fetches and builds the pinned REPL in the Lake project dir — lake update, lake build,
// lake exe repl — announcing each step on out ("==> lake build (in DIR)") and streaming its
// output there. The last step runs the REPL with stdin at EOF, so it exits 0 at once: a smoke
// test of the binary. With usePTY the steps run on a pseudo-terminal, because Lake draws its
// progress only on a terminal (REPL traffic itself never runs on one: a terminal would echo
// requests and cut long lines). It needs the internet once.
func Setup(ctx context.Context, dir string, out io.Writer, usePTY bool) error {
	if _, err := os.Stat(filepath.Join(dir, "lakefile.toml")); err != nil {
		return fmt.Errorf("lean.project %q has no lakefile.toml: %w", dir, err)
	}
	lake, err := exec.LookPath("lake")
	if err != nil {
		return fmt.Errorf("lake not found on PATH: install elan (make lean does) and open a new shell: %w", err)
	}
	steps := [][]string{
		{lake, "update"},
		{lake, "build"},
		// `lake exe` builds the dependency's executable and runs it; with stdin at EOF the
		// REPL exits 0 at once, which doubles as a smoke test of the binary.
		{lake, "exe", "repl"},
	}
	for _, argv := range steps {
		fmt.Fprintf(out, "==> %s (in %s)\n", filepath.Base(argv[0])+" "+strings.Join(argv[1:], " "), dir)
		if err := RunStreaming(ctx, dir, argv, out, usePTY); err != nil {
			return err
		}
	}
	return nil
}

// RunStreaming runs argv in dir, copying its output to w as it arrives. With usePTY the child's
// stdout and stderr are a pseudo-terminal (stdin stays /dev/null), so tools that only report
// progress to terminals do so. The child runs in its own process group (leanbridge/proc); when
// ctx ends it is interrupted, then killed with its group after a grace period.
func RunStreaming(ctx context.Context, dir string, argv []string, w io.Writer, usePTY bool) error {
	opts := proc.Options{Dir: dir, Grace: 10 * time.Second, Stdout: w, Stderr: w}
	var master, tty *os.File
	if usePTY {
		var err error
		master, tty, err = pty.Open()
		if err != nil {
			return fmt.Errorf("opening a pseudo-terminal: %w", err)
		}
		defer master.Close()
		_ = pty.Setsize(master, &pty.Winsize{Rows: 40, Cols: 120})
		opts.Stdout, opts.Stderr = tty, tty
	}
	p, err := proc.Start(ctx, argv, opts)
	if tty != nil {
		// The child holds its own copy of the terminal; ours must close so that reading the
		// master ends (EIO) once the child exits.
		tty.Close()
	}
	if err != nil {
		return fmt.Errorf("starting %s: %w", argv[0], err)
	}
	var copyDone chan error
	if master != nil {
		copyDone = make(chan error, 1)
		go func() {
			_, err := io.Copy(w, bufio.NewReader(master))
			copyDone <- err
		}()
	}

	waitErr := p.Err()
	if copyDone != nil {
		<-copyDone // EIO at the end of a pty stream is the normal end
	}
	if waitErr != nil {
		if ctx.Err() != nil {
			waitErr = ctx.Err() // stopped by us: report why, not the signal
		}
		return fmt.Errorf("%s failed: %w", strings.Join(argv, " "), waitErr)
	}
	return nil
}
