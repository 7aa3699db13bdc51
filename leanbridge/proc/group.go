package proc

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// GroupAlive reports whether any process of group pgid is still running. Zombies do not
// count: they hold no memory, and their parent or init reaps them.
func GroupAlive(pgid int) bool {
	if errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH) {
		return false // the usual case after a kill, for the cost of one system call
	}
	return len(Members(pgid)) > 0
}

// Members lists the live (not zombie) processes of group pgid, read from /proc.
func Members(pgid int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if pg, state, ok := stat(pid); ok && pg == pgid && state != 'Z' {
			pids = append(pids, pid)
		}
	}
	return pids
}

// stat returns the process group and state of pid from /proc/<pid>/stat.
func stat(pid int) (pgrp int, state byte, ok bool) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, 0, false
	}
	// The command name (field 2) is in parentheses and may contain anything, ')' included:
	// parse after the last ')'. Then: state ppid pgrp ...
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 3 || len(f[0]) == 0 {
		return 0, 0, false
	}
	pg, err := strconv.Atoi(string(f[2]))
	if err != nil {
		return 0, 0, false
	}
	return pg, f[0][0], true
}

// waitGone waits, up to limit, until no live process is left in group pgid. After SIGKILL
// that takes microseconds.
func waitGone(pgid int, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for delay := 100 * time.Microsecond; GroupAlive(pgid); delay = min(2*delay, 10*time.Millisecond) {
		if time.Now().After(deadline) {
			return
		}
		time.Sleep(delay)
	}
}

// TB is the part of testing.TB that AssertGroupGone uses, so that this package does not
// import testing.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// AssertGroupGone fails the test if a live process is left in group pgid. It does not wait:
// a Process's group is gone by the time Done is closed, and the owners built on it (Worker,
// Client) return from Close after that.
func AssertGroupGone(t TB, pgid int) {
	t.Helper()
	if pgid <= 0 {
		t.Fatalf("proc: no process group recorded (pgid %d)", pgid)
		return
	}
	if pids := Members(pgid); len(pids) > 0 {
		t.Errorf("process group %d still has live processes %v", pgid, pids)
	}
}
