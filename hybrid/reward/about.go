package reward

// What a step is about: the problem's own words (terms) a step uses. An untraced answer's
// floor tier asks that a step be about the problem (Work.ValueWith, docs/REWARD.md).

import "strings"

// aboutWords is how many of the problem's own words (aboutWord) a step's prose uses to
// reason in the problem's terms.
const aboutWords = 1

// about is whether a step's text uses aboutWords distinct words of the problem that are
// content words (aboutWord) and not words of the final answer: "the selected cards" of a
// problem about selecting cards, not "Let's think about this carefully".
func (k *known) about(text string) bool {
	need := min(aboutWords, len(k.terms)) // a short problem ("Expand $(x+5)^2$.") has fewer
	if need == 0 {
		return true // a problem with no such word: every step that is not idle is about it
	}
	answer := strings.ToLower(k.answer)
	n := 0
	for w := range termsOf(text) {
		if k.terms[w] && !strings.Contains(answer, w) {
			if n++; n == need {
				return true
			}
		}
	}
	return false
}

// termsOf are a text's words that can say what it is about (aboutWord), lower-cased, a
// plural's s dropped; a LaTeX command's name (\frac, \left) is no word.
func termsOf(text string) map[string]bool {
	out := map[string]bool{}
	text = withoutSpecialTokens(text)
	for _, w := range words(text) {
		if w[0] > 0 && text[w[0]-1] == '\\' {
			continue
		}
		if word := strings.TrimSuffix(strings.ToLower(text[w[0]:w[1]]), "s"); aboutWord(word) {
			out[word] = true
		}
	}
	return out
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
