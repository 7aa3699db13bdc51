package translate

import (
	"math/big"
	"sort"
	"strings"
)

// Names bound in earlier steps. The arithmetic reader's bindings
// (chain.go: "c = 42 · 56", "Let S = 1 + 2 + 3", with its rules: a name
// given two values, bound in a conditional sentence, or introduced afresh
// is no constant) also reach the symbolic reader: a name bound to one exact
// number before a step is replaced by that number there. Only in lines the
// arithmetic reader cannot decide itself: every member closed once the
// names are replaced, and one holding a factorial, binomial, radical, gcd,
// lcm, floor, ceiling or logarithm (\binom{n}{2} with n = 12). Elsewhere
// the line is read as if nothing were bound.

// exactAt returns the names bound to one exact number (no rounding)
// before step, or nil.
func (b *bindings) exactAt(step int) map[string]*big.Rat {
	var out map[string]*big.Rat
	names := make([]string, 0, len(b.scopes))
	for name := range b.scopes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !symNameForm(name) {
			continue
		}
		v, why := b.lookup(name, pos{step, 0})
		if why != "" || v.v == nil || v.inf || v.r != nil && v.r.Sign() != 0 {
			continue
		}
		if out == nil {
			out = map[string]*big.Rat{}
		}
		out[name] = v.v
	}
	return out
}

// symNameForm reports whether the symbolic reader spells a name as the
// arithmetic reader does: one letter, or one letter and a subscript.
func symNameForm(name string) bool {
	if len(name) == 0 || !isASCIILetter(name[0]) || name == "e" || name == "i" {
		return false
	}
	return len(name) == 1 || len(name) >= 3 && name[1] == '_'
}

// withConsts is the definitions map the symbolic reader reads a step
// with: the functions, and the names bound to constants that are not
// function names.
func (st *symState) withConsts() map[string]*symDef {
	if len(st.consts) == 0 {
		return st.defs
	}
	m := make(map[string]*symDef, len(st.defs)+len(st.consts))
	for k, v := range st.defs {
		m[k] = v
	}
	for k, v := range st.consts {
		if _, fn := m[k]; !fn {
			m[k] = &symDef{body: &sexpr{op: 'n', num: v}, step: -1}
		}
	}
	return m
}

// boundUsable reports whether a line read with constants may keep them:
// no member used one, or every member is closed and one holds what the
// arithmetic reader does not read.
func boundUsable(ms []symMember) bool {
	bound, special := false, false
	for _, m := range ms {
		bound = bound || m.bound
	}
	if !bound {
		return true
	}
	for _, m := range ms {
		if m.e == nil || hasVar(m.e) {
			return false
		}
		special = special || hasCertFn(m.e) || hasIntFn(m.e) || hasRoot(m.e)
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
