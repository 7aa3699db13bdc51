package translate

import (
	"github.com/leanprm/leanprm/translate/internal/arith"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/ageyear"
	"github.com/leanprm/leanprm/translate/internal/arithfn"
	"github.com/leanprm/leanprm/translate/internal/chainbound"
	"github.com/leanprm/leanprm/translate/internal/closednote"
	"github.com/leanprm/leanprm/translate/internal/commonfac"
	"github.com/leanprm/leanprm/translate/internal/deckfact"
	"github.com/leanprm/leanprm/translate/internal/divchain"
	"github.com/leanprm/leanprm/translate/internal/enumcount"
	"github.com/leanprm/leanprm/translate/internal/eqrewrite"
	"github.com/leanprm/leanprm/translate/internal/expsample"
	"github.com/leanprm/leanprm/translate/internal/factclaim"
	"github.com/leanprm/leanprm/translate/internal/finalans"
	"github.com/leanprm/leanprm/translate/internal/fnsubst"
	"github.com/leanprm/leanprm/translate/internal/groupeval"
	"github.com/leanprm/leanprm/translate/internal/hugepow"
	"github.com/leanprm/leanprm/translate/internal/ivalclaim"
	"github.com/leanprm/leanprm/translate/internal/legendre"
	"github.com/leanprm/leanprm/translate/internal/liketerms"
	"github.com/leanprm/leanprm/translate/internal/linsolved"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/listrange"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/matrixeq"
	"github.com/leanprm/leanprm/translate/internal/piapprox"
	"github.com/leanprm/leanprm/translate/internal/plusminus"
	"github.com/leanprm/leanprm/translate/internal/polyangle"
	"github.com/leanprm/leanprm/translate/internal/ratecopy"
	"github.com/leanprm/leanprm/translate/internal/recfn"
	"github.com/leanprm/leanprm/translate/internal/repdec"
	"github.com/leanprm/leanprm/translate/internal/restate"
	"github.com/leanprm/leanprm/translate/internal/roundword"
	"github.com/leanprm/leanprm/translate/internal/rowop"
	"github.com/leanprm/leanprm/translate/internal/substint"
	"github.com/leanprm/leanprm/translate/internal/symatom"
	"github.com/leanprm/leanprm/translate/internal/symbolic"
	"github.com/leanprm/leanprm/translate/internal/symrewrite"
	"github.com/leanprm/leanprm/translate/internal/symsolved"
	"github.com/leanprm/leanprm/translate/internal/tuplesat"
	"github.com/leanprm/leanprm/translate/internal/unityroot"
	"github.com/leanprm/leanprm/translate/internal/valprop"
	"github.com/leanprm/leanprm/translate/internal/wordcmp"
	"github.com/leanprm/leanprm/translate/internal/wordseq"
	"github.com/leanprm/leanprm/translate/internal/worldfact"
	"github.com/leanprm/leanprm/translate/obligation"
)

