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
	// CPUTime is RLIMIT_CPU of each process: a backstop for a long-lived REPL, whose requests
	// are bounded by their own timeouts. 0: DefaultCPUTime.
	CPUTime time.Duration
	// FileSize is RLIMIT_FSIZE: the largest file a process may write. 0: DefaultFileSize.
	FileSize int64
}

// Defaults of Limits.
const (
	DefaultMemory   = 8 << 30
	DefaultPids     = 512
	DefaultCPUTime  = time.Hour
	DefaultFileSize = 1 << 30
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
	if l.CPUTime <= 0 {
		l.CPUTime = DefaultCPUTime
	}
	if l.FileSize <= 0 {
		l.FileSize = DefaultFileSize
	}
	return l
}

// Options configure New. The zero value is usable.
type Options struct {
	Limits
	// ScratchRoot is where each process's private scratch directory is made. "": os.TempDir().
	ScratchRoot string
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
	how := "namespaces (mount, network, pid), read-only mounts, no capabilities, no_new_privs, seccomp"
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
