package reward

// What a step is about: the problem's own words (terms) a step uses. An untraced answer's
// floor tier asks that a step be about the problem (Work.ValueWith, docs/REWARD.md).

import (
	"slices"
	"strings"
)

// about is whether a step's text uses one of the problem's words that can say what it is
// about (terms), not a word of the final answer: "the selected cards" of a problem about
// selecting cards, not "Let's think about this carefully".
func (k *known) about(text string) bool {
	if len(k.terms) == 0 {
		return true // a problem with no such word ("Find $3^4$."): every step is about it
	}
	answer := ""
	found := false
	eachTerm(text, func(w string) bool {
		if !k.terms[w] {
			return true
		}
		if answer == "" {
			answer = strings.ToLower(k.answer)
		}
		found = !strings.Contains(answer, w)
		return !found
	})
	return found
}

// termsOf are a text's words that can say what it is about (eachTerm).
func termsOf(text string) map[string]bool {
	out := map[string]bool{}
	eachTerm(text, func(w string) bool {
		out[w] = true
		return true
	})
	return out
}

// eachTerm calls fn on each of a text's words that can say what it is about (aboutWord),
// lower-cased, a plural's s dropped, while fn returns true; a LaTeX command's name (\frac,
// \left) and a chat template's special token are no words.
func eachTerm(text string, fn func(word string) bool) {
	text = withoutSpecialTokens(text)
	for _, w := range words(text) {
		if w[1]-w[0] < 4 || w[0] > 0 && text[w[0]-1] == '\\' {
			continue
		}
		if word := strings.TrimSuffix(strings.ToLower(text[w[0]:w[1]]), "s"); aboutWord(word) && !fn(word) {
			return
		}
	}
}

// withoutSpecialTokens is text without a chat template's special tokens ("<|im_start|>"): a
// prompt's markup is not the problem's words.
func withoutSpecialTokens(text string) string {
	if !strings.Contains(text, "<|") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, "<|")
		if i < 0 {
			break
		}
		j := strings.Index(text[i+2:], "|>")
		if j < 0 {
			break
		}
		b.WriteString(text[:i])
		b.WriteByte(' ')
		text = text[i+2+j+2:]
	}
	b.WriteString(text)
	return b.String()
}

// aboutWord is whether a word (lower-cased, a plural's s dropped) can say what a step is
// about: four letters at least, not a function word nor the generic words of a question and
// its answer.
func aboutWord(w string) bool { return len(w) >= 4 && !genericWords[w] }

var genericWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`that this thi these those there their them they then than what when where which
		while with within without from into onto upon about above below after before have ha had
		having does doe did done make made take took each every some such many much more most less
		least only also just very will would could should shall might must need can't cannot been
		being were your yours ours here answer find given give value number total result problem
		question step steps first second third next last final finally therefore thu hence since
		because so let's think careful carefully probably though maybe wrong right sure certain
		involved quantitie quantity other another same both either neither whose whom over under
		between again still even ever never always often same like know known want wants user
		assistant system`) {
		genericWords[w] = true
	}
}

// writesQuantity is whether a step's text writes one of the problem's quantities or an
// earlier result, in digits or in a number word ("three cards"): not 0 nor 1 (they ground
// nothing), and not the final answer (stating the answer is no reasoning on the problem).
func (k *known) writesQuantity(text string) bool {
	own := func(q string) bool { return q != "0" && q != "1" && k.dep[q] && !(k.numeric && q == k.target) }
	if slices.ContainsFunc(quantities(text), own) {
		return true
	}
	for _, w := range words(text) {
		if slices.ContainsFunc(wordValues[strings.ToLower(text[w[0]:w[1]])], own) {
			return true
		}
	}
	return false
}
