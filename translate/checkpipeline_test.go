package translate_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/formaltranslate"
	"github.com/leanprm/leanprm/translate"
)

// These tests run the formal half of `leanprm check --checker exact`:
// hybrid.ReadChains splits each row into steps exactly as `check` does
// (for GSM8K: one step per line, calculator annotations dropped, the
// "####" line as "The answer is N."), and formaltranslate.Checker, the
// adapter cmd/leanprm puts in front of the translator, decides them. The
// data is read from ../shared at run time; nothing of it is copied here
// except row and step numbers and the short claims that were checked by
// hand.

func sharedFile(tb testing.TB, rel string) string {
	tb.Helper()
	dir := os.Getenv("LEANPRM_SHARED")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared")
	}
	p := filepath.Join(dir, "data", rel)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("shared data missing under CI: %v", err)
		}
		tb.Skipf("shared data not found (%v); set LEANPRM_SHARED", err)
	}
	return p
}

// refutedSteps checks every chain of path as `check` reads it and
// returns "row/step" (0-based row of the file, 0-based step) → the
// refuted claims of the step, and the number of steps checked.
func refutedSteps(tb testing.TB, path string, format hybrid.Format, before func(c hybrid.Chain, step int) bool) (map[string]string, int) {
	tb.Helper()
	chains, rowErrs, err := hybrid.ReadChains(path, format)
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
	ck := formaltranslate.New(tr)
	out := map[string]string{}
	steps := 0
	for row, c := range chains {
		fs, err := ck.CheckChain(context.Background(), c.Problem, c.Steps)
		if err != nil {
			tb.Fatal(err)
		}
		for i, st := range fs {
			steps++
			if st.Verdict != hybrid.Refuted || !before(c, i) {
				continue
			}
			var claims []string
			for _, o := range st.Obligations {
				if o.Verdict == hybrid.Refuted {
					claims = append(claims, o.Text)
				}
			}
			key := fmt.Sprintf("%d/%d", row, i)
			if c.ID != "" && format != hybrid.FormatGSM8K {
				key = fmt.Sprintf("%s/%d", c.ID, i)
			}
			out[key] = strings.Join(claims, "; ")
		}
	}
	return out, steps
}

// gsm8kTypos are the steps of the GSM8K training reference solutions
// (row of train.jsonl from 0, step from 0 as `check` splits the answer)
// that are false as written, each checked by hand: the writer's slip,
// not a reading of the translator. The claim is the refuted obligation
// as the translator normalises it.
var gsm8kTypos = map[string]string{}

// TestGSM8KTrainCheckRefutesOnlyTypos checks every step of all 7,473
// GSM8K training reference solutions, which are right, through the path
// `leanprm check --checker exact` takes. Every refuted step must be a
// typo of the data listed above; any other refutation is a bug.
func TestGSM8KTrainCheckRefutesOnlyTypos(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole GSM8K training set")
	}
	got, steps := refutedSteps(t, sharedFile(t, "gsm8k/train.jsonl"), hybrid.FormatGSM8K,
		func(hybrid.Chain, int) bool { return true })
	if steps < 7473 {
		t.Fatalf("only %d steps read", steps)
	}
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
			t.Logf("%s %s refuted, a typo of the data: %s (%s)", what, k, got[k], w)
			continue
		}
		t.Errorf("%s %s refuted and not a known typo: %s", what, k, got[k])
	}
	for k, w := range want {
		if _, ok := got[k]; !ok {
			t.Errorf("%s %s is listed as a typo (%s) but is no longer refuted", what, k, w)
		}
	}
	t.Logf("%s: %d refuted steps", what, len(got))
}
