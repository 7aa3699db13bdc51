package translate

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/testutil/testshared"
)

// The measurements read ../shared/data at run time (never copied into the
// repository). LEANPRM_SHARED overrides the shared directory. Without the
// data the tests skip, except under CI=true, where they fail.

var annotationRE = regexp.MustCompile(`<<([^<>]*)>>`)

// gsmFigures are the GSM8K calculator-annotation figures.
type gsmFigures struct {
	annotations, annVerified, annRefuted int
	prose, proseVerified, proseRefuted   int
	lineObligations, lineRefuted         int
	refutations                          []string // of true claims: bugs
	typos                                []string // of prose that differs from its annotation
}

// calcForm spells an expression the way a calculator annotation does.
func calcForm(s string) string {
	r := strings.NewReplacer(" ", "", "$", "", ",", "", "×", "*", "x", "*", "X", "*", "÷", "/", "–", "-")
	return r.Replace(s)
}

func measureGSM8K(tb testing.TB, tr *Translator) gsmFigures {
	type row struct {
		Question string `json:"question"`
		Answer   string `json:"answer"`
	}
	rows := testshared.ReadJSONL[row](tb, testshared.Path(tb, "data/gsm8k/train.jsonl"))
	var f gsmFigures
	ctx := context.Background()
	for ri, r := range rows {
		for _, line := range strings.Split(r.Answer, "\n") {
			locs := annotationRE.FindAllStringSubmatchIndex(line, -1)
			if len(locs) == 0 {
				continue
			}
			// The prose line without its annotations, and where each
			// annotation stood in it.
			var b strings.Builder
			var at []int
			last := 0
			for _, m := range locs {
				b.WriteString(line[last:m[0]])
				at = append(at, b.Len())
				last = m[1]
			}
			b.WriteString(line[last:])
			prose := b.String()
			res, err := tr.ChainProblem(ctx, fmt.Sprint(ri), r.Question, []string{prose})
			if err != nil {
				tb.Fatal(err)
			}
			for _, o := range res.Steps[0].Obligations {
				f.lineObligations++
				if o.Verdict != Refuted {
					continue
				}
				f.lineRefuted++
				// A refuted prose claim is a bug when an annotation on the
				// line says the same thing; otherwise the prose itself has
				// a typo that its annotation does not share.
				msg := fmt.Sprintf("prose %d: %q: %s", ri, prose, o.Expr)
				same := false
				for _, m := range locs {
					if strings.Contains(calcForm(line[m[2]:m[3]]), calcForm(o.Span.Text)) {
						same = true
					}
				}
				if same {
					f.refutations = append(f.refutations, msg)
				} else {
					f.typos = append(f.typos, msg)
				}
			}
			for k, m := range locs {
				expr := line[m[2]:m[3]]
				f.annotations++
				ar, err := tr.ChainProblem(ctx, "", r.Question, []string{expr})
				if err != nil {
					tb.Fatal(err)
				}
				if ar.Steps[0].Verdict == StepVerified {
					f.annVerified++
				}
				if ar.Steps[0].Verdict == StepRefuted {
					f.annRefuted++
					f.refutations = append(f.refutations, fmt.Sprintf("annotation %d: %q", ri, expr))
				}
				// The prose claim: the obligation whose span reaches the
				// place of the annotation (its result follows there).
				f.prose++
				for _, o := range res.Steps[0].Obligations {
					if o.Kind == KindSqrtSide || o.Span.Start >= at[k] || o.Span.End < at[k] {
						continue
					}
					switch o.Verdict {
					case Verified:
						f.proseVerified++
					case Refuted:
						f.proseRefuted++
					}
					break
				}
			}
		}
	}
	return f
}

