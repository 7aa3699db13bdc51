package translate

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// A step *is* its claims when removing the spans of its obligations leaves
// nothing that could say more: only punctuation, math delimiters, a few
// connectives ("so", "thus", "and") and, right after a claim, one unit word
// ("24 clips"). Then a verdict on every claim is a verdict on the whole step,
// and the merge may treat it as formal (StepResult.Whole).
//
// The rule is a token-level check of the leftover text, not a list of
// sentences: any other word ("not", "wrong", "half of", "Tuesday"), any number
// or operator left outside a claim, any candidate the translator left alone
// (a Skipped entry), or a claim resting on a hypothesis from another step makes
// the step not whole. It errs on the side of "not whole": a step that is not
// whole keeps its learned score, which is never unsound.

// wholeConnectives are the words that join claims without adding to them.
var wholeConnectives = mathtext.Set("so", "thus", "hence", "therefore", "then", "and", "which", "gives", "giving",
	"yields", "i.e", "ie")

// wholePunct are the characters and LaTeX delimiters that carry no claim.
var wholePunct = []string{`\(`, `\)`, `\[`, `\]`, "$$", "$", ".", ",", ";", ":", "!", "∴", "⇒", "=>", "→"}

// wholeStep reports whether text says nothing but the claims of obls.
func wholeStep(text string, obls []Obligation, skipped []Skipped) bool {
	if len(obls) == 0 || len(skipped) > 0 || !utf8.ValidString(text) {
		return false
	}
	covered := make([]bool, len(text))
	ends := map[int]bool{} // byte offsets where a claim's span ends
	for _, o := range obls {
		if len(o.Hypotheses) > 0 {
			return false // the claim holds only under a binding made elsewhere
		}
		s, e := o.Span.Start, o.Span.End
		if s < 0 || e > len(text) || s >= e {
			return false
		}
		for i := s; i < e; i++ {
			covered[i] = true
		}
		ends[e] = true
	}
	afterClaim := false // only spaces since the end of a claim: a unit word may follow
	for i := 0; i < len(text); {
		if covered[i] {
			i++
			afterClaim = false
			if ends[i] {
				afterClaim = true
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if unicode.IsSpace(r) {
			i += n
			continue
		}
		if p := punctAt(text[i:]); p > 0 && !overlaps(covered, i, i+p) {
			// A closing math delimiter keeps the unit word's place: \(40 \times 1.5 = 60\) dollars.
			afterClaim = afterClaim && strings.ContainsAny(text[i:i+p], `$\`)
			i += p
			continue
		}
		if !unicode.IsLetter(r) {
			return false // a number, an operator, a question mark: something the claims do not say
		}
		j := i
		for j < len(text) && !covered[j] {
			r, n := utf8.DecodeRuneInString(text[j:])
			if !unicode.IsLetter(r) && r != '.' {
				break
			}
			j += n
		}
		w := strings.TrimRight(strings.ToLower(text[i:j]), ".")
		switch {
		case wholeConnectives[w]:
		case afterClaim && isUnitWord(w):
		default:
			return false
		}
		afterClaim = false
		i = j
	}
	return true
}

// isUnitWord is a word that can label the number before it ("24 clips",
// "101 dollars") without changing or hedging it.
func isUnitWord(w string) bool {
	if w == "" || mathtext.NotUnits[w] || mathtext.DoubtWords[w] || mathtext.Modifiers[w] || mathtext.SuffixOps[w] || mathtext.OpWords[w] ||
		mathtext.HypotheticalWords[w] || mathtext.StrongDoubt[w] || mathtext.ModularWords[w] || mathtext.IntroWords[w] || wholeConnectives[w] {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func punctAt(s string) int {
	for _, p := range wholePunct {
		if strings.HasPrefix(s, p) {
			return len(p)
		}
	}
	return 0
}

func overlaps(covered []bool, s, e int) bool {
	for i := s; i < e && i < len(covered); i++ {
		if covered[i] {
			return true
		}
	}
	return false
}

// dropDecided removes the notes of one reader ("number glued to letters",
// "factorial") on a candidate that another reader turned into an obligation
// covering it: the note would stand beside that obligation's verdict as if
// the claim had been left alone.
func dropDecided(skipped []Skipped, obls []Obligation) []Skipped {
	out := skipped[:0]
	for _, sk := range skipped {
		inside := false
		for _, o := range obls {
			if sk.Span.End > sk.Span.Start && o.Span.Start <= sk.Span.Start && sk.Span.End <= o.Span.End {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, sk)
		}
	}
	return out
}
