package mathtext

import (
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/obligation"
)

// A run is a maximal stretch of math tokens of one step: no separator and
// no prose word breaks it, except the unit phrases that follow numbers
// ("9 bicycles x 2 wheels/bicycle") and parenthesised prose asides
// ("$4 (from the last trip) + $2"), which are absorbed.
type Run struct {
	Items     []Item
	PreWords  []string // the words right before the run, nearest last
	PreSep    string   // the separator right before it, "" after a word
	DropFirst string   // why the first side must be left alone
	PostWord  string   // the word that ended it, "" for a separator
	MathWord  string   // the prose word right before the math delimiter that opens the run ("choose \\(")
	Sentence  int
	S, E      int
}

// Sentence is what a sentence's words say about the claims in it: doubt, supposition, a value
// plugged in (Scan.Sentences, indexed by Run.Sentence).
type Sentence struct {
	doubt        string // a word or mark that may be rejecting claims
	strong       string // a word that rejects the claims of the sentence before
	Hypothetical string // a word that makes bindings conditional
	trial        string // a word of testing a candidate ("test", "plug"), which hedges no computation
	// ifOnly: "if" is the sentence's one doubt word, and it opens a clause
	// that ends at consequent (a comma, a colon or "then"; 0 when none):
	// a closed computation after that point is stated, not supposed.
	ifOnly     bool
	consequent int
	// contrastAt is 1 + the offset of the sentence's first contrast word
	// (0: none), otherDoubt whether it has a doubt word of another kind,
	// hedged the first word in it that hedges without doubting (hedge.go),
	// corrected whether a "not" in it only corrected a value.
	contrastAt int
	otherDoubt bool
	hedged     string
	corrected  bool
	doubts     int // how many doubt words it has
	// bareFailure: it states one ≠ relation and nothing else (failure.go);
	// caseRejection: it only rules out a case ("This case doesn't work.");
	// mismatch: it only says the result before misses a target.
	bareFailure, caseRejection, mismatch bool
	// plugged is the value after "plugging in" or "substituting" in the
	// sentence ("Plugging in $1$ we get $1 = \sqrt{9} + 4$"), nil if none.
	Plugged *big.Rat
}

// Scan is the first reading of a step.
type Scan struct {
	text      string
	Toks      []Tok
	Runs      []Run
	Sentences []Sentence
	Skipped   []obligation.Skipped
	dropNext  string // the next run's first side belongs to the previous number
	Modular   string // a sign of modular arithmetic (or carries) in the step
	// Moduli are the moduli the step names (moduli.go), ModulusOpen set when
	// a modular word of it names none (read in every step).
	Moduli      []*big.Int
	ModulusOpen bool
}

