package symbolic

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Sums and products written with whole-number bounds are written out by
// symexpr (bigop.go). A summand followed by + or - has two readings,
// "\sum_{k=1}^{3} k + 1" being (1 + 2 + 3) + 1 to the usual precedence
// and (1+1) + (2+1) + (3+1) to some writers: the member is kept on the
// usual reading only when it has no names and each of its links (to the
// members beside it on the line) holds, or fails, under both readings
// alike; otherwise it is left alone with the reason.

// readMember reads one member; wide is its other reading, if any.
func readMember(raw string, defs map[string]*symexpr.Def) (e, wide *symexpr.Expr, used, bound bool, err error) {
	pi, trig, exp := strings.Contains(raw, `\pi`), hasTrigWord(raw), strings.Contains(raw, "^")
	if !pi && !trig && !exp && !strings.Contains(raw, `\sum`) && !strings.Contains(raw, `\prod`) {
		e, used, bound, err = symexpr.ReadDefs(raw, defs)
		return e, nil, used, bound, err
	}
	e, wide, used, bound, err = symexpr.ReadMember(raw, defs, symexpr.Mode{Pi: pi, TrigNames: trig, ExpNames: exp})
	if err == nil && pi && (piBeside(e) || piBeside(wide)) {
		return nil, nil, false, false, errPiBeside
	}
	return e, wide, used, bound, err
}

// errSummand is the reason an ambiguous member is left alone.
const whySummand = "the extent of a sum's summand is unclear, and its readings decide differently"

// settleSums keeps or drops each member of a line with two readings.
func settleSums(ms []symMember) {
	for k := range ms {
		m := &ms[k]
		if m.wide == nil || m.e == nil {
			continue
		}
		same := !symexpr.HasVar(m.e) && !symexpr.HasVar(m.wide)
		for _, j := range []int{k - 1, k + 1} {
			if !same || j < 0 || j >= len(ms) {
				continue
			}
			same = sameVerdict(m.e, m.wide, ms[j].e, ms[j].wide)
		}
		if !same {
			m.e, m.why = nil, whySummand
		}
		m.ambig = m.e != nil
		m.wide = nil
	}
}

// sameVerdict reports whether a = b holds alike for every reading of
// each side (a2, b2 the other readings, nil if none), all of them closed
// and exactly evaluable.
func sameVerdict(a, a2, b, b2 *symexpr.Expr) bool {
	if b == nil {
		return true // no link to decide
	}
	var as, bs []*symexpr.Expr
	for _, x := range []*symexpr.Expr{a, a2} {
		if x != nil {
			as = append(as, x)
		}
	}
	for _, x := range []*symexpr.Expr{b, b2} {
		if x != nil {
			bs = append(bs, x)
		}
	}
	first := -1
	for _, x := range as {
		for _, y := range bs {
			if symexpr.HasVar(y) {
				return false
			}
			vx, err1 := symexpr.EvalSurd(x)
			vy, err2 := symexpr.EvalSurd(y)
			if err1 != nil || err2 != nil {
				return false
			}
			eq := 0
			if vx.Equal(vy) {
				eq = 1
			}
			if first >= 0 && eq != first {
				return false
			}
			first = eq
		}
	}
	return true
}
