package translate

import (
	"errors"
	"fmt"
	"maps"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/discourse"
	"github.com/leanprm/leanprm/translate/internal/freenames"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symbolic"
	"github.com/leanprm/leanprm/translate/internal/symdefs"
	"github.com/leanprm/leanprm/translate/internal/worldfact"
)

// DefaultTactic closes closed Rat claims in core Lean (PROTOCOL.md §3).
const DefaultTactic = "decide +kernel"

// DefaultIdentityTactic closes the ∀ declarations of symbolic claims in
// core Lean: grind's commutative-ring solver (docs/CONTRACTS.md §1b).
const DefaultIdentityTactic = "grind"

// Limits bound the work one chain can cause. Zero fields take defaults.
type Limits struct {
	MaxStepBytes      int // longer steps are left alone (default 16384)
	MaxClaimsPerStep  int // obligations per step (default 64)
	MaxClaimsPerChain int // obligations per chain (default 1024)
	MaxDigits         int // digits in one literal (default 30)
	MaxExponent       int // absolute value of an exponent (default 64)
	MaxBits           int // bits of a numerator or denominator while evaluating (default 2048)
}

func (l Limits) withDefaults() Limits {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.MaxStepBytes, 16384)
	def(&l.MaxClaimsPerStep, 64)
	def(&l.MaxClaimsPerChain, 1024)
	def(&l.MaxDigits, 30)
	def(&l.MaxExponent, 64)
	def(&l.MaxBits, 2048)
	return l
}

// Options configure a Translator. The zero value translates with the
// default tactic and checks with the exact checker alone.
type Options struct {
	// Lean, when set, checks every chain in one command. The exact
	// checker still runs beside it unless NoExact is set, and any
	// difference between the two is an error verdict.
	Lean    Lean
	NoExact bool
	// Tactic closes each declaration (default DefaultTactic; with
	// Mathlib, "norm_num"). It is configuration, never step text.
	Tactic string
	// IdentityTactic closes the universally quantified declarations of
	// symbolic claims (docs/CONTRACTS.md §1b; default
	// DefaultIdentityTactic; with Mathlib
	// e.g. "field_simp; ring"). It is configuration, never step text.
	IdentityTactic string
	Limits         Limits
	// ScanCache, when set, keeps the first reading of each step across
	// chains (incremental scoring reads only new steps); nil reads every
	// step afresh. It never changes what a chain translates to.
	ScanCache *ScanCache
	// ExactCache, when set, keeps the exact checker's reading of each
	// obligation's declarations across chains; nil decides every
	// obligation afresh. It never changes a verdict.
	ExactCache *ExactCache
	// ContextCache, when set, keeps each chain's translation and the
	// context after its last step, so that a chain extending a kept one
	// translates only its new steps; nil translates every step. It never
	// changes what a chain translates to.
	ContextCache *ContextCache
}

var tacticRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_+.' ]*$`)

