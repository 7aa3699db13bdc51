package translate

import (
	"github.com/leanprm/leanprm/translate/internal/symatom"
	"github.com/leanprm/leanprm/translate/internal/symbolic"
	"github.com/leanprm/leanprm/translate/obligation"
)

// stepClaims is the symbolic reader's claims of step i, then the
// rearrangements in the value of a function of a name that it leaves
// alone (package symatom), within the room left.
func (t *Translator) stepClaims(i int, scans []stepScan, sym *symbolic.State, room int, modular bool) ([]obligation.Obligation, []obligation.Skipped) {
	ss := &scans[i]
	obls, skipped := t.symReader().Claims(i, ss.text, ss.toks, sym, room, modular)
	if len(obls) >= room {
		return obls, skipped
	}
	var prev string
	var prevToks = ss.toks[:0]
	if i > 0 && scans[i-1].skip == "" {
		prev, prevToks = scans[i-1].text, scans[i-1].toks
	}
	for _, o := range symatom.Read(i, prev, ss.text, prevToks, ss.toks, t.opts.Tactic, t.opts.IdentityTactic) {
		if len(obls) >= room || taken(obls, o.Span) {
			break
		}
		obls = append(obls, o)
	}
	return obls, skipped
}

// taken reports an obligation of the step on the span already.
func taken(obls []obligation.Obligation, sp obligation.Span) bool {
	for _, o := range obls {
		if o.Span.Start < sp.End && sp.Start < o.Span.End {
			return true
		}
	}
	return false
}