func BuildRuns(text string, toks []Tok) *Scan {
	sc := &Scan{text: text, Toks: toks}
	sentOf, n, joined := sentenceIndex(text, toks)
	sc.Sentences = make([]Sentence, n+1)
	extra := extraDoubts(text, toks, sentOf) // "Had …" opening a sentence, a base in math (sentdoubt.go)
	for i := range toks {
		t := &toks[i] // no copy of the token
		si := &sc.Sentences[sentOf[i]]
		switch {
		case t.K == TWord:
			if t.Text == "not" && correctionNot(toks, i) {
				si.corrected = true
				continue // "= -68, not 0": the claim stands, the other value is rejected
			}
			if t.Text == "claimed" && ownClaim(toks, i) {
				continue // "= 3/5, as claimed": the writer's own claim, asserted
			}
			kinds := wordKinds.Get(t.Text) // one look-up for the sets below
			doubt := kinds&kindDoubt != 0 || extra != nil && extra[i]
			if doubt {
				si.noteDoubt(*t)
			}
			if si.hedged == "" && kinds&kindHedge != 0 {
				si.hedged = t.Text
			}
			switch {
			case kinds&kindTrial != 0:
				if si.trial == "" {
					si.trial = t.Text
				}
				if si.Plugged == nil && (strings.HasPrefix(t.Text, "plug") || strings.HasPrefix(t.Text, "substitut")) {
					si.Plugged = pluggedValue(toks, i)
				}
			case si.doubt == "" && doubt:
				si.doubt, si.ifOnly = t.Text, t.Text == "if"
			case doubt:
				si.ifOnly = false // a second doubt word ("if … not", "if … should")
			}
			if t.Text == "then" && si.ifOnly && si.consequent == 0 {
				si.consequent = t.S
			}
			if si.strong == "" && kinds&kindStrong != 0 {
				si.strong = t.Text
			}
			// "base 2" next to a logarithm is a change of base, not a numeral base.
			if sc.Modular == "" && (kinds&kindModular != 0 && modularSense(toks, i) || t.Text == "base" && i+1 < len(toks) && (toks[i+1].K == TNum || toks[i+1].K == TVar) && !strings.Contains(text, `\log`)) {
				sc.Modular = t.Text
			}
			if si.Hypothetical == "" && kinds&kindHypothetical != 0 {
				si.Hypothetical = t.Text
			}
		case t.K == TSep && t.Text == SepQuestion:
			si.doubt, si.Hypothetical = "a question mark", "a question mark"
			si.otherDoubt = true
			si.ifOnly = false
		case t.K == TSep && (t.Text == sepClause || t.Text == SepColon) && si.ifOnly && si.consequent == 0:
			si.consequent = t.E
		case t.K == TRel && t.Text == "≠":
			if si.Hypothetical == "" {
				si.Hypothetical = "≠"
			}
		case t.K == TPoison && t.Text == "plus-minus":
			si.Hypothetical = "±"
		case t.K == TPoison && sc.Modular == "":
			for _, m := range []string{`\pmod`, `\bmod`, `\mod`, `\equiv`, "≡", `\pod`} {
				if strings.HasSuffix(t.Text, m) {
					sc.Modular = m
				}
			}
		}
	}

	sc.readSentenceKinds(toks, sentOf, joined)
	// Read in every step: a modulus named before the chain turns modular counts.
	sc.Moduli, sc.ModulusOpen = ReadModuli(text, toks)
	sc.readRings(text, toks)
	cur, free := sc.firstRun(toks) // free: the runs' items, in turn (clipItems)
	words := make([]string, 0, 3)  // the last words since the last run (PreWords copies them)
	mathWord := ""                 // the word before an opening math delimiter, for the run it opens
	flush := func(postWord string) {
		if n := len(cur.Items); n > 0 {
			cur.PostWord = postWord
			cur.E = cur.Items[n-1].E
			cur.Items, free = clipItems(cur.Items, free)
			sc.Runs = append(sc.Runs, cur)
		}
		cur = Run{Items: free}
	}
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		switch t.K {
		case TSep:
			if j := sc.proseEquals(cur, i); j > 0 {
				// "\(8 \times 10^{5}\) is equal to \(8,000,000\)": one claim.
				cur.Items = append(cur.Items, Item{Tok: &Tok{K: TRel, S: toks[i+1].S, E: toks[j-1].E, Text: "=", Src: "is equal to", Math: true}})
				i = j
				continue
			}
			// Punctuation right after an operator, or "14, 400": the
			// expression goes on behind the mark. So does an expression
			// glued to a math delimiter ("24\( K \)").
			broken := len(cur.Items) > 0 && cur.Items[len(cur.Items)-1].K == TOp
			if t.Src == "inline-break" && len(cur.Items) > 0 {
				cur.Items[len(cur.Items)-1].Glued = true
				broken = true
			}
			if t.Text == SepMath && t.Src == "open" && i > 0 && toks[i-1].E == t.S &&
				(toks[i-1].K == TNum || toks[i-1].K == TVar || toks[i-1].K == TClose) {
				broken = true
				if n := len(cur.Items); n > 0 {
					cur.Items[n-1].Glued = true
				}
			}
			if t.Text == sepClause && len(cur.Items) > 0 && cur.Items[len(cur.Items)-1].K == TNum &&
				i+1 < len(toks) && toks[i+1].K == TNum && toks[i+1].Num.IntLit && len(toks[i+1].Num.Canon) == 3 {
				broken = true
			}
			flush("")
			mathWord = ""
			if t.Text == SepMath && t.Src == "open" && len(words) > 0 {
				mathWord = words[len(words)-1]
			}
			sc.dropNext = ""
			if broken {
				sc.dropNext = "an expression broken by punctuation"
			}
			words = words[:0]
			cur.PreSep = t.Text
			continue
		case tBoxed:
			flush("")
			words = words[:0]
			cur.PreSep = sepClause
			sc.Skipped = append(sc.Skipped, obligation.Skipped{Span: SpanOf(text, t.S, t.E), Reason: t.Text})
			continue
		case TWord:
			if k := sc.word(&cur, i); k > 0 {
				i += k - 1
				// "4 pens cost 4 * $3": a unit phrase followed by another
				// operand ends the run.
				if n := len(cur.Items); n > 0 && cur.Items[n-1].unitWords && i+1 < len(toks) {
					switch toks[i+1].K {
					case TNum, TVar, TFrac, TSqrt:
						flush("")
						words = words[:0]
						sc.dropNext = "juxtaposed with the quantity before it"
					}
				}
				continue
			}
			// A word after a unit phrase says nothing about the number.
			post := t.Text
			if n := len(cur.Items); n > 0 && cur.Items[n-1].unitWords {
				post = ""
			}
			flush(post)
			mathWord = ""
			if len(words) == 3 {
				words = append(words[:0], words[1], words[2]) // only the last three are read
			}
			words = append(words, t.Text)
			continue
		case TOpen:
			if k := sc.aside(i); k > 0 {
				i += k - 1
				continue
			}
		case TOp:
			// "$15/student": a unit in the denominator.
			if n := len(cur.Items); n > 0 && t.Src == "/" && cur.Items[n-1].K == TNum && !cur.Items[n-1].unitWords &&
				i+1 < len(toks) && toks[i+1].K == TWord && unitWord(toks[i+1].Text) {
				i += sc.unitPhrase(&cur.Items[n-1], i) - 1
				continue
			}
		}
		if len(cur.Items) == 0 {
			cur.DropFirst, sc.dropNext = sc.dropNext, ""
			cur.MathWord, mathWord = mathWord, ""
			cur.S = t.S
			cur.Sentence = sentOf[i]
			if len(words) > 0 {
				cur.PreSep = ""
				if len(words) > 3 {
					words = words[len(words)-3:]
				}
				cur.PreWords = append([]string(nil), words...)
			}
		}
		it := Item{Tok: t}
		if t.K == TNum && t.Num.Currency {
			it.Unit, it.note = Dims{"$": 1}, currencyNote
		}
		cur.Items = append(cur.Items, it)
		words = words[:0]
	}
	flush("")
	return sc
}

