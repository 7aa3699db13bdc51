package repl

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// Config configures workers and pools. The zero value is usable: every zero field takes the
// default documented on it.
type Config struct {
	// ProjectDir is the Lake project (lean-project/): the REPL's working directory, where
	// lean-toolchain is read and where LocateREPL looks for lake and the REPL binary.
	ProjectDir string
	// Command replaces `lake env <repl binary>` (e.g. the simulator, or a REPL built
	// elsewhere). It is run in ProjectDir.
	Command []string
	// Env is appended to this process's environment for the REPL ("KEY=value").
	Env []string
	// Confine, when set, confines every REPL process (leanbridge/sandbox: Sandbox.Confine);
	// a limit the process broke is named in its ProcessError (Violation).
	Confine func(cmd *exec.Cmd) (proc.Confinement, error)

	// Workers is the pool size. Default runtime.NumCPU().
	Workers int
	// QueueSize bounds the requests waiting for a worker; Pool.Command blocks while it is
	// full. Default 4 × Workers.
	QueueSize int
	// Pipeline is how many requests a pool worker keeps written to its REPL at once. With 1
	// (the default) a worker takes the next request when it has answered the last; with 2 the
	// next one already waits in the REPL's stdin, so the REPL never waits for leanprm, which
	// pays when requests are short. The price: a request may wait behind a slow one while
	// another worker is free, and a request behind one that crashes the REPL is sent again.
	Pipeline int

	// RequestTimeout bounds one request, measured from the moment the REPL can start on it
	// (it answers requests one at a time). Default 60s.
	RequestTimeout time.Duration
	// StartTimeout bounds starting a REPL: its version check, and each header import (an
	// `import Mathlib` takes tens of seconds). Default 5m.
	StartTimeout time.Duration
	// GracePeriod is how long a stopping REPL gets after stdin is closed and the group
	// interrupted, before the group is killed. Default 2s.
	GracePeriod time.Duration

	// RecycleAfter restarts a REPL after this many replies: the REPL never frees a state
	// (PROTOCOL.md §1.5). Default 1000 (when 0); NeverRecycle (any negative) disables.
	RecycleAfter int
	// MaxRSSBytes restarts a REPL whose process group holds more resident anonymous memory
	// than this (see doc.go, "Memory"). Zero disables.
	MaxRSSBytes int64

	// Tactic closes obligations and the start-up probe. Default "decide +kernel".
	Tactic string
	// IdentityTactic proves the symbolic lines of docs/CONTRACTS.md §1b; the start-up probe
	// checks it on known identities (Worker.SymbolicOK). Default "grind".
	IdentityTactic string
	// ProbeHeader is the header the probe runs under ("" = the prelude). A Mathlib tactic
	// such as norm_num needs "import Mathlib" here.
	ProbeHeader string
	// SkipProbe skips the start-up probe (the version check still runs). For tools that
	// only forward raw requests.
	SkipProbe bool
	// HideStartupIDs keeps the ids the start-up version check takes out of sight: the user's
	// first command gets env 0, as in a REPL nobody else talked to, and a request naming
	// env 0 means that command's environment, not the version check's. For tools that forward
	// a user's session (`leanprm lean repl`); the "" header then has no ready environment.
	HideStartupIDs bool
	// ExpectedVersion is the Lean version the REPL must report, e.g. "4.32.0". Default: read
	// from ProjectDir/lean-toolchain; if there is none, the version is not checked.
	ExpectedVersion string

	// MaxReplyBytes bounds one reply. Default DefaultMaxReplyBytes.
	MaxReplyBytes int
	// StderrTailBytes is how much of a REPL's stderr is kept for error messages. Default 8 KiB.
	StderrTailBytes int

	// Logger receives restarts, failures and recycling. Default: discard.
	Logger *slog.Logger

	// newPeer replaces process start-up; tests use it to plug in in-process peers.
	newPeer func(ctx context.Context) (peer, error)
	// skipChecks skips the version check and probe (for peers that replay recordings).
	skipChecks bool
	// afterChainStep, when set, is called after each step of CheckChain (tests use it to
	// make a process fail between two steps).
	afterChainStep func(w *Worker, step int)
}

// Defaults.
const (
	DefaultTactic = "decide +kernel"
	// DefaultIdentityTactic proves polynomial and rational-function identities over Rat in
	// core Lean: grind's ring solver over Lean.Grind.Field Rat (docs/LEAN-TACTICS.md).
	DefaultIdentityTactic  = "grind"
	DefaultRequestTimeout  = 60 * time.Second
	DefaultStartTimeout    = 5 * time.Minute
	DefaultGracePeriod     = 2 * time.Second
	DefaultRecycleAfter    = 1000
	defaultStderrTailBytes = 8 << 10
)

// NeverRecycle as Config.RecycleAfter keeps a REPL process however many replies it gave
// (0 there means DefaultRecycleAfter).
const NeverRecycle = -1

