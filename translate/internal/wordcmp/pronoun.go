package wordcmp

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// maxPrev bounds the sentence before a pronoun that is read for its subject.
const maxPrev = 300

// pronounSubject reads the subject "it" that ends at i (spaces aside) and opens its sentence
// (after "However," or "But" at most): the side the sentence just before says something of. That
// sentence's last "is" must follow a side standing alone at the start of its clause ("so 2709 is
// a valid number.") and be followed by words only, no number and no math, so the side is the one
// thing the sentence names and "it" can only be that side.
func pronounSubject(text string, i int) (side, bool) {
	before := strings.TrimRight(text[:i], " \t")
	k := len(before) - 2
	if k < 0 || !strings.EqualFold(before[k:], "it") || k > 0 && mathtext.IsASCIILetter(before[k-1]) {
		return side{}, false
	}
	open := strings.TrimRight(before[:k], " \t\n")
	lower := strings.ToLower(open[max(0, len(open)-8):])
	for _, lead := range []string{"however,", "but"} {
		if strings.HasSuffix(lower, lead) {
			n := len(open) - len(lead)
			if n > 0 && mathtext.IsASCIILetter(open[n-1]) {
				return side{}, false
			}
			open = strings.TrimRight(open[:n], " \t\n")
			break
		}
	}
	pe := len(open) - 1
	if pe < 1 || open[pe] != '.' || mathtext.IsDigit(open[pe-1]) {
		return side{}, false
	}
	start := max(0, pe-maxPrev)
	ps := start
	for _, mark := range []string{". ", "! ", "? ", "\n"} {
		if j := strings.LastIndex(text[start:pe], mark); j >= 0 {
			ps = max(ps, start+j+len(mark))
		}
	}
	j := strings.LastIndex(text[ps:pe], " is ")
	if j < 0 {
		return side{}, false
	}
	for q := ps + j; q < pe; q++ {
		if c := text[q]; mathtext.IsDigit(c) || c == '\\' || c == '$' || c == '=' {
			return side{}, false
		}
	}
	subj, ok := subjectBefore(text, ps+j)
	if !ok || subj.s < ps || !standsAlone(text, subj.s) {
		return side{}, false
	}
	return subj, true
}
