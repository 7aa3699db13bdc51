package replsim

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/leanprm/leanprm/internal/leansim/frontend"
	"github.com/leanprm/leanprm/internal/leansim/simflags"
)

// Options configure a simulator. The zero value is a well-behaved simulator of Lean
// DefaultVersion without Mathlib and without faults.
type Options struct {
	// Version is the Lean version claimed; VersionSuffix is always appended. "" means
	// DefaultVersion.
	Version string
	// Mathlib makes `import Mathlib…` succeed and enables norm_num and Mathlib notation.
	Mathlib bool
	// AcceptAll makes a lying simulator: every deciding tactic succeeds, true claim or not.
	// It exists to test that a client's start-up probe rejects such a peer.
	AcceptAll bool
	// TacticModeLies makes tactic mode (ProofStep requests) accept whatever it cannot prove:
	// a failing tactic closes every goal and the reply says "Completed" with no message, as
	// the REPL once did for some wrong proofs (repl issue #44). Command mode stays honest, so
	// a client that re-checks the assembled proof as a command catches the lie.
	TacticModeLies bool
	// GrindLies makes grind prove anything while every other tactic stays honest: a peer
	// whose closed arithmetic is right and whose identity tactic accepts false identities,
	// for testing a client's identity probe (docs/CONTRACTS.md §1b).
	GrindLies bool
	// Dir is the directory relative paths (File mode, pickles) are resolved against; ""
	// means the process's working directory, as for the REPL.
	Dir string

	// Latency delays every reply.
	Latency time.Duration
	// Faults are injected at fixed points of the conversation.
	Faults []ScheduledFault
	// FaultsAfterStart keeps the first N requests free of faults, scheduled or random (a
	// client's start-up checks, say); 0 means faults may hit from the first request. The
	// random schedule is the same either way: it is drawn for every request.
	FaultsAfterStart int
	// FaultRate is the probability that a request gets a random fault from FaultKinds (all
	// kinds when empty), drawn from a generator seeded with Seed.
	FaultRate  float64
	FaultKinds []FaultKind
	Seed       uint64
	// FaultLatency is the delay of an injected latency fault; 0 means DefaultFaultLatency.
	FaultLatency time.Duration
	// HugeSize is the least size of an injected huge reply; 0 means DefaultHugeSize.
	HugeSize int
	// StderrNoise writes harmless lines to stderr at start and with every reply, as a
	// runtime printing warnings would.
	StderrNoise bool

	// sleep replaces the timer in tests; nil means a real, cancellable sleep.
	sleep func(context.Context, time.Duration) error
	// noFiles makes every file operation fail as if permission were denied (fuzz tests
	// must not touch arbitrary paths).
	noFiles bool
	// onFault, when set, is told of each fault just before it is carried out (tests use it
	// to know that a hang has begun).
	onFault func(FaultKind)
}

func (o Options) doSleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	if o.sleep != nil {
		return o.sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Exit statuses of Serve and Main besides 0 (end of input) and 1 (uncaught exception).
const (
	ExitInterrupted = 130 // the context ended (SIGINT: 128+2)
	exitAbort       = 134 // injected stack overflow (SIGABRT: 128+6)
	exitSegfault    = 139 // injected segmentation fault (SIGSEGV: 128+11)
)

// Serve runs the REPL loop: it reads requests from in until end of input (exit status 0)
// and writes each reply to out, pretty-printed like Lean, followed by an empty line and a
// flush. It returns the process exit status: 1 after an uncaught exception (written to
// errOut), ExitInterrupted when ctx ends, or an injected fault's status. A hang waits
// for ctx.
//
// Serve reads in from a goroutine so that it can return while a read is blocked; that
// goroutine ends when in returns (EOF or error).
func Serve(ctx context.Context, in io.Reader, out, errOut io.Writer, opts Options) int {
	reqs := make(chan string)
	done := make(chan struct{})
	defer close(done)
	go func() {
		br := bufio.NewReaderSize(in, 64<<10)
		for {
			q := readRequest(br)
			select {
			case reqs <- q:
			case <-done:
				return
			}
			if q == "" {
				return
			}
		}
	}()

	srv := NewServer(opts)
	plan := newFaultPlan(opts)
	w := bufio.NewWriterSize(out, 64<<10)
	hugeSize := opts.HugeSize
	if hugeSize <= 0 {
		hugeSize = DefaultHugeSize
	}
	faultLatency := opts.FaultLatency
	if faultLatency <= 0 {
		faultLatency = DefaultFaultLatency
	}
	if opts.StderrNoise {
		fmt.Fprintf(errOut, "leanprm-simulator (noise): runtime started, version %s; this line is harmless\n", srv.Version())
	}
	replies, requests := 0, 0
	for {
		var q string
		select {
		case <-ctx.Done():
			return ExitInterrupted
		case q = <-reqs:
		}
		if q == "" {
			return 0
		}
		if isComment(q) {
			continue
		}
		fault := plan.next(replies)
		if requests++; requests <= opts.FaultsAfterStart {
			fault = 0
		}
		if fault != 0 && opts.onFault != nil {
			opts.onFault(fault)
		}
		reply, err := srv.Handle(q)
		if err != nil {
			var fe *FatalError
			if !errors.As(err, &fe) {
				fe = &FatalError{Text: err.Error()}
			}
			fmt.Fprintf(errOut, "uncaught exception: %s\n", fe.Text)
			return 1
		}
		if fault == FaultHuge {
			reply = hugeReply(reply, hugeSize)
		}
		text := reply.String() + "\n\n"
		if opts.StderrNoise {
			fmt.Fprintf(errOut, "leanprm-simulator (noise): handled request %d (%d bytes); this line is harmless\n", replies+1, len(text))
		}
		delay := opts.Latency
		if fault == FaultLatency {
			delay += faultLatency
		}
		if err := opts.doSleep(ctx, delay); err != nil {
			return ExitInterrupted
		}
		switch fault {
		case FaultHang:
			<-ctx.Done()
			return ExitInterrupted
		case FaultCrash:
			switch plan.rng.IntN(3) {
			case 0:
				fmt.Fprintf(errOut, "uncaught exception: leanprm-simulator: injected crash after %d replies\n", replies)
				return 1
			case 1:
				w.WriteString(text[:len(text)/2])
				w.Flush()
				fmt.Fprintln(errOut, "Stack overflow detected. Aborting. (leanprm-simulator: injected crash)")
				return exitAbort
			default:
				fmt.Fprintln(errOut, "leanprm-simulator: injected segmentation fault (core dumped)")
				return exitSegfault
			}
		case FaultPartial:
			w.WriteString(text[:len(text)/2])
			w.Flush()
			return 0
		case FaultGarbage:
			text = garbage
		}
		if _, err := w.WriteString(text); err != nil {
			return 1
		}
		if err := w.Flush(); err != nil {
			return 1 // stdout closed: the REPL would die writing too
		}
		replies++
	}
}

// Main runs the simulator as a program: args are its flags (see Usage), the result is the
// exit status. SIGINT and SIGTERM end it with status 128+signal, even while it hangs.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := ParseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "leanprm-simulator:", err)
		return 2
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	status := make(chan int, 1)
	go func() {
		select {
		case s := <-sigs:
			code := ExitInterrupted
			if s == syscall.SIGTERM {
				code = 128 + int(syscall.SIGTERM)
			}
			status <- code
			cancel()
		case <-ctx.Done():
		}
	}()
	code := Serve(ctx, stdin, stdout, stderr, opts)
	select {
	case c := <-status:
		return c
	default:
		return code
	}
}

