package translate

import (
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
)

// Symbolic claims: identities, equation transformations in
// one unknown and claimed solutions, read from math regions only. See the
// package documentation for the rules; the guiding one is that a claim is
// refuted only when the step can be read no other way.

// Symbolic obligation kinds.
const (
	// KindIdentity is ∀ vars, (denominators ≠ 0 →) L = R: an expression
	// rewritten ("expanding", an "=" chain from an expression, a line
	// continuing with "="), or an equation whose sides differ by a
	// nonzero constant (false for every value).
	KindIdentity Kind = "identity"
	// KindImplication is ∀ x, A → B for an equation B derived from an
	// equation A in the same single unknown.
	KindImplication Kind = "implication"
	// KindSolution is the equation A at a value x = c claimed after it,
	// in the hypothesis form of §1 (v1 = c ⊢ A).
	KindSolution Kind = "solution"
	// KindClosedValue is a closed claim with square or cube roots of
	// rationals, decided exactly in Q(radicals); P is the certificate
	// A^6 = B^6 ∧ sign A = sign B with both sides' values computed.
	KindClosedValue Kind = "closed-value"
	// KindCongruence is a ≡ b (mod m) for integers; P is the division
	// a - b = m·q + r with 0 ≤ r < |m|, whose remainder decides.
	KindCongruence Kind = "congruence"
)

// symMember is one member of a relation chain in a math line.
type symMember struct {
	e     *sexpr // nil: not read
	why   string
	s, e2 int    // byte span in the step
	def   bool   // a function defined earlier was substituted
	bound bool   // a name bound to a number earlier in the chain was replaced by it
	head  string // "T x": the member is "T(x)", a definition's head
}

// defHeadRE is the head of a function definition, "T(x)".
var defHeadRE = regexp.MustCompile(`^([fghFGHPQTpqS])\(([a-z])\)$`)

// symLine is one line of a math region: members separated by "=".
type symLine struct {
	members  []symMember
	cont     bool   // starts with "=": continues the previous line's last member
	prose    string // lower-cased prose since the previous line (the cue)
	rawProse string
	ps, pe   int    // the line's span, for the sentence around it
	sentence string // lower-cased text of the sentence around the line
	start    bool   // at the start of a region or after \\
	arrow    bool   // an implication sign or comma-free connector before it
	approx   bool   // follows ≈
	read     bool   // members to be read (with the definitions known then)
}

// mathRegion is a span of math mode in a step.
type mathRegion struct {
	s, e    int
	os, ce  int // the opening mark's start, the closing mark's end
	display bool
}

func mathRegions(text string, toks []tok) []mathRegion {
	var out []mathRegion
	open, os := -1, 0
	display := false
	for _, t := range toks {
		if t.k != tSep || t.text != sepMath {
			continue
		}
		if t.src == "open" {
			open, os = t.e, t.s
			src := text[t.s:t.e]
			display = src == "$$" || src == `\[` || strings.HasPrefix(src, `\begin`)
			continue
		}
		if open >= 0 && t.s >= open {
			out = append(out, mathRegion{s: open, e: t.s, os: os, ce: t.e, display: display})
		}
		open = -1
	}
	return out
}

// lineBreaks split a region into lines; connectors mark a derivation.
var symBreaks = []struct {
	lit   string
	arrow bool
	start bool
}{
	{`\\`, false, true}, {`\qquad`, false, false}, {`\quad`, false, false},
	{`\implies`, true, false}, {`\Longrightarrow`, true, false}, {`\Rightarrow`, true, false},
	{`\rightarrow`, true, false}, {`\therefore`, true, false}, {`\iff`, false, false},
	{`\Leftrightarrow`, false, false}, {"⇒", true, false}, {"→", true, false}, {"⟹", true, false},
	{`\approx`, false, false}, {"≈", false, false}, {`\to`, true, false}, {",", false, false}, {";", false, false}, {`\text{ and }`, false, false},
	{`\begin{aligned}`, false, true}, {`\end{aligned}`, false, true},
	{`\begin{split}`, false, true}, {`\end{split}`, false, true},
	{`\begin{gathered}`, false, true}, {`\end{gathered}`, false, true},
}

// symRefuse marks lines the symbolic reader leaves alone as a whole:
// other relations, modular arithmetic, ± and ellipses.
var symRefuse = []string{`\le`, `\ge`, `\ne`, `\neq`, `\sim`, `\equiv`, `\pmod`, `\bmod`, `\mod`,
	`\pm`, `\mp`, `\cdots`, `\ldots`, `\dots`, `\in`, `\subset`, `\cup`, `\cap`, `\lt`, `\gt`,
	"<", ">", "≤", "≥", "≠", "≡", "±", ":", "|", `\begin`, `\end`, `\text`, "...", "…", `\%`, "%", "'"}

// splitMath cuts region text into lines at the top level.
func splitMath(text string, rg mathRegion) []struct {
	s, e                 int
	arrow, start, approx bool
	textGroup            string
} {
	type piece = struct {
		s, e                 int
		arrow, start, approx bool
		textGroup            string
	}
	var out []piece
	cur := piece{s: rg.s, start: true}
	depth := 0
	i := rg.s
	for i < rg.e {
		c := text[i]
		if c == '{' || c == '(' {
			depth++
		}
		if c == '}' || c == ')' {
			depth--
		}
		if depth == 0 && c == '\\' && (strings.HasPrefix(text[i:], `\text`) || strings.HasPrefix(text[i:], `\mbox`)) && fnWord(text[i+len(`\text`):]) == "" {
			// \text{…} and friends: prose inside math; a line break.
			j := strings.IndexByte(text[i:rg.e], '{')
			if j > 0 && j < 12 {
				end := matchBrace(text, i+j, rg.e)
				if end > 0 {
					cur.e = i
					out = append(out, cur)
					word := strings.ToLower(text[i+j+1 : end])
					arrow := symCueRE.MatchString(word)
					cur = piece{s: end + 1, arrow: arrow, textGroup: word}
					i = end + 1
					continue
				}
			}
		}
		if depth == 0 {
			matched := false
			for _, b := range symBreaks {
				if strings.HasPrefix(text[i:], b.lit) && (b.lit[0] != '\\' || b.lit == `\\` || !isLetterAt(text, i+len(b.lit))) &&
					!(i > 0 && text[i-1] == '\\' && (b.lit == "," || b.lit == ";")) {
					cur.e = i
					out = append(out, cur)
					cur = piece{s: i + len(b.lit), arrow: b.arrow, start: b.start, approx: b.lit == `\approx` || b.lit == "≈"}
					if b.lit == "," || b.lit == ";" {
						cur.textGroup = listMark
					}
					i += len(b.lit)
					matched = true
					break
				}
			}
			if matched {
				continue
			}
		}
		i++
	}
	cur.e = rg.e
	out = append(out, cur)
	return out
}

