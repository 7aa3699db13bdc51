package replsim

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/leanprm/leanprm/internal/leansim/syntax"
	"github.com/leanprm/leanprm/internal/leansim/tactic"
)

// FaultKind is a misbehaviour the simulator can inject in place of a normal reply.
type FaultKind uint8

// The faults. Each affects one request; crash, partial and hang end the conversation.
const (
	// FaultLatency delays the reply by Options.FaultLatency.
	FaultLatency FaultKind = iota + 1
	// FaultCrash kills the process like a Lean runtime failure: "uncaught exception" on
	// stderr (exit 1), half a reply then a stack overflow report (exit 134), or a
	// segmentation-fault report (exit 139). The variant is drawn from the seeded generator.
	FaultCrash
	// FaultHang stops answering without exiting or reading further, until interrupted.
	FaultHang
	// FaultGarbage writes non-JSON bytes (ending in an empty line) instead of the reply; the
	// process carries on.
	FaultGarbage
	// FaultPartial writes the first half of the reply, then exits with status 0.
	FaultPartial
	// FaultHuge sends the valid reply padded to Options.HugeSize bytes or more: an extra info
	// message (command and tactic replies) or an extra "simulatorPadding" field (error
	// replies).
	FaultHuge
)

var faultNames = map[FaultKind]string{
	FaultLatency: "latency", FaultCrash: "crash", FaultHang: "hang",
	FaultGarbage: "garbage", FaultPartial: "partial", FaultHuge: "huge",
}

func (k FaultKind) String() string {
	if n, ok := faultNames[k]; ok {
		return n
	}
	return fmt.Sprintf("FaultKind(%d)", k)
}

// AllFaults lists every fault kind, in a fixed order.
var AllFaults = []FaultKind{FaultCrash, FaultHang, FaultGarbage, FaultPartial, FaultHuge, FaultLatency}

// ParseFaultKinds parses a comma-separated list such as "crash,hang,garbage".
func ParseFaultKinds(s string) ([]FaultKind, error) {
	var out []FaultKind
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		found := false
		for k, n := range faultNames {
			if n == part {
				out = append(out, k)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown fault %q (known: crash, hang, garbage, partial, huge, latency)", part)
		}
	}
	return out, nil
}

// ScheduledFault injects Kind into the request answered after After replies (After 0: the
// first request).
type ScheduledFault struct {
	After int
	Kind  FaultKind
}

// Defaults for the fault options.
const (
	DefaultHugeSize     = 4 << 20
	DefaultFaultLatency = 100 * time.Millisecond
)

// faultPlan decides, deterministically from the options and the seed, which fault (if any)
// each request gets.
type faultPlan struct {
	opts  Options
	kinds []FaultKind
	rng   *rand.Rand
}

func newFaultPlan(opts Options) *faultPlan {
	kinds := opts.FaultKinds
	if len(kinds) == 0 {
		kinds = AllFaults
	}
	return &faultPlan{opts: opts, kinds: kinds, rng: rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x5eed1ea9))}
}

// next returns the fault for the request that follows `replies` replies, or 0. It draws the
// same amount of randomness for every request, so a seed always gives the same schedule.
func (f *faultPlan) next(replies int) FaultKind {
	p, pick := f.rng.Float64(), f.rng.IntN(len(f.kinds))
	for _, s := range f.opts.Faults {
		if s.After == replies {
			return s.Kind
		}
	}
	if p < f.opts.FaultRate {
		return f.kinds[pick]
	}
	return 0
}

// garbage is what FaultGarbage writes: control bytes, invalid UTF-8 and an unbalanced JSON
// fragment, then the empty line that ends a reply.
const garbage = "\x00\x1b[31mleanprm-simulator injected garbage\xff\xfe {\"env\": [\x07\n\n"

// hugeReply pads a reply to at least size bytes while keeping it a valid reply.
func hugeReply(reply Value, size int) Value {
	pad := strings.Repeat("leanprm-simulator padding (injected huge reply) ", size/48+1)
	if _, ok := reply.Get("message"); ok && reply.Len() == 1 {
		return reply.Set("simulatorPadding", Str(pad))
	}
	pos := syntax.Pos{Line: 1}
	if _, ok := reply.Get("proofStatus"); ok {
		pos = syntax.Pos{}
	}
	var msgs []Value
	if m, ok := reply.Get("messages"); ok {
		for i := 0; i < m.Len(); i++ {
			msgs = append(msgs, m.Index(i))
		}
	}
	msgs = append(msgs, messageJSON(tactic.Message{Severity: "info", Pos: pos, End: &pos, Data: pad}))
	return reply.Set("messages", Arr(msgs...))
}