// TestGSM8KAnnotationsNeverRefuted: every calculator annotation of GSM8K
// is true, so any refutation among them or in the prose around them is a
// translator bug or an ambiguity that must be unknown.
func TestGSM8KAnnotationsNeverRefuted(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole GSM8K training set")
	}
	t.Parallel()
	tr, err := New(Options{})
	require.NoError(t, err)
	f := measureGSM8K(t, tr)
	t.Logf("annotations %d: verified %d (%.1f%%), refuted %d", f.annotations, f.annVerified, pct(f.annVerified, f.annotations), f.annRefuted)
	t.Logf("prose claims %d: verified %d (%.1f%%), refuted %d", f.prose, f.proseVerified, pct(f.proseVerified, f.prose), f.proseRefuted)
	t.Logf("all obligations on annotated lines %d, refuted %d", f.lineObligations, f.lineRefuted)
	for _, r := range f.typos {
		t.Log("refuted a typo in the prose (its annotation differs):", r)
	}
	for _, r := range f.refutations {
		assert.Fail(t, "refuted a true claim", r)
	}
	require.NotZero(t, f.annVerified, "no annotation verified: the measurement is broken")
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

type pbRow struct {
	ID      string   `json:"id"`
	Problem string   `json:"problem"`
	Steps   []string `json:"steps"`
	Label   int      `json:"label"`
}

// investigated lists refutations before the labelled first error that
// were checked by hand and found right: the claim is false as the step
// writes it, and the label marks a later step (or none). Only chain ids
// and step indices are kept here, no text of the data.
var investigated = map[string]string{
	"math-164/4":          "a binomial coefficient reduced wrongly, twice (two false equalities whose errors cancel)",
	"olympiadbench-529/0": "5!/2! rewritten as a quotient worth half the stated value",
	"olympiadbench-451/1": "(x⁴ + 2·x²·(1/x²) + 1/x⁴) written equal to (x² + 1/x²)² - 2: the left side is the whole square, 2 more than the right",
	"omnimath-805/5":      "a prime factorisation with a wrong exponent (and a list of the divisors of 1404 that leaves out 27, 54, 108, 351)",
	"omnimath-640/3":      "1024 listed among the divisors of 1536 = 2^9 · 3, which it does not divide (1536/1024 = 3/2)",
	"omnimath-998/3":      "a product of two decimals miscomputed by about one",
	// (y+1+x)(y-1-x) is y² - (x+1)², not (y+1)² - (x+1)²; the wrong
	// difference of squares feeds the equation used afterwards.
	"omnimath-191/2": "a product expanded as (y+1)² - (x+1)² instead of y² - (x+1)²",
	// Reciprocals in a continued fraction shown to fifteen places and
	// wrong from the third (1/0.2599… is 3.8473…, 1/0.8483… is 1.1787…);
	// only the integer parts are used afterwards.
	"math-740/2": "a reciprocal shown to fifteen places, wrong from the third",
	"math-740/4": "a reciprocal shown to fifteen places, wrong from the third",
	// u(x + y) - u² = 2xy, rearranged, is u² - u(x + y) + 2xy = 0; the
	// step writes -2xy, and the quadratic formula after it uses the wrong
	// sign ((x + y)² + 8xy under the root).
	"omnimath-265/4": "an equation rearranged with the sign of one term flipped (+2xy written -2xy)",
	// 1 - sin⁴x - 1 + sin²x = 1/16 simplifies to -sin⁴x + sin²x = 1/16;
	// the step writes 1/16 - 1 on the right, though the two 1s on the
	// left had already cancelled (sin x read as an unknown of its own).
	"omnimath-276/2": "an equation simplified with a constant subtracted twice (the right side 1/16 written 1/16 - 1)",
	// M = [[-ω², -ω], [1, 0]]: the top-left entry of M² is
	// (-ω²)(-ω²) + (-ω)(1) = ω⁴ - ω = 0, which the step writes ω⁴ - ω²
	// (the product (-ω)(1) taken as -ω²); the wrong M² feeds M³ after it.
	"math-474/1": "a product of matrices in a cube root of unity ω with one entry wrong ((-ω)(1) taken as -ω²)",
}

type pbFigures struct {
	subset                         string
	chains, steps, covered         int
	erroneous                      int // chains with a labelled first error
	verifiedSteps                  int
	falseAlarms, atError, afterErr int
	beforeLabel, inCorrect         int          // the false alarms split
	atByKind                       map[Kind]int // refuting kinds of the steps refuted at the first error
	withVerdict                    int          // steps verified, approximate or refuted
	alarms                         []string
	explained                      []string
	elapsed                        time.Duration
}

