package proc

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// scanEvery is how often a running Process looks for new descendants.
const scanEvery = time.Second

// descendants tracks the processes started below a leader, including those that left its
// process group (setsid, setpgid): a signal to the group misses them, and once their parent
// dies they are reparented to init, out of reach of a walk down from the leader. So the tree
// is walked while the leader runs (every scanEvery, and before every signal), and each
// process found is remembered by pid and start time (a reused pid is not mistaken for it).
//
// Platform limits: this reads /proc (Linux). A process that detaches and whose parent exits
// between two walks (within scanEvery) escapes; closing that gap needs a cgroup per child,
// which needs a delegated cgroup v2 subtree that leanprm cannot count on (not in containers,
// not without systemd), or PR_SET_CHILD_SUBREAPER, which would make leanprm the parent (and
// reaper) of every orphan below it, exec's children included.
type descendants struct {
	mu        sync.Mutex
	root      int            // the leader's pid (0 until it started)
	rootStart uint64         // and its start time: once it is reaped, its pid may name another process
	seen      map[int]uint64 // pid → start time (clock ticks since boot)
}

// procStat is what descendants reads of /proc/<pid>/stat.
type procStat struct {
	state byte
	ppid  int
	pgrp  int
	start uint64
}

// readStat parses /proc/<pid>/stat. It is called for every process on the machine at each
// scan, so it reads into a stack buffer and splits no strings.
func readStat(pid int) (procStat, bool) {
	var path [32]byte
	p := append(append(path[:0], "/proc/"...), strconv.Itoa(pid)...)
	p = append(p, "/stat"...)
	fd, err := syscall.Open(string(p), syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return procStat{}, false
	}
	var buf [1024]byte // the fields up to starttime fit: the name is at most 64 bytes
	n, err := syscall.Read(fd, buf[:])
	syscall.Close(fd)
	if err != nil || n <= 0 {
		return procStat{}, false
	}
	b := buf[:n]
	// The command name (field 2) is in parentheses and may contain anything, ')' included:
	// parse after the last ')'. Then: state ppid pgrp session tty tpgid flags minflt cminflt
	// majflt cmajflt utime stime cutime cstime priority nice threads itrealvalue starttime.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procStat{}, false
	}
	var st procStat
	field := 0
	for rest := b[i+1:]; len(rest) > 0 && field < 20; {
		rest = bytes.TrimLeft(rest, " ")
		j := bytes.IndexByte(rest, ' ')
		if j < 0 {
			j = len(rest)
		}
		f := rest[:j]
		rest = rest[j:]
		switch field {
		case 0:
			st.state = f[0]
		case 1:
			st.ppid = atoi(f)
		case 2:
			st.pgrp = atoi(f)
		case 19:
			st.start = uint64(atoi(f))
		}
		field++
	}
	return st, field == 20
}

// atoi parses a non-negative decimal number; anything else gives -1.
func atoi(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// scan walks /proc once and records every live process below the leader or below a process
// already recorded.
func (d *descendants) scan() {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	children := map[int][]int{}
	stats := map[int]procStat{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readStat(pid); ok {
			stats[pid] = st
			children[st.ppid] = append(children[st.ppid], pid)
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.root == 0 {
		return // not started yet
	}
	var queue []int
	if st, ok := stats[d.root]; ok && st.start == d.rootStart {
		queue = append(queue, d.root)
	}
	for pid, start := range d.seen {
		if st, ok := stats[pid]; ok && st.start == start {
			queue = append(queue, pid)
		} else {
			delete(d.seen, pid) // gone (or its pid reused)
		}
	}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		for _, c := range children[pid] {
			if _, ok := d.seen[c]; ok || c == d.root {
				continue
			}
			if st := stats[c]; st.state != 'Z' {
				d.seen[c] = st.start
				queue = append(queue, c)
			}
		}
	}
}

// outside returns the recorded processes that are still alive (the same process: same start
// time) and no longer in the leader's group.
func (d *descendants) outside() []int {
	d.mu.Lock()
	defer d.mu.Unlock()
	var pids []int
	for pid, start := range d.seen {
		if st, ok := readStat(pid); ok && st.start == start && st.state != 'Z' && st.pgrp != d.root {
			pids = append(pids, pid)
		}
	}
	return pids
}

// signal sends sig to every recorded process outside the leader's group.
func (d *descendants) signal(sig syscall.Signal) {
	for _, pid := range d.outside() {
		_ = syscall.Kill(pid, sig)
	}
}

// started starts tracking what runs below pid. It is set apart from the zero value because
// exec may call Cancel (and so Signal) as soon as the child started, before Start returns.
func (d *descendants) started(pid int) {
	st, _ := readStat(pid)
	d.mu.Lock()
	defer d.mu.Unlock()
	d.root, d.rootStart = pid, st.start
	if d.seen == nil {
		d.seen = map[int]uint64{}
	}
}

// watch scans every scanEvery until done is closed.
func (d *descendants) watch(done <-chan struct{}) {
	t := time.NewTicker(scanEvery)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			d.scan()
		}
	}
}

// waitGone waits, up to limit, until no recorded process outside the group is alive.
func (d *descendants) waitGone(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for delay := 100 * time.Microsecond; len(d.outside()) > 0; delay = min(2*delay, 10*time.Millisecond) {
		if time.Now().After(deadline) {
			return
		}
		time.Sleep(delay)
	}
}
