package translate

import (
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A run is a maximal stretch of math tokens of one step: no separator and
// no prose word breaks it, except the unit phrases that follow numbers
// ("9 bicycles x 2 wheels/bicycle") and parenthesised prose asides
// ("$4 (from the last trip) + $2"), which are absorbed.
type run struct {
	items     []item
	preWords  []string // the words right before the run, nearest last
	preSep    string   // the separator right before it, "" after a word
	dropFirst string   // why the first side must be left alone
	postWord  string   // the word that ended it, "" for a separator
	sentence  int
	s, e      int
}

type sentenceInfo struct {
	doubt        string // a word or mark that may be rejecting claims
	strong       string // a word that rejects the claims of the sentence before
	hypothetical string // a word that makes bindings conditional
	trial        string // a word of testing a candidate ("test", "plug"), which hedges no computation
	// ifOnly: "if" is the sentence's one doubt word, and it opens a clause
	// that ends at consequent (a comma, a colon or "then"; 0 when none):
	// a closed computation after that point is stated, not supposed.
	ifOnly     bool
	consequent int
	// plugged is the value after "plugging in" or "substituting" in the
	// sentence ("Plugging in $1$ we get $1 = \sqrt{9} + 4$"), nil if none.
	plugged *big.Rat
}

// pluggedValue is the number right after the trial word at toks[i]
// ("plugging in 1", "substituting $x = 3$"), or nil.
func pluggedValue(toks []tok, i int) *big.Rat {
	for j := i + 1; j < len(toks) && j <= i+6; j++ {
		switch toks[j].k {
		case tNum:
			return toks[j].num.val
		case tWord:
			if toks[j].text != "in" && toks[j].text != "into" && toks[j].text != "back" {
				return nil
			}
		case tSep:
			if toks[j].text != sepMath {
				return nil
			}
		}
	}
	return nil
}

// scan is the first reading of a step.
type scan struct {
	text      string
	toks      []tok
	runs      []run
	sentences []sentenceInfo
	skipped   []Skipped
	dropNext  string // the next run's first side belongs to the previous number
	modular   string // a sign of modular arithmetic (or carries) in the step
}

// doubt is why claims of sentence i must not be refuted, or "".
func (sc *scan) doubt(i int) string {
	if d := sc.sentences[i].trial; d != "" {
		return "the sentence may be rejecting or hedging the claim (\"" + d + "\")"
	}
	return sc.computationDoubt(i)
}

// computationDoubt is why a closed computation of sentence i must not be
// refuted, or "". Words of testing a candidate ("we test c = 12: 12^3 +
// 1 = 1729", "plugging in", "this is correct") hedge whether the
// candidate fits, never the arithmetic written out to find it: a
// computation stated while testing is refuted like any other. Rejections
// ("not", "?", "wrong") still hold it back.
func (sc *scan) computationDoubt(i int) string { return sc.computationDoubtAt(i, -1) }

// computationDoubtAt is computationDoubt for a claim that starts at byte
// at (-1: anywhere in the sentence). "If Sam had 70 loaves, the bakery
// has 70 * 7 - 40 = 380": the computation after the if-clause is stated
// whatever the supposition, and false as written; one inside the
// if-clause ("if 2 + 2 = 5, …") stays hedged.
func (sc *scan) computationDoubtAt(i, at int) string {
	si := sc.sentences[i]
	if si.ifOnly && si.consequent > 0 && at >= si.consequent {
		si.doubt = ""
	}
	if d := si.doubt; d != "" {
		return "the sentence may be rejecting or hedging the claim (\"" + d + "\")"
	}
	if i+1 < len(sc.sentences) && sc.sentences[i+1].strong != "" {
		return "the next sentence may reject the claim (\"" + sc.sentences[i+1].strong + "\")"
	}
	return ""
}

func buildRuns(text string, toks []tok) *scan {
	sc := &scan{text: text, toks: toks}
	sentOf := make([]int, len(toks))
	n := 0
	for i, t := range toks {
		sentOf[i] = n
		// Context runs to the end of a sentence; a line break does not
		// end it ("If n = 4, then:\n\[ … \]").
		if t.k == tSep && (t.text == sepSentence || t.text == sepQuestion) {
			n++
		}
	}
	sc.sentences = make([]sentenceInfo, n+1)
	for i, t := range toks {
		si := &sc.sentences[sentOf[i]]
		switch {
		case t.k == tWord:
			switch {
			case trialWords[t.text]:
				if si.trial == "" {
					si.trial = t.text
				}
				if si.plugged == nil && (strings.HasPrefix(t.text, "plug") || strings.HasPrefix(t.text, "substitut")) {
					si.plugged = pluggedValue(toks, i)
				}
			case si.doubt == "" && doubtWords[t.text]:
				si.doubt, si.ifOnly = t.text, t.text == "if"
			case doubtWords[t.text]:
				si.ifOnly = false // a second doubt word ("if … not", "if … should")
			}
			if t.text == "then" && si.ifOnly && si.consequent == 0 {
				si.consequent = t.s
			}
			if si.strong == "" && strongDoubt[t.text] {
				si.strong = t.text
			}
			// "base 2" next to a logarithm is a change of base, not a numeral base.
			if sc.modular == "" && (modularWords[t.text] || t.text == "base" && i+1 < len(toks) && (toks[i+1].k == tNum || toks[i+1].k == tVar) && !strings.Contains(text, `\log`)) {
				sc.modular = t.text
			}
			if si.hypothetical == "" && hypotheticalWords[t.text] {
				si.hypothetical = t.text
			}
		case t.k == tSep && t.text == sepQuestion:
			si.doubt, si.hypothetical = "a question mark", "a question mark"
			si.ifOnly = false
		case t.k == tSep && (t.text == sepClause || t.text == sepColon) && si.ifOnly && si.consequent == 0:
			si.consequent = t.e
		case t.k == tRel && t.text == "≠":
			if si.hypothetical == "" {
				si.hypothetical = "≠"
			}
		case t.k == tPoison && t.text == "plus-minus":
			si.hypothetical = "±"
		case t.k == tPoison && sc.modular == "":
			for _, m := range []string{`\pmod`, `\bmod`, `\mod`, `\equiv`, "≡", `\pod`} {
				if strings.HasSuffix(t.text, m) {
					sc.modular = m
				}
			}
		}
	}

	var cur run
	var words []string
	flush := func(postWord string) {
		if len(cur.items) > 0 {
			cur.postWord = postWord
			last := cur.items[len(cur.items)-1]
			cur.e = last.e
			sc.runs = append(sc.runs, cur)
		}
		cur = run{}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.k {
		case tSep:
			if j := sc.proseEquals(cur, i); j > 0 {
				// "\(8 \times 10^{5}\) is equal to \(8,000,000\)": one claim.
				cur.items = append(cur.items, item{tok: tok{k: tRel, s: toks[i+1].s, e: toks[j-1].e, text: "=", src: "is equal to", math: true}})
				i = j
				continue
			}
			// Punctuation right after an operator, or "14, 400": the
			// expression goes on behind the mark. So does an expression
			// glued to a math delimiter ("24\( K \)").
			broken := len(cur.items) > 0 && cur.items[len(cur.items)-1].k == tOp
			if t.src == "inline-break" && len(cur.items) > 0 {
				cur.items[len(cur.items)-1].glued = true
				broken = true
			}
			if t.text == sepMath && t.src == "open" && i > 0 && toks[i-1].e == t.s &&
				(toks[i-1].k == tNum || toks[i-1].k == tVar || toks[i-1].k == tClose) {
				broken = true
				if n := len(cur.items); n > 0 {
					cur.items[n-1].glued = true
				}
			}
			if t.text == sepClause && len(cur.items) > 0 && cur.items[len(cur.items)-1].k == tNum &&
				i+1 < len(toks) && toks[i+1].k == tNum && toks[i+1].num.intLit && len(toks[i+1].num.canon) == 3 {
				broken = true
			}
			flush("")
			sc.dropNext = ""
			if broken {
				sc.dropNext = "an expression broken by punctuation"
			}
			words = nil
			cur.preSep = t.text
			continue
		case tBoxed:
			flush("")
			words = nil
			cur.preSep = sepClause
			sc.skipped = append(sc.skipped, Skipped{Span: spanOf(text, t.s, t.e), Reason: t.text})
			continue
		case tWord:
			if k := sc.word(&cur, i); k > 0 {
				i += k - 1
				// "4 pens cost 4 * $3": a unit phrase followed by another
				// operand ends the run.
				if n := len(cur.items); n > 0 && cur.items[n-1].unitWords && i+1 < len(toks) {
					switch toks[i+1].k {
					case tNum, tVar, tFrac, tSqrt:
						flush("")
						words = nil
						sc.dropNext = "juxtaposed with the quantity before it"
					}
				}
				continue
			}
			// A word after a unit phrase says nothing about the number.
			post := t.text
			if n := len(cur.items); n > 0 && cur.items[n-1].unitWords {
				post = ""
			}
			flush(post)
			words = append(words, t.text)
			continue
		case tOpen:
			if k := sc.aside(i); k > 0 {
				i += k - 1
				continue
			}
		case tOp:
			// "$15/student": a unit in the denominator.
			if n := len(cur.items); n > 0 && t.src == "/" && cur.items[n-1].k == tNum && !cur.items[n-1].unitWords &&
				i+1 < len(toks) && toks[i+1].k == tWord && unitWord(toks[i+1].text) {
				i += sc.unitPhrase(&cur.items[n-1], i) - 1
				continue
			}
		}
		if len(cur.items) == 0 {
			cur.dropFirst, sc.dropNext = sc.dropNext, ""
			cur.s = t.s
			cur.sentence = sentOf[i]
			if len(words) > 0 {
				cur.preSep = ""
				if len(words) > 3 {
					words = words[len(words)-3:]
				}
				cur.preWords = append([]string(nil), words...)
			}
		}
		it := item{tok: t}
		if t.k == tNum && t.num.currency {
			it.unit, it.unitText = dims{"$": 1}, "$"
		}
		cur.items = append(cur.items, it)
		words = nil
	}
	flush("")
	return sc
}

// proseEquals reads "\(A\) is equal to \(B\)" and "\(A\) equals \(B\)"
// as A = B when the math region closing at toks[i] holds a computation
// with no name and no relation (cur), the words are all that stands
// between the two regions, and B is a closed expression with no word
// right after it ("\(2\) equals \(120\) minutes" stays apart). It returns
// the index of B's opening delimiter, or 0.
func (sc *scan) proseEquals(cur run, i int) int {
	toks := sc.toks
	if toks[i].text != sepMath || toks[i].src == "open" || len(cur.items) < 3 || !cur.items[0].math {
		return 0
	}
	op := false
	for _, it := range cur.items {
		switch it.k {
		case tRel, tVar, tWord, tPoison:
			return 0
		case tOp:
			op = true
		}
		if it.unitWords || it.unitText != "" {
			return 0
		}
	}
	if !op {
		return 0
	}
	j := i + 1
	switch {
	case j+2 < len(toks) && toks[j].k == tWord && toks[j].text == "is" && toks[j+1].k == tWord && toks[j+1].text == "equal" &&
		toks[j+2].k == tWord && toks[j+2].text == "to":
		j += 3
	case j < len(toks) && toks[j].k == tWord && toks[j].text == "equals":
		j++
	default:
		return 0
	}
	if j >= len(toks) || toks[j].k != tSep || toks[j].text != sepMath || toks[j].src != "open" {
		return 0
	}
	k := j + 1
	for ; k < len(toks) && toks[k].k != tSep; k++ {
		switch toks[k].k {
		case tRel, tVar, tWord, tPoison, tBoxed:
			return 0
		}
	}
	if k == j+1 || k >= len(toks) || toks[k].text != sepMath || toks[k].src == "open" {
		return 0
	}
	if k+1 < len(toks) && toks[k+1].k == tWord {
		return 0
	}
	return j
}

func spanOf(text string, s, e int) Span {
	if s < 0 {
		s = 0
	}
	if e > len(text) {
		e = len(text)
	}
	if s > e {
		s = e
	}
	return Span{Start: s, End: e, Text: text[s:e]}
}

// word decides what a prose word does inside a run and returns how many
// tokens it consumed (0: the word ends the run).
func (sc *scan) word(cur *run, i int) int {
	toks := sc.toks
	t := toks[i]
	var last *item
	if len(cur.items) > 0 {
		last = &cur.items[len(cur.items)-1]
	}
	var next *tok
	if i+1 < len(toks) {
		next = &toks[i+1]
	}
	lastNum := last != nil && last.k == tNum
	// "0.2 x 50": x between numbers multiplies.
	if (t.text == "x") && last != nil && (last.k == tNum || last.k == tClose) && next != nil &&
		(next.k == tNum || next.k == tOpen || next.k == tFrac) {
		cur.items = append(cur.items, item{tok: tok{k: tOp, s: t.s, e: t.e, text: "*", src: "x", math: t.math, sp: t.sp}})
		return 1
	}
	// "2x": a letter glued to a number is a name multiplied by it.
	if lastNum && !t.math && len(t.text) == 1 && !t.sp && t.s == last.e && t.text != "a" && t.text != "i" {
		cur.items = append(cur.items, item{tok: tok{k: tVar, s: t.s, e: t.e, text: t.text, sp: t.sp}})
		return 1
	}
	if lastNum && last.modified == "" {
		if why := sc.suffixWord(i, last); why != "" {
			last.modified = why
			return 0
		}
	}
	// "25% of 80", "3/4 of 20": of multiplies.
	if t.text == "of" && next != nil && next.k == tNum && ofMultiplies(cur.items) {
		cur.items = append(cur.items, item{tok: tok{k: tOp, s: t.s, e: t.e, text: "*", src: "of", math: t.math, sp: t.sp}})
		return 1
	}
	if lastNum && !last.unitWords && last.modified == "" {
		if modifiers[t.text] {
			last.modified = "the number is followed by \"" + t.text + "\""
			return 0
		}
		if t.text == "and" && last.num.intLit && sc.fractionAhead(i+1) {
			last.modified = "a mixed number (\"and\" after the number)"
			sc.dropNext = "the fraction of a mixed number (\"… and\")"
			return 0
		}
		if sc.thanAhead(i) {
			last.modified = "a comparison (\"… than\") follows the number"
			return 0
		}
	}
	if lastNum && !last.unitWords && last.modified == "" && (unitWord(t.text) || perWord(t.text) || powerPrefix[t.text] > 0) {
		if k := sc.unitPhrase(last, i); k > 0 {
			return k
		}
	}
	// A one-letter name in prose, next to an operator or relation.
	if !t.math && len(t.text) == 1 && t.text != "a" && t.text != "i" && isASCIILetter(t.text[0]) {
		prevOp := i > 0 && (toks[i-1].k == tOp || toks[i-1].k == tRel || toks[i-1].k == tOpen)
		nextOp := next != nil && (next.k == tOp || next.k == tRel || next.k == tClose)
		if (prevOp || nextOp) && !lastNum {
			cur.items = append(cur.items, item{tok: tok{k: tVar, s: t.s, e: t.e, text: t.text, sp: t.sp}})
			return 1
		}
	}
	return 0
}

// suffixWord says why the word at i, right after a number, changes the
// claim the number is part of, or "". A letter glued to the number (5A,
// 4i, 3a) is a name or a unit; a lone letter or a Greek word after it
// ("3 y", "6 π") too, except the unit symbols g, s, h, l and L; a word
// that goes on computing ("4 plus 1", "16 over 4", "6 pi", "8 divided
// by 2") makes the number the start of a longer value. Such a number is
// never read alone: the claim it ends is not the claim written.
func (sc *scan) suffixWord(i int, last *item) string {
	toks := sc.toks
	t := toks[i]
	if modifiers[t.text] || t.text == "degree" {
		return "" // "17 R 7", "12 m", "90°": the rules for these words decide
	}
	if !t.sp && t.s == last.e {
		return "a letter glued to the number (\"" + t.text + "\"): a name or a unit"
	}
	if suffixOps[t.text] {
		return "the number is followed by \"" + t.text + "\""
	}
	if last.unitWords {
		return ""
	}
	if t.text == "over" && i+1 < len(toks) && (toks[i+1].k == tNum || toks[i+1].k == tFrac || toks[i+1].k == tOpen) {
		// "16 over 4" divides; "$78 over 4 weeks" is prose.
		if i+2 >= len(toks) || toks[i+2].k != tWord {
			return "the number is followed by \"over\""
		}
	}
	r, n := utf8.DecodeRuneInString(t.text)
	if unicode.In(r, unicode.Greek) {
		return "a Greek letter after the number (\"" + t.text + "\")"
	}
	if n == len(t.text) && !perWord(t.text) && t.text != "x" && !unitLetter(sc.src(t)) {
		return "a letter after the number (\"" + sc.src(t) + "\"): a name or a unit"
	}
	return ""
}

// unitLetter reports the one-letter unit symbols common in word problems
// (grams, seconds, hours, litres); other letters after a number are as
// often names ("4 W^2 = 100").
func unitLetter(s string) bool { return s == "g" || s == "s" || s == "h" || s == "l" || s == "L" }

// src is a word token as written (words are lower-cased).
func (sc *scan) src(t tok) string {
	if t.s >= 0 && t.e <= len(sc.text) && t.s <= t.e {
		return sc.text[t.s:t.e]
	}
	return t.text
}

// fractionAhead reports a proper fraction or "a half" at i: the tail of
// a mixed number ("2 and 1/2", "3 and a half").
func (sc *scan) fractionAhead(i int) bool {
	toks := sc.toks
	if i >= len(toks) {
		return false
	}
	if t := toks[i]; t.k == tWord {
		return t.text == "a" || t.text == "one" || t.text == "half" || t.text == "three"
	}
	if i+2 < len(toks) && toks[i].k == tNum && toks[i+1].k == tOp && toks[i+1].src == "/" && toks[i+2].k == tNum {
		return toks[i].num.val.Cmp(toks[i+2].num.val) < 0
	}
	return toks[i].k == tFrac
}

// thanAhead reports "than" among the next four consecutive words.
func (sc *scan) thanAhead(i int) bool {
	for j := i; j < len(sc.toks) && j < i+4; j++ {
		if sc.toks[j].k != tWord {
			return false
		}
		if sc.toks[j].text == "than" {
			return true
		}
	}
	return false
}

func unitWord(w string) bool {
	if w == "" || len(w) > 24 || notUnits[w] || modifiers[w] || opWords[w] {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !isASCIILetter(c) && c != '-' && c != '\'' {
			return false
		}
	}
	return true
}

// unitPhrase attaches "students", "bicycle wheels", "wheels/bicycle",
// "students per row", "classes a day" to the number before it.
func (sc *scan) unitPhrase(last *item, i int) int {
	toks := sc.toks
	var numer []string
	numExp := 1
	j := i
	// Money takes no noun after it ("$28 back", "$5 bills"); a rate
	// ("$15 per hour", "$15/student") it does.
	if toks[i].k == tWord && !perWord(toks[i].text) && !last.num.currency {
		if e := powerPrefix[toks[i].text]; e > 0 {
			// "20 sq ft", "12 square yards", "8 cubic feet".
			if i+1 >= len(toks) || toks[i+1].k != tWord || !unitWord(toks[i+1].text) {
				return 0
			}
			numExp = e
			j++
		}
		numer = append(numer, singular(toks[j].text))
		j++
		// A second word only when no operand follows it ("pieces need
		// 10*2" is a noun and a verb).
		if numExp == 1 && j < len(toks) && toks[j].k == tWord && unitWord(toks[j].text) && !sc.thanAhead(j) &&
			!(j+1 < len(toks) && (toks[j+1].k == tNum || toks[j+1].k == tVar || toks[j+1].k == tFrac)) {
			numer = append(numer, singular(toks[j].text))
			j++
		}
	}
	// A power of the unit: "20 cm²", "20 ft^2", "20 feet squared". It
	// raises the unit, never the number.
	if len(numer) > 0 {
		if e, k := sc.unitPower(j); k > 0 {
			if e == 0 {
				last.modified = "an unreadable power after a unit"
				return j + k - i
			}
			numExp *= e
			j += k
		}
	}
	var denom []string
	var denExp []int
	for j+1 < len(toks) {
		a, b := toks[j], toks[j+1]
		if b.k != tWord || !unitWord(b.text) {
			break
		}
		if a.k == tOp && a.src == "/" || a.k == tWord && perWord(a.text) {
			denom = append(denom, singular(b.text))
			denExp = append(denExp, 1)
			j += 2
			if e, k := sc.unitPower(j); k > 0 {
				if e == 0 {
					last.modified = "an unreadable power after a unit"
					return j + k - i
				}
				denExp[len(denExp)-1] = e
				j += k
			}
			continue
		}
		break
	}
	if j == i {
		return 0
	}
	d := dims{}
	if last.num.currency {
		d["$"]++
	}
	text := ""
	if len(numer) > 0 {
		key := strings.Join(numer, " ")
		d[key] += numExp
		text = key
		if numExp != 1 {
			text += "^" + strconv.Itoa(numExp)
		}
	}
	for k, w := range denom {
		d[w] -= denExp[k]
		text += "/" + w
		if denExp[k] != 1 {
			text += "^" + strconv.Itoa(denExp[k])
		}
	}
	last.unit = d.clone()
	last.unitWords = true
	last.unitText = text
	return j - i
}

// powerPrefix words before a unit raise it ("square feet").
var powerPrefix = map[string]int{"sq": 2, "square": 2, "cubic": 3, "cu": 3}

// unitPower reads a power of the unit word just before j: ² or ³ or ^n
// glued to the word, or the word "squared" or "cubed". It returns the
// exponent and the tokens it takes (0: none; an exponent of 0 means a
// power that cannot be read, which must not fall on the number either).
func (sc *scan) unitPower(j int) (int, int) {
	toks := sc.toks
	if j >= len(toks) || j == 0 {
		return 0, 0
	}
	t := toks[j]
	switch {
	case t.k == tWord && t.text == "squared":
		return 2, 1
	case t.k == tWord && t.text == "cubed":
		return 3, 1
	case t.k == tOp && t.text == "^" && sc.gluedAfter(toks[j-1], t):
		k, braced := j+1, false
		if k < len(toks) && toks[k].k == tOpen && toks[k].text == "{" {
			k, braced = k+1, true
		}
		if k < len(toks) && toks[k].k == tNum && toks[k].num.intLit && !toks[k].num.percent && toks[k].num.val.IsInt() &&
			(!braced || k+1 < len(toks) && toks[k+1].k == tClose && toks[k+1].text == "}") {
			v := toks[k].num.val.Num()
			if v.IsInt64() && v.Int64() >= 1 && v.Int64() <= 3 {
				n := k - j + 1
				if braced {
					n++
				}
				return int(v.Int64()), n
			}
		}
		return 0, 1
	}
	return 0, 0
}

// gluedAfter reports that t follows the word w with nothing between but
// the braces closing a \text{…} group ("\text{ cm}^2").
func (sc *scan) gluedAfter(w, t tok) bool {
	if w.e > t.s || t.s > len(sc.text) {
		return false
	}
	return strings.Trim(sc.text[w.e:t.s], "}") == ""
}

func perWord(w string) bool {
	return w == "per" || w == "a" || w == "an" || w == "each" || w == "every"
}

// ofMultiplies reports whether the items end in a percentage or a
// fraction literal, so that a following "of" multiplies.
func ofMultiplies(items []item) bool {
	n := len(items)
	if n == 0 {
		return false
	}
	last := items[n-1]
	if last.k == tNum && last.num.percent {
		return true
	}
	if n >= 3 && last.k == tNum && last.num.intLit && items[n-2].k == tOp && items[n-2].src == "/" &&
		items[n-3].k == tNum && items[n-3].num.intLit && (n == 3 || items[n-4].k != tOp || items[n-4].text != "/") {
		return true
	}
	// \frac{a}{b}
	if last.k == tClose && last.text == "}" {
		k := matchBack(items, n-1)
		if k > 0 && items[k-1].k == tClose && items[k-1].text == "}" {
			m := matchBack(items, k-1)
			if m > 0 && items[m-1].k == tFrac {
				return true
			}
		}
	}
	return false
}

// matchBack returns the index of the opener matching the closer at j, or -1.
func matchBack(items []item, j int) int {
	depth := 0
	for k := j; k >= 0; k-- {
		switch items[k].k {
		case tClose:
			depth++
		case tOpen:
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// aside skips a parenthesised prose remark such as "(from the last
// trip)" and returns the tokens consumed, or 0. In math the remark must be
// all \text{…} ("15 (\text{light blue}) + 45 (\text{dark blue})"): a
// label of the number before it. A unit that converts ("(hours)",
// "(\text{dozen})") is no label: the sum may mix units, so it is left to
// the reader of units (which does not absorb it).
func (sc *scan) aside(i int) int {
	toks := sc.toks
	if toks[i].text != "(" || !toks[i].sp {
		return 0
	}
	inMath := toks[i].math
	words := 0
	for j := i + 1; j < len(toks) && j < i+16; j++ {
		t := toks[j]
		switch {
		case t.k == tClose && t.text == ")":
			if words == 0 || t.math != inMath || j+1 < len(toks) && !toks[j+1].sp && (toks[j+1].k == tOpen || toks[j+1].k == tNum || toks[j+1].k == tVar) {
				return 0
			}
			return j - i + 1
		case t.k == tWord && !t.math && ordinalWords[t.text] && j+1 < len(toks) && toks[j+1].k == tWord:
			// "(first day)", "(third week)" name a day; "(hours)" is a unit.
			words++
		case t.k == tWord:
			if modifiers[t.text] || opWords[t.text] || len(t.text) == 1 && t.text != "a" || t.math {
				return 0
			}
			if (convertible[singular(t.text)] || convertible[t.text]) && !(words > 0 && ordinalWords[toks[j-1].text]) {
				return 0
			}
			words++
		case t.k == tSep && t.text == sepClause:
		default:
			return 0
		}
	}
	return 0
}

// doubtAny is the first doubt of any sentence of the step, or "": the
// symbolic reader's closed arithmetic is never refuted in such a step.
func (sc *scan) doubtAny() string {
	for i := range sc.sentences {
		if d := sc.doubt(i); d != "" {
			return d
		}
	}
	return ""
}

// item is a token of a run, with the unit phrase read after a number.
type item struct {
	tok
	unit      dims
	unitText  string
	unitWords bool   // a unit phrase was read (beyond a currency sign)
	modified  string // a word after the number changes its value ("12 thousand")
	glued     bool   // glued to a math delimiter: the expression goes on
}
