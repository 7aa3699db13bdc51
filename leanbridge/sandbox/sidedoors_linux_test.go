package sandbox

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// Issue 32 §7: the side doors a hostile REPL command found. Each test fails on the sandbox
// before that issue.

// io_uring's IORING_OP_SOCKET makes a socket without socket(2): with io_uring open, a
// sandboxed process reached a Unix socket of the host it could see and talked both ways.
// The listener here sits in a directory the sandbox may write (as the kernel tier's work
// directory is), so only the system-call filter stands between them.
func TestIOUringSocketToHostUnixSocketDenied(t *testing.T) {
	needSandbox(t)
	var p ioUringParams
	fd, err := ioUringSetup(4, &p)
	if err != nil {
		t.Skipf("io_uring is unavailable on this kernel even outside the sandbox (%v): nothing to deny", err)
	}
	unix.Close(fd)
	if s, err := ioUringSocket(unix.AF_UNIX, unix.SOCK_STREAM); err != nil {
		t.Skipf("this kernel has io_uring but no IORING_OP_SOCKET (Linux ≥ 5.19): %v", err)
	} else {
		unix.Close(s)
	}
	shared, err := os.MkdirTemp("", "iou") // short: a Unix socket path is at most 107 bytes
	require.NoError(t, err)
	defer os.RemoveAll(shared)
	sock := filepath.Join(shared, "s.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	defer ln.Close()
	got := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		buf := make([]byte, 16)
		n, _ := c.Read(buf)
		c.Write([]byte("pong"))
		got <- string(buf[:n])
	}()
	res, _, _ := runIn(t, Options{}, t.TempDir(), []string{shared}, "iouring", "LEANPRM_SANDBOX_TEST_SOCK="+sock)
	select {
	case msg := <-got:
		t.Fatalf("the host's Unix socket received %q from the sandbox", msg)
	default:
	}
	assert.NotEqual(t, "ok", res["iouring"])
	assert.Contains(t, res["iouring"], "io_uring_setup: operation not permitted", "io_uring_setup is refused by the filter")
	assert.Empty(t, res["answer"])
}

// A token in the caller's environment is not readable inside; the toolchain's variables
// are.
func TestEnvironmentRebuiltFromAllowList(t *testing.T) {
	needSandbox(t)
	t.Setenv("GITHUB_TOKEN", "ghp_secret")
	t.Setenv("LEANPRM_NATS_TOKEN", "nats-secret")
	t.Setenv("LEAN_PATH", "/lean/path")
	res, _, _ := run(t, Options{}, "env", "LEANPRM_SANDBOX_TEST_PATHS=GITHUB_TOKEN:LEANPRM_NATS_TOKEN:LEAN_PATH:HOME")
	assert.Equal(t, `false ""`, res["GITHUB_TOKEN"], "a caller's token")
	assert.Equal(t, `false ""`, res["LEANPRM_NATS_TOKEN"], "leanprm's own token")
	assert.Equal(t, `true "/lean/path"`, res["LEAN_PATH"], "the toolchain's variables pass")
	assert.NotContains(t, res["HOME"], os.Getenv("HOME")+`"`, "HOME is the scratch directory")
}

// The caller's working directory, the directories of PATH and leanprm's own directory are
// not visible; the process starts in its scratch directory.
func TestCallerDirectoriesHidden(t *testing.T) {
	needSandbox(t)
	cwd := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(cwd, "secret"), []byte("x"), 0o600))
	t.Chdir(cwd)
	pathDir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(pathDir, "tool-secret"), []byte("x"), 0o600))
	t.Setenv("PATH", pathDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	self, err := os.Executable()
	require.NoError(t, err)
	selfDir := filepath.Dir(self)
	marker := filepath.Join(selfDir, "leanprm-sandbox-marker")
	if err := os.WriteFile(marker, []byte("x"), 0o600); err == nil {
		defer os.Remove(marker)
	} else {
		t.Logf("no marker next to the test binary (%v): its directory holds only what it holds", err)
	}
	res, _, _ := runIn(t, Options{}, "", nil, "ls", "LEANPRM_SANDBOX_TEST_PATHS="+strings.Join([]string{cwd, pathDir, selfDir}, ":"))
	assert.Contains(t, res[cwd], "no such file", "the caller's working directory")
	assert.Contains(t, res[pathDir], "no such file", "a directory of PATH")
	assert.Equal(t, filepath.Base(self), res[selfDir], "of leanprm's directory, only the program itself")
	assert.NotEqual(t, cwd, res["cwd"], "the process does not start in the caller's directory")
}

