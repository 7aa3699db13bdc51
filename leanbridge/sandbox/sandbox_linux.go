package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// specEnv carries the helper's instructions (a JSON spec) from Wrap to Init.
const specEnv = "LEANPRM_SANDBOX_SPEC"

// probeMagic is what the helper prints in probe mode once everything but the exec worked.
const probeMagic = "leanprm-sandbox-probe-ok"

// spec is what the helper does before exec.
type spec struct {
	Path    string   `json:"path"`
	Argv    []string `json:"argv"`
	Dir     string   `json:"dir"`
	Scratch string   `json:"scratch"`
	// Root is an empty directory the helper mounts the new root on.
	Root string `json:"root"`
	// CgroupProcs are cgroup.procs files the helper joins before anything else.
	CgroupProcs []string `json:"cgroup_procs,omitempty"`
	CPUSeconds  uint64   `json:"cpu_seconds"`
	FileSize    uint64   `json:"file_size"`
	// ScratchBytes is the size of the tmpfs mounted on Scratch.
	ScratchBytes int64 `json:"scratch_bytes"`
	// Writable are host directories bound read-write at their own paths (besides Scratch).
	Writable []string `json:"writable,omitempty"`
	// Probe: set everything up, print probeMagic, exit 0.
	Probe bool `json:"probe,omitempty"`
}

// Sandbox starts confined processes. It is safe for concurrent use.
type Sandbox struct {
	opts    Options
	self    string
	support Support
	seq     atomic.Uint64
}

var (
	probeOnce   sync.Once
	probeResult Support
)

// Probe finds out, once per process, whether this machine can confine processes: it runs the
// helper (this binary, which must call Init first) in probe mode, through every step but the
// final exec.
//
// LEANPRM_SANDBOX_DISABLE=1 in the environment makes it report the sandbox unavailable: how
// to see, on a machine that can sandbox, what leanprm does on one that cannot (it never
// lets Lean run unconfined where confinement is required).
func Probe() Support {
	if os.Getenv(DisableEnv) != "" {
		return Support{Reason: "turned off by " + DisableEnv}
	}
	probeOnce.Do(func() { probeResult = probe() })
	return probeResult
}

// DisableEnv, set to anything, makes Probe report the sandbox unavailable.
const DisableEnv = "LEANPRM_SANDBOX_DISABLE"

func probe() Support {
	self, err := os.Executable()
	if err != nil {
		return Support{Reason: "cannot find leanprm's own executable: " + err.Error()}
	}
	cg := newCgroupSetup()
	s := Support{UserNamespace: os.Geteuid() != 0, Cgroup: cg.describe()}
	base, scratch, root, err := makeDirs("")
	if err != nil {
		s.Reason = "cannot make a scratch directory: " + err.Error()
		return s
	}
	defer os.RemoveAll(base)
	sp := spec{Scratch: scratch, Root: root, CPUSeconds: 10, FileSize: 1 << 20, ScratchBytes: 1 << 20, Probe: true}
	b, _ := json.Marshal(sp)
	// -test.run keeps a test binary that does not call Init from running its tests.
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = append(os.Environ(), specEnv+"="+string(b))
	cmd.SysProcAttr = sysProcAttr()
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil || !strings.Contains(out.String(), probeMagic) {
		msg := strings.TrimSpace(errOut.String())
		if msg == "" && err != nil {
			msg = err.Error()
		}
		if msg == "" {
			msg = "the helper did not answer (the binary must call sandbox.Init)"
		}
		s.Reason = firstLine(msg)
		return s
	}
	s.OK = true
	return s
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// New returns a Sandbox, or an error matching ErrUnavailable that says why this machine
// cannot confine processes. It first sweeps what a killed leanprm left behind (sweepStale).
func New(opts Options) (*Sandbox, error) {
	sup := Probe()
	if !sup.OK {
		return nil, fmt.Errorf("%w: %s", ErrUnavailable, sup.Reason)
	}
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	opts.Limits = opts.Limits.withDefaults()
	if opts.NoCgroup {
		sup.Cgroup = "none: turned off; the watcher enforces the limits"
	}
	sweepStale(opts.ScratchRoot)
	return &Sandbox{opts: opts, self: self, support: sup}, nil
}

// sweepStale removes the private directories and the cgroups left by leanprm processes that
// no longer run (a SIGKILL gives Jail.Ended no chance): each is named after its owner's PID
// (makeDirs, Wrap), and only those of dead PIDs go. It holds an exclusive lock on the scratch
// root while it does, so that two leanprm starting together do not race over them.
func sweepStale(root string) {
	if root == "" {
		root = os.TempDir()
	}
	f, err := os.Open(root)
	if err != nil {
		return
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		return
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	ents, _ := f.ReadDir(-1)
	for _, e := range ents {
		if pid, ok := ownerPID(e.Name(), scratchPrefix); ok && e.IsDir() && !alive(pid) {
			os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
	newCgroupSetup().sweep()
}

// Support reports how this sandbox confines processes.
func (s *Sandbox) Support() Support { return s.support }

// Limits returns the limits in force (defaults filled in).
func (s *Sandbox) Limits() Limits { return s.opts.Limits }

func sysProcAttr() *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{
		Cloneflags: syscall.CLONE_NEWNS | syscall.CLONE_NEWNET | syscall.CLONE_NEWPID |
			syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS,
		Pdeathsig: syscall.SIGKILL,
	}
	if os.Geteuid() != 0 {
		a.Cloneflags |= syscall.CLONE_NEWUSER
		a.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Geteuid(), Size: 1}}
		a.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getegid(), Size: 1}}
		a.GidMappingsEnableSetgroups = false
	}
	return a
}

