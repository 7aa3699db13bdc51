package chain

import (
	"encoding/json"
	"fmt"
)

// prmBenchRow is a PRMBench row: a modified process and the 1-based steps
// the modification made wrong.
type prmBenchRow struct {
	ModifiedProcess  *[]string       `json:"modified_process"`
	ModifiedQuestion *string         `json:"modified_question"`
	Question         *string         `json:"question"`
	OriginalQuestion *string         `json:"original_question"`
	ErrorSteps       *[]int          `json:"error_steps"`
	Classification   string          `json:"classification"`
	Idx              json.RawMessage `json:"idx"`
	GroundTruth      json.RawMessage `json:"ground_truth"`
}

func decodePRMBench(raw []byte, _ string, c *Chain) error {
	var r prmBenchRow
	if err := unmarshalRow(raw, &r); err != nil {
		return err
	}
	if r.ModifiedProcess == nil {
		return missing("modified_process")
	}
	switch {
	case r.ModifiedQuestion != nil:
		c.Problem = *r.ModifiedQuestion
	case r.Question != nil:
		c.Problem = *r.Question
	case r.OriginalQuestion != nil:
		c.Problem = *r.OriginalQuestion
	default:
		return missing("modified_question")
	}
	if r.ErrorSteps == nil {
		return missing("error_steps")
	}
	gold, err := goldAnswer(r.GroundTruth, "ground_truth")
	if err != nil {
		return err
	}
	c.Steps, c.Gold = toSteps(*r.ModifiedProcess), gold
	c.ID = rawID(r.Idx)
	c.Subset = r.Classification
	c.FirstError = NoError
	for i := range c.Steps {
		c.Steps[i].Label = Correct
	}
	var past []int
	for _, e := range *r.ErrorSteps {
		if e > len(c.Steps) && len(c.Steps) > 0 {
			past = append(past, e) // a known quirk of the published files
			continue
		}
		if e < 1 {
			return fmt.Errorf("error_steps has %d, out of range for %d steps (1-based)", e, len(c.Steps))
		}
		c.Steps[e-1].Label = Wrong
		if c.FirstError == NoError || e-1 < c.FirstError {
			c.FirstError = e - 1
		}
	}
	if len(past) > 0 {
		if c.FirstError == NoError {
			c.FirstError = NoLabel // an error the row names but no step holds
		}
		return &DataQuirk{Kind: "error_steps past the last step",
			Detail: fmt.Sprintf("error_steps has %v, past the last of %d steps (1-based)", past, len(c.Steps))}
	}
	return nil
}
