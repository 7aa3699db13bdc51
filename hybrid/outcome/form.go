package outcome

import (
	"fmt"
	"math/big"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/algebra"
)

// kind is the shape of a parsed answer.
type kind uint8

const (
	kBad      kind = iota // not understood; err says why
	kExpr                 // a number or an expression, maybe assigned (x = 5)
	kTuple                // ordered: (a, b), a vector, x = 1, y = 2
	kSet                  // unordered: {a, b}, a bare list, x = 1 or x = 2, a ± b
	kInterval             // a union of intervals
	kEmpty                // ∅, no solution
	kChoice               // a multiple-choice letter
	kText                 // words
	kEquation             // an equation that is not an assignment
)

// form is one answer, parsed and evaluated once. Values are immutable
// after parse, so a Grader caches and shares them.
type form struct {
	kind  kind
	norm  string
	err   error
	n     *node
	name  string // the variable assigned (x = 5), "" when none
	pct   bool   // written with a percent sign: n is the number before it
	deg   bool   // written with a degree sign
	paren bool   // a tuple written in parentheses: "(a, b)" may be an open interval
	// approx: written as an approximation (≈ 3.14, 0.333...): a decimal
	// that only starts the value.
	approx bool
	units  string
	elems  []*form
	ivs    []interval
	text   string
	vocab  string
	// the value of a kExpr: inf is ±1 for ±∞; val when it has no free
	// variable, r when it has (valErr/rErr say why not).
	inf     int
	hasVar  bool
	val     num
	valErr  error
	r       algebra.Rat
	rErr    error
	lhs     *node // kEquation
	mixed   bool  // contains a mixed number (2\frac12 read as 5/2)
	decTok  *token
	decNeg  bool
	lhsForm *form
	rhsForm *form
	valStr  string // val.String(), computed once
	// measure: the units include one of measurement (minutes, cm), in
	// which the number may differ from a gold in another unit.
	measure bool
}

// unitWordsOf applies the words after an answer that change its value: a
// multiplier ("1.5 million"), "percent", "degrees"; the other words are
// returned as units.
func unitWordsOf(n *node, units []string) (*node, []string) {
	var rest []string
	leading := true // multipliers count only before any other word: "5 hundred thousand"
	for i, u := range units {
		l := strings.ToLower(u)
		leading = leading && multipliers[l] != 0
		switch {
		case leading:
			n = &node{kind: nMul, kids: []*node{n, {kind: nNum, tok: &token{kind: tNum, text: fmt.Sprint(multipliers[l])}}}}
		case l == "percent" || l == "pct" || l == "percentage" || l == "per" && i+1 < len(units) && strings.ToLower(units[i+1]) == "cent":
			n = &node{kind: nPct, kids: []*node{n}}
		case l == "cent" && i > 0 && strings.ToLower(units[i-1]) == "per":
		case l == "degree" || l == "degrees" || l == "deg":
			n = &node{kind: nDeg, kids: []*node{n}}
		case l == "radian" || l == "radians" || l == "rad":
		default:
			rest = append(rest, u)
		}
	}
	return n, rest
}

type bound struct {
	inf    int // -1, +1 for ±∞, 0 for a value
	v      num
	closed bool
}

type interval struct{ lo, hi bound }

// closed vocabularies: two different words of one are different answers.
var vocab = map[string]string{
	"yes": "yes/no", "no": "yes/no", "true": "true/false", "false": "true/false",
	"even": "even/odd", "odd": "even/odd",
}

// qualifiers after a number change what it says ("5 or more", "at
// least 3"): such an answer is not understood rather than read as 5.
var qualifiers = map[string]bool{
	"more": true, "less": true, "fewer": true, "than": true, "times": true, "not": true, "least": true,
	"most": true, "only": true, "about": true, "approximately": true, "nearly": true, "almost": true,
	"over": true, "under": true, "minus": true, "plus": true, "each": true, "every": true, "remainder": true,
	"left": true, "remaining": true, "extra": true, "ago": true, "later": true, "earlier": true, "before": true,
	"after": true, "off": true, "discount": true, "increase": true, "decrease": true, "loss": true, "profit": true,
}

