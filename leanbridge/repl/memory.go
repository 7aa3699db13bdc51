package repl

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// Memory is the resident memory of one REPL process group, read from /proc.
type Memory struct {
	Processes int   // live processes in the group
	RSS       int64 // sum of VmRSS, bytes
	Anon      int64 // sum of RssAnon, bytes: RSS without file-backed pages
}

// groupMemory sums the resident memory of every live process whose process group is pgid.
//
// The group, not the pid, because `lake env` keeps running as the REPL's parent (see
// process). The sum is compared against Config.MaxRSSBytes using Anon where the kernel reports
// it: Lean maps every imported .olean file into memory, and those file-backed pages, shared
// between all workers through the page cache, are counted in each process's VmRSS. What grows
// as a REPL accumulates environments is its anonymous memory.
func groupMemory(pgid int) (Memory, error) {
	var m Memory
	for _, pid := range proc.Members(pgid) {
		rss, anon, ok := procStatus(pid)
		if !ok {
			continue // exited meanwhile
		}
		m.Processes++
		m.RSS += rss
		m.Anon += anon
	}
	if m.Processes == 0 {
		return m, fmt.Errorf("leanbridge: no live process in group %d", pgid)
	}
	return m, nil
}

// procStatus returns VmRSS and RssAnon of pid in bytes. Kernels before 4.5 have no RssAnon;
// VmRSS stands in for it there.
func procStatus(pid int) (rss, anon int64, ok bool) {
	f, err := os.Open(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return 0, 0, false
	}
	defer f.Close()
	anon = -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case bytes.HasPrefix(line, []byte("VmRSS:")):
			rss = kB(line[len("VmRSS:"):])
		case bytes.HasPrefix(line, []byte("RssAnon:")):
			anon = kB(line[len("RssAnon:"):])
		}
	}
	if anon < 0 {
		anon = rss
	}
	return rss, anon, true
}

func kB(b []byte) int64 {
	f := bytes.Fields(b)
	if len(f) == 0 {
		return 0
	}
	n, _ := strconv.ParseInt(string(f[0]), 10, 64)
	return n << 10
}
