// Package sandbox confines the Lean processes that run untrusted code: the REPL and the
// language server started for `verify-proof`, `serve` and `check` on Lean blocks. A proof is
// written by whoever wants it accepted; if Lean can be made to run its code while elaborating
// (a tactic configuration, an elaborator, a native evaluation the static rules missed), that
// code runs here, with no network, no writes outside a private, size-limited scratch directory,
// a bound on processes, memory, CPU and file size, none of the caller's environment, and no
// privileges.
//
// # How
//
// Wrap rewrites an *exec.Cmd so that it starts this very binary as a helper (Init) in new
// mount, network, PID, IPC and UTS namespaces (plus a user namespace with the caller mapped to
// root when leanprm does not run as root), with the parent-death signal set, so a leanprm
// killed even by SIGKILL takes its sandboxes along. Before the helper execs the real command
// it:
//
//  1. joins the process's cgroups (memory.max, pids.max and cpu.max on v2; the memory, pids
//     and cpu controllers on v1), created by Wrap;
//  2. builds a new root holding, read-only, the system's programs and libraries, the
//     command's directory (the Lake project), the toolchain (ELAN_HOME, LEAN_SYSROOT) and the
//     program file alone (and the root of a toolchain installed without elan, when the program
//     lies in its bin directory next to lean), the programs leanprm names on the command line
//     or in COMPARATOR_*; never the caller's working directory, leanprm's directory or the
//     directories of PATH. A tmpfs of Limits.ScratchBytes is mounted on the scratch directory
//     (HOME and TMPDIR), and a /proc of the new PID namespace; then pivot_root;
//  3. sets RLIMIT_FSIZE, RLIMIT_CORE (0) and, only if asked, RLIMIT_CPU (it counts a
//     process's whole life, so by default a long-lived REPL is bounded by cpu.max, its
//     requests' timeouts and recycling instead);
//  4. drops every capability (bounding, ambient, effective, permitted, inheritable): root
//     without capabilities cannot remount, leave the namespaces or regain privileges;
//  5. sets no_new_privs and a seccomp filter that refuses socket(2) (the network namespace
//     already has no route out, and this also closes the host's Unix sockets), io_uring
//     (whose IORING_OP_SOCKET would make a socket without socket(2)), bpf, userfaultfd,
//     perf_event_open, keyctl, add_key, request_key and ptrace;
//  6. execs the command, whose environment is rebuilt from an allow list (PATH, LEAN_PATH,
//     elan's and Lake's variables, the locale, and Options.PassEnv), with HOME and TMPDIR in
//     the scratch directory (ELAN_HOME still names the real ~/.elan, read-only, so `lake env`
//     finds its toolchain).
//
// New sweeps, under a lock on the scratch root, the private directories and cgroups left by a
// leanprm that no longer runs (each is named after its owner's PID).
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
