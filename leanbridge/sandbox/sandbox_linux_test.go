package sandbox

import (
	"bufio"
	"errors"
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

// TestMain: the test binary is also the sandbox helper (Init) and the hostile child
// (LEANPRM_SANDBOX_TEST_CHILD names the attack), the gopls pattern of re-running the test
// binary as a fake child.
func TestMain(m *testing.M) {
	Init()
	if attack := os.Getenv("LEANPRM_SANDBOX_TEST_CHILD"); attack != "" {
		os.Exit(hostile(attack))
	}
	os.Exit(m.Run())
}

// hostile runs one attack and prints what happened, one "key: value" line per attempt.
func hostile(attack string) int {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	report := func(k string, err error) {
		if err == nil {
			fmt.Fprintf(out, "%s: ok\n", k)
		} else {
			fmt.Fprintf(out, "%s: %v\n", k, err)
		}
		out.Flush()
	}
	switch attack {
	case "write":
		for _, p := range strings.Split(os.Getenv("LEANPRM_SANDBOX_TEST_PATHS"), ":") {
			report(p, os.WriteFile(p, []byte("escaped"), 0o644))
		}
		report("home", os.WriteFile(filepath.Join(os.Getenv("HOME"), "scratch-ok"), []byte("x"), 0o644))
		report("tmpdir", os.WriteFile(filepath.Join(os.TempDir(), "tmp-ok"), []byte("x"), 0o644))
	case "read":
		for _, p := range strings.Split(os.Getenv("LEANPRM_SANDBOX_TEST_PATHS"), ":") {
			_, err := os.ReadFile(p)
			report(p, err)
		}
	case "net":
		c, err := net.DialTimeout("tcp", os.Getenv("LEANPRM_SANDBOX_TEST_ADDR"), 2*time.Second)
		if c != nil {
			c.Close()
		}
		report("dial", err)
		_, err = net.DialTimeout("unix", os.Getenv("LEANPRM_SANDBOX_TEST_SOCK"), 2*time.Second)
		report("unix", err)
	case "privileges":
		report("remount", unix.Mount("", "/", "", unix.MS_REMOUNT|unix.MS_BIND, ""))
		report("unshare", unix.Unshare(unix.CLONE_NEWNS))
		report("chroot", unix.Chroot("/"))
		report("sysctl", os.WriteFile("/proc/sys/kernel/hostname", []byte("pwned"), 0))
		report("proc-pid1", func() error { b, _ := os.ReadFile("/proc/1/cmdline"); return fmt.Errorf("%q", b) }())
		status, _ := os.ReadFile("/proc/self/status")
		for _, line := range strings.Split(string(status), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && (k == "NoNewPrivs" || k == "Seccomp" || k == "CapEff" || k == "CapBnd") {
				fmt.Fprintf(out, "%s: %s\n", k, strings.TrimSpace(v))
			}
		}
	case "fork":
		self, _ := os.Executable()
		var kids int
		for i := 0; i < 100000; i++ {
			cmd := exec.Command(self)
			cmd.Env = append(os.Environ(), "LEANPRM_SANDBOX_TEST_CHILD=sleep")
			if err := cmd.Start(); err != nil {
				report("fork", err)
				time.Sleep(time.Minute) // the sandbox must kill us
				return 0
			}
			kids++
		}
		report("fork", nil)
	case "sleep":
		time.Sleep(time.Minute)
	case "alloc":
		var keep [][]byte
		for mib := 16; mib <= 10<<10; mib += 16 {
			b := make([]byte, 16<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			keep = append(keep, b)
			fmt.Fprintf(out, "allocated: %d\n", mib)
			out.Flush()
		}
		report("alloc", nil)
	case "iouring":
		got, err := unixConnectViaIOUring(os.Getenv("LEANPRM_SANDBOX_TEST_SOCK"), "leak")
		if err == nil {
			fmt.Fprintf(out, "answer: %s\n", got)
		}
		report("iouring", err)
	case "limits":
		var rl unix.Rlimit
		unix.Getrlimit(unix.RLIMIT_CPU, &rl)
		if rl.Cur == unix.RLIM_INFINITY {
			fmt.Fprintln(out, "rlimit_cpu: unlimited")
		} else {
			fmt.Fprintf(out, "rlimit_cpu: %d\n", rl.Cur)
		}
	case "env":
		for _, k := range strings.Split(os.Getenv("LEANPRM_SANDBOX_TEST_PATHS"), ":") {
			v, ok := os.LookupEnv(k)
			fmt.Fprintf(out, "%s: %v %q\n", k, ok, v)
		}
	case "ls":
		wd, _ := os.Getwd()
		fmt.Fprintf(out, "cwd: %s\n", wd)
		for _, p := range strings.Split(os.Getenv("LEANPRM_SANDBOX_TEST_PATHS"), ":") {
			ents, err := os.ReadDir(p)
			var names []string
			for _, e := range ents {
				names = append(names, e.Name())
			}
			if err != nil {
				report(p, err)
			} else {
				fmt.Fprintf(out, "%s: %s\n", p, strings.Join(names, ","))
			}
		}
	case "fill":
		// 600 MB into the scratch directory, in files of 8 MB (under RLIMIT_FSIZE).
		chunk := make([]byte, 1<<20)
		var written int64
		var err error
		for f := 0; written < 600<<20 && err == nil; f++ {
			var fh *os.File
			if fh, err = os.Create(filepath.Join(os.Getenv("HOME"), fmt.Sprintf("fill-%d", f))); err != nil {
				break
			}
			for k := 0; k < 8 && written < 600<<20 && err == nil; k++ {
				var n int
				n, err = fh.Write(chunk)
				written += int64(n)
			}
			fh.Close()
		}
		fmt.Fprintf(out, "written: %d\n", written)
		report("fill", err)
	case "holder":
		return holder()
	case "bigfile":
		f, err := os.Create(filepath.Join(os.Getenv("HOME"), "big"))
		if err == nil {
			signal := make([]byte, 1<<20)
			for i := 0; i < 64 && err == nil; i++ {
				_, err = f.Write(signal)
			}
		}
		report("bigfile", err)
	}
	return 0
}

func needSandbox(t *testing.T) {
	t.Helper()
	s := Probe()
	if !s.OK && os.Geteuid() == 0 {
		t.Fatalf("root on Linux must be able to sandbox: %s", s.Reason)
	}
	if !s.OK {
		t.Skipf("this machine cannot sandbox (not root, no user namespaces): %s", s.Reason)
	}
}

// run starts the hostile child with attack in a sandbox and returns its output lines and the
// jail's violation.
func run(t *testing.T, opts Options, attack string, env ...string) (map[string]string, []string, error) {
	t.Helper()
	return runIn(t, opts, t.TempDir(), nil, attack, env...)
}

// runIn is run with the command's directory dir ("" for none: the caller's working
// directory is then where exec would start it) and the writable directories writable.
func runIn(t *testing.T, opts Options, dir string, writable []string, attack string, env ...string) (map[string]string, []string, error) {
	t.Helper()
	sb, err := New(opts)
	require.NoError(t, err)
	self, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), append(env, "LEANPRM_SANDBOX_TEST_CHILD="+attack)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Dir = dir
	var out strings.Builder
	cmd.Stdout = &out
	var stderr strings.Builder
	cmd.Stderr = &stderr
	jail, err := sb.wrap(cmd, writable)
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	jail.Started(cmd.Process.Pid)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
		t.Errorf("the sandboxed child ran for a minute")
	}
	v := jail.Ended()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	res := map[string]string{}
	for _, l := range lines {
		if k, val, ok := strings.Cut(l, ": "); ok {
			res[k] = val
		}
	}
	t.Logf("child: %v", res)
	if s := stderr.String(); s != "" {
		t.Logf("stderr: %s", s)
	}
	_, statErr := os.Stat(jail.base)
	assert.True(t, os.IsNotExist(statErr), "Ended removes the scratch directory")
	return res, lines, v
}