// firstRun is an empty run whose items open free, the room for the items
// of a step's runs, which share it: one item for most tokens that are no
// word or separator, and two more; none in a step with no such token (a
// run that outgrows the room takes its own). It allocates the step's runs
// for up to four (most steps have a few).
func (sc *Scan) firstRun(toks []Tok) (Run, []Item) {
	n := 0
	for ti := range toks {
		t := &toks[ti]
		if t.K != TWord && t.K != TSep {
			n++
		}
	}
	if n == 0 {
		return Run{}, nil
	}
	sc.Runs = make([]Run, 0, min(n+2, 4))
	free := make([]Item, 0, n+2)
	return Run{Items: free}, free
}

// clipItems ends a run's items: clipped to their length, so that nothing
// appended to them reaches the next run's; when they lie at the start of
// free (the shared array; a run that outgrew it has its own), free goes on
// after them.
func clipItems(items, free []Item) ([]Item, []Item) {
	n := len(items)
	if cap(free) > 0 && &items[0] == &free[:1][0] {
		free = free[n:n]
	}
	return items[:n:n], free
}

// proseEquals reads "\(A\) is equal to \(B\)" and "\(A\) equals \(B\)"
// as A = B when the math region closing at toks[i] holds a computation
// with no name and no relation (cur), the words are all that stands
// between the two regions, and B is a closed expression with no word
// right after it ("\(2\) equals \(120\) minutes" stays apart). It returns
// the index of B's opening delimiter, or 0.
func (sc *Scan) proseEquals(cur Run, i int) int {
	toks := sc.Toks
	if toks[i].Text != SepMath || toks[i].Src == "open" || len(cur.Items) < 3 || !cur.Items[0].Math {
		return 0
	}
	op := false
	for _, it := range cur.Items {
		switch it.K {
		case TRel, TVar, TWord, TPoison:
			return 0
		case TOp:
			op = true
		}
		if it.unitWords || it.UnitText() != "" {
			return 0
		}
	}
	if !op {
		return 0
	}
	j := i + 1
	switch {
	case j+2 < len(toks) && toks[j].K == TWord && toks[j].Text == "is" && toks[j+1].K == TWord && toks[j+1].Text == "equal" &&
		toks[j+2].K == TWord && toks[j+2].Text == "to":
		j += 3
	case j < len(toks) && toks[j].K == TWord && toks[j].Text == "equals":
		j++
	default:
		return 0
	}
	if j >= len(toks) || toks[j].K != TSep || toks[j].Text != SepMath || toks[j].Src != "open" {
		return 0
	}
	k := j + 1
	for ; k < len(toks) && toks[k].K != TSep; k++ {
		switch toks[k].K {
		case TRel, TVar, TWord, TPoison, tBoxed:
			return 0
		}
	}
	if k == j+1 || k >= len(toks) || toks[k].Text != SepMath || toks[k].Src == "open" {
		return 0
	}
	if k+1 < len(toks) && toks[k+1].K == TWord {
		return 0
	}
	return j
}