// Wrap rewrites cmd (made by exec.Command, not yet started) to run inside a new sandbox: the
// helper is started in its place and execs cmd's program once confined. The namespaces are
// added to cmd.SysProcAttr, whose other settings (process group, parent-death signal) are
// kept. The caller must call Jail.Started after cmd.Start succeeded and Jail.Ended once the
// process tree is gone (or Ended alone if Start failed): Ended removes the scratch directory
// and the cgroups.
func (s *Sandbox) Wrap(cmd *exec.Cmd) (*Jail, error) { return s.wrap(cmd, nil) }

// ConfineWritable is Confine with the directories dirs writable too (the kernel tier's work
// directory, where Lean writes the .olean it is asked for).
func (s *Sandbox) ConfineWritable(dirs ...string) func(*exec.Cmd) (proc.Confinement, error) {
	return func(cmd *exec.Cmd) (proc.Confinement, error) {
		j, err := s.wrap(cmd, dirs)
		if err != nil {
			return nil, err
		}
		return j, nil
	}
}

func (s *Sandbox) wrap(cmd *exec.Cmd, writable []string) (*Jail, error) {
	if cmd.Err != nil {
		return nil, cmd.Err
	}
	if cmd.Process != nil {
		return nil, errors.New("sandbox: command already started")
	}
	base, scratch, root, err := makeDirs(s.opts.ScratchRoot)
	if err != nil {
		return nil, fmt.Errorf("sandbox: scratch directory: %w", err)
	}
	j := &Jail{base: base, scratch: scratch, limits: s.opts.Limits, stop: make(chan struct{}), watched: make(chan struct{})}
	if !s.opts.NoCgroup {
		cg := newCgroupSetup()
		j.cg, err = cg.create(fmt.Sprintf("leanprm-%d-%d", os.Getpid(), s.seq.Add(1)), s.opts.Limits)
		if err != nil {
			j.cg = nil // the watcher takes over
		}
	}
	// The command's directory (the Lake project) is visible; without one the process starts
	// in its scratch directory: the caller's working directory is never visible.
	dir := cmd.Dir
	if dir != "" {
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
	}
	if !filepath.IsAbs(cmd.Path) {
		// exec reads a relative program path from the command's directory.
		base := dir
		if base == "" {
			base, _ = os.Getwd()
		}
		cmd.Path = filepath.Join(base, cmd.Path)
	}
	sp := spec{
		Path: cmd.Path, Argv: cmd.Args, Dir: dir, Scratch: scratch, Root: root, Writable: writable,
		CPUSeconds: uint64(s.opts.CPUTime / time.Second), FileSize: uint64(s.opts.FileSize),
		ScratchBytes: s.opts.ScratchBytes,
	}
	if j.cg != nil {
		sp.CgroupProcs = j.cg.procs()
	}
	b, err := json.Marshal(sp)
	if err != nil {
		j.Ended()
		return nil, err
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	env = confinedEnv(env, scratch, s.opts.PassEnv)
	cmd.Path = s.self
	cmd.Args = []string{s.self, "-test.run=^$"}
	cmd.Env = append(env, specEnv+"="+string(b))
	attr := sysProcAttr()
	if old := cmd.SysProcAttr; old != nil {
		old.Cloneflags |= attr.Cloneflags
		old.UidMappings, old.GidMappings = attr.UidMappings, attr.GidMappings
		old.GidMappingsEnableSetgroups = attr.GidMappingsEnableSetgroups
		if old.Pdeathsig == 0 {
			// The sandbox dies with its leanprm, even one killed with SIGKILL: the helper is
			// PID 1 of its namespace, so every process in it goes too.
			old.Pdeathsig = attr.Pdeathsig
		}
	} else {
		cmd.SysProcAttr = attr
	}
	return j, nil
}

// scratchPrefix starts the name of every private directory, followed by the owner's PID.
const scratchPrefix = "leanprm-sandbox-"

// makeDirs makes a private directory under parent ("" = os.TempDir()), named after this
// process (sweepStale), holding work (the scratch mount point) and root (the new root's
// mount point).
func makeDirs(parent string) (base, work, root string, err error) {
	base, err = os.MkdirTemp(parent, fmt.Sprintf("%s%d-", scratchPrefix, os.Getpid()))
	if err != nil {
		return "", "", "", err
	}
	work, root = filepath.Join(base, "work"), filepath.Join(base, "root")
	if err = errors.Join(os.Mkdir(work, 0o700), os.Mkdir(root, 0o700)); err != nil {
		os.RemoveAll(base)
	}
	return base, work, root, err
}

// envAllowed are the variables a Lean process keeps from its caller's environment: where
// programs and the toolchain are, elan's and Lake's settings, the kernel tier's tool paths,
// the locale. Everything else
// (tokens, credentials, the caller's own settings) stays outside; HOME, TMPDIR and the XDG
// directories are set to the scratch directory.
var envAllowed = map[string]bool{
	"PATH": true, "LEAN_PATH": true, "LEAN_SRC_PATH": true, "LEAN_SYSROOT": true, "LEAN_CC": true,
	"LEAN_NUM_THREADS": true, "LEAN_ABORT_ON_PANIC": true, "ELAN_HOME": true, "ELAN_TOOLCHAIN": true,
	"LAKE": true, "LAKE_HOME": true, "LAKE_NO_CACHE": true, "LAKE_PKG_URL_MAP": true,
	"LAKE_ARTIFACT_CACHE": true, "LANG": true, "LC_ALL": true, "LC_CTYPE": true, "TZ": true,
	"COMPARATOR_LEAN4EXPORT": true, "COMPARATOR_LANDRUN": true, "COMPARATOR_NANODA": true,
}

// toolPathVars name programs the kernel tier's tools run (Comparator's README): their files
// are made visible in the sandbox, read-only.
var toolPathVars = []string{"COMPARATOR_LEAN4EXPORT", "COMPARATOR_LANDRUN", "COMPARATOR_NANODA", "LAKE"}

// testEnvSecret marks the variables never passed, even to a test binary's own children.
func testEnvSecret(k string) bool {
	for _, w := range []string{"TOKEN", "KEY", "SECRET", "PASSWORD"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// confinedEnv rebuilds the environment from envAllowed and the names in pass (a trailing `*`
// makes a prefix), points HOME, TMPDIR and the XDG directories at the scratch directory,
// and keeps ELAN_HOME on the real toolchain store (elan finds it through HOME otherwise).
// A test binary (testing.Testing) also passes its LEANPRM_ variables, which tell its
// children what to play, except those that look like credentials.
func confinedEnv(env []string, scratch string, pass []string) []string {
	keep := func(k string) bool {
		if envAllowed[k] {
			return true
		}
		for _, p := range pass {
			if pre, ok := strings.CutSuffix(p, "*"); (ok && strings.HasPrefix(k, pre)) || k == p {
				return true
			}
		}
		return testing.Testing() && (strings.HasPrefix(k, "LEANPRM_") || k == "GOCOVERDIR") && !testEnvSecret(k) && k != specEnv
	}
	var out []string
	elan := ""
	home := ""
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "ELAN_HOME":
			elan = v
		case "HOME":
			home = v
		}
		if keep(k) {
			out = append(out, kv)
		}
	}
	if elan == "" && home != "" {
		if st, err := os.Stat(filepath.Join(home, ".elan")); err == nil && st.IsDir() {
			out = append(out, "ELAN_HOME="+filepath.Join(home, ".elan"))
		}
	}
	return append(out, "HOME="+scratch, "TMPDIR="+scratch,
		"XDG_CACHE_HOME="+filepath.Join(scratch, ".cache"), "XDG_CONFIG_HOME="+filepath.Join(scratch, ".config"),
		"XDG_DATA_HOME="+filepath.Join(scratch, ".local", "share"))
}

// Jail is one sandboxed process tree: its scratch directory, cgroups and watcher.
//
// Ownership: whoever called Wrap must call Ended exactly once.
type Jail struct {
	base    string // holds scratch and the new root's mount point
	scratch string
	limits  Limits
	cg      *cgroup

	pid     int
	stop    chan struct{}
	watched chan struct{} // closed when the watcher returned (or never ran)
	started bool

	mu        sync.Mutex
	violation *Violation
	endOnce   sync.Once
}

// Scratch is the private writable directory (HOME and TMPDIR of the process). Inside the
// sandbox a size-limited tmpfs is mounted on it, so the host sees it empty.
func (j *Jail) Scratch() string { return j.scratch }

// Started starts watching the process tree whose helper has pid (the leader of its process
// group and PID 1 of the sandbox's PID namespace).
func (j *Jail) Started(pid int) {
	j.pid = pid
	j.started = true
	go j.watch()
}

// Violation returns the violation seen so far, or nil.
func (j *Jail) Violation() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.violation == nil {
		return nil
	}
	return j.violation
}

