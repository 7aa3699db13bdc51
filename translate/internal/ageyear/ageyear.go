// Package ageyear decides an age stated for a year from the year of birth the step states
// (docs/TRANSLATE.md, "An age in a year from the year of birth"): "His birth year is 1369. …
// On April 7, 1479, Dan's age would be 111." Whatever the day of birth, a person born in year B
// is Y − B − 1 or Y − B years old during year Y, so any other age is refuted. The year of birth
// must be stated in the step before the age, with the person's name ("Dan was born in 1369",
// "Dan's birth year is 1369") or with "his" / "her" when every name the step gives a person is
// the name of the age; a step with two years of birth, a sentence that supposes or asks, and an
// age with a unit other than years are left alone, and so is a step that names years before the
// era ("BC") or another way of counting age ("Korean", "lunar").
package ageyear

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the ages read in one step.
const (
	maxText = 8000
	maxOut  = 4
)

var (
	// ageRE is an age stated for a year: group 1 the year, group 2 the name, group 3 the age.
	ageRE = regexp.MustCompile(`\b(?:[Oo]n|[Ii]n|[Bb]y)\s+(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},?\s+)?(\d{3,4}),?\s+([A-Z][a-z]{1,15})'s\s+age\s+(?:would\s+be|will\s+be|is|was)\s+(\d{1,3})(?:\s+years)?\s*(?:[.,;]|$)`)
	// birthRE is a year of birth: group 1 or 2 the name, or neither for "his" / "her"; group 3 the
	// year.
	birthRE = regexp.MustCompile(`(?:\b([A-Z][a-z]{1,15})\s+was\s+born\s+in|\b([A-Z][a-z]{1,15})'s\s+birth\s+year\s+is|\b(?:[Hh]is|[Hh]er)\s+birth\s+year\s+is)\s+(?:the\s+year\s+)?(\d{3,4})\b`)
	// personRE is a name the step gives a person.
	personRE = regexp.MustCompile(`\b([A-Z][a-z]{1,15})(?:'s\b|\s+(?:was|is|lived|died|turned)\b)`)
	// vetoRE marks a sentence that supposes or asks.
	vetoRE = mathtext.NewWordMatcher([]string{"if", "suppose", "assume", "whether", "?", "unless", "approximately", "about", "roughly"}, nil, nil)
)

// Read returns the refutations of the ages step states for a year against the year of birth it
// states.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "'s age") || !strings.Contains(text, "birth") && !strings.Contains(text, "born") {
		return nil
	}
	if strings.Contains(text, "BC") || strings.Contains(text, "B.C") || strings.Contains(text, "Korean") || strings.Contains(text, "lunar") {
		return nil // years before the era, or another way of counting age
	}
	var out []obligation.Obligation
	for _, m := range ageRE.FindAllStringSubmatchIndex(text, maxOut) {
		if o, ok := readAt(step, text, m, tactic); ok {
			out = append(out, o)
		}
	}
	return out
}

// readAt decides the age ageRE matched at m.
func readAt(step int, text string, m []int, tactic string) (obligation.Obligation, bool) {
	name := text[m[4]:m[5]]
	births := birthRE.FindAllStringSubmatchIndex(text[:m[0]], 3)
	if len(births) != 1 {
		return obligation.Obligation{}, false
	}
	b := births[0]
	switch {
	case b[2] >= 0 && text[b[2]:b[3]] != name, b[4] >= 0 && text[b[4]:b[5]] != name:
		return obligation.Obligation{}, false
	case b[2] < 0 && b[4] < 0:
		for _, p := range personRE.FindAllStringSubmatch(text, 32) {
			if p[1] != name && !notPerson[p[1]] {
				return obligation.Obligation{}, false
			}
		}
	}
	if vetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, m[0], m[1]))) {
		return obligation.Obligation{}, false
	}
	var year, born, age big.Int
	year.SetString(text[m[2]:m[3]], 10)
	born.SetString(text[b[6]:b[7]], 10)
	age.SetString(text[m[6]:m[7]], 10)
	hi := new(big.Int).Sub(&year, &born)
	lo := new(big.Int).Sub(hi, big.NewInt(1))
	if hi.Sign() <= 0 || age.Cmp(lo) == 0 || age.Cmp(hi) == 0 {
		return obligation.Obligation{}, false
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, m[0], m[7]), Kind: obligation.KindClosedValue}
	o.Expr = fmt.Sprintf("age in %s of one born in %s is %s", year.String(), born.String(), age.String())
	o.Note = "an age in a year is the year minus the year of birth, or one less before the birthday"
	o.Prop = fmt.Sprintf("(%s : Rat) - (%s : Rat) = (%s : Rat) ∧ (%s : Rat) < (%s : Rat)", year.String(), born.String(), hi.String(), hi.String(), age.String())
	if age.Cmp(lo) < 0 {
		o.Prop = fmt.Sprintf("(%s : Rat) - (%s : Rat) = (%s : Rat) ∧ (%s : Rat) < (%s : Rat) - (1 : Rat)", year.String(), born.String(), hi.String(), age.String(), hi.String())
	}
	o.OnProof, o.OnDisproof = obligation.Refuted, obligation.Unknown
	o.WhyProof = fmt.Sprintf("one born in %s is %s or %s years old in %s, not %s", born.String(), lo.String(), hi.String(), year.String(), age.String())
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}

// notPerson are capitalised words personRE may meet that name no person.
var notPerson = map[string]bool{"It": true, "This": true, "That": true, "There": true, "He": true, "She": true,
	"His": true, "Her": true, "The": true, "Each": true, "Age": true, "Year": true, "Then": true, "So": true}
