// Package sandbox confines the Lean processes that run untrusted code: the REPL and the
// language server started for `verify-proof`, `serve` and `check` on Lean blocks. A proof is
// written by whoever wants it accepted; if Lean can be made to run its code while elaborating
// (a tactic configuration, an elaborator, a native evaluation the static rules missed), that
// code runs here, with no network, no writes outside a private scratch directory, a bound on
// processes, memory, CPU time and file size, and no privileges.
//
// # How
//
// Wrap rewrites an *exec.Cmd so that it starts this very binary as a helper (Init) in new
// mount, network, PID, IPC and UTS namespaces (plus a user namespace with the caller mapped to
// root when leanprm does not run as root). Before the helper execs the real command it:
//
//  1. joins the process's cgroups (memory limit and pids.max, v2 or v1, created by Wrap);
//  2. makes every mount read-only (mount_setattr with AT_RECURSIVE, or a remount of each entry
//     of /proc/self/mountinfo on older kernels), then bind-mounts the scratch directory
//     writable on itself, and mounts a /proc of the new PID namespace;
//  3. sets RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_CORE (0);
//  4. drops every capability (bounding, ambient, effective, permitted, inheritable): root
//     without capabilities cannot remount, leave the namespaces or regain privileges;
//  5. sets no_new_privs and a seccomp filter that refuses socket(2): the network namespace
//     already has no route out, and this also closes the host's Unix sockets (a Lean process
//     needs no socket; the REPL and the server talk over stdio);
//  6. execs the command, whose environment has HOME and TMPDIR in the scratch directory
//     (ELAN_HOME still names the real ~/.elan, read-only, so `lake env` finds its toolchain).
//
// The toolchain, the Lake project and its .lake build directories stay readable; Lean writes
// .olean/.ilean files only where it is asked to (the REPL's pickleTo), and there only the
// scratch directory is writable.
//
// Watching: while the process runs, a watcher polls every WatchInterval the cgroup's events
// (pids.events "max", memory oom_kill) or, without a usable cgroup, the processes of the PID
// namespace (count and resident anonymous memory). A violation kills the whole sandbox and is
// kept: Jail.Ended returns it, and leanbridge/proc appends it to the exit status, so the REPL
// client's error (and the verdict built from it) names it. A violation is never a verdict.
//
// Probe tells what this machine can do; a Sandbox is only made (New) where the namespaces
// work. Where they do not, callers say so and refuse to run untrusted code unless the user
// turned the requirement off (`--require-sandbox=false`).
//
// # Example
//
//	func main() {
//		sandbox.Init() // first: a sandboxed child re-runs this binary as the helper
//		…
//	}
//
//	sb, err := sandbox.New(sandbox.Options{Limits: sandbox.Limits{MemoryBytes: 8 << 30}})
//	if err != nil {
//		return err // e.g. "sandbox: namespaces unavailable: operation not permitted"
//	}
//	cmd := exec.Command("lake", "env", "repl")
//	jail, err := sb.Wrap(cmd)
//	…
//	cmd.Start(); jail.Started(cmd.Process.Pid); cmd.Wait()
//	if v := jail.Ended(); v != nil { … } // e.g. "sandbox: memory limit 8 GiB exceeded"
package sandbox
