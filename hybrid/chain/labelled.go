package chain

import (
	"encoding/json"
	"fmt"
)

// The formats of step labels `leanprm label` writes besides TRL (trl.go) and ProcessBench
// (processbench.go): its own rows, FoVer's and PRM800K's. They are read back as chains with
// step labels, for training (train --labels) and for checking an export.

// labelsRow is a row of `leanprm label`'s own output (hybrid/label.Chain): label_method marks
// it; each step has its text and a label true (right), false (wrong) or null.
type labelsRow struct {
	ID          json.RawMessage `json:"id"`
	Subset      string          `json:"subset"`
	Problem     *string         `json:"problem"`
	LabelMethod *string         `json:"label_method"`
	Steps       *[]struct {
		Text   *string `json:"text"`
		Formal bool    `json:"formal"`
		Label  *bool   `json:"label"`
	} `json:"steps"`
	Err string `json:"error"`
}

func decodeLabels(raw []byte, _ string, c *Chain) error {
	var r labelsRow
	if err := unmarshalRow(raw, &r); err != nil {
		return err
	}
	if r.Problem == nil {
		return missing("problem")
	}
	if r.Steps == nil {
		return missing("steps")
	}
	c.Problem, c.ID, c.Subset = *r.Problem, rawID(r.ID), r.Subset
	labels := make([]*bool, len(*r.Steps))
	for i, s := range *r.Steps {
		if s.Text == nil {
			return fmt.Errorf("steps[%d]: %w", i, missing("text"))
		}
		c.Steps = append(c.Steps, Step{Text: *s.Text, Formal: s.Formal})
		labels[i] = s.Label
	}
	setBoolLabels(c, labels)
	return nil
}

// setBoolLabels sets step labels from true / false / null and the first error from them: the
// first wrong step, NoError when every step is right, NoLabel when an unlabelled step comes
// before any wrong one.
func setBoolLabels(c *Chain, labels []*bool) {
	firstWrong, firstUnlabelled := -1, -1
	for i, l := range labels {
		switch {
		case l == nil:
			c.Steps[i].Label = Unlabeled
			if firstUnlabelled < 0 {
				firstUnlabelled = i
			}
		case *l:
			c.Steps[i].Label = Correct
		default:
			c.Steps[i].Label = Wrong
			if firstWrong < 0 {
				firstWrong = i
			}
		}
	}
	switch {
	case firstWrong >= 0 && (firstUnlabelled < 0 || firstWrong < firstUnlabelled):
		c.FirstError = firstWrong
	case firstWrong < 0 && firstUnlabelled < 0:
		c.FirstError = NoError
	default:
		c.FirstError = NoLabel
	}
}

// foverRow is a FoVer row (psunlpgroup/FoVer README.md): problem, solution_steps and
// error_labels, true for a right step, false for a wrong one, null when not verified.
type foverRow struct {
	ID            json.RawMessage   `json:"id"`
	Problem       *string           `json:"problem"`
	SolutionSteps *[]string         `json:"solution_steps"`
	ErrorLabels   []json.RawMessage `json:"error_labels"`
}

func decodeFoVer(raw []byte, _ string, c *Chain) error {
	var r foverRow
	if err := unmarshalRow(raw, &r); err != nil {
		return err
	}
	if r.Problem == nil {
		return missing("problem")
	}
	if r.SolutionSteps == nil {
		return missing("solution_steps")
	}
	c.Problem, c.Steps, c.ID = *r.Problem, toSteps(*r.SolutionSteps), rawID(r.ID)
	if r.ErrorLabels == nil {
		return nil
	}
	if len(r.ErrorLabels) != len(c.Steps) {
		return fmt.Errorf("%d error_labels for %d solution_steps", len(r.ErrorLabels), len(c.Steps))
	}
	labels := make([]*bool, len(r.ErrorLabels))
	for i, raw := range r.ErrorLabels {
		if string(raw) == "null" {
			continue
		}
		ok, err := parseBoolLabel(raw)
		if err != nil {
			return fmt.Errorf("error_labels[%d]: %w", i, err)
		}
		labels[i] = &ok
	}
	setBoolLabels(c, labels)
	return nil
}

