package symbolic

import "github.com/leanprm/leanprm/translate/internal/symexpr"

// A sum whose summand + or - follows has two readings (symexpr/bigop.go):
// the member is kept on the usual one only when it has no names and each
// of its links holds, or fails, under both alike.

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
			if same && j >= 0 && j < len(ms) {
				same = symexpr.SameVerdict(m.e, m.wide, ms[j].e, ms[j].wide)
			}
		}
		if !same {
			m.e, m.why = nil, whySummand
		}
		m.ambig = m.e != nil
		m.wide = nil
	}
}

// piOnly reports members whose only name is π, one of them at least.
func piOnly(ms []symMember) bool {
	pi, other := false, false
	for _, m := range ms {
		markPi(m.e, &pi, &other)
	}
	return pi && !other
}

// markPi marks the names of e (symexpr.Vars' nodes): pi for π, other for
// any other; it reads the tree without a set of names.
func markPi(e *symexpr.Expr, pi, other *bool) {
	for ; e != nil; e = e.R {
		if e.Op == 'v' {
			*pi, *other = *pi || e.Name == "π", *other || e.Name != "π"
		}
		markPi(e.L, pi, other)
	}
}

// dropPiBeside leaves alone the members that mention π on a line with
// other names: π is no unknown to solve for nor a name of an identity.
func dropPiBeside(ms []symMember) {
	if piOnly(ms) {
		return
	}
	for k := range ms {
		if symexpr.HasName(ms[k].e, "π") {
			ms[k].e, ms[k].why = nil, symexpr.ErrPiBeside.Error()
		}
	}
}
