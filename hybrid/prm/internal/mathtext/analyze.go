package mathtext

import "math"

// Number is a numeric value written in a text.
type Number struct {
	Val float64
	// Result is set when the number stands alone on the right of an "=",
	// i.e. the text derives it rather than uses it.
	Result bool
	// Word is set for number words ("three", "twice", "half").
	Word bool
}

// Claim is one checked equality between two adjacent sides of an "=" chain.
type Claim struct {
	// Symbolic claims contain variables; they are checked as identities at
	// two fixed assignments and only where the text asserts an identity
	// (a second or later link of a chain such as "(t+2)(t-1) = t^2 + t - 2"
	// after "A ="), never for the first link, which may be an equation.
	Symbolic bool
	// OK reports whether both sides agree (within the rounding the text
	// shows, or loosely for ≈).
	OK          bool
	Approx      bool
	Left, Right float64
}

// RelErr is the relative difference of a claim's sides.
func (c Claim) RelErr() float64 {
	d := math.Abs(c.Left - c.Right)
	s := math.Max(math.Abs(c.Left), math.Abs(c.Right))
	if s < 1e-12 {
		return d
	}
	return d / s
}

// Analysis is the result of Analyzer.Analyze. Its slices are owned by the
// Analyzer and valid until its next call.
type Analysis struct {
	Numbers []Number
	Claims  []Claim
}

// False counts the claims that do not hold.
func (a *Analysis) False() int {
	n := 0
	for _, c := range a.Claims {
		if !c.OK {
			n++
		}
	}
	return n
}

// runRef is one side of an "=": a range of cleaned tokens.
type runRef struct {
	start, end int
	bad        bool
	empty      bool
	numFirst   int // index in Numbers of the first number of the run
	numCount   int
	hasUnit    bool
	vars       uint64 // bit set of the variables used
}

// Analyzer extracts numbers and checks arithmetic claims in step text. It
// reuses its buffers; it is not safe for concurrent use. The zero value is
// ready to use.
type Analyzer struct {
	sc    scanner
	clean []token
	chain []runRef
	eqs   []bool // approx flag of the "=" before chain[i+1]
	res   Analysis
	p     parser

	// label is the hash of the words before the first "=" of the current
	// chain when its left side is prose ("Pencils left = ..."); prevLabel
	// and prevRun keep the previous labelled chain's last side, so that
	// "Pencils left = (2/3) * 240. Pencils left = 160." links 160 to it.
	label, prevLabel uint64
	words            uint64 // running hash of the words since the last run
	prevRun          []token
}

