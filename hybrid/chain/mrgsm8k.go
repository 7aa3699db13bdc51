package chain

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/hybrid/outcome"
)

// mrGSM8KRow is an MR-GSM8K row: a model's steps, judged correct or with a
// 1-based first error step.
type mrGSM8KRow struct {
	ModelOutputSteps    *[]string       `json:"model_output_steps"`
	Question            *string         `json:"question"`
	FirstError          json.RawMessage `json:"model_output_solution_first_error_step"`
	SolutionCorrectness string          `json:"model_output_solution_correctness"`
	UUID                string          `json:"uuid"`
	QuestionType        string          `json:"question_type"`
	GroundTruthAnswer   json.RawMessage `json:"ground_truth_answer"`
	GroundTruthSolution string          `json:"ground_truth_solution"`
	AnswerCorrectness   json.RawMessage `json:"model_output_answer_correctness"`
}

func decodeMRGSM8K(raw []byte, _ string, c *Chain) error {
	var r mrGSM8KRow
	if err := unmarshalRow(raw, &r); err != nil {
		return err
	}
	if r.ModelOutputSteps == nil {
		return missing("model_output_steps")
	}
	if r.Question == nil {
		return missing("question")
	}
	c.Problem, c.Steps = *r.Question, toSteps(*r.ModelOutputSteps)
	c.ID = r.UUID
	gold, err := goldAnswer(r.GroundTruthAnswer, "ground_truth_answer")
	if err != nil {
		return err
	}
	if !strings.ContainsAny(gold, "0123456789") && r.GroundTruthSolution != "" {
		// 75 published rows hold no answer in ground_truth_answer ("Let's think step by
		// step." in the reversed questions); their reference solution ends with it ("The
		// value of x is 40."), marked or as its last number.
		if ex := outcome.ExtractWith(r.GroundTruthSolution, outcome.ExtractOptions{Fallback: outcome.FallbackLastNumber}); ex.Found {
			gold, c.GoldFrom = ex.Answer, GoldFromSolution
		}
	}
	c.Gold, c.AnswerCorrect = gold, answerCorrect(r.AnswerCorrectness)
	c.Subset = string(FormatMRGSM8K)
	if r.QuestionType != "" {
		c.Subset += "/" + r.QuestionType
	}
	var n int
	switch {
	case strings.EqualFold(r.SolutionCorrectness, "correct"):
		c.FirstError = NoError
		labelFromFirstError(c.Steps, NoError)
	case json.Unmarshal(r.FirstError, &n) == nil:
		if n < 1 || n > len(c.Steps) {
			return fmt.Errorf("model_output_solution_first_error_step %d out of range for %d steps (1-based)", n, len(c.Steps))
		}
		c.FirstError = n - 1
		labelFromFirstError(c.Steps, n-1)
	}
	return nil
}
