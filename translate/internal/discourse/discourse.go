// Package discourse is the stage between the math-text lexer and the
// readers: it says, for each place of a step, how the text puts the claims
// there (their modality) and in which scope the values they use live.
//
// Modalities: a claim is asserted, unless the text supposes it (an
// if-clause, "would"), tests it (and then the text may state the outcome:
// "This does not hold"), rejects it, sets it as a condition (a rule's
// domain: "where a ≠ 1", "for b > 5"), or offers it as one branch of a
// case split ("2 - 3s = 3s or 2 - 3s = -3s"). Scopes: a case head ("For r
// = -1:", "- k = 2:", "Try n = 4:", "Case 2: a = 3") opens a scope that
// the next head, the next bullet or a blank line closes; a value bound by
// a head belongs to its case and to nothing else.
//
// The readers keep deciding what they decide; this stage only tells them
// which of their claims the text asserts (docs/TRANSLATE.md, "Discourse").
// Reading is linear in the tokens: every token is visited a bounded
// number of times.
package discourse

import (
	"slices"
	"sort"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Modality is how the text puts a claim.
type Modality uint8

const (
	Asserted    Modality = iota
	Condition            // a rule's domain or a quantified condition ("where a ≠ 1", "for b > 5")
	Alternative          // one branch of a case split ("… or …")
	Operand              // the first member is an operand of a word before it ("9 choose (4 - 1) = 84")
	Unmet                // a condition the text says is not met ("does not satisfy 6 ≤ 41 < 6^2")
)

// Outcome is what the text states about a tested claim.
type Outcome int8

const (
	NoOutcome Outcome = iota
	Holds             // "This holds.", "Yes."
	Fails             // "This does not hold.", ", which is false"
)

// mark is a stretch of the step with a modality other than Asserted.
type mark struct {
	s, e  int
	mod   Modality
	why   string
	names []string // the names a condition constrains
}

type sentence struct {
	s, e      int
	outcome   Outcome
	why       string // the words that state the outcome
	question  bool   // the sentence ends in a question mark
	tentative string // the first word that makes a value there a trial (tentativeWords)
}

// Reading is what the discourse stage found in one step. The zero value
// (and nil) reads everything as asserted in one scope.
type Reading struct {
	sents  []sentence
	marks  []mark
	heads  [][2]int // case heads, in order
	scopes []int    // the offsets at which a new scope starts, in order
	struck [][2]int // struck-out stretches (struck.go)
}

// condWords open a condition: what follows up to the next clause is the
// domain of a rule or a quantified range, not a claim about values in scope.
var condWords = mathtext.Set("where", "provided", "whenever", "assuming", "unless", "given")

// quantWords after "for" make a condition of what follows ("for all x > 0").
var quantWords = mathtext.Set("all", "any", "every", "each", "some")

var (
	negWords = mathtext.Set("not", "false", "fails", "fail", "failed", "doesn't", "isn't", "untrue", "incorrect",
		"wrong", "no", "doesn’t", "isn’t", "invalid", "violated", "never")
	posWords = mathtext.Set("holds", "hold", "true", "works", "work", "satisfied", "valid", "correct", "yes",
		"right", "checks", "ok")
	// outcome sentences open with a word that points back at the claim before.
	pointWords = mathtext.Set("this", "that", "it", "which", "so", "thus", "hence", "and", "no", "yes", "true",
		"false", "clearly", "indeed", "but", "the", "inequality", "equality", "equation", "condition",
		"statement", "claim", "is", "does")
	// fillWords may stand in an outcome sentence besides the outcome words.
	fillWords = mathtext.Set("is", "does", "do", "hold", "holds", "satisfied", "the", "this", "that", "it", "which",
		"so", "thus", "hence", "and", "but", "clearly", "indeed", "inequality", "equality", "equation",
		"condition", "statement", "claim", "case", "here", "either", "also", "still", "then", "therefore")
)

// Read reads the discourse of one step from its tokens.
func Read(text string, toks []mathtext.Tok) *Reading {
	r := &Reading{}
	kinds := kindsOf(toks)
	r.readHeads(text, toks, kinds)
	r.readStruck(text)
	r.readSentences(toks, kinds)
	r.readMarks(toks, kinds)
	return r
}

// The sets of words Read's loops act on, as bits: joinWords, tentativeWords
// and markWords.
const (
	kindJoin uint8 = 1 << iota
	kindTentative
	kindMark
)

// wordKinds holds, for each word of the sets, the bits of those it is in
// (mathtext.Kinds: the sets in the order of the bits above).
var wordKinds = mathtext.Kinds(joinWords, tentativeWords, markWords)

// kindsOf is the bits of each token of a step (none for a token that is no
// word): one look-up per word for the three loops that ask.
func kindsOf(toks []mathtext.Tok) []uint8 {
	out := make([]uint8, len(toks))
	for i := range toks {
		t := &toks[i]
		if t.K == mathtext.TWord {
			out[i] = wordKinds.Get(t.Text)
		}
	}
	return out
}

// readSentences cuts the step's sentences and reads the first tentative
// word and the outcome of each.
func (r *Reading) readSentences(toks []mathtext.Tok, kinds []uint8) {
	// A sentence spans its tokens; a question ends with its mark (the last
	// sentence, ended by no mark, is none).
	bounds := sentenceTokens(toks)
	if len(bounds) > 0 {
		r.sents = make([]sentence, len(bounds))
	}
	for k, b := range bounds {
		end := toks[b[1]-1]
		r.sents[k] = sentence{s: toks[b[0]].S, e: end.E, question: end.K == mathtext.TSep && end.Text == mathtext.SepQuestion}
	}
	k := 0
	for i := range toks {
		t := &toks[i]
		for k < len(r.sents) && t.S >= r.sents[k].e {
			k++
		}
		if k < len(r.sents) && r.sents[k].tentative == "" && kinds[i]&kindTentative != 0 {
			r.sents[k].tentative = t.Text
		}
	}
	// The outcome of a sentence: stated in the next one ("This does not
	// hold.", "No.") or after its own last relation (", which is false").
	// Only a sentence with one relation (case heads aside) has an outcome:
	// "Since 1331000 < 1729000, n = 12 does not work" says n = 12 fails,
	// not the inequality.
	for k := range r.sents {
		rels, rel := 0, ""
		for i := bounds[k][0]; i < bounds[k][1]; i++ {
			if toks[i].K == mathtext.TRel && !r.InHead(toks[i].S) {
				rels, rel = rels+1, toks[i].Text
			}
		}
		if rels != 1 {
			continue
		}
		if k+1 < len(bounds) && !clauseAfter(toks, bounds[k][0], bounds[k][1]) {
			if o, why := outcomeOf(toks[bounds[k+1][0]:bounds[k+1][1]], true); o != NoOutcome && !otherKind(toks[bounds[k+1][0]:bounds[k+1][1]], rel) {
				r.sents[k].outcome, r.sents[k].why = o, why
				continue
			}
		}
		lo, hi := bounds[k][0], bounds[k][1]
		last := -1
		for i := lo; i < hi; i++ {
			if toks[i].K == mathtext.TRel {
				last = i
			}
		}
		if last < 0 {
			continue
		}
		// After the last relation's run: a clause mark, then words only.
		j := last + 1
		for j < hi && toks[j].K != mathtext.TWord && !(toks[j].K == mathtext.TSep && toks[j].Text != mathtext.SepMath) {
			j++
		}
		if j < hi && toks[j].K == mathtext.TSep && toks[j].Text != mathtext.SepSentence && toks[j].Text != mathtext.SepQuestion {
			if o, why := outcomeOf(toks[j+1:hi], false); o != NoOutcome && !otherKind(toks[j+1:hi], rel) {
				r.sents[k].outcome, r.sents[k].why = o, why
			}
		}
	}
}

// clauseAfter reports a clause of its own after the last relation of the
// sentence toks[lo:hi] ("51, which is prime? No."): the next sentence's
// outcome may answer that clause, not the relation.
func clauseAfter(toks []mathtext.Tok, lo, hi int) bool {
	last := -1
	for i := lo; i < hi; i++ {
		if toks[i].K == mathtext.TRel {
			last = i
		}
	}
	if last < 0 {
		return false
	}
	clause := false
	for i := last + 1; i < hi; i++ {
		t := toks[i]
		switch {
		case t.K == mathtext.TSep && (t.Text == "clause" || t.Text == mathtext.SepColon):
			clause = true
		case clause && t.K == mathtext.TWord && !fillWords[t.Text] && !negWords[t.Text] && !posWords[t.Text]:
			return true
		}
	}
	return false
}

// otherKind reports an outcome that names a relation of another kind than the sentence's own
// rel: "For n = 0, 2^{2^0} + 1 = 3, inequality fails" says the problem's inequality fails at
// n = 0, not the equation computed.
func otherKind(toks []mathtext.Tok, rel string) bool {
	for ti := range toks {
		t := &toks[ti]
		if t.K != mathtext.TWord {
			continue
		}
		switch t.Text {
		case "inequality", "inequalities":
			return rel == "="
		case "equation", "equality", "identity":
			return rel != "="
		}
	}
	return false
}

// sentenceEnd reports a token that ends a sentence: its mark or a question mark.
func sentenceEnd(t *mathtext.Tok) bool {
	return t.K == mathtext.TSep && (t.Text == mathtext.SepSentence || t.Text == mathtext.SepQuestion)
}

// sentenceTokens is the token range of each sentence (as readSentences cuts them).
func sentenceTokens(toks []mathtext.Tok) [][2]int {
	n := 0 // the sentences, counted first: one allocation
	for ti := range toks {
		t := &toks[ti]
		if sentenceEnd(t) {
			n++
		}
	}
	if len(toks) == 0 {
		return nil
	}
	out := make([][2]int, 0, n+1)
	start := 0
	for i := range toks {
		t := &toks[i]
		if sentenceEnd(t) {
			out = append(out, [2]int{start, i + 1})
			start = i + 1
		}
	}
	if start < len(toks) {
		out = append(out, [2]int{start, len(toks)})
	}
	return out
}

// outcomeOf reads a stretch that only states an outcome: words only (up to
// the first clause mark when whole is set, the stretch must then open with a
// word pointing back), at most seven of them, each an outcome word or a filler.
func outcomeOf(toks []mathtext.Tok, whole bool) (Outcome, string) {
	neg, pos := "", ""
	n := 0
	for i := range toks {
		t := &toks[i]
		if t.K == mathtext.TSep {
			if t.Text == mathtext.SepMath {
				continue
			}
			if whole && i > 0 {
				break // "This does not hold, so …": the outcome is the first clause
			}
			if i > 0 || t.Text == mathtext.SepSentence || t.Text == mathtext.SepQuestion {
				break
			}
			continue
		}
		if t.K != mathtext.TWord {
			return NoOutcome, ""
		}
		if n == 0 && whole && !pointWords[t.Text] {
			return NoOutcome, ""
		}
		n++
		switch {
		case negWords[t.Text]:
			neg = t.Text
		case posWords[t.Text]:
			pos = t.Text
		case !fillWords[t.Text]:
			return NoOutcome, ""
		}
		if n > 7 {
			return NoOutcome, ""
		}
	}
	switch {
	case neg != "":
		return Fails, neg
	case pos != "":
		return Holds, pos
	}
	return NoOutcome, ""
}

// markWords are the words readMarks acts on (condWords, meetWords,
// operandWords, "for", "or", "violate(s)"): any other word marks nothing.
var markWords = func() map[string]bool {
	out := mathtext.Set("for", "or", "violates", "violate")
	for _, set := range []map[string]bool{condWords, meetWords, operandWords} {
		for w, in := range set {
			out[w] = out[w] || in
		}
	}
	return out
}()

// readMarks finds conditions and the branches of case splits.
func (r *Reading) readMarks(toks []mathtext.Tok, kinds []uint8) {
	for i := range toks {
		t := &toks[i]
		if kinds[i]&kindMark == 0 {
			continue
		}
		cond := condWords[t.Text]
		if t.Text == "for" && i+1 < len(toks) {
			// "for b > 5", "for all x": a range, not a case value ("for r = 2").
			if next := nextNonMath(toks, i+1); next >= 0 && (toks[next].K == mathtext.TWord && quantWords[toks[next].Text] ||
				relAfterName(toks, next) != "" && relAfterName(toks, next) != "=") {
				cond = true
			}
		}
		if cond {
			r.markCondition(toks, i)
			continue
		}
		if t.Text == "or" {
			r.markAlternative(toks, i)
		}
		if meetWords[t.Text] && negatedBefore(toks, i) || t.Text == "violates" || t.Text == "violate" {
			r.markUnmet(toks, i)
		}
		if operandWords[t.Text] && (t.Text != "of" || i > 0 && (toks[i-1].K == mathtext.TNum || mathtext.FractionWords[toks[i-1].Text] || ofFunctionWords[toks[i-1].Text])) {
			r.markOperand(toks, i)
		}
	}
	if len(r.marks) > 1 {
		sort.Slice(r.marks, func(a, b int) bool { return r.marks[a].s < r.marks[b].s })
	}
}

func nextNonMath(toks []mathtext.Tok, j int) int {
	for ; j < len(toks); j++ {
		if !(toks[j].K == mathtext.TSep && toks[j].Text == mathtext.SepMath) {
			return j
		}
	}
	return -1
}

// relAfterName is the relation after the name at toks[j] ("b > 5"), or "".
func relAfterName(toks []mathtext.Tok, j int) string {
	if toks[j].K != mathtext.TVar || j+1 >= len(toks) || toks[j+1].K != mathtext.TRel {
		return ""
	}
	return toks[j+1].Text
}

// markCondition marks from the word at toks[i] to the end of its clause: the
// next separator other than a math delimiter, or the first prose word after
// a relation ("For b > 5 we have …"). A clause whose first relation is "="
// gives a value (a binding), not a domain, and is not marked.
func (r *Reading) markCondition(toks []mathtext.Tok, i int) {
	m := mark{s: toks[i].S, e: toks[i].E, mod: Condition, why: toks[i].Text}
	sawRel := false
	for j := i + 1; j < len(toks) && j < i+64; j++ {
		t := toks[j]
		if t.K == mathtext.TSep && t.Text != mathtext.SepMath || sawRel && t.K == mathtext.TWord && !t.Math {
			break
		}
		if t.K == mathtext.TRel && !sawRel && t.Text == "=" {
			// "given that x = 5", "where n = 12": a value given, not a domain.
			return
		}
		if t.K == mathtext.TRel {
			sawRel = true
		}
		if t.K == mathtext.TVar {
			m.names = append(m.names, t.Text)
		}
		m.e = t.E
	}
	if sawRel {
		r.marks = append(r.marks, m)
	}
}

// meetWords take a condition as their object: "x = 6 satisfies 6 ≤ 41".
var meetWords = mathtext.Set("satisfy", "satisfies", "meet", "meets", "fulfil", "fulfill", "fulfils", "fulfills")

// unmetNeg before a meet word says the condition fails ("does not
// satisfy", "fails to meet", "never satisfies").
var unmetNeg = mathtext.Set("not", "doesn't", "doesn’t", "don't", "don’t", "didn't", "didn’t", "cannot",
	"can't", "can’t", "never", "fails", "fail", "failed", "won't", "won’t")

// negatedBefore reports a negation among the two words before toks[i]
// ("does not satisfy", "fails to satisfy"), looking through math delimiters.
func negatedBefore(toks []mathtext.Tok, i int) bool {
	words := 0
	for j := i - 1; j >= 0 && words < 2; j-- {
		t := toks[j]
		if t.K == mathtext.TSep && t.Text == mathtext.SepMath {
			continue
		}
		if t.K != mathtext.TWord {
			return false
		}
		if unmetNeg[t.Text] {
			return true
		}
		words++
	}
	return false
}

// markUnmet marks, from the word at toks[i] to the end of its clause, a
// condition the text says is not met ("b = 6 does not satisfy \(6 ≤ 41 <
// 6^2\) because …"): the claim is that the relations there fail together,
// never that any one of them holds. The clause ends at a separator other
// than a math delimiter, or at the first prose word after a relation.
func (r *Reading) markUnmet(toks []mathtext.Tok, i int) {
	m := mark{s: toks[i].S, e: toks[i].E, mod: Unmet, why: toks[i].Text}
	sawRel := false
	for j := i + 1; j < len(toks) && j < i+64; j++ {
		t := toks[j]
		if t.K == mathtext.TSep && t.Text != mathtext.SepMath || sawRel && t.K == mathtext.TWord && !t.Math {
			break
		}
		sawRel = sawRel || t.K == mathtext.TRel
		m.e = t.E
	}
	if sawRel {
		r.marks = append(r.marks, m)
	}
}

// UnmetIn is the word of a condition the text says is not met that
// overlaps the bytes [s, e), or "".
func (r *Reading) UnmetIn(s, e int) string {
	if r == nil {
		return ""
	}
	for _, m := range r.marks {
		if m.mod == Unmet && m.s < e && s < m.e {
			return m.why
		}
	}
	return ""
}

// markAlternative marks the relation runs on both sides of "or" as branches
// of a case split, when both hold a relation ("2 - 3s = 3s or 2 - 3s =
// -3s"); "x = 3 or x = -3" lists solutions, which stay asserted (their
// readers check them against the equation they solve).
func (r *Reading) markAlternative(toks []mathtext.Tok, i int) {
	run := func(j, d int) (s, e int, rel bool, lone bool) {
		s, e = -1, -1
		var ks []mathtext.TokKind // the run's token kinds, in text order at the end
		for ; j >= 0 && j < len(toks) && (j-i)*d < 48; j += d {
			t := toks[j]
			if t.K == mathtext.TSep && t.Text != mathtext.SepMath || t.K == mathtext.TWord && !t.Math {
				if s >= 0 {
					break
				}
				if t.K == mathtext.TWord && (t.Text == "either" || t.Text == "we" || t.Text == "have" || t.Text == "get") {
					continue
				}
				return -1, -1, false, false
			}
			if t.K == mathtext.TSep {
				continue
			}
			if s < 0 || t.S < s {
				s = t.S
			}
			e = max(e, t.E)
			if t.K == mathtext.TRel {
				rel = true
			}
			ks = append(ks, t.K)
		}
		if d < 0 {
			slices.Reverse(ks)
		}
		return s, e, rel, solutionForm(ks)
	}
	ls, _, lrel, llone := run(i-1, -1)
	_, re, rrel, rlone := run(i+1, +1)
	if ls < 0 || re < 0 || !lrel || !rrel || llone && rlone {
		return
	}
	r.marks = append(r.marks, mark{s: ls, e: re, mod: Alternative, why: "or"})
}

// operandWords take the expression after them as an operand: "(7 + 3 - 1)
// choose (3 - 1) = 36" does not claim 3 - 1 = 36. "of" counts after a
// number or a fraction word only ("15% of 2.40 = 0.36", "half of 48 = 24").
var operandWords = mathtext.Set("choose", "permute", "of", "times", "plus", "minus", "over", "than", "mod", "modulo")

// ofFunctionWords before "of" name a value computed from the expression
// after it, other than the expression's own: "the units digit of 6 × 7 =
// 2" claims the digit is 2, not that 6 × 7 is.
var ofFunctionWords = mathtext.Set("digit", "digits", "remainder", "remainders", "divisor", "divisors", "factor",
	"factors", "multiples", "floor", "ceiling", "sine", "cosine", "tangent", "gcd", "lcm", "parity", "sign")

// markOperand marks the first member of the relation run right after the
// word at toks[i].
func (r *Reading) markOperand(toks []mathtext.Tok, i int) {
	j := nextNonMath(toks, i+1)
	if j < 0 || toks[j].K == mathtext.TSep || toks[j].K == mathtext.TWord {
		return
	}
	for k := j; k < len(toks) && k < j+48; k++ {
		t := toks[k]
		if t.K == mathtext.TSep && t.Text != mathtext.SepMath || t.K == mathtext.TWord && !t.Math {
			return
		}
		if t.K == mathtext.TRel {
			r.marks = append(r.marks, mark{s: toks[j].S, e: t.S, mod: Operand, why: toks[i].Text})
			return
		}
	}
}

// solutionForm reports a run "name = value" (x = 3, x = -\frac{1}{2}): a
// value listed for a name, not an equation of its own.
func solutionForm(ks []mathtext.TokKind) bool {
	if len(ks) < 3 || ks[0] != mathtext.TVar || ks[1] != mathtext.TRel {
		return false
	}
	for _, k := range ks[2:] {
		if k == mathtext.TVar || k == mathtext.TRel {
			return false
		}
	}
	return true
}

// At is the modality of the claim that starts at byte off, with the word
// that sets it.
func (r *Reading) At(off int) (Modality, string) {
	if r == nil {
		return Asserted, ""
	}
	for _, m := range r.marks {
		if m.s > off {
			break
		}
		if off < m.e {
			return m.mod, m.why
		}
	}
	return Asserted, ""
}

// Conditioned reports whether the sentence around off puts a condition on
// name ("For b > 5 we have b - 5 > 0"): the sentence speaks of every such
// value, not of one bound earlier.
func (r *Reading) Conditioned(off int, name string) bool {
	if r == nil {
		return false
	}
	k := r.sentenceAt(off)
	if k < 0 {
		return false
	}
	for _, m := range r.marks {
		if m.mod != Condition || m.s < r.sents[k].s || m.s >= r.sents[k].e {
			continue
		}
		for _, n := range m.names {
			if n == name {
				return true
			}
		}
	}
	return false
}

// Outcome is the outcome the text states for the sentence around off, with
// its word.
func (r *Reading) Outcome(off int) (Outcome, string) {
	if k := r.sentenceAt(off); k >= 0 {
		return r.sents[k].outcome, r.sents[k].why
	}
	return NoOutcome, ""
}

// Question reports whether the sentence around off ends in a question
// mark: what it states is asked, not claimed ("Is r = 15, which is even,
// possible?"), unless the next sentence answers it (Outcome).
func (r *Reading) Question(off int) bool {
	if k := r.sentenceAt(off); k >= 0 {
		return r.sents[k].question
	}
	return false
}

// tentativeWords make a value written in their sentence a trial, an
// example or a point of comparison, not a solution claimed for the
// equation before ("Guessing a = 5 gives 17", "Perhaps a = 5", "a = 5 is
// too small", "one more than a = 5"). Suppositions ("if", "suppose")
// are not among them: a value derived under one is claimed.
var tentativeWords = mathtext.Set("try", "trying", "tried", "test", "testing", "tested", "guess", "guessing",
	"guessed", "perhaps", "maybe", "might", "could", "would", "example", "instance", "like", "start",
	"starting", "estimate", "initial", "initially", "too", "compared", "than", "previously", "earlier",
	"originally", "check", "checking", "plug", "plugging", "whether", "pick", "picking", "candidate",
	"candidates", "say", "part")

// Tentative is the word that makes a value in the sentence around off a
// trial or a comparison (tentativeWords), or "".
func (r *Reading) Tentative(off int) string {
	if k := r.sentenceAt(off); k >= 0 {
		return r.sents[k].tentative
	}
	return ""
}

// SentenceStart is the offset where the sentence around off starts, or
// -1 when off lies in none.
func (r *Reading) SentenceStart(off int) int {
	if k := r.sentenceAt(off); k >= 0 {
		return r.sents[k].s
	}
	return -1
}

// Sentence is the index of the sentence around off, -1 when none.
func (r *Reading) Sentence(off int) int { return r.sentenceAt(off) }

func (r *Reading) sentenceAt(off int) int {
	if r == nil {
		return -1
	}
	k := sort.Search(len(r.sents), func(k int) bool { return r.sents[k].e > off })
	if k < len(r.sents) && r.sents[k].s <= off {
		return k
	}
	return -1
}

// Scope is the scope of the byte off: 0 before the first head, then one
// number per head (and per stretch after a case ends).
func (r *Reading) Scope(off int) int {
	if r == nil {
		return 0
	}
	return sort.Search(len(r.scopes), func(k int) bool { return r.scopes[k] > off })
}

// InHead reports whether off lies in a case head ("For r = -1:"): a value
// under consideration, not a claimed solution.
func (r *Reading) InHead(off int) bool {
	if r == nil {
		return false
	}
	k := sort.Search(len(r.heads), func(k int) bool { return r.heads[k][1] > off })
	return k < len(r.heads) && r.heads[k][0] <= off
}
