package reward

import (
	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/outcome"
)

// Mode says what number an item with a gold answer is paid (the reward.mode setting).
type Mode string

// Modes. Without a gold answer every mode pays the process score.
const (
	// ModeGrounded gates like ModeCombined, but pays a right answer for the work its steps do
	// (Measure, Work.Value): FloorShare of the chain score, and the rest, the min-form value of
	// the steps that derive new quantities from the problem's, only when the final answer is
	// one of those results. Padding, repetition, restating the problem, unrelated true claims
	// and hedges add nothing (docs/REWARD.md). It is the default.
	ModeGrounded Mode = "grounded"
	// ModeCombined pays a right answer only as far as its process holds:
	//
	//	reward = 0                 the answer is proven different, or there is none
	//	reward = 0                 the answer is equal, but a checker refuted a step
	//	reward = process score     the answer is equal and no step is refuted
	//
	// The process score is the chain score under the configured aggregate (min by default).
	// A policy can game it (a bare answer, padding); ModeGrounded is the default.
	ModeCombined Mode = "combined"
	// ModeOutcome pays 1 for an answer proven equal to the gold, 0 for one proven different or
	// for no answer (RLVR's verifiable reward).
	ModeOutcome Mode = "outcome"
	// ModeProcess pays the chain score and ignores the answer (leanprm's reward before outcomes).
	ModeProcess Mode = "process"
)

// What an unknown outcome pays under ModeOutcome and ModeCombined (reward.on_unknown). Under
// ModeGrounded an unknown outcome is paid 0 whatever the setting: a right answer there can be
// paid as little as a share of its floor, so any positive pay for an answer not proven equal
// could out-earn one proven equal (docs/REWARD.md, "Unknown grades").
const (
	// UnknownProcess pays the process score (in ModeCombined, still 0 when a step is refuted).
	UnknownProcess = "process"
	// UnknownZero pays 0.
	UnknownZero = "zero"
)

// Settings choose the reward; the zero value is ModeGrounded (unknown outcomes paid 0).
type Settings struct {
	Mode      Mode
	OnUnknown string
	// Grader proves a symbolic result equal to the final answer under ModeGrounded (the
	// grader the outcome is graded with; nil: outcome's defaults).
	Grader *outcome.Grader
}

// Paid is what Pay decided for one item.
type Paid struct {
	Reward float64
	// Fallback is set when the outcome was unknown and OnUnknown decided the reward: the item
	// says so (extra_logs leanprm_outcome_unknown), so no one reads the number as graded.
	Fallback bool
}

// Pay is the reward of an item whose outcome is o (nil: no gold answer), whose chain scores
// process, and which has a step a checker refuted when refuted is set.
func (s Settings) Pay(o *Outcome, process float64, refuted bool) Paid {
	mode := s.Mode
	grounded := mode == "" || mode == ModeGrounded
	if grounded {
		mode = ModeCombined // the process value is the caller's (PayChain)
	}
	if o == nil || mode == ModeProcess {
		return Paid{Reward: process}
	}
	switch o.Verdict {
	case outcome.Equal:
		if mode == ModeOutcome {
			return Paid{Reward: 1}
		}
		if refuted {
			return Paid{Reward: 0}
		}
		return Paid{Reward: process}
	case outcome.Different, NoAnswer:
		return Paid{Reward: 0}
	}
	// Unknown: neither proven, so the setting decides, and the item says it did.
	if grounded || s.OnUnknown == UnknownZero || mode == ModeCombined && refuted {
		return Paid{Reward: 0, Fallback: true}
	}
	return Paid{Reward: process, Fallback: true}
}

// PayChain is the reward of the scored chain r, whose outcome is o (nil: no gold answer),
// whose chain score is process, and which has a refuted step when refuted is set; the Work
// holds each step's dense reward (Delta form: they add up to the reward) and, after
// Work.Offsets, its place in the response. Under ModeGrounded the process value is
// Work.Value, under the other modes the chain score.
func (s Settings) PayChain(o *Outcome, r *hybrid.Scored, process float64, refuted bool) (Paid, Work) {
	return s.PayMeasured(o, MeasureWith(s.Grader, r, process), process, refuted)
}

// PayMeasured is PayChain of a chain whose work w was measured already (MeasureWith of the
// same chain with the same process score, not yet paid): a caller that needed the measure
// first does not read the chain's text twice.
func (s Settings) PayMeasured(o *Outcome, w Work, process float64, refuted bool) (Paid, Work) {
	value := process
	if s.Mode == "" || s.Mode == ModeGrounded {
		value = w.Value()
	}
	p := s.Pay(o, value, refuted)
	w.Dense(p.Reward)
	return p, w
}
