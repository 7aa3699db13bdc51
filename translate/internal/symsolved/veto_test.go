package symsolved

import (
	"math/rand"
	"regexp"
	"testing"
)

// vetoPattern is what vetoWords reads.
var vetoPattern = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|were|try|trying|tries|tried|trial|trials|attempt|attempts|candidate|candidates|test|testing|check|checking|verify|verifying|guess|example|instance|not|no|nor|never|cannot|can't|doesn't|don't|isn't|aren't|fails?|failed|invalid|incorrect|wrong|mistake|contradiction|impossible|however|but|case|cases|approximately|about|roughly|nearly|numerically|numerical|rounded|rounding|decimal|places|mod|modulo|remainder|congruent)\b|n't\b|[≈≡<>≤≥≠]|\\(?:approx|equiv|pmod|bmod|mod|neq?|le|ge|leq|geq|lt|gt)\b`)

// TestVetoWordsIsThePattern holds vetoWords to vetoPattern.
func TestVetoWordsIsThePattern(t *testing.T) {
	for _, s := range []string{"", "so x = 2", "if x = 2", "iff", "notice", "not", "can't", "cant", "don't do", "won'tx", "n't", "isn'",
		"a ≈ b", "a < b", "a ≥ b", `\le`, `\left`, `\leq`, `\leq2`, `\le_`, `\neq`, `\ne `, `\nex`, `x \pmod{3}`, `\mod`, `\modulo`,
		"rounded to", "roundings", "places", "fails", "failing", "no.", "_no", "no_", "2no", "the case", "cases", "showcase",
		"we get x = 3 and y = 4", "trying 3", `\\le`, `a\\`, `\`, "it isn't", "aren't we", "doesn't_", "approximately 2"} {
		if got, want := vetoWords(s), vetoPattern.MatchString(s); got != want {
			t.Errorf("vetoWords(%q) = %v, the pattern %v", s, got, want)
		}
	}
}

// TestVetoWordsOnRandomText holds vetoWords to vetoPattern on texts built
// at random from pieces of words, signs and commands.
func TestVetoWordsOnRandomText(t *testing.T) {
	pieces := []string{"if", "no", "t", "n't", "'", " ", "_", "2", "x", `\`, "le", "q", "mod", "ulo", "≈", "<", "case", "s", "é", "can", ".", "approx"}
	rng := rand.New(rand.NewSource(3))
	for n := 0; n < 20000; n++ {
		s := ""
		for k := rng.Intn(6); k >= 0; k-- {
			s += pieces[rng.Intn(len(pieces))]
		}
		if got, want := vetoWords(s), vetoPattern.MatchString(s); got != want {
			t.Fatalf("vetoWords(%q) = %v, the pattern %v", s, got, want)
		}
	}
}
