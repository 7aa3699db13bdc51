package hybrid

import (
	"fmt"
	"strconv"
	"strings"
)

// Mode selects which evidence a Policy merges.
type Mode string

const (
	// ModeHybrid (the default) merges formal verdicts with learned scores.
	ModeHybrid Mode = "hybrid"
	// ModeLearned uses the learned score alone; formal verdicts are still
	// reported but do not change the score.
	ModeLearned Mode = "learned"
	// ModeFormal uses formal verdicts alone: refuted 0, verified 1, and 1
	// ("no evidence of an error") for a step without a verdict.
	ModeFormal Mode = "formal"
)

// Source says where a merged score came from.
type Source string

const (
	FromFormal  Source = "formal"  // a verdict decided the score
	FromLearned Source = "learned" // the learned PRM's score
	// FromBoost: the learned score, raised because every claim verified.
	FromBoost Source = "learned+verified"
	// FromDefault: formal-only mode, no verdict; scored 1 (no evidence of an error).
	FromDefault Source = "default"
)

// Policy merges a step's formal verdict and learned score into one score.
// The zero value is the default hybrid policy:
//
//   - a refuted step scores 0 (its Lean evidence stays attached);
//   - a fully formal step that Lean verified scores 1;
//   - an informal step whose claims all verified keeps its learned score
//     (raised by VerifiedBoost when that is set);
//   - a step without a verdict, or with an unknown one, keeps its learned
//     score.
type Policy struct {
	Mode Mode
	// VerifiedBoost moves an informal, all-verified step's learned score s
	// toward 1: s + VerifiedBoost·(1−s). Zero keeps s. Only ModeHybrid
	// uses it.
	VerifiedBoost float64
}

// Standard policies for side-by-side evaluation.
var (
	PolicyHybrid  = Policy{Mode: ModeHybrid}
	PolicyLearned = Policy{Mode: ModeLearned}
	PolicyFormal  = Policy{Mode: ModeFormal}
)

// EffectiveMode is the mode p merges under: Mode, or ModeHybrid when it is
// empty (the zero value).
func (p Policy) EffectiveMode() Mode { return p.mode() }

func (p Policy) mode() Mode {
	if p.Mode == "" {
		return ModeHybrid
	}
	return p.Mode
}

// Name is the policy as ParsePolicy reads it: "hybrid", "learned",
// "formal", or "hybrid,boost=0.3".
func (p Policy) Name() string {
	m := string(p.mode())
	if p.mode() == ModeHybrid && p.VerifiedBoost != 0 {
		m += ",boost=" + strconv.FormatFloat(p.VerifiedBoost, 'g', -1, 64)
	}
	return m
}

func (p Policy) String() string { return p.Name() }

// ParsePolicy reads "hybrid", "learned" (or "learned-only"), "formal" (or
// "formal-only"), optionally followed by ",boost=X" with 0 ≤ X ≤ 1.
func ParsePolicy(s string) (Policy, error) {
	parts := strings.Split(strings.TrimSpace(s), ",")
	var p Policy
	switch strings.ToLower(strings.TrimSpace(parts[0])) {
	case "", "hybrid", "default":
		p.Mode = ModeHybrid
	case "learned", "learned-only":
		p.Mode = ModeLearned
	case "formal", "formal-only":
		p.Mode = ModeFormal
	default:
		return p, fmt.Errorf("unknown policy %q (want hybrid, learned or formal)", parts[0])
	}
	for _, opt := range parts[1:] {
		k, v, ok := strings.Cut(strings.TrimSpace(opt), "=")
		if !ok || strings.TrimSpace(k) != "boost" {
			return p, fmt.Errorf("policy %q: unknown option %q (want boost=X)", s, opt)
		}
		b, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || b < 0 || b > 1 {
			return p, fmt.Errorf("policy %q: boost must be a number in [0, 1]", s)
		}
		if p.Mode != ModeHybrid {
			return p, fmt.Errorf("policy %q: boost applies to hybrid only", s)
		}
		p.VerifiedBoost = b
	}
	return p, nil
}

// Merge computes a step's score and its source. fullyFormal is set when the
// whole step was formalized (a Lean step, or FormalStep.FullyFormal);
// learned is ignored by ModeFormal. Approximate is no proof and no
// refutation: it merges as Unknown does (the learned score; in formal-only
// mode the default), never FromFormal nor boosted.
func (p Policy) Merge(v Verdict, fullyFormal bool, learned float64) (float64, Source) {
	switch p.mode() {
	case ModeLearned:
		return learned, FromLearned
	case ModeFormal:
		switch v {
		case Refuted:
			return 0, FromFormal
		case Verified:
			return 1, FromFormal
		}
		return 1, FromDefault
	}
	switch {
	case v == Refuted:
		return 0, FromFormal
	case v == Verified && fullyFormal:
		return 1, FromFormal
	case v == Verified && p.VerifiedBoost > 0:
		return learned + p.VerifiedBoost*(1-learned), FromBoost
	}
	return learned, FromLearned
}
