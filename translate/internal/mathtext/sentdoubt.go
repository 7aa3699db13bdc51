package mathtext

import "strings"

// sentenceIndex is the sentence of each token, the number of the last
// sentence, and the sentences that a display break opened
// (displaybreak.go). Context runs to the end of a sentence; a line break
// does not end it ("If n = 4, then:\n\[ … \]").
func sentenceIndex(text string, toks []Tok) (sentOf []int, n int, joined []int) {
	sentOf = make([]int, len(toks))
	for i, t := range toks {
		sentOf[i] = n
		if t.K == TSep && (t.Text == SepSentence || t.Text == SepQuestion) {
			n++
		} else if t.K == TSep && t.Text == SepMath && t.Src != "open" && displayCloseBreak(text, nextNonSpace(text, t.E)) {
			n++
			joined = append(joined, n)
		}
	}
	return sentOf, n, joined
}

// extraDoubts marks the words that doubt their sentence's claims besides
// DoubtWords, or is nil when there are none: "had" opening a sentence
// ("Had the total been 7 + 5 = 13, …" supposes what it states, as "if"
// does), and "base" before a number in math when a numeral of the
// sentence has two digits or more (baseInMath, manyDigits). Each
// sentence's digits are read once, so the scan stays linear.
func extraDoubts(text string, toks []Tok, sentOf []int) []bool {
	if !strings.Contains(text, "ad") && !strings.Contains(text, "base") {
		return nil
	}
	var out []bool
	mark := func(i int) {
		if out == nil {
			out = make([]bool, len(toks))
		}
		out[i] = true
	}
	last, baseSent := -1, -1 // the sentence of the last token that is no separator; the last read for "base"
	noLog := !strings.Contains(text, `\log`)
	for i, t := range toks {
		first := t.K != TSep && last != sentOf[i]
		if t.K != TSep {
			last = sentOf[i]
		}
		switch {
		case t.K != TWord:
		case first && t.Text == "had":
			mark(i)
		case t.Text == "base" && noLog && baseSent != sentOf[i] && baseInMath(toks, i):
			baseSent = sentOf[i]
			if manyDigits(toks, sentOf, i) {
				mark(i)
			}
		}
	}
	return out
}

// baseInMath reports a number in math after the word "base" at toks[i]
// ("\(6 \times 7 = 52\) in base \(8\)"): the sentence's numerals may be
// written in that base, and its claims are not refuted. Only the sentence
// is held: "Express your answer in base $9$" in a problem leaves the
// chain's column arithmetic in decimal.
func baseInMath(toks []Tok, i int) bool {
	j := i + 1
	for j < len(toks) && toks[j].K == TSep && toks[j].Text == SepMath {
		j++
	}
	return j > i+1 && j < len(toks) && toks[j].K == TNum
}

// manyDigits reports a number of two digits or more in the sentence of
// toks[i]: a claim in single digits ("5 - 1 = 6 using base 5 rules") has
// the same value in every base that can write it.
func manyDigits(toks []Tok, sentOf []int, i int) bool {
	lo, hi := i, i
	for lo > 0 && sentOf[lo-1] == sentOf[i] {
		lo--
	}
	for hi+1 < len(toks) && sentOf[hi+1] == sentOf[i] {
		hi++
	}
	for _, t := range toks[lo : hi+1] {
		if t.K == TNum && t.E-t.S > 1 {
			return true
		}
	}
	return false
}

// ownClaim reports "claimed" at toks[i] after "as", right before it or
// one word before ("as claimed", "as we claimed"): the writer points back
// to a claim of their own, which is asserted, where "Bob claimed" puts it
// in someone else's mouth.
func ownClaim(toks []Tok, i int) bool {
	for j, words := i-1, 0; j >= 0 && words < 2; j-- {
		if toks[j].K != TWord {
			return false
		}
		if toks[j].Text == "as" {
			return true
		}
		words++
	}
	return false
}
