package verify

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/leanprm/leanprm/leanbridge/sandbox"
)

// Status is the outcome for one proof.
type Status string

const (
	// StatusVerified: every static check passed and Lean accepted the proof with only the
	// standard axioms.
	StatusVerified Status = "verified"
	// StatusFailed: the static checks passed but Lean did not accept the proof.
	StatusFailed Status = "failed"
	// StatusRejected: a static check objected; Lean was not run.
	StatusRejected Status = "rejected"
	// StatusError: no verdict, because the statement could not be read or the checker failed.
	StatusError Status = "error"
	// StatusMalformed: a batch line that is not a usable row.
	StatusMalformed Status = "malformed"
)

// Options configure Check. The zero value checks statically only and reports StatusError
// (no_checker) for proofs that pass.
type Options struct {
	// Runner confirms with Lean. nil means no confirmation.
	Runner Runner
	// Header is the environment proofs are checked in, as import lines ("import Mathlib");
	// "" is Lean's prelude. Candidates may import these modules and those the statement
	// imports, nothing else.
	Header string
	// AllowedAxioms defaults to DefaultAllowedAxioms.
	AllowedAxioms []string
	// Timeout bounds one Lean run (0: only ctx). A proof that runs out of time has failed.
	Timeout time.Duration

	// Kernel, when set, is the kernel-replay tier (verify-proof --tier kernel): a proof the
	// REPL verified is verified only if Kernel accepts it too.
	Kernel KernelChecker

	// refs caches the semantic guard's reference reports (set by RunBatch).
	refs *refCache
	// deadline is the row's (CheckInput): the checks before Lean count against Timeout too.
	deadline time.Time
}

// Input is one proof to check.
type Input struct {
	ID        string
	Statement string
	Proof     string
	// Header overrides Options.Header for this input when non-empty.
	Header string
}

// Result is the verdict for one proof.
type Result struct {
	ID     string `json:"id"`
	Line   int    `json:"line,omitempty"` // line of the batch input, when from RunBatch
	Status Status `json:"status"`
	// Checker names what produced a Lean verdict: Runner.Backend() ("lean", or "sim" for the
	// simulator, which is never reported as Lean). Empty when Lean was not run.
	Checker string   `json:"checker,omitempty"`
	Theorem string   `json:"theorem,omitempty"`
	Axioms  []string `json:"axioms,omitempty"`
	// Tier is "kernel" when the kernel-replay tier judged the proof too, "repl" for a proof
	// verified without it.
	Tier string `json:"tier,omitempty"`
	// Kernel says, on a verified result, whether the proof was replayed through the kernel:
	// KernelReplayed, or NotKernelReplayed when no kernel tier ran.
	Kernel  string   `json:"kernel,omitempty"`
	Reasons []Reason `json:"reasons,omitempty"`
}

// What a verified Result says about the kernel replay (Result.Kernel).
const (
	KernelReplayed    = "replayed"
	NotKernelReplayed = "not kernel-replayed"
)

// Codes returns the distinct reason codes of r, in order of first appearance.
func (r Result) Codes() []Code {
	var cs []Code
	seen := map[Code]bool{}
	for _, x := range r.Reasons {
		if !seen[x.Code] {
			seen[x.Code] = true
			cs = append(cs, x.Code)
		}
	}
	return cs
}

// Check verifies one candidate proof of an official statement.
func Check(ctx context.Context, statement, proof string, opts Options) Result {
	return CheckInput(ctx, Input{Statement: statement, Proof: proof}, opts)
}

// CheckInput verifies one Input: statement, static checks, then Lean (see the package
// documentation).
func CheckInput(ctx context.Context, in Input, opts Options) Result {
	res := Result{ID: in.ID}
	fail := func(st Status, code Code, format string, args ...any) Result {
		res.Status = st
		res.Reasons = append(res.Reasons, Reason{Code: code, Detail: fmt.Sprintf(format, args...)})
		return res
	}
	st, err := ParseStatement(in.Statement)
	if err != nil {
		return fail(StatusError, CodeStatementInvalid, "%v", err)
	}
	res.Theorem = st.Name
	header := in.Header
	if header == "" {
		header = opts.Header
	}
	mods, err := ParseHeader(header)
	if err != nil {
		return fail(StatusError, CodeStatementInvalid, "%v", err)
	}
	for _, m := range st.Imports {
		if !slices.Contains(mods, m) {
			mods = append(mods, m)
		}
	}
	// The row's deadline covers every check, the static ones included.
	rowCtx := ctx
	if opts.Timeout > 0 {
		// The row's own limit, not the caller's deadline (which rowCtx inherits when it is
		// earlier): only the row's limit running out is the proof's timeout.
		opts.deadline = time.Now().Add(opts.Timeout)
		var cancel context.CancelFunc
		rowCtx, cancel = context.WithDeadline(ctx, opts.deadline)
		defer cancel()
	}
	// Init is the prelude every environment already has; importing it is a no-op.
	rep, err := CheckStaticContext(rowCtx, st, in.Proof, append(slices.Clone(mods), "Init"))
	switch {
	case err != nil && rowLimitFirst(ctx, opts.deadline):
		// The row's own Timeout ran out in the checks before Lean, as it would in Lean.
		return fail(StatusFailed, CodeTimeout, "the checks did not finish within %s", opts.Timeout)
	case err != nil:
		// The caller's context ended (a request deadline, a signal): no verdict.
		return fail(StatusError, CodeCheckerError, "not finished: %v", err)
	}
	if !rep.Accepted() {
		res.Status = StatusRejected
		res.Reasons = rep.Reasons
		return res
	}
	if opts.Runner == nil {
		return fail(StatusError, CodeNoChecker, "static checks passed; no Lean checker is configured to confirm")
	}
	res.Checker = opts.Runner.Backend()
	return confirm(ctx, res, st, headerText(mods), rep, opts)
}

