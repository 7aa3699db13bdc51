package sandbox

import (
	"fmt"
	"os"
	"strconv"
)

// scanNamespace is the watcher without a cgroup: it counts the processes of PID namespace ns
// (the readlink of /proc/PID/ns/pid) and sums their resident anonymous memory.
func scanNamespace(ns string, l Limits) *Violation {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	n := 0
	var anon int64
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if got, err := os.Readlink("/proc/" + e.Name() + "/ns/pid"); err != nil || got != ns {
			continue
		}
		n++
		anon += rssAnon(pid)
	}
	switch {
	case anon > l.MemoryBytes:
		return &Violation{What: "memory", Detail: fmt.Sprintf("memory limit %s exceeded (%s resident)", humanBytes(l.MemoryBytes), humanBytes(anon))}
	case n > l.Pids:
		return &Violation{What: "processes", Detail: fmt.Sprintf("process limit %d reached (%d processes; fork bomb?)", l.Pids, n)}
	}
	return nil
}

// rssAnon reads RssAnon (kB) from /proc/PID/status, in bytes; VmRSS where the kernel has no
// RssAnon.
func rssAnon(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	var rss, anon int64 = 0, -1
	for _, line := range splitLines(b) {
		var v int64
		if n, _ := fmt.Sscanf(line, "RssAnon: %d kB", &v); n == 1 {
			anon = v << 10
		} else if n, _ := fmt.Sscanf(line, "VmRSS: %d kB", &v); n == 1 {
			rss = v << 10
		}
	}
	if anon < 0 {
		return rss
	}
	return anon
}

func splitLines(b []byte) []string {
	var out []string
	start := 0
	for i, c := range b {
		if c == '\n' {
			out = append(out, string(b[start:i]))
			start = i + 1
		}
	}
	return out
}
