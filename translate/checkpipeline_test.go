package translate_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/formal"
	"github.com/leanprm/leanprm/internal/testutil/testshared"
	"github.com/leanprm/leanprm/translate"
)

// These tests run the formal half of `leanprm check --checker exact`:
// chain.Read splits each row into steps exactly as `check` does
// (for GSM8K: one step per line, calculator annotations dropped, the
// "####" line as "The answer is N."), and formal.Prose, the
// adapter cmd/leanprm puts in front of the translator, decides them. The
// data is read from ../shared at run time; nothing of it is copied here
// except row and step numbers and the short claims that were checked by
// hand.

// pipelineFigures count the steps checked, those with at least one
// obligation and those verified.
type pipelineFigures struct{ steps, covered, verified int }

func (f pipelineFigures) String() string {
	return fmt.Sprintf("%d steps, %d with an obligation, %d verified", f.steps, f.covered, f.verified)
}

// refutedSteps checks every chain of path as `check` reads it and
// returns "row/step" (row: 1-based line of a GSM8K file, else the chain
// id; step from 0) → the refuted claims of the step, and the figures.
func refutedSteps(tb testing.TB, path string, format chain.Format, before func(c chain.Chain, step int) bool) (map[string]string, pipelineFigures) {
	tb.Helper()
	chains, rowErrs, err := chain.Read(path, format)
	if err != nil {
		tb.Fatal(err)
	}
	if len(rowErrs) > 0 {
		tb.Fatalf("%s: %d unreadable rows, first %v", path, len(rowErrs), rowErrs[0])
	}
	tr, err := translate.New(translate.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	ck := formal.NewProse(tr)
	out := map[string]string{}
	var f pipelineFigures
	for row, c := range chains {
		fs, err := ck.JudgeSteps(context.Background(), c.Problem, c.Steps)
		if err != nil {
			tb.Fatal(err)
		}
		for i, st := range fs {
			f.steps++
			if len(st.Obligations) > 0 {
				f.covered++
			}
			if st.Verdict == hybrid.Verified {
				f.verified++
			}
			if st.Verdict != hybrid.Refuted || !before(c, i) {
				continue
			}
			var claims []string
			for _, o := range st.Obligations {
				if o.Verdict == hybrid.Refuted {
					claims = append(claims, o.Text)
				}
			}
			key := fmt.Sprintf("%d/%d", row+1, i)
			if c.ID != "" && format != chain.FormatGSM8K {
				key = fmt.Sprintf("%s/%d", c.ID, i)
			}
			out[key] = strings.Join(claims, "; ")
		}
	}
	return out, f
}

// gsm8kTypos are the steps of the GSM8K training reference solutions
// ("line/step": line of train.jsonl from 1, step from 0 as `check`
// splits the answer) that are false as written, each checked by hand
// against the question and the rest of the solution: the writer's slip,
// false under every reading, not a reading of the translator. Each entry
// gives the refuted claim as the translator normalises it and what the
// writer meant.
var gsm8kTypos = map[string]string{
	"169/1":  "6 * 2.5 = 18.00: the croissants cost $3 each (its annotation has 6*3)",
	"503/0":  "3 / 1 = 1: the sticker cost 3/3 = 1 dollar (the magnet costs 3); 3/1 written for 3/3",
	"1818/6": "1550 / 50 = 29: the tires need 1450 cubic inches (the line before), 1450 / 50 = 29; 1550 copied wrongly",
	"225/0":  "4080 + 4080 / 2 = 4000 + 2040: 4080 copied as 4000 (the sum 6120 is right)",
	"2288/3": "4 * p + 24 + p + 6 + p = 315 ⇒ 6 * p + 30 = 312: the cars total 312 (the question); 315 was written in the equation the step combines, and the step changes the constant while claiming only to combine like terms",
	"3003/0": "8 * 3 = 240: 80 cookies a tray, 80 * 3 (its annotation)",
	"3335/7": "4200 + 3000 = 8600: the sum is 7200 (the final answer)",
	"3410/1": "10 * 0.5 = 10: 10 cans at $.5 cost $5 (the final answer)",
	"4692/0": "2 * 8 = 24: the counter took three times the 8 hours of painting, 3*8 (the next line adds 24)",
	"5196/0": "5 * 1 / 2 = 10: 5 burgers cut in halves, 5 / (1/2); × written for ÷",
	"5351/2": "13 + 4 + 16 = 45: the sum is 33 (the final answer)",
	"6158/4": "70 + 40 = 100: the sum is 110 (the final answer)",
	"6257/1": "10 * 1248 = 11480: 12,480 with two digits swapped",
	"3206/3": "10 * b = 180 at b = 180: dividing 10b = 180 by 10 gives 18 (the next line says the body is 18 inches long); 180 copied as the value",
	"6701/1": "2 / 12 = 0.125: the bottle holds 16 ounces, 2 / 16",
	"6714/1": "3 * (8 / 16) = 6: 3 pounds in half-pound containers, 3 / (8/16); × written for ÷",
	"6761/3": "4 + 4 + 6 = 18: the sum is 14",
	"6813/0": "50 - 8 = 44: she made 52 bracelets and gave 8 away (its annotation has 52-8); 52 copied as 50",
	"6843/0": "500 / (2 / 5) = 200: two fifths of 500 seats, 500 * 2/5; / written for × (false read left to right too)",
	"7179/3": "1152 / 1536 = 0.5: the quotient is .75 (the next step uses .75)",
}

// TestGSM8KTrainCheckRefutesOnlyTypos checks every step of all 7,473
// GSM8K training reference solutions, which are right, through the path
// `leanprm check --checker exact` takes. Every refuted step must be a
// typo of the data listed above; any other refutation is a bug.
func TestGSM8KTrainCheckRefutesOnlyTypos(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole GSM8K training set")
	}
	t.Parallel()
	got, f := refutedSteps(t, testshared.Path(t, "data/gsm8k/train.jsonl"), chain.FormatGSM8K,
		func(chain.Chain, int) bool { return true })
	require.True(t, f.steps >= 7473 && f.verified > 0, "only %s: the measurement is broken", f)
	t.Logf("GSM8K train through the check pipeline: %s", f)
	compareRefuted(t, "GSM8K train", got, gsm8kTypos)
}