// measureProcessBench reads the chains of a dev file checked with
// Options{}, from the walk the package's tests share (devwalk_test.go).
func measureProcessBench(tb testing.TB, subset string) pbFigures {
	dev := devResults(tb, subset)
	f := pbFigures{subset: subset, chains: len(dev.rows), atByKind: map[Kind]int{}, elapsed: dev.elapsed}
	for k, r := range dev.rows {
		res := dev.checked[k]
		if r.Label >= 0 {
			f.erroneous++
		}
		for i, s := range res.Steps {
			f.steps++
			if len(s.Obligations) > 0 {
				f.covered++
			}
			if s.Verdict == StepVerified {
				f.verifiedSteps++
			}
			if s.Verdict != StepNone {
				f.withVerdict++
			}
			if s.Verdict != StepRefuted {
				continue
			}
			switch {
			case r.Label == -1 || i < r.Label:
				f.falseAlarms++
				if r.Label == -1 {
					f.inCorrect++
				} else {
					f.beforeLabel++
				}
				key := fmt.Sprintf("%s/%d", r.ID, i)
				if why, ok := investigated[key]; ok {
					f.explained = append(f.explained, key+": "+why)
					continue
				}
				for _, o := range s.Obligations {
					if o.Verdict == Refuted {
						f.alarms = append(f.alarms, fmt.Sprintf("%s %s step %d (label %d): %s  [%s]\n      text: %q",
							subset, r.ID, i, r.Label, o.Expr, o.Span.Text, s.Text))
					}
				}
			case i == r.Label:
				f.atError++
				for _, o := range s.Obligations {
					if o.Verdict == Refuted {
						f.atByKind[o.Kind]++
						break
					}
				}
			default:
				f.afterErr++
			}
		}
	}
	return f
}