// identityTacticRE also allows a sequence of such tactics, "field_simp; ring".
var identityTacticRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_+.' ]*(; [A-Za-z_][A-Za-z0-9_+.' ]*)*$`)

// Translator turns chains of steps into checked obligations. It holds no
// per-chain state and is safe for concurrent use if its Lean is.
type Translator struct {
	opts   Options
	limits Limits
}

// New checks the options and returns a Translator.
func New(opts Options) (*Translator, error) {
	if opts.Tactic == "" {
		opts.Tactic = DefaultTactic
	}
	if !tacticRE.MatchString(opts.Tactic) || len(opts.Tactic) > 64 {
		return nil, fmt.Errorf("translate: tactic %q is not a plain tactic name with options", opts.Tactic)
	}
	if opts.IdentityTactic == "" {
		opts.IdentityTactic = DefaultIdentityTactic
	}
	if !identityTacticRE.MatchString(opts.IdentityTactic) || len(opts.IdentityTactic) > 64 {
		return nil, fmt.Errorf("translate: identity tactic %q is not a plain tactic sequence", opts.IdentityTactic)
	}
	if opts.Lean == nil && opts.NoExact {
		return nil, errors.New("translate: NoExact needs a Lean checker")
	}
	return &Translator{opts: opts, limits: opts.Limits.withDefaults()}, nil
}

// pos orders events in a chain.
type pos struct{ step, off int }

func (p pos) before(q pos) bool { return p.step < q.step || p.step == q.step && p.off < q.off }

type nameEvent struct {
	at    pos
	name  string
	intro bool     // "let x be …": a fresh scope
	value *big.Rat // nil: no usable value (symbolic, hypothetical or unreadable)
	rad   *big.Rat // the rounding radius of the value ("t = 0.33")
	why   string
}

type scope struct {
	from     pos
	poisoned string
	binds    []nameEvent
}

// bindings records, for each name, the scopes of the chain.
type bindings struct {
	scopes map[string][]scope
}

func (b *bindings) lookup(name string, at pos) (arith.Value, string) {
	scs := b.scopes[name]
	var cur *scope
	for i := range scs {
		if scs[i].from.before(at) || scs[i].from == at {
			cur = &scs[i]
		}
	}
	if cur == nil {
		return arith.Value{}, unbound(name)
	}
	if cur.poisoned != "" {
		return arith.Value{}, "the name " + name + " cannot be trusted: " + cur.poisoned
	}
	var v arith.Value
	for _, e := range cur.binds {
		if e.at.before(at) {
			v = arith.Value{V: e.value, R: e.rad}
		}
	}
	if v.V == nil {
		return arith.Value{}, unbound(name)
	}
	return v, ""
}

// unbound is why a name with no value bound before it is not read.
func unbound(name string) string {
	return "the name " + name + " is not bound to a number earlier in the chain"
}

func buildBindings(events []nameEvent) *bindings {
	sort.SliceStable(events, func(i, j int) bool { return events[i].at.before(events[j].at) })
	b := &bindings{scopes: map[string][]scope{}}
	for _, e := range events {
		scs := b.scopes[e.name]
		if e.intro || len(scs) == 0 {
			scs = append(scs, scope{from: e.at})
			if e.intro {
				b.scopes[e.name] = scs
				continue
			}
		}
		cur := &scs[len(scs)-1]
		switch {
		case e.value == nil:
			if cur.poisoned == "" {
				cur.poisoned = e.why
			}
		default:
			for _, o := range cur.binds {
				if cur.poisoned == "" && o.value.Cmp(e.value) != 0 { // no comparing once poisoned
					cur.poisoned = fmt.Sprintf("it is given two values (%s and %s)", arith.RatString(o.value), arith.RatString(e.value))
				}
			}
			cur.binds = append(cur.binds, e)
		}
		b.scopes[e.name] = scs
	}
	// A scope starts at its first event; a binding is usable only after it.
	return b
}

type stepScan struct {
	text  string
	toks  []mathtext.Tok
	skip  string // the whole step is left alone
	sc    *mathtext.Scan
	dr    *discourse.Reading
	sides [][]*arith.SideInfo
	rels  [][]string
}

// Translate builds the obligations of a chain without checking them:
// every verdict is Unknown ("not checked"). It is TranslateProblem with no
// problem: every decimal of the steps may be a rounding.
func (t *Translator) Translate(id string, steps []string) ChainResult {
	return t.TranslateProblem(id, "", steps)
}

// TranslateProblem is Translate for the steps of a solution to problem:
// a decimal the problem states, and the ratios of its percentages (5%:
// 0.05, 0.95, 1.05), are exact where a step computes with them
// (problem.go). The problem is read, never executed; an empty problem is
// Translate.
func (t *Translator) TranslateProblem(id, problem string, steps []string) ChainResult {
	pdefs, pkey := symdefs.ProblemDefs(problem)
	pl := &problemLex{text: problem} // lexed once for the three readers of its tokens
	return t.translate(id, problemCtx{exact: arith.ProblemExactsLexed(problem, pl.tokens), defs: pdefs, defsKey: pkey, text: problem, conv: worldfact.Conventions(problem), pct: readStated(problem), cp: symdefs.ReadChainProblemIn(problem, pl.mathRegions), ties: freenames.ProblemIn(problem, pl.mathRegions, pdefs)}, steps, true)
}

// translate is TranslateProblem with the problem's exact values read;
// with resume, it starts after the longest prefix of steps whose context
// Options.ContextCache keeps for the same exact values, when the steps
// after it leave that prefix's translation as it was (contextcache.go).
func (t *Translator) translate(id string, pc problemCtx, steps []string, resume bool) ChainResult {
	exact := pc.exact
	lim := t.limits
	scans := make([]stepScan, len(steps))
	cc := t.opts.ContextCache
	key, hashes, cx := cc.lookup(t, pc, steps, resume)
	start := cx.start()
	events := cx.eventsCopy(len(steps) - start)
	for i := start; i < len(steps); i++ {
		text := steps[i]
		if t.opts.ScanCache != nil {
			events = t.opts.ScanCache.reading(text, lim).use(i, text, &scans[i], events)
			continue
		}
		ss := &scans[i]
		ss.text = text
		switch {
		case !utf8.ValidString(text):
			ss.skip = "the step is not valid UTF-8"
			continue
		case len(text) > lim.MaxStepBytes:
			ss.skip = fmt.Sprintf("%s %d bytes", stepTooLong, lim.MaxStepBytes)
			continue
		}
		ss.toks = mathtext.Lex(text, lim.MaxDigits)
		ss.sc = mathtext.BuildRuns(text, ss.toks)
		ss.dr = discourse.Read(text, ss.toks)
		if n := len(ss.sc.Runs); n > 0 {
			ss.sides, ss.rels = make([][]*arith.SideInfo, 0, n), make([][]string, 0, n)
		}
		for _, r := range ss.sc.Runs {
			sides, rels := arith.SplitRun(r, lim.MaxExponent)
			dropContext(r, sides, rels)
			ss.sides = append(ss.sides, sides)
			ss.rels = append(ss.rels, rels)
			if ev, ok := bindingEvent(i, r, sides, rels, ss.sc, ss.dr, lim); ok {
				events = append(events, ev)
			}
		}
		events = append(events, introEvents(i, ss.sc)...)
	}
	binds := buildBindings(events)
	defs := symdefs.MarkImaginary(symdefs.MarkProducts(symdefs.ChainDefsWith(pc.defs, steps, symbolic.ChainDefs(steps)), pc.text, steps), pc.text, steps)
	if !cx.holds(binds, defs) {
		return t.translate(id, pc, steps, false)
	}
	cc.count(cx != nil)

	res := ChainResult{ID: id, Steps: make([]StepResult, len(steps))}
	total := 0
	modular := problemModularity(exact)
	sym := symbolic.State{Defs: maps.Clone(defs), Problem: pc.cp, Ties: pc.ties} // recordDef writes Defs; defs stays chainDefs'
	cx.restore(res.Steps, &total, &modular, &sym)
	for i := start; i < len(scans); i++ {
		ss := &scans[i]
		sr := StepResult{Index: i, Text: ss.text, Verdict: StepNone, Obligations: []Obligation{}}
		if ss.skip != "" {
			sr.Skipped = append(sr.Skipped, Skipped{Span: Span{Start: 0, End: 0}, Reason: ss.skip,
				Limit: strings.HasPrefix(ss.skip, stepTooLong)})
			res.Steps[i] = sr
			sym = sym.Fresh(ss.text)
			continue
		}
		sr.Skipped = append(sr.Skipped, ss.sc.Skipped...)
		modular.note(ss.sc)
		claims := 0
		stepExact := exact.WithStepPercents(ss.toks)
		exactWord, exactRead := "", false // the step's word asking for an exact value, read at its first claim
		for ri, r := range ss.sc.Runs {
			sides, rels := ss.sides[ri], ss.rels[ri]
			isBinding := len(rels) > 0 && rels[0] == "=" && sides[0].OK() && isLoneVar(sides[0].N)
			runDoubt, mixed := ss.sc.ComputationDoubtAt(r.Sentence, r.S), ""
			if runDoubt == "" {
				runDoubt, mixed = chainDoubt(binds, i, sides, rels, isBinding)
			}
			for k, rel := range rels {
				A, B := sides[k], sides[k+1]
				if k == 0 && isBinding {
					continue
				}
				if k == 0 && len(rels) == 1 && !A.OK() && B.OK() {
					if prev, ok := labelLink(ss, ri); ok {
						A = prev // "Total = 52 + 24. Total = 76."
						if runDoubt == "" && ri > 0 {
							runDoubt = ss.sc.ComputationDoubt(ss.sc.Runs[ri-1].Sentence)
						}
					}
				}
				if !A.OK() || !B.OK() {
					if why, span, ok := failedLink(ss.text, A, B); ok {
						sr.Skipped = append(sr.Skipped, Skipped{Span: span, Reason: why})
					}
					continue
				}
				if total >= lim.MaxClaimsPerChain {
					sr.Skipped = append(sr.Skipped, Skipped{Span: mathtext.SpanOf(ss.text, A.S, B.E), Reason: lim.chainFull(), Limit: true})
					continue
				}
				if claims >= lim.MaxClaimsPerStep {
					sr.Skipped = append(sr.Skipped, Skipped{Span: mathtext.SpanOf(ss.text, A.S, B.E), Reason: lim.stepFull(), Limit: true})
					continue
				}
				doubt := failureDoubt(ss.sc, r, rels, runDoubt)
				if mixed != "" && closedContinuation(k, rels, A, B) {
					doubt = ""
				}
				if m, isLone := arith.Lone(A.N); doubt == "" && k == 0 && isLone && !m.Lit.Percent {
					if v := ss.sc.Sentences[r.Sentence].Plugged; v != nil && v.Cmp(m.Lit.Val) == 0 {
						// "Plugging in 1 we get 1 = √9 + 4": the equation at the
						// value tried, stated to be tested, not a computation.
						doubt = "the equation with the value plugged in, stated to be tested"
					}
				}
				if !exactRead {
					exactWord, exactRead = ss.sc.ExactWord(), true
				}
				c := &arith.ClaimCtx{Step: i, Text: ss.text, Tactic: t.opts.Tactic, MaxBits: lim.MaxBits, MaxExp: lim.MaxExponent,
					Doubt: doubt, Contrast: ss.sc.ContrastAt(r.Sentence, r.S), Modular: modular.why, Moduli: modular.known(), ExactWord: exactWord, Exact: stepExact,
					MidChain: k > 0 && rels[k-1] == "=" && rel == "=" && k+2 == len(sides) && r.PostWord == ""}
				if why := bindClaim(c, binds, pos{i, A.S}, A, B); why != "" {
					sr.Skipped = append(sr.Skipped, Skipped{Span: mathtext.SpanOf(ss.text, A.S, B.E), Reason: why})
					continue
				}
				// A running computation: "5 × 3 = 15 + 2 = 17" means 5 × 3 = 15,
				// then 15 + 2 = 17; the first claim is A = 15.
				if rel == "=" {
					if run, ok := c.Running(A, B); ok {
						if arith.SlashValue(B, run) {
							sr.Skipped = append(sr.Skipped, Skipped{Span: mathtext.SpanOf(ss.text, A.S, B.E),
								Reason: "the text can be read two ways: a/b as one value, or a result carried forward and divided"})
							continue
						}
						sr.Skipped = append(sr.Skipped, Skipped{Span: mathtext.SpanOf(ss.text, A.S, B.E),
							Reason: "a running computation: the right side continues from the left side's result"})
						B = run
					}
				}
				lr := c.Link(A, B, rel)
				if lr.Skip != nil {
					sr.Skipped = append(sr.Skipped, *lr.Skip)
				}
				sr.Obligations = append(sr.Obligations, lr.Obls...)
				claims += len(lr.Obls)
				total += len(lr.Obls)
			}
		}
		// Symbolic claims: identities, transformations, solutions.
		if room := min(lim.MaxClaimsPerStep-claims, lim.MaxClaimsPerChain-total); room > 0 {
			sym.Taken = sym.Taken[:0]
			for _, o := range sr.Obligations {
				sym.Taken = append(sym.Taken, [2]int{o.Span.Start, o.Span.End})
			}
			sym.Doubt = ss.sc.DoubtAny()
			sym.Consts = binds.exactAt(i)
			obls, skipped := t.stepClaims(i, steps, scans, &sym, room, modular.why != "", pc.text, pc.conv, pc.pct)
			sr.Obligations = append(sr.Obligations, obls...)
			sr.Skipped = append(sr.Skipped, skipped...)
			total += len(obls)
		} else {
			sym = sym.Fresh(ss.text)
			// No room for the step's symbolic claims: when it has one, say so (once per step),
			// reading it on a copy of the state the chain no longer uses.
			full := Skipped{Span: Span{Start: 0, End: len(ss.text)}, Reason: lim.stepFull(), Limit: true}
			if total >= lim.MaxClaimsPerChain {
				full.Reason = lim.chainFull()
			}
			if !slices.ContainsFunc(sr.Skipped, func(s Skipped) bool { return s.Reason == full.Reason }) {
				probe := symbolic.State{Defs: maps.Clone(sym.Defs), Doubt: ss.sc.DoubtAny(), Consts: binds.exactAt(i)}
				for _, o := range sr.Obligations {
					probe.Taken = append(probe.Taken, [2]int{o.Span.Start, o.Span.End})
				}
				if obls, _ := t.symReader().Claims(i, ss.text, ss.toks, &probe, 1, modular.why != ""); len(obls) > 0 {
					sr.Skipped = append(sr.Skipped, full)
				}
			}
		}
		assertedOnly(&sr, ss.dr)
		for j := range sr.Obligations {
			if sr.Obligations[j].Verdict == "" {
				sr.Obligations[j].Verdict, sr.Obligations[j].Reason = Unknown, "not checked"
			}
		}
		sr.Skipped = dropDecided(sr.Skipped, sr.Obligations)
		sr.Whole = wholeStep(ss.text, sr.Obligations, sr.Skipped)
		res.Steps[i] = sr
	}
	if start < len(steps) {
		cc.keep(key, steps, hashes, cx, res, events, binds, defs, total, modular, sym)
	}
	res.Warnings = append(res.Warnings, LimitWarnings(res.Steps)...)
	return res
}

// stepTooLong begins the reason of a step left alone for its length.
const stepTooLong = "not checked: the step is longer than"

// chainFull and stepFull are the reasons of claims left unchecked by the obligation limits.
func (l Limits) chainFull() string {
	return fmt.Sprintf("not checked: the chain reached its limit of %d obligations (translate.max_chain_obligations)", l.MaxClaimsPerChain)
}

func (l Limits) stepFull() string {
	return fmt.Sprintf("not checked: the step reached its limit of %d obligations", l.MaxClaimsPerStep)
}

// LimitWarnings are the chain's warnings for the parts of steps a limit left unchecked: one
// per reason, naming the steps (1-based) it touched.
func LimitWarnings(steps []StepResult) []string {
	var order []string
	at := map[string][]string{}
	for _, s := range steps {
		for _, sk := range s.Skipped {
			if !sk.Limit {
				continue
			}
			if _, ok := at[sk.Reason]; !ok {
				order = append(order, sk.Reason)
			}
			if n := strconv.Itoa(s.Index + 1); !slices.Contains(at[sk.Reason], n) {
				at[sk.Reason] = append(at[sk.Reason], n)
			}
		}
	}
	out := make([]string, len(order))
	for i, r := range order {
		word := "step "
		if len(at[r]) > 1 {
			word = "steps "
		}
		out[i] = word + strings.Join(at[r], ", ") + ": " + r
	}
	return out
}

// failedLink explains a relation whose sides could not both be read,
// when there was something numeric on it at all.
func failedLink(text string, A, B *arith.SideInfo) (string, Span, bool) {
	numeric := func(s *arith.SideInfo) bool {
		for _, it := range s.Items {
			if it.K == mathtext.TNum || it.K == mathtext.TPoison {
				return true
			}
		}
		return false
	}
	if !numeric(A) && !numeric(B) {
		return "", Span{}, false
	}
	s, e := A.S, B.E
	if len(A.Items) == 0 {
		s = B.S
	}
	if len(B.Items) == 0 {
		e = A.E
	}
	why := A.Err
	if why == "" {
		why = B.Err
	}
	if !A.OK() && len(A.Items) == 0 || !B.OK() && len(B.Items) == 0 {
		why = "one side of the relation is prose"
	}
	return why, mathtext.SpanOf(text, s, e), true
}

// bindClaim resolves the names of claim c into at most one hypothesis.
func bindClaim(c *arith.ClaimCtx, b *bindings, at pos, A, B *arith.SideInfo) string {
	names := arith.VarsOf(&arith.BinNode{Op: '+', L: A.N, R: B.N})
	if len(names) == 0 {
		return ""
	}
	if len(names) > 1 {
		return "more than one name in the claim (the dialect carries one hypothesis)"
	}
	v, why := b.lookup(names[0], at)
	if why != "" {
		return why
	}
	c.Vars = map[string]arith.Value{names[0]: v}
	c.Hyp = &Hypothesis{Name: names[0], Var: "v1", Hyp: "h1", Value: arith.RatString(v.V), Step: -1}
	// The step that bound it, for the record.
	for _, sc := range b.scopes[names[0]] {
		for _, e := range sc.binds {
			if e.at.before(at) && e.value != nil && e.value.Cmp(v.V) == 0 {
				c.Hyp.Step = e.at.step
			}
		}
	}
	return ""
}

// dropContext removes sides that prose around the run makes unsafe.
func dropContext(r mathtext.Run, sides []*arith.SideInfo, rels []string) {
	if len(sides) == 0 {
		return
	}
	first := sides[0]
	if first.OK() && r.DropFirst != "" {
		first.N, first.Err = nil, r.DropFirst
	}
	if first.OK() && r.PreSep == mathtext.SepMath && mathtext.OpWords[r.MathWord] {
		// "\((6 + 4 - 1)\) choose \((4 - 1) = 9\)": the math after a word
		// operator is its operand, whatever the delimiters between.
		first.N, first.Err = nil, "the expression is an operand of \""+r.MathWord+"\""
	}
	if first.OK() && r.PreSep == "" && len(r.PreWords) > 0 {
		w := r.PreWords[len(r.PreWords)-1]
		math := len(first.Items) > 0 && first.Items[0].Math
		_, isLone := arith.Lone(first.N)
		switch {
		case math:
			first.N, first.Err = nil, "a word before the expression (\""+w+"\")"
		case isLone:
			first.N, first.Err = nil, "a number inside prose (\""+w+" …\"), not an expression"
		case mathtext.OpWords[w]:
			first.N, first.Err = nil, "the expression is an operand of \""+w+"\""
		case (w == "to" || w == "by") && anyOf(r.PreWords, mathtext.VerbWords):
			first.N, first.Err = nil, "the expression is an operand of \""+w+"\""
		case w == "of" && len(r.PreWords) >= 2 && mathtext.FractionWords[r.PreWords[len(r.PreWords)-2]]:
			first.N, first.Err = nil, "the expression is an operand of \""+r.PreWords[len(r.PreWords)-2]+" of\""
		case len(first.Items) > 0 && first.Items[0].K == mathtext.TOp && first.Items[0].Text == "-" && len(first.Items) > 1 && first.Items[1].SpaceBefore:
			first.N, first.Err = nil, "a minus sign continuing the prose"
		}
	}
	if first.OK() && first.Items[0].K == mathtext.TOpen && r.PreSep == "" && len(r.PreWords) > 0 {
		// "f(5) - 1", "c_v (8 - 4)": a bracket after a name is an
		// argument or a factor of something the run does not hold.
		w := r.PreWords[len(r.PreWords)-1]
		if !first.Items[0].SpaceBefore || len(w) == 1 {
			first.N, first.Err = nil, "a bracket after a name (\""+w+"\"): a function or a factor"
		}
	}
	if first.OK() && len(first.Items) > 1 && first.Items[0].K == mathtext.TOp {
		// "… bikes + 12 - 18 = 45", "(rst) + 3 = -19": something the
		// run does not hold was the first operand. Only a minus sign
		// glued to its number starts an expression.
		op := first.Items[0]
		if !(op.Text == "-" && !first.Items[1].SpaceBefore) {
			first.N, first.Err = nil, "an operator continuing something before it"
		}
	}
	if first.OK() && len(rels) > 0 {
		if m, isLone := arith.Lone(first.N); isLone {
			// "8 batches = 5.5 * 8": a quantity named, then computed.
			if m.UnitText != "" && m.UnitText != "$" {
				first.N, first.Err = nil, "a quantity with a unit as the first side (a label)"
			}
			// A lone number is a claim's side only at a clean boundary.
			if first.OK() && !(r.PreSep == mathtext.SepSentence || r.PreSep == mathtext.SepNewline || r.PreSep == mathtext.SepQuestion || r.PreSep == mathtext.SepColon ||
				r.PreSep == mathtext.SepMath || r.PreSep == "" && len(r.PreWords) == 0) {
				first.N, first.Err = nil, "a number after \""+r.PreSep+"\" punctuation, not an expression"
			}
		}
	}
	last := sides[len(sides)-1]
	if last.OK() && r.PostWord != "" && (mathtext.Modifiers[r.PostWord] || r.PostWord == "than") {
		last.N, last.Err = nil, "the value is followed by \""+r.PostWord+"\""
	}
}

// bindingEvent reads "x = 5" (and "x = 10/2 = 5") as a binding.
func bindingEvent(step int, r mathtext.Run, sides []*arith.SideInfo, rels []string, sc *mathtext.Scan, dr *discourse.Reading, lim Limits) (nameEvent, bool) {
	if len(rels) == 0 || rels[0] != "=" && rels[0] != "≈" || !sides[0].OK() {
		return nameEvent{}, false
	}
	v, ok := sides[0].N.(*arith.VarNode)
	if !ok {
		return nameEvent{}, false
	}
	ev := nameEvent{at: pos{step, v.S}, name: v.Name}
	if rels[0] == "≈" {
		// "k ≈ 44.7, so the least integer is k = 45": the name stands for
		// a value the text only approximates; an exact value given to it
		// later is another quantity (a rounding, a choice).
		ev.why = "it is given an approximate value (≈)"
		return ev, true
	}
	if dr.InHead(v.S) {
		ev.why = "it is bound in a conditional or a case head (\"if x = …,\", \"for x = …:\"): it holds for that case only"
		return ev, true
	}
	if h := sc.Sentences[r.Sentence].Hypothetical; h != "" {
		ev.why = "it is bound in a conditional or tentative sentence (\"" + h + "\")"
		return ev, true
	}
	if len(r.PreWords) > 0 && mathtext.HypotheticalWords[r.PreWords[len(r.PreWords)-1]] {
		ev.why = "it is bound after \"" + r.PreWords[len(r.PreWords)-1] + "\""
		return ev, true
	}
	env := &arith.EvalEnv{MaxBits: lim.MaxBits, MaxExp: lim.MaxExponent}
	var val, rad *big.Rat
	for k := 1; k < len(sides); k++ {
		if k > 1 && rels[k-1] != "=" {
			break
		}
		s := sides[k]
		if !s.OK() || len(arith.VarsOf(s.N)) > 0 {
			if k == 1 {
				ev.why = "it is defined by an expression that is not a number"
				return ev, true
			}
			break
		}
		for k, sym := range arith.AltKinds(s.N) {
			if sym {
				ev.why = "its value depends on a reading the text leaves open (" + k + ")"
				return ev, true
			}
		}
		x, err := env.Eval(s.N)
		if err == nil && x.Inf {
			err = errors.New("a rounded divisor leaves it unbounded")
		}
		if err != nil {
			if k == 1 {
				ev.why = "its value cannot be computed (" + err.Error() + ")"
				return ev, true
			}
			break
		}
		if val != nil && val.Cmp(x.V) != 0 {
			ev.why = "its chain of values disagrees"
			return ev, true
		}
		val, rad = x.V, x.R
	}
	ev.rad = rad
	ev.value = val
	return ev, true
}

// introEvents finds "let x be", "x denotes": the name starts afresh.
func introEvents(step int, sc *mathtext.Scan) []nameEvent {
	var out []nameEvent
	toks := sc.Toks
	for i := range toks {
		t := &toks[i]
		name := ""
		switch {
		case t.K == mathtext.TVar:
			name = t.Text
		case t.K == mathtext.TWord && len(t.Text) == 1 && t.Text != "a" && t.Text != "i" && !t.Math:
			name = t.Text
		default:
			continue
		}
		prev, next := neighbour(toks, i, -1), neighbour(toks, i, +1)
		prevWord := prev != nil && prev.K == mathtext.TWord && (prev.Text == "let" || prev.Text == "define" ||
			prev.Text == "denote" || prev.Text == "call" || prev.Text == "letting")
		nextRel := next != nil && next.K == mathtext.TRel
		nextIntro := next != nil && next.K == mathtext.TWord && mathtext.IntroWords[next.Text]
		if prevWord && !nextRel || nextIntro {
			out = append(out, nameEvent{at: pos{step, t.S}, name: name, intro: true})
		}
	}
	return out
}

// neighbour is the token next to i in direction d, looking through math
// delimiters ("let \( x \) be").
func neighbour(toks []mathtext.Tok, i, d int) *mathtext.Tok {
	for j := i + d; j >= 0 && j < len(toks); j += d {
		if toks[j].K == mathtext.TSep && toks[j].Text == mathtext.SepMath {
			continue
		}
		return &toks[j]
	}
	return nil
}

func anyOf(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}

// labelsInSum reports a side ending in a name right before "=" whose next
// side starts with a number and goes on with an operator.
func labelsInSum(sides []*arith.SideInfo) bool {
	for k := 1; k+1 < len(sides); k++ {
		a, b := sides[k].Items, sides[k+1].Items
		if len(a) < 2 || len(b) < 2 {
			continue
		}
		if a[len(a)-1].K == mathtext.TVar && a[len(a)-2].K == mathtext.TOp && b[0].K == mathtext.TNum && b[1].K == mathtext.TOp {
			return true
		}
	}
	return false
}

func mixedRelations(rels []string) bool {
	eq, other := false, false
	for _, r := range rels {
		if r == "=" || r == "≈" {
			eq = true
		} else {
			other = true
		}
	}
	return eq && other
}

// symbolicNames lists the names of a side, read or not.
func symbolicNames(s *arith.SideInfo) []string {
	if s.OK() {
		return arith.VarsOf(s.N)
	}
	var out []string
	for _, it := range s.Items {
		if it.K == mathtext.TVar {
			out = append(out, it.Text)
		}
	}
	return out
}

// chainDoubt says why the pairing of a chain's sides is in doubt, or "";
// mixed is set (to the same reason) when the doubt is that of a chain
// mixing = with an inequality, which closedContinuation may lift.
func chainDoubt(binds *bindings, step int, sides []*arith.SideInfo, rels []string, isBinding bool) (why, mixed string) {
	// "A=1 + B=2 + C=3 = 6": names used as labels inside a sum.
	if labelsInSum(sides) {
		return "names used as labels inside a sum (\"A=1 + B=2\")", ""
	}
	// "x > A - 1 = 30" (the area where x > A - 1 is 30): a chain mixing
	// an inequality with equalities around a name it cannot evaluate.
	if !mixedRelations(rels) {
		return "", ""
	}
	for k, side := range sides {
		if k == 0 && isBinding {
			continue
		}
		for _, name := range symbolicNames(side) {
			if _, why := binds.lookup(name, pos{step, side.S}); why != "" {
				why = "a chain mixing = with an inequality around a name it cannot evaluate (" + name + ")"
				return why, why
			}
		}
	}
	return "", ""
}

// closedContinuation reports an "=" link between two sides without names
// that continues an "=" link ("… ≥ (a + b)^2 = (17 - 1)^2 = 49^2"): a
// computation after the names are substituted, which the doubt of a chain
// mixing = with an inequality does not reach. A closed link right after
// the inequality ("x > 5 - 1 = 30", the area where x > 4 is 30) stays held.
func closedContinuation(k int, rels []string, A, B *arith.SideInfo) bool {
	return k > 0 && rels[k-1] == "=" && rels[k] == "=" && len(symbolicNames(A)) == 0 && len(symbolicNames(B)) == 0
}

// symReader is the symbolic reader under the translator's tactics.
func (t *Translator) symReader() *symbolic.Reader {
	return &symbolic.Reader{Tactic: t.opts.Tactic, IDTactic: t.opts.IdentityTactic}
}
