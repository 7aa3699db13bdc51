package label

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// Format is an output format of `leanprm label`.
type Format string

// Output formats.
const (
	// Native is Chain, one per line: every label with its source, K and share.
	Native Format = "labels"
	// TRL is TRL's stepwise supervision: {"prompt", "completions", "labels": [bool]}
	// (https://huggingface.co/docs/trl/v0.17.0/dataset_formats, "Stepwise supervision").
	// TRL has no unknown label, so a row is cut before its first unlabelled step, and a
	// chain whose first step is unlabelled is dropped.
	TRL Format = "trl"
	// FoVer is psunlpgroup/FoVer's {"id", "problem", "solution_steps", "error_labels"}, where
	// an error label is true for a right step, false for a wrong one and null when unknown
	// (README.md, "Evaluate the FoVer PRMs on Your Dataset": "first step (correct)" true,
	// "second step (wrong)" false, "third step (unknown)" null).
	FoVer Format = "fover"
	// ProcessBench is {"id", "problem", "steps", "label"}: label is the first wrong step, or
	// -1 when every step is right. A chain whose first error is undecidable (an unlabelled
	// step before any wrong one) is dropped.
	ProcessBench Format = "processbench"
	// PRM800K is openai/prm800k's row (README.md, "Data"): question.problem,
	// question.ground_truth_answer, question.pre_generated_steps, and label.steps[] each with
	// one completion {text, rating, flagged} and chosen_completion 0. Rating +1 is right, -1
	// wrong; as in PRM800K's phase 2, the labelled steps stop at the first wrong one
	// (finish_reason "found_error"), and here also before the first unlabelled one
	// (finish_reason "give_up", the labeler's "stuck"); a chain labelled right to the end
	// has "solution". The whole chain stays in pre_generated_steps.
	PRM800K Format = "prm800k"
)

// Formats lists the output formats.
func Formats() []Format { return []Format{Native, TRL, FoVer, ProcessBench, PRM800K} }

// ParseFormat maps a --format value to a Format ("" and "jsonl" are Native).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "jsonl", "native", "labels":
		return Native, nil
	}
	return parseName(s, "output format", Formats())
}

// ExportStats counts what an Exporter wrote and what the format could not hold.
type ExportStats struct {
	Rows int // rows written
	// Dropped counts chains not written, by reason.
	Dropped map[string]int
	// CutSteps counts labelled or unlabelled steps left out of rows that were written (TRL
	// and PRM800K stop at the first unlabelled step).
	CutSteps int
}

// Exporter writes labelled chains in one format, one JSON object per line.
type Exporter struct {
	format Format
	enc    *json.Encoder
	// Now stamps PRM800K rows (their "timestamp"); the zero time writes null.
	Now   time.Time
	Stats ExportStats
}

// NewExporter returns an Exporter writing f to w.
func NewExporter(w io.Writer, f Format) *Exporter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &Exporter{format: f, enc: enc, Stats: ExportStats{Dropped: map[string]int{}}}
}

// Dropped reasons.
const (
	DropFailed       = "not labelled (error)"
	DropFirstUnknown = "first step unlabelled"
	DropUndecidable  = "first error undecidable"
)

// Write writes c, or counts it as dropped when the format cannot hold it. The error is the
// writer's.
func (x *Exporter) Write(c Chain) error {
	if c.Err != "" && x.format != Native {
		x.Stats.Dropped[DropFailed]++
		return nil
	}
	var row any
	switch x.format {
	case Native:
		row = c
	case TRL:
		row = x.trl(c)
	case FoVer:
		row = fover(c)
	case ProcessBench:
		row = x.processBench(c)
	case PRM800K:
		row = x.prm800k(c)
	default:
		return fmt.Errorf("unknown output format %q", x.format)
	}
	if row == nil {
		return nil
	}
	x.Stats.Rows++
	return x.enc.Encode(row)
}

// TRLRow is a TRL stepwise-supervision row.
type TRLRow struct {
	Prompt      string   `json:"prompt"`
	Completions []string `json:"completions"`
	Labels      []bool   `json:"labels"`
}

// labelledPrefix is how many steps from the first are labelled.
func labelledPrefix(c Chain) int {
	for i, s := range c.Steps {
		if s.Label == nil {
			return i
		}
	}
	return len(c.Steps)
}

func (x *Exporter) trl(c Chain) any {
	n := labelledPrefix(c)
	if n == 0 {
		x.Stats.Dropped[DropFirstUnknown]++
		return nil
	}
	x.Stats.CutSteps += len(c.Steps) - n
	r := TRLRow{Prompt: c.Problem, Completions: make([]string, n), Labels: make([]bool, n)}
	for i := range n {
		r.Completions[i], r.Labels[i] = c.Steps[i].Text, *c.Steps[i].Label
	}
	return r
}

