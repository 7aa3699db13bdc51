package symbolic

import (
	"maps"
	"math/big"
	"slices"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/freenames"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// A false link of a rewriting chain whose sides do not agree in their
// leading terms is held back as an equation perhaps (symLink). It is
// refuted all the same when nothing can make it an equation: the step cues
// a rewriting, no word near the line sets up, supposes or substitutes
// anything, and no relation of the problem, of a step so far or of the
// rest of this step ties a name of the line (package freenames); and the
// link is not the chain's last, where an equation to solve may end a
// rewriting ("x(x + 3) = x^2 + 3x = 4x + 12").

// freeNote is the note of a link refuted by that rule.
const freeNote = "a rewriting chain in names that no relation of the problem or the steps ties: the link claims an identity"

// freeLine returns the test of that rule for the line ln (its members ms,
// the words hypo and veto symbolicLine found), run at most once and only
// when a link asks.
func (w *symWalk) freeLine(ln symLine, ms []symMember, hypo, veto string) func() bool {
	done, ok := false, false
	return func() bool {
		if !done {
			done, ok = true, w.lineFree(ln, ms, hypo, veto)
		}
		return ok
	}
}

// lineFree is the rule's test (see freeLine).
func (w *symWalk) lineFree(ln symLine, ms []symMember, hypo, veto string) bool {
	if len(ms) < 3 || ln.cont || hypo != "" || veto != "" || equationWordRE.MatchString(ln.prose) || restateVetoRE.MatchString(ln.sentence) ||
		!freenames.Cued(w.text[:ln.ps], ln.prose, w.text[ln.pe:]) {
		return false
	}
	var names []string
	seen := map[string]bool{}
	for _, m := range ms {
		if m.e == nil || m.bound {
			return false // a member not read may be anything; a value put in, a substitution
		}
		names = symexpr.Vars(m.e, seen, names)
	}
	for _, n := range names {
		if _, ok := w.st.Consts[n]; ok {
			return false
		}
	}
	if w.ties == nil {
		t := freenames.Read(w.text, w.st.Defs)
		w.ties = &t
	}
	return w.st.Ties.Free(names, *w.ties, ln.ps, ln.pe)
}

// boundNoteHolds is the note of a link left alone by holdsAtBound.
const boundNoteHolds = "the sides agree at the values the chain has bound their names to: a value may have been put in"

// holdsAtBound reports a link whose difference diff vanishes once the
// names the chain binds to one number (consts) take their values: "(q +
// 1)^2 = q^2 + 7" after q = 3 is 2q + 1 written as its value, no false
// identity. A difference whose denominator vanishes there is left alone
// too.
func holdsAtBound(diff algebra.Rat, consts map[string]*big.Rat) bool {
	if len(consts) == 0 {
		return false
	}
	num, den := diff.Num(), diff.Den()
	for _, n := range slices.Sorted(maps.Keys(consts)) {
		var err1, err2 error
		c := algebra.Const(consts[n])
		if num, err1 = num.Subst(n, c); err1 != nil {
			return true
		}
		if den, err2 = den.Subst(n, c); err2 != nil {
			return true
		}
	}
	return num.IsZero() || den.IsZero()
}
