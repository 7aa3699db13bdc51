package proc

import (
	"os/exec"
	"runtime"
	"sync"
	"syscall"
)

// The kernel sends a child its parent-death signal (Pdeathsig) when the *thread* that forked
// it exits, not the process (prctl(2), PR_SET_PDEATHSIG). The Go runtime ends a thread when a
// goroutine locked to it (runtime.LockOSThread) returns without unlocking, and any goroutine
// may lock the thread a child was forked from: that child would be SIGKILLed while leanprm
// still runs. Every child is therefore forked by one goroutine locked to its thread for the
// life of the process, so that each child's Pdeathsig fires only when the process ends.
//
// The forker sleeps in read(2) on a pipe of its own between requests: a thread that exists
// only to fork may as well wait in the kernel. Tests' leak checks leave it out (Forker).

type forkRequest struct {
	cmd  *exec.Cmd
	done chan error
}

var forker struct {
	once sync.Once
	err  error // the pipe could not be made: fork where we stand
	reqs chan forkRequest
	wake int // write end of the forker's pipe
	mu   sync.Mutex
}

// Forker names the forking goroutine's function, for leak checks to leave it out: it runs as
// long as the process, by design (goleak.IgnoreAnyFunction(proc.Forker)).
const Forker = "github.com/leanprm/leanprm/leanbridge/proc.forkLoop"

// forkLoop is the forking goroutine: it starts each requested command, woken by a byte on
// the pipe rfd.
func forkLoop(rfd int) {
	runtime.LockOSThread() // never unlocked: this thread lives as long as the process
	var b [1]byte
	for {
		if n, err := syscall.Read(rfd, b[:]); n != 1 {
			if err == syscall.EINTR {
				continue
			}
			panic("proc: the forker's pipe failed: " + err.Error())
		}
		r := <-forker.reqs
		r.done <- r.cmd.Start()
	}
}

// startCmd runs cmd.Start on the forking thread.
func startCmd(cmd *exec.Cmd) error {
	forker.once.Do(func() {
		var fds [2]int
		if forker.err = syscall.Pipe2(fds[:], syscall.O_CLOEXEC); forker.err != nil {
			return
		}
		forker.reqs, forker.wake = make(chan forkRequest, 1), fds[1]
		go forkLoop(fds[0])
	})
	if forker.err != nil {
		return cmd.Start()
	}
	forker.mu.Lock() // one request in the pipe at a time
	defer forker.mu.Unlock()
	r := forkRequest{cmd: cmd, done: make(chan error, 1)}
	forker.reqs <- r
	for {
		if _, err := syscall.Write(forker.wake, []byte{1}); err != syscall.EINTR {
			break
		}
	}
	return <-r.done
}
