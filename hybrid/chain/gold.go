package chain

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// goldAnswer reads a data set's ground-truth answer field: a JSON string or number (MR-GSM8K
// writes some answers as numbers), "" for an absent or null field. A number keeps the digits
// the file wrote ("1e3" stays "1e3"), so the grader sees what the data set says.
func goldAnswer(raw json.RawMessage, field string) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String(), nil
	}
	return "", fmt.Errorf("%s: want a string or a number", field)
}

// sharedGold reads the gold answer any JSON row may add, in a field of its own: gold, else
// ground_truth. "answer" is not read: in many row shapes it is as often the model's own answer
// as the reference, and taking one for the other would grade every chain right.
func sharedGold(raw []byte, c *Chain) error {
	var r struct {
		Gold        json.RawMessage `json:"gold"`
		GroundTruth json.RawMessage `json:"ground_truth"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return nil // the decoder read the row; a field of another type is reported below
	}
	var err error
	if c.Gold, err = goldAnswer(r.Gold, "gold"); err != nil || c.Gold != "" {
		return err
	}
	c.Gold, err = goldAnswer(r.GroundTruth, "ground_truth")
	return err
}

// answerCorrect reads a data set's judgement of the final answer: a JSON boolean
// (ProcessBench's final_answer_correct) or the words "correct" / "wrong" (MR-GSM8K's
// model_output_answer_correctness); nil when absent, null or anything else.
func answerCorrect(raw json.RawMessage) *bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	var b bool
	switch x := v.(type) {
	case bool:
		b = x
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "correct":
			b = true
		case "wrong", "incorrect":
		default:
			return nil
		}
	default:
		return nil
	}
	return &b
}

// GoldRow is one row of a gold-answer file (check --gold-file): a chain's id and its
// ground-truth answer.
type GoldRow struct {
	ID   string
	Gold string
}

// ReadGold reads a gold-answer file, JSON Lines of {"id": …, "gold": …} (id a string or a
// number, gold a string or a number; blank lines skipped). A row that cannot be read is a
// RowError and the rest are still read; an id given twice is an error on its second row, so
// that no answer silently replaces another. Rows are capped at MaxRowBytes as chains are.
func ReadGold(r io.Reader, name string) (map[string]string, []RowError, error) {
	out := map[string]string{}
	first := map[string]int{}
	var errs []RowError
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, MaxRowBytes)
	for line := 1; sc.Scan(); line++ {
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 {
			continue
		}
		var row struct {
			ID   json.RawMessage `json:"id"`
			Gold json.RawMessage `json:"gold"`
		}
		if err := json.Unmarshal(raw, &row); err != nil {
			errs = append(errs, RowError{name, line, shapeError(err)})
			continue
		}
		id := rawID(row.ID)
		gold, err := goldAnswer(row.Gold, "gold")
		switch {
		case err != nil:
		case id == "":
			err = missing("id")
		case gold == "":
			err = missing("gold")
		case first[id] != 0:
			err = fmt.Errorf("id %s given twice (first on line %d)", strconv.Quote(id), first[id])
		}
		if err != nil {
			errs = append(errs, RowError{name, line, err})
			continue
		}
		out[id], first[id] = gold, line
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return out, errs, fmt.Errorf("%s: a line longer than %d bytes", name, MaxRowBytes)
		}
		return out, errs, err
	}
	return out, errs, nil
}
