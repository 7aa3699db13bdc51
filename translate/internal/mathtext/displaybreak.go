package mathtext

import "strings"

// DisplayBreak reports whether a sentence starts at byte i of text because
// a display ends just before it on the same line and a capitalized word
// opens at i ("\[ 1313 = 36^2 - 5^2 \] However, it is easier to …",
// "Given: \[ … \] We will use the fact that …"). Without a full stop
// after the display, the words behind it would otherwise join the
// display's sentence, and their "however", "given" or "around" would hold
// back a claim they do not speak of. Only spaces may separate the display
// from the word, and the word is a capital and a lower-case letter (not a
// point "A" or a name "AB"). Only "\]" is read here: it always closes a
// display, while "$$" may open one ("$$ Area = …"), which the math-text
// sentences tell apart by its token (displayCloseBreak). It looks at a
// bounded number of bytes.
func DisplayBreak(text string, i int) bool { return displayBreak(text, i, false) }

// displayCloseBreak is DisplayBreak after a token known to close a
// display, which may then be "$$" too.
func displayCloseBreak(text string, i int) bool { return displayBreak(text, i, true) }

func displayBreak(text string, i int, dollars bool) bool {
	if i <= 0 || i+1 >= len(text) || text[i] < 'A' || text[i] > 'Z' || text[i+1] < 'a' || text[i+1] > 'z' {
		return false
	}
	j := i
	for j > 0 && i-j < 8 && (text[j-1] == ' ' || text[j-1] == '\t') {
		j--
	}
	if j == i {
		return false
	}
	return strings.HasSuffix(text[:j], `\]`) || dollars && strings.HasSuffix(text[:j], "$$")
}

// nextNonSpace is the index of the first byte from i on that is not a
// space or a tab (at most a few looked at).
func nextNonSpace(text string, i int) int {
	for k := 0; k < 8 && i < len(text) && (text[i] == ' ' || text[i] == '\t'); k++ {
		i++
	}
	return i
}

// shareHypothesis gives the sentences a display break split apart (joined:
// the indexes of the second parts, ascending) one hypothesis: the break
// scopes doubt words, and a binding keeps the whole sentence's supposition
// ("Substituting x = 7: \[ … \] Since y > 0, we have: \[ y = 2 \]").
func shareHypothesis(ss []Sentence, joined []int) {
	for k := 0; k < len(joined); {
		a := joined[k] - 1 // the first part
		b := k
		for b+1 < len(joined) && joined[b+1] == joined[b]+1 {
			b++
		}
		last := joined[b]
		h := ""
		for i := a; i <= last && h == ""; i++ {
			h = ss[i].Hypothetical
		}
		for i := a; i <= last; i++ {
			if ss[i].Hypothetical == "" {
				ss[i].Hypothetical = h
			}
		}
		k = b + 1
	}
}

// ThroughNextSentence is the start of s (text right after a claim) up to
// the end of the sentence after the claim's: the words that may still
// reject the claim ("\[ 3 = 1 \], which is impossible", "… = 7. This is
// wrong."). Words two sentences on speak of something else ("… 12 = (n -
// 1) × 7. Divide by 7: n - 1 = 12/7. Since we can't have a fraction of a
// term, …"). A sentence ends at '.', '!' or '?' before a space or a line
// break, or where a display break starts one.
func ThroughNextSentence(s string) string {
	ends := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == '.' || c == '!' || c == '?') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n') || c >= 'A' && c <= 'Z' && DisplayBreak(s, i) {
			if ends++; ends == 2 {
				return s[:i]
			}
		}
	}
	return s
}
