package lsp

import "fmt"

// State is where a Client is in its life. The transitions:
//
//	starting → initializing → ready → shuttingDown → closed
//	    any of the first three → failed   (the server died, timed out, or broke the protocol)
//	failed → starting                     (the next call restarts the server)
//	failed → closed                       (Close)
type State int32

// The states.
const (
	StateStarting     State = iota // spawning the server process
	StateInitializing              // initialize sent, waiting for its answer
	StateReady                     // initialized sent; documents can be checked
	StateShuttingDown              // Close sent shutdown and exit
	StateClosed                    // Close finished; every call fails with ErrClosed
	StateFailed                    // the server ended unexpectedly; the next call restarts it
)

var stateNames = [...]string{"starting", "initializing", "ready", "shuttingDown", "closed", "failed"}

func (s State) String() string {
	if s >= 0 && int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("State(%d)", int32(s))
}