// TestMeasure prints the ProcessBench figures: coverage per subset,
// refutations before the labelled first error (candidate false alarms,
// listed), at it, and throughput. It fails on any refutation before the
// label that is not in the investigated list.
func TestMeasure(t *testing.T) {
	if testing.Short() {
		t.Skip("reads ProcessBench")
	}
	t.Parallel()
	var all []string
	steps := 0
	var elapsed time.Duration
	recallSum, refutedSteps, earlySteps := 0.0, 0, 0
	for _, subset := range []string{"gsm8k", "math", "olympiadbench", "omnimath"} {
		f := measureProcessBench(t, subset)
		steps += f.steps
		elapsed += f.elapsed
		recallSum += pct(f.atError, f.erroneous)
		refutedSteps += f.falseAlarms + f.atError + f.afterErr
		earlySteps += f.falseAlarms
		t.Logf("%-13s first-error recall %d/%d = %.1f%%", subset, f.atError, f.erroneous, pct(f.atError, f.erroneous))
		t.Logf("%-13s chains %4d steps %5d  with obligations %5d (%.1f%%)  with a verdict %5d (%.1f%%)  verified steps %4d  refuted: before first error %d, in correct chains %d, at first error %d, after %d",
			subset, f.chains, f.steps, f.covered, pct(f.covered, f.steps), f.withVerdict, pct(f.withVerdict, f.steps), f.verifiedSteps,
			f.beforeLabel, f.inCorrect, f.atError, f.afterErr)
		kinds := make([]string, 0, len(f.atByKind))
		for k, n := range f.atByKind {
			kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(kinds)
		t.Logf("  refuted at the first error, by the kind of the first refuted obligation: %s", strings.Join(kinds, ", "))
		all = append(all, f.alarms...)
		for _, e := range f.explained {
			t.Logf("  refuted before the label, checked by hand (a false claim the label misses): %s", e)
		}
	}
	t.Logf("first-error recall averaged over the subsets %.1f%%; refuted steps before the label or in correct chains %d of %d (%.1f%%)",
		recallSum/4, earlySteps, refutedSteps, pct(earlySteps, refutedSteps))
	t.Logf("throughput: %d steps in %v = %.0f steps/s (exact checker)", steps, elapsed.Round(time.Millisecond), float64(steps)/elapsed.Seconds())
	sort.Strings(all)
	for _, a := range all {
		assert.Fail(t, "false alarm", a)
	}
}

// TestMeasureHeldOut prints the same precision figures on data the rules
// were not tuned on first: PRMBench's original PRM800K solutions (every
// refutation there is listed: each was a real arithmetic slip when this
// was written) and MR-GSM8K's wrong solutions (refutations before the
// human-marked first error).
// prmOriginalSlips are the claims refuted in PRMBench's original PRM800K
// solutions, each read in its step: false as written, a slip of the
// solution (PRM800K keeps steps its raters marked wrong).
var prmOriginalSlips = map[string]string{
	"650 * 90 = 585000":                                     "the product is 58500",
	"4 * 3 / (2 * 2) = 6":                                   "4!/(2!·2!) cancelled to (4·3)/(2·2), which is 3",
	"4! / (2! * 2!) = 4 * 3 / (2 * 2)":                      "the same slip one link earlier: 4!/(2!·2!) is 6, (4·3)/(2·2) is 3",
	"x^2 + 12 * x = x^2 + 12 * x + 36":                      "completing the square written as an equation; 36 is added on one side only",
	"y^2 + 16 * y = y^2 + 16 * y + 64":                      "the same for y",
	"√(2^2 + 9^2) = √97":                                    "2² + 9² is 85",
	"1 - 1 / 3 + 1 / 6 = 2 / 3":                             "the sum is 5/6",
	"222 * 15 - 3194 = 6":                                   "222·15 - 3194 is 136",
	"222 * 16 - 3194 = 128":                                 "222·16 - 3194 is 358",
	"116 * 117 = 13192":                                     "the product is 13572",
	"4 - 12 + 9 - 4 - 6 + 4 = -1":                           "the sum is -5",
	"3328 = 2 ^ 5 * 13":                                     "2⁵·13 is 416; 3328 is 2⁸·13",
	"2 * 7 * 27 = 486":                                      "the product is 378",
	"7 * 3 * 73 = 1521":                                     "the product is 1533",
	"80 * 81 / 2 = 3380":                                    "the sum 1..80 is 3240",
	"62 * 63 / 2 = 1956":                                    "the sum 1..62 is 1953",
	"90 = 70 + 21":                                          "70 + 21 is 91",
	"7 * 23 + 5 = 164":                                      "7·23 + 5 is 166 (a chain modulo 7, 11 and 13; the difference 2 is no multiple of any)",
	"1! + 2! + 6! = 1 + 2 + 6":                              "6! is 720",
	"2 * x / (x^2 - 5 * x - 14) = 2 / (x - 5 - 14 / (x^2))": "the problem's f(x) = 2x/(x² - 5x - 14) \"divided by x²\" in numerator and denominator is (2/x)/(1 - 5/x - 14/x²); the step's 2/(x - 5 - 14/x²) is 2x²/(x³ - 5x² - 14), another function",
	"x^4 + 4 * x^2 + 4 - m * x^2 = 1 ⇒ x^4 + 3 * x^2 + 3 - m * x^2 = 0":                                                  "1 moved to the left takes 1 from the constant only, not from 4x² too",
	"59 * x * r + 58 * x * s = 58 * (180 * r + 180 * s - 720) ⇒ 59 * x * r + 58 * x * s = 10560 * r + 10560 * s - 72058": "58·180 is 10440 and 58·720 is 41760",
	"a = (97^2 - 19^2) / 78 * c + (97 - 19) / 78 * d ⇒ a = 116 * c + 78 * d":                                             "(97 - 19)/78 is 1, not 78 (the solution itself says so later)",
	"(101 / 20)^2 + √((101 / 20)^4 - 1) + 1 / ((101 / 20)^2 - √((101 / 20)^4 - 1)) = (101 / 20)^2 + √((101 / 20)^4 - 1) + 1 / ((101 / 20)^2 + √((101 / 20)^4 - 1)) * (((101 / 20)^2 - √((101 / 20)^4 - 1)) / ((101 / 20)^2 - √((101 / 20)^4 - 1)))": "1/(x² - √(x⁴-1)) rewritten from 1/(x² + √(x⁴-1)), a sign copied wrongly",
}

// mrEarlierSlips are the claims refuted before MR-GSM8K's human-marked
// first error, each read in its solution: a real slip the marking missed.
var mrEarlierSlips = map[string]string{
	"80 * 2 * 0.75 = 24": "the product is 120",
	"74 - 5 = 70":        "the difference is 69",
	"8 - x + 1 / 4 * (4 - x) + 16 - 4 * x = 16 ⇒ 28 - 4 * x + 1 / 4 * (4 - x) = 16": "8 - x + 16 - 4x is 24 - 5x, not 28 - 4x",
}

func TestMeasureHeldOut(t *testing.T) {
	if testing.Short() {
		t.Skip("reads PRMBench and MR-GSM8K")
	}
	t.Parallel()
	tr, err := New(Options{})
	require.NoError(t, err)
	ctx := context.Background()
	type prmRow struct {
		Question string   `json:"original_question"`
		Proc     []string `json:"original_process"`
	}
	files, _ := filepath.Glob(filepath.Join(testshared.Path(t, "data/prmbench"), "*.jsonl"))
	seen := map[string]bool{}
	chains, steps, covered, refuted := 0, 0, 0, 0
	for _, f := range files {
		for _, r := range testshared.ReadJSONL[prmRow](t, f) {
			key := strings.Join(r.Proc, "\x00") // the first of its questions: they differ in spacing only
			if seen[key] {
				continue
			}
			seen[key] = true
			chains++
			res, err := tr.ChainProblem(ctx, "", r.Question, r.Proc)
			require.NoError(t, err)
			for _, s := range res.Steps {
				steps++
				if len(s.Obligations) > 0 {
					covered++
				}
				for _, o := range s.Obligations {
					if o.Verdict == Refuted {
						refuted++
						if !seen["refuted "+o.Expr] {
							seen["refuted "+o.Expr] = true
							t.Logf("  PRMBench original refuted: %s", o.Expr)
							assert.Contains(t, prmOriginalSlips, o.Expr, "a refutation in a PRM800K original solution that nobody has read")
						}
					}
				}
			}
		}
	}
	t.Logf("PRMBench original solutions: chains %d steps %d with obligations %d (%.1f%%) refuted obligations %d",
		chains, steps, covered, pct(covered, steps), refuted)

	type mrRow struct {
		Question string   `json:"question"`
		Steps    []string `json:"model_output_steps"`
		First    any      `json:"model_output_solution_first_error_step"`
	}
	before, at := 0, 0
	steps, covered = 0, 0
	for _, r := range testshared.ReadJSONL[mrRow](t, testshared.Path(t, "data/mr-gsm8k/labeled.jsonl")) {
		first := -1
		switch v := r.First.(type) {
		case float64:
			first = int(v) - 1
		case string:
			if _, err := fmt.Sscan(v, &first); err == nil {
				first--
			}
		}
		res, err := tr.ChainProblem(ctx, "", r.Question, r.Steps)
		require.NoError(t, err)
		for i, s := range res.Steps {
			steps++
			if len(s.Obligations) > 0 {
				covered++
			}
			switch {
			case s.Verdict != StepRefuted || first < 0:
			case i < first:
				before++
				for _, o := range s.Obligations {
					if o.Verdict == Refuted {
						t.Logf("  MR-GSM8K refuted before the marked error: %s", o.Expr)
						assert.Contains(t, mrEarlierSlips, o.Expr, "a refutation before MR-GSM8K's marked first error that nobody has read")
					}
				}
			case i == first:
				at++
			}
		}
	}
	t.Logf("MR-GSM8K wrong solutions: steps %d with obligations %d (%.1f%%) refuted before the first error %d, at it %d",
		steps, covered, pct(covered, steps), before, at)
}

func BenchmarkTranslateProcessBench(b *testing.B) {
	rows := testshared.ReadJSONL[pbRow](b, testshared.Path(b, "data/processbench/math.dev.jsonl"))
	tr, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	steps := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, r := range rows {
			if _, err := tr.ChainProblem(context.Background(), r.ID, r.Problem, r.Steps); err != nil {
				b.Fatal(err)
			}
			steps += len(r.Steps)
		}
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
}
