package bench

import (
	"math"
	"sort"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// CompareOptions configures Compare. The zero value is usable.
type CompareOptions struct {
	// Threshold splits learned scores into pass (≥) and fail; 0 means 0.5.
	Threshold float64
	// Bins is the number of histogram and reliability bins; 0 means 10.
	Bins int
	// MaxBlindSpots bounds the blind spots listed; 0 means 20, negative
	// means all.
	MaxBlindSpots int
}

func (o CompareOptions) threshold() float64 {
	if o.Threshold > 0 {
		return o.Threshold
	}
	return 0.5
}

func (o CompareOptions) bins() int {
	if o.Bins > 0 {
		return o.Bins
	}
	return 10
}

// Confusion crosses formal verdicts with learned pass/fail.
type Confusion struct {
	VerifiedPass int `json:"verified_pass"` // agree: both say right
	VerifiedFail int `json:"verified_fail"` // the PRM doubts a verified step
	RefutedPass  int `json:"refuted_pass"`  // blind spot: the PRM passes a refuted step
	RefutedFail  int `json:"refuted_fail"`  // agree: both say wrong
}

// Agreement is the share of decided steps where both sides agree.
func (c Confusion) Agreement() float64 {
	n := c.VerifiedPass + c.VerifiedFail + c.RefutedPass + c.RefutedFail
	if n == 0 {
		return 0
	}
	return float64(c.VerifiedPass+c.RefutedFail) / float64(n)
}

// BlindSpot is a refuted step the learned PRM scored at or above the
// threshold.
type BlindSpot struct {
	ChainID     string              `json:"chain_id"`
	Source      string              `json:"source,omitempty"`
	Step        int                 `json:"step"`
	Text        string              `json:"text"`
	Learned     float64             `json:"learned"`
	Checker     string              `json:"checker,omitempty"`
	Obligations []hybrid.Obligation `json:"obligations,omitempty"`
}

// ReliabilityBin is one bin of a reliability diagram: among steps whose
// learned score fell in [Lo, Hi), the mean score and the observed share of
// right steps.
type ReliabilityBin struct {
	Lo        float64 `json:"lo"`
	Hi        float64 `json:"hi"`
	Count     int     `json:"count"`
	MeanScore float64 `json:"mean_score"`
	Observed  float64 `json:"observed"`
}

// Reliability summarizes calibration against one kind of truth.
type Reliability struct {
	Bins []ReliabilityBin `json:"bins"`
	// ECE is the expected calibration error: the count-weighted mean of
	// |MeanScore − Observed|.
	ECE   float64 `json:"ece"`
	Steps int     `json:"steps"`
}

// Comparison is formal against learned on the steps with a formal verdict.
type Comparison struct {
	Chains int `json:"chains"`
	Steps  int `json:"steps"`
	// Decided steps were verified or refuted; Unknown steps were
	// formalized without a decision; Approximate steps hold only as a
	// rounding, which is no proof, so they are not Decided either.
	Decided     int     `json:"decided"`
	Unknown     int     `json:"unknown"`
	Approximate int     `json:"approximate"`
	Threshold   float64 `json:"threshold"`

	Confusion Confusion `json:"confusion"`
	// AUC is the chance that a random verified step has a higher learned
	// score than a random refuted one (ties count half); NaN-free: 0 when
	// either side is empty.
	AUC float64 `json:"auc"`

	// Learned scores of refuted and verified steps, and their histograms
	// over [0, 1] in Bins equal bins.
	RefutedScores  []float64 `json:"refuted_scores"`
	VerifiedScores []float64 `json:"verified_scores"`
	RefutedHist    []int     `json:"refuted_hist"`
	VerifiedHist   []int     `json:"verified_hist"`

	BlindSpots      []BlindSpot `json:"blind_spots"`
	TotalBlindSpots int         `json:"total_blind_spots"`

	// Formal is the learned score's calibration against formal verdicts
	// (verified = right); Gold against the input's step labels, when it
	// has any.
	Formal Reliability `json:"formal_reliability"`
	Gold   Reliability `json:"gold_reliability"`
}

// Compare sets formal verdicts against learned scores. Steps without a
// learned score are skipped.
func Compare(results []hybrid.Scored, opts CompareOptions) Comparison {
	t := opts.threshold()
	nb := opts.bins()
	cmp := Comparison{Threshold: t, RefutedHist: make([]int, nb), VerifiedHist: make([]int, nb)}
	var formalPairs, goldPairs []scorePair
	for _, r := range results {
		if r.Err != "" {
			continue
		}
		cmp.Chains++
		for _, s := range r.Steps {
			cmp.Steps++
			if s.Learned == nil {
				continue
			}
			l := *s.Learned
			pass := l >= t
			if s.Label != chain.Unlabeled {
				goldPairs = append(goldPairs, scorePair{l, s.Label == chain.Correct})
			}
			switch s.Verdict {
			case hybrid.Verified:
				cmp.Decided++
				cmp.VerifiedScores = append(cmp.VerifiedScores, l)
				cmp.VerifiedHist[bin(l, nb)]++
				formalPairs = append(formalPairs, scorePair{l, true})
				if pass {
					cmp.Confusion.VerifiedPass++
				} else {
					cmp.Confusion.VerifiedFail++
				}
			case hybrid.Refuted:
				cmp.Decided++
				cmp.RefutedScores = append(cmp.RefutedScores, l)
				cmp.RefutedHist[bin(l, nb)]++
				formalPairs = append(formalPairs, scorePair{l, false})
				if pass {
					cmp.Confusion.RefutedPass++
					cmp.BlindSpots = append(cmp.BlindSpots, BlindSpot{
						ChainID: r.ID, Source: r.Source, Step: s.Index, Text: s.Text,
						Learned: l, Checker: s.Checker, Obligations: s.Obligations,
					})
				} else {
					cmp.Confusion.RefutedFail++
				}
			case hybrid.Unknown:
				cmp.Unknown++
			case hybrid.Approximate:
				cmp.Approximate++
			}
		}
	}
	// Highest learned score first: the PRM's most confident mistakes.
	sort.SliceStable(cmp.BlindSpots, func(i, j int) bool {
		return cmp.BlindSpots[i].Learned > cmp.BlindSpots[j].Learned
	})
	cmp.TotalBlindSpots = len(cmp.BlindSpots)
	max := opts.MaxBlindSpots
	if max == 0 {
		max = 20
	}
	if max > 0 && len(cmp.BlindSpots) > max {
		cmp.BlindSpots = cmp.BlindSpots[:max]
	}
	cmp.AUC = AUC(cmp.VerifiedScores, cmp.RefutedScores)
	cmp.Formal = reliability(formalPairs, nb)
	cmp.Gold = reliability(goldPairs, nb)
	return cmp
}

type scorePair struct {
	score float64
	right bool
}

func bin(x float64, n int) int {
	b := int(x * float64(n))
	return min(max(b, 0), n-1)
}

func reliability(pairs []scorePair, n int) Reliability {
	rel := Reliability{Bins: make([]ReliabilityBin, n), Steps: len(pairs)}
	sums := make([]float64, n)
	rights := make([]int, n)
	for _, p := range pairs {
		b := bin(p.score, n)
		rel.Bins[b].Count++
		sums[b] += p.score
		if p.right {
			rights[b]++
		}
	}
	for b := range rel.Bins {
		rb := &rel.Bins[b]
		rb.Lo, rb.Hi = float64(b)/float64(n), float64(b+1)/float64(n)
		if rb.Count > 0 {
			rb.MeanScore = sums[b] / float64(rb.Count)
			rb.Observed = float64(rights[b]) / float64(rb.Count)
			rel.ECE += float64(rb.Count) * math.Abs(rb.MeanScore-rb.Observed)
		}
	}
	if len(pairs) > 0 {
		rel.ECE /= float64(len(pairs))
	}
	return rel
}

// AUC is the Mann–Whitney probability that a score from pos outranks one from neg (ties
// count half): the area under the ROC curve. It is 0 when either side is empty.
func AUC(pos, neg []float64) float64 {
	if len(pos) == 0 || len(neg) == 0 {
		return 0
	}
	type item struct {
		v   float64
		pos bool
	}
	all := make([]item, 0, len(pos)+len(neg))
	for _, v := range pos {
		all = append(all, item{v, true})
	}
	for _, v := range neg {
		all = append(all, item{v, false})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v < all[j].v })
	// Sum of the positives' ranks, ties sharing their mean rank.
	var rankSum float64
	for i := 0; i < len(all); {
		j := i + 1 // at least one: NaN never equals itself
		for j < len(all) && all[j].v == all[i].v {
			j++
		}
		mean := float64(i+j+1) / 2 // ranks i+1 .. j
		for k := i; k < j; k++ {
			if all[k].pos {
				rankSum += mean
			}
		}
		i = j
	}
	np, nn := float64(len(pos)), float64(len(neg))
	return (rankSum - np*(np+1)/2) / (np * nn)
}