// allReals are ways of writing the set of all real numbers.
var allReals = map[string]bool{
	"\\mathbb{R}": true, "\\mathbb R": true, "ℝ": true, "x \\in \\mathbb{R}": true, "all real numbers": true,
	"\\text{all real numbers}": true, "(-\\infty, \\infty)": true, "\\mathbb{R} ": true,
}

// currency words are dropped like "$"; other units are kept and compared.
var currency = map[string]bool{"dollar": true, "dollars": true, "usd": true, "us": true}

// emptyWords: answers that state there is no solution.
var emptyWords = map[string]bool{
	"no solution": true, "no solutions": true, "none": true, "no real solutions": true, "no real solution": true,
	"empty set": true, "the empty set": true, "no such": true, "there is no solution": true, "no real roots": true,
}

// parse reads one answer. It never fails: an answer it does not
// understand is a kBad form whose err says why.
func parse(raw string) *form {
	f := parseText(raw)
	if f.kind == kBad && f.text == "" && utf8.ValidString(raw) {
		// the whole text, for "identical as written" (norm is cut short)
		f.text = strip(raw)
	}
	return f
}

func parseText(raw string) *form {
	if !utf8.ValidString(raw) {
		return &form{kind: kBad, norm: "", err: fmt.Errorf("%w: not valid UTF-8", errUnsupported)}
	}
	if len(raw) > MaxAnswerBytes {
		return &form{kind: kBad, norm: truncate(raw, 80), err: fmt.Errorf("%w: an answer of %d bytes (the limit is %d)", errTooLarge, len(raw), MaxAnswerBytes)}
	}
	s := strip(raw)
	if s == "" {
		return &form{kind: kBad, norm: "", err: fmt.Errorf("%w: an empty answer", errUnsupported)}
	}
	if f := fastNumber(s); f != nil {
		return f
	}
	if allReals[s] {
		iv := interval{lo: bound{inf: -1}, hi: bound{inf: 1}}
		return &form{kind: kInterval, ivs: []interval{iv}, norm: renderIntervals([]interval{iv})}
	}
	if c, ok := choice(s); ok {
		return &form{kind: kChoice, text: c, norm: "(" + c + ")"}
	}
	toks, lexErr := lex(s)
	if f := wordsForm(s, toks, lexErr); f != nil {
		return f
	}
	if lexErr != nil {
		return &form{kind: kBad, norm: truncate(s, 200), err: lexErr}
	}
	n, units, err := parseTokens(toks)
	if err != nil {
		return &form{kind: kBad, norm: truncate(s, 200), err: err}
	}
	for _, u := range units {
		if qualifiers[strings.ToLower(u)] {
			return &form{kind: kBad, norm: truncate(s, 200), err: fmt.Errorf("%w: the words %q change the answer", errUnsupported, strings.Join(units, " "))}
		}
	}
	n, units = unitWordsOf(n, units)
	f := build(n, 0)
	if f.kind == kBad && f.norm == "" {
		f.norm = truncate(s, 200)
	}
	if len(units) > 0 {
		u := normUnits(units)
		if f.kind != kExpr && u != "" {
			return &form{kind: kBad, norm: truncate(s, 200), err: fmt.Errorf("%w: words after a list", errUnsupported)}
		}
		f.units = u
		for _, w := range strings.Fields(u) {
			f.measure = f.measure || unitWords[w] || unitWords[w+"s"]
		}
		if u != "" {
			f.norm += " " + u
		}
	}
	return f
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// strip removes what wraps an answer: math delimiters, \boxed, a final
// full stop, "x \approx" is kept.
func strip(s string) string {
	for range 8 {
		before := s
		s = strings.TrimSpace(s)
		if !strings.HasSuffix(s, "...") {
			s = strings.TrimRight(s, ".。 \t\n")
		}
		for _, p := range [][2]string{{"$$", "$$"}, {"$", "$"}, {"\\(", "\\)"}, {"\\[", "\\]"}, {"**", "**"}} {
			if len(s) >= len(p[0])+len(p[1]) && strings.HasPrefix(s, p[0]) && strings.HasSuffix(s, p[1]) {
				s = s[len(p[0]) : len(s)-len(p[1])]
			}
		}
		for _, cmd := range []string{"\\boxed", "\\fbox", "\\framebox"} {
			if strings.HasPrefix(s, cmd) {
				if arg, next, ok := braced(s, len(cmd)); ok && strings.TrimSpace(s[next:]) == "" {
					s = arg
				}
			}
		}
		if s == before {
			break
		}
	}
	return s
}

// choice recognises a multiple-choice letter: "B", "(B)", "B)", "\text{(B)}",
// "Option B", "(b)".
func choice(s string) (string, bool) {
	t := s
	for _, w := range []string{"\\textbf{", "\\text{", "\\mathrm{", "\\mathbf{"} {
		if strings.HasPrefix(t, w) && strings.HasSuffix(t, "}") {
			t = t[len(w) : len(t)-1]
		}
	}
	t = strings.TrimSpace(t)
	for _, p := range []string{"option ", "choice ", "answer "} {
		if len(t) > len(p) && strings.EqualFold(t[:len(p)], p) {
			t = strings.TrimSpace(t[len(p):])
		}
	}
	if len(t) > 4 {
		return "", false
	}
	t = strings.TrimRight(t, ".:")
	paren := false
	if len(t) == 3 && t[0] == '(' && t[2] == ')' {
		t, paren = t[1:2], true
	} else if len(t) == 2 && t[1] == ')' {
		t, paren = t[:1], true
	}
	if len(t) != 1 {
		return "", false
	}
	c := t[0]
	switch {
	case c >= 'A' && c <= 'J':
		return t, true
	case paren && c >= 'a' && c <= 'j':
		return strings.ToUpper(t), true
	}
	return "", false
}

// wordsForm recognises an answer made of words: text, a closed
// vocabulary, or a statement that there is no solution.
func wordsForm(s string, toks []token, lexErr error) *form {
	words := 0
	var parts []string
	if lexErr == nil {
		for _, t := range toks {
			switch {
			case t.kind == tWord:
				words++
				parts = append(parts, strings.ToLower(t.text))
			case t.kind == tIdent && len(t.text) == 1:
				parts = append(parts, strings.ToLower(t.text))
			case t.kind == tOp && (t.text == "," || t.text == "'" || t.text == "-" || t.text == ":" || t.text == "or" || t.text == "and"):
				if t.text == "or" || t.text == "and" {
					parts = append(parts, t.text)
				}
			default:
				return nil
			}
		}
	} else {
		// text the lexer does not read (punctuation, other scripts)
		for _, r := range s {
			if r < utf8.RuneSelf && (isDigit(byte(r)) || strings.ContainsRune("+*/^=<>\\{}", r)) {
				return nil
			}
		}
		words = 1
		parts = strings.Fields(strings.ToLower(s))
	}
	if words == 0 {
		return nil
	}
	text := strings.Join(parts, " ")
	if v := numberWords[text]; v != 0 {
		if v < 0 {
			v = 0
		}
		return buildExpr(&node{kind: nNum, tok: &token{kind: tNum, text: fmt.Sprint(v)}})
	}
	if text == "all real numbers" || text == "all reals" || text == "r" && strings.Contains(s, "mathbb") {
		iv := interval{lo: bound{inf: -1}, hi: bound{inf: 1}}
		return &form{kind: kInterval, ivs: []interval{iv}, norm: renderIntervals([]interval{iv})}
	}
	if emptyWords[text] {
		return &form{kind: kEmpty, norm: "∅"}
	}
	return &form{kind: kText, text: text, vocab: vocab[text], norm: text}
}

func normUnits(units []string) string {
	var kept []string
	for _, u := range units {
		l := strings.ToLower(u)
		if currency[l] {
			continue
		}
		if len(l) > 3 && strings.HasSuffix(l, "s") && !strings.HasSuffix(l, "ss") {
			l = strings.TrimSuffix(l, "s")
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, " ")
}

// build turns a tree into a form.
func build(n *node, depth int) *form {
	if depth > maxDepth {
		return &form{kind: kBad, err: fmt.Errorf("%w: nested too deep", errTooLarge)}
	}
	switch n.kind {
	case nList, nOr:
		return buildElems(n.kids, kSet, depth)
	case nGroup:
		return buildGroup(n, depth)
	case nMatrix:
		f := &form{kind: kTuple}
		for _, row := range n.kids {
			r := buildElems(row.kids, kTuple, depth)
			if len(n.kids) == 1 || len(row.kids) == 1 {
				f.elems = append(f.elems, r.elems...)
			} else {
				f.elems = append(f.elems, r)
			}
		}
		f.norm = renderElems(f.elems, "(", ")")
		return f
	case nUnion:
		f := &form{kind: kInterval}
		for _, k := range n.kids {
			e := build(k, depth+1)
			switch {
			case e.kind == kInterval:
				f.ivs = append(f.ivs, e.ivs...)
			case e.kind == kTuple && e.paren && len(e.elems) == 2:
				iv, err := tupleInterval(e)
				if err != nil {
					return &form{kind: kBad, err: err}
				}
				f.ivs = append(f.ivs, iv)
			default:
				return &form{kind: kBad, err: fmt.Errorf("%w: a union of other than intervals", errUnsupported)}
			}
		}
		f.norm = renderIntervals(f.ivs)
		return f
	case nEmpty:
		return &form{kind: kEmpty, norm: "∅"}
	case nRel:
		return buildRel(n, depth)
	case nApprox:
		f := build(n.kids[0], depth+1)
		if f.kind == kExpr {
			f.approx = true
			f.norm = "≈ " + f.norm
		}
		return f
	case nPM:
		plus := &node{kind: nAdd, kids: n.kids}
		minus := &node{kind: nSub, kids: n.kids}
		return buildElemsNodes([]*node{plus, minus}, depth)
	}
	return buildExpr(n)
}

func buildElemsNodes(kids []*node, depth int) *form {
	return buildElems(kids, kSet, depth)
}

func buildElems(kids []*node, k kind, depth int) *form {
	f := &form{kind: k}
	for _, kid := range kids {
		e := build(kid, depth+1)
		if e.kind == kBad {
			return e
		}
		if k == kSet && e.kind == kSet && e.name != "" || k == kSet && e.kind == kSet && kid.kind == nPM {
			f.elems = append(f.elems, e.elems...) // x = ±2 inside a list
			continue
		}
		f.elems = append(f.elems, e)
	}
	// "x < 3 or x > 5": a union of intervals
	if k == kSet && len(f.elems) > 1 {
		all := true
		for _, e := range f.elems {
			all = all && e.kind == kInterval
		}
		if all {
			u := &form{kind: kInterval}
			for _, e := range f.elems {
				u.ivs = append(u.ivs, e.ivs...)
			}
			u.norm = renderIntervals(u.ivs)
			return u
		}
	}
	// "x = 1, y = 2": assignments of distinct variables are a tuple
	if k == kSet && len(f.elems) > 1 {
		names := map[string]bool{}
		for _, e := range f.elems {
			if e.name == "" || names[e.name] {
				names = nil
				break
			}
			names[e.name] = true
		}
		if names != nil {
			f.kind = kTuple
		}
	}
	open, close := "(", ")"
	if f.kind == kSet {
		open, close = "{", "}"
	}
	f.norm = renderElems(f.elems, open, close)
	return f
}

func renderElems(es []*form, open, close string) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.norm
	}
	return open + strings.Join(parts, ", ") + close
}