// Analyze scans text. The result is valid until the next call.
func (a *Analyzer) Analyze(text string) *Analysis {
	a.sc.scan(text)
	a.clean = a.clean[:0]
	a.chain = a.chain[:0]
	a.eqs = a.eqs[:0]
	a.res.Numbers = a.res.Numbers[:0]
	a.res.Claims = a.res.Claims[:0]
	a.label, a.prevLabel, a.words = 0, 0, 0
	a.prevRun = a.prevRun[:0]

	toks := a.sc.toks
	var (
		building  bool
		cur       runRef
		lastSig   kind // last significant token kind in the run; kWord for a unit
		units     int  // consecutive unit words
		expectRun bool // an "=" waits for its right side
	)
	startRun := func(i int) {
		if building {
			return
		}
		if len(a.chain) > 0 && !expectRun {
			a.flush()
		}
		building = true
		cur = runRef{start: len(a.clean), numFirst: len(a.res.Numbers)}
		units = 0
		cur.bad = startsInProse(toks, i)
	}
	endRun := func() {
		if !building {
			return
		}
		cur.end = len(a.clean)
		cur.numCount = len(a.res.Numbers) - cur.numFirst
		for _, t := range a.clean[cur.start:cur.end] {
			if t.kind == kVar {
				cur.vars |= 1 << uint(t.val)
			}
		}
		if cur.vars != 0 && cur.hasUnit {
			// "30a^2bc" outside math: letters read as units would
			// change the expression.
			cur.bad = true
		}
		a.chain = append(a.chain, cur)
		building = false
		expectRun = false
	}
	breakChain := func() {
		endRun()
		a.flush()
		expectRun = false
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != kWord && t.kind != kSoft && t.kind != kEq && !(t.kind == kOp && t.op == 'x') {
			a.words = 0
		}
		switch t.kind {
		case kNum:
			if building && lastSig == kNum {
				// Two bare numbers in a row ("1 2") are not an expression.
				cur.bad = true
			}
			if building && lastSig == kWord {
				// "0.33 and 100": a unit word cannot be followed by an
				// operand, so the words ended the run.
				breakChain()
			}
			startRun(i)
			a.res.Numbers = append(a.res.Numbers, Number{Val: t.val})
			a.clean = append(a.clean, t)
			lastSig, units = kNum, 0
		case kLP:
			if building && (lastSig == kNum || lastSig == kWord || lastSig == kRP) {
				// "7995 (total cookies) - 2595": a parenthetical of words
				// annotates the number like a unit.
				if j := proseParen(toks, i); j > i {
					i = j
					lastSig = kWord
					units = 1
					cur.hasUnit = true
					continue
				}
			}
			if building && lastSig == kWord {
				breakChain()
			}
			startRun(i)
			a.clean = append(a.clean, t)
			lastSig, units = t.kind, 0
		case kVar, kFrac, kSqrt:
			if building && lastSig == kWord {
				breakChain()
			}
			startRun(i)
			a.clean = append(a.clean, t)
			lastSig, units = t.kind, 0
		case kRP, kPct:
			startRun(i)
			a.clean = append(a.clean, t)
			lastSig, units = t.kind, 0
		case kOp:
			if t.op == '^' && building && lastSig == kWord {
				// "\text{ cm}^3": the exponent belongs to the unit.
				if i+1 < len(toks) && toks[i+1].kind == kNum {
					i++
				} else {
					cur.bad = true
				}
				continue
			}
			if t.op == 'x' {
				next := kHard
				if i+1 < len(toks) {
					next = toks[i+1].kind
				}
				if building && (lastSig == kNum || lastSig == kRP || lastSig == kPct || lastSig == kWord) &&
					(next == kNum || next == kLP || next == kFrac) {
					t.op = '*'
				} else {
					t = token{kind: kWord, val: math.NaN(), unit: true}
					goto word
				}
			}
			startRun(i)
			a.clean = append(a.clean, t)
			lastSig, units = kOp, 0
		case kWord:
			goto word
		case kBad:
			startRun(i)
			cur.bad = true
			lastSig, units = kBad, 0
		case kEq:
			endRun()
			if len(a.chain) == len(a.eqs) {
				// No left side (or two "=" in a row): an empty side.
				if len(a.chain) == 0 {
					a.label = a.words
				}
				a.chain = append(a.chain, runRef{empty: true, start: len(a.clean), end: len(a.clean)})
			}
			a.eqs = append(a.eqs, t.op == '~')
			expectRun = true
		case kSoft:
			// A display ended: the run ends, but a following "=" may
			// continue the chain ("\[ A = B \] \[ = C \]").
			endRun()
		case kHard:
			breakChain()
			a.words = 0
		}
		continue
	word:
		if !building {
			a.words = a.words*31 + t.hash
		}
		if !math.IsNaN(t.val) {
			a.res.Numbers = append(a.res.Numbers, Number{Val: t.val, Word: true})
		}
		switch {
		case building && t.of && lastSig == kPct:
			// "50% of 30"
			a.clean = append(a.clean, token{kind: kOp, op: '*'})
			lastSig, units = kOp, 0
		case building && t.unit && (lastSig == kNum || lastSig == kRP || lastSig == kPct || lastSig == kWord && units > 0) && units < 3:
			lastSig = kWord
			units++
			cur.hasUnit = true
		case building && t.unit && lastSig == kOp && len(a.clean) > cur.start && a.clean[len(a.clean)-1].op == '/' && units == 0 &&
			len(a.clean)-1 > cur.start && isOperandEnd(a.clean[len(a.clean)-2].kind):
			// "15/student": a rate's unit, not a division.
			a.clean = a.clean[:len(a.clean)-1]
			lastSig = kWord
			units = 1
			cur.hasUnit = true
		default:
			breakChain()
		}
	}
	breakChain()
	if a.sc.modular {
		// "4^4 = (-1)^2 = 1 \pmod{17}": equalities may be congruences,
		// which this checker does not model.
		a.res.Claims = a.res.Claims[:0]
	}
	return &a.res
}

// startsInProse reports whether a run that begins at toks[i] continues an expression that
// began in prose, so that its left side is partial: a run cannot begin with a binary
// operator, nor with a minus right after prose ("D - 8" where D was read as a word), and
// "(coins after round 1) × \( \frac{1}{100} = ..." follows an operator across a soft break.
func startsInProse(toks []token, i int) bool {
	if t := toks[i]; t.kind == kOp && (t.op != '-' || i > 0 && toks[i-1].kind == kWord) {
		return true
	}
	for j := i - 1; j >= 0 && toks[j].kind != kHard; j-- {
		if toks[j].kind != kSoft {
			return toks[j].kind == kOp
		}
	}
	return false
}