func TestProbe(t *testing.T) {
	needSandbox(t)
	s := Probe()
	assert.Contains(t, s.String(), "available")
	t.Log(s)
}

func TestWritesOnlyInScratch(t *testing.T) {
	needSandbox(t)
	outside := t.TempDir()
	targets := []string{filepath.Join(outside, "escaped"), "/tmp/leanprm-sandbox-escape", "/etc/leanprm-escape", "/usr/leanprm-escape"}
	res, _, v := run(t, Options{}, "write", "LEANPRM_SANDBOX_TEST_PATHS="+strings.Join(targets, ":"))
	require.NoError(t, v)
	for _, p := range targets {
		assert.NotEqual(t, "ok", res[p], "write to %s must fail", p)
		assert.NotEmpty(t, res[p], "the child reported %s", p)
		_, err := os.Stat(p)
		assert.True(t, os.IsNotExist(err), "%s must not exist on the host", p)
	}
	assert.Equal(t, "ok", res["home"], "HOME is the writable scratch directory")
	assert.Equal(t, "ok", res["tmpdir"], "TMPDIR is the writable scratch directory")
}

func TestHostFilesHidden(t *testing.T) {
	needSandbox(t)
	secret := filepath.Join(t.TempDir(), "secret")
	require.NoError(t, os.WriteFile(secret, []byte("token"), 0o600))
	res, _, _ := run(t, Options{}, "read", "LEANPRM_SANDBOX_TEST_PATHS="+secret+":/etc/passwd")
	assert.Contains(t, res[secret], "no such file", "a file outside the project and toolchain is not visible")
	assert.Equal(t, "ok", res["/etc/passwd"], "the system's files stay readable")
}

