package bench

import "github.com/leanprm/leanprm/hybrid"

// EvalOptions configures side-by-side evaluation of several policies.
type EvalOptions struct {
	// Policies to evaluate, in order; nil means formal-only, learned-only
	// and hybrid.
	Policies []hybrid.Policy
	// Threshold, when positive, is used for every policy instead of one
	// chosen on the calibration results. Formal-only always uses 0.5: its
	// scores are 0 or 1.
	Threshold float64
}

func (o EvalOptions) policies() []hybrid.Policy {
	if len(o.Policies) > 0 {
		return o.Policies
	}
	return []hybrid.Policy{hybrid.PolicyFormal, hybrid.PolicyLearned, hybrid.PolicyHybrid}
}

// threshold picks the threshold for p: fixed, 0.5 for formal-only, or the
// F1-maximizing one on calibration re-merged under p.
func (o EvalOptions) threshold(p hybrid.Policy, calibration []hybrid.Scored) float64 {
	switch {
	case p.EffectiveMode() == hybrid.ModeFormal:
		return 0.5
	case o.Threshold > 0:
		return o.Threshold
	case len(calibration) == 0:
		return 0.5
	}
	t, _ := ChooseThreshold(hybrid.WithPolicy(calibration, p))
	return t
}

// CompareProcessBench evaluates results under each policy, with thresholds
// chosen on calibration (scored results of the calibration file, by
// default ProcessBench's GSM8K dev file). Both slices are re-merged per
// policy, so they must come from a run that had both sides' evidence.
func CompareProcessBench(results, calibration []hybrid.Scored, opts EvalOptions) []ProcessBenchReport {
	return comparePolicies(results, calibration, opts, func(rs []hybrid.Scored, t float64, policy string) ProcessBenchReport {
		rep := EvaluateProcessBench(rs, t)
		rep.Policy = policy
		return rep
	})
}

// ComparePRMBench is CompareProcessBench for PRMBench's step-level metric.
// The threshold is still chosen by ProcessBench F1 on calibration, so one
// threshold serves both benchmarks.
func ComparePRMBench(results, calibration []hybrid.Scored, opts EvalOptions) []PRMBenchReport {
	return comparePolicies(results, calibration, opts, func(rs []hybrid.Scored, t float64, policy string) PRMBenchReport {
		rep := EvaluatePRMBench(rs, t)
		rep.Policy = policy
		return rep
	})
}

// comparePolicies evaluates results re-merged under each of opts' policies
// at that policy's threshold.
func comparePolicies[R any](results, calibration []hybrid.Scored, opts EvalOptions, evaluate func(rs []hybrid.Scored, threshold float64, policy string) R) []R {
	var out []R
	for _, p := range opts.policies() {
		out = append(out, evaluate(hybrid.WithPolicy(results, p), opts.threshold(p, calibration), p.Name()))
	}
	return out
}
