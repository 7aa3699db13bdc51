package translate

import (
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// pluggedNote is why an equation at a value plugged in is not decided ("Plugging in 0 we get
// 0 = √11 + 4"): it is the equation tested at that value, not a computation the text states.
// The arithmetic reader says the same of its own claims (chain.go).
const pluggedNote = "the equation with the value plugged in, stated to be tested"

// pluggedTest reports a closed equality of the symbolic reader whose left side is the value
// its sentence plugs in ("Plugging in $-2$ we get $-2 = \sqrt{15} + 4$"), as the arithmetic
// reader reads "Plugging in 1 we get 1 = √9 + 4". The run the span starts in gives the
// sentence.
func pluggedTest(ss *stepScan, o *obligation.Obligation) bool {
	if ss.sc == nil || o.Kind != obligation.KindEquality && o.Kind != obligation.KindClosedValue || o.OnDisproof != obligation.Refuted {
		return false
	}
	for _, r := range ss.sc.Runs {
		if o.Span.Start < r.S || o.Span.Start >= r.E {
			continue
		}
		v := ss.sc.Sentences[r.Sentence].Plugged
		return v != nil && leadingNumber(o.Span.Text, v)
	}
	return false
}

// leadingNumber reports that s opens with the number v alone before "=" ("-2=\sqrt{15}+4",
// " 0 = …").
func leadingNumber(s string, v *big.Rat) bool {
	s = strings.TrimLeft(s, " $(\\")
	lhs, _, ok := strings.Cut(s, "=")
	if !ok {
		return false
	}
	lhs = strings.TrimSpace(lhs)
	if lhs == "" || len(lhs) > 24 || !mathtext.IsDigit(lhs[len(lhs)-1]) {
		return false
	}
	x, ok := new(big.Rat).SetString(lhs)
	return ok && x.Cmp(v) == 0
}