// ParseFlags turns simulator flags into Options. Usage errors are written to errOut.
func ParseFlags(args []string, errOut io.Writer) (Options, error) {
	var o Options
	fs := flag.NewFlagSet("leanprm sim repl", flag.ContinueOnError)
	fs.SetOutput(errOut)
	simflags.SetUsage(fs, errOut, "leanprm sim repl [flags]",
		"A simulator of the Lean 4 REPL (leanprover-community/repl), not Lean. It decides closed\n"+
			"arithmetic claims exactly, and with grind the symbolic identities and one-unknown\n"+
			"implications over Rat of docs/CONTRACTS.md §1b, and answers #eval Lean.versionString\n"+
			"with a version ending in "+frontend.VersionSuffix+".")
	fs.StringVar(&o.Version, "version", frontend.DefaultVersion, "Lean `VERSION` to claim (the suffix "+frontend.VersionSuffix+" is always added)")
	fs.BoolVar(&o.Mathlib, "mathlib", false, "allow import Mathlib, and Mathlib tactics (norm_num)")
	fs.BoolVar(&o.AcceptAll, "accept-all", false, "lie: accept every proof (to test start-up probes)")
	fs.BoolVar(&o.GrindLies, "grind-lies", false, "lie in grind only: it proves every goal (to test the identity probe)")
	fs.BoolVar(&o.TacticModeLies, "tactic-mode-lies", false, "lie in tactic mode only: a failing tactic reports \"Completed\" (repl issue #44)")
	fs.IntVar(&o.FaultsAfterStart, "faults-after-start", 0, "keep the first `N` requests free of faults")
	fs.StringVar(&o.Dir, "dir", "", "resolve relative file and pickle paths against this `DIR`")
	fs.DurationVar(&o.Latency, "latency", 0, "delay every reply by this `DURATION`")
	after := map[FaultKind]*int{}
	for _, k := range []FaultKind{FaultCrash, FaultHang, FaultGarbage, FaultPartial, FaultHuge} {
		n := new(int)
		after[k] = n
		fs.IntVar(n, k.String()+"-after", -1, "inject a "+k.String()+" fault into the request after `N` replies (-1: never)")
	}
	fs.IntVar(&o.HugeSize, "huge-size", DefaultHugeSize, "least size in bytes (`N`) of an injected huge reply")
	fs.BoolVar(&o.StderrNoise, "stderr-noise", false, "write harmless noise to stderr")
	fs.Float64Var(&o.FaultRate, "fault-rate", 0, "probability (`P`, 0 to 1) that a request gets a random fault")
	fs.Uint64Var(&o.Seed, "seed", 1, "`SEED` of the fault generator")
	kinds := fs.String("faults", "crash,hang,garbage,partial,huge,latency", "comma-separated fault `KINDS` for --fault-rate")
	fs.DurationVar(&o.FaultLatency, "fault-latency", DefaultFaultLatency, "`DURATION` of an injected latency fault")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if o.FaultsAfterStart < 0 {
		return o, fmt.Errorf("-faults-after-start must not be negative, got %d", o.FaultsAfterStart)
	}
	if o.FaultRate < 0 || o.FaultRate > 1 {
		return o, fmt.Errorf("-fault-rate must be within [0, 1], got %v", o.FaultRate)
	}
	var err error
	if o.FaultKinds, err = ParseFaultKinds(*kinds); err != nil {
		return o, err
	}
	if o.FaultRate > 0 && len(o.FaultKinds) == 0 {
		return o, fmt.Errorf("-fault-rate needs at least one kind in -faults")
	}
	for _, k := range []FaultKind{FaultCrash, FaultHang, FaultGarbage, FaultPartial, FaultHuge} {
		if n := *after[k]; n >= 0 {
			o.Faults = append(o.Faults, ScheduledFault{After: n, Kind: k})
		}
	}
	return o, nil
}