func buildGroup(n *node, depth int) *form {
	switch {
	case len(n.kids) == 0 && (n.open == "\\{" || n.open == "{"):
		return &form{kind: kEmpty, norm: "∅"}
	case len(n.kids) == 0:
		return &form{kind: kBad, err: fmt.Errorf("%w: empty brackets", errUnsupported)}
	case n.open == "\\{" || n.open == "{" && len(n.kids) > 1:
		f := buildElems(n.kids, kSet, depth)
		if f.kind == kTuple { // {x = 1, y = 2} is still a set of assignments
			f.kind = kSet
		}
		return f
	case len(n.kids) == 1 && (n.open == "(" && n.close == ")" || n.open == "{"):
		return build(n.kids[0], depth+1)
	case len(n.kids) == 2 && (n.open != "(" || n.close != ")"):
		// [a, b], (a, b], [a, b): an interval
		lo, err1 := endpoint(n.kids[0], n.open == "[")
		hi, err2 := endpoint(n.kids[1], n.close == "]")
		if err1 != nil || err2 != nil {
			if n.open == "[" && n.close == "]" {
				f := buildElems(n.kids, kTuple, depth)
				return f
			}
			return &form{kind: kBad, err: fmt.Errorf("%w: an interval with an endpoint that is not a number", errUnsupported)}
		}
		iv := interval{lo, hi}
		return &form{kind: kInterval, ivs: []interval{iv}, norm: renderIntervals([]interval{iv})}
	case n.open == "(" && n.close == ")":
		f := buildElems(n.kids, kTuple, depth)
		if f.kind == kBad {
			return f
		}
		f.kind = kTuple
		f.paren = true
		f.norm = renderElems(f.elems, "(", ")")
		return f
	}
	f := buildElems(n.kids, kTuple, depth)
	return f
}