// stepClaims is the symbolic reader's claims of step i, then the
// rearrangements in the value of a function of a name that it leaves
// alone (package symatom), within the room left.
func (t *Translator) stepClaims(i int, steps []string, scans []stepScan, sym *symbolic.State, room int, modular bool, problem, conv string, pct statedFacts) ([]obligation.Obligation, []obligation.Skipped) {
	ss := &scans[i]
	obls, skipped := t.symReader().Claims(i, ss.text, ss.toks, sym, room, modular)
	for j := range obls {
		o := &obls[j]
		// The value of sin θ read as a name (symexpr/atoms.go): an
		// implication with no solution of its premise that the value can
		// take, failing the conclusion, may hold for every θ (sin²θ = 4
		// has none), though it fails over the rationals.
		if o.Kind == obligation.KindImplication && o.WhyDisproof == "" && o.OnDisproof == obligation.Refuted && atomCallRE.MatchString(o.Expr) {
			o.OnDisproof, o.Note = obligation.Unknown, "no solution of the first equation that the function's value takes fails the second: the step may hold for every value it takes"
		}
		if pluggedTest(ss, o) {
			o.OnDisproof, o.Note = obligation.Unknown, pluggedNote
		}
		if a := atomName(o.Expr); a != "" && atomHasName(a) && o.Kind != obligation.KindIdentity && !strings.Contains(o.Note, "read as a quantity") {
			o.Note = strings.TrimPrefix(o.Note+"; "+a+" read as a quantity of its own, v1, which takes "+atomValues(a), "; ")
		}
	}
	obls = dropRepeats(obls)
	if len(obls) >= room {
		return obls, skipped
	}
	var prev string
	var prevToks = ss.toks[:0]
	if i > 0 && scans[i-1].skip == "" {
		prev, prevToks = scans[i-1].text, scans[i-1].toks
		if scans[i-1].sc == nil {
			// a step the context cache kept is not scanned again: its text
			// is read here as the scan would, so both paths agree
			prev, prevToks = t.unscanned(steps[i-1])
		}
	}
	for _, o := range symatom.Read(i, prev, ss.text, prevToks, ss.toks, t.opts.Tactic, t.opts.IdentityTactic) {
		if len(obls) >= room || taken(obls, o.Span) {
			break
		}
		obls = append(obls, o)
	}
	if !modular {
		// Values stated for several names: the refutation's span reaches
		// back to its equation, which other claims may share.
		for _, f := range symsolved.Read(i, prev, prevToks, ss.text, ss.toks, ss.dr, t.opts.Tactic) {
			if len(obls) >= room || taken(obls, f.Values) {
				break
			}
			obls = append(obls, f.Obligation)
		}
	}
	if !modular {
		// A value solving the linear equation in plain text just before it,
		// decimals read (package linsolved).
		for _, o := range linsolved.Read(i, prev, ss.text, t.opts.Tactic, t.opts.IdentityTactic) {
			if len(obls) >= room || taken(obls, o.Span) {
				break
			}
			obls = append(obls, o)
		}
	}
	// Facts of the calendar, of units of time, of digits and of remainders stated in words.
	facts := append(worldfact.Read(i, ss.text, conv, t.opts.Tactic), worldfact.ReadDigits(i, ss.text, t.opts.Tactic)...)
	facts = append(facts, worldfact.ReadPlaceDigits(i, ss.text, t.opts.Tactic)...)
	for _, o := range append(facts, worldfact.ReadRemainders(i, ss.text, t.opts.Tactic)...) {
		if len(obls) >= room || taken(obls, o.Span) {
			break
		}
		obls = append(obls, o)
	}
	// Comparisons in words between closed values (package wordcmp): their span holds a side's own
	// computation ("\(20 \times 19 = 380\) is greater than 2019"), so only another comparison
	// over the same text keeps one out.
	for _, o := range wordcmp.Read(i, ss.text, t.opts.Tactic) {
		if len(obls) >= room {
			break
		}
		if !comparedAt(obls, o.Span) {
			obls = append(obls, o)
		}
	}
	for _, o := range symrewrite.Read(i, prev, ss.text, prevToks, ss.toks, sym.Consts, sym.Doubt, modular, t.opts.Tactic, t.opts.IdentityTactic) {
		if len(obls) < room && !taken(obls, o.Span) {
			obls = append(obls, o) // an expression written alone and rewritten (symrewrite)
		}
	}
	for _, o := range enumcount.Read(i, ss.text, t.opts.Tactic) {
		if len(obls) < room && !taken(obls, o.Span) {
			obls = append(obls, o) // a count stated with its enumeration (enumcount)
		}
	}
	// The readers of claims in words, in this order: a rounding stated in words (roundword), a
	// value restated (restate), a price per item copied from the problem with another value
	// (ratecopy), φ(N), d(N), σ(N) at a number (arithfn), values listed against the range stated
	// with them (listrange), values listed against a condition stated with them (listcond), a
	// property said of the value just written (valprop), an inequality said to hold on stated
	// intervals and the smallest or largest integer said to satisfy an inequality (ivalclaim), an
	// equality of closed values written with ± (plusminus), an equality of matrices with closed
	// entries (matrixeq), a row operation stated in words against the matrices around it (rowop),
	// a power said to divide a factorial or a count of its factors of a prime (legendre), an
	// approximation of a value in π, or one set equal to a number (piapprox), the final answer to a problem that asks for one
	// expression (finalans), a repeating decimal stated as the value of a closed number (repdec;
	// none where the problem or a step so far names another base), a power of 0, 1 or -1 with an exponent too large to compute (hugepow), a closed
	// link in absolute values, numerals in a base or a progression with an ellipsis (closednote),
	// tuples listed as satisfying the problem's equation (tuplesat), a name between closed bounds
	// that no value fits (chainbound), like terms of one monomial collected (liketerms), a bracket
	// computed wrongly in a rewriting that copies the rest (groupeval), a rewriting with a name in an
	// exponent that fails at a whole value of the name (expsample), a functional equation at values
	// set (fnsubst), a term of a sequence the problem defines in words stated by its place
	// (wordseq), values of a function the problem defines by the parity of its argument (recfn),
	// an equation rewritten from the one before (eqrewrite), a value put into an equation said to
	// give no integer for the other name (substint), an age stated for a year against the year of
	// birth the step states (ageyear).
	for _, read := range [][]obligation.Obligation{
		roundword.Read(i, prev, ss.text, t.opts.Tactic),
		restate.Read(i, ss.text, t.opts.Tactic),
		restate.ReadPercent(i, ss.text, pct.pct, t.opts.Tactic),
		ratecopy.Read(i, ss.text, pct.rates, t.opts.Tactic),
		arithfn.Read(i, prev, ss.text, t.opts.Tactic),
		listrange.Read(i, ss.text, t.opts.Tactic),
		listcond.Read(i, ss.text, t.opts.Tactic),
		valprop.Read(i, ss.text, t.opts.Tactic),
		ivalclaim.Read(i, ss.text, t.opts.Tactic),
		ivalclaim.ReadExtremal(i, ss.text, t.opts.Tactic),
		plusminus.Read(i, ss.text, t.opts.Tactic),
		matrixeq.Read(i, ss.text, t.opts.Tactic),
		rowop.Read(i, prev, ss.text, t.opts.Tactic),
		legendre.Read(i, ss.text, t.opts.Tactic),
		piapprox.Read(i, problem, steps[:i], ss.text, t.opts.Tactic),
		piapprox.ReadEq(i, problem, steps[:i], ss.text, t.opts.Tactic),
		finalans.Read(i, problem, ss.text, t.opts.Tactic),
		repdec.Read(i, ss.text, otherBaseAt(problem, steps, i), t.opts.Tactic),
		hugepow.Read(i, ss.text, t.opts.Tactic),
		closednote.Read(i, problem, prev, ss.text, t.opts.Tactic),
		tuplesat.Read(i, problem, prev, ss.text, t.opts.Tactic),
		chainbound.Read(i, ss.text, t.opts.Tactic),
		liketerms.Read(i, ss.text, t.opts.Tactic, t.opts.IdentityTactic),
		groupeval.Read(i, ss.text, t.opts.Tactic),
		expsample.Read(i, ss.text, t.opts.Tactic),
		fnsubst.Read(i, problem, steps[:i], ss.text, t.opts.Tactic, t.opts.IdentityTactic),
		wordseq.Read(i, problem, steps[:i], ss.text, t.opts.Tactic),
		recfn.Read(i, problem, steps[:i], ss.text, t.opts.Tactic),
		eqrewrite.Read(i, problem, steps[:i], ss.text, ss.toks, t.opts.Tactic),
		substint.Read(i, ss.text, t.opts.Tactic),
		ageyear.Read(i, ss.text, t.opts.Tactic),
		// Two numbers said to share a factor, or none, and multiples said to be multiples of
		// others (commonfac); a count of the cards of a standard deck (deckfact); the angles or
		// diagonals of a polygon (polyangle).
		commonfac.Read(i, ss.text, t.opts.Tactic),
		commonfac.ReadMultiples(i, ss.text, t.opts.Tactic),
		// The divisibility link that ends an "=" chain of closed integers (divchain).
		divchain.Read(i, ss.text, t.opts.Tactic),
		deckfact.Read(i, problem, ss.text, t.opts.Tactic),
		polyangle.Read(i, problem, ss.text, t.opts.Tactic),
	} {
		for _, o := range read {
			if len(obls) < room && !taken(obls, o.Span) {
				obls = append(obls, o)
			}
		}
	}
	// A closed chain with fractions, factorials or binomials written outside math delimiters
	// (factclaim): its links share members, so only the other readers' spans are checked,
	// and of the arithmetic reader's links only one that holds or lies in this one.
	other := len(obls)
	for _, o := range factclaim.Read(i, ss.text, t.opts.Tactic) {
		nested := func(sp [2]int) bool {
			return sp[0] <= o.Span.Start && o.Span.End <= sp[1] || o.Span.Start <= sp[0] && sp[1] <= o.Span.End
		}
		if len(obls) < room && !taken(obls[:other], o.Span) && !slices.ContainsFunc(sym.Taken, nested) {
			obls = append(obls, o)
		}
	}
	// A chain computed under a form the step gives the function (fnsubst.ReadForms): its links
	// share members with the symbolic reader's links of the chain, so only a claim over the same
	// text, or one inside it or around it, keeps it out.
	for _, o := range fnsubst.ReadForms(i, problem, steps[:i], ss.text, t.opts.Tactic, t.opts.IdentityTactic) {
		within := func(x obligation.Obligation) bool {
			return x.Span.Start >= o.Span.Start && x.Span.End <= o.Span.End || o.Span.Start >= x.Span.Start && o.Span.End <= x.Span.End
		}
		if len(obls) < room && !slices.ContainsFunc(obls, within) {
			obls = append(obls, o)
		}
	}
	// An equality in a nonreal cube root of unity the problem declares (unityroot): the symbolic
	// reader may read ω as a name and decide the chain's first links, so, as above, only a claim
	// over the same text, or one inside it or around it, keeps its link out.
	for _, o := range unityroot.Read(i, problem, steps[:i], ss.text, t.opts.Tactic) {
		within := func(x obligation.Obligation) bool {
			return x.Span.Start >= o.Span.Start && x.Span.End <= o.Span.End || o.Span.Start >= x.Span.Start && o.Span.End <= x.Span.End
		}
		if len(obls) < room && !slices.ContainsFunc(obls, within) {
			obls = append(obls, o)
		}
	}
	return obls, skipped
}

