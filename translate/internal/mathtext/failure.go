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

// hasFailureWord reports a ≠, or the word "match" or "equal", in toks (each token read in place).
func hasFailureWord(toks []Tok) bool {
	for i := range toks {
		if t := &toks[i]; t.K == TRel && t.Text == "≠" || t.K == TWord && (t.Text == "match" || t.Text == "equal") {
			return true
		}
	}
	return false
}

// readFailureSentences marks the sentences that state one failed relation
// alone (bare) and the sentences that only reject a case (caseRejection),
// from the sentence of each token (sentOf, as BuildRuns cut them). One
// pass over the tokens.
func (sc *Scan) readFailureSentences(toks []Tok, sentOf []int) {
	// A bare failure holds a ≠ and a mismatch the word "match" or "equal": a step with
	// neither has no sentence of either kind (and a case rejection counts only after a bare
	// failure), so it is not read.
	if !hasFailureWord(toks) {
		return
	}
	type count struct{ words, rels, nouns, rejects, math int }
	counts := make([]count, len(sc.Sentences))
	bad := make([]bool, len(sc.Sentences))     // a word outside bareWords, or a second relation
	badCase := make([]bool, len(sc.Sentences)) // a word outside the case-rejection words, or math
	for i := range toks {
		t := &toks[i]
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
	lo := 0
	for k := range sc.Sentences {
		c := counts[k]
		si := &sc.Sentences[k]
		si.bareFailure = !bad[k] && c.rels == 1 && c.words <= maxFailureWords
		si.caseRejection = !badCase[k] && c.nouns >= 1 && c.rejects == 1 && c.words <= maxFailureWords
		hi := lo
		for hi < len(toks) && sentOf[hi] == k {
			hi++
		}
		if c.words <= maxMismatchWords && c.rels == 0 && mismatchSentence(toks[lo:hi]) {
			// Its "not" negates the match with the target: it rejects
			// nothing, neither the claims before nor a claim of its own
			// (it holds no relation).
			si.mismatch = true
			si.strong, si.doubt, si.doubts, si.otherDoubt = "", "", 0, false
		}
		lo = hi
	}
}

// maxMismatchWords bounds the words of a sentence read as a mismatch.
const maxMismatchWords = 16

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

// A closed computation is also often followed by a comparison of its
// result with a target that the result misses, and the candidate's
// rejection: "… = -542 + 333\sqrt{5}i. This does not match our original
// \(z\), so we discard this factorization." The "not" there negates the
// match with the target, which presupposes the result: the computation is
// asserted. mismatchSentence reads such a sentence, and nothing more.

// mismatchTargetWords may stand in the target beside its math ("our
// original \(z\)", "the given value").
var mismatchTargetWords = Set("our", "the", "original", "given", "required", "value", "of", "number", "expression")

// mismatchAnchorWords in the target name a value given before: a target
// of words only must hold one.
var mismatchAnchorWords = Set("original", "given", "required")

// discardWords reject a candidate in the clause after the mismatch.
var discardWords = Set("discard", "reject", "eliminate", "exclude")

// candidateNouns name the candidate rejected ("this factorization").
var candidateNouns = Set("factorization", "case", "option", "candidate", "pair", "value", "choice",
	"possibility", "solution", "combination", "triple", "assignment")

// mismatchSentence reports a sentence (its tokens, the separator that
// ends it included) that says only that the result before does not match a
// target, and at most that a candidate is discarded for it: "This does not
// match \(-142 + 333\sqrt{5}i\).", "It doesn't equal our original \(z\), so
// we discard this case." No relation, no question, at most 16 words.
func mismatchSentence(toks []Tok) bool {
	var ws []Tok // the sentence without its math delimiters and final separator
	for ti := range toks {
		t := &toks[ti]
		switch {
		case t.K == TSep && t.Text == SepMath:
		case t.K == TSep && t.Text == SepSentence:
		case t.K == TSep && t.Text == SepNewline && len(ws) == 0: // the line break after a display
		case t.K == TSep && t.Text != sepClause, t.K == TRel, t.K == TPoison, t.K == tBoxed:
			return false
		default:
			ws = append(ws, *t)
		}
		if len(ws) > 40 {
			return false
		}
	}
	word := func(i int, set map[string]bool) bool { return i < len(ws) && ws[i].K == TWord && set[ws[i].Text] }
	is := func(i int, w string) bool { return i < len(ws) && ws[i].K == TWord && ws[i].Text == w }
	i := 0
	if !word(i, Set("this", "that", "it")) {
		return false
	}
	i++
	switch {
	case is(i, "does") && is(i+1, "not") && word(i+2, Set("match", "equal")):
		i += 3
	case word(i, Set("doesn't", "doesn’t")) && word(i+1, Set("match", "equal")):
		i += 2
	case is(i, "is") && is(i+1, "not") && is(i+2, "equal") && is(i+3, "to"):
		i += 4
	default:
		return false
	}
	target, anchored := 0, false
	for ; i < len(ws) && !(ws[i].K == TSep); i++ {
		switch t := ws[i]; {
		case t.K == TWord && mismatchTargetWords[t.Text]:
			anchored = anchored || mismatchAnchorWords[t.Text]
		case t.K == TWord:
			return false
		default:
			anchored = true // math: the target written out, or a name given before
		}
		target++
	}
	if target == 0 || !anchored {
		return false
	}
	if i == len(ws) {
		return true
	}
	// ", so we discard this factorization"
	i++
	if !word(i, Set("so", "thus", "hence", "therefore")) {
		return false
	}
	i++
	if i < len(ws) && ws[i].K == TSep {
		i++
	}
	if !is(i, "we") || !word(i+1, discardWords) || !word(i+2, Set("this", "that", "the")) || !word(i+3, candidateNouns) {
		return false
	}
	i += 4
	if is(i, "out") {
		i++
	}
	return i == len(ws)
}