// endpoint reads an interval's endpoint: a number or ±∞.
func endpoint(n *node, closed bool) (bound, error) {
	if n.kind == nInf || n.kind == nAdd && false {
		return bound{inf: 1}, nil
	}
	if n.kind == nNeg && n.kids[0].kind == nInf {
		return bound{inf: -1}, nil
	}
	if hasVars(n, false) {
		return bound{}, fmt.Errorf("%w: a variable endpoint", errUnsupported)
	}
	v, err := (&evaluator{}).num(n)
	if err != nil {
		return bound{}, err
	}
	if !v.isReal() {
		return bound{}, fmt.Errorf("%w: a complex endpoint", errUnsupported)
	}
	return bound{v: v, closed: closed}, nil
}

func tupleInterval(f *form) (interval, error) {
	var bs [2]bound
	for i, e := range f.elems[:2] {
		switch {
		case e.kind != kExpr || e.name != "" || e.pct || e.deg || e.hasVar || e.approx:
			return interval{}, fmt.Errorf("%w: an interval endpoint", errUnsupported)
		case e.inf != 0:
			bs[i] = bound{inf: e.inf}
		case e.valErr != nil:
			return interval{}, e.valErr
		case !e.val.isReal():
			return interval{}, fmt.Errorf("%w: a complex endpoint", errUnsupported)
		default:
			bs[i] = bound{v: e.val}
		}
	}
	return interval{bs[0], bs[1]}, nil
}