func matchBrace(s string, i, end int) int {
	depth := 0
	for k := i; k < end; k++ {
		switch s[k] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// symCueRE are words that mark a derivation between two equations.
var symCueRE = newWordMatcher([]string{"so", "thus", "hence", "therefore", "give", "gives", "giving", "get", "gets", "obtain", "yield", "yields", "become", "becomes", "then", "implies", "adding", "add", "moving", "move"}, []string{"simplif", "rearrang", "subtract", "divid", "multiply", "expand", "combin", "factor"}, []string{"which is", "lead to", "leads to", "result in", "results in"})

// solveCueRE opens a step that solves the equation the previous step ended
// with ("Solving for x, we get: x = 50").
var solveCueRE = newWordMatcher([]string{"solving", "solve", "solved"}, nil, nil)

// rewriteCueRE marks an expression being rewritten.
var rewriteCueRE = newWordMatcher([]string{"foil"}, []string{"factor", "expand", "simplif", "rewrit", "distribut"}, []string{})

// equationWordRE marks a rewritten equation rather than an expression.
var equationWordRE = newWordMatcher([]string{"equation", "equations", "side", "sides", "both", "equal", "equals", "equality", "set", "setting", "condition", "constraint", "system"}, []string{"solv", "substitut", "plug"}, []string{})

// hypotheticalRE marks sentences whose equations are not claims: cases,
// trials, assumptions, definitions.
var hypotheticalRE = newWordMatcher([]string{"if", "suppose", "assume", "assuming", "let", "try", "trying", "test", "testing", "check", "checking", "when", "whenever", "unless", "say", "consider", "case", "guess", "example", "define", "defined", "denote", "where", "given", "vertex", "axis", "minimum", "maximum", "critical", "derivative", "midpoint", "average", "approximately", "about", "sum", "product", "ratio", "probability", "integer", "integers", "digit", "digits", "base", "modulo", "mod", "remainder", "inequality"}, []string{"plug", "minimi", "maximi"}, []string{"for some", "for all"})

// vetoRE marks a sentence that may be rejecting what it states.
var vetoRE = newWordMatcher([]string{"not", "no", "never", "cannot", "can't", "isn't", "doesn't", "don't", "wrong", "incorrect", "mistake", "error", "impossible", "invalid", "extraneous", "false", "fail", "fails", "instead", "however", "but", "should", "would", "recheck", "revisit", "wait", "?"}, []string{"contradict", "reject", "discard", "correct"}, []string{})

// crossCueRE names an operation on the equation just written: the only
// cue that lets a step's first equation derive from the previous step's.
var crossCueRE = newWordMatcher([]string{"add", "adding"}, []string{"simplif", "expand", "rearrang", "subtract", "divid", "multipl",
	"combin", "collect", "moving", "bring", "distribut", "cancel"}, nil)

// bothSidesRE names an operation done to the equation just written ("simplifying the
// equation", "adding 1000 to both sides", "multiplying both sides by 4"): words such as
// "equation" and "sides" then do not announce a new equation.
var bothSidesRE = regexp.MustCompile(`^\W*(?:step \d+\W*)?(?:(?:simplif|rearrang|expand)\w* (?:the |this |our )?(?:equation|left side|right side|left-hand side|right-hand side)|(?:add|subtract|multipl|divid)\w* (?:[$\w./-]+ (?:to|from) )?(?:both|each) sides?(?: by [$\w./-]+)?)(?: to (?:eliminate|clear|get rid of|isolate|simplify) [\w ]{1,30})?\W*(?:we (?:get|have|obtain|find)\W*)?$`)

// symNeutral removes phrases that only look like a hypothesis or a doubt.
var symNeutral = strings.NewReplacer("let's", "", "let us", "", "trial and error", "", "we are given that", "we know that")

// symState carries what continues from one step to the next.
type symState struct {
	last     *sexpr // the last member of the last line, for "=" continuations
	lastHead *sexpr
	lastEq   *symEq // the equation that ended the previous step, if one did
	olderEq  *symEq // the one that ended the step before, when both steps ended in one
	defs     map[string]*symDef
	taken    [][2]int            // spans the arithmetic reader made obligations of, this step
	doubt    string              // the arithmetic reader's doubt about the step, if any
	consts   map[string]*big.Rat // names bound to one exact number before the step
}

// symClaims reads the symbolic claims of one step and returns their
// obligations, and the candidates it left alone with the reason: the
// step's math cut into lines (symLines), then each line read in order by
// a symWalk, which carries what one line leaves for the next.
func (t *Translator) symClaims(step int, text string, toks []tok, st *symState, budget int, modular bool) ([]Obligation, []Skipped) {
	lines, congr := t.symLines(step, text, toks, budget)
	w := &symWalk{t: t, step: step, text: text, st: st, budget: budget, obls: congr,
		prevEq: st.lastEq, olderEq: st.olderEq}
	from := len(w.obls)
	st.lastEq = nil
	for li, ln := range lines {
		w.line(li, ln)
	}
	if n := len(w.eqs); n > 0 && w.eqs[n-1].line == len(lines)-1 && w.eqs[n-1].value == nil && !w.eqs[n-1].alt {
		st.lastEq = w.eqs[n-1]
		st.lastEq.bare = n == 1 && bareEquation(text, w.eqs[0].s, w.eqs[0].e)
		st.olderEq = w.prevEq
	} else {
		st.olderEq = nil
	}
	if modular {
		// "=" may stand for "≡": a claim true over Q is true as a congruence too, but one
		// false over Q may hold modulo the chain's modulus, so the symbolic claims after the
		// congruences can be verified, never refuted (as closed claims under doubt).
		neverRefute(w.obls[from:], "modular arithmetic in the chain: \"=\" may stand for \"≡\"")
	}
	return w.obls, w.skipped
}

// symLines cuts the step's math regions into lines of members to read, and
// returns with them the claims read from a line as a whole (congruences,
// remainders, divisibility, certificates between inequalities, ± roots),
// at most budget of them.
func (t *Translator) symLines(step int, text string, toks []tok, budget int) ([]symLine, []Obligation) {
	regions := mathRegions(text, toks)
	regions = withProseFormulas(regions, proseFormulas(text, regions))
	var lines []symLine
	congr := append(t.remainderClaims(step, text), t.divisibilityClaims(step, text, regions)...)
	congr = append(congr, t.proseValueClaims(step, text)...)
	if len(congr) > budget {
		congr = congr[:budget]
	}
	addCongr := func(o *Obligation) {
		if o != nil && len(congr) < budget {
			congr = append(congr, *o)
		}
	}
	var pm pmLine
	prev := 0
	pendProse, pendArrow, pendStart := "", false, false
	for _, rg := range regions {
		if body := text[rg.s:rg.e]; !strings.ContainsAny(body, "=≡≈") && !strings.Contains(body, `\equiv`) && !strings.Contains(body, `\approx`) ||
			regionRefused(body) || !rg.display && strings.Contains(body, `\\`) {
			// (A line break inside inline math is a typo: its sides are cut.)
			prev = rg.ce
			lines = append(lines, symLine{}) // breaks sequences and continuations
			continue
		}
		for pi, p := range splitMath(text, rg) {
			raw := text[p.s:p.e]
			trim := strings.TrimSpace(raw)
			if pi == 0 {
				pendProse += " " + text[prev:rg.os]
				pendStart = pendStart || rg.display
			}
			pendProse += " " + p.textGroup
			pendArrow = pendArrow || p.arrow
			pendStart = pendStart || p.start
			if strings.TrimSpace(p.textGroup) != "" && p.textGroup != listMark {
				// Words in \text{…} may be the left side of what follows
				// ("\text{Number of ways} = …"): no continuation.
				pendStart = false
			}
			if trim == "" || trim == "." {
				continue
			}
			ln := symLine{start: pendStart, arrow: pendArrow, rawProse: pendProse, ps: p.s, pe: p.e, approx: p.approx}
			pendProse, pendArrow, pendStart = "", false, false
			switch {
			case strings.Contains(raw, `\equiv`) || strings.Contains(raw, "≡"):
				addCongr(t.congruence(step, text, p.s, p.e, strings.ToLower(sentenceAround(text, p.s, p.e))))
			case lineRefused(raw):
				t.refusedLineClaims(step, text, raw, p.s, p.e, len(lines), &pm, addCongr)
			default:
				ln.read = true
			}
			lines = append(lines, ln)
		}
		prev = rg.ce
	}
	return lines, congr
}

// pmLine is the last line with a ± the walk met: "x = \frac{949 \pm
// \sqrt{122845}}{2}" may be computed on the next ("x = \frac{949 \pm 351}{2}").
type pmLine struct {
	s, e, line int
	ok         bool
}

// refusedLineClaims reads the claims of a line the symbolic reader refuses
// as a whole (raw, text[s:e], the line numbered line): certificates between
// inequalities of logarithms, floors and ceilings, a \bmod, and a ± root
// computed from the line before.
func (t *Translator) refusedLineClaims(step int, text, raw string, s, e, line int, pm *pmLine, add func(*Obligation)) {
	if strings.Contains(raw, `\log_`) || strings.Contains(raw, `\lfloor`) || strings.Contains(raw, `\lceil`) {
		for _, o := range t.certsBetweenInequalities(step, text, s, e) {
			add(&o)
		}
	}
	if strings.Contains(raw, `\bmod`) {
		add(t.bmodClaim(step, text, s, e))
	}
	if strings.Contains(raw, `\pm`) || strings.Contains(raw, "±") {
		if pm.ok && pm.line == line-1 {
			add(t.pmRoot(step, text, pm.s, pm.e, s, e))
		}
		*pm = pmLine{s: s, e: e, line: line, ok: true}
	}
}

// symWalk reads a step's lines in order. It holds the obligations so far
// (at most budget) and what one line leaves for the next: the equations of
// the step, the previous line when it was one equation, the previous
// line's two sides.
type symWalk struct {
	t       *Translator
	step    int
	text    string
	st      *symState
	budget  int
	obls    []Obligation
	skipped []Skipped

	prevEq, olderEq *symEq // the equations that ended the previous two steps
	sawEq           bool   // an equation of this step was met
	eqs             []*symEq
	prev2           struct { // the previous line when it was one equation
		ms    []symMember
		line  int
		prose string
		ok    bool
	}
	prevL struct { // the previous line's left side and right side
		lhs  string
		rhs  symMember
		line int
		ok   bool
	}
}

func (w *symWalk) add(o *Obligation, sk *Skipped) {
	if o != nil && len(w.obls) < w.budget {
		w.obls = append(w.obls, *o)
	}
	if sk != nil {
		w.skipped = append(w.skipped, *sk)
	}
}

// line reads line li.
func (w *symWalk) line(li int, ln symLine) {
	t, st, text, step := w.t, w.st, w.text, w.step
	before, beforeL := w.prev2, w.prevL
	w.prev2.ok, w.prevL.ok = false, false
	if ln.read {
		ln.members, ln.cont = st.readLine(text, ln.ps, ln.pe)
	}
	if ln.approx && st.last != nil {
		// "√6336 ≈ 79.6": a rounding of the radical just written.
		w.add(t.approxRoot(step, text, st.last, ln.ps, ln.pe), nil)
		w.add(t.approxLog(step, text, st.last, ln.ps, ln.ps, ln.pe, strings.ToLower(sentenceAround(text, ln.ps, ln.pe))), nil)
	}
	if ln.members == nil {
		st.last, st.lastHead = nil, nil
		w.eqs = nil
		return
	}
	ms := ln.members
	if len(ms) == 0 {
		st.last, st.lastHead = nil, nil
		return
	}
	if len(ms) == 2 && !ln.cont {
		lhs := strings.TrimSpace(text[ms[0].s:ms[0].e2])
		if beforeL.ok && beforeL.line == li-1 && beforeL.lhs == lhs {
			w.add(t.sameLeftSide(step, text, lhs, beforeL.rhs, ms[1], strings.ToLower(ln.rawProse),
				strings.ToLower(sentenceAround(text, ln.ps, ln.pe)), st), nil)
		}
		w.prevL.lhs, w.prevL.rhs, w.prevL.line, w.prevL.ok = lhs, ms[1], li, true
	}
	head := ms[0].e
	if ln.cont {
		if st.last == nil || !ln.start {
			st.last = nil
			return
		}
		ms = append([]symMember{{e: st.last, s: ms[0].s, e2: ms[0].s}}, ms...)
		head = st.lastHead
	}
	symbolic := false
	for _, m := range ms {
		symbolic = symbolic || m.e != nil && hasVar(m.e)
		if m.e == nil && len(ms) > 1 {
			w.eqs = nil // an equation we cannot read may be the one solved
		}
	}
	ln.sentence = strings.ToLower(sentenceAround(text, ln.ps, ln.pe))
	ln.prose = strings.ToLower(ln.rawProse)
	if !symbolic {
		w.closedLine(ln, ms)
		return
	}
	hypo, veto := w.symbolicLine(li, ln, ms, head)
	if len(ms) == 2 && !ln.cont && ms[0].e != nil && ms[1].e != nil {
		if before.ok && before.line == li-1 {
			w.add(t.equationRewrite(step, text, before.ms, ms, before.prose, ln.prose, hypo, veto), nil)
		}
		w.prev2.ms, w.prev2.line, w.prev2.prose, w.prev2.ok = ms, li, ln.prose, true
	}
	t.recordDef(st, step, ln, ms, hypo)
	last := ms[len(ms)-1].e
	if last != nil {
		st.last = last
		switch {
		case ln.cont:
			st.lastHead = head
		case ms[0].e != nil:
			st.lastHead = ms[0].e
		default:
			st.lastHead = last
		}
	} else {
		st.last, st.lastHead = nil, nil
	}
}

// readLine reads the members of the line text[ps:pe] with the functions
// defined so far, and with the names bound to one number when the line
// may need them and they are usable there.
func (st *symState) readLine(text string, ps, pe int) ([]symMember, bool) {
	if len(st.consts) > 0 && mayNeedConsts(text[ps:pe]) {
		ms, cont := readMembers(text, ps, pe, st.withConsts())
		if boundUsable(ms) {
			return ms, cont
		}
	}
	return readMembers(text, ps, pe, st.defs)
}

// closedLine reads a line with no names: each pair of neighbouring members
// by the kind of value they hold.
func (w *symWalk) closedLine(ln symLine, ms []symMember) {
	t, st, text, step := w.t, w.st, w.text, w.step
	st.last, st.lastHead = nil, nil
	if last := ms[len(ms)-1].e; last != nil {
		// A radical may be rewritten on the next line, and a line
		// starting with "=" continues a closed value too: "\[= 576
		// \times 11111\] \[= 63950064\]".
		st.last, st.lastHead = last, last
	}
	for k := 0; k+1 < len(ms); k++ {
		if ms[k].e != nil && ms[k+1].e == nil && ms[k].e.op == 'F' {
			// "\log_5 49 = 2.64": a decimal of an irrational log.
			w.add(t.approxLog(step, text, ms[k].e, ms[k].s, ms[k+1].s, ms[k+1].e2, ln.sentence), nil)
		}
		if ms[k].e == nil || ms[k+1].e == nil {
			continue
		}
		switch {
		case hasCertFn(ms[k].e) || hasCertFn(ms[k+1].e):
			w.add(t.closedCert(step, text, ms[k], ms[k+1], ln.sentence), nil)
		case !hasRoot(ms[k].e) && !hasRoot(ms[k+1].e) && !hasIntFn(ms[k].e) && !hasIntFn(ms[k+1].e) && !ms[k].def && !ms[k+1].def:
			w.add(t.closedRational(step, text, ms[k], ms[k+1], ln.sentence, st), nil)
		case hasRoot(ms[k].e) || hasRoot(ms[k+1].e):
			w.add(t.closedValue(step, text, ms[k], ms[k+1], ln.sentence), nil)
		case hasIntFn(ms[k].e) || hasIntFn(ms[k+1].e) || ms[k].def || ms[k+1].def:
			w.add(t.closedExact(step, text, ms[k], ms[k+1], ln.sentence), nil)
		}
	}
}

// symbolicLine reads the links of a line with names: each pair of
// neighbouring members, and an equation of one unknown as a conclusion
// from the equation before or as a claimed solution. It returns the word
// that makes the line's sentence a supposition (hypo) and the one that may
// make it reject what it states (veto, in the sentence or just after the
// line), if any.
func (w *symWalk) symbolicLine(li int, ln symLine, ms []symMember, head *sexpr) (hypo, veto string) {
	sent := symNeutral.Replace(ln.sentence)
	hypo = hypotheticalRE.FindString(sent)
	veto = vetoRE.FindString(sent)
	if veto == "" {
		veto = vetoRE.FindString(strings.ToLower(restOfLine(w.text, ms[len(ms)-1].e2, 120)))
	}
	chain := len(ms) >= 3 || ln.cont
	for k := 0; k+1 < len(ms); k++ {
		A, B := ms[k], ms[k+1]
		if A.e == nil || B.e == nil || hasCertFn(A.e) || hasCertFn(B.e) {
			continue
		}
		c := w.t.symLink(w.step, w.text, A, B, symContext{
			chain: chain, link: k, head: head, cont: ln.cont,
			cue: rewriteCueRE.FindString(ln.prose), eqWord: equationWordRE.FindString(ln.prose),
			prose: ln.prose, rawProse: ln.rawProse,
			hypo: hypo, veto: veto,
		})
		w.add(c.obl, c.skip)
		if c.eq != nil && !chain && len(ms) == 2 {
			w.equation(li, ln, c.eq, hypo, veto)
		} else if c.eq != nil && chain && hypo == "" {
			w.eqs = append(w.eqs, c.eq)
			c.eq.line = li
		}
	}
	return hypo, veto
}

// equation reads eq, the one equation of line li: a claimed solution of
// the equations before, or a conclusion from the one just before or from
// the equation that ended the previous step.
func (w *symWalk) equation(li int, ln symLine, eq *symEq, hypo, veto string) {
	t, step, text, prevEq := w.t, w.step, w.text, w.prevEq
	eqs := w.eqs
	eq.line = li
	// "from both sides, we have" names an operation, not a list.
	eq.alt = altRE.MatchString(tail(strings.ReplaceAll(ln.prose, "both sides", "sides"), 24))
	eq.arrow = !eq.alt && !listRE.MatchString(ln.prose) && (ln.arrow || symCueRE.MatchString(ln.prose) ||
		strings.TrimSpace(strings.Trim(ln.prose, ".,:; ")) == "" && (len(eqs) == 0 || !listRE.MatchString(tail(eqs[0].prose, 40))))
	eq.prose = ln.prose
	if hypo != "" {
		w.eqs = nil
		return
	}
	if eq.value != nil {
		eq.line = li
		prem := eqs
		if len(eqs) == 0 && prevEq != nil && !w.sawEq && prevEq.name == eq.name && len(ln.prose) < 80 &&
			solveCueRE.MatchString(ln.prose) && !listRE.MatchString(ln.prose) {
			// "We can write: 280 - 2.8x = 168." then "Solving for x,
			// we get: x = 50.": the value claimed for the equation
			// that ended the previous step.
			a := *prevEq
			a.s, a.e, a.line = eq.s, eq.s, li-1
			prem = []*symEq{&a}
		}
		w.add(t.symSolution(step, text, eq, prem, veto))
		return
	}
	if n := len(eqs); n > 0 && eqs[n-1].name == eq.name && eq.arrow && !eqs[n-1].alt && eqs[n-1].line == li-1 {
		w.add(t.symImplication(step, text, eqs[n-1], eq, veto))
	} else if prevEq != nil && !w.sawEq && prevEq.name == eq.name && !eq.alt && len(ln.prose) < 160 &&
		(crossCueRE.MatchString(ln.prose) &&
			(bothSidesRE.MatchString(ln.prose) || !listRE.MatchString(ln.prose) && !equationWordRE.MatchString(ln.prose)) ||
			// "Step 5: 193 - x - 13 = 160", "Step 6: -x + 18 = 160": steps that
			// are nothing but an equation each carry one derivation …
			// A third bare equation at least (a run, not two cases listed
			// after some prose), and neither a factor of the one before.
			prevEq.bare && w.olderEq != nil && bareEquation(text, eq.s, eq.e) && !branches(w.olderEq, prevEq, eq)) {
		// The step opens by deriving from the equation that ended
		// the previous one ("Expanding, we get: …").
		a := *prevEq
		a.s, a.e = eq.s, eq.s
		w.add(t.symImplication(step, text, &a, eq, veto))
	}
	w.sawEq = true
	w.eqs = append(w.eqs, eq)
}

// neverRefute leaves obls able to verify their claims only: an answer that
// would refute one is unknown, with note saying why.
func neverRefute(obls []Obligation, note string) {
	for i := range obls {
		o := &obls[i]
		if o.OnProof == Refuted {
			o.OnProof, o.Note = Unknown, note
		}
		if o.OnDisproof == Refuted {
			o.OnDisproof, o.Note = Unknown, note
		}
	}
}

func regionRefused(s string) bool {
	for _, w := range []string{`\begin{cases}`, `\begin{array}`, `\begin{pmatrix}`, `\begin{bmatrix}`, `\begin{matrix}`, `\begin{vmatrix}`, `\sum`, `\prod`, `\int`, `\lim`} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// subTextRE is a word set in a subscript.
var subTextRE = regexp.MustCompile(`_\{\\text\{([A-Za-z ]{1,20})\}\}`)

func lineRefused(s string) bool {
	s = maskFnWords(s)
	if strings.Contains(s, `_{\text{`) {
		// A word in a subscript names a quantity ("SA_{\text{cube}}").
		s = subTextRE.ReplaceAllString(s, "_{$1}")
	}
	for _, w := range symRefuse {
		if i := strings.Index(s, w); i >= 0 {
			if w[0] == '\\' && len(w) > 1 && isASCIILetter(w[1]) && isLetterAt(s, i+len(w)) && w != `\begin` && w != `\end` && w != `\text` {
				// a longer command (\left, \neq caught separately …)
				if !strings.Contains(s[i+len(w):], w) {
					continue
				}
			}
			return true
		}
	}
	return false
}

func sentenceAround(text string, s, e int) string {
	a := s
	for a > 0 && !(text[a-1] == '.' && (a >= len(text) || text[a] == ' ' || text[a] == '\n')) && text[a-1] != '\n' && s-a < 300 {
		a--
	}
	b := e
	for b < len(text) && text[b] != '\n' && !(text[b] == '.' && (b+1 >= len(text) || text[b+1] == ' ' || text[b+1] == '\n')) && b-e < 200 {
		b++
	}
	return text[a:b]
}

func after(text string, i, n int) string {
	if i > len(text) {
		return ""
	}
	j := i + n
	if j > len(text) {
		j = len(text)
	}
	return text[i:j]
}

// readMembers splits a line at "=" (top level) and reads each member.
func readMembers(text string, s, e int, defs map[string]*symDef) ([]symMember, bool) {
	var ms []symMember
	depth := 0
	start := s
	for i := s; i <= e; i++ {
		if i < e {
			switch text[i] {
			case '{', '(', '[':
				depth++
				continue
			case '}', ')', ']':
				depth--
				continue
			case '=':
				if depth != 0 {
					continue
				}
			default:
				continue
			}
		}
		m := symMember{s: start, e2: i}
		raw := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text[start:i]), ".,;"))
		if raw != "" {
			if h := defHeadRE.FindStringSubmatch(raw); h != nil && len(ms) == 0 {
				m.head, m.why = h[1]+" "+h[2], "a function's head"
			} else if ex, used, bound, err := readSymDefs(raw, defs); err != nil {
				m.why = err.Error()
			} else {
				m.e, m.def, m.bound = ex, used, bound
			}
		} else {
			m.why = "empty"
		}
		ms = append(ms, m)
		start = i + 1
	}
	cont := false
	if len(ms) > 1 && ms[0].why == "empty" {
		cont = true
		ms = ms[1:]
	}
	return ms, cont
}

