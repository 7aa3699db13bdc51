// Package proc runs a child process in a process group of its own and takes the whole group
// down when it ends. It is the one place leanprm starts long-lived or tool children: the Lean
// REPL (leanbridge/repl), the Lean language server (leanbridge/lsp) and `lake` for
// `leanprm lean setup` (cmd/leanprm).
//
// The group matters because the children leanprm runs have children of their own: `lake env`
// spawns the REPL and waits for it, `lake serve` runs `lean --server`, whose watchdog starts
// one `lean --worker` per file. Signals and the "is anything left" check cover the group, not
// only the direct child. A descendant that leaves the group (setsid, setpgid) is found by
// walking /proc below the leader (every second and before each signal) and is signalled and
// waited for too; see descendants for what this cannot catch.
//
// # Life of a process
//
// Start puts the child in a new group (Setpgid; the group id is the child's pid) and asks the
// kernel to SIGKILL it if leanprm dies first (Pdeathsig). One goroutine per process calls
// exec.Cmd.Wait, as gopls's runCmdContext does; when Wait returns it SIGKILLs what the leader
// left in the group, waits until the kernel has taken it down, and closes Done. So a closed
// Done means nothing of the group is left running.
//
// Stopping, gracefully — Stop(true), or the context given to Start ending: close the child's
// stdin (when it is a pipe) and send SIGINT to the group; after Options.Grace
// (exec.Cmd.WaitDelay) exec kills the leader, and the waiter kills the rest. Stop(false)
// SIGKILLs the group at once.
//
// # Example
//
//	tail := proc.NewTail(64 << 10)
//	p, err := proc.Start(ctx, []string{"lake", "serve"}, proc.Options{
//		Dir: dir, Grace: 3 * time.Second, PipeStdin: true, PipeStdout: true, Stderr: tail,
//	})
//	if err != nil {
//		return err
//	}
//	defer p.ClosePipes()
//	defer p.Stop(true) // interrupt, grace, kill; returns when the group is gone
//	// talk over p.Stdin() and p.Stdout() …
//	<-p.Done()
//	log.Printf("server ended: %s; stderr: %s", p.ExitStatus(), tail)
//
// In tests, AssertGroupGone checks that no process of a group outlived the test.
package proc
