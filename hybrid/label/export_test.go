package label

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// exportChains are labelled chains covering what the formats must hold or drop: all right,
// a first error with unknown steps after it, an unknown step first (undecidable), a failed
// chain.
func exportChains() []Chain {
	mk := func(id string, ls ...*bool) Chain {
		c := Chain{ID: id, Source: id + ":1", Problem: "Problem " + id + " — ünïcode & <tags>", Gold: "42", Method: MCHard, RolloutsPerPrefix: 4}
		for i, l := range ls {
			c.Steps = append(c.Steps, Step{Index: i, Text: "step " + string(rune('a'+i)) + " of " + id, Label: l, Source: SourceMC})
		}
		c.setFirstError()
		return c
	}
	T, F := ptr(true), ptr(false)
	failed := mk("failed", nil, nil)
	failed.Err = "generator down"
	return []Chain{
		mk("right", T, T, T),
		mk("wrong", T, F, nil, F),
		mk("unknownfirst", nil, T, F),
		failed,
	}
}

func export(t *testing.T, f Format) ([]map[string]any, []chain.Chain, ExportStats) {
	t.Helper()
	var buf bytes.Buffer
	x := NewExporter(&buf, f)
	x.Now = time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
	for _, c := range exportChains() {
		require.NoError(t, x.Write(c))
	}
	var rows []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(buf.Bytes()))
	for sc.Scan() {
		var m map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m), "one JSON object per line")
		rows = append(rows, m)
	}
	chains, rowErrs, err := chain.Decode(bytes.NewReader(buf.Bytes()), "export.jsonl", chain.FormatAuto)
	require.NoError(t, err)
	require.Empty(t, rowErrs, "leanprm reads its own %s export back", f)
	return rows, chains, x.Stats
}