func renderIntervals(ivs []interval) string {
	parts := make([]string, len(ivs))
	for i, iv := range ivs {
		open, close := "(", ")"
		if iv.lo.closed {
			open = "["
		}
		if iv.hi.closed {
			close = "]"
		}
		parts[i] = open + iv.lo.String() + ", " + iv.hi.String() + close
	}
	return strings.Join(parts, " ∪ ")
}

func (b bound) String() string {
	switch b.inf {
	case 1:
		return "∞"
	case -1:
		return "-∞"
	}
	return b.v.String()
}

// buildRel reads an assignment (x = 5, (x, y) = (1, 2)), membership
// (x ∈ [1, 2]), an inequality (x > 3, 1 ≤ x < 2) or an equation.
func buildRel(n *node, depth int) *form {
	ops := strings.Fields(n.text)
	if len(ops) == 1 && (ops[0] == "=" || ops[0] == "∈" || ops[0] == "≈") {
		lhs, rhs := n.kids[0], n.kids[1]
		if name, ok := varName(lhs); ok {
			f := build(rhs, depth+1)
			if f.kind == kBad {
				return f
			}
			if ops[0] == "≈" && f.kind == kExpr {
				f.approx = true
			}
			if f.kind == kExpr || f.kind == kSet && rhs.kind == nPM {
				if f.kind == kExpr {
					f.name = name
				} else {
					for _, e := range f.elems {
						e.name = name
					}
				}
				f.norm = name + " = " + f.norm
				if f.approx {
					f.norm = name + " ≈ " + strings.TrimPrefix(f.norm[len(name)+3:], "≈ ")
				}
			}
			return f
		}
		if lhs.kind == nGroup && lhs.open == "(" && len(lhs.kids) > 1 && ops[0] == "=" {
			allVars := true
			for _, k := range lhs.kids {
				if _, ok := varName(k); !ok {
					allVars = false
				}
			}
			if allVars {
				return build(rhs, depth+1)
			}
		}
		if ops[0] == "=" {
			// an equation: compared only as written, sides as polynomials
			f := &form{kind: kEquation, lhs: lhs, n: rhs}
			f.lhsForm, f.rhsForm = buildExpr(lhs), buildExpr(rhs)
			f.norm = f.lhsForm.norm + " = " + f.rhsForm.norm
			return f
		}
		return &form{kind: kBad, err: fmt.Errorf("%w: a relation %s", errUnsupported, ops[0])}
	}
	if allOps(ops, "=", "≈") && ops[0] == "=" {
		return buildChain(n, ops, depth)
	}
	// inequalities: x > a, a < x, a < x < b
	return buildInequality(n, ops)
}

