package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Init turns this process into the sandbox helper when it was started as one (Wrap or Probe
// set its spec in the environment), and never returns then; otherwise it returns at once.
// Call it first thing in main, and in TestMain of tests whose binary a Sandbox re-runs.
func Init() {
	raw, ok := os.LookupEnv(specEnv)
	if !ok {
		return
	}
	os.Unsetenv(specEnv)
	// Capabilities, no_new_privs and the seccomp filter are per thread; the exec must come
	// from the thread that set them.
	runtime.LockOSThread()
	var sp spec
	if err := json.Unmarshal([]byte(raw), &sp); err != nil {
		die("bad spec: %v", err)
	}
	if err := confine(sp); err != nil {
		die("%v", err)
	}
	if sp.Probe {
		fmt.Println(probeMagic)
		os.Exit(0)
	}
	env := os.Environ()
	err := syscall.Exec(sp.Path, sp.Argv, env)
	die("exec %s: %v", sp.Path, err)
}

func die(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "leanprm sandbox: "+format+"\n", args...)
	os.Exit(125)
}

// confine does everything but the exec; see the package documentation for the order.
func confine(sp spec) error {
	for _, f := range sp.CgroupProcs {
		if err := os.WriteFile(f, []byte("0"), 0); err != nil {
			return fmt.Errorf("joining cgroup %s: %w", f, err)
		}
	}
	if err := buildRoot(sp); err != nil {
		return err
	}
	for _, l := range []struct {
		res int
		val uint64
	}{
		{unix.RLIMIT_CPU, sp.CPUSeconds}, {unix.RLIMIT_FSIZE, sp.FileSize}, {unix.RLIMIT_CORE, 0},
	} {
		if l.val == 0 && l.res != unix.RLIMIT_CORE {
			continue
		}
		if err := unix.Setrlimit(l.res, &unix.Rlimit{Cur: l.val, Max: l.val}); err != nil {
			return fmt.Errorf("setrlimit %d: %w", l.res, err)
		}
	}
	if err := dropCapabilities(); err != nil {
		return err
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	return denySockets()
}

// readOnlyPaths are what a Lean process may read besides its project, its toolchain and its
// own program: the system's programs and libraries and the few files of /etc that the dynamic
// linker and the C library read. Nothing else of the host is visible (home directories,
// secrets, sockets).
var readOnlyPaths = []string{
	"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32",
	"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/passwd", "/etc/group",
	"/etc/nsswitch.conf", "/etc/localtime", "/etc/alternatives",
}

// devices are bound into the new /dev.
var devices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"}

// buildRoot makes a new root: a tmpfs holding read-only binds of readOnlyPaths, the
// command's directory (the Lake project), the toolchain (ELAN_HOME, LEAN_SYSROOT) and the
// program file itself; a size-limited tmpfs on the scratch directory; the writable
// directories asked for; a few devices and a read-only /proc of the new PID namespace; then
// pivot_root into it and drop the old root. Nothing else of the host is visible: not the
// caller's working directory, not leanprm's own directory, not the directories of PATH.
func buildRoot(sp spec) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making mounts private: %w", err)
	}
	newRoot := sp.Root
	if err := unix.Mount("tmpfs", newRoot, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=16m,mode=0755"); err != nil {
		return fmt.Errorf("tmpfs root: %w", err)
	}
	paths := append([]string{}, readOnlyPaths...)
	if sp.Dir != "" {
		paths = append(paths, sp.Dir)
	}
	for _, k := range []string{"ELAN_HOME", "LEAN_SYSROOT"} {
		if d := os.Getenv(k); d != "" && filepath.IsAbs(d) {
			paths = append(paths, d)
		}
	}
	if sp.Path != "" {
		paths = append(paths, sp.Path) // the program file alone, not its directory
		if root, ok := toolchainRoot(sp.Path); ok {
			paths = append(paths, root) // a toolchain installed without elan
		}
	}
	// Programs leanprm itself names for the command to run (`lake env /path/to/leanchecker`,
	// Comparator's tools in COMPARATOR_*): each file alone, read-only. They come from
	// leanprm's configuration, never from a proof.
	for _, a := range sp.Argv[min(1, len(sp.Argv)):] {
		if isAbsFile(a) {
			paths = append(paths, a)
		}
	}
	for _, k := range toolPathVars {
		if v := os.Getenv(k); isAbsFile(v) {
			paths = append(paths, v)
		}
	}
	b := binder{root: newRoot}
	for _, p := range paths {
		if err := b.bind(p, true); err != nil {
			return err
		}
	}
	for _, d := range append(append([]string{}, sp.Writable...), devices...) {
		if err := b.bind(d, false); err != nil {
			return err
		}
	}
	if err := mountScratch(newRoot, sp); err != nil {
		return err
	}
	for _, d := range []string{"proc", "tmp", ".oldroot"} {
		os.MkdirAll(filepath.Join(newRoot, d), 0o755)
	}
	if err := unix.Mount("proc", filepath.Join(newRoot, "proc"), "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC|unix.MS_RDONLY, ""); err != nil {
		return fmt.Errorf("mounting /proc: %w", err)
	}
	if err := unix.PivotRoot(newRoot, filepath.Join(newRoot, ".oldroot")); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := unix.Chdir("/"); err != nil {
		return err
	}
	if err := unix.Unmount("/.oldroot", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the old root: %w", err)
	}
	os.Remove("/.oldroot")
	if err := unix.Mount("", "/", "", unix.MS_REMOUNT|unix.MS_BIND|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV, ""); err != nil {
		return fmt.Errorf("read-only root: %w", err)
	}
	dir := sp.Dir
	if dir == "" {
		dir = sp.Scratch
	}
	if err := unix.Chdir(dir); err != nil {
		return fmt.Errorf("chdir %s: %w", dir, err)
	}
	return nil
}

