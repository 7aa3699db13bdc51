package serve

import (
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"sync"
)

// The garbage collector's pace. By default (GOGC=100) Go collects when the heap has grown by
// the live heap's size; a server whose live heap is small (tens of MB: the model, caches not
// yet full) then collects every few hundred samples, and each collection scans every
// goroutine's stack: with 64 clients each sending one sample per request to an in-process
// server, 11-12 % of the CPU went to the collector (GODEBUG=gctrace=1, a 20 MB live heap). KeepHeapFloor lets the heap grow to a floor before
// a collection while the live heap is small; once the live heap is half the floor or more,
// the pace is Go's default again, so the floor bounds the memory this adds.

// maxGCPercent bounds the pace KeepHeapFloor sets (a live heap of a few MB would otherwise ask
// for a pace of thousands of percent).
const maxGCPercent = 1000

// gcPercentFor is the pace (GOGC) at which a heap of live bytes is collected when it reaches
// floor bytes, 100 at least and maxGCPercent at most.
func gcPercentFor(live, floor uint64) int {
	if live == 0 || floor <= 2*live {
		return 100
	}
	return int(min(floor*100/live-100, maxGCPercent))
}

// KeepHeapFloor sets the collector's pace after each collection so that the heap may reach
// floor bytes before the next one (gcPercentFor), until stop is called, which puts the pace
// back as it was. It is meant for the serving process, when GOGC was not set.
func KeepHeapFloor(floor uint64) (stop func()) {
	before := debug.SetGCPercent(100)
	debug.SetGCPercent(before)
	var mu sync.Mutex
	stopped := false
	sample := []rtmetrics.Sample{{Name: "/gc/heap/live:bytes"}}
	// tune sets the pace for the live heap now; it reports false once stop was called.
	tune := func() bool {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return false
		}
		rtmetrics.Read(sample)
		if sample[0].Value.Kind() == rtmetrics.KindUint64 {
			debug.SetGCPercent(gcPercentFor(sample[0].Value.Uint64(), floor))
		}
		return true
	}
	// A sentinel that becomes garbage at once: its finalizer runs after each collection
	// that found it, tunes the pace and arms the next one.
	type sentinel struct{ _ [16]byte }
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
			if tune() {
				arm()
			}
		})
	}
	tune()
	arm()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		if !stopped {
			stopped = true
			debug.SetGCPercent(before)
		}
	}
}
