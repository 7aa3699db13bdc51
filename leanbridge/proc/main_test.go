package proc_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// The test binary doubles as the children these tests run (gopls cmd/integration_test.go):
// with envChild set, TestMain runs the child named by its value instead of the tests.
const envChild = "LEANPRM_PROC_TEST_CHILD"

func TestMain(m *testing.M) {
	if mode := os.Getenv(envChild); mode != "" {
		os.Exit(child(mode, os.Args[1:]))
	}
	goleak.VerifyTestMain(m, goleak.IgnoreAnyFunction(proc.Forker)) // proc's forking thread lives on
}

// child is a simulated child process. The modes:
//
//	exit CODE OUT ERR   write OUT to stdout and ERR to stderr, exit with CODE
//	sleep               sleep (SIGINT ends it, as it would any program)
//	stubborn            ignore SIGINT, say "ready", sleep
//	cat                 ignore SIGINT, say "ready", exit 0 at EOF on stdin
//	spawn [exit]        start a "sleep" grandchild in the same group, print its pid, then
//	                    exit 0 with "exit" or sleep without
//	spew N              write N bytes of 'x' and then "END" to stderr, exit 0
//	setsid              start a "sleep" grandchild in a session (and group) of its own,
//	                    print its pid, sleep
//	parent              start two "sleep" children through proc.Start, one from a goroutine
//	                    locked to its thread that then returns; print "ok PID PID" if both
//	                    outlive that thread, else "died"; sleep (see parentChild)
func child(mode string, args []string) int {
	switch mode {
	case "setsid":
		gc := exec.Command(os.Args[0])
		gc.Env = append(os.Environ(), envChild+"=sleep")
		gc.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := gc.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		fmt.Println(gc.Process.Pid)
		time.Sleep(time.Hour)
	case "exit":
		code, _ := strconv.Atoi(args[0])
		fmt.Fprint(os.Stdout, args[1])
		fmt.Fprint(os.Stderr, args[2])
		return code
	case "sleep":
		time.Sleep(time.Hour)
	case "stubborn":
		signal.Ignore(syscall.SIGINT)
		fmt.Println("ready")
		time.Sleep(time.Hour)
	case "cat":
		signal.Ignore(syscall.SIGINT)
		fmt.Println("ready")
		io.Copy(io.Discard, os.Stdin)
		return 0
	case "spawn":
		gc := exec.Command(os.Args[0])
		gc.Env = append(os.Environ(), envChild+"=sleep")
		gc.Stdout = os.Stdout // it holds the pipe open, as the REPL under lake does
		if err := gc.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		fmt.Println(gc.Process.Pid)
		if len(args) > 0 && args[0] == "exit" {
			return 0
		}
		time.Sleep(time.Hour)
	case "parent":
		return parentChild()
	case "spew":
		n, _ := strconv.Atoi(args[0])
		w := bufio.NewWriter(os.Stderr)
		w.WriteString(strings.Repeat("x", n))
		w.WriteString("END")
		w.Flush()
		return 0
	default:
		fmt.Fprintf(os.Stderr, "unknown child mode %q\n", mode)
		return 2
	}
	return 0
}
