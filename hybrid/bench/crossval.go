package bench

import (
	"hash/fnv"

	"github.com/leanprm/leanprm/hybrid"
)

// Folds is the number of cross-validation folds of ProcessBench dev.
const Folds = 2

// Fold is the cross-validation fold (0 or 1) of a chain: the 32-bit FNV-1a
// hash of its ID (the bytes of the "id" field, e.g. "gsm8k-17"), modulo 2.
// It depends on the ID only, so a chain falls in the same fold in every
// file, run and tool, and a calibration file that is also evaluated splits
// the same way as the evaluation.
func Fold(id string) int {
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % Folds)
}

// CVScore is one subset's ProcessBench figures, as chosen on all of the
// calibration chains (Dev) and cross-validated (CV, Folds).
type CVScore struct {
	Subset string `json:"subset"`
	// Dev is the usual figure: the threshold chosen on every calibration
	// chain, including the ones it is measured on when the calibration
	// file is among the evaluated ones.
	Dev PBScore `json:"dev"`
	// Folds[k] scores the chains of fold k at the threshold chosen on the
	// calibration chains of the other fold.
	Folds [Folds]PBScore `json:"folds"`
	// CV pools both folds: every chain is predicted with the threshold
	// chosen on the other fold, so no choice saw the chain it is
	// measured on.
	CV PBScore `json:"cv"`
}

// CVReport is one policy's cross-validated ProcessBench evaluation.
type CVReport struct {
	Policy       string  `json:"policy"`
	DevThreshold float64 `json:"dev_threshold"`
	// FoldThresholds[k] is chosen on the calibration chains of fold k, and
	// FoldChosen[k] is the F1 it reaches there: the figure a choice made
	// on fold k (of a threshold, a feature, a model) is judged by before
	// it is applied to the other fold.
	FoldThresholds [Folds]float64 `json:"fold_thresholds"`
	FoldChosen     [Folds]PBScore `json:"fold_chosen"`
	Subsets        []CVScore      `json:"subsets"`
	// Average holds the mean of the subsets' figures, as
	// ProcessBenchReport.Average does.
	Average CVScore `json:"average"`
}

// CrossValidateProcessBench evaluates results under each of opts'
// policies twice: with the threshold chosen on all of calibration (the
// dev figure, as CompareProcessBench reports it) and cross-validated: the
// calibration chains are split by Fold, the threshold is chosen on one
// fold and applied to the evaluated chains of the other, both ways. A
// fixed opts.Threshold (and formal-only's 0.5) involves no choice, so its
// CV figure equals the dev one.
func CrossValidateProcessBench(results, calibration []hybrid.Scored, opts EvalOptions) []CVReport {
	var out []CVReport
	for _, p := range opts.policies() {
		rs := hybrid.WithPolicy(results, p)
		cal := hybrid.WithPolicy(calibration, p)
		rep := CVReport{Policy: p.Name(), DevThreshold: opts.threshold(p, cal)}
		var calByFold [Folds][]hybrid.Scored
		for _, r := range cal {
			calByFold[Fold(r.ID)] = append(calByFold[Fold(r.ID)], r)
		}
		for k := range Folds {
			rep.FoldThresholds[k] = opts.threshold(p, calByFold[k])
			rep.FoldChosen[k] = evaluateProcessBench(calByFold[k], func(hybrid.Scored) (float64, bool) {
				return rep.FoldThresholds[k], true
			}).pooled("calibration")
		}
		dev := EvaluateProcessBench(rs, rep.DevThreshold)
		var folds [Folds]ProcessBenchReport
		for k := range Folds {
			folds[k] = evaluateProcessBench(rs, func(r hybrid.Scored) (float64, bool) {
				return rep.FoldThresholds[1-k], Fold(r.ID) == k
			})
		}
		cv := evaluateProcessBench(rs, func(r hybrid.Scored) (float64, bool) {
			return rep.FoldThresholds[1-Fold(r.ID)], true
		})
		for _, d := range dev.Subsets {
			s := CVScore{Subset: d.Subset, Dev: d, CV: cv.subset(d.Subset)}
			for k := range Folds {
				s.Folds[k] = folds[k].subset(d.Subset)
			}
			rep.Subsets = append(rep.Subsets, s)
		}
		rep.Average = CVScore{Subset: "average", Dev: dev.Average, CV: cv.Average}
		for k := range Folds {
			rep.Average.Folds[k] = folds[k].Average
		}
		out = append(out, rep)
	}
	return out
}

// subset is the named subset's score (zero with the name when absent).
func (r ProcessBenchReport) subset(name string) PBScore {
	for _, s := range r.Subsets {
		if s.Subset == name {
			return s
		}
	}
	return PBScore{Subset: name}
}

// pooled scores all of r's subsets as one, from their counts.
func (r ProcessBenchReport) pooled(name string) PBScore {
	var errHit, okHit float64
	s := PBScore{Subset: name}
	for _, x := range r.Subsets {
		s.Chains += x.Chains
		s.Erroneous += x.Erroneous
		s.Correct += x.Correct
		errHit += x.ErrorAcc * float64(x.Erroneous) / 100
		okHit += x.CorrectAcc * float64(x.Correct) / 100
	}
	if s.Erroneous > 0 {
		s.ErrorAcc = 100 * errHit / float64(s.Erroneous)
	}
	if s.Correct > 0 {
		s.CorrectAcc = 100 * okHit / float64(s.Correct)
	}
	s.F1 = harmonic(s.ErrorAcc, s.CorrectAcc)
	return s
}
