package mathtext

// Modular words with an everyday sense. "Congruent" is geometry in
// "congruent triangles", "the two triangles are congruent" or "congruent
// to triangle ABC", and a congruence in "congruent to 3" or "congruent to
// x modulo 4" (where "modulo" counts anyway). "Carry" and "borrow" are
// column arithmetic in "carry 1", "a carry in the tens place", "carrying
// over", "borrow from the tens place", and a load or a loan in "the
// current carries him", "the truck can carry 2250 pounds", "borrowed $50".
// Only the arithmetic sense makes "=" stand for "≡" or for a digit with a
// carry; the others leave the chain's arithmetic plain.

// placeWords name a digit's place: with one of them near a carry word,
// the carry is column arithmetic.
var placeWords = Set("digit", "digits", "place", "places", "column", "columns", "tens", "units", "ones",
	"hundreds", "thousands")

// articles before a carry word make it the noun of column arithmetic ("a
// carry", "no carry").
var carryArticles = Set("a", "an", "the", "no", "any", "one")

// senseWindow bounds how many tokens either side of a carry word are
// looked at for a place word (within its sentence).
const senseWindow = 16

// modularSense reports whether the modular word at toks[i] is meant in
// its arithmetic sense. It looks at a bounded number of tokens around it.
func modularSense(toks []Tok, i int) bool {
	w := toks[i].Text
	switch {
	case w == "congruent":
		return congruenceSense(toks, i)
	case carryWords[w]:
		return carrySense(toks, i)
	}
	return true
}

// congruenceSense: "congruent to" a number or a one-letter name, or
// "congruent mod(ulo)"; anything else ("are congruent", "congruent
// triangles", "congruent to the angles") is geometry.
func congruenceSense(toks []Tok, i int) bool {
	j := nextNonMath(toks, i+1)
	if j >= len(toks) || toks[j].K != TWord {
		return false
	}
	switch toks[j].Text {
	case "mod", "modulo", "modulus":
		return true
	case "to":
		k := nextNonMath(toks, j+1)
		return k < len(toks) && (toks[k].K == TNum || toks[k].K == TVar && toks[k].Math)
	}
	return false
}

// carrySense: a carry word right after an article, right before "over" or
// a single digit ("carry 1"), or with a place word in its sentence near it.
func carrySense(toks []Tok, i int) bool {
	if i > 0 && toks[i-1].K == TWord && carryArticles[toks[i-1].Text] {
		return true
	}
	if j := nextNonMath(toks, i+1); j < len(toks) {
		t := toks[j]
		if t.K == TWord && t.Text == "over" || t.K == TNum && t.Num.IntLit && t.Num.Val.IsInt() && t.Num.Val.Sign() > 0 && t.Num.Val.Num().Int64() < 10 {
			return true
		}
	}
	for j := i - 1; j >= 0 && j >= i-senseWindow && !sentenceSep(toks[j]); j-- {
		if toks[j].K == TWord && placeWords[toks[j].Text] {
			return true
		}
	}
	for j := i + 1; j < len(toks) && j <= i+senseWindow && !sentenceSep(toks[j]); j++ {
		if toks[j].K == TWord && placeWords[toks[j].Text] {
			return true
		}
	}
	return false
}

// nextNonMath is the index of the first token from j on that is not a
// math delimiter.
func nextNonMath(toks []Tok, j int) int {
	for j < len(toks) && toks[j].K == TSep && toks[j].Text == SepMath {
		j++
	}
	return j
}

func sentenceSep(t Tok) bool {
	return t.K == TSep && (t.Text == SepSentence || t.Text == SepQuestion)
}
