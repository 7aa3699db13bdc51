package hybrid

import (
	"fmt"
	"math"
	"strings"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// Aggregate turns step scores into one chain score.
type Aggregate string

const (
	AggMin     Aggregate = "min"     // the weakest step
	AggProduct Aggregate = "product" // the chance every step is right, if independent
	AggMean    Aggregate = "mean"
	AggLast    Aggregate = "last" // the final step's score
)

// Aggregates lists the aggregates ParseAggregate accepts.
func Aggregates() []Aggregate { return []Aggregate{AggMin, AggProduct, AggMean, AggLast} }

// ParseAggregate reads an aggregate name ("prod" is product).
func ParseAggregate(s string) (Aggregate, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "min":
		return AggMin, nil
	case "product", "prod":
		return AggProduct, nil
	case "mean", "avg", "average":
		return AggMean, nil
	case "last":
		return AggLast, nil
	}
	return "", fmt.Errorf("unknown aggregate %q (want min, product, mean or last)", s)
}

// Of aggregates scores; an empty chain scores 0.
func (a Aggregate) Of(scores []float64) float64 {
	if len(scores) == 0 {
		return 0
	}
	switch a {
	case AggProduct:
		p := 1.0
		for _, s := range scores {
			p *= s
		}
		return p
	case AggMean:
		var t float64
		for _, s := range scores {
			t += s
		}
		return t / float64(len(scores))
	case AggLast:
		return scores[len(scores)-1]
	}
	m := math.Inf(1)
	for _, s := range scores {
		m = math.Min(m, s)
	}
	return m
}

// FirstError returns the index of the first score below threshold, or
// NoError. This is how a PRM answers ProcessBench.
func FirstError(scores []float64, threshold float64) int {
	for i, s := range scores {
		if s < threshold {
			return i
		}
	}
	return chain.NoError
}