func allOps(ops []string, allowed ...string) bool {
	for _, o := range ops {
		ok := false
		for _, a := range allowed {
			ok = ok || o == a
		}
		if !ok {
			return false
		}
	}
	return true
}

// buildChain reads "x = a = b ≈ c": the exact values a, b, … must be
// proven equal to each other (else the answer is not understood); the
// value is the last exact one, and approximations after it are dropped.
func buildChain(n *node, ops []string, depth int) *form {
	kids := n.kids
	for len(ops) > 0 && ops[len(ops)-1] == "≈" {
		ops, kids = ops[:len(ops)-1], kids[:len(kids)-1]
	}
	if allOps(ops, "=") == false {
		return &form{kind: kBad, err: fmt.Errorf("%w: ≈ inside a chain of equalities", errUnsupported)}
	}
	name, named := varName(kids[0])
	vals := kids
	if named {
		vals = kids[1:]
	}
	last := buildExpr(vals[len(vals)-1])
	if last.kind != kExpr || last.approx {
		return &form{kind: kBad, err: fmt.Errorf("%w: a chain of equalities", errUnsupported)}
	}
	for _, v := range vals[:len(vals)-1] {
		if c := compare(buildExpr(v), last, "", "", depth+1); c.v != Equal {
			return &form{kind: kBad, err: fmt.Errorf("%w: a chain of equalities whose sides are not proven equal (%s)", errUnsupported, c.reason)}
		}
	}
	if named {
		last.name = name
		last.norm = name + " = " + last.norm
	}
	return last
}

func varName(n *node) (string, bool) {
	if n.kind == nVar && n.text != "i" {
		return n.text, true
	}
	// f(x) = …: a function's value; compared as its right side
	if n.kind == nMul && len(n.kids) == 2 && n.kids[0].kind == nVar && n.kids[1].kind == nGroup && n.kids[1].open == "(" {
		return n.kids[0].text + "(…)", true
	}
	return "", false
}

func buildInequality(n *node, ops []string) *form {
	bad := &form{kind: kBad, err: fmt.Errorf("%w: a relation %s", errUnsupported, n.text)}
	for _, o := range ops {
		if o != "<" && o != ">" && o != "≤" && o != "≥" {
			return bad
		}
	}
	// the variable's position
	vi := -1
	for i, k := range n.kids {
		if _, ok := varName(k); ok && k.kind == nVar {
			if vi >= 0 {
				return bad
			}
			vi = i
		}
	}
	if vi < 0 || len(n.kids) > 3 {
		return bad
	}
	iv := interval{lo: bound{inf: -1}, hi: bound{inf: 1}}
	set := func(valNode *node, op string, valLeft bool) bool {
		b, err := endpoint(valNode, op == "≤" || op == "≥")
		if err != nil || b.inf != 0 {
			return false
		}
		less := op == "<" || op == "≤" // value op x with valLeft: value is a lower bound
		if less == valLeft {
			iv.lo = b
		} else {
			iv.hi = b
		}
		return true
	}
	switch {
	case len(n.kids) == 2 && vi == 0:
		if !set(n.kids[1], ops[0], false) {
			return bad
		}
	case len(n.kids) == 2 && vi == 1:
		if !set(n.kids[0], ops[0], true) {
			return bad
		}
	case len(n.kids) == 3 && vi == 1:
		if (ops[0] == "<" || ops[0] == "≤") != (ops[1] == "<" || ops[1] == "≤") {
			return bad
		}
		if !set(n.kids[0], ops[0], true) || !set(n.kids[2], ops[1], false) {
			return bad
		}
	default:
		return bad
	}
	return &form{kind: kInterval, ivs: []interval{iv}, norm: renderIntervals([]interval{iv})}
}