// FoVerRow is a FoVer row.
type FoVerRow struct {
	ID            string   `json:"id"`
	Problem       string   `json:"problem"`
	SolutionSteps []string `json:"solution_steps"`
	ErrorLabels   []*bool  `json:"error_labels"`
}

func fover(c Chain) any {
	r := FoVerRow{ID: c.ID, Problem: c.Problem, SolutionSteps: make([]string, len(c.Steps)), ErrorLabels: make([]*bool, len(c.Steps))}
	for i, s := range c.Steps {
		r.SolutionSteps[i], r.ErrorLabels[i] = s.Text, s.Label
	}
	return r
}

// ProcessBenchRow is a ProcessBench row.
type ProcessBenchRow struct {
	ID      string   `json:"id"`
	Problem string   `json:"problem"`
	Steps   []string `json:"steps"`
	Label   int      `json:"label"`
}

func (x *Exporter) processBench(c Chain) any {
	if c.FirstError == nil {
		x.Stats.Dropped[DropUndecidable]++
		return nil
	}
	r := ProcessBenchRow{ID: c.ID, Problem: c.Problem, Steps: make([]string, len(c.Steps)), Label: *c.FirstError}
	for i, s := range c.Steps {
		r.Steps[i] = s.Text
	}
	return r
}

// PRM800KRow is a row of openai/prm800k's data files, with the fields leanprm fills.
type PRM800KRow struct {
	Labeler                    string          `json:"labeler"`
	Timestamp                  *string         `json:"timestamp"`
	Generation                 *int            `json:"generation"`
	IsQualityControlQuestion   bool            `json:"is_quality_control_question"`
	IsInitialScreeningQuestion bool            `json:"is_initial_screening_question"`
	Question                   PRM800KQuestion `json:"question"`
	Label                      PRM800KLabel    `json:"label"`
}

// PRM800KQuestion is a PRM800K row's question.
type PRM800KQuestion struct {
	Problem           string   `json:"problem"`
	GroundTruthAnswer string   `json:"ground_truth_answer,omitempty"`
	PreGeneratedSteps []string `json:"pre_generated_steps"`
}

// PRM800KLabel is a PRM800K row's label.
type PRM800KLabel struct {
	Steps        []PRM800KStep `json:"steps"`
	TotalTime    int           `json:"total_time"`
	FinishReason string        `json:"finish_reason"`
}

// PRM800KStep is one labelled step.
type PRM800KStep struct {
	Completions      []PRM800KCompletion `json:"completions"`
	HumanCompletion  *string             `json:"human_completion"`
	ChosenCompletion *int                `json:"chosen_completion"`
}

// PRM800KCompletion is one candidate step and its rating.
type PRM800KCompletion struct {
	Text    string `json:"text"`
	Rating  *int   `json:"rating"`
	Flagged *bool  `json:"flagged"`
}

// PRM800KLabeler names leanprm as the labeler of the rows it writes (PRM800K puts a
// labeler's UUID there).
const PRM800KLabeler = "leanprm"

func (x *Exporter) prm800k(c Chain) any {
	r := PRM800KRow{Labeler: PRM800KLabeler + ":" + string(c.Method),
		Question: PRM800KQuestion{Problem: c.Problem, GroundTruthAnswer: c.Gold, PreGeneratedSteps: make([]string, len(c.Steps))}}
	if !x.Now.IsZero() {
		r.Timestamp = ptr(x.Now.UTC().Format("2006-01-02T15:04:05.000000"))
	}
	for i, s := range c.Steps {
		r.Question.PreGeneratedSteps[i] = s.Text
	}
	r.Label.FinishReason = "solution"
	for _, s := range c.Steps {
		if s.Label == nil {
			r.Label.FinishReason = "give_up"
			break
		}
		rating := 1
		if !*s.Label {
			rating = -1
		}
		r.Label.Steps = append(r.Label.Steps, PRM800KStep{
			Completions:      []PRM800KCompletion{{Text: s.Text, Rating: ptr(rating)}},
			ChosenCompletion: ptr(0),
		})
		if rating == -1 {
			r.Label.FinishReason = "found_error"
			break
		}
	}
	if r.Label.Steps == nil {
		r.Label.Steps = []PRM800KStep{}
	}
	x.Stats.CutSteps += len(c.Steps) - len(r.Label.Steps)
	return r
}