func chainLabels(c chain.Chain) string {
	var b []byte
	for _, s := range c.Steps {
		b = append(b, map[chain.Label]byte{chain.Correct: 'T', chain.Wrong: 'F', chain.Unlabeled: '?'}[s.Label])
	}
	return string(b)
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestExportTRL checks TRL's stepwise-supervision columns: "prompt" a string, "completions"
// a list of strings, "labels" a list of booleans of the same length, one per completion
// (https://huggingface.co/docs/trl/v0.17.0/dataset_formats, "Stepwise supervision";
// PRMTrainer reads exactly these three). TRL has no null: rows are cut before the first
// unlabelled step, and dropped when that is the first.
func TestExportTRL(t *testing.T) {
	rows, chains, st := export(t, TRL)
	require.Len(t, rows, 2)
	for _, r := range rows {
		require.ElementsMatch(t, []string{"prompt", "completions", "labels"}, keys(r))
		require.IsType(t, "", r["prompt"])
		comps, labels := r["completions"].([]any), r["labels"].([]any)
		require.Len(t, labels, len(comps))
		for i := range comps {
			require.IsType(t, "", comps[i])
			require.IsType(t, true, labels[i])
		}
	}
	require.Equal(t, []any{true, true, true}, rows[0]["labels"])
	require.Equal(t, []any{true, false}, rows[1]["labels"], "cut before the unknown third step")
	require.Equal(t, "Problem right — ünïcode & <tags>", rows[0]["prompt"], "no HTML escaping")
	require.Equal(t, 1, st.Dropped[DropFirstUnknown])
	require.Equal(t, 1, st.Dropped[DropFailed])
	require.Equal(t, 2, st.CutSteps)
	require.Len(t, chains, 2)
	require.Equal(t, "TTT", chainLabels(chains[0]))
	require.Equal(t, "TF", chainLabels(chains[1]))
	require.Equal(t, 1, chains[1].FirstError)
}

// TestExportFoVer checks FoVer's row (psunlpgroup/FoVer README.md, "Evaluate the FoVer PRMs
// on Your Dataset"): "problem" a string, "solution_steps" a list of strings, "error_labels"
// one per step, true for a right step, false for a wrong one, null for unknown; "id" as the
// FoVer datasets carry it.
func TestExportFoVer(t *testing.T) {
	rows, chains, st := export(t, FoVer)
	require.Len(t, rows, 3)
	for _, r := range rows {
		require.ElementsMatch(t, []string{"id", "problem", "solution_steps", "error_labels"}, keys(r))
		require.IsType(t, "", r["problem"])
		steps, labels := r["solution_steps"].([]any), r["error_labels"].([]any)
		require.Len(t, labels, len(steps))
		for _, l := range labels {
			if l != nil {
				require.IsType(t, true, l)
			}
		}
	}
	require.Equal(t, []any{true, false, nil, false}, rows[1]["error_labels"], "true is right, as FoVer's polarity")
	require.Equal(t, []any{nil, true, false}, rows[2]["error_labels"])
	require.Equal(t, 1, st.Dropped[DropFailed])
	require.Equal(t, []string{"TTT", "TF?F", "?TF"}, []string{chainLabels(chains[0]), chainLabels(chains[1]), chainLabels(chains[2])})
	require.Equal(t, "wrong", chains[1].ID)
	require.Equal(t, 1, chains[1].FirstError)
	require.Equal(t, chain.NoLabel, chains[2].FirstError)
	require.Equal(t, chain.NoError, chains[0].FirstError)
}

// TestExportProcessBench checks ProcessBench's row (../shared/data/README.md, from
// QwenLM/ProcessBench): "id", "problem", "steps" (strings) and "label", the 0-based index of
// the earliest wrong step or -1; only chains whose first error is decidable are written.
func TestExportProcessBench(t *testing.T) {
	rows, chains, st := export(t, ProcessBench)
	require.Len(t, rows, 2)
	for _, r := range rows {
		require.ElementsMatch(t, []string{"id", "problem", "steps", "label"}, keys(r))
		require.IsType(t, float64(0), r["label"])
		for _, s := range r["steps"].([]any) {
			require.IsType(t, "", s)
		}
	}
	require.Equal(t, float64(-1), rows[0]["label"])
	require.Equal(t, float64(1), rows[1]["label"])
	require.Equal(t, 1, st.Dropped[DropUndecidable])
	require.Equal(t, chain.NoError, chains[0].FirstError)
	require.Equal(t, 1, chains[1].FirstError)
	require.Equal(t, "wrong", chains[1].ID)
	require.Len(t, chains[1].Steps, 4)
}

// TestExportPRM800K checks openai/prm800k's row (README.md, "Data"): labeler, timestamp,
// generation, is_quality_control_question, is_initial_screening_question; question with
// problem, ground_truth_answer and pre_generated_steps; label with steps (each: completions
// of {text, rating -1/0/+1, flagged}, human_completion, chosen_completion), total_time and
// finish_reason one of found_error, solution, bad_problem, give_up.
func TestExportPRM800K(t *testing.T) {
	rows, chains, _ := export(t, PRM800K)
	require.Len(t, rows, 3)
	for _, r := range rows {
		require.ElementsMatch(t, []string{"labeler", "timestamp", "generation", "is_quality_control_question",
			"is_initial_screening_question", "question", "label"}, keys(r))
		require.IsType(t, "", r["labeler"])
		require.Equal(t, "2026-11-27T18:00:00.000000", r["timestamp"], "the README's timestamp layout")
		require.Nil(t, r["generation"])
		q := r["question"].(map[string]any)
		require.ElementsMatch(t, []string{"problem", "ground_truth_answer", "pre_generated_steps"}, keys(q))
		require.Equal(t, "42", q["ground_truth_answer"])
		l := r["label"].(map[string]any)
		require.ElementsMatch(t, []string{"steps", "total_time", "finish_reason"}, keys(l))
		require.Contains(t, []any{"found_error", "solution", "bad_problem", "give_up"}, l["finish_reason"])
		for _, s := range l["steps"].([]any) {
			s := s.(map[string]any)
			require.ElementsMatch(t, []string{"completions", "human_completion", "chosen_completion"}, keys(s))
			require.Nil(t, s["human_completion"])
			require.Equal(t, float64(0), s["chosen_completion"])
			comps := s["completions"].([]any)
			require.Len(t, comps, 1)
			c := comps[0].(map[string]any)
			require.ElementsMatch(t, []string{"text", "rating", "flagged"}, keys(c))
			require.Contains(t, []any{float64(-1), float64(0), float64(1)}, c["rating"])
		}
	}
	finish := func(i int) any { return rows[i]["label"].(map[string]any)["finish_reason"] }
	require.Equal(t, "solution", finish(0))
	require.Equal(t, "found_error", finish(1))
	require.Equal(t, "give_up", finish(2))
	require.Len(t, rows[1]["label"].(map[string]any)["steps"], 2, "labels stop at the first error, as in phase 2")
	require.Len(t, rows[1]["question"].(map[string]any)["pre_generated_steps"], 4)
	require.Equal(t, "TTT", chainLabels(chains[0]))
	require.Equal(t, "TF??", chainLabels(chains[1]), "the rest of pre_generated_steps comes back unlabelled")
	require.Equal(t, 1, chains[1].FirstError)
	require.Equal(t, "???", chainLabels(chains[2]))
	require.Equal(t, "step b of wrong", chains[1].Steps[1].Text)
}

// TestExportNative: leanprm's own rows keep everything, failed chains included (with their
// error and no labels), and read back with every label.
func TestExportNative(t *testing.T) {
	rows, chains, st := export(t, Native)
	require.Len(t, rows, 4)
	require.Equal(t, 4, st.Rows)
	require.Equal(t, "mc-hard", rows[0]["label_method"])
	require.Equal(t, float64(0), rows[0]["step_index_base"])
	require.Equal(t, "generator down", rows[3]["error"])
	require.Len(t, chains, 4)
	require.Equal(t, []string{"TTT", "TF?F", "?TF", "??"},
		[]string{chainLabels(chains[0]), chainLabels(chains[1]), chainLabels(chains[2]), chainLabels(chains[3])})
	require.Equal(t, "unknownfirst", chains[2].ID)
}

// TestReadPRM800KAlternatives reads a PRM800K row as the README documents it: a neutral
// rating is no error, a step with several rated candidates and none chosen ends the
// trajectory, and a human completion stands in where chosen_completion is null.
func TestReadPRM800KAlternatives(t *testing.T) {
	row := `{"labeler":"x","question":{"problem":"P","pre_generated_steps":["a","b","c","d"]},
	"label":{"steps":[
	 {"completions":[{"text":"a","rating":0,"flagged":null}],"human_completion":null,"chosen_completion":0},
	 {"completions":[{"text":"b0","rating":-1},{"text":"b1","rating":-1}],"human_completion":"mine","chosen_completion":null},
	 {"completions":[{"text":"c","rating":-1},{"text":"c2","rating":0}],"human_completion":null,"chosen_completion":null}
	],"finish_reason":"found_error"}}`
	row = strings.Join(strings.Fields(row), " ") // one line of JSON Lines
	chains, errs, err := chain.Decode(strings.NewReader(row), "p.jsonl", chain.FormatAuto)
	require.NoError(t, err)
	require.Empty(t, errs)
	require.Len(t, chains, 1)
	require.Equal(t, []string{"a", "mine", "c", "d"}, chains[0].Texts())
	require.Equal(t, "TT??", chainLabels(chains[0]))
}
