package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/hybrid/reward"
	"github.com/leanprm/leanprm/internal/dispatch"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// OpenRLHF's remote reward (/get_reward), one of the endpoints in other projects' wire formats
// (compat.go).

// RewardRequest is OpenRLHF's remote reward request (POST /get_reward): query is the prompt
// and the response as one text, labels the dataset's label column.
type RewardRequest struct {
	Query   []string `json:"query"`
	Prompts []string `json:"prompts"`
	// Labels are strings, or numbers (a data set's integer answer column) read as written.
	Labels []Label `json:"labels"`
}

// getReward scores each query. A label that reads as a Lean theorem statement makes the
// query a contest proof: its last ```lean block is verified against the label (reward 1
// verified, else 0; a response with no ```lean block proves nothing and earns 0). Otherwise
// the response is read as a chain of steps (as `check` reads text), any other non-blank label
// is its gold answer, and its reward is what reward.mode makes of the outcome and the chain
// score (reward.go; the chain score alone without a label; a response with no steps earns 0). Both are about the response: they are
// flagged in extra_logs.leanprm_unscorable, and a retry would give the same.
//
// An item whose scoring failed (rewardOutcomes) is never given a score: under
// serve.reward_on_error fail (the default) the request is answered 503 with Retry-After,
// else the item gets the operator's value with extra_logs.leanprm_item_error 1.
func (s *Server) getReward(w http.ResponseWriter, r *http.Request) {
	var req RewardRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
		return
	}
	if a, ok := s.payRewards(w, r, req); ok {
		writeRewards(w, a.rewards, a.logs, a.steps)
	}
}

// paidItems is what payRewards found for a request's items.
type paidItems struct {
	rewards []float64
	logs    map[string][]float64
	steps   [][]reward.StepWork
}

// payRewards scores and pays every item of req (getReward says how); it answers the request
// itself, and returns false, when the request fails as a whole. A request of a few items is
// paid with the others that arrive meanwhile, as one batch (rewardGroup).
func (s *Server) payRewards(w http.ResponseWriter, r *http.Request, req RewardRequest) (paidItems, bool) {
	if len(req.Query) > s.opts.MaxItems {
		s.fail(w, s.tooMany(len(req.Query))) // before any item is read
		return paidItems{}, false
	}
	n := len(req.Query)
	items := make([]rewardItem, n)
	for i, q := range req.Query {
		items[i] = rewardItem{prompt: at(req.Prompts, i), label: labelAt(req.Labels, i)}
		items[i].response = strings.TrimPrefix(q, items[i].prompt)
	}
	var refs []paidRef
	if n > 0 && n <= coalesceMaxTasks {
		refs = s.rewards.Do(r.Context(), items)
	} else {
		refs = s.payItems(r.Context(), items)
	}
	var b *paidBatch
	k0 := 0
	if n > 0 && refs[0].b != nil {
		b, k0 = refs[0].b, refs[0].k
	} else {
		b = newPaidBatch(n) // not run: the request's context ended
		for i, ref := range refs {
			b.failed[i] = ref.notRun
		}
	}
	if b.err != nil {
		s.fail(w, b.err)
		return paidItems{}, false
	}
	cut := func(col []float64) []float64 { return col[k0 : k0+n : k0+n] }
	failed := newFailures(n)
	for i := range n {
		if msg := b.failed[k0+i]; msg != "" {
			failed.add(i, msg)
		}
	}
	if s.refuse(w, failed) {
		return paidItems{}, false
	}
	rewards, verified, firstErr := cut(b.rewards), cut(b.verified), cut(b.firstErr)
	itemErr := make([]float64, n)
	for i, bad := range failed.of {
		if bad {
			rewards[i], itemErr[i], verified[i], firstErr[i] = s.opts.RewardOnError.Value, 1, 0, -1
		}
	}
	if failed.n > 0 {
		s.m.rewardFailures.WithLabelValues("fixed").Add(float64(failed.n))
	}
	logs := make(map[string][]float64, 16) // these four and outcomeLogs' nine, without growing
	logs["leanprm_item_error"] = itemErr
	logs["leanprm_unscorable"] = cut(b.unscorable)
	logs["leanprm_formal_verified"] = verified
	logs["leanprm_first_error"] = firstErr
	outcomes := b.outcomes.slice(k0, k0+n)
	outcomes.add(logs)
	return paidItems{rewards, logs, outcomes.steps}, true
}

// at is xs[i], or "" past its end.
func at(xs []string, i int) string {
	if i < len(xs) {
		return xs[i]
	}
	return ""
}

// rewardItem is one /get_reward item: its prompt, the response (the query without the
// prompt) and its label.
type rewardItem struct {
	prompt, response, label string
}

// paidBatch is what payItems found for a batch of items, column by column; failed says why
// an item's scoring failed ("" when it did not), err why the batch failed as a whole.
type paidBatch struct {
	rewards, verified, firstErr, unscorable []float64
	failed                                  []string
	outcomes                                *outcomeLogs
	err                                     error
}

