package serve

// The outcome side of the rewards: a label or gold answer graded against the response's final
// answer (hybrid/reward), paid under reward.mode, and reported per item in extra_logs.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/hybrid/reward"
)

// Label is one OpenRLHF label: OpenRLHF sends its --data.label_key column as it is, so a data
// set of integer answers sends numbers. A string, a number (its digits as written) or null
// (no label) is read; anything else is an error of the request.
type Label string

// UnmarshalJSON implements json.Unmarshaler.
func (l *Label) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	var s string
	if json.Unmarshal(b, &s) == nil {
		*l = Label(s)
		return nil
	}
	var n json.Number
	if json.Unmarshal(b, &n) == nil {
		*l = Label(n.String())
		return nil
	}
	if string(b) == "null" {
		*l = ""
		return nil
	}
	return fmt.Errorf("a label is a string or a number, not %.20s", b)
}

// labelAt is labels[i], "" past the end.
func labelAt(labels []Label, i int) string {
	if i < len(labels) {
		return string(labels[i])
	}
	return ""
}

// goldLabel is an OpenRLHF label read as the gold answer: the label as it is, "" when it is
// blank (no gold: the process score alone). A label that is a Lean statement never gets here:
// it makes the item a contest proof.
func goldLabel(label string) string {
	if strings.TrimSpace(label) == "" {
		return ""
	}
	return label
}

// pay is the reward of a scored chain under the server's reward settings (its process value
// when it has no gold answer, else as reward.Mode says), with each step's dense reward and
// its character offsets in response. measured, when not nil, is c's work measured already
// (scoreWithoutIdle), which spares reading c's text again.
func (s *Server) pay(c *report.CheckJSON, response string, measured *reward.Work) (reward.Paid, reward.Work) {
	refuted := c.Has(hybrid.Refuted) || c.Outcome != nil && c.Outcome.By == reward.ByProven
	if measured == nil {
		w := reward.MeasureWith(s.opts.Reward.Grader, &c.Scored, c.ChainScore)
		measured = &w
	}
	p, w := s.opts.Reward.PayMeasured(c.Outcome, *measured, c.ChainScore, refuted)
	w.Offsets(&c.Scored, response)
	return p, w
}

// outcomeLogs are /get_reward's per-item outcome columns of extra_logs, as numbers because
// OpenRLHF turns every column into a tensor and logs its batch mean: each 0/1 column's mean
// is a rate. Items that failed, or have no gold answer, are 0 in every column but
// leanprm_process_score (and leanprm_has_gold says which had one).
type outcomeLogs struct {
	hasGold, equal, different, unknown, noAnswer []float64
	process, wrongWork, wrongWorkProven          []float64
	derived                                      []float64
	// steps are each item's dense rewards (nil for an item that was not a scored chain),
	// answered beside extra_logs as "step_rewards": OpenRLHF turns every extra_logs column
	// into a tensor, so lists of objects cannot go there.
	steps [][]reward.StepWork
}

func newOutcomeLogs(n int) *outcomeLogs {
	col := func() []float64 { return make([]float64, n) }
	return &outcomeLogs{hasGold: col(), equal: col(), different: col(), unknown: col(), noAnswer: col(),
		process: col(), wrongWork: col(), wrongWorkProven: col(), derived: col(),
		steps: make([][]reward.StepWork, n)}
}

// payItem records item i's scored chain and returns its reward; response is the text the
// steps' offsets count in.
func (l *outcomeLogs) payItem(s *Server, i int, c *report.CheckJSON, response string, measured *reward.Work) float64 {
	l.process[i] = c.ChainScore
	if o := c.Outcome; o != nil {
		l.hasGold[i] = 1
		switch o.Verdict {
		case outcome.Equal:
			l.equal[i] = 1
		case outcome.Different:
			l.different[i] = 1
		case reward.NoAnswer:
			l.noAnswer[i] = 1
		default:
			l.unknown[i] = 1
		}
		if o.RightAnswerWrongWork {
			l.wrongWork[i] = 1
			if o.By == reward.ByProven {
				l.wrongWorkProven[i] = 1
			}
		}
	}
	p, w := s.pay(c, response, measured)
	l.steps[i] = w.Steps
	if w.Derived {
		l.derived[i] = 1
	}
	return p.Reward
}

// add puts the columns into extra_logs.
// slice is items [i, j) of l: its columns cut, not copied.
func (l *outcomeLogs) slice(i, j int) *outcomeLogs {
	cut := func(col []float64) []float64 { return col[i:j:j] }
	return &outcomeLogs{hasGold: cut(l.hasGold), equal: cut(l.equal), different: cut(l.different), unknown: cut(l.unknown),
		noAnswer: cut(l.noAnswer), process: cut(l.process), wrongWork: cut(l.wrongWork),
		wrongWorkProven: cut(l.wrongWorkProven), derived: cut(l.derived), steps: l.steps[i:j:j]}
}

func (l *outcomeLogs) add(logs map[string][]float64) {
	logs["leanprm_has_gold"] = l.hasGold
	logs["leanprm_outcome_equal"] = l.equal
	logs["leanprm_outcome_different"] = l.different
	logs["leanprm_outcome_unknown"] = l.unknown
	logs["leanprm_no_answer"] = l.noAnswer
	logs["leanprm_process_score"] = l.process
	logs["leanprm_right_answer_wrong_work"] = l.wrongWork
	logs["leanprm_right_answer_wrong_work_proven"] = l.wrongWorkProven
	logs["leanprm_answer_derived"] = l.derived
}

// withReward adds the chain's "reward" (and "reward_fallback": true when an unknown outcome
// was paid as reward.on_unknown says) and its "step_rewards" (dense rewards, offsets in the
// steps' text joined by blank lines, reward.Text) in front of a /v1/score answer, a
// report.CheckJSON.
func (s *Server) withReward(payload json.RawMessage) json.RawMessage {
	var c report.CheckJSON
	if json.Unmarshal(payload, &c) != nil {
		return payload
	}
	p, work := s.pay(&c, reward.Text(&c.Scored), nil)
	if raw, err := json.Marshal(work.Steps); err == nil {
		payload = withRawField(payload, "step_rewards", raw)
	}
	if p.Fallback {
		payload = withRawField(payload, "reward_fallback", []byte("true"))
	}
	return withRawField(payload, "reward", strconv.AppendFloat(nil, p.Reward, 'g', -1, 64))
}

// withRawField adds "key": raw (JSON) in front of the fields of the JSON object obj.
func withRawField(obj json.RawMessage, key string, raw []byte) json.RawMessage {
	obj = bytes.TrimSpace(obj)
	if len(obj) < 2 || obj[0] != '{' {
		return obj
	}
	k, _ := json.Marshal(key)
	out := make([]byte, 0, len(obj)+len(k)+len(raw)+2)
	out = append(append(append(append(out, '{'), k...), ':'), raw...)
	if rest := bytes.TrimSpace(obj[1:]); len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	return append(out, obj[1:]...)
}
