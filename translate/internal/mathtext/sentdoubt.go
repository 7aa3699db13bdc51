package mathtext

import "strings"

// sentenceIndex is the sentence of each token, the number of the last
// sentence, and the sentences that a display break opened
// (displaybreak.go). Context runs to the end of a sentence; a line break
// does not end it ("If n = 4, then:\n\[ … \]").
func sentenceIndex(text string, toks []Tok) (sentOf []int, n int, joined []int) {
	sentOf = make([]int, len(toks))
	for i := range toks {
		t := &toks[i]
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

// ReportVerbs report what the writer wrote or got before ("At first I got
// 8 × 9 = 71", "Initially we wrote …"): with a first-person subject and a
// word of an earlier time, the claims of the sentence are reported, not
// made (earlierReport).
var ReportVerbs = Set("wrote", "got", "computed", "calculated", "thought", "said")

// MustWords before "hold" (or "to hold") make a relation a requirement
// ("must hold", "needs to hold", "should hold").
var MustWords = Set("must", "should", "needs", "has")

// EarlierTimes put a report in the past of the solution itself.
var EarlierTimes = Set("initially", "originally", "previously", "earlier", "first")

// earlierReport reports a verb of ReportVerbs at toks[i] right after "I"
// or "we" (an adverb between them allowed), with a word of EarlierTimes
// among the few words before it in its sentence ("first" only as "at
// first"). It looks at most a few tokens back.
func earlierReport(toks []Tok, sentOf []int, i int) bool {
	j := i - 1
	if j >= 0 && toks[j].K == TWord && EarlierTimes[toks[j].Text] {
		j-- // "I initially wrote"
	}
	if j < 0 || toks[j].K != TWord || toks[j].Text != "i" && toks[j].Text != "we" {
		return false
	}
	for k := i - 1; k >= 0 && k >= i-6 && sentOf[k] == sentOf[i]; k-- {
		if toks[k].K != TWord || !EarlierTimes[toks[k].Text] {
			continue
		}
		if toks[k].Text != "first" || k > 0 && toks[k-1].K == TWord && toks[k-1].Text == "at" {
			return true
		}
	}
	return false
}

// extraDoubts marks the words that doubt their sentence's claims besides
// DoubtWords, or is nil when there are none: "might" before every
// relation of its sentence, "had" opening a sentence
// ("Had the total been 7 + 5 = 13, …" supposes what it states, as "if"
// does), and "base" before a number in math when a numeral of the
// sentence has two digits or more (baseInMath, manyDigits). Each
// sentence's digits are read once, so the scan stays linear.
func extraDoubts(text string, toks []Tok, sentOf []int) []bool {
	if !strings.Contains(text, "ad") && !strings.Contains(text, "base") && !HasAny(text, "rote", "got", "comput", "calculat", "thought", "said", "hold", "needed", "required", "might") {
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
	relSent := -1 // the sentence of the last relation read
	for i := range toks {
		t := &toks[i]
		first := t.K != TSep && last != sentOf[i]
		if t.K != TSep {
			last = sentOf[i]
		}
		switch {
		case t.K == TRel:
			relSent = sentOf[i]
		case t.K != TWord:
		case t.Text == "might" && relSent != sentOf[i]:
			// "One might think 6 × 7 = 43": the claims after it are hedged;
			// "Since abc = 385 = 5^3, the lengths might differ" states the one before.
			mark(i)
		case first && t.Text == "had":
			mark(i)
		case ReportVerbs[t.Text] && earlierReport(toks, sentOf, i):
			mark(i)
		case i > 0 && toks[i-1].K == TWord && (t.Text == "hold" || t.Text == "holds") && (MustWords[toks[i-1].Text] ||
			i > 1 && toks[i-1].Text == "to" && toks[i-2].K == TWord && MustWords[toks[i-2].Text]),
			i > 0 && toks[i-1].K == TWord && (t.Text == "needed" || t.Text == "required") && toks[i-1].Text == "be":
			// "6 × 7 = 43 must hold", "… would be needed": a requirement, not a claim.
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

// Unclaimed is the word of a sentence (lower case) that keeps a claim at
// byte at from being made, for the readers of claims in words: "might"
// before it ("one might think 51 is prime"), a requirement ("must hold",
// "needs to hold", "would be needed"), a result the writer reports from
// earlier ("at first I got …", "initially we wrote …"); "" when there
// is none. It reads each word once.
func Unclaimed(sent string, at int) string {
	prev, prev2, earlier := "", "", false
	for i := 0; i < len(sent); {
		if !(sent[i] >= 'a' && sent[i] <= 'z' || sent[i] == '\'') {
			i++
			continue
		}
		j := i
		for j < len(sent) && (sent[j] >= 'a' && sent[j] <= 'z' || sent[j] == '\'') {
			j++
		}
		w := sent[i:j]
		switch {
		case w == "might" && i < at, prev == "might" && beliefWords[w]:
			return w // "one might think 51 is prime", "51 is prime, one might think"
		case (w == "hold" || w == "holds") && (MustWords[prev] || prev == "to" && MustWords[prev2]),
			(w == "needed" || w == "required") && prev == "be":
			return w
		case earlier && ReportVerbs[w] && (prev == "i" || prev == "we" || prev2 == "i" || prev2 == "we"):
			return w
		}
		earlier = earlier || EarlierTimes[w] && (w != "first" || prev == "at")
		prev, prev2, i = w, prev, j
	}
	return ""
}

// beliefWords after "might" hedge the whole sentence, before or after.
var beliefWords = Set("think", "guess", "expect", "believe", "say", "suppose", "assume", "claim", "conclude")

// BaseNamed reports "base" before a number in the sentence (lower case)
// and no logarithm: "in base 8, 51 is prime" speaks of numerals of
// another base, "the logarithm base 5" does not.
func BaseNamed(sent string) bool {
	if strings.Contains(sent, "log") {
		return false
	}
	for i := strings.Index(sent, "base "); i >= 0; {
		j := i + len("base ")
		for j < len(sent) && (sent[j] == '$' || sent[j] == '(' || sent[j] == ' ' || sent[j] == '\\' && j+1 < len(sent) && sent[j+1] == '(') {
			j++
		}
		if j < len(sent) && IsDigit(sent[j]) {
			return true
		}
		k := strings.Index(sent[j:], "base ")
		if k < 0 {
			return false
		}
		i = j + k
	}
	return false
}