// buildExpr evaluates one expression: ±∞, a number, or a rational
// function of its variables.
func buildExpr(n *node) *form {
	f := &form{kind: kExpr, n: n}
	inner := n
	switch inner.kind {
	case nPct:
		f.pct, inner = true, inner.kids[0]
	case nDeg:
		f.deg, inner = true, inner.kids[0]
	}
	f.n = inner
	switch {
	case inner.kind == nInf:
		f.inf, f.norm = 1, "∞"
		return f
	case inner.kind == nNeg && inner.kids[0].kind == nInf:
		f.inf, f.norm = -1, "-∞"
		return f
	case inner.kind == nAdd && inner.kids[0].kind == nInf:
		f.inf, f.norm = 1, "∞"
		return f
	}
	if containsKind(inner, nInf) {
		return &form{kind: kBad, err: fmt.Errorf("%w: arithmetic with ∞", errUnsupported)}
	}
	if c := countKind(inner, nPM); c == 1 {
		// a ± b inside an expression: the set of its two values
		plus, minus := buildExpr(replacePM(inner, nAdd)), buildExpr(replacePM(inner, nSub))
		if plus.kind != kExpr || minus.kind != kExpr {
			return &form{kind: kBad, err: fmt.Errorf("%w: ± inside an expression", errUnsupported)}
		}
		f := &form{kind: kSet, elems: []*form{plus, minus}}
		f.norm = renderElems(f.elems, "{", "}")
		return f
	} else if c > 1 {
		return &form{kind: kBad, err: fmt.Errorf("%w: several ± in one expression", errUnsupported)}
	}
	f.mixed = containsKind(inner, nMixed)
	switch {
	case inner.kind == nNum:
		f.decTok = inner.tok
	case inner.kind == nNeg && inner.kids[0].kind == nNum:
		f.decTok, f.decNeg = inner.kids[0].tok, true
	}
	if f.decTok != nil && f.decTok.approx {
		f.approx = true
	}
	if containsApprox(inner) && f.decTok == nil {
		return &form{kind: kBad, err: fmt.Errorf("%w: an ellipsis inside an expression", errUnsupported)}
	}
	// i is the imaginary unit unless another letter makes it a variable
	iUnit := !hasVars(inner, true)
	f.hasVar = hasVars(inner, iUnit)
	ev := &evaluator{iUnit: iUnit}
	if !f.hasVar {
		f.val, f.valErr = ev.num(inner)
		if f.valErr == nil {
			f.valStr = f.val.String()
			f.norm = f.valStr
		}
	} else {
		f.r, f.rErr = ev.rat(inner)
		if f.rErr == nil {
			f.norm = f.r.String()
		}
	}
	if f.norm == "" {
		f.norm = render(inner)
	}
	if f.pct {
		f.norm += "%"
	}
	if f.deg {
		f.norm += "°"
	}
	return f
}

func countKind(n *node, k nodeKind) int {
	c := 0
	if n.kind == k {
		c++
	}
	for _, kid := range n.kids {
		c += countKind(kid, k)
	}
	return c
}

// replacePM copies a tree with its ± node made a + (k = nAdd) or a −.
func replacePM(n *node, k nodeKind) *node {
	if n.kind == nPM {
		if n.text == "unary" && k == nSub {
			return &node{kind: nNeg, kids: []*node{n.kids[1]}}
		}
		return &node{kind: k, kids: n.kids}
	}
	c := *n
	c.kids = make([]*node, len(n.kids))
	for i, kid := range n.kids {
		c.kids[i] = replacePM(kid, k)
	}
	return &c
}

func containsKind(n *node, k nodeKind) bool {
	if n.kind == k {
		return true
	}
	for _, c := range n.kids {
		if containsKind(c, k) {
			return true
		}
	}
	return false
}

