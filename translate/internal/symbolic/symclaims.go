package symbolic

import (
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/freenames"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/primeword"
	"github.com/leanprm/leanprm/translate/internal/proseformula"
	"github.com/leanprm/leanprm/translate/internal/symdefs"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/internal/symimp"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Symbolic claims: identities, equation transformations in
// one unknown and claimed solutions, read from math regions only. See the
// package documentation for the rules; the guiding one is that a claim is
// refuted only when the step can be read no other way.

// symMember is one member of a relation chain in a math line.
type symMember struct {
	e     *symexpr.Expr // nil: not read
	why   string
	err   error  // the reader's error for a member not read, formatted only when asked
	s, e2 int    // byte span in the step
	def   bool   // a function defined earlier was substituted
	bound bool   // a name bound to a number earlier in the chain was replaced by it
	head  string // "T x": the member is "T(x)", a definition's head
	// restate: the member is "f(x)" for a function the problem defines,
	// replaced by its body (the line writes the function another way)
	restate bool
	fn      bool // a function's or a sequence's definition was put in
	prod    bool // a letter that usually names a function multiplies a bracket
	// wide is the member's other reading when a sum's summand may run
	// on (symsums.go); ambig that the member was kept on its narrow
	// reading because its links decide the same both ways.
	wide  *symexpr.Expr
	ambig bool
}

// defHeadRE is the head of a function definition, "T(x)".
var defHeadRE = regexp.MustCompile(`^([fghFGHPQTpqS])\(([a-z])\)$`)

// defHead is defHeadRE.FindStringSubmatch(raw), which matches 4 bytes or none.
func defHead(raw string) []string {
	if len(raw) != 4 {
		return nil
	}
	return defHeadRE.FindStringSubmatch(raw)
}

// symLine is one line of a math region: members separated by "=".
type symLine struct {
	members  []symMember
	cont     bool   // starts with "=": continues the previous line's last member
	prose    string // lower-cased prose since the previous line (the cue)
	rawProse string
	ps, pe   int    // the line's span, for the sentence around it
	sentence string // lower-cased text of the sentence around the line
	start    bool   // at the start of a region or after \\
	term     bool   // a math region with no relation ("$b^2$"): no line of its own
	arrow    bool   // an implication sign or comma-free connector before it
	approx   bool   // follows ≈
	read     bool   // members to be read (with the definitions known then)
}

// State carries what continues from one step to the next.
type State struct {
	last     *symexpr.Expr // the last member of the last line, for "=" continuations
	lastHead *symexpr.Expr
	lastEq   *symEq // the equation that ended the previous step, if one did
	olderEq  *symEq // the one that ended the step before, when both steps ended in one
	Defs     map[string]*symexpr.Def
	Taken    [][2]int             // spans the arithmetic reader made obligations of, this step
	Doubt    string               // the arithmetic reader's doubt about the step, if any
	Consts   map[string]*big.Rat  // names bound to one exact number before the step
	lastRun  *symimp.Run[runVal]  // the run of equations in several unknowns that ended the previous step
	cased    bool                 // a step so far opened a case or a trial (symdefs.OpensCase)
	Problem  symdefs.ChainProblem // what the chain's own definitions read of the problem
	Ties     freenames.Ledger     // the names the problem and the steps so far tie by a relation (symfree.go)
}

// Reader reads the symbolic claims of steps; tactic closes the closed
// declarations it writes and idTactic the ∀ ones (docs/CONTRACTS.md §1b).
type Reader struct {
	Tactic, IDTactic string
}

// Claims reads the symbolic claims of one step and returns their
// obligations, and the candidates it left alone with the reason: the
// step's math cut into lines (symLines), then each line read in order by
// a symWalk, which carries what one line leaves for the next.
func (t *Reader) Claims(step int, text string, toks []mathtext.Tok, st *State, budget int, modular bool) ([]obligation.Obligation, []obligation.Skipped) {
	st.Defs = symdefs.StepSeqVeto(text, st.Defs)
	lines, congr := t.symLines(step, text, toks, budget)
	w := &symWalk{t: t, step: step, text: text, st: st, budget: budget, obls: congr,
		prevEq: st.lastEq, olderEq: st.olderEq}
	from := len(w.obls)
	st.lastEq = nil
	st.cased = st.cased || symdefs.OpensCase(text)
	prevRun := st.lastRun
	st.lastRun = nil
	for li, ln := range lines {
		w.line(li, ln)
	}
	for _, p := range w.runs.Pairs(prevRun) {
		w.add(t.impliedEquation(step, text, p), nil)
	}
	st.lastRun = w.runs.Last()
	if n := len(w.eqs); n > 0 && w.eqs[n-1].line == len(lines)-1 && w.eqs[n-1].value == nil && !w.eqs[n-1].alt && !asked(text, w.eqs[n-1].e) && (w.eqs[n-1].arrow || len(lines) < 2 || lines[len(lines)-1].cont || !strings.Contains(text[lines[len(lines)-2].ps:lines[len(lines)-2].pe], "=")) {
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
	st.endStep(step, text)
	return w.obls, w.skipped
}

// endStep leaves the chain's definitions as the step leaves them for the
// steps after: a function a step gives in a problem that asks for
// functions is a candidate solution and ends with its step; the sequences
// the step defines join (symdefs.StepSeqs).
func (st *State) endStep(step int, text string) {
	if st.Problem.AsksFunctions {
		symdefs.DropStepFunctions(st.Defs, step)
	}
	st.Defs = symdefs.StepSeqs(st.Problem, text, step, st.cased, st.Defs)
	st.Ties = st.Ties.With(text, st.Defs)
}

// symLines cuts the step's math regions into lines of members to read, and
// returns with them the claims read from a line as a whole (congruences,
// remainders, divisibility, certificates between inequalities, ± roots),
// at most budget of them.
func (t *Reader) symLines(step int, text string, toks []mathtext.Tok, budget int) ([]symLine, []obligation.Obligation) {
	regions := MathRegions(text, toks)
	regions = proseformula.Merge(regions, proseformula.Find(text, regions))
	lines := make([]symLine, 0, len(regions))
	congr := append(t.remainderClaims(step, text), t.divisibilityClaims(step, text, regions)...)
	lower := strings.ToLower(text) // shared by the readers of words below
	congr = append(congr, t.proseValueClaims(step, text, lower)...)
	congr = append(congr, primeword.Claims(step, text, t.Tactic, closedClaimVeto)...)
	congr = append(congr, t.divisibleWordClaims(step, text, lower)...)
	congr = append(congr, t.coprimeWordClaims(step, text, lower)...)
	congr = append(congr, t.wordOpClaims(step, text, lower)...)
	if len(congr) > budget {
		congr = congr[:budget]
	}
	addCongr := func(o *obligation.Obligation) {
		if o != nil && len(congr) < budget {
			congr = append(congr, *o)
		}
	}
	var pm pmLine
	prev := 0
	pendProse, pendArrow, pendStart := "", false, false
	for _, rg := range regions {
		if body := text[rg.S:rg.E]; !strings.Contains(body, "=") && !strings.Contains(body, "≡") && !strings.Contains(body, "≈") && !strings.Contains(body, `\equiv`) && !strings.Contains(body, `\approx`) ||
			regionRefused(body) || !rg.Display && strings.Contains(body, `\\`) {
			// (A line break inside inline math is a typo: its sides are cut.)
			prev = rg.CE
			// (signs beyond ASCII searched one by one: strings.ContainsAny decodes rune by rune)
			term := strings.IndexAny(body, "<>") < 0 && !strings.Contains(body, "≤") && !strings.Contains(body, "≥") && !strings.Contains(body, "≠") && !strings.Contains(body, `\\`) && len(body) < 40 && !regionRefused(body)
			lines = append(lines, symLine{term: term}) // breaks sequences and continuations
			continue
		}
		for pi, p := range splitMath(text, rg) {
			raw := text[p.s:p.e]
			trim := strings.TrimSpace(raw)
			if pi == 0 {
				pendProse += " " + text[prev:rg.OS]
				pendStart = pendStart || rg.Display
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
				addCongr(t.congruence(step, text, p.s, p.e, strings.ToLower(mathtext.SentenceAround(text, p.s, p.e))))
			case lineRefused(raw):
				t.refusedLineClaims(step, text, raw, p.s, p.e, len(lines), &pm, addCongr)
			default:
				ln.read = true
			}
			lines = append(lines, ln)
		}
		prev = rg.CE
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
func (t *Reader) refusedLineClaims(step int, text, raw string, s, e, line int, pm *pmLine, add func(*obligation.Obligation)) {
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
	t       *Reader
	step    int
	text    string
	st      *State
	budget  int
	obls    []obligation.Obligation
	skipped []obligation.Skipped

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
	runs     symimp.Runs[runVal] // the runs of equation lines (symeqimp.go)
	ties     *freenames.Ties     // the step's ties, read when a line first needs them (symfree.go)
	supposed supposition         // the supposition of the current sentence (symsupposed.go)
	sent     struct {            // the last sentence asked for (sentence), as written (raw) and lower-cased (s)
		ps, pe int
		raw, s string
		ok     bool
	}
	sentWords struct { // the supposition and veto words of the last symbolic line's sentence
		sentence, hypo, veto string
		ok                   bool
	}
}

// sentence is the lower-cased sentence around text[ps:pe], kept for the
// next question about the same line.
func (w *symWalk) sentence(ps, pe int) string {
	if !w.sent.ok || w.sent.ps != ps || w.sent.pe != pe {
		w.sent.ps, w.sent.pe, w.sent.ok = ps, pe, true
		if raw := mathtext.SentenceAround(w.text, ps, pe); raw != w.sent.raw || w.sent.s == "" {
			w.sent.raw, w.sent.s = raw, strings.ToLower(raw) // another line of the sentence keeps its copy
		}
	}
	return w.sent.s
}

func (w *symWalk) add(o *obligation.Obligation, sk *obligation.Skipped) {
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
		w.add(t.approxLog(step, text, st.last, ln.ps, ln.ps, ln.pe, w.sentence(ln.ps, ln.pe)), nil)
	}
	if ln.members == nil {
		st.last, st.lastHead = nil, nil
		w.eqs = nil
		w.runs.Break(ln.term)
		return
	}
	ms := ln.members
	if len(ms) == 0 {
		st.last, st.lastHead = nil, nil
		w.runs.Break(false)
		return
	}
	defer w.runs.Saw()
	if len(ms) != 2 || ln.cont {
		w.runs.Break(false)
	}
	sameLeft := false // the line was read against the one before with the same left side
	if len(ms) == 2 && !ln.cont {
		lhs := strings.TrimSpace(text[ms[0].s:ms[0].e2])
		if beforeL.ok && beforeL.line == li-1 && beforeL.lhs == lhs && !beforeL.rhs.ambig && !ms[1].ambig {
			o := t.sameLeftSide(step, text, lhs, beforeL.rhs, ms[1], strings.ToLower(ln.rawProse), w.sentence(ln.ps, ln.pe), st)
			sameLeft = o != nil
			w.add(o, nil)
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
	w.keepExpEquation(li, ln, ms) // before the members are taken out (symsupposed.go)
	w.specialLine(ln, ms, symexpr.TrigKind)
	w.specialLine(ln, ms, symexpr.ExpKind)
	if piOnly(ms) {
		w.specialLine(ln, ms, symexpr.PiKind)
	}
	w.imagLine(ln, ms)
	dropPiBeside(ms)
	symbolic := false
	for _, m := range ms {
		symbolic = symbolic || m.e != nil && symexpr.HasVar(m.e)
		if m.e == nil && len(ms) > 1 {
			w.eqs = nil // an equation we cannot read may be the one solved
		}
	}
	ln.sentence = w.sentence(ln.ps, ln.pe)
	ln.prose = strings.ToLower(ln.rawProse)
	if !symbolic {
		w.runs.Break(false)
		w.closedLine(ln, ms)
		return
	}

	hypo, veto := w.symbolicLine(li, ln, ms, head)
	if len(ms) == 2 && !ln.cont && ms[0].e != nil && ms[1].e != nil {
		var o *obligation.Obligation
		if before.ok && before.line == li-1 {
			o = t.equationRewrite(step, text, before.ms, ms, before.prose, ln.prose, hypo, veto)
			w.add(o, nil)
		}
		w.prev2.ms, w.prev2.line, w.prev2.prose, w.prev2.ok = ms, li, ln.prose, true
		w.runs.Add(text, li, ln.ps, ln.pe, ln.prose, ln.arrow, symimp.Item[runVal]{Eq: symimp.NewLine(ms[0].e, ms[1].e), Val: runVal{ms, hypo, veto}}, o != nil || sameLeft)
	} else {
		w.runs.Break(false)
	}
	t.recordDef(st, step, text, ln, ms, hypo)
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
func (st *State) readLine(text string, ps, pe int) ([]symMember, bool) {
	if len(st.Consts) > 0 && (mayNeedConsts(text[ps:pe]) || symdefs.AppliesDef(text[ps:pe], st.Defs)) {
		ms, cont := readMembers(text, ps, pe, st.withConsts())
		if boundUsable(ms) {
			return ms, cont
		}
	}
	return readMembers(text, ps, pe, st.Defs)
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
	if ms[len(ms)-1].ambig {
		// a sum with two readings is not carried to a line beyond its own
		st.last, st.lastHead = nil, nil
	}
	for k := 0; k+1 < len(ms); k++ {
		if ms[k].e != nil && ms[k+1].e == nil && ms[k].e.Op == 'F' {
			// "\log_5 49 = 2.64": a decimal of an irrational log.
			w.add(t.approxLog(step, text, ms[k].e, ms[k].s, ms[k+1].s, ms[k+1].e2, ln.sentence), nil)
		}
		if ms[k].e == nil || ms[k+1].e == nil {
			continue
		}
		switch {
		case symexpr.HasCertFn(ms[k].e) || symexpr.HasCertFn(ms[k+1].e):
			w.add(t.closedCert(step, text, ms[k], ms[k+1], ln.sentence), nil)
		case !symexpr.HasRoot(ms[k].e) && !symexpr.HasRoot(ms[k+1].e) && !symexpr.HasIntFn(ms[k].e) && !symexpr.HasIntFn(ms[k+1].e) && !ms[k].def && !ms[k+1].def:
			w.add(t.closedRational(step, text, ms[k], ms[k+1], ln.sentence, st), nil)
		case symexpr.HasRoot(ms[k].e) || symexpr.HasRoot(ms[k+1].e):
			w.add(t.closedValue(step, text, ms[k], ms[k+1], ln.sentence), nil)
		case symexpr.HasIntFn(ms[k].e) || symexpr.HasIntFn(ms[k+1].e) || ms[k].def || ms[k+1].def:
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
func (w *symWalk) symbolicLine(li int, ln symLine, ms []symMember, head *symexpr.Expr) (hypo, veto string) {
	if sw := &w.sentWords; !sw.ok || sw.sentence != ln.sentence {
		sent := symimp.Neutral(ln.sentence)
		sw.sentence, sw.hypo, sw.veto, sw.ok = ln.sentence, hypotheticalRE.FindString(sent), vetoRE.FindString(sent), true
	}
	hypo, veto = w.sentWords.hypo, w.sentWords.veto
	if veto == "" {
		veto = vetoRE.FindString(strings.ToLower(restOfLine(w.text, ms[len(ms)-1].e2, 120)))
	}
	chain := len(ms) >= 3 || ln.cont
	free := w.freeLine(ln, ms, hypo, veto)
	rewrote := false // an earlier link of the line is an identity, not a copy
	skels := &skelSet{}
	var words *[3]string // the line's cue, equation word and restatement veto, read for its first link
	for k := 0; k+1 < len(ms); k++ {
		A, B := ms[k], ms[k+1]
		if A.e == nil || B.e == nil || symexpr.HasCertFn(A.e) || symexpr.HasCertFn(B.e) || w.closedRootLink(ln, A, B) {
			continue
		}
		if words == nil {
			words = &[3]string{rewriteCueRE.FindString(ln.prose), equationWordRE.FindString(ln.prose), restateVetoRE.FindString(ln.sentence)}
		}
		c := w.t.symLink(w.step, w.text, A, B, symContext{
			chain: chain, link: k, head: head, tail: ms[len(ms)-1].e, cont: ln.cont,
			cue: words[0], eqWord: words[1],
			prose: ln.prose, rawProse: ln.rawProse,
			hypo: hypo, veto: veto, rewrote: rewrote,
			restateVeto: words[2], members: ms, skels: skels, consts: w.st.Consts,
			free: free,
		})
		rewrote = rewrote || c.identity
		w.add(c.obl, c.skip)
		if c.eq != nil && !chain && len(ms) == 2 {
			w.equation(li, ln, c.eq, hypo, veto)
		} else if c.eq != nil && !c.eq.contra && chain && hypo == "" {
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
	eq.alt = symimp.Alt(tail(strings.ReplaceAll(ln.prose, "both sides", "sides"), 24))
	eq.arrow = !eq.alt && !symimp.ListCue(ln.prose) && (ln.arrow || symCueRE.MatchString(ln.prose) ||
		strings.TrimSpace(strings.Trim(ln.prose, ".,:; ")) == "" && (len(eqs) == 0 || !symimp.ListCue(tail(eqs[0].prose, 40)) &&
			!solveListRE.MatchString(tail(eqs[0].prose, 24)))) // "Solve for $A$, $B$, $C$": equations to solve, a list
	eq.prose = ln.prose
	if w.supposedSolution(li, ln, eq, hypo, veto) {
		return
	}
	if hypo != "" {
		w.eqs = nil
		return
	}
	n := len(eqs)
	if eq.contra {
		if n > 0 && eqs[n-1].name == eq.name && eq.arrow && !eqs[n-1].alt && eqs[n-1].line == li-1 {
			w.add(t.symImplication(step, text, eqs[n-1], eq, veto, w.st.Problem))
		}
		return
	}
	if eq.value != nil {
		eq.line = li
		prem := eqs
		if len(eqs) == 0 && prevEq != nil && !w.sawEq && prevEq.name == eq.name && len(ln.prose) < 80 &&
			solveCueRE.MatchString(ln.prose) && !symimp.ListCue(ln.prose) {
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
	if n > 0 && eqs[n-1].name == eq.name && eq.arrow && !eqs[n-1].alt && eqs[n-1].line == li-1 {
		w.add(t.symImplication(step, text, eqs[n-1], eq, veto, w.st.Problem))
	} else if prevEq != nil && !w.sawEq && prevEq.name == eq.name && !eq.alt && len(ln.prose) < 160 &&
		(crossCueRE.MatchString(ln.prose) &&
			(bothSidesRE.MatchString(ln.prose) || !symimp.ListCue(ln.prose) && !equationWordRE.MatchString(ln.prose)) ||
			// "Step 5: 193 - x - 13 = 160", "Step 6: -x + 18 = 160": steps that
			// are nothing but an equation each carry one derivation …
			// A third bare equation at least (a run, not two cases listed
			// after some prose), and neither a factor of the one before.
			prevEq.bare && w.olderEq != nil && bareEquation(text, eq.s, eq.e) && !branches(w.olderEq, prevEq, eq)) {
		// The step opens by deriving from the equation that ended
		// the previous one ("Expanding, we get: …").
		a := *prevEq
		a.s, a.e = eq.s, eq.s
		w.add(t.symImplication(step, text, &a, eq, veto, w.st.Problem))
	}
	w.sawEq = true
	w.eqs = append(w.eqs, eq)
}

// neverRefute leaves obls able to verify their claims only: an answer that
// would refute one is unknown, with note saying why.
func neverRefute(obls []obligation.Obligation, note string) {
	for i := range obls {
		o := &obls[i]
		if o.OnProof == obligation.Refuted {
			o.OnProof, o.Note = obligation.Unknown, note
		}
		if o.OnDisproof == obligation.Refuted {
			o.OnDisproof, o.Note = obligation.Unknown, note
		}
	}
}

func regionRefused(s string) bool {
	for i := strings.IndexByte(s, '\\'); i >= 0 && i < len(s); i++ { // every command refused opens with a backslash
		if s[i] != '\\' {
			continue
		}
		for _, w := range []string{`\begin{cases}`, `\begin{array}`, `\begin{pmatrix}`, `\begin{bmatrix}`, `\begin{matrix}`, `\begin{vmatrix}`, `\int`, `\lim`} {
			if strings.HasPrefix(s[i:], w) {
				return true
			}
		}
	}
	// A sum or product is read only with whole-number bounds (bigop.go).
	_, ok := symexpr.BigOpsNumeric(s)
	return !ok
}

// subTextRE is a word set in a subscript.
var subTextRE = regexp.MustCompile(`_\{\\text\{([A-Za-z ]{1,20})\}\}`)

func lineRefused(s string) bool {
	s = symexpr.MaskFnWords(s)
	if strings.Contains(s, `_{\text{`) {
		// A word in a subscript names a quantity ("SA_{\text{cube}}").
		s = subTextRE.ReplaceAllString(s, "_{$1}")
	}
	for _, w := range symRefuse {
		if strings.Contains(s, w) {
			return true
		}
	}
	for i := strings.IndexByte(s, '\\'); i >= 0 && i < len(s); i++ {
		j := i + 1 // a command's whole name: \left is none of \le
		for s[i] == '\\' && j < len(s) && mathtext.IsASCIILetter(s[j]) {
			j++
		}
		switch name := s[i+1 : j]; name {
		case "le", "ge", "ne", "neq", "sim", "equiv", "pmod", "bmod", "mod", "pm", "mp", "cdots", "ldots", "dots", "in", "subset", "cup", "cap", "lt", "gt":
			return true
		case "":
		default:
			if strings.HasPrefix(name, "begin") || strings.HasPrefix(name, "end") || strings.HasPrefix(name, "text") {
				return true
			}
		}
	}
	return false
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
func readMembers(text string, s, e int, defs map[string]*symexpr.Def) ([]symMember, bool) {
	ms := make([]symMember, 0, strings.Count(text[s:e], "=")+1) // a member after each "=" at most: one allocation
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
			if h := defHead(raw); h != nil && len(ms) == 0 && !symdefs.ProblemDef(defs, h[1]) && !symdefs.ValueAt(defs, h[1], h[2]) {
				m.head, m.why = h[1]+" "+h[2], "a function's head"
			} else if ex, wide, info, err := symexpr.ReadAny(raw, symdefs.BareTermDefs(raw, defs)); err != nil {
				m.err = err
			} else {
				m.e, m.wide, m.def, m.bound, m.fn, m.prod = ex, wide, info.Used, info.Bound, info.Fn, info.Prod
				m.restate = len(ms) == 0 && symdefs.RestateHead(raw, defs)
			}
		} else {
			m.why = "empty"
		}
		ms = append(ms, m)
		start = i + 1
	}
	settleSums(ms)
	cont := false
	if len(ms) > 1 && ms[0].why == "empty" {
		cont = true
		ms = ms[1:]
	}
	return ms, cont
}

// Fresh is the state for a step the reader leaves alone (text): only what
// binds across steps whatever they say carries over (the functions
// defined, less the sequences the step ends, and a chain that has opened
// cases), and the names the step ties.
func (st *State) Fresh(text string) State {
	return State{Defs: symdefs.StepSeqVeto(text, st.Defs), cased: st.cased, Problem: st.Problem, Ties: st.Ties.With(text, st.Defs)}
}

// asked reports a question mark ending the sentence after byte e ("Is 3h =
// 21?"): an equation asked about is no premise of the next step's value.
func asked(text string, e int) bool {
	i := e + strings.IndexAny(text[e:], ".!?\n")
	return i >= e && text[i] == '?'
}