// proseParen returns the index of the ")" closing a parenthetical of at most
// six words that starts at toks[i], or i if there is none.
func proseParen(toks []token, i int) int {
	for j := i + 1; j < len(toks) && j <= i+7; j++ {
		switch toks[j].kind {
		case kWord:
			continue
		case kRP:
			if j > i+1 {
				return j
			}
		}
		return i
	}
	return i
}

// continueLabel links a chain "Label = X" to the last side of the previous
// chain with the same label, and remembers this chain's last side.
func (a *Analyzer) continueLabel(label uint64) {
	first := a.chain[1]
	if label == a.prevLabel && len(a.prevRun) > 0 && !first.bad && !first.empty {
		lt, rt := a.prevRun, a.clean[first.start:first.end]
		lv, lops, lvar, lok := a.p.eval(lt, &assignA)
		rv, _, rvar, rok := a.p.eval(rt, &assignA)
		if lok && rok && !lvar && !rvar && lops > 0 {
			a.res.Claims = append(a.res.Claims, Claim{
				OK:   numEqual(lv, rv, literalDec(lt), literalDec(rt), truncated(lt) || truncated(rt)),
				Left: lv, Right: rv,
			})
		}
	}
	a.prevLabel = 0
	a.prevRun = a.prevRun[:0]
	last := a.chain[len(a.chain)-1]
	if len(a.chain) == len(a.eqs)+1 && !last.bad && !last.empty {
		a.prevLabel = label
		a.prevRun = append(a.prevRun, a.clean[last.start:last.end]...)
	}
}

func isOperandEnd(k kind) bool { return k == kNum || k == kRP || k == kPct || k == kVar }

// Two fixed assignments for identity checks; arbitrary values that make
// accidental agreement of different polynomials unlikely.
var assignA, assignB = assignments()

func assignments() (a, b [52]float64) {
	for i := range a {
		a[i] = 1.3 + 0.731*float64(i) + 0.0173*float64(i*i)
		b[i] = -0.62 - 0.417*float64(i) + 0.029*float64(i*i)
	}
	return a, b
}

