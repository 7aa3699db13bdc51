package serve

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/leanbridge/repl"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// ScoreTask is the payload of a dispatch.KindScore task: one chain, already complete (a prefix
// named by id has been resolved by the server). Its result payload is a report.CheckJSON.
type ScoreTask struct {
	Chain chain.Chain `json:"chain"`
	// From, when above 0, keeps only the steps from this index on in the answer (a request's
	// only_new_steps after a prefix); the prediction and chain score are still the whole
	// chain's, and each step keeps its index in the chain.
	From int `json:"from,omitempty"`
}

// VerifyTask is the payload of a dispatch.KindVerify task: one verify-proof row. Its result
// payload is a verify.Result.
type VerifyTask struct {
	ID        ItemID `json:"id"`
	Statement string `json:"statement"`
	Proof     string `json:"proof"`
	Header    string `json:"header,omitempty"`
}

// CheckTask is the payload of a dispatch.KindCheck task: one Kimina snippet. Its result
// payload is a CheckAnswer.
type CheckTask struct {
	ID       string `json:"id"`
	Code     string `json:"code"`
	InfoTree string `json:"infotree,omitempty"`
	// Fresh runs the snippet on a REPL process of its own, retired afterwards (Kimina's
	// reuse=false, /verify's disable_cache).
	Fresh bool `json:"fresh,omitempty"`
}

// CheckAnswer is a snippet's REPL response and the time it took, in seconds.
type CheckAnswer struct {
	Time     float64         `json:"time"`
	Response json.RawMessage `json:"response"`
}

// SnippetRunner runs one command on a header environment: the REPL pool. CommandFresh runs
// it on a process of its own that no later command uses (repl.Pool.CommandFresh).
type SnippetRunner interface {
	Command(ctx context.Context, header string, req repl.CommandRequest) (*repl.CommandResponse, error)
	CommandFresh(ctx context.Context, header string, req repl.CommandRequest) (*repl.CommandResponse, error)
}

// Parts are what NewHandler does its tasks with. A missing part answers the tasks that need it
// with a per-item error.
type Parts struct {
	// Scorer scores chains (KindScore); Threshold and Aggregate give the prediction and chain
	// score of the answer, as `check --json` does.
	Scorer    *hybrid.Scorer
	Threshold float64
	Aggregate hybrid.Aggregate
	// Verify checks contest proofs (KindVerify); a nil Runner checks statically only.
	Verify verify.Options
	// REPL runs snippets (KindCheck); nil when there is no Lean.
	REPL SnippetRunner
	// Modules are the modules a snippet may import (the served headers'); Init is always
	// allowed.
	Modules []string
	// AllowUnsafeLean lifts verify-proof's rules on snippets (CheckSnippet): only the imports
	// are still held to Modules. For a trusted network only.
	AllowUnsafeLean bool
	// Grader grades a scored chain's answer against its gold (the configuration's grade.*
	// keys, wire.Grader); nil grades by outcome's defaults.
	Grader *outcome.Grader
}

// Handler does one task of each kind with Parts. It is the dispatch.Handler of `leanprm
// serve` and of its NATS workers. Safe for concurrent use when the parts are.
type Handler struct {
	p Parts
}

var _ dispatch.Handler = (*Handler)(nil)

// NewHandler returns the handler of p.
func NewHandler(p Parts) *Handler {
	if p.Aggregate == "" {
		p.Aggregate = hybrid.AggMin
	}
	return &Handler{p: p}
}

// Handle implements dispatch.Handler. Every failure is the item's Result.Error.
func (h *Handler) Handle(ctx context.Context, t dispatch.Task) dispatch.Result {
	var (
		out      any
		err      error
		verdicts []dispatch.VerdictCount
	)
	switch t.Kind {
	case dispatch.KindScore:
		// In this process the server hands over the task it encoded (Task.Value), so a
		// long chain is not decoded again.
		st, ok := t.Value.(ScoreTask)
		if !ok {
			err = json.Unmarshal(t.Payload, &st)
		}
		if err == nil {
			var cj report.CheckJSON
			cj, err = h.score(ctx, st)
			for _, s := range cj.Steps {
				if s.Checker != "" {
					verdicts = dispatch.CountVerdict(verdicts, s.Checker, string(s.Verdict))
				}
			}
			out = cj
		}
	case dispatch.KindVerify:
		var vt VerifyTask
		if err = json.Unmarshal(t.Payload, &vt); err == nil {
			var r verify.Result
			r, err = h.verify(ctx, vt)
			verdicts = dispatch.CountVerdict(verdicts, cmp.Or(r.Checker, "static"), string(r.Status))
			out = r
		}
	case dispatch.KindCheck:
		var ct CheckTask
		if err = json.Unmarshal(t.Payload, &ct); err == nil {
			out, err = h.check(ctx, ct)
		}
	default:
		err = fmt.Errorf("unknown task kind %q", t.Kind)
	}
	if err != nil {
		return dispatch.Result{Error: err.Error()}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return dispatch.Result{Error: "encoding the answer: " + err.Error()}
	}
	// In this process the reader takes the answer as it is (Result.Value), not decoded again.
	return dispatch.Result{Payload: b, Verdicts: verdicts, ValidJSON: true, Value: out}
}

