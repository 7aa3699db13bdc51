package sandbox

import (
	"errors"
	"fmt"
	"time"
)

// Limits bound one sandboxed process tree. The zero value takes the defaults documented on
// each field.
type Limits struct {
	// MemoryBytes bounds the memory of the whole tree (cgroup memory limit, else the watcher
	// on resident anonymous memory). 0: DefaultMemory.
	MemoryBytes int64
	// Pids bounds the number of processes (and threads, for the cgroup) at once. 0:
	// DefaultPids.
	Pids int
	// CPUs bounds the CPU time of the whole tree per wall-clock second (cgroup cpu.max, or
	// cpu.cfs_quota_us on cgroup v1): 1.5 lets it use one and a half cores at most. It
	// throttles, never kills; a request's own timeout ends a runaway one. 0: DefaultCPUs.
	CPUs float64
	// CPUTime is an optional RLIMIT_CPU of each process. It counts CPU time over the
	// process's whole life, so a long-lived REPL would be killed once its requests together
	// reached it: off by default (0), since each request is bounded by its own timeout, the
	// tree by CPUs, and a REPL is recycled after a number of replies (repl.Config.RecycleAfter).
	CPUTime time.Duration
	// FileSize is RLIMIT_FSIZE: the largest file a process may write. 0: DefaultFileSize.
	FileSize int64
	// ScratchBytes is the size of the scratch filesystem (a tmpfs mounted on the scratch
	// directory inside the sandbox, HOME and TMPDIR of the process): writes beyond it fail
	// with ENOSPC and nothing lands on the host's disk. Its pages count towards MemoryBytes.
	// 0: DefaultScratch.
	ScratchBytes int64
}

// Defaults of Limits.
const (
	DefaultMemory   = 8 << 30
	DefaultPids     = 512
	DefaultCPUs     = 2.0
	DefaultFileSize = 1 << 30
	DefaultScratch  = 512 << 20
)

// WatchInterval is how often the watcher looks at a running sandbox.
const WatchInterval = 100 * time.Millisecond

func (l Limits) withDefaults() Limits {
	if l.MemoryBytes <= 0 {
		l.MemoryBytes = DefaultMemory
	}
	if l.Pids <= 0 {
		l.Pids = DefaultPids
	}
	if l.CPUs <= 0 {
		l.CPUs = DefaultCPUs
	}
	if l.CPUTime < 0 {
		l.CPUTime = 0
	}
	if l.ScratchBytes <= 0 {
		l.ScratchBytes = DefaultScratch
	}
	if l.FileSize <= 0 {
		l.FileSize = DefaultFileSize
	}
	return l
}

// Options configure New. The zero value is usable.
type Options struct {
	Limits
	// ScratchRoot is where each process's private directory (the scratch mount point) is
	// made. "": os.TempDir(). New sweeps the ones left there by a leanprm that was killed.
	ScratchRoot string
	// PassEnv names environment variables passed into the sandbox besides the allow list
	// (see confinedEnv); a name ending in `*` is a prefix.
	PassEnv []string
	// NoCgroup skips cgroups even where they work, leaving limits to the watcher (tests use it
	// to exercise the fallback).
	NoCgroup bool
}

// Support is what Probe found.
type Support struct {
	// OK: processes can be confined here (namespaces, read-only mounts, no capabilities).
	OK bool
	// Reason says why not, when !OK.
	Reason string
	// Cgroup describes the cgroup used for memory and process limits ("v2 /sys/fs/cgroup/…",
	// "v1 memory+pids"), or why none is ("none: …", then the watcher alone enforces them).
	Cgroup string
	// UserNamespace: leanprm is not root, so a user namespace maps it to root inside.
	UserNamespace bool
}

// String is the one line `doctor` and start-up messages show.
func (s Support) String() string {
	if !s.OK {
		return "unavailable: " + s.Reason
	}
	how := "namespaces (mount, network, pid), read-only mounts, size-limited scratch, environment from an allow list, no capabilities, no_new_privs, seccomp"
	if s.UserNamespace {
		how += ", user namespace"
	}
	return fmt.Sprintf("available: %s; limits by %s", how, s.Cgroup)
}

// ErrUnavailable is New's error where the machine cannot confine processes.
var ErrUnavailable = errors.New("sandbox: unavailable")

// Violation is a limit the sandbox saw broken; the process tree was killed for it.
type Violation struct {
	What string // "memory", "processes"
	// Detail names the limit: "memory limit 256 MiB exceeded".
	Detail string
}

func (v *Violation) Error() string { return "sandbox: " + v.Detail }

// Is lets errors.Is(err, ErrViolation) find any violation.
func (v *Violation) Is(target error) bool { return target == ErrViolation }

// ErrViolation matches every *Violation.
var ErrViolation = errors.New("sandbox: limit violated")

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