func SpanOf(text string, s, e int) obligation.Span {
	if s < 0 {
		s = 0
	}
	if e > len(text) {
		e = len(text)
	}
	if s > e {
		s = e
	}
	return obligation.Span{Start: s, End: e, Text: text[s:e]}
}

// word decides what a prose word does inside a run and returns how many
// tokens it consumed (0: the word ends the run).
func (sc *Scan) word(cur *Run, i int) int {
	toks := sc.Toks
	t := &toks[i]
	var last *Item
	if len(cur.Items) > 0 {
		last = &cur.Items[len(cur.Items)-1]
	}
	var next *Tok
	if i+1 < len(toks) {
		next = &toks[i+1]
	}
	lastNum := last != nil && last.K == TNum
	// "0.2 x 50": x between numbers multiplies.
	if (t.Text == "x") && last != nil && (last.K == TNum || last.K == TClose) && next != nil &&
		(next.K == TNum || next.K == TOpen || next.K == TFrac) {
		cur.Items = append(cur.Items, Item{Tok: &Tok{K: TOp, S: t.S, E: t.E, Text: "*", Src: "x", Math: t.Math, SpaceBefore: t.SpaceBefore}})
		return 1
	}
	// "2x": a letter glued to a number is a name multiplied by it.
	if lastNum && !t.Math && len(t.Text) == 1 && !t.SpaceBefore && t.S == last.E && t.Text != "a" && t.Text != "i" {
		cur.Items = append(cur.Items, Item{Tok: &Tok{K: TVar, S: t.S, E: t.E, Text: t.Text, SpaceBefore: t.SpaceBefore}})
		return 1
	}
	if lastNum && last.Modified() == "" {
		if why := sc.suffixWord(i, last); why != "" {
			last.setModified(why)
			return 0
		}
	}
	// "25% of 80", "3/4 of 20": of multiplies.
	if t.Text == "of" && next != nil && next.K == TNum && ofMultiplies(cur.Items) {
		cur.Items = append(cur.Items, Item{Tok: &Tok{K: TOp, S: t.S, E: t.E, Text: "*", Src: "of", Math: t.Math, SpaceBefore: t.SpaceBefore}})
		return 1
	}
	if lastNum && !last.unitWords && last.Modified() == "" {
		if Modifiers[t.Text] {
			last.setModified("the number is followed by \"" + t.Text + "\"")
			return 0
		}
		if t.Text == "and" && last.Num.IntLit && sc.fractionAhead(i+1) {
			last.setModified("a mixed number (\"and\" after the number)")
			sc.dropNext = "the fraction of a mixed number (\"… and\")"
			return 0
		}
		if sc.thanAhead(i) {
			last.setModified("a comparison (\"… than\") follows the number")
			return 0
		}
	}
	if lastNum && !last.unitWords && last.Modified() == "" && (unitWord(t.Text) || perWord(t.Text) || powerPrefix[t.Text] > 0) {
		if k := sc.unitPhrase(last, i); k > 0 {
			return k
		}
	}
	// A one-letter name in prose, next to an operator or relation.
	if !t.Math && len(t.Text) == 1 && t.Text != "a" && t.Text != "i" && IsASCIILetter(t.Text[0]) {
		prevOp := i > 0 && (toks[i-1].K == TOp || toks[i-1].K == TRel || toks[i-1].K == TOpen)
		nextOp := next != nil && (next.K == TOp || next.K == TRel || next.K == TClose)
		if (prevOp || nextOp) && !lastNum {
			cur.Items = append(cur.Items, Item{Tok: &Tok{K: TVar, S: t.S, E: t.E, Text: t.Text, SpaceBefore: t.SpaceBefore}})
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
func (sc *Scan) suffixWord(i int, last *Item) string {
	toks := sc.Toks
	t := &toks[i]
	if Modifiers[t.Text] || t.Text == "degree" {
		return "" // "17 R 7", "12 m", "90°": the rules for these words decide
	}
	if !t.SpaceBefore && t.S == last.E {
		return "a letter glued to the number (\"" + t.Text + "\"): a name or a unit"
	}
	if SuffixOps[t.Text] {
		return "the number is followed by \"" + t.Text + "\""
	}
	if last.unitWords {
		return ""
	}
	if t.Text == "over" && i+1 < len(toks) && (toks[i+1].K == TNum || toks[i+1].K == TFrac || toks[i+1].K == TOpen) {
		// "16 over 4" divides; "$78 over 4 weeks" is prose.
		if i+2 >= len(toks) || toks[i+2].K != TWord {
			return "the number is followed by \"over\""
		}
	}
	r, n := utf8.DecodeRuneInString(t.Text)
	if unicode.In(r, unicode.Greek) {
		return "a Greek letter after the number (\"" + t.Text + "\")"
	}
	if n == len(t.Text) && !perWord(t.Text) && t.Text != "x" && !unitLetter(sc.src(*t)) {
		return "a letter after the number (\"" + sc.src(*t) + "\"): a name or a unit"
	}
	return ""
}

// unitLetter reports the one-letter unit symbols common in word problems
// (grams, seconds, hours, litres); other letters after a number are as
// often names ("4 W^2 = 100").
func unitLetter(s string) bool { return s == "g" || s == "s" || s == "h" || s == "l" || s == "L" }

// src is a word token as written (words are lower-cased).
func (sc *Scan) src(t Tok) string {
	if t.S >= 0 && t.E <= len(sc.text) && t.S <= t.E {
		return sc.text[t.S:t.E]
	}
	return t.Text
}

// fractionAhead reports a proper fraction or "a half" at i: the tail of
// a mixed number ("2 and 1/2", "3 and a half").
func (sc *Scan) fractionAhead(i int) bool {
	toks := sc.Toks
	if i >= len(toks) {
		return false
	}
	if t := toks[i]; t.K == TWord {
		return t.Text == "a" || t.Text == "one" || t.Text == "half" || t.Text == "three"
	}
	if i+2 < len(toks) && toks[i].K == TNum && toks[i+1].K == TOp && toks[i+1].Src == "/" && toks[i+2].K == TNum {
		return toks[i].Num.Val.Cmp(toks[i+2].Num.Val) < 0
	}
	return toks[i].K == TFrac
}

// thanAhead reports "than" among the next four consecutive words.
func (sc *Scan) thanAhead(i int) bool {
	for j := i; j < len(sc.Toks) && j < i+4; j++ {
		if sc.Toks[j].K != TWord {
			return false
		}
		if sc.Toks[j].Text == "than" {
			return true
		}
	}
	return false
}

func unitWord(w string) bool {
	if w == "" || len(w) > 24 || NotUnits[w] || Modifiers[w] || OpWords[w] {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !IsASCIILetter(c) && c != '-' && c != '\'' {
			return false
		}
	}
	return true
}

// unitPhrase attaches "students", "bicycle wheels", "wheels/bicycle",
// "students per row", "classes a day" to the number before it.
func (sc *Scan) unitPhrase(last *Item, i int) int {
	toks := sc.Toks
	var numer []string
	numExp := 1
	j := i
	// Money takes no noun after it ("$28 back", "$5 bills"); a rate
	// ("$15 per hour", "$15/student") it does.
	if toks[i].K == TWord && !perWord(toks[i].Text) && !last.Num.Currency {
		if e := powerPrefix[toks[i].Text]; e > 0 {
			// "20 sq ft", "12 square yards", "8 cubic feet".
			if i+1 >= len(toks) || toks[i+1].K != TWord || !unitWord(toks[i+1].Text) {
				return 0
			}
			numExp = e
			j++
		}
		numer = append(numer, singular(toks[j].Text))
		j++
		// A second word only when no operand follows it ("pieces need
		// 10*2" is a noun and a verb).
		if numExp == 1 && j < len(toks) && toks[j].K == TWord && unitWord(toks[j].Text) && !sc.thanAhead(j) &&
			!(j+1 < len(toks) && (toks[j+1].K == TNum || toks[j+1].K == TVar || toks[j+1].K == TFrac)) {
			numer = append(numer, singular(toks[j].Text))
			j++
		}
	}
	// A power of the unit: "20 cm²", "20 ft^2", "20 feet squared". It
	// raises the unit, never the number.
	if len(numer) > 0 {
		if e, k := sc.unitPower(j); k > 0 {
			if e == 0 {
				last.setModified("an unreadable power after a unit")
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
		if b.K != TWord || !unitWord(b.Text) {
			break
		}
		if a.K == TOp && a.Src == "/" || a.K == TWord && perWord(a.Text) {
			denom = append(denom, singular(b.Text))
			denExp = append(denExp, 1)
			j += 2
			if e, k := sc.unitPower(j); k > 0 {
				if e == 0 {
					last.setModified("an unreadable power after a unit")
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
	d := Dims{}
	if last.Num.Currency {
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
	last.Unit = d.Clone()
	last.unitWords = true
	last.note = &itemNote{text, last.Modified()}
	return j - i
}

// powerPrefix words before a unit raise it ("square feet").
var powerPrefix = map[string]int{"sq": 2, "square": 2, "cubic": 3, "cu": 3}

// unitPower reads a power of the unit word just before j: ² or ³ or ^n
// glued to the word, or the word "squared" or "cubed". It returns the
// exponent and the tokens it takes (0: none; an exponent of 0 means a
// power that cannot be read, which must not fall on the number either).
func (sc *Scan) unitPower(j int) (int, int) {
	toks := sc.Toks
	if j >= len(toks) || j == 0 {
		return 0, 0
	}
	t := toks[j]
	switch {
	case t.K == TWord && t.Text == "squared":
		return 2, 1
	case t.K == TWord && t.Text == "cubed":
		return 3, 1
	case t.K == TOp && t.Text == "^" && sc.gluedAfter(toks[j-1], t):
		k, braced := j+1, false
		if k < len(toks) && toks[k].K == TOpen && toks[k].Text == "{" {
			k, braced = k+1, true
		}
		if k < len(toks) && toks[k].K == TNum && toks[k].Num.IntLit && !toks[k].Num.Percent && toks[k].Num.Val.IsInt() &&
			(!braced || k+1 < len(toks) && toks[k+1].K == TClose && toks[k+1].Text == "}") {
			v := toks[k].Num.Val.Num()
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
func (sc *Scan) gluedAfter(w, t Tok) bool {
	if w.E > t.S || t.S > len(sc.text) {
		return false
	}
	return strings.Trim(sc.text[w.E:t.S], "}") == ""
}

func perWord(w string) bool {
	return w == "per" || w == "a" || w == "an" || w == "each" || w == "every"
}

// ofMultiplies reports whether the items end in a percentage or a
// fraction literal, so that a following "of" multiplies.
func ofMultiplies(items []Item) bool {
	n := len(items)
	if n == 0 {
		return false
	}
	last := items[n-1]
	if last.K == TNum && last.Num.Percent {
		return true
	}
	if n >= 3 && last.K == TNum && last.Num.IntLit && items[n-2].K == TOp && items[n-2].Src == "/" &&
		items[n-3].K == TNum && items[n-3].Num.IntLit && (n == 3 || items[n-4].K != TOp || items[n-4].Text != "/") {
		return true
	}
	// \frac{a}{b}
	if last.K == TClose && last.Text == "}" {
		k := MatchBack(items, n-1)
		if k > 0 && items[k-1].K == TClose && items[k-1].Text == "}" {
			m := MatchBack(items, k-1)
			if m > 0 && items[m-1].K == TFrac {
				return true
			}
		}
	}
	return false
}

// MatchBack returns the index of the opener matching the closer at j, or -1.
func MatchBack(items []Item, j int) int {
	depth := 0
	for k := j; k >= 0; k-- {
		switch items[k].K {
		case TClose:
			depth++
		case TOpen:
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
func (sc *Scan) aside(i int) int {
	toks := sc.Toks
	if toks[i].Text != "(" || !toks[i].SpaceBefore {
		return 0
	}
	inMath := toks[i].Math
	words := 0
	for j := i + 1; j < len(toks) && j < i+16; j++ {
		t := toks[j]
		switch {
		case t.K == TClose && t.Text == ")":
			if words == 0 || t.Math != inMath || j+1 < len(toks) && !toks[j+1].SpaceBefore && (toks[j+1].K == TOpen || toks[j+1].K == TNum || toks[j+1].K == TVar) {
				return 0
			}
			return j - i + 1
		case t.K == TWord && !t.Math && ordinalWords[t.Text] && j+1 < len(toks) && toks[j+1].K == TWord:
			// "(first day)", "(third week)" name a day; "(hours)" is a unit.
			words++
		case t.K == TWord:
			if Modifiers[t.Text] || OpWords[t.Text] || len(t.Text) == 1 && t.Text != "a" || t.Math {
				return 0
			}
			if (Convertible[singular(t.Text)] || Convertible[t.Text]) && !(words > 0 && ordinalWords[toks[j-1].Text]) {
				return 0
			}
			words++
		case t.K == TSep && t.Text == sepClause:
		default:
			return 0
		}
	}
	return 0
}

// DoubtAny is the first doubt of any sentence of the step, or "": the
// symbolic reader's closed arithmetic is never refuted in such a step. A
// sentence whose one doubt word is an approximation ("this is almost the
// same as the sum of cubes") hedges its own words, not the step: the
// symbolic reader holds back the claims of that very sentence itself.
func (sc *Scan) DoubtAny() string {
	for i := range sc.Sentences {
		if sc.approxOnly(i) {
			continue
		}
		if d := sc.doubt(i); d != "" {
			return d
		}
	}
	return ""
}
