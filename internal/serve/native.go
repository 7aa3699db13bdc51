package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/internal/dispatch"
)

// ScoreRequest is the body of POST /v1/score.
type ScoreRequest struct {
	Chains []ChainIn `json:"chains"`
	// Timeout is the request's deadline in seconds (0: the server's).
	Timeout float64 `json:"timeout,omitempty"`
}

// ChainIn is one chain to score. Prefix, when set, is a prefix_id the server returned: the
// chain is that chain's steps followed by Steps, and only what the new steps add is worked on
// (formal obligations already checked are taken from the cache). OnlyNewSteps asks for an
// answer with only the steps past the prefix (each with its index in the whole chain); the
// chain-level fields (predicted first error, chain score, prefix_id) are still the whole
// chain's. Without a prefix every step is new.
type ChainIn struct {
	ID           ItemID   `json:"id"`
	Problem      string   `json:"problem"`
	Steps        []StepIn `json:"steps"`
	Prefix       string   `json:"prefix,omitempty"`
	OnlyNewSteps bool     `json:"only_new_steps,omitempty"`
	// Gold is the problem's ground-truth final answer, if known: the answer gets an outcome
	// and the chain its reward under reward.mode.
	Gold string `json:"gold,omitempty"`
}

// StepIn is a step: a string (a fenced ```lean block is a Lean step) or {"text", "formal"}.
type StepIn chain.Step

// UnmarshalJSON implements json.Unmarshaler.
func (s *StepIn) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var text string
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
		*s = StepIn(stepFromText(text))
		return nil
	}
	var st struct {
		Text   *string `json:"text"`
		Formal bool    `json:"formal"`
	}
	if len(b) == 0 || b[0] != '{' {
		return fmt.Errorf("a step is a string or {\"text\": …, \"formal\": …}, not %.20s", b)
	}
	if err := json.Unmarshal(b, &st); err != nil {
		return err
	}
	if st.Text == nil {
		return fmt.Errorf(`a step object needs "text"`)
	}
	*s = StepIn{Text: *st.Text, Formal: st.Formal}
	if !st.Formal {
		*s = StepIn(stepFromText(*st.Text))
	}
	return nil
}

// stepFromText reads a step that is one fenced ```lean (or lean4) block as a Lean step.
func stepFromText(text string) chain.Step {
	t := strings.TrimSpace(text)
	for _, fence := range []string{"```lean4\n", "```lean\n"} {
		if rest, ok := strings.CutPrefix(t, fence); ok {
			if inner, ok := strings.CutSuffix(rest, "```"); ok && !strings.Contains(inner, "```") {
				return chain.Step{Text: strings.TrimSuffix(inner, "\n"), Formal: true}
			}
		}
	}
	return chain.Step{Text: text}
}

// prefixEntry is a scored chain kept for incremental scoring.
type prefixEntry struct {
	problem string
	steps   []chain.Step
	// sum is PrefixID's hash of problem and steps, never written again: a chain that
	// extends this one hashes its new steps into a clone.
	sum hash.Cloner
}

// PrefixID names a chain's content: its problem and steps.
func PrefixID(problem string, steps []chain.Step) string {
	return prefixID(hashSteps(prefixHash(problem), steps))
}

// prefixHash is PrefixID's hash of a chain's problem, to which hashSteps adds its steps.
func prefixHash(problem string) hash.Cloner {
	h := sha256.New().(hash.Cloner) // crypto/sha256's digest clones itself
	fmt.Fprintf(h, "%d:%s", len(problem), problem)
	return h
}

func hashSteps(h hash.Cloner, steps []chain.Step) hash.Cloner {
	var buf []byte
	for _, s := range steps {
		buf = append(buf[:0], '|')
		buf = strconv.AppendBool(buf, s.Formal)
		buf = append(buf, ':')
		buf = strconv.AppendInt(buf, int64(len(s.Text)), 10)
		buf = append(buf, ':')
		h.Write(buf)
		io.WriteString(h, s.Text)
	}
	return h
}

func prefixID(h hash.Hash) string { return "p-" + hex.EncodeToString(h.Sum(nil)[:16]) }

