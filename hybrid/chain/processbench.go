package chain

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// processBenchRow is a ProcessBench row: problem, steps, and label, the
// 0-based index of the first wrong step (-1: none).
type processBenchRow struct {
	ID      json.RawMessage `json:"id"`
	Problem *string         `json:"problem"`
	Steps   *[]string       `json:"steps"`
	Label   *int            `json:"label"`
	// The ground truth, where a ProcessBench-style file adds it in gold or ground_truth (the
	// published files have none), is read by decodeRow as for every format.
	FinalAnswerCorrect json.RawMessage `json:"final_answer_correct"`
}

func decodeProcessBench(raw []byte, name string, c *Chain) error {
	var r processBenchRow
	if err := unmarshalRow(raw, &r); err != nil {
		return err
	}
	if r.Problem == nil {
		return missing("problem")
	}
	if r.Steps == nil {
		return missing("steps")
	}
	c.Problem, c.Steps = *r.Problem, toSteps(*r.Steps)
	c.ID = rawID(r.ID)
	c.AnswerCorrect = answerCorrect(r.FinalAnswerCorrect)
	if m := idSubset.FindStringSubmatch(c.ID); m != nil {
		c.Subset = m[1]
	} else {
		c.Subset = fileSubset(name)
	}
	if r.Label != nil {
		l := *r.Label
		if l < NoError || l >= len(c.Steps) {
			return fmt.Errorf("label %d out of range for %d steps (want -1 or a 0-based step index)", l, len(c.Steps))
		}
		c.FirstError = l
		labelFromFirstError(c.Steps, l)
	}
	return nil
}

// idSubset reads the subset off an ID such as "gsm8k-17".
var idSubset = regexp.MustCompile(`^(.+?)[-_]\d+$`)

// fileSubset names a subset after a file: "gsm8k.dev.jsonl" → "gsm8k".
func fileSubset(name string) string {
	base := filepath.Base(name)
	if i := strings.IndexByte(base, '.'); i > 0 {
		return base[:i]
	}
	return base
}