// symEq is a one-unknown equation of a step.
type symEq struct {
	l, r  *sexpr
	name  string
	p     algebra.Poly // num(l - r), when l and r are polynomials
	poly  bool
	value *big.Rat // set for "x = c"
	line  int
	arrow bool
	alt   bool // listed as an alternative ("… or …")
	bare  bool // the whole step (but a "Step k:" label) is this equation
	prose string
	s, e  int
}

// branches says a and b are cases of an earlier equation rather than one
// derived from the other: either is a proper factor of it ("(x - 2)(x + 3)
// = 0", then "x - 2 = 0", then "x + 3 = 0").
func branches(earlier, a, b *symEq) bool {
	if earlier == nil || !earlier.poly || earlier.name != a.name {
		return false
	}
	for _, e := range []*symEq{a, b} {
		if !e.poly || e.p.Degree() >= earlier.p.Degree() {
			continue
		}
		if ok, err := algebra.Divides(e.p, earlier.p, e.name); err != nil || ok {
			return true // (an error leaves the pair alone too)
		}
	}
	return false
}

// stepLabelRE is the "Step 3:" label some chains put before each step.
var stepLabelRE = regexp.MustCompile(`(?i)^\s*(?:step\s*\d+\s*[:.)]\s*)?`)

// bareEquation says the step holds nothing but the equation at [s, e):
// a "Step k:" label, math delimiters and a final point aside.
func bareEquation(text string, s, e int) bool {
	if s < 0 || e > len(text) || s > e {
		return false
	}
	pre := strings.Trim(stepLabelRE.ReplaceAllString(text[:s], ""), " \t\n$\\([")
	post := strings.Trim(text[e:], " \t\n.$\\)]")
	return pre == "" && post == ""
}

