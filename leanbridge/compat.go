package leanbridge

import "github.com/leanprm/leanprm/leanbridge/repl"

// Forwarders for code not yet moved to leanbridge/repl (issue 11, phase 1); deleted in phase 3.
const (
	DefaultTactic         = repl.DefaultTactic
	DefaultRequestTimeout = repl.DefaultRequestTimeout
	DefaultStartTimeout   = repl.DefaultStartTimeout
	DefaultRecycleAfter   = repl.DefaultRecycleAfter
)
