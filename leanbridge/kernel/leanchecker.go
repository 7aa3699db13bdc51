package kernel

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/verify"
)

// ReplayResult is what leanchecker said.
type ReplayResult struct {
	Accepted bool
	// Failure is the exception leanchecker ended with ("uncaught exception: …", the kernel's
	// error for a rejected declaration), or the exit status when it printed none.
	Failure string
	// Problem is the module leanchecker named ("leanchecker found a problem in MODULE"); empty
	// when it failed before replaying (no .olean found, a bad argument).
	Problem string
}

// uncaught is the runtime's prefix for an exception that leaves main (src/runtime/io.cpp).
const uncaught = "uncaught exception: "

// ParseReplay reads leanchecker's output and exit status (leanprover/lean4 at commit 017bb1e,
// src/LeanChecker.lean): silence and exit 0 is acceptance; a failure is exit 1 with
// "uncaught exception: MSG" on stderr, after "leanchecker found a problem in MODULE" when a
// replay failed. Nothing counts the constants replayed: leanchecker prints no such count. A
// zero exit with an exception printed is not an acceptance.
func ParseReplay(stdout, stderr []byte, exit int) ReplayResult {
	var r ReplayResult
	for _, line := range strings.Split(string(stderr), "\n") {
		line = strings.TrimSpace(line)
		if m, ok := strings.CutPrefix(line, "leanchecker found a problem in "); ok {
			r.Problem = m
		}
		if msg, ok := strings.CutPrefix(line, uncaught); ok {
			r.Failure = shorten(msg) // the last one: the exception that ended the run
		}
	}
	r.Accepted = exit == 0 && r.Failure == ""
	if !r.Accepted && r.Failure == "" {
		r.Failure = fmt.Sprintf("exit status %d", exit)
		if s := firstLine(stderr, stdout); s != "no output" {
			r.Failure += ": " + s
		}
	}
	return r
}

// ReplayVerdict maps leanchecker's answer to the tier's: a replay that failed on the module is
// the kernel's rejection; a run that failed before replaying (the .olean not found, a bad
// argument, a crash) is no verdict.
func ReplayVerdict(r ReplayResult, fresh bool) verify.KernelVerdict {
	if r.Accepted {
		return verify.KernelVerdict{Accepted: true}
	}
	what := "leanchecker " + SolutionModule
	if fresh {
		what = "leanchecker --fresh " + SolutionModule
	}
	if setupFailure(r.Failure) || (r.Problem == "" && !fresh) {
		return unavailable("%s did not replay: %s", what, r.Failure)
	}
	return verify.KernelVerdict{Reasons: []verify.Reason{{Code: verify.CodeKernelRejected, Detail: shorten(what + ": " + r.Failure)}}}
}

// setupFailure reports whether leanchecker's exception is one it throws before replaying
// anything (src/LeanChecker.lean: the module not found, its .olean missing or unreadable, a bad
// argument). --fresh replays without the "found a problem" line, so these are told apart by
// their text.
func setupFailure(msg string) bool {
	for _, p := range []string{"Could not find any oleans for: ", "Could not resolve module: ", "--fresh flag is only valid",
		"object file '", "failed to read module data", "unknown module prefix", "unknown package", "exit status "} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// BuildVerdict maps a failed `lean -o` of the solution: Lean's own error on the file
// ("Solution.lean:L:C: error: …") means the proof does not compile as a module, which the
// REPL tier did not see, and is a rejection; anything else (no toolchain, a crash) is no
// verdict.
func BuildVerdict(out Output) verify.KernelVerdict {
	for _, b := range [][]byte{out.Stdout, out.Stderr} {
		for _, line := range strings.Split(string(b), "\n") {
			if i := strings.Index(line, SolutionModule+".lean:"); i >= 0 && strings.Contains(line[i:], ": error") {
				return verify.KernelVerdict{Reasons: []verify.Reason{{Code: verify.CodeKernelRejected,
					Detail: shorten("building the .olean failed: " + strings.TrimSpace(line[i:]))}}}
			}
		}
	}
	return unavailable("building the .olean failed (exit %d): %s", out.Exit, firstLine(out.Stderr, out.Stdout))
}
