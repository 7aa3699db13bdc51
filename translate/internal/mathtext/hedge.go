package mathtext

// contrastWords set a sentence against what came before ("However, 36^2 -
// 5^2 = 1271", "…= 2007, but our interest lies in three-digit sums"):
// alone, they contrast two statements and reject neither.
var contrastWords = Set("however", "but")

// hedgeWords put a claim in someone's mouth or in doubt without a doubt
// word ("one might think 3 + 4 = 8, but …"): with one of them in the
// sentence, a contrast word keeps holding the claims back.
var hedgeWords = Set("might", "may", "seem", "seems", "seemed", "appear", "appears", "appeared", "think",
	"thinks", "thought", "expect", "expects", "expected", "would", "could", "naively", "initially",
	"looks", "looked", "guess", "guessed", "claim", "claims", "claimed", "tempting", "perhaps", "maybe",
	"probably", "likely", "originally", "previously", "earlier", "said", "wrote", "written", "stated")

// noteDoubt records a doubt word of the sentence for the contrast reading.
func (si *Sentence) noteDoubt(t Tok) {
	if contrastWords[t.Text] {
		if si.contrastAt == 0 {
			si.contrastAt = t.S + 1
		}
		return
	}
	si.otherDoubt = true
}

// contrastOnly reports that the sentence's only doubt words are contrast
// words, and nothing in it hedges: its claims are asserted.
func (si *Sentence) contrastOnly() bool {
	return si.contrastAt > 0 && !si.otherDoubt && si.hedged == ""
}

// correctionNot reports a "not" that corrects a value right after a claim
// ("we get 27 - 72 - 24 - 9 = -68, not 0."): a comma before it, one number
// after it, and then the end of the clause. It rejects the other value,
// never the claim before it. It looks at most a few tokens either side.
func correctionNot(toks []Tok, i int) bool {
	j := i - 1
	for j >= 0 && j >= i-2 && toks[j].K == TSep && toks[j].Text == SepMath {
		j--
	}
	if j < 1 || toks[j].K != TSep || toks[j].Text != sepClause {
		return false
	}
	k := j - 1
	for k >= 0 && k >= j-2 && toks[k].K == TSep && toks[k].Text == SepMath {
		k--
	}
	if k < 0 || toks[k].K != TNum {
		return false // the claim before the comma ends in a number
	}
	j = i + 1
	for j < len(toks) && j <= i+2 && toks[j].K == TSep && toks[j].Text == SepMath {
		j++
	}
	if j >= len(toks) || toks[j].K != TNum {
		return false
	}
	j++
	for n := j + 2; j < len(toks) && j < n && toks[j].K == TSep && toks[j].Text == SepMath; j++ {
	}
	return j == len(toks) || toks[j].K == TSep && (toks[j].Text == SepSentence || toks[j].Text == sepClause || toks[j].Text == SepNewline)
}

// ContrastAt is the doubt ComputationDoubtAt(i, at) lifts for a contrast
// word alone, or "". The lift is for computations: "But we also have 2 + 1
// > 3" raises a condition to check, and an inequality under a contrast
// word stays held (the caller keeps this doubt for every relation but "=").
func (sc *Scan) ContrastAt(i, at int) string {
	si := sc.Sentences[i]
	if at < 0 || !si.contrastOnly() || si.doubt == "" {
		return ""
	}
	return "the sentence may be rejecting or hedging the claim (\"" + si.doubt + "\")"
}
