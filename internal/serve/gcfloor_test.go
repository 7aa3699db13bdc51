package serve

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestGCPercentFor(t *testing.T) {
	assert.Equal(t, 100, gcPercentFor(0, 128<<20), "no live heap read yet: Go's default")
	assert.Equal(t, 100, gcPercentFor(64<<20, 128<<20), "a live heap of half the floor or more: Go's default")
	assert.Equal(t, 100, gcPercentFor(500<<20, 128<<20))
	assert.Equal(t, 300, gcPercentFor(32<<20, 128<<20), "32 MB live may grow to the 128 MB floor")
	assert.Equal(t, maxGCPercent, gcPercentFor(1<<20, 128<<20), "bounded")
}

// gcPercent is the collector's pace now.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// After a collection the pace lets the test process's small heap grow to the floor; stop puts
// Go's pace back.
func TestKeepHeapFloorPacesTheCollector(t *testing.T) {
	before := gcPercent()
	stop := KeepHeapFloor(1 << 40)
	deadline := time.Now().Add(10 * time.Second)
	for gcPercent() != maxGCPercent && time.Now().Before(deadline) {
		runtime.GC() // the sentinel's finalizer runs after a collection that found it
		time.Sleep(10 * time.Millisecond)
	}
	assert.Equal(t, maxGCPercent, gcPercent(), "a heap of a few MB and a floor of 1 TB: the bound")
	stop()
	assert.Equal(t, before, gcPercent())
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	assert.Equal(t, before, gcPercent(), "after stop, collections leave the pace alone")
}
