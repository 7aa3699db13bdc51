package symbolic

import (
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
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
	cue := strings.TrimSpace(strings.ReplaceAll(ln.prose, strings.TrimSpace(listMark), ","))
	if before, after, ok := strings.Cut(cue, ". "); ok && strings.Trim(before, " ,;:") == "" {
		cue = after // the equation ended its sentence
	}
	if eq.value == nil {
		if hypo != "" && !slices.Contains(sp.bound, eq.name) && onlyTrial(symNeutral.Replace(ln.sentence)) {
			sp.eq = eq
		}
		return false
	}
	if prem == nil || prem.line != li-1 || prem.name != eq.name || !derivedCue(cue, ln.sentence) {
		if hypo != "" {
			sp.bound = append(sp.bound, eq.name)
		}
		return false
	}
	w.add(w.t.symSolution(w.step, w.text, eq, []*symEq{prem}, veto))
	return true
}

// derivedCue reports the prose between an equation and the value after it
// that derives the value: a word of derivation or solving, or a bare "or"
// restating the equation ("42·56 = c, or c = 2336"), and no word that
// opens a case, a trial, a list or an alternative, nor a sentence's end.
func derivedCue(cue, sentence string) bool {
	if strings.Contains(cue, ". ") || trialWordRE.FindString(cue) != "" || hypotheticalRE.FindString(cue) != "" || listRE.MatchString(cue) {
		return false
	}
	if strings.Trim(cue, " ,;:") == "or" {
		return !strings.Contains(sentence, "either") && !strings.Contains(sentence, "whether")
	}
	return !altRE.MatchString(cue) && (symCueRE.MatchString(cue) || solveCueRE.MatchString(cue))
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