// 600 MB written to scratch stop at the scratch filesystem's size, in memory the sandbox is
// charged for, never on the host's disk.
func TestScratchIsSizeLimited(t *testing.T) {
	needSandbox(t)
	res, _, v := run(t, Options{}, "fill")
	require.NoError(t, v)
	assert.Contains(t, res["fill"], "no space left on device")
	var written int64
	fmt.Sscan(res["written"], &written)
	assert.Less(t, written, int64(600<<20), "the writes stopped before 600 MB")
	assert.GreaterOrEqual(t, written, int64(DefaultScratch)-(16<<20), "the scratch filesystem holds what its size says")
}

// A leanprm killed with SIGKILL leaves its private directory and cgroups behind; the next
// start sweeps them, and a fresh run then leaves nothing.
func TestKilledRunSweptAtNextStart(t *testing.T) {
	needSandbox(t)
	root := t.TempDir()
	self, err := os.Executable()
	require.NoError(t, err)
	h := exec.Command(self)
	h.Env = append(os.Environ(), "LEANPRM_SANDBOX_TEST_CHILD=holder", "LEANPRM_SANDBOX_TEST_ROOT="+root)
	out, err := h.StdoutPipe()
	require.NoError(t, err)
	h.Stderr = os.Stderr
	require.NoError(t, h.Start())
	info := map[string]string{}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ": "); ok {
			info[k] = v
		}
		if _, ok := info["ready"]; ok {
			break
		}
	}
	require.Contains(t, info, "ready", "the holder started its sandbox: %v", info)
	require.NoError(t, h.Process.Kill())
	h.Wait()
	var sleeper int
	fmt.Sscan(info["ready"], &sleeper)
	for deadline := time.Now().Add(10 * time.Second); alive(sleeper) && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	require.False(t, alive(sleeper), "the sandboxed process dies with its leanprm")
	_, err = os.Stat(info["base"])
	require.NoError(t, err, "the killed run left its directory behind")
	var cgroups []string
	if info["cgroups"] != "" {
		cgroups = strings.Split(info["cgroups"], ":")
	}
	for _, d := range cgroups {
		_, err := os.Stat(d)
		require.NoError(t, err, "the killed run left its cgroup %s behind", d)
	}

	res, _, v := run(t, Options{ScratchRoot: root}, "env", "LEANPRM_SANDBOX_TEST_PATHS=HOME")
	require.NoError(t, v)
	assert.Contains(t, res["HOME"], "true", "the fresh run ran")
	ents, err := os.ReadDir(root)
	require.NoError(t, err)
	assert.Empty(t, ents, "nothing is left under the scratch root")
	for _, d := range cgroups {
		_, err := os.Stat(d)
		assert.True(t, os.IsNotExist(err), "cgroup %s swept", d)
	}
	t.Logf("swept %s and %d cgroups", info["base"], len(cgroups))
}