// prm800kRow is a row of openai/prm800k's data (README.md, "Data"): the question, and the
// human labels of the solution's steps, each with candidate completions rated -1, 0 or +1.
type prm800kRow struct {
	Question *struct {
		Problem           *string         `json:"problem"`
		GroundTruthAnswer json.RawMessage `json:"ground_truth_answer"`
		PreGeneratedSteps []string        `json:"pre_generated_steps"`
	} `json:"question"`
	Label *struct {
		Steps []struct {
			Completions []struct {
				Text   string `json:"text"`
				Rating *int   `json:"rating"`
			} `json:"completions"`
			HumanCompletion  json.RawMessage `json:"human_completion"`
			ChosenCompletion *int            `json:"chosen_completion"`
		} `json:"steps"`
	} `json:"label"`
}

// decodePRM800K reads the trajectory the README reconstructs: each step's chosen completion,
// or the human's where none was chosen. A rating of +1 or 0 (neutral: not wrong, as openr
// reads PRM800K) is right, -1 wrong, none unlabelled. Where the labelled steps stop (a first
// error, a labeler who gave up), the rest of pre_generated_steps follows unlabelled; a step
// with several candidates and none chosen ends the trajectory.
func decodePRM800K(raw []byte, _ string, c *Chain) error {
	var r prm800kRow
	if err := unmarshalRow(raw, &r); err != nil {
		return err
	}
	if r.Question == nil || r.Question.Problem == nil {
		return missing("question.problem")
	}
	if r.Label == nil {
		return missing("label")
	}
	c.Problem = *r.Question.Problem
	var err error
	if c.Gold, err = goldAnswer(r.Question.GroundTruthAnswer, "question.ground_truth_answer"); err != nil {
		return err
	}
	var labels []*bool
	for i, s := range r.Label.Steps {
		var text string
		var rating *int
		switch {
		case s.ChosenCompletion != nil:
			k := *s.ChosenCompletion
			if k < 0 || k >= len(s.Completions) {
				return fmt.Errorf("label.steps[%d]: chosen_completion %d out of range for %d completions", i, k, len(s.Completions))
			}
			text, rating = s.Completions[k].Text, s.Completions[k].Rating
		case has(s.HumanCompletion):
			var h struct {
				Text string `json:"text"`
			}
			if json.Unmarshal(s.HumanCompletion, &text) != nil {
				if err := json.Unmarshal(s.HumanCompletion, &h); err != nil {
					return fmt.Errorf("label.steps[%d]: human_completion: want a string or an object with text", i)
				}
				text = h.Text
			}
			rating = ptrInt(1) // written by the labeler as a right step
		case len(s.Completions) == 1:
			text, rating = s.Completions[0].Text, s.Completions[0].Rating
		}
		if text == "" && rating == nil {
			break // several candidates, none chosen: the trajectory ends here
		}
		c.Steps = append(c.Steps, Step{Text: text})
		switch {
		case rating == nil:
			labels = append(labels, nil)
		case *rating >= 0:
			labels = append(labels, ptrBool(true))
		default:
			labels = append(labels, ptrBool(false))
		}
	}
	for i := len(c.Steps); i < len(r.Question.PreGeneratedSteps); i++ {
		c.Steps = append(c.Steps, Step{Text: r.Question.PreGeneratedSteps[i]})
		labels = append(labels, nil)
	}
	setBoolLabels(c, labels)
	return nil
}

func ptrInt(v int) *int    { return &v }
func ptrBool(v bool) *bool { return &v }

// searchRow is a line of `leanprm search` (hybrid/search.Result): the chosen chain's steps
// under "chain", the problem, and the gold answer when the search had one. Its steps carry
// scores, not labels: it is read unlabelled, to be labelled.
type searchRow struct {
	ID      json.RawMessage `json:"id"`
	Problem *string         `json:"problem"`
	Chain   *[]struct {
		Text *string `json:"text"`
	} `json:"chain"`
}

func decodeSearch(raw []byte, _ string, c *Chain) error {
	var r searchRow
	if err := unmarshalRow(raw, &r); err != nil {
		return err
	}
	if r.Problem == nil {
		return missing("problem")
	}
	if r.Chain == nil {
		return missing("chain")
	}
	c.Problem, c.ID = *r.Problem, rawID(r.ID)
	for i, s := range *r.Chain {
		if s.Text == nil {
			return fmt.Errorf("chain[%d]: %w", i, missing("text"))
		}
		c.Steps = append(c.Steps, Step{Text: *s.Text})
	}
	return nil
}