func newPaidBatch(n int) *paidBatch {
	b := &paidBatch{rewards: make([]float64, n), verified: make([]float64, n), firstErr: make([]float64, n),
		unscorable: make([]float64, n), failed: make([]string, n), outcomes: newOutcomeLogs(n)}
	for i := range b.firstErr {
		b.firstErr[i] = -1
	}
	return b
}

// paidRef is an item's place in the batch that paid it (b nil: it was not run, notRun says
// why).
type paidRef struct {
	b      *paidBatch
	k      int
	notRun string
}

// payItems scores and pays items as one batch; every item's paidRef points into it.
func (s *Server) payItems(ctx context.Context, items []rewardItem) []paidRef {
	n := len(items)
	if n > 0 {
		s.m.rewardBatch.Observe(float64(n)) // a request with no items is no batch
	}
	b := newPaidBatch(n)
	refs := make([]paidRef, n)
	for i := range refs {
		refs[i] = paidRef{b: b, k: i}
	}
	tasks := make([]dispatch.Task, 0, n)
	index := make([]int, 0, n)
	sources := make([]chain.Chain, 0, n) // each task's chain (none for a proof)
	for i, it := range items {
		s.itemsRead.Add(1)
		var (
			t   dispatch.Task
			src chain.Chain
			err error
		)
		if st, perr := verify.ParseStatement(it.label); perr == nil && st != nil {
			proof, ok := lastLeanBlock(it.response)
			if !ok {
				b.unscorable[i] = 1 // no proof to verify: reward 0
				continue
			}
			t, err = task(dispatch.KindVerify, "", VerifyTask{ID: ItemID(strconv.Itoa(i)), Statement: it.label, Proof: proof})
		} else {
			c, cerr := responseChain(it.prompt, it.response)
			if cerr != nil {
				b.unscorable[i] = 1 // no steps to score: reward 0
				continue
			}
			c.ID, c.Gold = strconv.Itoa(i), goldLabel(it.label)
			t, err = task(dispatch.KindScore, "", ScoreTask{Chain: c})
			src = c
		}
		if err != nil {
			b.err = err
			return refs
		}
		tasks, index, sources = append(tasks, t), append(index, i), append(sources, src)
	}
	if len(tasks) == 0 {
		return refs
	}
	res, err := s.run(ctx, tasks, 0)
	if err != nil {
		b.err = err
		return refs
	}
	// Reading and paying an item (the grounding reads its text) runs on every CPU: each
	// item writes its own places only.
	msgs := make([]string, len(res))
	got := make([]rewardOutcomeOf, len(res))
	chains := make([]*report.CheckJSON, len(res))
	parallel(len(res), func(k int) {
		got[k], msgs[k] = rewardOutcome(tasks[k].Kind, res[k])
		if msgs[k] == "" {
			chains[k] = got[k].chain
		}
	})
	measured, err := s.scoreWithoutIdle(ctx, chains, sources)
	if err != nil {
		b.err = err
		return refs
	}
	parallel(len(res), func(k int) {
		i, o := index[k], got[k]
		if b.failed[i] = msgs[k]; msgs[k] != "" {
			return
		}
		if o.chain != nil {
			o.reward = b.outcomes.payItem(s, i, o.chain, items[i].response, measured[k])
		}
		b.rewards[i], b.verified[i], b.firstErr[i] = o.reward, o.verified, o.firstError
	})
	return refs
}

// rewardOutcomeOf is what one scored item gives /get_reward.
type rewardOutcomeOf struct {
	reward, verified, firstError float64
	// chain is a scored chain's answer, which getReward pays by reward.mode (reward.go).
	chain *report.CheckJSON
}

// rewardOutcome reads one item's result, or says why its scoring failed: the executor's
// error (a timeout, a crash, no worker), an answer that cannot be read, a proof whose checker
// gave no verdict (verify's error status), or a chain on which a formal checker failed
// (its scores rest on the learned side alone, so they are not the chain's score).
func rewardOutcome(kind dispatch.Kind, rr dispatch.Result) (rewardOutcomeOf, string) {
	if rr.Error != "" {
		return rewardOutcomeOf{}, rr.Error
	}
	switch kind {
	case dispatch.KindVerify:
		var v verify.Result
		if err := json.Unmarshal(rr.Payload, &v); err != nil {
			return rewardOutcomeOf{}, "the worker's answer could not be read"
		}
		switch v.Status {
		case verify.StatusVerified:
			return rewardOutcomeOf{reward: 1, verified: 1, firstError: -1}, ""
		case verify.StatusError, verify.StatusMalformed:
			why := "no reason given"
			if len(v.Reasons) > 0 {
				why = v.Reasons[0].String()
			}
			return rewardOutcomeOf{}, "no verdict on the proof: " + why
		}
		return rewardOutcomeOf{firstError: -1}, ""
	default:
		c, ok := checkJSONOf(rr)
		if !ok {
			return rewardOutcomeOf{}, "the worker's answer could not be read"
		}
		if c.CheckerFailed {
			return rewardOutcomeOf{}, "a formal checker failed: " + strings.Join(c.Warnings, "; ")
		}
		o := rewardOutcomeOf{reward: c.ChainScore, firstError: float64(c.Predicted), chain: &c}
		if len(c.Steps) > 0 && c.Has("verified") && !c.Has("refuted") {
			o.verified = 1
		}
		return o, ""
	}
}

