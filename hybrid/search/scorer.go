package search

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// ScoreRequest asks for the scores of Steps appended to a chain: Problem, then Prefix (steps
// already scored; Handle names that scored prefix for a scorer that keeps chains, "" for none).
type ScoreRequest struct {
	Problem string
	Prefix  []string
	Handle  string
	Steps   []string
}

// ScoreReply holds the new steps' scores (one per ScoreRequest.Steps, in order) and the handle
// of the extended chain, or the error that stopped it.
type ScoreReply struct {
	Steps  []hybrid.ScoredStep
	Handle string
	Err    error
}

// Scorer scores the steps a search adds. The search sends each chain once, as its parent's
// chain plus the new steps; an implementation works on the new steps only (the in-process
// scorer through the translator's and the PRM's context caches, a `leanprm serve` through its
// prefix ids).
type Scorer interface {
	Score(ctx context.Context, reqs []ScoreRequest) []ScoreReply
}

// Local scores in this process with a hybrid.Scorer. Build that scorer with the incremental
// caches (serve.Build does) so that a chain that extends a scored one costs its new steps only.
type Local struct {
	Scorer *hybrid.Scorer
}

var _ Scorer = (*Local)(nil)

// Score implements Scorer.
func (l *Local) Score(ctx context.Context, reqs []ScoreRequest) []ScoreReply {
	chains := make([]chain.Chain, len(reqs))
	for i, r := range reqs {
		steps := make([]chain.Step, 0, len(r.Prefix)+len(r.Steps))
		for _, s := range r.Prefix {
			steps = append(steps, chain.Step{Text: s})
		}
		for _, s := range r.Steps {
			steps = append(steps, chain.Step{Text: s})
		}
		chains[i] = chain.Chain{ID: strconv.Itoa(i), Source: "search", Problem: r.Problem, Steps: steps, FirstError: chain.NoLabel}
	}
	out := make([]ScoreReply, len(reqs))
	res, err := l.Scorer.ScoreChains(ctx, chains)
	if len(res) != len(reqs) {
		for i := range out {
			out[i].Err = fmt.Errorf("scoring: %w", err)
		}
		return out
	}
	for i, r := range res {
		switch {
		case r.Err != "":
			out[i].Err = fmt.Errorf("scoring: %s", r.Err)
		case len(r.Steps) != len(chains[i].Steps):
			out[i].Err = fmt.Errorf("scoring: %d scores for %d steps", len(r.Steps), len(chains[i].Steps))
		default:
			out[i].Steps = r.Steps[len(reqs[i].Prefix):]
		}
	}
	return out
}

// Remote scores through a `leanprm serve` (POST /v1/score): each chain is sent as its parent's
// prefix_id plus the new steps with only_new_steps, so the server works on the new steps and
// answers them alone; a prefix the server no longer holds is sent again whole.
type Remote struct {
	// URL of the server, such as "http://127.0.0.1:8080".
	URL string
	// Token is the bearer token, when the server wants one.
	Token string
	// Timeout bounds each request; 0 means 120 s.
	Timeout    time.Duration
	HTTPClient *http.Client
}

var _ Scorer = (*Remote)(nil)

type remoteChain struct {
	ID           string   `json:"id"`
	Problem      string   `json:"problem,omitempty"`
	Steps        []string `json:"steps"`
	Prefix       string   `json:"prefix,omitempty"`
	OnlyNewSteps bool     `json:"only_new_steps,omitempty"`
}

type remoteAnswer struct {
	Chains []struct {
		ID       string              `json:"id"`
		Steps    []hybrid.ScoredStep `json:"steps"`
		PrefixID string              `json:"prefix_id"`
		Error    string              `json:"error"`
	} `json:"chains"`
}

// Score implements Scorer.
func (r *Remote) Score(ctx context.Context, reqs []ScoreRequest) []ScoreReply {
	out := make([]ScoreReply, len(reqs))
	chains := make([]remoteChain, len(reqs))
	for i, q := range reqs {
		chains[i] = remoteChain{ID: strconv.Itoa(i), Problem: q.Problem, Steps: q.Steps, Prefix: q.Handle, OnlyNewSteps: true}
		if q.Handle == "" {
			chains[i].Steps = append(append([]string(nil), q.Prefix...), q.Steps...)
		}
	}
	ans, err := r.post(ctx, chains)
	var again []int
	for i := range reqs {
		if err != nil {
			out[i].Err = err
			continue
		}
		a, ok := ans[strconv.Itoa(i)]
		switch {
		case !ok:
			out[i].Err = fmt.Errorf("scoring server: no answer for chain %d", i)
		case a.Error != "" && reqs[i].Handle != "" && strings.Contains(a.Error, "prefix"):
			again = append(again, i) // an expired prefix: send the chain whole
		case a.Error != "":
			out[i].Err = fmt.Errorf("scoring server: %s", a.Error)
		default:
			out[i] = r.reply(reqs[i], a.Steps, a.PrefixID)
		}
	}
	if len(again) > 0 {
		whole := make([]remoteChain, len(again))
		for j, i := range again {
			q := reqs[i]
			whole[j] = remoteChain{ID: strconv.Itoa(i), Problem: q.Problem, Steps: append(append([]string(nil), q.Prefix...), q.Steps...), OnlyNewSteps: true}
		}
		ans, err := r.post(ctx, whole)
		for _, i := range again {
			a, ok := ans[strconv.Itoa(i)]
			switch {
			case err != nil:
				out[i].Err = err
			case !ok || a.Error != "":
				out[i].Err = fmt.Errorf("scoring server: %s", a.Error)
			default:
				out[i] = r.reply(reqs[i], a.Steps, a.PrefixID)
			}
		}
	}
	return out
}

func (r *Remote) reply(q ScoreRequest, steps []hybrid.ScoredStep, id string) ScoreReply {
	// Without a prefix the server answers every step (only_new_steps has no prefix to cut).
	if len(steps) > len(q.Steps) {
		steps = steps[len(steps)-len(q.Steps):]
	}
	if len(steps) != len(q.Steps) {
		return ScoreReply{Err: fmt.Errorf("scoring server: %d scores for %d new steps", len(steps), len(q.Steps))}
	}
	return ScoreReply{Steps: steps, Handle: id}
}

type remoteEntry = struct {
	ID       string              `json:"id"`
	Steps    []hybrid.ScoredStep `json:"steps"`
	PrefixID string              `json:"prefix_id"`
	Error    string              `json:"error"`
}

func (r *Remote) post(ctx context.Context, chains []remoteChain) (map[string]remoteEntry, error) {
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = 120 * time.Second
	}
	hc := r.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	body, _ := json.Marshal(map[string]any{"chains": chains, "timeout": timeout.Seconds()})
	cctx, cancel := context.WithTimeout(ctx, timeout+5*time.Second)
	defer cancel()
	u := strings.TrimRight(r.URL, "/") + "/v1/score"
	req, err := http.NewRequestWithContext(cctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("scoring server %s: %v", u, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	resp, err := hc.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("scoring server %s: %v", u, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return nil, fmt.Errorf("scoring server %s: %v", u, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("scoring server %s: HTTP %d: %.200s", u, resp.StatusCode, data)
	}
	var ans remoteAnswer
	if err := json.Unmarshal(data, &ans); err != nil {
		return nil, fmt.Errorf("scoring server %s: the answer is not /v1/score's JSON", u)
	}
	m := make(map[string]remoteEntry, len(ans.Chains))
	for _, c := range ans.Chains {
		m[c.ID] = remoteEntry(c)
	}
	return m, nil
}
