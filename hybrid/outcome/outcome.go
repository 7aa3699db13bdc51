package outcome

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Verdict is the outcome of comparing an answer with the gold answer.
type Verdict string

// The three verdicts. Equal and Different are proven; Unknown is not a
// verdict either way and its Reason says why.
const (
	Equal     Verdict = "equal"
	Different Verdict = "different"
	Unknown   Verdict = "unknown"
)

// Result is one graded pair.
type Result struct {
	Verdict    Verdict `json:"verdict"`
	GoldNorm   string  `json:"gold_norm"`
	AnswerNorm string  `json:"answer_norm"`
	// Reason is always set: the witness of equal or different (the two
	// exact values, or a point where two expressions differ), or why the
	// pair is unknown.
	Reason string `json:"reason"`
}

// GraderOptions configures a Grader; the zero value is the default.
type GraderOptions struct {
	// CacheSize bounds the parsed answers a Grader keeps (0: 4096;
	// negative: no cache).
	CacheSize int
	// Percent is how a percentage is read against a bare number: PercentEither ("" too; the
	// default: 50% is 50 and 0.5), PercentFraction (p% is p/100 only) or PercentNumber (the
	// number before the sign only). docs/OUTCOME.md, "Policy"; the configuration's
	// grade.percent.
	Percent string
	// BareNumber is how a bare number is read against a number with a unit: BareInUnit (""
	// too; the default: in the unit written and, for currency, percentages, angles and
	// counts, in the base unit) or BareUnknown (never decided). The configuration's
	// grade.bare_number.
	BareNumber string
}

// The values of GraderOptions.Percent and GraderOptions.BareNumber ("" is each one's default).
const (
	PercentEither   = "either"
	PercentFraction = "fraction"
	PercentNumber   = "number"
	BareInUnit      = "in_unit"
	BareUnknown     = "unknown"
)

// PercentValues and BareNumberValues list the accepted settings, the default first.
var (
	PercentValues    = []string{PercentEither, PercentFraction, PercentNumber}
	BareNumberValues = []string{BareInUnit, BareUnknown}
)

// Validate reports an unknown Percent or BareNumber, naming the option and its values: a
// misspelt setting is an error, never a silent fallback to the default.
func (o GraderOptions) Validate() error {
	for _, c := range []struct {
		name, v string
		values  []string
	}{{"Percent", o.Percent, PercentValues}, {"BareNumber", o.BareNumber, BareNumberValues}} {
		if c.v != "" && !slices.Contains(c.values, c.v) {
			return fmt.Errorf("outcome: grader option %s: %q is not one of %s", c.name, c.v, strings.Join(c.values, ", "))
		}
	}
	return nil
}

// policy is the part of GraderOptions that decides debatable pairs.
type policy struct{ percent, bare string }

func (g *Grader) policy() policy { return policy{percent: g.opts.Percent, bare: g.opts.BareNumber} }

// Grader grades answers, keeping each distinct answer's parse so that
// grading many answers against one gold, or grouping answers into
// classes, parses each text once. A Grader is safe for concurrent use;
// the zero value is ready, and a nil *Grader grades as the shared default
// one (so a component whose grader was not set grades by the defaults).
type Grader struct {
	opts  GraderOptions
	mu    sync.Mutex
	cache map[string]*form
}

// New returns a Grader with the given options, or the error of o.Validate.
func New(o GraderOptions) (*Grader, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return &Grader{opts: o}, nil
}

// NewGrader is New for options written in code; an invalid option panics (settings that
// come from a user go through New, or the configuration, which checks them at load).
func NewGrader(o GraderOptions) *Grader {
	g, err := New(o)
	if err != nil {
		panic(err)
	}
	return g
}

// or is g, or the shared default Grader when g is nil.
func (g *Grader) or() *Grader {
	if g == nil {
		return defaultGrader
	}
	return g
}

func (g *Grader) parse(s string) *form {
	size := g.opts.CacheSize
	if size == 0 {
		size = 4096
	}
	if size < 0 || len(s) > MaxAnswerBytes {
		return parse(s)
	}
	g.mu.Lock()
	f, ok := g.cache[s]
	g.mu.Unlock()
	if ok {
		return f
	}
	f = parse(s)
	g.mu.Lock()
	if g.cache == nil || len(g.cache) >= size {
		g.cache = make(map[string]*form) // a full cache starts over
	}
	g.cache[s] = f
	g.mu.Unlock()
	return f
}

// Grade compares answer with gold. The verdict does not depend on which
// is which: Grade(a, b) and Grade(b, a) agree.
func (g *Grader) Grade(gold, answer string) Result {
	return g.or().GradeWith(gold, answer, GradeOptions{})
}

// Normalize returns the canonical rendering of one answer (the gold_norm
// and answer_norm of a Result): exact values as the grader reads them,
// or the answer's text when it is not understood.
func (g *Grader) Normalize(answer string) string { return g.or().parse(answer).norm }

// Classes groups answers into classes of answers proven equal to every
// other member of their class (the percent and bare-number rules make
// "equal" not transitive: 50% is 50 and 0.5, which differ; so one proven
// equality with a member is not enough). Every vote over answers uses it. An
// answer that is not proven equal to a whole class starts its own; an
// empty answer ("no answer") is always alone. Classes are in order of
// their first member, members in input order.
func (g *Grader) Classes(answers []string) [][]int {
	g = g.or()
	var classes [][]int
	pol := g.policy()
	forms := make([]*form, len(answers))
	for i, a := range answers {
		forms[i] = g.parse(a)
	}
next:
	for i, f := range forms {
		if answers[i] == "" || f.kind == kBad && f.norm == "" {
			classes = append(classes, []int{i})
			continue
		}
		for c, members := range classes {
			all := true
			for _, m := range members {
				if pol.compare(forms[m], f, "", "", 0).v != Equal {
					all = false
					break
				}
			}
			if all {
				classes[c] = append(classes[c], i)
				continue next
			}
		}
		classes = append(classes, []int{i})
	}
	return classes
}

var defaultGrader = &Grader{}

// Grade compares answer with gold using a shared Grader.
func Grade(gold, answer string) Result { return defaultGrader.Grade(gold, answer) }

// GradeWith compares answer with gold using a shared Grader and o (the problem's options
// for a choice letter).
func GradeWith(gold, answer string, o GradeOptions) Result {
	return defaultGrader.GradeWith(gold, answer, o)
}

// Normalize returns the canonical rendering of one answer.
func Normalize(answer string) string { return defaultGrader.Normalize(answer) }

// Classes groups answers into classes proven equal, using a shared Grader.
func Classes(answers []string) [][]int { return defaultGrader.Classes(answers) }
