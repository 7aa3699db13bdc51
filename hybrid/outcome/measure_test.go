package outcome

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// The measurements read ../shared/data at run time (never copied into the
// repository); without it they skip, except under CI=true.

// jsonText reads a JSON string or number as its text (MR-GSM8K writes
// some gold answers as numbers).
type jsonText string

func (t *jsonText) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = jsonText(s)
		return nil
	}
	*t = jsonText(strings.TrimSpace(string(b)))
	return nil
}

type mrRow struct {
	UUID        string   `json:"uuid"`
	Gold        jsonText `json:"ground_truth_answer"`
	GoldSol     string   `json:"ground_truth_solution"`
	Steps       []string `json:"model_output_steps"`
	Correctness string   `json:"model_output_answer_correctness"`
	Type        string   `json:"question_type"`
}

// mrFigures are the grader's figures on MR-GSM8K: on the gold field as the data gives it
// (a row whose field holds no answer is undecided there), and apart, on the rows whose gold a
// fallback recovered from the reference solution.
type mrFigures struct {
	rows, found, noGold, decided, agree int
	recovered, recDecided, recAgree     int
	disagreements                       []string
	unknowns                            map[string]int
}

func measureMRGSM8K(rows []mrRow) mrFigures {
	f := mrFigures{unknowns: map[string]int{}}
	g := NewGrader(GraderOptions{})
	for _, r := range rows {
		f.rows++
		ex := Extract(strings.Join(r.Steps, "\n"))
		if !ex.Found {
			f.unknowns["no answer ("+r.Type+")"]++
			continue
		}
		f.found++
		gold, fromSolution := string(r.Gold), false
		if k := g.parse(gold).kind; k == kText || k == kBad {
			// the field holds no answer ("Let's think step by step." in 74 reversed rows, a
			// sentence in one): undecided on the field; the reference solution's final answer
			// (marked, else its last number: "The value of x is 40.") is graded apart
			f.noGold++
			f.unknowns["the gold field holds no answer"]++
			gs := ExtractWith(r.GoldSol, ExtractOptions{Fallback: FallbackLastNumber})
			if !gs.Found {
				continue
			}
			gold, fromSolution = gs.Answer, true
			f.recovered++
		}
		res := g.Grade(gold, ex.Answer)
		if res.Verdict == Unknown {
			key := res.Reason
			if i := strings.Index(key, ":"); i > 0 {
				key = key[:i]
			}
			f.unknowns[key]++
			continue
		}
		want := Different
		if r.Correctness == "correct" {
			want = Equal
		}
		if fromSolution {
			f.recDecided++
			if res.Verdict == want {
				f.recAgree++
			}
			continue
		}
		f.decided++
		if res.Verdict == want {
			f.agree++
		} else {
			f.disagreements = append(f.disagreements, r.UUID+": gold "+string(r.Gold)+" answer "+ex.Answer+" → "+string(res.Verdict)+", labelled "+r.Correctness+" ("+res.Reason+")")
		}
	}
	return f
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// TestMeasureMRGSM8K measures the grader against MR-GSM8K's labelled answer correctness, on
// the gold field as the data gives it: the decided share of the rows with an answer (a row
// whose gold field holds no answer is undecided), and agreement where decided. The golds a
// fallback recovers from the reference solution are graded apart, with their own agreement,
// and never counted in those figures. The POT rows answer with a Python program: their
// answer is the value it prints (method "program"), or none when the program is outside the
// subset read (imports, loops, definitions).
func TestMeasureMRGSM8K(t *testing.T) {
	rows := testshared.ReadJSONL[mrRow](t, testshared.Path(t, "data/mr-gsm8k/labeled.jsonl"))
	f := measureMRGSM8K(rows)
	withGold := f.found - f.noGold
	t.Logf("MR-GSM8K rows %d, answer found %d (%.1f%%); on the gold field as given: decided %d of %d rows with an answer (%.1f%%), of the %d whose gold field holds an answer %.1f%%; agreement %d/%d (%.2f%%)",
		f.rows, f.found, pct(f.found, f.rows), f.decided, f.found, pct(f.decided, f.found), withGold, pct(f.decided, withGold), f.agree, f.decided, pct(f.agree, f.decided))
	t.Logf("apart: %d rows whose gold field holds no answer; gold recovered from the reference solution in %d, decided %d, agreement %d/%d (%.2f%%)",
		f.noGold, f.recovered, f.recDecided, f.recAgree, f.recDecided, pct(f.recAgree, f.recDecided))
	keys := make([]string, 0, len(f.unknowns))
	for k := range f.unknowns {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("  not decided: %4d  %s", f.unknowns[k], k)
	}
	for _, d := range f.disagreements {
		t.Logf("  disagreement: %s", d)
	}
	if pct(f.agree, f.decided) < 98 {
		t.Errorf("agreement %.2f%% < 98%%", pct(f.agree, f.decided))
	}
	if pct(f.decided, withGold) < 95 {
		t.Errorf("decided %.1f%% of the rows whose gold field holds an answer < 95%%", pct(f.decided, withGold))
	}
	if pct(f.decided, f.found) < 85 {
		t.Errorf("decided %.1f%% of the rows with an answer, on the gold field as given, < 85%%", pct(f.decided, f.found))
	}
}

// TestMeasureGSM8KReformatted grades every GSM8K train gold answer
// against itself written the other ways answers are written (boxed,
// currency, separators, trailing zeros, units, a sentence around it):
// all must be equal, and the answer plus one must be different.
func TestMeasureGSM8KReformatted(t *testing.T) {
	type row struct {
		Answer string `json:"answer"`
	}
	rows := testshared.ReadJSONL[row](t, testshared.Path(t, "data/gsm8k/train.jsonl"))
	g := NewGrader(GraderOptions{})
	total, bad := 0, 0
	for i, r := range rows {
		ex := Extract(r.Answer)
		if !ex.Found || ex.Method != "hashes" {
			t.Errorf("no #### answer in %q", truncate(r.Answer, 80))
			continue
		}
		gold := ex.Answer
		variants := []string{"\\boxed{" + gold + "}", "$" + gold, "\\$" + gold, gold + " dollars", gold + " \\text{ units}", "$" + gold + "$"}
		plain := strings.ReplaceAll(gold, ",", "")
		if !strings.Contains(plain, ".") {
			variants = append(variants, plain+".00", withSeparators(plain))
		}
		// each row is graded in three of its forms, rotating through all of them, to keep the
		// test fast under the race detector
		for k := range 3 {
			v := variants[(3*i+k)%len(variants)]
			total++
			if r := g.Grade(gold, v); r.Verdict != Equal {
				bad++
				if bad <= 10 {
					t.Errorf("GSM8K gold %q against %q: %s (%s)", gold, v, r.Verdict, r.Reason)
				}
			}
		}
		if r := g.Grade(gold, plain+"1"); r.Verdict != Different {
			t.Errorf("GSM8K gold %q against %q: %s (%s)", gold, plain+"1", r.Verdict, r.Reason)
		}
		// the full reference solution, extracted then graded
		total++
		if r := g.Grade(gold, Extract("The answer is "+gold+".").Answer); r.Verdict != Equal {
			bad++
			t.Errorf("GSM8K gold %q in a sentence: %s", gold, r.Verdict)
		}
	}
	t.Logf("GSM8K train: %d gold answers, %d reformatted pairs, %d not equal", len(rows), total, bad)
}

// withSeparators writes an integer with thousands separators.
func withSeparators(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// processBenchQuirks are label contradictions inspected by hand, where
// the grader is right and the label is not.
var processBenchQuirks = map[[2]string]string{
	{"olympiadbench-251", "olympiadbench-717"}: "1156/4913 = 4·17²/17³ = 4/17 exactly, yet the first is labelled incorrect and the second correct",
	{"olympiadbench-565", "olympiadbench-891"}: "4.0 and 4.2 are both labelled correct for one value of r to one decimal place",
}

// TestMeasureProcessBenchAnswers checks extraction and grading on
// ProcessBench dev without a gold answer: the final answers of two chains
// for the same problem that are both labelled correct must never be
// graded different, and a correct one against an incorrect one never
// equal. It reports how often an answer is found and decided.
func TestMeasureProcessBenchAnswers(t *testing.T) {
	type row struct {
		ID      string   `json:"id"`
		Problem string   `json:"problem"`
		Steps   []string `json:"steps"`
		Correct bool     `json:"final_answer_correct"`
	}
	g := NewGrader(GraderOptions{})
	for _, subset := range []string{"gsm8k", "math", "olympiadbench", "omnimath"} {
		rows := testshared.ReadJSONL[row](t, testshared.Path(t, "data/processbench/"+subset+".dev.jsonl"))
		found, understood := 0, 0
		byProblem := map[string][]int{}
		answers := make([]Extraction, len(rows))
		for i, r := range rows {
			answers[i] = Extract(strings.Join(r.Steps, "\n\n"))
			if answers[i].Found {
				found++
				if g.parse(answers[i].Answer).kind != kBad {
					understood++
				}
			}
			byProblem[r.Problem] = append(byProblem[r.Problem], i)
		}
		pairs, decided, wrong := 0, 0, 0
		for _, idx := range byProblem {
			for x := 0; x < len(idx); x++ {
				for y := x + 1; y < len(idx); y++ {
					a, b := idx[x], idx[y]
					if !answers[a].Found || !answers[b].Found || !rows[a].Correct && !rows[b].Correct {
						continue
					}
					pairs++
					r := g.Grade(answers[a].Answer, answers[b].Answer)
					if r.Verdict == Unknown {
						continue
					}
					decided++
					if q, ok := processBenchQuirks[[2]string{rows[a].ID, rows[b].ID}]; ok {
						t.Logf("%s: known label quirk %s/%s: %s (%s)", subset, rows[a].ID, rows[b].ID, q, r.Reason)
						continue
					}
					if (rows[a].Correct == rows[b].Correct) != (r.Verdict == Equal) {
						wrong++
						t.Errorf("%s: %s %q against %s %q (correct %v, %v): %s (%s)", subset, rows[a].ID, answers[a].Answer, rows[b].ID, answers[b].Answer,
							rows[a].Correct, rows[b].Correct, r.Verdict, r.Reason)
					}
				}
			}
		}
		t.Logf("%-13s chains %3d, answer found %3d (%.1f%%), understood %3d (%.1f%% of found); same-problem pairs with a correct chain %3d, decided %3d, contradicting the labels %d",
			subset, len(rows), found, pct(found, len(rows)), understood, pct(understood, found), pairs, decided, wrong)
	}
}