// holder plays a leanprm that gets killed: it starts a sandboxed sleeper under
// LEANPRM_SANDBOX_TEST_ROOT and prints where its directory and cgroups are.
func holder() int {
	sb, err := New(Options{ScratchRoot: os.Getenv("LEANPRM_SANDBOX_TEST_ROOT")})
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	self, _ := os.Executable()
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "LEANPRM_SANDBOX_TEST_CHILD=sleep")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	j, err := sb.Wrap(cmd)
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	j.Started(cmd.Process.Pid)
	fmt.Println("base:", j.base)
	if j.cg != nil {
		dirs := []string{j.cg.mem}
		if j.cg.pids != j.cg.mem {
			dirs = append(dirs, j.cg.pids)
		}
		if j.cg.cpu != "" && j.cg.cpu != j.cg.mem {
			dirs = append(dirs, j.cg.cpu)
		}
		fmt.Println("cgroups:", strings.Join(dirs, ":"))
	}
	fmt.Println("ready:", cmd.Process.Pid)
	time.Sleep(time.Minute)
	return 0
}

// A cpu.max (cgroup v2) or CFS quota (v1) sits beside the memory and pids limits, and no
// cumulative RLIMIT_CPU kills a long-lived REPL (issue 33 §4).
func TestCPULimitBesideMemoryAndPids(t *testing.T) {
	needSandbox(t)
	assert.Zero(t, Limits{}.withDefaults().CPUTime, "no cumulative CPU rlimit by default")
	sb, err := New(Options{Limits: Limits{CPUs: 0.5}})
	require.NoError(t, err)
	j, err := sb.Wrap(exec.Command("/bin/true"))
	require.NoError(t, err)
	defer j.Ended()
	if j.cg == nil || j.cg.cpu == "" {
		t.Skipf("no cpu controller this process may use: %s", newCgroupSetup().describe())
	}
	if j.cg.v2 {
		b, err := os.ReadFile(filepath.Join(j.cg.cpu, "cpu.max"))
		require.NoError(t, err)
		assert.Equal(t, "50000 100000", strings.TrimSpace(string(b)))
	} else {
		b, err := os.ReadFile(filepath.Join(j.cg.cpu, "cpu.cfs_quota_us"))
		require.NoError(t, err)
		assert.Equal(t, "50000", strings.TrimSpace(string(b)))
	}
	assert.Contains(t, j.cg.procs(), filepath.Join(j.cg.cpu, "cgroup.procs"), "the helper joins the cpu cgroup")
	res, _, _ := run(t, Options{}, "limits")
	assert.Equal(t, "unlimited", res["rlimit_cpu"], "a long-lived REPL has no cumulative CPU limit")
}

// A program leanprm names in the command line (`lake env /path/to/leanchecker`) or in a
// kernel-tool variable (COMPARATOR_*) is visible, that file alone: its directory's other
// files are not.
func TestNamedProgramsVisibleAlone(t *testing.T) {
	needSandbox(t)
	dir := t.TempDir()
	tool := filepath.Join(dir, "leanchecker")
	other := filepath.Join(dir, "other")
	require.NoError(t, os.WriteFile(tool, []byte("#!/bin/sh\n"), 0o755))
	require.NoError(t, os.WriteFile(other, []byte("x"), 0o600))
	nanodaDir := t.TempDir()
	nanoda := filepath.Join(nanodaDir, "nanoda")
	require.NoError(t, os.WriteFile(nanoda, []byte("x"), 0o755))
	t.Setenv("COMPARATOR_NANODA", nanoda)
	sb, err := New(Options{})
	require.NoError(t, err)
	self, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(self, tool)
	cmd.Env = append(os.Environ(), "LEANPRM_SANDBOX_TEST_CHILD=read", "LEANPRM_SANDBOX_TEST_PATHS="+strings.Join([]string{tool, other, nanoda}, ":"))
	var out strings.Builder
	cmd.Stdout = &out
	j, err := sb.Wrap(cmd)
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	j.Started(cmd.Process.Pid)
	cmd.Wait()
	require.NoError(t, j.Ended())
	res := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if k, v, ok := strings.Cut(l, ": "); ok {
			res[k] = v
		}
	}
	assert.Equal(t, "ok", res[tool], "the program named on the command line")
	assert.Equal(t, "ok", res[nanoda], "the program named by COMPARATOR_NANODA")
	assert.Contains(t, res[other], "no such file", "the rest of its directory")
}
