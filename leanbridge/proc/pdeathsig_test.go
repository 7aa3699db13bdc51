package proc_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// parentChild is the "parent" child mode: leanprm as a worker with REPL children. It starts
// two children through proc.Start, the second from a goroutine locked to its OS thread that
// returns without unlocking, so the Go runtime ends that thread. The kernel sends Pdeathsig
// when the thread that forked a child exits: had the child been forked there, it would now be
// SIGKILLed while its parent lives. It prints "ok PID PID" when both children still run half
// a second later, else "died".
func parentChild() int {
	// Keep the main thread to this goroutine: the runtime never ends the main thread, so the
	// locked goroutine below must run on another.
	runtime.LockOSThread()
	start := func() (*proc.Process, error) {
		return proc.Start(context.Background(), []string{os.Args[0]}, proc.Options{Env: []string{envChild + "=sleep"}})
	}
	a, err := start()
	if err != nil {
		fmt.Println("died", err)
		return 2
	}
	var b *proc.Process
	done := make(chan error)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with this goroutine
		var err error
		b, err = start()
		done <- err
	}()
	if err := <-done; err != nil {
		fmt.Println("died", err)
		return 2
	}
	select {
	case <-a.Done():
		fmt.Println("died: the first child")
	case <-b.Done():
		fmt.Println("died: the child started from the locked thread")
	case <-time.After(500 * time.Millisecond):
		fmt.Println("ok", a.Pid(), b.Pid())
	}
	time.Sleep(time.Hour)
	return 0
}

// TestChildrenDieWithTheirParent: a process that leanprm's children live under (a worker and
// its REPLs) is SIGKILLed: the kernel SIGKILLs each child (Pdeathsig), so none outlives it
// (polled, with a generous bound). A child forked from a goroutine that locked its thread
// and returned is not killed early (on main, proc.Start forked on the caller's thread, and
// that child died with the thread while its parent ran).
func TestChildrenDieWithTheirParent(t *testing.T) {
	p, err := proc.Start(context.Background(), []string{os.Args[0]}, proc.Options{
		Env: []string{envChild + "=parent"}, PipeStdout: true, Grace: time.Second})
	require.NoError(t, err)
	defer p.ClosePipes()
	defer p.Stop(false)
	line, err := bufio.NewReader(p.Stdout()).ReadString('\n')
	require.NoError(t, err)
	f := strings.Fields(line)
	require.Equal(t, "ok", f[0], "the parent says: %s", line)
	require.Len(t, f, 3)
	var kids []int
	for _, s := range f[1:] {
		pid, err := strconv.Atoi(s)
		require.NoError(t, err)
		kids = append(kids, pid)
	}
	// SIGKILL the parent alone, not its group: the children are in groups of their own, and
	// nothing but the kernel's parent-death signal ends them.
	require.NoError(t, syscall.Kill(p.Pid(), syscall.SIGKILL))
	<-p.Done()
	require.Eventually(t, func() bool {
		for _, pid := range kids {
			if proc.GroupAlive(pid) {
				return false
			}
		}
		return true
	}, 10*time.Second, 5*time.Millisecond, "children %v outlived their parent", kids)
}