func (h *Handler) score(ctx context.Context, st ScoreTask) (report.CheckJSON, error) {
	if h.p.Scorer == nil {
		return report.CheckJSON{}, errors.New("scoring is not served here")
	}
	if len(st.Chain.Steps) == 0 {
		return report.CheckJSON{}, errors.New("the chain has no steps")
	}
	if st.From < 0 || st.From > len(st.Chain.Steps) {
		return report.CheckJSON{}, fmt.Errorf("from %d: the chain has %d steps", st.From, len(st.Chain.Steps))
	}
	r, err := h.p.Scorer.ScoreChain(ctx, st.Chain)
	if err != nil {
		if ctx.Err() != nil {
			return report.CheckJSON{}, fmt.Errorf("not finished: %w", ctx.Err())
		}
		return report.CheckJSON{}, err
	}
	out := report.NewCheckJSON(h.p.Grader, r, h.p.Threshold, h.p.Aggregate)
	out.Steps = out.Steps[st.From:]
	return out, nil
}

func (h *Handler) verify(ctx context.Context, vt VerifyTask) (verify.Result, error) {
	if strings.TrimSpace(vt.Statement) == "" || strings.TrimSpace(vt.Proof) == "" {
		return verify.Result{}, errors.New(`a row needs "statement" and "proof"`)
	}
	r := verify.CheckInput(ctx, verify.Input{ID: string(vt.ID), Statement: vt.Statement, Proof: vt.Proof, Header: vt.Header}, h.p.Verify)
	if ctx.Err() != nil && r.Status == verify.StatusError {
		return r, fmt.Errorf("not finished: %w", ctx.Err())
	}
	return r, nil
}

// SplitHeader splits a snippet as the Kimina Lean Server does: the header is the leading run
// of lines that are blank or start with "import ". It returns the header as canonical import
// lines (each module once, in order), the modules, and the body with the header's lines left
// blank, so that Lean's line numbers are those of the snippet as sent.
func SplitHeader(code string) (header string, modules []string, body string) {
	lines := strings.Split(code, "\n")
	n := 0
	for n < len(lines) {
		l := strings.TrimSpace(lines[n])
		if l != "" && !strings.HasPrefix(l, "import ") {
			break
		}
		for _, m := range strings.Fields(strings.TrimPrefix(l, "import ")) {
			if l != "" && !slices.Contains(modules, m) {
				modules = append(modules, m)
			}
		}
		n++
	}
	var hb strings.Builder
	for _, m := range modules {
		hb.WriteString("import " + m + "\n")
	}
	for i := range n {
		lines[i] = "" // blank, so the body keeps the snippet's line numbers
	}
	return strings.TrimSuffix(hb.String(), "\n"), modules, strings.Join(lines, "\n")
}

// EnvKey names a header's environment for routing (dispatch.Task.Env).
func EnvKey(header string) string {
	sum := sha256.Sum256([]byte(header))
	return hex.EncodeToString(sum[:8])
}

func (h *Handler) check(ctx context.Context, ct CheckTask) (CheckAnswer, error) {
	header, mods, body := SplitHeader(ct.Code)
	allowed := append(slices.Clone(h.p.Modules), "Init")
	for _, m := range mods {
		if !slices.Contains(allowed, m) {
			return CheckAnswer{}, fmt.Errorf("import %s: this server has environments for %v only", m, allowed)
		}
	}
	if !h.p.AllowUnsafeLean {
		if rs := verify.CheckSnippet(ct.Code, allowed); len(rs) > 0 {
			var why []string
			for _, r := range rs[:min(len(rs), 5)] {
				why = append(why, r.String())
			}
			return CheckAnswer{}, fmt.Errorf("rejected before Lean (the server's rules for untrusted code): %s", strings.Join(why, "; "))
		}
	}
	if h.p.REPL == nil {
		return CheckAnswer{}, errors.New("no Lean REPL is configured on this server")
	}
	run := h.p.REPL.Command
	if ct.Fresh {
		run = h.p.REPL.CommandFresh
	}
	start := time.Now()
	resp, err := run(ctx, header, repl.CommandRequest{Cmd: body, InfoTree: ct.InfoTree})
	took := time.Since(start)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, repl.ErrTimeout) {
			return CheckAnswer{}, fmt.Errorf("Lean REPL command timed out in %.0f seconds", took.Seconds())
		}
		return CheckAnswer{}, fmt.Errorf("Lean REPL failed: %w", err)
	}
	b, err := json.Marshal(resp)
	if err != nil {
		return CheckAnswer{}, err
	}
	return CheckAnswer{Time: took.Seconds(), Response: b}, nil
}