// compareRefuted fails on any refuted step not in want, and on any step
// of want no longer refuted (the list must stay the truth).
func compareRefuted(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	keys := make([]string, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if w, ok := want[k]; ok {
			t.Logf("%s %s refuted, checked by hand: %s (%s)", what, k, got[k], w)
			continue
		}
		assert.Fail(t, "refuted and not a known typo", "%s %s: %s", what, k, got[k])
	}
	for k, w := range want {
		assert.Contains(t, got, k, "%s %s is listed as a typo (%s) but is no longer refuted", what, k, w)
	}
	t.Logf("%s: %d refuted steps", what, len(got))
}

// TestProcessBenchDevCheckRefutesBeforeLabel runs the same path over
// the four ProcessBench dev files: a step before the labelled first error
// (or in a chain labelled correct) is refuted only when it is one of the
// claims checked by hand (investigated in measure_test.go).
func TestProcessBenchDevCheckRefutesBeforeLabel(t *testing.T) {
	if testing.Short() {
		t.Skip("reads ProcessBench dev")
	}
	t.Parallel()
	got := map[string]string{}
	for _, subset := range []string{"gsm8k", "math", "olympiadbench", "omnimath"} {
		r, f := refutedSteps(t, testshared.Path(t, "data/processbench/"+subset+".dev.jsonl"), chain.FormatAuto,
			func(c chain.Chain, i int) bool { return c.FirstError == chain.NoError || i < c.FirstError })
		t.Logf("ProcessBench %s dev through the check pipeline: %s", subset, f)
		for k, v := range r {
			got[k] = v
		}
	}
	compareRefuted(t, "ProcessBench dev before the label", got, translate.InvestigatedForTest)
}