func containsApprox(n *node) bool {
	if n.kind == nNum && n.tok.approx {
		return true
	}
	for _, c := range n.kids {
		if containsApprox(c) {
			return true
		}
	}
	return false
}

// render writes a tree back as plain text, for answers whose value is not
// computed.
func render(n *node) string {
	var b strings.Builder
	renderTo(&b, n)
	return truncate(b.String(), 200)
}

func renderTo(b *strings.Builder, n *node) {
	if b.Len() > 256 {
		return
	}
	bin := map[nodeKind]string{nAdd: " + ", nSub: " - ", nMul: "·", nDiv: "/", nPow: "^", nMixed: " ", nPM: " ± "}
	switch n.kind {
	case nNum:
		b.WriteString(n.tok.text)
		if n.tok.rep != "" {
			b.WriteString("(" + n.tok.rep + ")")
		}
		if n.tok.exp != "" {
			b.WriteString("e" + n.tok.exp)
		}
	case nVar:
		b.WriteString(n.text)
	case nPi:
		b.WriteString("π")
	case nInf:
		b.WriteString("∞")
	case nNeg:
		b.WriteString("-")
		renderTo(b, n.kids[0])
	case nFunc:
		b.WriteString(n.text + "(")
		renderTo(b, n.kids[0])
		b.WriteString(")")
	case nRoot:
		b.WriteString("root(")
		renderTo(b, n.kids[0])
		b.WriteString(")")
	case nFact:
		renderTo(b, n.kids[0])
		b.WriteString("!")
	case nPct:
		renderTo(b, n.kids[0])
		b.WriteString("%")
	case nDeg:
		renderTo(b, n.kids[0])
		b.WriteString("°")
	case nGroup:
		b.WriteString("(")
		for i, k := range n.kids {
			if i > 0 {
				b.WriteString(", ")
			}
			renderTo(b, k)
		}
		b.WriteString(")")
	default:
		if op, ok := bin[n.kind]; ok && len(n.kids) == 2 {
			b.WriteString("(")
			renderTo(b, n.kids[0])
			b.WriteString(op)
			renderTo(b, n.kids[1])
			b.WriteString(")")
			return
		}
		b.WriteString("…")
	}
}

// sortedNames returns a map's keys in order.
func sortedNames(m map[string]*big.Rat) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// fastNumber reads the commonest answer, a plain number (-1,234.50, $18),
// without the lexer and parser; anything else returns nil. It reads what
// the full path would.
func fastNumber(s string) *form {
	i := 0
	if strings.HasPrefix(s, "\\$") {
		i = 2
	} else if strings.HasPrefix(s, "$") {
		i = 1
	}
	neg := false
	if i < len(s) && s[i] == '-' {
		neg, i = true, i+1
	}
	start := i
	digits := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if digits == 0 || digits > 3 && i < len(s) && s[i] == ',' {
		return nil
	}
	var b []byte
	if i < len(s) && s[i] == ',' {
		b = append(b, s[start:i]...)
		for i < len(s) && s[i] == ',' {
			if i+4 > len(s) || !isDigit(s[i+1]) || !isDigit(s[i+2]) || !isDigit(s[i+3]) || i+4 < len(s) && isDigit(s[i+4]) {
				return nil
			}
			b = append(b, s[i+1:i+4]...)
			i += 4
		}
	}
	dot := false
	if i < len(s) && s[i] == '.' {
		if i+1 >= len(s) || !isDigit(s[i+1]) {
			return nil
		}
		dot = true
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if b != nil {
			b = append(b, s[i:j]...)
		}
		i = j
	}
	if i != len(s) || len(s) > maxDigits {
		return nil
	}
	text := s[start:i]
	if b != nil {
		text = string(b)
	}
	tok := &token{kind: tNum, text: text, dot: dot}
	r, err := literal(tok)
	if err != nil {
		return nil
	}
	if neg {
		r.Neg(r)
	}
	v := numRat(r)
	str := v.String()
	return &form{kind: kExpr, n: &node{kind: nNum, tok: tok}, val: v, norm: str, valStr: str, decTok: tok, decNeg: neg}
}
