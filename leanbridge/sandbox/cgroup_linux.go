package sandbox

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cgroupSetup is where this process's cgroups are, and which of them can hold a child with
// memory and process limits: cgroup v2 (a leaf below our own cgroup, whose
// cgroup.subtree_control must already enable memory and pids: a cgroup with processes cannot
// enable them for its children), else the v1 memory and pids hierarchies.
type cgroupSetup struct {
	v2           string // our v2 cgroup directory with memory and pids delegated, or ""
	v2CPU        bool   // the cpu controller is delegated there too
	v1Mem, v1Pid string // our v1 memory and pids cgroup directories, or ""
	v1CPU        string // our v1 cpu cgroup directory, or "" (optional)
	why          string // why no cgroup can be used
}

const cgroupRoot = "/sys/fs/cgroup"

func newCgroupSetup() cgroupSetup {
	var s cgroupSetup
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		s.why = "cannot read /proc/self/cgroup"
		return s
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		ctrls, path := parts[1], parts[2]
		switch {
		case parts[0] == "0" && ctrls == "":
			for _, mnt := range []string{cgroupRoot, filepath.Join(cgroupRoot, "unified")} {
				dir := filepath.Join(mnt, path)
				sc, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
				if err != nil {
					continue
				}
				f := strings.Fields(string(sc))
				if contains(f, "memory") && contains(f, "pids") && writable(dir) {
					s.v2 = dir
					s.v2CPU = contains(f, "cpu")
				}
			}
		default:
			for _, c := range strings.Split(ctrls, ",") {
				dir := filepath.Join(cgroupRoot, c, path)
				switch c {
				case "memory":
					if writable(dir) {
						s.v1Mem = dir
					}
				case "pids":
					if writable(dir) {
						s.v1Pid = dir
					}
				case "cpu":
					if writable(dir) {
						s.v1CPU = dir
					}
				}
			}
		}
	}
	if s.v2 == "" && (s.v1Mem == "" || s.v1Pid == "") {
		s.v1Mem, s.v1Pid, s.v1CPU = "", "", ""
		s.why = "no writable cgroup with memory and pids controllers"
	}
	return s
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func writable(dir string) bool { return syscall.Access(dir, 2 /* W_OK */) == nil }

func (s cgroupSetup) describe() string {
	switch {
	case s.v2 != "" && s.v2CPU:
		return "cgroup v2 (" + s.v2 + "; memory, pids, cpu)"
	case s.v2 != "":
		return "cgroup v2 (" + s.v2 + "; memory, pids; no cpu controller delegated)"
	case s.v1Mem != "" && s.v1CPU != "":
		return "cgroup v1 (memory, pids, cpu)"
	case s.v1Mem != "":
		return "cgroup v1 (memory, pids; no writable cpu controller)"
	}
	return fmt.Sprintf("the watcher every %s (%s)", WatchInterval, s.why)
}

// cgroup is one sandbox's leaf cgroup(s).
type cgroup struct {
	v2        bool
	mem, pids string // directories (the same one for v2)
	cpu       string // the cpu controller's directory, or "" (the same as mem for v2)
}

// cpuPeriod is the cpu.max period, in microseconds (the kernel's default).
const cpuPeriod = 100000

func cpuQuota(l Limits) string { return strconv.FormatInt(int64(l.CPUs*cpuPeriod), 10) }

func (s cgroupSetup) create(name string, l Limits) (*cgroup, error) {
	cg := &cgroup{}
	switch {
	case s.v2 != "":
		dir := filepath.Join(s.v2, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			return nil, err
		}
		cg.v2, cg.mem, cg.pids = true, dir, dir
		if err := errors.Join(
			writeFile(filepath.Join(dir, "memory.max"), strconv.FormatInt(l.MemoryBytes, 10)),
			writeFile(filepath.Join(dir, "pids.max"), strconv.Itoa(l.Pids)),
		); err != nil {
			cg.destroy()
			return nil, err
		}
		writeFile(filepath.Join(dir, "memory.swap.max"), "0") // absent without swap accounting
		if s.v2CPU {
			if err := writeFile(filepath.Join(dir, "cpu.max"), cpuQuota(l)+" "+strconv.Itoa(cpuPeriod)); err != nil {
				cg.destroy()
				return nil, err
			}
			cg.cpu = dir
		}
	case s.v1Mem != "":
		cg.mem, cg.pids = filepath.Join(s.v1Mem, name), filepath.Join(s.v1Pid, name)
		if err := os.Mkdir(cg.mem, 0o755); err != nil {
			return nil, err
		}
		if err := os.Mkdir(cg.pids, 0o755); err != nil {
			os.Remove(cg.mem)
			return nil, err
		}
		if err := errors.Join(
			writeFile(filepath.Join(cg.mem, "memory.limit_in_bytes"), strconv.FormatInt(l.MemoryBytes, 10)),
			writeFile(filepath.Join(cg.pids, "pids.max"), strconv.Itoa(l.Pids)),
		); err != nil {
			cg.destroy()
			return nil, err
		}
		writeFile(filepath.Join(cg.mem, "memory.memsw.limit_in_bytes"), strconv.FormatInt(l.MemoryBytes, 10))
		writeFile(filepath.Join(cg.mem, "memory.swappiness"), "0")
		if s.v1CPU != "" {
			dir := filepath.Join(s.v1CPU, name)
			if err := os.Mkdir(dir, 0o755); err != nil {
				cg.destroy()
				return nil, err
			}
			cg.cpu = dir
			if err := errors.Join(
				writeFile(filepath.Join(dir, "cpu.cfs_period_us"), strconv.Itoa(cpuPeriod)),
				writeFile(filepath.Join(dir, "cpu.cfs_quota_us"), cpuQuota(l)),
			); err != nil {
				cg.destroy()
				return nil, err
			}
		}
	default:
		return nil, errors.New(s.why)
	}
	return cg, nil
}