// confirm runs a statically accepted candidate (rep.Cmd) through Lean, then the semantic
// guard, and completes res with the verdict.
func confirm(ctx context.Context, res Result, st *Statement, header string, rep StaticReport, opts Options) Result {
	fail := func(st Status, code Code, format string, args ...any) Result {
		res.Status = st
		res.Reasons = append(res.Reasons, Reason{Code: code, Detail: fmt.Sprintf(format, args...)})
		return res
	}
	runCtx := ctx
	var rowDeadline time.Time
	if opts.Timeout > 0 {
		rowDeadline = opts.deadline // the row's, when CheckInput set it
		if rowDeadline.IsZero() {
			rowDeadline = time.Now().Add(opts.Timeout)
		}
		var cancel context.CancelFunc
		runCtx, cancel = context.WithDeadline(ctx, rowDeadline)
		defer cancel()
	}
	timedOut := func() bool {
		return errors.Is(runCtx.Err(), context.DeadlineExceeded) && rowLimitFirst(ctx, rowDeadline)
	}
	reply, err := opts.Runner.RunCommand(runCtx, header, rep.Cmd)
	if err != nil {
		if errors.Is(err, sandbox.ErrViolation) {
			// The sandbox killed Lean for breaking a limit: no verdict, and never verified.
			return fail(StatusError, CodeSandboxViolation, "%s", violationText(err))
		}
		if timedOut() {
			return fail(StatusFailed, CodeTimeout, "Lean did not finish within %s", opts.Timeout)
		}
		return fail(StatusError, CodeCheckerError, "%v", err)
	}
	allowed := opts.AllowedAxioms
	if allowed == nil {
		allowed = DefaultAllowedAxioms
	}
	v := Judge(reply, st.NameText, rep.AxiomsLine, rep.LineShift, allowed)
	res.Axioms = v.Axioms
	res.Reasons = v.Reasons
	res.Status = StatusFailed
	if len(v.Reasons) > 0 {
		return res
	}
	// The semantic guard: the type Lean elaborated for the theorem, printed in full, must be
	// the official statement's in a clean environment.
	got, ok := TypeReport(reply, rep.GuardLine)
	if !ok {
		return fail(StatusFailed, CodeTypeReportMissing, "no readable `#check` report of %s in Lean's reply", st.NameText)
	}
	want, err := reference(runCtx, opts.Runner, header, st, opts.refs)
	switch {
	case errors.Is(err, errReference):
		return fail(StatusError, CodeStatementInvalid, "%v", err)
	case err != nil && timedOut():
		return fail(StatusFailed, CodeTimeout, "Lean did not finish within %s", opts.Timeout)
	case err != nil:
		return fail(StatusError, CodeCheckerError, "the clean environment: %v", err)
	}
	if rs := compareTypes(got, want); len(rs) > 0 {
		res.Reasons = rs
		return res
	}
	if opts.Kernel == nil {
		res.Tier, res.Kernel = "repl", NotKernelReplayed
	} else {
		// The kernel tier has its own limit (kernel.timeout), after the row's: ctx, not runCtx.
		kv := opts.Kernel.CheckKernel(ctx, KernelInput{Header: header, Statement: st, Proof: rep.Source, AllowedAxioms: allowed})
		res.Tier = "kernel"
		res.Reasons = kv.Reasons
		switch {
		case kv.Error:
			res.Status = StatusError
			return res
		case !kv.Accepted:
			return res
		}
		res.Kernel = KernelReplayed
	}
	res.Status = StatusVerified
	return res
}

// KernelChecker is the kernel-replay tier: it builds the proof into an .olean (in the
// sandbox) and replays it through the kernel, comparing the theorem's statement closure with
// the official one (leanbridge/kernel implements it with leanchecker and Comparator).
type KernelChecker interface {
	CheckKernel(ctx context.Context, in KernelInput) KernelVerdict
}

// KernelInput is a proof the REPL tier verified.
type KernelInput struct {
	Header        string // import lines
	Statement     *Statement
	Proof         string // the candidate as submitted, imports blanked
	AllowedAxioms []string
}

// KernelVerdict is the kernel tier's answer: Accepted, or rejected with Reasons, or Error (no
// verdict: a tool is missing or failed) with Reasons saying why.
type KernelVerdict struct {
	Accepted bool
	Error    bool
	Reasons  []Reason
}

// violationText is the sandbox's own message ("sandbox: memory limit 256 MiB exceeded …"),
// found in err's tree.
func violationText(err error) string {
	var v *sandbox.Violation
	if errors.As(err, &v) {
		return v.Error()
	}
	return err.Error()
}

// rowLimitFirst reports whether a check that ran out of time ran out of the row's own limit
// (the deadline given), which is the proof's timeout — a failed proof — rather than the
// caller's context (a request deadline, a signal), which is no verdict at all. The two timers
// may fire in either order when they fall at the same moment, so the caller's deadline
// decides by its value, not by which timer fired first.
func rowLimitFirst(ctx context.Context, row time.Time) bool {
	if ctx.Err() != nil || row.IsZero() {
		return false
	}
	if d, ok := ctx.Deadline(); ok && !row.Before(d) {
		return false
	}
	return true
}
