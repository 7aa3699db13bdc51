package symbolic

import (
	"math/big"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
)

// trialWordRE is the part of hypotheticalRE that opens a supposition or a
// trial: the other words of that set (a digit, a base, a sum, a vertex …)
// keep a sentence's equations from being solved at all.
var trialWordRE = newWordMatcher([]string{"if", "suppose", "assume", "assuming", "let", "try", "trying", "test", "testing", "check", "checking", "when", "whenever", "consider", "case", "say", "guess"}, nil, nil)

// supposition is what supposedSolution keeps of the current supposition.
type supposition struct {
	sentence string   // the sentence it reads
	bound    []string // the names a line of the sentence gives a value
	eq       *symEq   // the sentence's last equation line, for the next line
	exp      *symEq   // the last line when it was an equation in a name in an exponent
}

// supposedSolution reads a value solved inside a supposition or a trial
// ("if k = 3, then 3 + (n - 1)·9 = 306 gives n = 35"; "Let's try g = 6:
// … \[17h = 87\] Dividing both sides by 17, we find h = 5"). The
// supposition fixes other names; that the equation on the line just before
// gives the value is asserted within it, and false when the value does not
// solve that equation. eq is the one equation of line li, hypo the word
// that makes its sentence a supposition. The one-unknown equation of such
// a sentence (in a name no line of the sentence gave a value before it) is
// kept for the next line only; a value line right after it, joined by a
// word of derivation and nothing that opens another case, trial or
// alternative, is checked against it (symSolution, with the sentence's
// veto). An equation that does not end its sentence is left alone when the
// value comes in the next one ("if a = 4, then 1/a = 1/4, which exceeds
// the limit. Therefore a = 5"). It reports whether it read eq.
func (w *symWalk) supposedSolution(li int, ln symLine, eq *symEq, hypo, veto string) bool {
	sp := &w.supposed
	prem := sp.eq
	sp.eq = nil
	if ln.sentence != sp.sentence {
		sp.sentence, sp.bound = ln.sentence, sp.bound[:0]
	}
	if eq.contra {
		return false
	}
	if eq.value == nil {
		if hypo != "" && !slices.Contains(sp.bound, eq.name) && onlyTrial(symimp.Neutral(ln.sentence)) {
			sp.eq = eq
		}
		return false
	}
	var orig *symEq
	if x := sp.exp; prem == nil && x != nil && x.line == li-1 && x.name == eq.name {
		prem, orig = x.at(eq.value), x // "3^x = 81, which gives x = 4": the value put in
	}
	if prem == nil || prem.line < li-2 || prem.name != eq.name || eq.s < prem.e || eq.s-prem.e > maxBetween || !derivedCue(between(w.text[prem.e:eq.s]), ln.sentence) {
		if hypo != "" {
			sp.bound = append(sp.bound, eq.name)
		}
		return false
	}
	o, sk := w.t.symSolution(w.step, w.text, eq, []*symEq{prem}, veto)
	if o != nil && orig != nil {
		o.Expr = symexpr.Plain(orig.l) + " = " + symexpr.Plain(orig.r) + " at " + eq.name + " = " + eq.value.RatString()
	}
	w.add(o, sk)
	return true
}

// maxBetween bounds the text between an equation and the value solved
// from it.
const maxBetween = 160

// between is the prose between an equation and a value, lower case, with
// the math marks around a number standing alone ("by \(17\)") dropped,
// or "=" when a relation stands there. A sentence the equation ends is
// cut off.
func between(s string) string {
	if strings.ContainsAny(s, "=<>≤≥≠≈") || strings.Contains(s, `\le`) || strings.Contains(s, `\ge`) || strings.Contains(s, `\ne`) || strings.Contains(s, `\approx`) || strings.Contains(s, `\equiv`) {
		return "="
	}
	cue := strings.TrimSpace(strings.NewReplacer(`\(`, " ", `\)`, " ", `\[`, " ", `\]`, " ", "$", " ", "both sides", "sides").Replace(strings.ToLower(s)))
	if before, after, ok := strings.Cut(cue, ". "); ok && strings.Trim(before, " ,;:") == "" {
		cue = after // the equation ended its sentence
	}
	return cue
}

// derivedCue reports the prose between an equation and the value after it
// that derives the value: a word of derivation or solving, or a bare "or"
// restating the equation ("42·56 = c, or c = 2336"), and no word that
// opens a case, a trial, a list or an alternative, nor a sentence's end.
func derivedCue(cue, sentence string) bool {
	if strings.Contains(cue, ". ") || trialWordRE.FindString(cue) != "" || hypotheticalRE.FindString(cue) != "" || symimp.ListCue(cue) {
		return false
	}
	if strings.Trim(cue, " ,;:") == "or" {
		return !strings.Contains(sentence, "either") && !strings.Contains(sentence, "whether")
	}
	return !symimp.Alt(cue) && (symCueRE.MatchString(cue) || solveCueRE.MatchString(cue))
}

// onlyTrial reports a sentence whose suppositional words all open a
// supposition or a trial (trialWordRE), with one of them at least.
func onlyTrial(sent string) bool {
	words := strings.FieldsFunc(sent, func(r rune) bool { return r > 127 || !mathtext.IsWordByte(byte(r)) })
	found := false
	for i, wd := range words {
		if trialWordRE.FindString(wd) != "" {
			found = true
			words[i] = ""
		}
	}
	return found && hypotheticalRE.FindString(strings.Join(words, " ")) == ""
}

// keepExpEquation keeps line li's equation when its one name stands in
// an exponent ("2^{k-1} \cdot 1 = 40"), which the readers of one unknown
// leave alone, in a sentence that asserts or supposes it (as above), for
// a value claimed on the next line.
func (w *symWalk) keepExpEquation(li int, ln symLine, ms []symMember) {
	if len(ms) != 2 || ln.cont || ms[0].e == nil || ms[1].e == nil || !symexpr.HasExpOfName(ms[0].e) && !symexpr.HasExpOfName(ms[1].e) {
		return
	}
	names := symexpr.Vars(ms[1].e, map[string]bool{}, symexpr.Vars(ms[0].e, map[string]bool{}, nil))
	sent := w.sentence(ln.ps, ln.pe)
	if len(names) != 1 || hypotheticalRE.FindString(symimp.Neutral(sent)) != "" && !onlyTrial(symimp.Neutral(sent)) ||
		sent == w.supposed.sentence && slices.Contains(w.supposed.bound, names[0]) {
		return
	}
	w.supposed.exp = &symEq{l: ms[0].e, r: ms[1].e, name: names[0], line: li, s: ms[0].s, e: ms[1].e2}
}

// at is the equation e with the value v of its name put in and its powers
// folded (symexpr.FoldPowers), or nil when they are no small whole powers.
func (e *symEq) at(v *big.Rat) *symEq {
	c := symexpr.RatExpr(v)
	l, ok1 := symexpr.FoldPowers(symexpr.Substitute(e.l, e.name, c))
	r, ok2 := symexpr.FoldPowers(symexpr.Substitute(e.r, e.name, c))
	if !ok1 || !ok2 {
		return nil
	}
	return &symEq{l: l, r: r, name: e.name, line: e.line, s: e.s, e: e.e}
}