// altRE marks equations listed side by side (alternatives, a system,
// numbered equations), not derived one from the other.
var altRE = regexp.MustCompile(`\b(or|and|either|both|respectively|otherwise|listsep)\b|\(\d+\)|\(\w\)`)

// listMark stands for a comma or semicolon between two math lines.
const listMark = " listsep "

// listRE marks prose that introduces several equations at once.
var listRE = regexp.MustCompile(`\b(equations|pair|system|cases|following|given|two|three|both|each)\b`)

type symContext struct {
	chain      bool
	link       int
	head       *sexpr
	cont       bool
	cue        string
	eqWord     string
	prose      string
	rawProse   string
	hypo, veto string
}

type symResult struct {
	obl  *Obligation
	skip *Skipped
	eq   *symEq
}

func isNamePower(e *sexpr) bool {
	if e == nil {
		return true
	}
	if e.op == 'v' {
		return true
	}
	return e.op == '^' && e.l.op == 'v'
}

func hasVar(e *sexpr) bool {
	if e == nil {
		return false
	}
	return e.op == 'v' || hasVar(e.l) || hasVar(e.r)
}

func hasDivisor(e *sexpr) bool { return len(symDivisors(e, nil)) > 0 }

// hasVarDivisor: e divides by an expression with a name in it.
func hasVarDivisor(e *sexpr) bool {
	for _, d := range symDivisors(e, nil) {
		if hasVar(d) {
			return true
		}
	}
	return false
}

