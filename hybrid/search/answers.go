package search

import (
	"math/big"
	"regexp"
	"strings"
)

// Grader finds a chain's final answer and compares it with the gold one. Verdicts are
// "equal", "different" or "unknown" (the outcome grader's).
type Grader interface {
	Extract(text string) (answer string, found bool)
	Grade(gold, answer string) (verdict, reason string)
}

// NumberGrader reads the last "The answer is X", \boxed{X} or "#### X" of a text and compares
// numbers exactly (thousands commas, a leading $ and a trailing % or period ignored); anything
// that is not a number is "unknown".
type NumberGrader struct{}

var _ Grader = NumberGrader{}

var answerRe = regexp.MustCompile(`(?i)(?:the (?:final )?answer is:?|####)\s*\$?\s*([^\s$]+)|\\boxed\{([^{}]*)\}`)

// Extract implements Grader.
func (NumberGrader) Extract(text string) (string, bool) {
	ms := answerRe.FindAllStringSubmatch(text, -1)
	if len(ms) == 0 {
		return "", false
	}
	m := ms[len(ms)-1]
	a := m[1]
	if a == "" {
		a = m[2]
	}
	a = strings.TrimRight(strings.TrimSpace(a), ".,;:")
	return a, a != ""
}

func number(s string) (*big.Rat, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "$")
	s = strings.TrimRight(s, ".%")
	s = strings.ReplaceAll(s, ",", "")
	if s == "" {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

// Grade implements Grader.
func (NumberGrader) Grade(gold, answer string) (string, string) {
	g, ok1 := number(gold)
	a, ok2 := number(answer)
	if !ok1 || !ok2 {
		return "unknown", "not both numbers"
	}
	if g.Cmp(a) == 0 {
		return "equal", "equal numbers"
	}
	return "different", "different numbers"
}
