package valprop

import (
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// eachRE opens a sentence that says a property of each number of the
// list just written: group 1 "not", group 2 the property.
var eachRE = regexp.MustCompile(`(?i)^(?:each|every)\s+(?:number|element|term|entry|value|integer)\s+(?:in|of)\s+(?:this|the|that)\s+(?:sequence|list|set)\s+is\s+(?:also\s+)?(not\s+)?(?:an?\s+)?(?:distinct\s+)?` +
	`(positive\s+integer|negative\s+integer|positive|negative|non-?negative|even|odd|integer|whole\s+number|perfect\s+square|prime)(?:\s+number)?[ \t]*[.,;:!]`)

// maxList bounds the numbers of a list read.
const maxList = 32

// readEach reads "\[ 1, 2, 3, 5, 7 \] Each number in this sequence is a
// prime number": the sentence must start right after the math, which
// holds whole numbers alone (two at least, no ellipsis); the first number
// that lacks the property refutes the sentence.
func readEach(step int, text, tactic string) []obligation.Obligation {
	if !strings.Contains(text, "ach ") && !strings.Contains(text, "very ") {
		return nil
	}
	var out []obligation.Obligation
	for _, anchor := range []string{"ach ", "very "} {
		for _, i := range mathtext.Indexes(text, anchor, maxOut) {
			if len(out) >= maxOut {
				break
			}
			if i == 0 {
				continue // "very " at the start: no "e" or "E" before it
			}
			w := i - 1
			m := eachRE.FindStringSubmatchIndex(text[w:min(len(text), w+maxClause)])
			if m == nil {
				continue
			}
			s, nums, ok := listBefore(text, w)
			if !ok {
				continue
			}
			prop := strings.ToLower(strings.Join(strings.Fields(text[w+m[4]:w+m[5]]), " "))
			for _, v := range nums {
				if o, bad := decide(step, text, s, w+m[5], symexpr.RatExpr(v), v, key(prop), m[2] >= 0, tactic); bad {
					o.Note = "a property said of each number of the list just written, false of this one"
					out = append(out, o)
					break
				}
			}
		}
	}
	return out
}

// listBefore is the list of whole numbers in the math that ends right
// before text[w] (blanks aside): where the math starts, and the numbers.
func listBefore(text string, w int) (int, []*big.Rat, bool) {
	c := w
	for c > 0 && (text[c-1] == ' ' || text[c-1] == '\t' || text[c-1] == '\n') {
		c--
	}
	if c > 0 && text[c-1] == '.' {
		c-- // "Take \(4, 16, 20\). Every term …"
	}
	var closer string
	switch {
	case strings.HasSuffix(text[:c], `\]`), strings.HasSuffix(text[:c], `\)`):
		closer = text[c-2 : c]
	case strings.HasSuffix(text[:c], "$"):
		closer = "$"
	default:
		return 0, nil, false
	}
	s, inner, ok := mathBefore(text, c-len(closer), closer)
	if !ok {
		return 0, nil, false
	}
	parts := strings.Split(strings.TrimRight(strings.TrimSpace(inner), ".,"), ",")
	if len(parts) < 2 || len(parts) > maxList {
		return 0, nil, false
	}
	var nums []*big.Rat
	for _, p := range parts {
		v, ok := algebra.ParseQ(strings.TrimSpace(p))
		if !ok || !v.IsInt() {
			return 0, nil, false
		}
		nums = append(nums, v)
	}
	return s, nums, true
}