// toolchainRoot: the program lies in the bin directory of a Lean toolchain (one that holds
// `lean` as well, like a release unpacked without elan); its root holds the toolchain.
func toolchainRoot(program string) (string, bool) {
	bin := filepath.Dir(program)
	if filepath.Base(bin) != "bin" || !isAbsFile(filepath.Join(bin, "lean")) {
		return "", false
	}
	return filepath.Dir(bin), true
}

// isAbsFile: p is an absolute path to an existing regular file.
func isAbsFile(p string) bool {
	if !filepath.IsAbs(p) {
		return false
	}
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// mountScratch mounts a tmpfs of sp.ScratchBytes on the scratch directory under root: the
// process's HOME and TMPDIR, whose writes fail with ENOSPC past the limit and never reach
// the host's disk.
func mountScratch(root string, sp spec) error {
	dst := filepath.Join(root, sp.Scratch)
	if err := os.MkdirAll(dst, 0o700); err != nil {
		return fmt.Errorf("scratch mount point: %w", err)
	}
	size := sp.ScratchBytes
	if size <= 0 {
		size = DefaultScratch
	}
	if err := unix.Mount("tmpfs", dst, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, fmt.Sprintf("size=%d,mode=0700", size)); err != nil {
		return fmt.Errorf("scratch tmpfs: %w", err)
	}
	return nil
}

// binder binds host paths at the same paths under root.
type binder struct {
	root  string
	bound []string // host paths bound read-only so far
}

// bind binds host path p at the same path under root, read-only (recursively) when ro. A
// symbolic link is recreated as a link (and its target bound too); a missing path, or one
// inside a directory already bound read-only, is skipped.
func (b *binder) bind(p string, ro bool) error {
	p = filepath.Clean(p)
	st, err := os.Lstat(p)
	if err != nil {
		return nil
	}
	dst := filepath.Join(b.root, p)
	if st.Mode()&os.ModeSymlink != 0 {
		target, err := os.Readlink(p)
		if err != nil {
			return nil
		}
		os.MkdirAll(filepath.Dir(dst), 0o755)
		if _, err := os.Lstat(dst); err != nil {
			os.Symlink(target, dst)
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		return b.bind(target, ro)
	}
	if ro {
		for _, q := range b.bound {
			if p == q || strings.HasPrefix(p, q+"/") || q == "/" {
				return nil
			}
		}
		b.bound = append(b.bound, p)
	}
	if st.IsDir() {
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return fmt.Errorf("mount point %s: %w", dst, err)
		}
	} else {
		os.MkdirAll(filepath.Dir(dst), 0o755)
		f, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return fmt.Errorf("mount point %s: %w", dst, err)
		}
		f.Close()
	}
	if err := unix.Mount(p, dst, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return fmt.Errorf("binding %s: %w", p, err)
	}
	if !ro {
		return nil
	}
	attr := unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY | unix.MOUNT_ATTR_NOSUID | unix.MOUNT_ATTR_NODEV}
	if err := unix.MountSetattr(-1, dst, unix.AT_RECURSIVE, &attr); err != nil {
		// Kernels before 5.12: remount the top of the bind read-only (sub-mounts of a
		// system directory are rare).
		if err := unix.Mount("", dst, "", unix.MS_REMOUNT|unix.MS_BIND|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV, ""); err != nil {
			return fmt.Errorf("read-only %s: %w", p, err)
		}
	}
	return nil
}

