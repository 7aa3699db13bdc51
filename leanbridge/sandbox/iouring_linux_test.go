package sandbox

import (
	"fmt"
	"sync/atomic"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A minimal io_uring client for the side-door test: io_uring_setup, the three ring mappings
// of the kernel's ABI (include/uapi/linux/io_uring.h), and one IORING_OP_SOCKET submission.
// A socket made this way never goes through socket(2), which the seccomp filter refuses.

// ioUringParams is struct io_uring_params (120 bytes).
type ioUringParams struct {
	sqEntries, cqEntries, flags, sqThreadCPU, sqThreadIdle, features, wqFd uint32
	resv                                                                   [3]uint32
	sqOff                                                                  [10]uint32 // head, tail, ring_mask, ring_entries, flags, dropped, array, resv1, user_addr (u64)
	cqOff                                                                  [10]uint32 // head, tail, ring_mask, ring_entries, overflow, cqes, flags, resv1, user_addr (u64)
}

const (
	ioringOffSQRing   = 0
	ioringOffCQRing   = 0x8000000
	ioringOffSQEs     = 0x10000000
	ioringOpSocket    = 45 // IORING_OP_SOCKET, Linux 5.19
	ioringEnterGetEvt = 1
)

// ioUringSetup is io_uring_setup(entries, params); it returns the ring's fd.
func ioUringSetup(entries uint32, p *ioUringParams) (int, error) {
	fd, _, errno := unix.Syscall(unix.SYS_IO_URING_SETUP, uintptr(entries), uintptr(unsafe.Pointer(p)), 0)
	if errno != 0 {
		return -1, errno
	}
	return int(fd), nil
}

// ioUringSocket makes a socket(domain, typ, 0) through io_uring and returns its fd.
func ioUringSocket(domain, typ int) (int, error) {
	var p ioUringParams
	fd, err := ioUringSetup(4, &p)
	if err != nil {
		return -1, fmt.Errorf("io_uring_setup: %w", err)
	}
	defer unix.Close(fd)
	sq, err := unix.Mmap(fd, ioringOffSQRing, int(p.sqOff[6]+p.sqEntries*4), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_POPULATE)
	if err != nil {
		return -1, fmt.Errorf("mmap sq ring: %w", err)
	}
	defer unix.Munmap(sq)
	cq, err := unix.Mmap(fd, ioringOffCQRing, int(p.cqOff[5]+p.cqEntries*16), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_POPULATE)
	if err != nil {
		return -1, fmt.Errorf("mmap cq ring: %w", err)
	}
	defer unix.Munmap(cq)
	sqes, err := unix.Mmap(fd, ioringOffSQEs, int(p.sqEntries*64), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_POPULATE)
	if err != nil {
		return -1, fmt.Errorf("mmap sqes: %w", err)
	}
	defer unix.Munmap(sqes)
	u32 := func(b []byte, off uint32) *uint32 { return (*uint32)(unsafe.Pointer(&b[off])) }
	tail := atomic.LoadUint32(u32(sq, p.sqOff[1]))
	idx := tail & *u32(sq, p.sqOff[2])
	sqe := sqes[idx*64 : idx*64+64]
	clear(sqe)
	sqe[0] = ioringOpSocket
	*(*int32)(unsafe.Pointer(&sqe[4])) = int32(domain) // fd: the domain
	*(*uint64)(unsafe.Pointer(&sqe[8])) = uint64(typ)  // off: the type
	*(*uint64)(unsafe.Pointer(&sqe[32])) = 7           // user_data
	*u32(sq, p.sqOff[6]+idx*4) = idx
	atomic.StoreUint32(u32(sq, p.sqOff[1]), tail+1)
	if _, _, errno := unix.Syscall6(unix.SYS_IO_URING_ENTER, uintptr(fd), 1, 1, ioringEnterGetEvt, 0, 0); errno != 0 {
		return -1, fmt.Errorf("io_uring_enter: %w", errno)
	}
	head := atomic.LoadUint32(u32(cq, p.cqOff[0]))
	if head == atomic.LoadUint32(u32(cq, p.cqOff[1])) {
		return -1, fmt.Errorf("io_uring: no completion")
	}
	cqe := cq[p.cqOff[5]+(head&*u32(cq, p.cqOff[2]))*16:]
	res := *(*int32)(unsafe.Pointer(&cqe[8]))
	atomic.StoreUint32(u32(cq, p.cqOff[0]), head+1)
	if res < 0 {
		return -1, fmt.Errorf("IORING_OP_SOCKET: %w", unix.Errno(-res))
	}
	return int(res), nil
}

// unixConnectViaIOUring connects to the Unix socket at path with a socket io_uring made,
// writes msg and returns what the peer answers.
func unixConnectViaIOUring(path, msg string) (string, error) {
	s, err := ioUringSocket(unix.AF_UNIX, unix.SOCK_STREAM)
	if err != nil {
		return "", err
	}
	defer unix.Close(s)
	if err := unix.Connect(s, &unix.SockaddrUnix{Name: path}); err != nil {
		return "", fmt.Errorf("connect: %w", err)
	}
	if _, err := unix.Write(s, []byte(msg)); err != nil {
		return "", fmt.Errorf("write: %w", err)
	}
	buf := make([]byte, 64)
	n, err := unix.Read(s, buf)
	if err != nil {
		return "", fmt.Errorf("read: %w", err)
	}
	return string(buf[:n]), nil
}