// otherBaseAt reports whether the problem or a step up to step i names a
// base other than ten: a repeating decimal there may be written in that
// base (package repdec). Only a step with a bar over digits can hold one,
// so the others are not searched.
func otherBaseAt(problem string, steps []string, i int) bool {
	if !strings.Contains(steps[i], `\overline`) && !strings.Contains(steps[i], `\bar`) {
		return false
	}
	if repdec.OtherBase(problem) {
		return true
	}
	return slices.ContainsFunc(steps[:i+1], repdec.OtherBase)
}

// statedFacts is what the problem states of its groups' percentages
// (restate.ProblemFacts) and of its prices per item (ratecopy.ProblemRates),
// for the readers of restated values.
type statedFacts struct {
	pct   restate.Facts
	rates ratecopy.Rates
}

// readStated reads the problem's statedFacts.
func readStated(problem string) statedFacts {
	return statedFacts{pct: restate.ProblemFacts(problem), rates: ratecopy.ProblemRates(problem)}
}

// Key is the facts as a string, for a cache key.
func (f statedFacts) Key() string { return f.pct.Key() + "|" + f.rates.Key() }

// isLoneVar reports a side that is one name.
func isLoneVar(n arith.Node) bool {
	_, ok := n.(*arith.VarNode)
	return ok
}

