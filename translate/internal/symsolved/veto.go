package symsolved

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/symimp"
)

// vetoWords reports words that make the values something other than a
// stated solution: a trial, a supposition, a rejection, a doubt, an
// approximation. It is the pattern (vetoPattern in the tests)
//
//	\b(?:if|suppose|…|congruent)\b|n't\b|[≈≡<>≤≥≠]|\\(?:approx|equiv|pmod|bmod|mod|neq?|le|ge|leq|geq|lt|gt)\b
//
// read without the backtracker: a whole word of vetoes, "n't" closing a
// word (which "can't", "isn't" and the like of the word list do too), a
// sign, or a command whose whole name is one of vetoCommands.
func vetoWords(s string) bool {
	if symimp.HasWord(s, vetoes...) || strings.IndexAny(s, "<>") >= 0 {
		return true
	}
	for _, sign := range []string{"≈", "≡", "≤", "≥", "≠"} {
		if strings.Contains(s, sign) {
			return true
		}
	}
	for i := strings.Index(s, "n't"); i >= 0; {
		if e := i + 3; e == len(s) || !isWordChar(s[e]) {
			return true
		}
		j := strings.Index(s[i+1:], "n't")
		if j < 0 {
			break
		}
		i += 1 + j
	}
	for i := strings.IndexByte(s, '\\'); i >= 0; {
		j := i + 1
		for j < len(s) && isWordChar(s[j]) {
			j++
		}
		for _, c := range vetoCommands {
			if s[i+1:j] == c {
				return true
			}
		}
		k := strings.IndexByte(s[i+1:], '\\')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// vetoes are the whole words of vetoWords.
var vetoes = []string{"if", "suppose", "supposing", "assume", "assuming", "would", "were", "try", "trying", "tries", "tried", "trial", "trials",
	"attempt", "attempts", "candidate", "candidates", "test", "testing", "check", "checking", "verify", "verifying", "guess", "example",
	"instance", "not", "no", "nor", "never", "cannot", "fail", "fails", "failed", "invalid", "incorrect", "wrong", "mistake",
	"contradiction", "impossible", "however", "but", "case", "cases", "approximately", "about", "roughly", "nearly", "numerically",
	"numerical", "rounded", "rounding", "decimal", "places", "mod", "modulo", "remainder", "congruent"}

// vetoCommands are the commands of vetoWords, by their whole names.
var vetoCommands = []string{"approx", "equiv", "pmod", "bmod", "mod", "ne", "neq", "le", "ge", "leq", "geq", "lt", "gt"}
