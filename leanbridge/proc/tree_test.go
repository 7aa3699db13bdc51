package proc_test

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// statOf returns the state and process group of pid from /proc, ok false once it is gone.
func statOf(pid int) (state byte, pgrp int, ok bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, false
	}
	f := bytes.Fields(b[bytes.LastIndexByte(b, ')')+1:])
	pg, _ := strconv.Atoi(string(f[2]))
	return f[0][0], pg, true
}

// A grandchild that left the group with setsid is still ended by Stop (graceful or not):
// a signal to the group would miss it.
func TestStopEndsDescendantThatLeftTheGroup(t *testing.T) {
	for _, graceful := range []bool{true, false} {
		t.Run(fmt.Sprintf("graceful=%v", graceful), func(t *testing.T) {
			p := start(t.Context(), t, proc.Options{PipeStdout: true}, "setsid")
			gc, err := strconv.Atoi(readLine(t, p))
			require.NoError(t, err)
			state, pgrp, ok := statOf(gc)
			require.True(t, ok && state != 'Z', "the grandchild %d is not running", gc)
			require.NotEqual(t, p.Pid(), pgrp, "the grandchild %d did not leave the group", gc)
			t.Cleanup(func() { // on failure, do not leave it behind
				if state, _, ok := statOf(gc); ok && state != 'Z' {
					_ = syscallKill(gc)
				}
			})
			p.Stop(graceful)
			state, _, ok = statOf(gc)
			assert.False(t, ok && state != 'Z', "grandchild %d (own session) still running after Stop, state %c", gc, state)
		})
	}
}

func syscallKill(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}