// scoreItem is one chain of the /v1/score answer: the scored chain as `check --json` writes
// it plus prefix_id, or id and error.
func (s *Server) score(w http.ResponseWriter, r *http.Request) {
	var req ScoreRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
		return
	}
	if req.Chains == nil {
		s.fail(w, badRequest(`want {"chains": [{"id", "problem", "steps": [...]}]}`))
		return
	}
	if len(req.Chains) > s.opts.MaxItems {
		s.fail(w, s.tooMany(len(req.Chains))) // before any chain is hashed or kept
		return
	}
	timeout, err := seconds(req.Timeout)
	if err != nil {
		s.fail(w, err)
		return
	}
	out := make([]json.RawMessage, len(req.Chains))
	var (
		tasks []dispatch.Task
		index []int // tasks[k] answers chain index[k]
		ids   []string
	)
	for i, c := range req.Chains {
		id := string(c.ID)
		if id == "" {
			id = strconv.Itoa(i)
		}
		var (
			steps = make([]chain.Step, 0, len(c.Steps))
			sum   hash.Cloner
		)
		problem := c.Problem
		if c.Prefix != "" {
			p, ok := s.prefixes.Get(c.Prefix)
			if !ok {
				out[i] = itemError(id, fmt.Sprintf("unknown prefix %q: it expired or this server never returned it; send the whole chain", c.Prefix))
				continue
			}
			if problem != "" && problem != p.problem {
				out[i] = itemError(id, fmt.Sprintf("the problem differs from prefix %q's", c.Prefix))
				continue
			}
			problem = p.problem
			steps = append(make([]chain.Step, 0, len(p.steps)+len(c.Steps)), p.steps...)
			var err error
			if sum, err = p.sum.Clone(); err != nil {
				out[i] = itemError(id, "continuing prefix "+strconv.Quote(c.Prefix)+": "+err.Error())
				continue
			}
		}
		from := 0
		if c.OnlyNewSteps {
			from = len(steps)
		}
		for _, st := range c.Steps {
			steps = append(steps, chain.Step(st))
		}
		if sum == nil {
			sum = prefixHash(problem)
		}
		// The prefix's steps are in sum already: only the new ones are hashed.
		sum = hashSteps(sum, steps[len(steps)-len(c.Steps):])
		t, err := task(dispatch.KindScore, "", ScoreTask{Chain: chain.Chain{ID: id, Problem: problem, Steps: steps, FirstError: chain.NoLabel, Gold: c.Gold}, From: from})
		if err != nil {
			s.fail(w, err)
			return
		}
		tasks, index, ids = append(tasks, t), append(index, i), append(ids, prefixID(sum))
		s.keep(ids[len(ids)-1], problem, steps, sum)
	}
	res, err := s.run(r.Context(), tasks, timeout)
	if err != nil {
		s.fail(w, err)
		return
	}
	for k, rr := range res {
		i := index[k]
		if rr.Error != "" {
			out[i] = itemError(string(req.Chains[i].ID), rr.Error)
			continue
		}
		out[i] = withField(s.withReward(rr.Payload), "prefix_id", ids[k])
	}
	writeItems(w, "chains", out)
}

// keep remembers a chain for incremental scoring.
func (s *Server) keep(id, problem string, steps []chain.Step, sum hash.Cloner) {
	cost := int64(len(problem) + 64)
	for _, st := range steps {
		cost += int64(len(st.Text) + 32)
	}
	s.prefixes.Put(id, prefixEntry{problem: problem, steps: steps, sum: sum}, cost)
}

// itemError is one item's error answer.
func itemError(id, msg string) json.RawMessage {
	b, _ := json.Marshal(map[string]string{"id": id, "error": msg})
	return b
}

// withField adds "key": value in front of the fields of the JSON object obj.
func withField(obj json.RawMessage, key, value string) json.RawMessage {
	k, _ := json.Marshal(key)
	v, _ := json.Marshal(value)
	obj = bytes.TrimSpace(obj)
	if len(obj) < 2 || obj[0] != '{' {
		return obj
	}
	out := make([]byte, 0, len(obj)+len(k)+len(v)+2)
	out = append(out, '{')
	out = append(out, k...)
	out = append(out, ':')
	out = append(out, v...)
	if rest := bytes.TrimSpace(obj[1:]); len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	return append(out, obj[1:]...)
}

// VerifyRequest is the body of POST /v1/verify: verify-proof's rows.
type VerifyRequest struct {
	Proofs  []VerifyTask `json:"proofs"`
	Timeout float64      `json:"timeout,omitempty"`
}

func (s *Server) verifyProofs(w http.ResponseWriter, r *http.Request) {
	var req VerifyRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, err)
		return
	}
	if req.Proofs == nil {
		s.fail(w, badRequest(`want {"proofs": [{"id", "statement", "proof", "header"?}]}`))
		return
	}
	if len(req.Proofs) > s.opts.MaxItems {
		s.fail(w, s.tooMany(len(req.Proofs)))
		return
	}
	timeout, err := seconds(req.Timeout)
	if err != nil {
		s.fail(w, err)
		return
	}
	tasks := make([]dispatch.Task, len(req.Proofs))
	for i, p := range req.Proofs {
		if p.ID == "" {
			p.ID = ItemID(strconv.Itoa(i))
		}
		if tasks[i], err = task(dispatch.KindVerify, EnvKey(p.Header), p); err != nil {
			s.fail(w, err)
			return
		}
	}
	res, err := s.run(r.Context(), tasks, timeout)
	if err != nil {
		s.fail(w, err)
		return
	}
	out := make([]json.RawMessage, len(res))
	for i, rr := range res {
		if rr.Error != "" {
			b, _ := json.Marshal(map[string]string{"id": string(req.Proofs[i].ID), "status": "error", "error": rr.Error})
			out[i] = b
			continue
		}
		out[i] = rr.Payload
	}
	writeItems(w, "results", out)
}
