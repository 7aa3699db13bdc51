package freenames

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// MaxText bounds a text read for ties: a longer one ties every name.
const MaxText = 1 << 15

// MaxDigits is the lexer's bound on the digits of one literal here; a
// longer literal only makes its piece unreadable, which ties its names.
const MaxDigits = 30

// Ledger holds the names a chain's problem and steps so far tie by a
// relation. The zero Ledger (built from no problem) ties every name. A
// Ledger is never written after it is built: With returns a new one, so
// copies of a state that hold it (the context cache's) share it safely.
// The problem is read when the Ledger is built; each step only when a
// line first asks (Free), once, whoever asks.
type Ledger struct {
	known bool            // built from a problem
	all   bool            // a text too long to read: every name tied
	tied  map[string]bool // the problem's ties, read only
	steps *stepNode       // the steps so far, the last first
}

// stepNode is one step of a Ledger, read at most once.
type stepNode struct {
	prev *stepNode
	text string
	defs map[string]*symexpr.Def // the functions then, a copy no one writes
	once sync.Once
	ties Ties
}

// read returns the step's ties, reading them on the first call.
func (n *stepNode) read() Ties {
	n.once.Do(func() { n.ties = Read(n.text, n.defs) })
	return n.ties
}

// Problem is the Ledger of a chain before its first step: the ties of
// the problem, read with the functions defs the chain substitutes.
func Problem(text string, defs map[string]*symexpr.Def) Ledger { return ProblemIn(text, nil, defs) }

// ProblemIn is Problem with regions, which returns the math regions of the
// text lexed with MaxDigits (nil: the text is lexed here when needed).
func ProblemIn(text string, regions func() []mathtext.Region, defs map[string]*symexpr.Def) Ledger {
	t := readIn(text, regions, defs)
	if t.all {
		return Ledger{known: true, all: true}
	}
	m := map[string]bool{}
	for _, p := range t.pieces {
		for _, n := range p.names {
			m[n] = true
		}
	}
	return Ledger{known: true, tied: m}
}

// With is the Ledger after one more text (a step), to be read with the
// functions defs (copied: the caller may write its map later).
func (l Ledger) With(text string, defs map[string]*symexpr.Def) Ledger {
	if !l.known || l.all {
		return l
	}
	if len(text) > MaxText {
		return Ledger{known: true, all: true}
	}
	if !hasCue(text) {
		return l
	}
	l.steps = &stepNode{prev: l.steps, text: text, defs: maps.Clone(defs)}
	return l
}

// Key names what the problem ties, for a cache of contexts: two Ledgers
// built from problems with one Key tie the same names before the steps.
func (l Ledger) Key() string {
	switch {
	case !l.known:
		return "?"
	case l.all:
		return "*"
	}
	ns := slices.Sorted(maps.Keys(l.tied))
	return strings.Join(ns, ",")
}

// Free reports that no name of names is tied: not by the problem or a
// step so far, and not by a piece of the current step (step, read by
// Read) outside [s, e), the line being judged. A subscripted name is tied
// when its letter is too.
func (l Ledger) Free(names []string, step Ties, s, e int) bool {
	if !l.known || l.all || step.all || len(names) == 0 {
		return false
	}
	for _, n := range names {
		for _, k := range nameKeys(n) {
			if l.tied[k] || step.tiedOutside(k, s, e) {
				return false
			}
		}
	}
	for n := l.steps; n != nil; n = n.prev {
		t := n.read()
		if t.all {
			return false
		}
		for _, name := range names {
			for _, k := range nameKeys(name) {
				if t.tiedOutside(k, 0, 0) {
					return false
				}
			}
		}
	}
	return true
}

// nameKeys are the forms a name is tied under: itself, its letter when
// it has a subscript, and a one-character subscript with and without
// braces ("x_3", "x_{3}").
func nameKeys(n string) []string {
	out := []string{n}
	base, sub, ok := strings.Cut(n, "_")
	if !ok {
		return out
	}
	out = append(out, base)
	sub = strings.Trim(sub, "{}")
	return append(out, base+"_"+sub, base+"_{"+sub+"}")
}

// Ties are the pieces of one text that tie names: the relations that are
// no identity, and the math of sentences that say a name is a root, a
// solution or otherwise constrained.
type Ties struct {
	all    bool // too long to read
	pieces []piece
}

// piece is a span of a text and the names it ties.
type piece struct {
	s, e  int
	names []string
}

// tiedOutside reports a piece outside [s, e) that ties n. A piece that
// overlaps [s, e) is the line itself (or holds it) and ties nothing for
// it; a sentence's words tie wherever they stand (pieces of no width).
func (t Ties) tiedOutside(n string, s, e int) bool {
	for _, p := range t.pieces {
		if !p.word() && p.s < e && s < p.e {
			continue
		}
		if slices.Contains(p.names, n) {
			return true
		}
	}
	return false
}

// word reports a piece made by a sentence's words (an empty span).
func (p piece) word() bool { return p.s == p.e }

// rewriteWords name a rewriting of an expression.
var rewriteWords = mathtext.NewWordMatcher([]string{"foil"}, []string{"factor", "expand", "simplif", "rewrit", "distribut", "cancel"}, nil)

// substitutionWords bring a fact in: what follows may use a relation the
// text knows ("since", "we know", "substituting").
var substitutionWords = mathtext.NewWordMatcher([]string{"since", "know", "known", "recall", "given", "because", "from", "as"},
	[]string{"substitut", "plug", "replac"}, nil)

// caveatWords say that "=" may not mean equal for every value: an
// approximation ("for small x", "neglecting higher powers"), a limit, or
// arithmetic modulo something or in another field.
var caveatWords = mathtext.NewWordMatcher([]string{"small", "large", "roughly", "nearly", "limit", "tends",
	"mod", "modulo", "field", "characteristic", "binary", "base"},
	[]string{"approximat", "neglect", "ignor", "drop", "truncat", "asymptot", "estimat", "congruen"},
	[]string{"higher order", "higher-order", "first order", "first-order", "second order", "leading order", "leading term"})

// Cued reports a line that the step cues as a rewriting: before (the
// text of the step before the line, its last 600 bytes read) names one
// ("we can factorize", "to simplify the product") and no caveat, prose
// (the lower-cased prose just before the line) brings no fact in, and
// after (the text after the line, its first 200 bytes read) adds no
// caveat ("… (mod 2)", "for small x").
func Cued(before, prose, after string) bool {
	before = strings.ToLower(mathtext.TailWords(before, 600))
	after = strings.ToLower(after[:min(len(after), 200)])
	return rewriteWords.MatchString(before) && !substitutionWords.MatchString(prose) &&
		!caveatWords.MatchString(before) && !caveatWords.MatchString(after)
}
