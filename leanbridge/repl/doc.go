// Package repl talks to the Lean 4 REPL (leanprover-community/repl): JSON requests on its
// stdin, pretty-printed JSON replies on its stdout, as described in
// ../shared/lean/PROTOCOL.md §1.
//
// # Layers
//
//   - Framing (framing.go): Frame and EncodeRequest write a request as one line of JSON plus one
//     empty line, after checking that the REPL can parse it (it exits on anything else).
//     Decoder splits stdout into replies, whatever their layout, with a size limit per reply.
//   - Types (types.go): one struct per request kind and reply shape of PROTOCOL.md §1.3–1.4.
//     Members a newer REPL adds are kept in Extra and written back, so decode→encode gives the
//     same JSON value. ParseReply classifies a reply (there are no request ids).
//   - Worker (worker.go, conn.go, process.go): one REPL process at a time, restarted when it
//     fails, times out or is recycled.
//   - Pool (pool.go): N workers behind a bounded FIFO queue; Pool.Command blocks while the queue
//     is full (backpressure). A worker takes the next request when it has answered the last, or
//     keeps Config.Pipeline requests written ahead. Pool.WithWorker waits in the same queue and
//     then gives one worker to a function alone, for work that spans requests on one process.
//   - Proof chains (chain.go; the model is leanbridge/proofchain): tactic steps judged step by
//     step in tactic mode and re-checked as a command (below).
//
// # Example
//
// ExampleNewPool starts a pool on the Lake project and runs one command; ExamplePool_CheckChain
// judges a proof chain.
//
// To run the simulator instead of Lean, set Config.Command to its command line
// (`leanprm sim repl`); the pool's Backend is then "sim".
//
// # Proof chains
//
// A proofchain.Chain is a theorem statement and its tactic steps (proofchain.Parse reads its
// JSON form, proofchain.FromSource a Lean file's theorem). Worker.CheckChain and
// Pool.CheckChain (the proofchain.Checker of this client) elaborate the statement with `:= by
// sorry` on the header's environment and run each step in tactic mode on the proof state the
// previous one left. A step is accepted with the goals after it, or fails with Lean's message
// — the REPL reports some failures as an error reply ("Lean error:…", Step.Thrown) and others
// as an error message in a normal reply; both count — and the steps after a failure are "not
// run". The chain is Verified only when the last proofStatus is "Completed" and the assembled
// proof (proofchain.ProofText) re-checks as a command with no error and no sorry: tactic mode
// once accepted wrong proofs (repl issue #44). Result.Backend is "repl"; Result.Checker names
// the peer ("lean" or "sim").
//
// Proof states belong to the REPL process that made them, so a chain runs on one worker
// (Pool.CheckChain holds it with WithWorker), and the worker does not recycle that process
// while the chain runs. If the process fails anyway — a crash, a timeout, an id gone stale
// with a restart — CheckChain returns a *proofchain.Error and no result: a chain without a
// checker has no verdict. The agreement of this client with the language-server client is
// tested in proofchain.
//
// # Processes
//
// The REPL runs as `lake env <repl binary>` in the Lake project (LocateREPL), or as
// Config.Command, in its own process group. `lake env` does not exec the REPL but spawns it and
// waits, so signals go to the group and memory is summed over the group. A process is stopped by
// closing its stdin and interrupting the group, then, after Config.GracePeriod, killing the
// group. Close and context cancellation both do this and wait until the group is gone. If
// leanprm itself dies, the direct child gets SIGKILL (Pdeathsig) and the REPL below it reads
// EOF on stdin, whose only writer was leanprm, and exits after its current request.
//
// # Failures
//
// Every request has a timeout (Config.RequestTimeout), counted from when the REPL can start
// on it; the REPL cannot interrupt a request, so a timeout kills the process. EOF on stdout, an
// exit, "uncaught exception" on stderr (read separately; its tail is kept for error messages),
// unreadable output and oversized replies also end the process. The request it was working on
// gets the error (ProcessError, TimeoutError, FramingError); requests queued behind it were never
// read by the REPL and are retried once on a new process. The next request starts a new process.
// Pool.CommandRetry retries a request whose own attempt failed that way (IsInfrastructure) once,
// on a fresh process; the translator's adapter (hybrid/formal.TranslateLean) uses it.
//
// # Raw sessions
//
// Worker.SendRaw forwards one JSON request and returns the reply as JSON, the REPL's error
// replies included (`leanprm lean repl` is built on it). It validates the request (Frame) and
// the ids it names (below), so user input can neither kill the REPL nor silently reach a state
// of a dead process.
//
// # State ids
//
// The REPL numbers environments and proof states from 0 in every process, so after a restart
// an old id would silently name a different state. A Worker therefore shows its own ids: for its
// first process they are the REPL's; each later process's ids are shifted past every id issued
// before, in requests and replies alike (SendRaw included). A request naming an id of an exited
// process is refused with a *StaleStateError (errors.Is ErrStaleState) and not sent. With
// Config.HideStartupIDs (`leanprm lean repl`) the ids the start-up version check took are left
// out of the numbering, so a forwarded session sees the ids a REPL of its own would give.
//
// # Headers
//
// Importing is the expensive part of a REPL command (seconds for Mathlib), and every command
// without an env imports again. CommandOnHeader and Pool.Command therefore run a header (the
// import lines) once per process and reuse its env id; after a restart the header is imported
// again on first use. Header "" is the prelude: the environment of the start-up version check.
//
// # Start-up checks
//
// Each new process is asked for `#eval Lean.versionString`. The version must equal the one
// pinned in lean-project/lean-toolchain (Config.ExpectedVersion), and the answer names the
// backend: the simulator's version string contains "leanprm-simulator" (docs/CONTRACTS.md §2).
// Then, once per worker, the probe: the configured tactic must prove
// (1 : Rat) / 2 + (1 : Rat) / 3 = (5 : Rat) / 6 and must fail on the same sum = 1/6. A worker
// that fails is reported (ProbeError, Pool.StartErrors, Pool.Probes) and not used. Then the
// identity probe, one command with one declaration per line (docs/CONTRACTS.md §1b):
// Config.IdentityTactic (default grind) must prove two identities over Rat, one of them true
// only under its side condition v1 ≠ 0 (Lean's x / 0 = 0), and fail that identity without
// the side condition and a false expansion. A worker that fails it still serves closed
// arithmetic; Worker.SymbolicOK and Pool.SymbolicOK report false, and callers must then send
// it no symbolic line (ProbeResult.IdentityReason says why). A process that dies during the
// checks is replaced, up to three times: a crash says nothing about the answers.
//
// # Memory
//
// The REPL never frees a state, so a worker is recycled after Config.RecycleAfter replies, or
// when its process group's resident anonymous memory (from /proc) passes Config.MaxRSSBytes.
//
// An address-space limit (RLIMIT_AS, `ulimit -v`) is not used, because it breaks
// `import Mathlib`: importing memory-maps every .olean file of the import closure (thousands of
// files, gigabytes) and the Lean runtime reserves large virtual ranges up front, so the address
// space is far larger than what is resident and the import fails under any limit that would
// matter. Resident memory is what costs, and the file-backed part of it is page cache shared by
// all workers; hence anonymous resident memory.
package repl
