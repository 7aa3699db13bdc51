package bench

import (
	"sort"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// Coverage is the formal half's reach on one subset, in the four step
// states the field reports: proved, disproved, formalized but undecided,
// and not formalized (by reason), with the formal half's first-error
// recall (erroneous chains whose labelled first-error step it refuted)
// and its refutations before the label or in correct chains.
type Coverage struct {
	Subset    string `json:"subset"`
	Steps     int    `json:"steps"`
	Proved    int    `json:"proved"`    // verified (approximate steps count as undecided)
	Disproved int    `json:"disproved"` // refuted
	Undecided int    `json:"undecided"` // formalized, no verdict (unknown, approximate)
	// NotFormalized counts the steps with no obligation, by reason (the
	// translator's NotFormal classes; "unknown" when the reason was lost).
	NotFormalized map[string]int `json:"not_formalized"`
	Erroneous     int            `json:"erroneous"`
	// FirstErrorRefuted counts erroneous chains whose labelled first-error step is refuted.
	FirstErrorRefuted int     `json:"first_error_refuted"`
	FirstErrorRecall  float64 `json:"first_error_recall"` // percent of Erroneous
	// RefutedEarly counts refuted steps before the labelled first error or
	// in correct chains (each a false alarm or a slip the label misses).
	RefutedEarly int `json:"refuted_early"`
	Refuted      int `json:"refuted_steps"` // all refuted steps, for the share
}

// CoverageProcessBench counts the formal step states per subset (in name
// order) and the average of the subsets' recall ("average", counts summed).
// The formal verdicts do not depend on the policy or a threshold.
// notFormal says why step i of chain r has no obligation (nil, or "": the
// reason is "unknown").
func CoverageProcessBench(results []hybrid.Scored, notFormal func(r *hybrid.Scored, i int) string) []Coverage {
	by := map[string]*Coverage{}
	for ri := range results {
		r := &results[ri]
		if r.Err != "" || r.FirstError == chain.NoLabel {
			continue
		}
		c := by[r.Subset]
		if c == nil {
			c = &Coverage{Subset: r.Subset, NotFormalized: map[string]int{}}
			by[r.Subset] = c
		}
		if r.FirstError >= 0 {
			c.Erroneous++
		}
		for i, s := range r.Steps {
			c.Steps++
			switch {
			case s.Verdict == hybrid.Verified:
				c.Proved++
			case s.Verdict == hybrid.Refuted:
				c.Disproved++
				c.Refuted++
				switch {
				case r.FirstError >= 0 && i == r.FirstError:
					c.FirstErrorRefuted++
				case r.FirstError == chain.NoError || i < r.FirstError:
					c.RefutedEarly++
				}
			case len(s.Obligations) > 0:
				c.Undecided++
			default:
				why := ""
				if notFormal != nil {
					why = notFormal(r, i)
				}
				if why == "" {
					why = "unknown"
				}
				c.NotFormalized[why]++
			}
		}
	}
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Strings(names)
	avg := Coverage{Subset: "average", NotFormalized: map[string]int{}}
	var out []Coverage
	for _, n := range names {
		c := by[n]
		if c.Erroneous > 0 {
			c.FirstErrorRecall = 100 * float64(c.FirstErrorRefuted) / float64(c.Erroneous)
		}
		out = append(out, *c)
		avg.Steps += c.Steps
		avg.Proved += c.Proved
		avg.Disproved += c.Disproved
		avg.Undecided += c.Undecided
		avg.Erroneous += c.Erroneous
		avg.FirstErrorRefuted += c.FirstErrorRefuted
		avg.RefutedEarly += c.RefutedEarly
		avg.Refuted += c.Refuted
		avg.FirstErrorRecall += c.FirstErrorRecall
		for k, v := range c.NotFormalized {
			avg.NotFormalized[k] += v
		}
	}
	if len(out) > 0 {
		avg.FirstErrorRecall /= float64(len(out))
		out = append(out, avg)
	}
	return out
}
