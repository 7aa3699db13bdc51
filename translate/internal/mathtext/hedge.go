package mathtext

// doubt is why claims of sentence i must not be refuted, or "".
func (sc *Scan) doubt(i int) string {
	if d := sc.Sentences[i].trial; d != "" {
		return "the sentence may be rejecting or hedging the claim (\"" + d + "\")"
	}
	return sc.ComputationDoubt(i)
}

// ComputationDoubt is why a closed computation of sentence i must not be
// refuted, or "". Words of testing a candidate ("we test c = 12: 12^3 +
// 1 = 1729", "plugging in", "this is correct") hedge whether the
// candidate fits, never the arithmetic written out to find it: a
// computation stated while testing is refuted like any other. Rejections
// ("not", "?", "wrong") still hold it back.
func (sc *Scan) ComputationDoubt(i int) string { return sc.ComputationDoubtAt(i, -1) }

// ComputationDoubtAt is computationDoubt for a claim that starts at byte
// at (-1: anywhere in the sentence). "If Sam had 70 loaves, the bakery
// has 70 * 7 - 40 = 380": the computation after the if-clause is stated
// whatever the supposition, and false as written; one inside the
// if-clause ("if 2 + 2 = 5, …") stays hedged.
func (sc *Scan) ComputationDoubtAt(i, at int) string {
	si := sc.Sentences[i]
	if si.ifOnly && si.consequent > 0 && at >= si.consequent {
		si.doubt = ""
	}
	if at >= 0 && si.contrastOnly() {
		si.doubt = "" // "However, 36^2 - 5^2 = 1313.": a contrast, not a rejection (ContrastAt)
	}
	if d := si.doubt; d != "" {
		return "the sentence may be rejecting or hedging the claim (\"" + d + "\")"
	}
	if si.corrected && si.hedged != "" {
		// "One might get 2 + 2 = 5, not 4": the correction is someone's.
		return "the sentence may be rejecting or hedging the claim (\"" + si.hedged + "\")"
	}
	if i+1 < len(sc.Sentences) && sc.Sentences[i+1].strong != "" {
		return "the next sentence may reject the claim (\"" + sc.Sentences[i+1].strong + "\")"
	}
	return ""
}

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
	"probably", "likely", "originally", "previously", "earlier", "said", "says", "wrote", "written", "stated")

// noteDoubt records a doubt word of the sentence for the contrast reading.
func (si *Sentence) noteDoubt(t Tok) {
	si.doubts++
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

// approxWords hedge a value or a likeness as approximate.
var approxWords = Set("approximately", "about", "roughly", "around", "nearly", "almost", "estimate", "estimated", "approx")

// approxOnly reports that sentence i's one doubt word is an approximation
// word, and nothing else in it tests, hedges or corrects.
func (sc *Scan) approxOnly(i int) bool {
	si := &sc.Sentences[i]
	return si.doubts == 1 && approxWords[si.doubt] && si.trial == "" && si.hedged == "" && !si.corrected
}
