package chain

import (
	"encoding/json"
	"fmt"
)

// trlRow is a TRL stepwise row: prompt, completions (the steps) and one
// boolean label per completion.
type trlRow struct {
	ID          json.RawMessage   `json:"id"`
	Prompt      *string           `json:"prompt"`
	Completions *[]string         `json:"completions"`
	Labels      []json.RawMessage `json:"labels"`
}

func decodeTRL(raw []byte, _ string, c *Chain) error {
	var r trlRow
	if err := unmarshalRow(raw, &r); err != nil {
		return err
	}
	if r.Prompt == nil {
		return missing("prompt")
	}
	if r.Completions == nil {
		return missing("completions")
	}
	c.Problem, c.Steps = *r.Prompt, toSteps(*r.Completions)
	c.ID = rawID(r.ID)
	if r.Labels == nil {
		return nil
	}
	if len(r.Labels) != len(c.Steps) {
		return fmt.Errorf("%d labels for %d completions", len(r.Labels), len(c.Steps))
	}
	c.FirstError = NoError
	for i, raw := range r.Labels {
		ok, err := parseBoolLabel(raw)
		if err != nil {
			return fmt.Errorf("labels[%d]: %w", i, err)
		}
		if ok {
			c.Steps[i].Label = Correct
		} else {
			c.Steps[i].Label = Wrong
			if c.FirstError == NoError {
				c.FirstError = i
			}
		}
	}
	return nil
}

func parseBoolLabel(raw json.RawMessage) (bool, error) {
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		return b, nil
	}
	var n float64
	if json.Unmarshal(raw, &n) == nil && (n == 0 || n == 1) {
		return n == 1, nil
	}
	return false, fmt.Errorf("want true/false or 1/0, got %s", raw)
}