func TestNoNetwork(t *testing.T) {
	needSandbox(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Close()
			accepted <- struct{}{}
		}
	}()
	sock := filepath.Join(t.TempDir(), "s.sock")
	uln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	defer uln.Close()
	res, _, _ := run(t, Options{}, "net", "LEANPRM_SANDBOX_TEST_ADDR="+ln.Addr().String(), "LEANPRM_SANDBOX_TEST_SOCK="+sock)
	assert.NotEqual(t, "ok", res["dial"], "a loopback connection from the sandbox must fail")
	assert.NotEmpty(t, res["dial"])
	assert.NotEqual(t, "ok", res["unix"], "a Unix socket of the host must be unreachable")
	select {
	case <-accepted:
		t.Fatal("the listener outside the sandbox was reached")
	default:
	}
}

func TestNoPrivileges(t *testing.T) {
	needSandbox(t)
	res, _, _ := run(t, Options{}, "privileges")
	for _, k := range []string{"remount", "unshare", "chroot", "sysctl"} {
		assert.NotEqual(t, "ok", res[k], "%s must fail without capabilities", k)
		assert.NotEmpty(t, res[k])
	}
	assert.NotContains(t, res["proc-pid1"], "init", "PID 1 of the sandbox is its own helper's program, not the host's init")
	assert.Equal(t, "1", res["NoNewPrivs"], "no_new_privs is set")
	assert.Equal(t, "2", res["Seccomp"], "a seccomp filter is in force")
	assert.Equal(t, "0000000000000000", res["CapEff"], "no effective capability")
	assert.Equal(t, "0000000000000000", res["CapBnd"], "an empty bounding set")
}

func TestForkBombKilled(t *testing.T) {
	needSandbox(t)
	for _, noCgroup := range []bool{false, true} {
		t.Run(fmt.Sprintf("no_cgroup=%v", noCgroup), func(t *testing.T) {
			_, _, v := run(t, Options{Limits: Limits{Pids: 40}, NoCgroup: noCgroup}, "fork")
			require.Error(t, v, "a fork bomb is a violation")
			assert.True(t, errors.Is(v, ErrViolation))
			assert.Contains(t, v.Error(), "process limit 40")
		})
	}
}

func TestMemoryKilled(t *testing.T) {
	needSandbox(t)
	const limit = 256 << 20
	for _, noCgroup := range []bool{false, true} {
		t.Run(fmt.Sprintf("no_cgroup=%v", noCgroup), func(t *testing.T) {
			res, _, v := run(t, Options{Limits: Limits{MemoryBytes: limit}, NoCgroup: noCgroup}, "alloc")
			require.Error(t, v, "allocating 10 GB is a violation")
			assert.Contains(t, v.Error(), "memory limit 256 MiB")
			assert.NotEqual(t, "ok", res["alloc"], "the allocation never completed")
			t.Logf("last allocation reported: %s MiB (limit 256)", res["allocated"])
		})
	}
}

func TestFileSizeLimit(t *testing.T) {
	needSandbox(t)
	res, _, _ := run(t, Options{Limits: Limits{FileSize: 8 << 20}}, "bigfile")
	assert.NotEqual(t, "ok", res["bigfile"], "a file over RLIMIT_FSIZE cannot be written")
}

func TestDisableEnvMakesItUnavailable(t *testing.T) {
	t.Setenv(DisableEnv, "1")
	assert.False(t, Probe().OK)
	_, err := New(Options{})
	assert.ErrorIs(t, err, ErrUnavailable)
	assert.ErrorContains(t, err, DisableEnv)
}

func TestConfinedEnv(t *testing.T) {
	env := confinedEnv([]string{"HOME=/root", "PATH=/usr/bin", "TMPDIR=/tmp", specEnv + "=x", "AWS_SECRET_ACCESS_KEY=s", "LEAN_PATH=/l", "MINE=1", "OTHER_X=2"}, "/s", []string{"MINE", "OTHER_*"})
	assert.Contains(t, env, "HOME=/s")
	assert.Contains(t, env, "TMPDIR=/s")
	assert.Contains(t, env, "PATH=/usr/bin")
	assert.Contains(t, env, "LEAN_PATH=/l")
	assert.Contains(t, env, "MINE=1", "PassEnv names a variable")
	assert.Contains(t, env, "OTHER_X=2", "PassEnv names a prefix")
	assert.NotContains(t, env, "HOME=/root")
	assert.NotContains(t, env, "AWS_SECRET_ACCESS_KEY=s")
	for _, kv := range env {
		assert.False(t, strings.HasPrefix(kv, specEnv+"="), "a caller's spec never leaks")
	}
}