func dropCapabilities() error {
	last := unix.CAP_LAST_CAP
	if b, err := os.ReadFile("/proc/sys/kernel/cap_last_cap"); err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			last = n
		}
	}
	// Root keeps no capability across exec once the bounding and inheritable sets are empty;
	// the securebits say so explicitly (best effort: a user namespace may refuse them).
	unix.Prctl(unix.PR_SET_SECUREBITS, 0x2f, 0, 0, 0)
	for c := 0; c <= last; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && err != unix.EINVAL {
			return fmt.Errorf("dropping capability %d: %w", c, err)
		}
	}
	unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("dropping capabilities: %w", err)
	}
	return nil
}

// deniedSyscalls fail with EPERM inside the sandbox: a Lean process needs none of them, and
// each is a side door out of the namespaces or into the kernel. io_uring's three calls,
// because its IORING_OP_SOCKET makes a socket without socket(2), which then connects to a
// Unix socket the process can see; bpf, userfaultfd, perf_event_open (kernel attack surface),
// keyctl, add_key, request_key (the kernel keyrings are not namespaced), ptrace.
var deniedSyscalls = []uint32{
	unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER, unix.SYS_IO_URING_REGISTER,
	unix.SYS_BPF, unix.SYS_USERFAULTFD, unix.SYS_PERF_EVENT_OPEN,
	unix.SYS_KEYCTL, unix.SYS_ADD_KEY, unix.SYS_REQUEST_KEY, unix.SYS_PTRACE,
}

// denySockets installs a seccomp filter: socket(2) fails with EACCES, deniedSyscalls with
// EPERM, and system calls of a foreign ABI (32-bit int 0x80, x32) fail with ENOSYS, so they
// cannot reach socketcall or the 32-bit numbers of the calls above.
func denySockets() error {
	arch, ok := auditArch[runtime.GOARCH]
	if !ok {
		return nil // no filter on architectures we do not know; the network namespace remains
	}
	const (
		ld  = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jge = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
		ret = unix.BPF_RET | unix.BPF_K
	)
	prog := []unix.SockFilter{
		{Code: ld, K: 4}, // seccomp_data.arch
		{Code: jeq, Jt: 1, Jf: 0, K: arch},
		{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)},
		{Code: ld, K: 0}, // seccomp_data.nr
		{Code: jge, Jt: 0, Jf: 1, K: 0x40000000},
		{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)},
		{Code: jeq, Jt: 0, Jf: 1, K: uint32(unix.SYS_SOCKET)},
		{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.EACCES)},
	}
	for _, nr := range deniedSyscalls {
		prog = append(prog,
			unix.SockFilter{Code: jeq, Jt: 0, Jf: 1, K: nr},
			unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)})
	}
	prog = append(prog, unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ALLOW})
	fp := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&fp)), 0, 0); err != nil {
		return fmt.Errorf("seccomp: %w", err)
	}
	return nil
}

var auditArch = map[string]uint32{"amd64": unix.AUDIT_ARCH_X86_64, "arm64": unix.AUDIT_ARCH_AARCH64}
