package symbolic

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Names bound to one exact number before a step (symbind.go in package translate finds them), as the symbolic reader uses them.

// withConsts is the definitions map the symbolic reader reads a step
// with: the functions, and the names bound to constants that are not
// function names.
func (st *State) withConsts() map[string]*symexpr.Def {
	if len(st.Consts) == 0 {
		return st.Defs
	}
	m := make(map[string]*symexpr.Def, len(st.Defs)+len(st.Consts))
	for k, v := range st.Defs {
		m[k] = v
	}
	for k, v := range st.Consts {
		if _, fn := m[k]; !fn {
			m[k] = &symexpr.Def{Body: &symexpr.Expr{Op: 'n', Num: v}, Step: -1}
		}
	}
	return m
}

// boundUsable reports whether a line read with constants may keep them:
// no member used one, or every member is closed and one holds what the
// arithmetic reader does not read (a function's value among them: f(a)
// with a bound a).
func boundUsable(ms []symMember) bool {
	bound, special := false, false
	for _, m := range ms {
		bound = bound || m.bound
	}
	if !bound {
		return true
	}
	for _, m := range ms {
		if m.e == nil || symexpr.HasVar(m.e) {
			return false
		}
		special = special || symexpr.HasCertFn(m.e) || symexpr.HasIntFn(m.e) || symexpr.HasRoot(m.e) || m.fn || m.prod
	}
	return special
}

// boundNote adds to note that a bound name was replaced.
func boundNote(note string, A, B symMember) string {
	if !A.bound && !B.bound {
		return note
	}
	return strings.TrimPrefix(note+"; a name bound to a number earlier in the chain is replaced by it", "; ")
}

// mayNeedConsts is a cheap test for what boundUsable asks of a line: a
// factorial, binomial, radical, gcd, lcm, floor, ceiling or log.
func mayNeedConsts(s string) bool {
	if strings.ContainsAny(s, "!√∛") {
		return true
	}
	for _, w := range []string{"binom", `\sqrt`, "gcd", "lcm", `\lfloor`, `\lceil`, `\log`} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
