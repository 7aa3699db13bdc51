package bench

import (
	"math"
	"slices"
	"sort"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// PBScore is the ProcessBench metric for one subset. Accuracies and F1 are
// percentages (×100).
type PBScore struct {
	Subset string `json:"subset"`
	Chains int    `json:"chains"`
	// Erroneous chains have a wrong step (label ≠ -1); Correct ones do not.
	Erroneous int `json:"erroneous"`
	Correct   int `json:"correct"`
	// ErrorAcc is the share of erroneous chains whose predicted first
	// error equals the label; CorrectAcc the share of correct chains
	// predicted correct; F1 their harmonic mean.
	ErrorAcc   float64 `json:"error_acc"`
	CorrectAcc float64 `json:"correct_acc"`
	F1         float64 `json:"f1"`
}

// ProcessBenchScore computes the metric from gold first-error labels and
// predictions (both NoError for "no error"). Pairs whose label is NoLabel
// are skipped.
func ProcessBenchScore(subset string, labels, preds []int) PBScore {
	s := PBScore{Subset: subset}
	var errHit, okHit int
	for i, l := range labels {
		if l == chain.NoLabel {
			continue
		}
		s.Chains++
		if l == chain.NoError {
			s.Correct++
			if preds[i] == chain.NoError {
				okHit++
			}
		} else {
			s.Erroneous++
			if preds[i] == l {
				errHit++
			}
		}
	}
	if s.Erroneous > 0 {
		s.ErrorAcc = 100 * float64(errHit) / float64(s.Erroneous)
	}
	if s.Correct > 0 {
		s.CorrectAcc = 100 * float64(okHit) / float64(s.Correct)
	}
	s.F1 = harmonic(s.ErrorAcc, s.CorrectAcc)
	return s
}

func harmonic(a, b float64) float64 {
	if a+b == 0 {
		return 0
	}
	return 2 * a * b / (a + b)
}

// ProcessBenchReport is one policy's ProcessBench evaluation.
type ProcessBenchReport struct {
	Policy    string    `json:"policy"`
	Threshold float64   `json:"threshold"`
	Subsets   []PBScore `json:"subsets"`
	// Average holds the mean of the subsets' accuracies and F1 (as the
	// ProcessBench paper averages F1 over subsets), with summed counts.
	Average PBScore `json:"average"`
}

// EvaluateProcessBench scores results (one policy) at threshold, per subset
// in name order, and their average.
func EvaluateProcessBench(results []hybrid.Scored, threshold float64) ProcessBenchReport {
	rep := evaluateProcessBench(results, func(hybrid.Scored) (float64, bool) { return threshold, true })
	rep.Threshold = threshold
	return rep
}

// evaluateProcessBench is EvaluateProcessBench with a threshold per chain:
// thresholdOf gives a chain's threshold and whether it is evaluated at all
// (cross-validation predicts each fold at the other fold's threshold). The
// report's Threshold is the first evaluated chain's.
func evaluateProcessBench(results []hybrid.Scored, thresholdOf func(hybrid.Scored) (float64, bool)) ProcessBenchReport {
	var rep ProcessBenchReport
	if len(results) > 0 {
		rep.Policy = results[0].Policy
	}
	bySubset := map[string][]int{}
	thresholds := make([]float64, len(results))
	first := true
	for i, r := range results {
		if r.Err != "" || r.FirstError == chain.NoLabel {
			continue
		}
		t, ok := thresholdOf(r)
		if !ok {
			continue
		}
		thresholds[i] = t
		if first {
			rep.Threshold, first = t, false
		}
		bySubset[r.Subset] = append(bySubset[r.Subset], i)
	}
	names := make([]string, 0, len(bySubset))
	for n := range bySubset {
		names = append(names, n)
	}
	sort.Strings(names)
	rep.Average.Subset = "average"
	for _, n := range names {
		idx := bySubset[n]
		labels := make([]int, len(idx))
		preds := make([]int, len(idx))
		for j, i := range idx {
			labels[j] = results[i].FirstError
			preds[j] = results[i].Predict(thresholds[i])
		}
		s := ProcessBenchScore(n, labels, preds)
		rep.Subsets = append(rep.Subsets, s)
		rep.Average.Chains += s.Chains
		rep.Average.Erroneous += s.Erroneous
		rep.Average.Correct += s.Correct
		rep.Average.ErrorAcc += s.ErrorAcc
		rep.Average.CorrectAcc += s.CorrectAcc
		rep.Average.F1 += s.F1
	}
	if k := float64(len(rep.Subsets)); k > 0 {
		rep.Average.ErrorAcc /= k
		rep.Average.CorrectAcc /= k
		rep.Average.F1 /= k
	}
	return rep
}

// maxCandidates bounds the thresholds ChooseThreshold tries.
const maxCandidates = 2000

// ChooseThreshold picks the threshold that maximizes ProcessBench F1 on
// calibration results (all pooled as one subset), as the ProcessBench paper
// did on its GSM8K subset. Candidates lie midway between consecutive
// distinct step scores; ties go to the lowest. It returns the threshold and
// the calibration score it reaches.
func ChooseThreshold(calibration []hybrid.Scored) (float64, PBScore) {
	var labels []int
	var chains [][]float64
	var all []float64
	for _, r := range calibration {
		if r.Err != "" || r.FirstError == chain.NoLabel {
			continue
		}
		labels = append(labels, r.FirstError)
		sc := r.Scores()
		chains = append(chains, sc)
		all = append(all, sc...)
	}
	cands := thresholdCandidates(all)
	best, bestT := PBScore{F1: -1}, 0.5
	preds := make([]int, len(labels))
	for _, t := range cands {
		for i, sc := range chains {
			preds[i] = hybrid.FirstError(sc, t)
		}
		s := ProcessBenchScore("calibration", labels, preds)
		if s.F1 > best.F1 {
			best, bestT = s, t
		}
	}
	if best.F1 < 0 {
		return 0.5, PBScore{Subset: "calibration"}
	}
	return bestT, best
}

// thresholdCandidates returns thresholds between consecutive distinct
// scores (thinned to maxCandidates quantiles), plus one below and one above
// all of them.
func thresholdCandidates(scores []float64) []float64 {
	u := slices.Clone(scores)
	slices.Sort(u)
	u = slices.Compact(u)
	if len(u) == 0 {
		return []float64{0.5}
	}
	if len(u) > maxCandidates {
		thin := make([]float64, 0, maxCandidates)
		for i := range maxCandidates {
			thin = append(thin, u[i*(len(u)-1)/(maxCandidates-1)])
		}
		u = slices.Compact(thin)
	}
	out := make([]float64, 0, len(u)+1)
	out = append(out, u[0]) // nothing is below the lowest score: never flag
	for i := 1; i < len(u); i++ {
		out = append(out, (u[i-1]+u[i])/2)
	}
	out = append(out, math.Nextafter(u[len(u)-1], math.Inf(1)))
	return out
}

// PRMBenchScore is the PRMBench step-level metric for one subset
// (classification). Steps labelled wrong are negatives; a step is predicted
// negative when its score is below the threshold. Values are percentages.
type PRMBenchScore struct {
	Subset   string `json:"subset"`
	Steps    int    `json:"steps"`
	Positive int    `json:"positive"`
	Negative int    `json:"negative"`
	// F1 is the F1 of the positive (right-step) class, F1Neg of the
	// negative (wrong-step) class; PRMScore = (F1 + F1Neg) / 2 as in the
	// PRMBench paper (w1 = w2 = 0.5).
	F1       float64 `json:"f1"`
	F1Neg    float64 `json:"f1_neg"`
	PRMScore float64 `json:"prm_score"`
	// AccPos and AccNeg are the recalls of each class.
	AccPos float64 `json:"acc_pos"`
	AccNeg float64 `json:"acc_neg"`
}

type confusion struct{ tp, fp, tn, fn int } // positive = right step

func (c *confusion) add(right, predRight bool) {
	switch {
	case right && predRight:
		c.tp++
	case right:
		c.fn++
	case predRight:
		c.fp++
	default:
		c.tn++
	}
}

func f1(tp, fp, fn int) float64 {
	if tp == 0 {
		return 0
	}
	p := float64(tp) / float64(tp+fp)
	r := float64(tp) / float64(tp+fn)
	return 100 * 2 * p * r / (p + r)
}

func (c confusion) score(subset string) PRMBenchScore {
	s := PRMBenchScore{Subset: subset, Steps: c.tp + c.fp + c.tn + c.fn, Positive: c.tp + c.fn, Negative: c.tn + c.fp}
	s.F1 = f1(c.tp, c.fp, c.fn)
	s.F1Neg = f1(c.tn, c.fn, c.fp)
	s.PRMScore = (s.F1 + s.F1Neg) / 2
	if s.Positive > 0 {
		s.AccPos = 100 * float64(c.tp) / float64(s.Positive)
	}
	if s.Negative > 0 {
		s.AccNeg = 100 * float64(c.tn) / float64(s.Negative)
	}
	return s
}

// PRMBenchReport is one policy's PRMBench evaluation.
type PRMBenchReport struct {
	Policy    string          `json:"policy"`
	Threshold float64         `json:"threshold"`
	Subsets   []PRMBenchScore `json:"subsets"`
	// Overall pools every labelled step of every subset.
	Overall PRMBenchScore `json:"overall"`
	// Mean averages the subsets' PRMScore (other fields unset).
	MeanPRMScore float64 `json:"mean_prm_score"`
}

// EvaluatePRMBench scores results' labelled steps at threshold.
func EvaluatePRMBench(results []hybrid.Scored, threshold float64) PRMBenchReport {
	rep := PRMBenchReport{Threshold: threshold}
	if len(results) > 0 {
		rep.Policy = results[0].Policy
	}
	by := map[string]*confusion{}
	var all confusion
	for _, r := range results {
		if r.Err != "" {
			continue
		}
		c := by[r.Subset]
		if c == nil {
			c = &confusion{}
			by[r.Subset] = c
		}
		for _, s := range r.Steps {
			if s.Label == chain.Unlabeled {
				continue
			}
			c.add(s.Label == chain.Correct, s.Score >= threshold)
			all.add(s.Label == chain.Correct, s.Score >= threshold)
		}
	}
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := by[n].score(n)
		if s.Steps == 0 {
			continue
		}
		rep.Subsets = append(rep.Subsets, s)
		rep.MeanPRMScore += s.PRMScore
	}
	if len(rep.Subsets) > 0 {
		rep.MeanPRMScore /= float64(len(rep.Subsets))
	}
	rep.Overall = all.score("overall")
	return rep
}