func writeFile(path, s string) error { return os.WriteFile(path, []byte(s), 0o644) }

// procs are the files the helper writes "0" to, joining the cgroups.
func (c *cgroup) procs() []string {
	if c.v2 {
		return []string{filepath.Join(c.mem, "cgroup.procs")}
	}
	ps := []string{filepath.Join(c.mem, "cgroup.procs"), filepath.Join(c.pids, "cgroup.procs")}
	if c.cpu != "" {
		ps = append(ps, filepath.Join(c.cpu, "cgroup.procs"))
	}
	return ps
}

// check reads the counters that say a limit was hit: an OOM kill in the memory cgroup, a
// fork refused at pids.max.
func (c *cgroup) check(l Limits) *Violation {
	memEvents := filepath.Join(c.mem, "memory.oom_control") // v1: "oom_kill N" (Linux ≥ 4.13)
	if c.v2 {
		memEvents = filepath.Join(c.mem, "memory.events")
	}
	if n := counter(memEvents, "oom_kill"); n > 0 {
		return &Violation{What: "memory", Detail: fmt.Sprintf("memory limit %s exceeded (the kernel killed a process of the sandbox)", humanBytes(l.MemoryBytes))}
	}
	if n := counter(filepath.Join(c.pids, "pids.events"), "max"); n > 0 {
		return &Violation{What: "processes", Detail: fmt.Sprintf("process limit %d reached (fork bomb?)", l.Pids)}
	}
	return nil
}

// counter reads "key N" from a flat-keyed cgroup file; -1 when absent.
func counter(path, key string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return -1
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && f[0] == key {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return -1
}

// destroy kills what is left in the cgroups and removes them.
func (c *cgroup) destroy() {
	dirs := []string{c.mem}
	if c.pids != c.mem {
		dirs = append(dirs, c.pids)
	}
	if c.cpu != "" && c.cpu != c.mem {
		dirs = append(dirs, c.cpu)
	}
	deadline := time.Now().Add(3 * time.Second)
	for _, d := range dirs {
		for {
			if c.v2 {
				writeFile(filepath.Join(d, "cgroup.kill"), "1")
			}
			b, _ := os.ReadFile(filepath.Join(d, "cgroup.procs"))
			pids := strings.Fields(string(b))
			for _, p := range pids {
				if pid, err := strconv.Atoi(p); err == nil && pid > 0 {
					syscall.Kill(pid, syscall.SIGKILL)
				}
			}
			if err := os.Remove(d); err == nil || os.IsNotExist(err) || time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// sweep removes the cgroups that a leanprm process which no longer runs left behind (it was
// killed before Ended): every `leanprm-PID-N` below our cgroup directories whose PID is not
// a live process.
func (s cgroupSetup) sweep() {
	for _, parent := range []string{s.v2, s.v1Mem, s.v1Pid, s.v1CPU} {
		if parent == "" {
			continue
		}
		ents, _ := os.ReadDir(parent)
		for _, e := range ents {
			if pid, ok := ownerPID(e.Name(), "leanprm-"); ok && e.IsDir() && !alive(pid) {
				(&cgroup{v2: parent == s.v2, mem: filepath.Join(parent, e.Name()), pids: filepath.Join(parent, e.Name())}).destroy()
			}
		}
	}
}

// ownerPID reads the PID in a name made by this package: prefix, the PID, "-", more.
func ownerPID(name, prefix string) (int, bool) {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, "-")
	if !ok {
		return 0, false
	}
	pid, err := strconv.Atoi(num)
	return pid, err == nil && pid > 0
}

// alive: a process with this PID exists (kill 0 succeeds, or is refused for permission).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