// checkJSONOf is a scored chain's answer: the handler's own value when it ran in this process
// (dispatch.Result.Value), else its payload decoded.
func checkJSONOf(rr dispatch.Result) (report.CheckJSON, bool) {
	if c, ok := rr.Value.(report.CheckJSON); ok {
		return c, true
	}
	var c report.CheckJSON
	if err := json.Unmarshal(rr.Payload, &c); err != nil {
		return report.CheckJSON{}, false
	}
	return c, true
}

// writeRewards writes OpenRLHF's answer: rewards, scores (the same) and extra_logs, and,
// when steps is not nil, step_rewards (each item's dense rewards, null for an item that was
// not a scored chain). Rewards may be NaN (serve.reward_on_error nan), which encoding/json
// cannot write.
func writeRewards(w http.ResponseWriter, rewards []float64, extra map[string][]float64, steps [][]reward.StepWork) {
	n := 512 + 64*len(rewards)*(len(extra)+2)
	for _, it := range steps {
		n += 192 * len(it) // a step's object is about 80 to 190 bytes
	}
	b := make([]byte, 0, n)
	b = append(b, `{"rewards":`...)
	start := len(b)
	b = append(b, '[')
	for i, x := range rewards {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendReward(b, x)
	}
	b = append(b, ']')
	b = append(b, `,"scores":`...)
	b = append(b, b[start:len(b)-len(`,"scores":`)]...)
	b = append(b, `,"extra_logs":`...)
	b, err := appendColumns(b, extra)
	if err == nil && steps != nil {
		b, err = appendStepRewards(append(b, `,"step_rewards":`...), steps)
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "encoding the answer failed")
		return
	}
	b = append(b, '}', '\n')
	// With its length known the answer goes out in one piece, not chunked.
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// lastLeanBlock returns the body of the last ```lean (or lean4) block of text.
func lastLeanBlock(text string) (string, bool) {
	found, body := false, ""
	rest := text
	for {
		i := strings.Index(rest, "```lean")
		if i < 0 {
			return body, found
		}
		rest = rest[i+len("```lean"):]
		rest = strings.TrimPrefix(rest, "4")
		nl := strings.IndexByte(rest, '\n')
		if nl < 0 {
			return body, found
		}
		rest = rest[nl+1:]
		end := strings.Index(rest, "```")
		if end < 0 {
			return body, found
		}
		body, found = rest[:end], true
		rest = rest[end+3:]
	}
}

// responseChain reads a model's response as `check` reads text: steps at "Step N:" markers,
// list items or paragraphs, fenced ```lean blocks as Lean steps.
func responseChain(prompt, response string) (chain.Chain, error) {
	chains, _, err := chain.Decode(strings.NewReader(response), "response", chain.FormatText)
	if err != nil {
		return chain.Chain{}, err
	}
	var c chain.Chain
	prompted := strings.TrimSpace(prompt) != ""
	for _, ch := range chains {
		if c.Problem == "" {
			c.Problem = ch.Problem
		}
		if prompted && ch.Problem != "" {
			// The prompt holds the problem: the text the reader took for one (what comes
			// before a list's first item or the first "Step N:") is the response's own
			// reasoning, its paragraphs steps, not dropped.
			for _, p := range strings.Split(ch.Problem, "\n\n") {
				if p = strings.TrimSpace(p); p != "" {
					c.Steps = append(c.Steps, chain.Step{Text: p})
				}
			}
		}
		c.Steps = append(c.Steps, ch.Steps...)
	}
	if len(c.Steps) == 0 {
		return chain.Chain{}, fmt.Errorf("the response has no steps")
	}
	if strings.TrimSpace(prompt) != "" {
		c.Problem = prompt
	}
	for i := range c.Steps {
		c.Steps[i].Label = chain.Unlabeled
	}
	c.FirstError = chain.NoLabel
	return c, nil
}

// parallel runs fn(0) … fn(n-1) on up to GOMAXPROCS goroutines and waits for them.
func parallel(n int, fn func(k int)) {
	workers := min(n, runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for k := range n {
			fn(k)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := int(next.Add(1)) - 1; k < n; k = int(next.Add(1)) - 1 {
				fn(k)
			}
		})
	}
	wg.Wait()
}
