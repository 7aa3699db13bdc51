package label

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// goldRow holds the fields a row may carry its gold final answer in.
type goldRow struct {
	Gold              json.RawMessage `json:"gold"`
	GroundTruth       json.RawMessage `json:"ground_truth"`        // PRMBench, verl
	GroundTruthAnswer json.RawMessage `json:"ground_truth_answer"` // MR-GSM8K
	Answer            json.RawMessage `json:"answer"`              // GSM8K: the solution, "#### 72" last
	Question          json.RawMessage `json:"question"`            // PRM800K: question.ground_truth_answer
}

// GoldOf returns the gold final answer a JSON row states, or "": the first of gold,
// ground_truth, ground_truth_answer, question.ground_truth_answer (PRM800K) and the "####"
// line of a GSM8K answer. A number is kept as written.
func GoldOf(raw []byte) string {
	var r goldRow
	if json.Unmarshal(raw, &r) != nil {
		return ""
	}
	for _, f := range []json.RawMessage{r.Gold, r.GroundTruth, r.GroundTruthAnswer} {
		if s := scalar(f); s != "" {
			return s
		}
	}
	var q struct {
		GroundTruthAnswer json.RawMessage `json:"ground_truth_answer"`
	}
	if len(r.Question) > 0 && r.Question[0] == '{' && json.Unmarshal(r.Question, &q) == nil {
		if s := scalar(q.GroundTruthAnswer); s != "" {
			return s
		}
	}
	if a := scalar(r.Answer); a != "" {
		if i := strings.LastIndex(a, "####"); i >= 0 {
			return strings.TrimSpace(a[i+4:])
		}
	}
	return ""
}

// scalar renders a JSON string or number; anything else is "".
func scalar(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

// ReadGolds returns the gold answers of the JSON Lines file at path by "path:line", the
// Source chain.Read gives each of its chains. Rows without one are absent.
func ReadGolds(path string) (map[string]string, error) {
	out := map[string]string{}
	err := chain.Rows(path, func(line int, raw []byte) error {
		if g := GoldOf(raw); g != "" {
			out[fmt.Sprintf("%s:%d", path, line)] = g
		}
		return nil
	})
	return out, err
}