// flush checks the links of the current chain and resets it.
func (a *Analyzer) flush() {
	defer func() {
		a.chain = a.chain[:0]
		a.eqs = a.eqs[:0]
	}()
	label := a.label
	a.label = 0
	if len(a.chain) < 2 {
		return
	}
	if label != 0 && a.chain[0].empty {
		a.continueLabel(label)
	}
	for k := 1; k < len(a.chain) && k-1 < len(a.eqs); k++ {
		r := a.chain[k]
		// A lone number right of "=" is a derived result.
		if !r.empty && !r.bad && r.end-r.start == 1 && a.clean[r.start].kind == kNum && r.numCount == 1 {
			a.res.Numbers[r.numFirst].Result = true
		}
	}
	for k := 1; k < len(a.chain) && k-1 < len(a.eqs); k++ {
		l, r := a.chain[k-1], a.chain[k]
		if l.empty || r.empty || l.bad || r.bad {
			continue
		}
		lt, rt := a.clean[l.start:l.end], a.clean[r.start:r.end]
		lv, lops, lvar, lok := a.p.eval(lt, &assignA)
		rv, rops, rvar, rok := a.p.eval(rt, &assignA)
		// The first link needs work on its left: "4 dozen = 4 x 12" and
		// "one-third of 27 = 27 / 3" name a quantity on the left rather
		// than claim that it equals the right. Later links may be bare
		// ("3 * 4 = 12 = 13").
		if !lok || !rok || k < 2 && lops == 0 || lops+rops == 0 && k < 2 {
			continue
		}
		approx := a.eqs[k-1] || truncated(lt) || truncated(rt)
		if !lvar && !rvar {
			ok := numEqual(lv, rv, literalDec(lt), literalDec(rt), approx)
			if !ok && (hasPct(lt) || hasPct(rt)) {
				// Either reading of a percent sign may be meant:
				// "× 100 = 40%" writes 40 with a percent sign.
				lv2, _, _, _ := a.p.evalWith(lt, &assignA, true)
				rv2, _, _, _ := a.p.evalWith(rt, &assignA, true)
				ok = numEqual(lv2, rv2, literalDec(lt), literalDec(rt), approx)
			}
			a.res.Claims = append(a.res.Claims, Claim{
				OK: ok, Approx: approx,
				Left: lv, Right: rv,
			})
			continue
		}
		// Symbolic: only identities asserted by a chain's later links, and
		// never a bare variable (a definition such as "x = 3 + 4").
		// Both sides must use the same variables: "= \frac{6}{7}w" after
		// "\frac{3}{10}z" is a substitution, not an identity.
		// The letter i is usually the imaginary unit, which the fixed
		// assignments do not model.
		if k < 2 || len(lt) == 1 || len(rt) == 1 || !lvar || !rvar || l.vars != r.vars ||
			l.vars&(1<<uint(letterIndex('i'))) != 0 {
			continue
		}
		lv2, _, _, _ := a.p.eval(lt, &assignB)
		rv2, _, _, _ := a.p.eval(rt, &assignB)
		if !finite(lv) || !finite(rv) || !finite(lv2) || !finite(rv2) {
			continue
		}
		tol := 1e-6
		if approx {
			tol = 1e-2
		}
		ok := relClose(lv, rv, tol) || relClose(lv2, rv2, tol)
		a.res.Claims = append(a.res.Claims, Claim{Symbolic: true, OK: ok, Left: lv, Right: rv, Approx: approx})
	}
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func relClose(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func truncated(t []token) bool {
	for _, x := range t {
		if x.kind == kNum && x.op == '~' {
			return true
		}
	}
	return false
}

// literalDec returns the decimals of a side that is a single literal, or -1.
func literalDec(t []token) int {
	if len(t) == 1 && t[0].kind == kNum {
		return int(t[0].dec)
	}
	if len(t) == 2 && t[0].kind == kOp && t[0].op == '-' && t[1].kind == kNum {
		return int(t[1].dec)
	}
	return -1
}

// numEqual decides a numeric claim. A side written as a literal with d
// decimals may be a rounding of the other side to d decimals.
func numEqual(l, r float64, ldec, rdec int, approx bool) bool {
	if !finite(l) || !finite(r) {
		return false
	}
	if relClose(l, r, 1e-9) {
		return true
	}
	d := math.Abs(l - r)
	for _, dec := range [2]int{ldec, rdec} {
		if dec < 0 || dec > 12 {
			continue
		}
		half := 0.5 * math.Pow(10, -float64(dec))
		if d < half*(1-1e-9) {
			return true
		}
		if approx && d <= 2*half {
			return true
		}
	}
	if approx && d <= 0.02*math.Max(math.Abs(l), math.Abs(r)) {
		return true
	}
	return false
}

// parser evaluates a cleaned token run.
type parser struct {
	toks   []token
	pos    int
	vars   *[52]float64
	ops    int
	hasVar bool
	bad    bool
	depth  int
	// pctPlain reads "40%" as 40: writers put a percent sign on a value
	// already multiplied by 100 ("(60/150) × 100 = 40%").
	pctPlain bool
}

const maxDepth = 48

// eval returns the value of toks, the number of operations in it, whether
// it uses variables, and whether it parsed.
func (p *parser) eval(toks []token, vars *[52]float64) (float64, int, bool, bool) {
	return p.evalWith(toks, vars, false)
}

// evalWith is eval, reading a percent sign as a plain suffix when
// pctPlain is set.
func (p *parser) evalWith(toks []token, vars *[52]float64, pctPlain bool) (float64, int, bool, bool) {
	*p = parser{toks: toks, vars: vars, pctPlain: pctPlain}
	if len(toks) == 0 {
		return 0, 0, false, false
	}
	v := p.expr()
	if p.bad || p.pos != len(toks) {
		return 0, 0, false, false
	}
	return v, p.ops, p.hasVar, true
}

func hasPct(t []token) bool {
	for _, x := range t {
		if x.kind == kPct {
			return true
		}
	}
	return false
}

func (p *parser) peek() (token, bool) {
	if p.pos < len(p.toks) {
		return p.toks[p.pos], true
	}
	return token{}, false
}

func (p *parser) expr() float64 {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.bad = true
		return 0
	}
	v := p.term()
	for !p.bad {
		t, ok := p.peek()
		if !ok || t.kind != kOp || (t.op != '+' && t.op != '-') {
			break
		}
		p.pos++
		r := p.term()
		p.ops++
		if t.op == '+' {
			v += r
		} else {
			v -= r
		}
	}
	return v
}

func startsPrimary(t token) bool {
	switch t.kind {
	case kNum, kVar, kLP, kFrac, kSqrt:
		return true
	}
	return false
}

func (p *parser) term() float64 {
	v, lastNum := p.unary()
	for !p.bad {
		t, ok := p.peek()
		if !ok {
			break
		}
		if t.kind == kOp && (t.op == '*' || t.op == '/') {
			p.pos++
			r, isNum := p.unary()
			p.ops++
			if t.op == '*' {
				v *= r
			} else {
				v /= r
			}
			lastNum = isNum
			continue
		}
		// A mixed number: "3\frac{4}{5}" is 3 + 4/5.
		if lastNum && p.mixedFrac() {
			r, _ := p.unary()
			p.ops++
			if v < 0 {
				v -= r
			} else {
				v += r
			}
			lastNum = false
			continue
		}
		// Juxtaposition: "2x", "(t+2)(t-1)", "3\sqrt{2}"; never "2 3".
		if startsPrimary(t) && !(lastNum && t.kind == kNum) {
			r, isNum := p.unary()
			p.ops++
			v *= r
			lastNum = isNum
			continue
		}
		break
	}
	return v
}

// mixedFrac reports whether the next tokens are \frac{n}{m} of two literals.
func (p *parser) mixedFrac() bool {
	t := p.toks[p.pos:]
	return len(t) >= 7 && t[0].kind == kFrac && t[1].kind == kLP && t[2].kind == kNum &&
		t[3].kind == kRP && t[4].kind == kLP && t[5].kind == kNum && t[6].kind == kRP
}

// unary returns the value and whether it was a bare number literal.
func (p *parser) unary() (float64, bool) {
	t, ok := p.peek()
	if !ok {
		p.bad = true
		return 0, false
	}
	if t.kind == kOp && (t.op == '-' || t.op == '+') {
		p.pos++
		p.depth++
		defer func() { p.depth-- }()
		if p.depth > maxDepth {
			p.bad = true
			return 0, false
		}
		v, _ := p.unary()
		if t.op == '-' {
			return -v, false
		}
		return v, false
	}
	return p.power()
}

func (p *parser) power() (float64, bool) {
	b, isNum := p.postfix()
	if t, ok := p.peek(); ok && t.kind == kOp && t.op == '^' {
		p.pos++
		e, _ := p.unary()
		p.ops++
		return math.Pow(b, e), false
	}
	return b, isNum
}

func (p *parser) postfix() (float64, bool) {
	v, isNum := p.primary()
	for {
		t, ok := p.peek()
		if !ok || t.kind != kPct {
			break
		}
		p.pos++
		p.ops++
		if !p.pctPlain {
			v /= 100
		}
		isNum = false
	}
	return v, isNum
}

func (p *parser) primary() (float64, bool) {
	t, ok := p.peek()
	if !ok {
		p.bad = true
		return 0, false
	}
	switch t.kind {
	case kNum:
		p.pos++
		return t.val, true
	case kVar:
		p.pos++
		p.hasVar = true
		idx := int(t.val)
		if idx < 0 || idx >= len(p.vars) {
			p.bad = true
			return 0, false
		}
		return p.vars[idx], false
	case kLP:
		return p.group(), false
	case kFrac:
		p.pos++
		a := p.group()
		b := p.group()
		p.ops++
		return a / b, false
	case kSqrt:
		p.pos++
		a := p.group()
		p.ops++
		return math.Sqrt(a), false
	}
	p.bad = true
	return 0, false
}

// group reads "( expr )".
func (p *parser) group() float64 {
	t, ok := p.peek()
	if !ok || t.kind != kLP {
		p.bad = true
		return 0
	}
	p.pos++
	v := p.expr()
	t, ok = p.peek()
	if !ok || t.kind != kRP {
		p.bad = true
		return 0
	}
	p.pos++
	return v
}

// Eval evaluates a plain arithmetic expression such as "48/2" or
// "3*(4+5)-2%": numbers, + - * / ^, parentheses and percent signs only.
func Eval(expr string) (float64, bool) {
	var s scanner
	s.scan(expr)
	toks := s.toks[:0:0]
	for _, t := range s.toks {
		switch t.kind {
		case kNum, kLP, kRP, kPct:
		case kOp:
			if t.op == 'x' {
				t.op = '*'
			}
		case kSoft:
			continue
		default:
			return 0, false
		}
		toks = append(toks, t)
	}
	var p parser
	v, _, hasVar, ok := p.eval(toks, &assignA)
	if !ok || hasVar || !finite(v) {
		return 0, false
	}
	return v, true
}