func (j *Jail) violated(v *Violation) {
	j.mu.Lock()
	first := j.violation == nil
	if first {
		j.violation = v
	}
	j.mu.Unlock()
	if first && j.pid > 0 {
		// SIGKILL to the group; the PID namespace dies with its PID 1 (the helper's pid).
		syscall.Kill(-j.pid, syscall.SIGKILL)
		syscall.Kill(j.pid, syscall.SIGKILL)
	}
}

// Ended stops the watcher, takes a last look at the cgroup's counters, kills what is left in
// the cgroups, removes them and the scratch directory, and returns the violation seen, if
// any (a *Violation, matching ErrViolation). Call it once the process tree is gone.
func (j *Jail) Ended() error {
	j.endOnce.Do(func() {
		close(j.stop)
		if j.started {
			<-j.watched
		}
		if j.cg != nil {
			if v := j.cg.check(j.limits); v != nil {
				j.violated(v)
			}
			j.cg.destroy()
		}
		os.RemoveAll(j.base)
	})
	return j.Violation()
}

func (j *Jail) watch() {
	defer close(j.watched)
	t := time.NewTicker(WatchInterval)
	defer t.Stop()
	var ns string // the PID namespace of the helper, for the fallback
	for {
		select {
		case <-j.stop:
			return
		case <-t.C:
		}
		if j.cg != nil {
			if v := j.cg.check(j.limits); v != nil {
				j.violated(v)
				return
			}
			continue
		}
		if ns == "" {
			var err error
			if ns, err = os.Readlink(fmt.Sprintf("/proc/%d/ns/pid", j.pid)); err != nil {
				continue
			}
		}
		if v := scanNamespace(ns, j.limits); v != nil {
			j.violated(v)
			return
		}
	}
}

// Confine is Wrap in the shape leanbridge/proc's Options.Confine takes (what repl.Config and
// lsp.Options carry).
func (s *Sandbox) Confine(cmd *exec.Cmd) (proc.Confinement, error) {
	j, err := s.Wrap(cmd)
	if err != nil {
		return nil, err
	}
	return j, nil
}