// symLink classifies one "=" between two read members.
func (t *Translator) symLink(step int, text string, A, B symMember, c symContext) symResult {
	va := symVars(A.e, map[string]bool{}, nil)
	vb := symVars(B.e, map[string]bool{}, nil)
	if len(va) == 0 && len(vb) == 0 {
		return symResult{} // closed: the arithmetic reader's business
	}
	span := spanOf(text, A.s, B.e2)
	skip := func(why string) symResult { return symResult{skip: &Skipped{Span: span, Reason: why}} }
	L, err := symToRat(A.e)
	if err != nil {
		return skip("cannot normalise: " + err.Error())
	}
	R, err := symToRat(B.e)
	if err != nil {
		return skip("cannot normalise: " + err.Error())
	}
	diff := L.Sub(R)
	holds := L.Equal(R)
	constDiff := false
	if !holds && diff.Den().Degree() == 0 && diff.Num().Degree() == 0 {
		constDiff = true
	}
	allVars := unionVars(va, vb)
	// An equation in one unknown (kept for transformations and solutions).
	var eq *symEq
	if !holds && !constDiff && len(allVars) == 1 {
		eq = &symEq{l: A.e, r: B.e, name: allVars[0], s: A.s, e: B.e2}
		if !hasVarDivisor(A.e) && !hasVarDivisor(B.e) {
			// A polynomial equation (x/10 divides by a number only): its
			// solutions are the numerator's roots.
			eq.p, eq.poly = diff.Num(), true
		}
		if A.e.op == 'v' && len(vb) == 0 {
			if v, ok := constValue(B.e); ok {
				eq.value = v
			}
		}
	}
	if !holds && !constDiff && eq != nil && eq.value != nil {
		return symResult{eq: eq}
	}
	sameVars := strings.Join(sortedCopy(va), ",") == strings.Join(sortedCopy(vb), ",")
	refutable := ""
	switch {
	case holds:
		if symString(A.e) == symString(B.e) {
			return symResult{eq: nil}
		}
	case constDiff:
		// false as an identity and as an equation; "x = x + 1" is a
		// substitution written as an equation.
		if len(va) == 0 || len(vb) == 0 || A.e.op == 'v' || B.e.op == 'v' {
			// "x - x + 2 = 5": unusual; leave it alone unless both sides have names
			return symResult{eq: eq}
		}
	case !sameVars || len(va) == 0 || len(vb) == 0:
		return symResult{eq: eq}
	case c.chain && (c.link > 0 || c.cont) && !isNamePower(c.head):
		refutable = "chain"
	case c.chain && c.link == 0 && !c.cont && !isNamePower(c.head):
		refutable = "chain"
	case !c.chain && c.cue != "" && c.eqWord == "" && !isNamePower(A.e) && (exprWordRE.MatchString(c.prose) || mentions(c.rawProse, L)):
		refutable = "cue"
	default:
		return symResult{eq: eq}
	}
	o := &Obligation{Step: step, Span: span, Kind: KindIdentity, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = symString(A.e) + " = " + symString(B.e)
	switch {
	case holds:
	case constDiff:
	case refutable != "":
		// A rewriting keeps the leading terms; an equation read as an
		// identity usually does not cancel them.
		if !leadCancels(A.e, B.e, L, R) {
			o.OnDisproof, o.Note = Unknown, "the sides do not agree in their leading terms: an equation may be meant"
		}
	}
	if c.veto != "" && o.OnDisproof == Refuted {
		o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", c.veto)
	}
	if c.hypo != "" && o.OnDisproof == Refuted && !constDiff {
		o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence states a case or an assumption (%q)", c.hypo)
	}
	if A.def || B.def {
		o.Note = strings.TrimPrefix(o.Note+"; a function defined earlier in the chain is replaced by its definition", "; ")
	}
	if !t.identityDecls(o, A.e, B.e, nil) {
		return skip("no point where every denominator is nonzero was found")
	}
	return symResult{obl: o, eq: eq}
}

// exprWordRE names an expression as the object of a rewriting cue.
var exprWordRE = regexp.MustCompile(`\b(expression|polynomial|numerator|denominator|quadratic|cubic|product|binomial|trinomial)\b`)

// inlineMathRE finds inline math in prose.
var inlineMathRE = regexp.MustCompile(`\\\((.{1,200}?)\\\)|\$([^$]{1,200})\$`)

// mentions reports whether the prose shows the expression L in inline
// math ("factor \(x^3 - 1\)").
func mentions(prose string, L algebra.Rat) bool {
	for _, m := range inlineMathRE.FindAllStringSubmatch(prose, 4) {
		src := m[1] + m[2]
		if strings.Contains(src, "=") {
			continue
		}
		e, err := readSym(src)
		if err != nil {
			continue
		}
		if r, err := symToRat(e); err == nil && r.Equal(L) {
			return true
		}
	}
	return false
}

func unionVars(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range append(append([]string{}, a...), b...) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

func sortedCopy(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}

// leadCancels reports that L - R has a lower total degree than the
// sides as written (before any cancellation): a rewriting keeps the
// leading terms. Fractions compare numerators over the common
// denominator.
func leadCancels(a, b *sexpr, L, R algebra.Rat) bool {
	d := L.Num().Mul(R.Den()).Sub(R.Num().Mul(L.Den()))
	if L.Den().Degree() > 0 || R.Den().Degree() > 0 {
		m := max(L.Num().Mul(R.Den()).Degree(), R.Num().Mul(L.Den()).Degree())
		return d.Degree() < m
	}
	return int(d.Degree()) < max(writtenDegree(a), writtenDegree(b))
}

// writtenDegree is the degree of e as written, terms never cancelling.
func writtenDegree(e *sexpr) int {
	switch e.op {
	case 'n':
		return 0
	case 'v':
		return 1
	case '~':
		return writtenDegree(e.l)
	case '^':
		return writtenDegree(e.l) * max(e.exp, 0)
	case '*':
		return writtenDegree(e.l) + writtenDegree(e.r)
	case '/':
		return writtenDegree(e.l)
	}
	return max(writtenDegree(e.l), writtenDegree(e.r))
}

func constValue(e *sexpr) (*big.Rat, bool) {
	if len(symVars(e, map[string]bool{}, nil)) > 0 {
		return nil, false
	}
	v, err := symEval(e, nil)
	if err != nil {
		return nil, false
	}
	return v, true
}

// witnessValues are tried in order, one variable at a time changing.
var witnessValues = []int64{2, 3, 5, -1, 7, 1, -2, 11, 4, 0, -3, 13, 6, -5, 17, 8}

// symNames maps names to generated variables v1…vn in order of
// first appearance in the expressions.
func symNames(es ...*sexpr) ([]string, map[string]string) {
	seen := map[string]bool{}
	var vars []string
	for _, e := range es {
		vars = symVars(e, seen, vars)
	}
	m := make(map[string]string, len(vars))
	for i, v := range vars {
		m[v] = fmt.Sprintf("v%d", i+1)
	}
	return vars, m
}

// divisorSet returns the distinct divisors of es (by value as rational
// functions), each to be stated nonzero.
func divisorSet(es ...*sexpr) []*sexpr {
	var out []*sexpr
	var vals []algebra.Rat
	for _, e := range es {
		for _, d := range symDivisors(e, nil) {
			r, err := symToRat(d)
			if err != nil {
				continue
			}
			dup := false
			for _, v := range vals {
				dup = dup || v.Equal(r)
			}
			if !dup {
				out = append(out, d)
				vals = append(vals, r)
			}
		}
	}
	return out
}

func litTerm(x *big.Rat) string {
	neg := x.Sign() < 0
	a := new(big.Rat).Abs(x)
	s := "(" + a.Num().String() + " : Rat)"
	if !a.IsInt() {
		s = "((" + a.Num().String() + " : Rat) / (" + a.Denom().String() + " : Rat))"
	}
	if neg {
		return "(-" + s + ")"
	}
	return s
}

// findPoint looks for a point where every divisor is nonzero and, when
// differ is set, the two sides differ. It returns the point and the two
// values.
func findPoint(vars []string, divs []*sexpr, l, r *sexpr, differ bool) (map[string]*big.Rat, *big.Rat, *big.Rat, bool) {
	try := func(at map[string]*big.Rat) (*big.Rat, *big.Rat, bool) {
		for _, d := range divs {
			v, err := symEval(d, at)
			if err != nil || v.Sign() == 0 {
				return nil, nil, false
			}
		}
		a, err := symEval(l, at)
		if err != nil {
			return nil, nil, false
		}
		b, err := symEval(r, at)
		if err != nil {
			return nil, nil, false
		}
		if differ && a.Cmp(b) == 0 {
			return nil, nil, false
		}
		return a, b, true
	}
	// A deterministic walk: every variable takes the i-th value, then a
	// value per variable from a small mixing of the index.
	for i := 0; i < 64; i++ {
		at := make(map[string]*big.Rat, len(vars))
		for k, v := range vars {
			idx := i
			if i >= len(witnessValues) {
				idx = (i*7 + k*5 + i/len(witnessValues)*3) % len(witnessValues)
			} else {
				idx = (i + k) % len(witnessValues)
			}
			at[v] = big.NewRat(witnessValues[idx], 1)
		}
		if a, b, ok := try(at); ok {
			return at, a, b, true
		}
	}
	return nil, nil, nil, false
}

func pointString(vars []string, at map[string]*big.Rat) string {
	parts := make([]string, len(vars))
	for i, v := range vars {
		parts[i] = v + " = " + at[v].RatString()
	}
	return strings.Join(parts, ", ")
}

// identityDecls fills the declarations of an identity L = R (with an
// optional equation hypothesis), its witness or probe point and reasons.
func (t *Translator) identityDecls(o *Obligation, l, r *sexpr, _ *symEq) bool {
	vars, names := symNames(l, r)
	divs := divisorSet(l, r)
	rd := symRender{names: names}
	L, _ := symToRat(l)
	R, _ := symToRat(r)
	holds := L.Equal(R)
	at, a, b, ok := findPoint(vars, divs, l, r, !holds)
	if !ok {
		return false
	}
	lits := make(map[string]string, len(vars))
	for _, v := range vars {
		lits[v] = litTerm(at[v])
	}
	cd := symRender{names: lits}
	var hyps, chyps []string
	for _, d := range divs {
		hyps = append(hyps, rd.term(d)+" ≠ (0 : Rat)")
		chyps = append(chyps, cd.term(d)+" ≠ (0 : Rat)")
	}
	o.Prop = strings.Join(append(hyps, rd.term(l)+" = "+rd.term(r)), " → ")
	o.Lean = forallDecl(len(vars), o.Prop, t.opts.IdentityTactic)
	closed := strings.Join(append(chyps, cd.term(l)+" = "+cd.term(r)), " → ")
	o.LeanNeg = "example : ¬(" + closed + ") := by " + t.opts.Tactic
	cond := ""
	if len(divs) > 0 {
		cond = " wherever the denominators are nonzero"
	}
	o.whyProof = fmt.Sprintf("%s = %s for every value of %s%s", symString(l), symString(r), strings.Join(vars, ", "), cond)
	o.whyDisproof = fmt.Sprintf("at %s the left side is %s, the right side %s", pointString(vars, at), a.RatString(), b.RatString())
	return true
}

func forallDecl(n int, prop, tactic string) string {
	vs := make([]string, n)
	for i := range vs {
		vs[i] = fmt.Sprintf("v%d", i+1)
	}
	return "example : ∀ (" + strings.Join(vs, " ") + " : Rat), " + prop + " := by " + tactic
}

// symImplication checks B derived from A, both in the single unknown.
func (t *Translator) symImplication(step int, text string, A, B *symEq, veto string) (*Obligation, *Skipped) {
	span := spanOf(text, A.s, B.e)
	if !A.poly || !B.poly || A.p.Degree() == 0 || B.p.Degree() == 0 {
		return nil, nil
	}
	o := &Obligation{Step: step, Span: span, Kind: KindImplication, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = symString(A.l) + " = " + symString(A.r) + " ⇒ " + symString(B.l) + " = " + symString(B.r)
	if veto != "" {
		o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", veto)
	}
	x := A.name
	roots, err := algebra.RationalRoots(A.p, x, 4096)
	if err != nil {
		return nil, &Skipped{Span: span, Reason: "cannot find the rational roots: " + err.Error()}
	}
	var bad *big.Rat
	for _, r := range roots {
		v, err := B.p.Eval(map[string]*big.Rat{x: r})
		if err == nil && v.Sign() != 0 {
			bad = r
			break
		}
	}
	common, err := algebra.CommonRoot(A.p, B.p, x)
	if err != nil {
		return nil, nil
	}
	if common && o.OnDisproof == Refuted {
		o.OnDisproof, o.Note = Unknown, "the two equations share a solution: the second may be one case of the first"
	}
	if bad == nil && len(roots) == 0 {
		// No rational solution of A can witness anything over Rat. The
		// step is still false when B is A with a constant moved wrongly:
		// the left sides minus the right sides differ by a nonzero
		// constant after scaling; that is an identity claim.
		c, ok := rearranged(A.p, B.p, x)
		why := "the equation is not a rearrangement of the one before (the two differ by a nonzero constant, so they share no solution): "
		if !ok && !common && symCueRE.MatchString(B.prose) && !listRE.MatchString(B.prose) {
			// Only after a word of derivation: equations side by side
			// ("we obtain $…$, $…$, and $…$") are a list.
			// A has real but no rational roots, B none of them: the
			// claimed rewriting ("x² - 3x = 1, factoring: (x - 1)(x - 3)
			// = 0") is false at a real solution of A.
			c, ok = noSharedRealRoot(A.p, B.p, x)
			why = "the equation is not a rewriting of the one before (the first has real solutions, and the two share none): "
		}
		if ok && c != nil {
			lhs := &sexpr{op: '-', l: A.l, r: A.r}
			rhs := &sexpr{op: '*', l: ratExpr(c), r: &sexpr{op: '-', l: B.l, r: B.r}}
			o.Kind = KindIdentity
			o.Expr = symString(lhs) + " = " + symString(rhs)
			if !t.identityDecls(o, lhs, rhs, nil) {
				return nil, nil
			}
			o.whyDisproof = why + o.whyDisproof
			return o, nil
		}
	}
	names := map[string]string{x: "v1"}
	rd := symRender{names: names}
	pa := rd.term(A.l) + " = " + rd.term(A.r)
	pb := rd.term(B.l) + " = " + rd.term(B.r)
	o.Prop = pa + " → " + pb
	o.Lean = forallDecl(1, o.Prop, t.opts.IdentityTactic)
	pt := new(big.Rat)
	if bad != nil {
		pt = bad
	} else if len(roots) > 0 {
		pt = roots[0]
	}
	cd := symRender{names: map[string]string{x: litTerm(pt)}}
	o.LeanNeg = "example : ¬(" + cd.term(A.l) + " = " + cd.term(A.r) + " → " + cd.term(B.l) + " = " + cd.term(B.r) + ") := by " + t.opts.Tactic
	o.whyProof = "every solution of the first equation solves the second"
	if bad != nil {
		bl, _ := symEval(B.l, map[string]*big.Rat{x: bad})
		br, _ := symEval(B.r, map[string]*big.Rat{x: bad})
		o.whyDisproof = fmt.Sprintf("%s = %s solves the first equation, but there the second has %s on the left and %s on the right", x, bad.RatString(), bl.RatString(), br.RatString())
	}
	return o, nil
}

// rearranged returns c with pa - c·pb a nonzero constant (c scales pb
// to pa's leading coefficient), or ok=false.
func rearranged(pa, pb algebra.Poly, x string) (*big.Rat, bool) {
	ca, err := pa.Coeffs(x)
	if err != nil {
		return nil, false
	}
	cb, err := pb.Coeffs(x)
	if err != nil || len(ca) != len(cb) || len(ca) < 2 {
		return nil, false
	}
	c := new(big.Rat).Quo(ca[len(ca)-1], cb[len(cb)-1])
	for i := 1; i < len(ca); i++ {
		if new(big.Rat).Mul(c, cb[i]).Cmp(ca[i]) != 0 {
			return nil, false
		}
	}
	if new(big.Rat).Mul(c, cb[0]).Cmp(ca[0]) == 0 {
		return nil, false
	}
	return c, true
}

// noSharedRealRoot returns c, the ratio of the leading coefficients, when
// pa and pb have the same degree, pa has a real root (odd degree, or a
// quadratic with a positive discriminant) and the caller knows the two
// share no root: then B is not a rewriting of A, pa - c·pb ≠ 0.
func noSharedRealRoot(pa, pb algebra.Poly, x string) (*big.Rat, bool) {
	ca, err := pa.Coeffs(x)
	if err != nil {
		return nil, false
	}
	cb, err := pb.Coeffs(x)
	if err != nil || len(ca) != len(cb) || len(ca) < 3 {
		return nil, false
	}
	switch deg := len(ca) - 1; {
	case deg%2 == 1:
	case deg == 2:
		disc := new(big.Rat).Mul(ca[1], ca[1])
		disc.Sub(disc, new(big.Rat).Mul(big.NewRat(4, 1), new(big.Rat).Mul(ca[2], ca[0])))
		if disc.Sign() <= 0 {
			return nil, false
		}
	default:
		return nil, false
	}
	return new(big.Rat).Quo(ca[len(ca)-1], cb[len(cb)-1]), true
}

func ratExpr(c *big.Rat) *sexpr {
	a := new(big.Rat).Abs(c)
	var e *sexpr
	if a.IsInt() {
		e = &sexpr{op: 'n', num: a}
	} else {
		e = &sexpr{op: '/', l: &sexpr{op: 'n', num: new(big.Rat).SetInt(a.Num())}, r: &sexpr{op: 'n', num: new(big.Rat).SetInt(a.Denom())}}
	}
	if c.Sign() < 0 {
		e = &sexpr{op: '~', l: e}
	}
	return e
}

// symSolution checks a claimed value x = c against the one-unknown
// equations before it in the step.
func (t *Translator) symSolution(step int, text string, sol *symEq, eqs []*symEq, veto string) (*Obligation, *Skipped) {
	var prem []*symEq
	for _, e := range eqs {
		if e.name == sol.name && e.value == nil && sol.line-e.line <= 3 {
			prem = append(prem, e)
		}
	}
	if len(prem) == 0 {
		return nil, nil
	}
	at := map[string]*big.Rat{sol.name: sol.value}
	pick := -1
	for i := len(prem) - 1; i >= 0; i-- {
		a, err1 := symEval(prem[i].l, at)
		b, err2 := symEval(prem[i].r, at)
		if err1 != nil || err2 != nil {
			return nil, &Skipped{Span: spanOf(text, sol.s, sol.e), Reason: "the claimed value makes a denominator zero"}
		}
		if a.Cmp(b) == 0 {
			pick = i
			break
		}
	}
	refute := pick < 0
	if refute {
		pick = len(prem) - 1
	}
	p := prem[pick]
	o := &Obligation{Step: step, Span: spanOf(text, min(p.s, sol.s), max(p.e, sol.e)), Kind: KindSolution, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = fmt.Sprintf("%s = %s at %s = %s", symString(p.l), symString(p.r), sol.name, sol.value.RatString())
	if veto != "" {
		o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the value (%q)", veto)
	}
	rd := symRender{names: map[string]string{sol.name: "v1"}}
	o.Prop = rd.term(p.l) + " = " + rd.term(p.r)
	hyp := "example (v1 : Rat) (h1 : v1 = " + litTerm(sol.value) + ") : "
	o.Lean = hyp + o.Prop + " := by subst_vars; " + t.opts.Tactic
	o.LeanNeg = hyp + "¬(" + o.Prop + ") := by subst_vars; " + t.opts.Tactic
	o.Hypotheses = []Hypothesis{{Name: sol.name, Var: "v1", Hyp: "h1", Value: sol.value.RatString(), Step: step}}
	a, _ := symEval(p.l, at)
	b, _ := symEval(p.r, at)
	o.whyProof = fmt.Sprintf("at %s = %s both sides are %s", sol.name, sol.value.RatString(), a.RatString())
	o.whyDisproof = fmt.Sprintf("at %s = %s the left side is %s, the right side %s", sol.name, sol.value.RatString(), a.RatString(), b.RatString())
	return o, nil
}

// wordMatcher finds the first word of a text in a set: whole words,
// word prefixes ("simplif" for simplifies) and phrases.
type wordMatcher struct {
	words    map[string]bool
	prefixes []string
	phrases  []string
}

func newWordMatcher(words, prefixes, phrases []string) *wordMatcher {
	m := &wordMatcher{words: map[string]bool{}, prefixes: prefixes, phrases: phrases}
	for _, w := range words {
		m.words[w] = true
	}
	return m
}

// FindString returns the first matching word of the lower-cased text s.
func (m *wordMatcher) FindString(s string) string {
	for _, p := range m.phrases {
		if strings.Contains(s, p) {
			return p
		}
	}
	i := 0
	for i < len(s) {
		for i < len(s) && !isWordByte(s[i]) {
			if s[i] == '?' && m.words["?"] {
				return "?"
			}
			i++
		}
		j := i
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		if j > i {
			w := s[i:j]
			if m.words[w] {
				return w
			}
			for _, p := range m.prefixes {
				if strings.HasPrefix(w, p) {
					return w
				}
			}
		}
		i = j
	}
	return ""
}

// MatchString reports whether any word of s matches.
func (m *wordMatcher) MatchString(s string) bool { return m.FindString(s) != "" }

func isWordByte(c byte) bool { return isASCIILetter(c) || c == '\'' }

// closedClaimVeto is why a closed claim of the sentence is not refuted.
func closedClaimVeto(sentence string) string {
	sent := symNeutral.Replace(sentence)
	if v := vetoRE.FindString(sent); v != "" {
		return v
	}
	return conditionalRE.FindString(sent)
}

var conditionalRE = newWordMatcher([]string{"if", "suppose", "assume", "assuming", "approximately", "about", "roughly"}, nil, nil)

// closedValue decides A = B for closed sides with radicals. Claims whose
// sides are both rational are the arithmetic reader's.
func (t *Translator) closedValue(step int, text string, A, B symMember, sentence string) *Obligation {
	a, err := surdEval(A.e)
	if err != nil {
		return nil
	}
	b, err := surdEval(B.e)
	if err != nil {
		return nil
	}
	_, ra := a.Rat()
	_, rb := b.Rat()
	if ra && rb && !hasTrig(A.e) && !hasTrig(B.e) && !hasFracPow(A.e) && !hasFracPow(B.e) {
		return nil // rational roots: the arithmetic reader's
	}
	pa, err := a.Pow(6)
	if err != nil {
		return nil
	}
	pb, err := b.Pow(6)
	if err != nil {
		return nil
	}
	qa, oka := pa.Rat()
	qb, okb := pb.Rat()
	if !oka || !okb {
		return t.closedSum(step, text, A, B, a, b, sentence) // a sum of radicals
	}
	if qa.Num().BitLen()+qa.Denom().BitLen() > 1024 || qb.Num().BitLen()+qb.Denom().BitLen() > 1024 {
		return nil
	}
	o := &Obligation{Step: step, Span: spanOf(text, A.s, B.e2), Kind: KindClosedValue, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = symString(A.e) + " = " + symString(B.e)
	if v := closedClaimVeto(sentence); v != "" {
		o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	sign := func(n int) string {
		switch n {
		case 1:
			return "(1 : Rat)"
		case -1:
			return "-(1 : Rat)"
		}
		return "(0 : Rat)"
	}
	lit := func(q *big.Rat) string {
		s := "(" + q.Num().String() + " : Rat)"
		if !q.IsInt() {
			s += " / (" + q.Denom().String() + " : Rat)"
		}
		return s
	}
	// A whole number against an irrational side within 1 of it may be
	// its floor or ceiling ("√47861133 = 6918").
	for _, w := range []struct {
		e *sexpr
		v algebra.Surd
	}{{A.e, b}, {B.e, a}} {
		if w.e.op == 'n' && o.OnDisproof == Refuted {
			if w.v.CmpRat(new(big.Rat).Sub(w.e.num, big.NewRat(1, 1))) > 0 && w.v.CmpRat(new(big.Rat).Add(w.e.num, big.NewRat(1, 1))) < 0 {
				o.OnDisproof, o.Note = Unknown, "a whole number within 1 of an irrational value may be its floor or ceiling"
			}
		}
	}
	o.Note = boundNote(o.Note, A, B)
	o.Prop = lit(qa) + " = " + lit(qb) + " ∧ " + sign(a.Sign()) + " = " + sign(b.Sign())
	o.Lean, o.LeanNeg = declarations(o.Prop, nil, nil, t.opts.Tactic)
	o.Note = strings.TrimPrefix(o.Note+"; P is a certificate: the sixth powers and signs of both sides, computed exactly", "; ")
	o.whyProof = fmt.Sprintf("both sides are %s", a)
	o.whyDisproof = fmt.Sprintf("the left side is %s, the right side %s", a, b)
	return o
}

// modRE finds the modulus at the end of a congruence line.
var modRE = regexp.MustCompile(`(?:\\pmod\s*\{([^{}]*)\}|\\pmod\s*([0-9]+)|\(\s*\\(?:bmod|mod)\s*\{?([^(){}]*)\}?\s*\)|\\(?:bmod|mod)\s*\{?([0-9]+)\}?)\s*[.,;]?\s*$`)

// congruence reads "a ≡ b ≡ … (mod m)" with integer members and decides
// the first link that is not a plain equality.
func (t *Translator) congruence(step int, text string, s, e int, sentence string) *Obligation {
	raw := text[s:e]
	loc := modRE.FindStringSubmatchIndex(raw)
	if loc == nil {
		return nil
	}
	var mtext string
	for g := 1; g <= 4; g++ {
		if loc[2*g] >= 0 {
			mtext = raw[loc[2*g]:loc[2*g+1]]
		}
	}
	me, err := readSym(strings.TrimSpace(mtext))
	if err != nil {
		return nil
	}
	m, ok := constValue(me)
	if !ok || !m.IsInt() || m.Sign() <= 0 || m.Cmp(big.NewRat(1, 1)) == 0 {
		return nil
	}
	body := raw[:loc[0]]
	body = strings.ReplaceAll(body, "≡", `\equiv`)
	parts := strings.Split(body, `\equiv`)
	if len(parts) < 2 {
		return nil
	}
	vals := make([]*big.Rat, len(parts))
	exprs := make([]*sexpr, len(parts))
	// The last link is the claim (a ≡ b, or a ≡ … ≡ r with r the residue);
	// the members before it may hold names ("n ≡ 56 ≡ \boxed{6}").
	k := len(parts) - 2
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if strings.Contains(p, "=") {
			return nil
		}
		if i < k {
			continue
		}
		x, err := readSym(p)
		if err != nil {
			return nil
		}
		v, ok := constValue(x)
		if !ok || !v.IsInt() || v.Num().BitLen() > 4096 {
			return nil
		}
		vals[i], exprs[i] = v, x
	}
	a, b := vals[k].Num(), vals[k+1].Num()
	d := new(big.Int).Sub(a, b)
	mod := m.Num()
	q, r := new(big.Int).DivMod(d, mod, new(big.Int))
	o := &Obligation{Step: step, Span: spanOf(text, s, e), Kind: KindCongruence, OnProof: Verified, OnDisproof: Unknown}
	o.Expr = fmt.Sprintf("%s ≡ %s (mod %s)", symString(exprs[k]), symString(exprs[k+1]), mod)
	if r.Sign() != 0 {
		o.OnProof = Refuted
		if v := closedClaimVeto(sentence); v != "" {
			o.OnProof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
		}
	}
	rd := symRender{}
	o.Prop = rd.term(exprs[k]) + " - " + rd.prod(exprs[k+1]) + " = (" + mod.String() + " : Rat) * " + intTerm(q) + " + (" + r.String() + " : Rat)"
	if exprs[k+1].op == '+' || exprs[k+1].op == '-' {
		o.Prop = rd.term(exprs[k]) + " - (" + rd.term(exprs[k+1]) + ") = (" + mod.String() + " : Rat) * " + intTerm(q) + " + (" + r.String() + " : Rat)"
	}
	o.Lean, o.LeanNeg = declarations(o.Prop, nil, nil, t.opts.Tactic)
	if o.Note == "" {
		o.Note = "P is the division of the difference by the modulus; a nonzero remainder (0 < r < m) refutes the congruence"
	}
	o.whyProof = fmt.Sprintf("%s - %s = %s·%s + %s", a, b, mod, q, r)
	if r.Sign() == 0 {
		o.whyProof = fmt.Sprintf("%s - %s = %s·%s: the difference is a multiple of %s", a, b, mod, q, mod)
	} else {
		o.whyProof = fmt.Sprintf("%s - %s = %s·%s + %s: %s ≡ %s, not %s (mod %s)", a, b, mod, q, r,
			a, new(big.Int).Mod(a, mod), new(big.Int).Mod(b, mod), mod)
	}
	o.whyDisproof = "the division shown does not hold"
	return o
}

func intTerm(q *big.Int) string {
	if q.Sign() < 0 {
		return "(-(" + new(big.Int).Neg(q).String() + " : Rat))"
	}
	return "(" + q.String() + " : Rat)"
}

// closedExact decides A = B for closed rational sides with factorials or
// binomials; the Lean text spells them as products.
func (t *Translator) closedExact(step int, text string, A, B symMember, sentence string) *Obligation {
	a, err := symEval(A.e, nil)
	if err != nil {
		return nil
	}
	b, err := symEval(B.e, nil)
	if err != nil {
		return nil
	}
	o := &Obligation{Step: step, Span: spanOf(text, A.s, B.e2), Kind: KindClosedValue, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = symString(A.e) + " = " + symString(B.e)
	if v := closedClaimVeto(sentence); v != "" {
		o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	if A.def && !A.bound || B.def && !B.bound {
		o.Note = strings.TrimPrefix(o.Note+"; a function defined earlier in the chain is replaced by its definition", "; ")
	}
	o.Note = boundNote(o.Note, A, B)
	rd := symRender{}
	o.Prop = rd.term(A.e) + " = " + rd.term(B.e)
	if strings.Contains(o.Prop, "!") {
		return nil
	}
	o.Lean, o.LeanNeg = declarations(o.Prop, nil, nil, t.opts.Tactic)
	o.whyProof = fmt.Sprintf("both sides are %s", a.RatString())
	o.whyDisproof = fmt.Sprintf("the left side is %s, the right side %s", a.RatString(), b.RatString())
	return o
}

// tail is the last n bytes of s (whole words are not needed: the
// matchers look for short words right before an equation).
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// restOfLine is the text after i up to the end of its line, at most n
// bytes: a rejection that follows a claim ("…, which is impossible").
func restOfLine(text string, i, n int) string {
	t := after(text, i, n)
	if j := strings.IndexByte(t, '\n'); j >= 0 {
		t = t[:j]
	}
	return t
}

var decimalRE = regexp.MustCompile(`^\s*([0-9]+)\.([0-9]+)\s*[.,;]?\s*$`)

// approxRoot reads "≈ R" after a closed radical X > 0: the rounding (or
// truncation) of X to R's last place. Proved, the claim is approximate;
// disproved, it is unknown (another convention may explain it), as for
// the arithmetic reader's approximations. P bounds the sixth powers.
func (t *Translator) approxRoot(step int, text string, x *sexpr, s, e int) *Obligation {
	if !hasRoot(x) || hasVar(x) {
		return nil
	}
	m := decimalRE.FindStringSubmatch(text[s:e])
	if m == nil || len(m[1])+len(m[2]) > 12 {
		return nil
	}
	r, _ := new(big.Rat).SetString(m[1] + "." + m[2])
	unit := new(big.Rat).Inv(pow10(len(m[2])))
	v, err := surdEval(x)
	if err != nil || v.Sign() <= 0 {
		return nil
	}
	if _, rational := v.Rat(); rational {
		return nil
	}
	p6, err := v.Pow(6)
	if err != nil {
		return nil
	}
	q6, ok := p6.Rat()
	if !ok || q6.Num().BitLen()+q6.Denom().BitLen() > 512 {
		return nil
	}
	half := new(big.Rat).Quo(unit, big.NewRat(2, 1))
	lo, hi, how := new(big.Rat).Sub(r, half), new(big.Rat).Add(r, half), "rounding"
	if v.CmpRat(lo) < 0 || v.CmpRat(hi) > 0 {
		if v.CmpRat(r) >= 0 && v.CmpRat(new(big.Rat).Add(r, unit)) < 0 {
			lo, hi, how = r, new(big.Rat).Add(r, unit), "truncation"
		}
	}
	if lo.Sign() < 0 {
		return nil
	}
	o := &Obligation{Step: step, Span: spanOf(text, s, e), Kind: KindApproximation, OnProof: Approximate, OnDisproof: Unknown,
		Note: "a rounding is not an exact value, and another convention may explain a miss"}
	o.Expr = symString(x) + " ≈ " + r.FloatString(len(m[2]))
	dec := func(q *big.Rat) string { return "(" + ratDecimal(q) + " : Rat)" }
	lit := "(" + q6.Num().String() + " : Rat)"
	if !q6.IsInt() {
		lit = "(" + lit + " / (" + q6.Denom().String() + " : Rat))"
	}
	o.Prop = dec(lo) + " ^ 6 ≤ " + lit + " ∧ " + lit + " ≤ " + dec(hi) + " ^ 6"
	o.Lean, o.LeanNeg = declarations(o.Prop, nil, nil, t.opts.Tactic)
	o.whyProof = fmt.Sprintf("%s is %s within %s of %s (%s); P bounds its sixth power", symString(x), v, half.RatString(), r.FloatString(len(m[2])), how)
	o.whyDisproof = fmt.Sprintf("%s is not %s to %s", v, r.FloatString(len(m[2])), how)
	return o
}

// defCondRE marks a definition made for a case only.
var defCondRE = newWordMatcher([]string{"if", "suppose", "assume", "assuming", "case", "when", "for", "try", "test", "check", "otherwise", "unless"}, nil, nil)

// recordDef remembers "T(x) = body" for later lines and steps. A name
// defined for a case, or defined twice in different ways, is not used.
func (t *Translator) recordDef(st *symState, step int, ln symLine, ms []symMember, hypo string) {
	if ln.cont || len(ms) < 2 || ms[0].head == "" || ms[1].e == nil {
		return
	}
	f, v, _ := strings.Cut(ms[0].head, " ")
	if st.defs == nil {
		st.defs = map[string]*symDef{}
	}
	old, seen := st.defs[f]
	switch {
	case defCondRE.MatchString(symNeutral.Replace(ln.sentence)):
		st.defs[f] = nil
	case seen && (old == nil || symString(substitute(old.body, old.param, &sexpr{op: 'v', name: v})) != symString(ms[1].e)):
		st.defs[f] = nil
	case !seen:
		st.defs[f] = &symDef{param: v, body: ms[1].e, step: step}
	}
}

// defScanRE finds function definitions anywhere in a chain's text.
var defScanRE = regexp.MustCompile(`([fghFGHPQTpqS])\(([a-z])\)\s*=\s*([^=$\\,;]*)`)

// chainDefs marks the function names a chain defines in two different
// ways before any step is read: such a name is never substituted, not
// even before its second definition.
func chainDefs(steps []string) map[string]*symDef {
	bodies := map[string]string{}
	var defs map[string]*symDef
	for _, s := range steps {
		if !mayDefine(s) {
			continue
		}
		for _, m := range defScanRE.FindAllStringSubmatch(s, -1) {
			body := strings.ReplaceAll(m[2]+":"+strings.TrimRight(strings.TrimSpace(m[3]), ". "), " ", "")
			if old, ok := bodies[m[1]]; ok && old != body {
				if defs == nil {
					defs = map[string]*symDef{}
				}
				defs[m[1]] = nil
			}
			bodies[m[1]] = body
		}
	}
	return defs
}

func hasTrig(e *sexpr) bool {
	if e == nil {
		return false
	}
	return e.op == 't' || hasTrig(e.l) || hasTrig(e.r)
}

// closedRational decides a closed rational link that the arithmetic
// reader made nothing of (nested fractions, \left( \right) it does not
// read): never one that overlaps an obligation of that reader, never in
// a step it doubts, and never refuted when the right side starts with the
// left side's value (a running computation, "3 · 4 = 12 · 2 = 24").
func (t *Translator) closedRational(step int, text string, A, B symMember, sentence string, st *symState) *Obligation {
	for _, sp := range st.taken {
		if sp[0] < B.e2 && A.s < sp[1] {
			return nil
		}
	}
	a, err := symEval(A.e, nil)
	if err != nil {
		return nil
	}
	b, err := symEval(B.e, nil)
	if err != nil {
		return nil
	}
	if A.e.op == 'n' && B.e.op == 'n' {
		return nil
	}
	o := &Obligation{Step: step, Span: spanOf(text, A.s, B.e2), Kind: KindEquality, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = symString(A.e) + " = " + symString(B.e)
	switch {
	case st.doubt != "":
		o.OnDisproof, o.Note = Unknown, "the step may be rejecting its claims ("+st.doubt+")"
	case closedClaimVeto(sentence) != "":
		o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", closedClaimVeto(sentence))
	case a.Cmp(b) != 0 && leftmostIs(B.e, a):
		o.OnDisproof, o.Note = Unknown, "a running computation: the right side may continue from the left side's value"
	case a.Cmp(b) != 0 && (wholeNear(B.e, a) || wholeNear(A.e, b)):
		o.OnDisproof, o.Note = Unknown, "a whole number within 1 of the other side may be its floor or ceiling (a quotient with a remainder)"
	}
	rd := symRender{}
	o.Prop = rd.term(A.e) + " = " + rd.term(B.e)
	o.Lean, o.LeanNeg = declarations(o.Prop, nil, nil, t.opts.Tactic)
	o.whyProof = fmt.Sprintf("both sides are %s", a.RatString())
	o.whyDisproof = fmt.Sprintf("the left side is %s, the right side %s", a.RatString(), b.RatString())
	return o
}

// leftmostIs reports whether the first number of e is v.
func leftmostIs(e *sexpr, v *big.Rat) bool {
	for e != nil && e.op != 'n' {
		if e.l == nil {
			return false
		}
		e = e.l
	}
	return e != nil && e.num.Cmp(v) == 0
}

// wholeNear reports e is a lone whole number within 1 of v.
func wholeNear(e *sexpr, v *big.Rat) bool {
	if e.op != 'n' || !e.num.IsInt() {
		return false
	}
	d := new(big.Rat).Sub(e.num, v)
	return d.Abs(d).Cmp(big.NewRat(1, 1)) < 0
}

// mayDefine is a cheap test for "F(x) =" before the regexp runs.
func mayDefine(s string) bool {
	for i := strings.IndexByte(s, '('); i >= 0; {
		if i > 0 && strings.IndexByte(funcNames, s[i-1]) >= 0 && i+2 < len(s) && s[i+2] == ')' && s[i+1] >= 'a' && s[i+1] <= 'z' {
			return true
		}
		j := strings.IndexByte(s[i+1:], '(')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}