// atomCallRE is the value of a trigonometric function of a name written
// as a name ("sin(θ)").
var atomCallRE = regexp.MustCompile(`\b(?:sin|cos|tan|cot|sec|csc)\(`)

// dropRepeats drops an obligation in a trigonometric value that repeats
// one before it (the same span, kind and claim): a link the notation
// reader decided as an identity of the tangent half-angle is read again
// once its values are names, with the same verdict.
func dropRepeats(obls []obligation.Obligation) []obligation.Obligation {
	if len(obls) < 2 {
		return obls // nothing to repeat
	}
	type claimKey struct {
		start, end int
		kind       obligation.Kind
		expr       string
	}
	seen := map[claimKey]bool{}
	out := obls[:0]
	for _, o := range obls {
		key := claimKey{o.Span.Start, o.Span.End, o.Kind, o.Expr}
		if seen[key] && atomCallRE.MatchString(o.Expr) {
			continue
		}
		seen[key] = true
		out = append(out, o)
	}
	return out
}

// atomNameRE is the value of a function of a name written as a name
// ("sin(θ)", "log_4(y)"), with an argument in no brackets of its own.
var atomNameRE = regexp.MustCompile(`\b(?:sin|cos|tan|cot|sec|csc|ln|log|log_[0-9]+)\([^()]*\)`)

// atomHasName reports a name in the argument of the atom a: sin(1/9π)
// is a number (symcyclo), no quantity of its own.
func atomHasName(a string) bool {
	return strings.ContainsFunc(strings.ReplaceAll(a[strings.IndexByte(a, '(')+1:], "π", ""), unicode.IsLetter)
}

// atomName is atomNameRE's first match in expr, after a plain search for
// the words it needs (most obligations hold none; the pattern has no
// literal prefix).
func atomName(expr string) string {
	if !mathtext.HasAny(expr, "sin(", "cos(", "tan(", "cot(", "sec(", "csc(", "ln(", "log") {
		return ""
	}
	return atomNameRE.FindString(expr)
}

// atomValues says which values the function of an atom takes.
func atomValues(a string) string {
	switch a[:3] {
	case "sin", "cos":
		return "the values in [-1, 1]"
	case "sec", "csc":
		return "the values outside (-1, 1)"
	}
	return "every value"
}

// comparedAt reports an inequality already read over part of the span.
func comparedAt(obls []obligation.Obligation, sp obligation.Span) bool {
	for _, o := range obls {
		if o.Kind == obligation.KindInequality && o.Span.Start < sp.End && sp.Start < o.Span.End {
			return true
		}
	}
	return false
}

// taken reports an obligation of the step on the span already.
func taken(obls []obligation.Obligation, sp obligation.Span) bool {
	for _, o := range obls {
		if o.Span.Start < sp.End && sp.Start < o.Span.End {
			return true
		}
	}
	return false
}

// unscanned is a step's text and tokens as the scan of translate reads
// them, or "" for a step it leaves alone.
func (t *Translator) unscanned(text string) (string, []mathtext.Tok) {
	if !utf8.ValidString(text) || len(text) > t.limits.MaxStepBytes {
		return "", nil
	}
	return text, mathtext.Lex(text, t.limits.MaxDigits)
}
