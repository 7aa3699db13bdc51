package chain

// Label is the gold label of one step, where a data set provides one.
type Label int8

const (
	Unlabeled Label = iota // the data set says nothing about this step
	Correct                // the step is right
	Wrong                  // the step is wrong
)

func (l Label) String() string {
	switch l {
	case Correct:
		return "correct"
	case Wrong:
		return "wrong"
	}
	return "unlabeled"
}

// MarshalText makes labels read as words in JSON.
func (l Label) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (l *Label) UnmarshalText(b []byte) error {
	switch string(b) {
	case "correct":
		*l = Correct
	case "wrong":
		*l = Wrong
	default:
		*l = Unlabeled
	}
	return nil
}

// Step is one step of a reasoning chain.
type Step struct {
	Text string `json:"text"`
	// Formal marks a step written in Lean (a fenced ```lean block in text
	// or Markdown input); Text then holds the Lean source.
	Formal bool  `json:"formal,omitempty"`
	Label  Label `json:"label,omitempty"`
}

// First-error values of Chain.FirstError besides a step index.
const (
	NoError = -1 // every step is right
	NoLabel = -2 // the data set does not say
)

// Chain is one problem with one candidate solution split into steps.
type Chain struct {
	// ID is the data set's identifier, or file:line when it has none.
	ID string `json:"id"`
	// Source is "file:line" of the row the chain was read from.
	Source string `json:"source,omitempty"`
	// Subset groups chains for evaluation: the ProcessBench subset
	// ("gsm8k", "math", ...), the PRMBench classification, and so on.
	Subset  string `json:"subset,omitempty"`
	Problem string `json:"problem"`
	Steps   []Step `json:"steps"`
	// FirstError is the 0-based index of the earliest wrong step, NoError
	// when every step is right, NoLabel when unknown.
	FirstError int `json:"first_error"`
	// Gold is the problem's ground-truth final answer where the data set has one (GSM8K's
	// "#### 72", PRMBench's ground_truth, MR-GSM8K's ground_truth_answer, PRM800K's
	// question.ground_truth_answer, a gold or ground_truth field in ProcessBench-style rows, check --gold-file); "" when unknown.
	// It is the answer as written there: the outcome grader normalises it.
	Gold string `json:"gold,omitempty"`
	// GoldFrom says where Gold came from when not from the data set's gold field: "reference
	// solution" when that field holds no answer and the reference solution's final answer
	// (marked, else its last number) stands in, a fallback that measurements count apart.
	GoldFrom string `json:"gold_from,omitempty"`
	// AnswerCorrect is the data set's own judgement of the chain's final answer
	// (ProcessBench's final_answer_correct, MR-GSM8K's model_output_answer_correctness);
	// nil when it says nothing.
	AnswerCorrect *bool `json:"final_answer_correct,omitempty"`
}

// GoldFromSolution is Chain.GoldFrom for a gold answer read from the reference solution.
const GoldFromSolution = "reference solution"

// Texts returns the steps' texts.
func (c *Chain) Texts() []string {
	out := make([]string, len(c.Steps))
	for i, s := range c.Steps {
		out[i] = s.Text
	}
	return out
}

// labelFromFirstError sets step labels from a first-error index: steps
// before it are right, the step at it is wrong, later steps unlabeled (a
// step after an error may be right or wrong; the benchmarks do not say).
func labelFromFirstError(steps []Step, first int) {
	for i := range steps {
		switch {
		case first == NoError || i < first:
			steps[i].Label = Correct
		case i == first:
			steps[i].Label = Wrong
		default:
			steps[i].Label = Unlabeled
		}
	}
}