// withDefaults fills zero fields. It resolves the command (LocateREPL) and the expected
// version, so it can fail.
func (c Config) withDefaults() (Config, error) {
	if c.Workers <= 0 {
		c.Workers = runtime.NumCPU()
	}
	if c.QueueSize <= 0 {
		c.QueueSize = 4 * c.Workers
	}
	if c.Pipeline <= 0 {
		c.Pipeline = 1
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = DefaultRequestTimeout
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = DefaultStartTimeout
	}
	if c.GracePeriod <= 0 {
		c.GracePeriod = DefaultGracePeriod
	}
	if c.RecycleAfter == 0 {
		c.RecycleAfter = DefaultRecycleAfter
	}
	if c.Tactic == "" {
		c.Tactic = DefaultTactic
	}
	if c.IdentityTactic == "" {
		c.IdentityTactic = DefaultIdentityTactic
	}
	if c.MaxReplyBytes <= 0 {
		c.MaxReplyBytes = DefaultMaxReplyBytes
	}
	if c.StderrTailBytes <= 0 {
		c.StderrTailBytes = defaultStderrTailBytes
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.newPeer == nil && len(c.Command) == 0 {
		argv, err := LocateREPL(c.ProjectDir)
		if err != nil {
			return c, err
		}
		c.Command = argv
	}
	if c.ExpectedVersion == "" && c.ProjectDir != "" {
		v, err := ToolchainVersion(c.ProjectDir)
		switch {
		case err == nil:
			c.ExpectedVersion = v
		case errors.Is(err, fs.ErrNotExist):
			// No lean-toolchain: nothing to compare against.
		default:
			return c, err
		}
	}
	return c, nil
}

// REPLBinary is where `make lean` builds the REPL, relative to the Lake project: Lake checks out
// the repl package under .lake/packages and builds its executable there.
// The directory under .lake/packages is the name the lakefile requires the package by;
// lean-project/lakefile.toml uses the package's own name, "REPL". A lowercase "repl" checkout
// (other lakefiles) is found too, see replBinaryAlternates.
const REPLBinary = ".lake/packages/REPL/.lake/build/bin/repl"

var replBinaryAlternates = []string{".lake/packages/repl/.lake/build/bin/repl"}

// LocateREPL returns the command that runs the REPL for projectDir: `lake env <repl binary>`,
// which puts the project's packages on LEAN_PATH (PROTOCOL.md §1.1). It looks for lake on PATH
// and then in ~/.elan/bin. The error (matching ErrREPLNotFound) says what is missing and that
// `make lean` sets it up.
func LocateREPL(projectDir string) ([]string, error) {
	if projectDir == "" {
		return nil, fmt.Errorf("%w: no Lake project directory configured (and no REPL command); run `make lean` and point lean.project at lean-project/", ErrREPLNotFound)
	}
	lake, err := exec.LookPath("lake")
	if err != nil {
		home, _ := os.UserHomeDir()
		alt := filepath.Join(home, ".elan", "bin", "lake")
		if st, serr := os.Stat(alt); home != "" && serr == nil && st.Mode().IsRegular() {
			lake = alt
		} else {
			return nil, fmt.Errorf("%w: `lake` is not on PATH or in ~/.elan/bin; run `make lean` to install the Lean toolchain", ErrREPLNotFound)
		}
	}
	abs, err := filepath.Abs(projectDir)
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(abs, filepath.FromSlash(REPLBinary))
	for _, alt := range replBinaryAlternates {
		if _, err := os.Stat(bin); err == nil {
			break
		}
		if p := filepath.Join(abs, filepath.FromSlash(alt)); fileExists(p) {
			bin = p
		}
	}
	st, err := os.Stat(bin)
	if err != nil || !st.Mode().IsRegular() || st.Mode().Perm()&0o111 == 0 {
		return nil, fmt.Errorf("%w: the REPL binary %s has not been built; run `make lean`", ErrREPLNotFound, bin)
	}
	return []string{lake, "env", bin}, nil
}

// ToolchainVersion reads projectDir/lean-toolchain and returns the Lean version it pins, in the
// form Lean.versionString reports: "leanprover/lean4:v4.32.0" gives "4.32.0",
// "leanprover/lean4:v4.33.0-rc2" gives "4.33.0-rc2".
func ToolchainVersion(projectDir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(projectDir, "lean-toolchain"))
	if err != nil {
		return "", fmt.Errorf("leanbridge: reading the pinned toolchain: %w", err)
	}
	return parseToolchain(string(b))
}

func parseToolchain(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", errors.New("leanbridge: lean-toolchain is empty")
	}
	if strings.ContainsAny(s, " \t\n") {
		return "", fmt.Errorf("leanbridge: lean-toolchain holds more than one word: %q", s)
	}
	if _, after, ok := strings.Cut(s, ":"); ok {
		s = after
	}
	v := strings.TrimPrefix(s, "v")
	if v == "" || v[0] < '0' || v[0] > '9' {
		return "", fmt.Errorf("leanbridge: lean-toolchain pins %q, not a release version like leanprover/lean4:v4.32.0", s)
	}
	return v, nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
