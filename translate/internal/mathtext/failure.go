package mathtext

// A claim that states a failure ("0^2 - 0 + 2 ≠ 2.") is often followed by
// the failure's consequence ("This case doesn't satisfy the condition."):
// the rejecting word there rules out a case, and agrees with the claim
// before instead of taking it back. This file tells that sentence from one
// that rejects the claim itself ("This is not true.", "Wait, …").

// maxFailureWords bounds the words of either sentence the reading accepts.
const maxFailureWords = 12

// bareWords may stand in a sentence that states one failed relation and
// nothing else ("Then 0^2 - 0 + 2 ≠ 2."): links and verbs of deriving only,
// none that tests, requires, supposes or hedges.
var bareWords = Set("then", "so", "thus", "hence", "therefore", "we", "get", "have", "obtain", "find",
	"which", "gives", "and", "this", "that", "it", "yields", "clearly", "here", "now")

// caseNouns name what a failed check rules out.
var caseNouns = Set("case", "subcase", "value", "values", "pair", "pairs", "triple", "triples", "choice",
	"candidate", "candidates", "option", "possibility", "assignment")

// caseRejectWords reject a case: words a failed condition entails. Words
// that say a claim was wrong ("false", "incorrect", "mistake", "wait",
// "actually") are none of them.
var caseRejectWords = Set("not", "doesn't", "doesn’t", "cannot", "can't", "can’t", "isn't", "isn’t",
	"invalid", "impossible", "fails", "rejected", "discarded", "excluded")

// caseFillWords may stand beside the case noun and the rejecting word:
// pointers back, and words of a condition met.
var caseFillWords = Set("this", "that", "the", "so", "thus", "hence", "therefore", "and", "is", "does", "be",
	"satisfy", "satisfies", "work", "works", "valid", "possible", "allowed", "acceptable", "fit", "fits",
	"meet", "meets", "hold", "holds", "given", "original", "required", "condition", "conditions",
	"equation", "equations", "requirement", "requirements", "problem", "all", "our", "a", "must", "can",
	"of", "with", "for", "us", "here")

// readSentenceKinds reads what each sentence shares with the sentences a
// display break joined to it (shareHypothesis), then which sentences state
// a failure or rule out a case (readFailureSentences).
func (sc *Scan) readSentenceKinds(toks []Tok, sentOf, joined []int) {
	shareHypothesis(sc.Sentences, joined)
	sc.readFailureSentences(toks, sentOf)
}

// readFailureSentences marks the sentences that state one failed relation
// alone (bare) and the sentences that only reject a case (caseRejection),
// from the sentence of each token (sentOf, as BuildRuns cut them). One
// pass over the tokens.
func (sc *Scan) readFailureSentences(toks []Tok, sentOf []int) {
	type count struct{ words, rels, nouns, rejects, math int }
	counts := make([]count, len(sc.Sentences))
	bad := make([]bool, len(sc.Sentences))     // a word outside bareWords, or a second relation
	badCase := make([]bool, len(sc.Sentences)) // a word outside the case-rejection words, or math
	for i, t := range toks {
		k := sentOf[i]
		c := &counts[k]
		switch t.K {
		case TWord:
			c.words++
			if !bareWords[t.Text] {
				bad[k] = true
			}
			switch {
			case caseNouns[t.Text]:
				c.nouns++
			case caseRejectWords[t.Text]:
				c.rejects++
			case !caseFillWords[t.Text]:
				badCase[k] = true
			}
		case TRel:
			c.rels++
			if t.Text != "≠" {
				bad[k] = true
			}
			badCase[k] = true
		case TSep:
			switch t.Text {
			case SepQuestion, SepColon:
				bad[k], badCase[k] = true, true
			}
		case TPoison, tBoxed:
			bad[k], badCase[k] = true, true
		default:
			badCase[k] = true
		}
	}
	for k := range sc.Sentences {
		c := counts[k]
		sc.Sentences[k].bareFailure = !bad[k] && c.rels == 1 && c.words <= maxFailureWords
		sc.Sentences[k].caseRejection = !badCase[k] && c.nouns >= 1 && c.rejects == 1 && c.words <= maxFailureWords
	}
}

// FailureDoubtAt is ComputationDoubtAt(i, at) for a claim whose relation
// is ≠, which states that a relation fails. When the one doubt is the next
// sentence's rejecting word, the claim's sentence states the failed
// relation alone and the next one only rules out a case ("0^2 - 0 + 2 ≠
// 2. This case doesn't satisfy the condition."), the rejection is the
// claim's consequence: the claim is asserted, and the doubt is lifted.
func (sc *Scan) FailureDoubtAt(i, at int) string {
	d := sc.ComputationDoubtAt(i, at)
	if d == "" || i+1 >= len(sc.Sentences) || d != sc.nextRejection(i) {
		return d
	}
	if sc.Sentences[i].bareFailure && sc.Sentences[i+1].caseRejection {
		return ""
	}
	return d
}

// nextRejection is the doubt the next sentence's rejecting word puts on the
// claims of sentence i, or "".
func (sc *Scan) nextRejection(i int) string {
	if i+1 < len(sc.Sentences) && sc.Sentences[i+1].strong != "" {
		return "the next sentence may reject the claim (\"" + sc.Sentences[i+1].strong + "\")"
	}
	return ""
}
