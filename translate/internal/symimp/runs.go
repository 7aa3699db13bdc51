package symimp

import (
	"regexp"
	"strings"
)

// Runs of equation lines in a step, paired run against run: a run of
// equation lines (one "=" each, nothing but punctuation, "and", "or" or a
// comma between them) that follows another run of as many lines, with an
// operation named between them ("multiply both sides by 4", "which
// simplifies to", or an implication arrow within a step), states each of
// its lines as following from the line of the run before in the same
// place. The run before may end the previous step when this one opens it.
// T is what the reader keeps of each line.

// Item is one equation line of a run.
type Item[T any] struct {
	Eq  Line
	Val T
}

// Run is a run of equation lines.
type Run[T any] struct {
	items        []Item[T]
	eqs          []Line
	first, last  int // line indices of the run's first and last line
	skipped      int // lines with no relation between the run before and this one
	pe           int // where the run ends in the step
	arrow        bool
	prose        string // lower-cased words before the run's first line
	opened, ends bool   // the run is the step's first reading, its last
	decidedFirst bool   // the first line was already decided against the line before
}

// Runs are the runs of one step.
type Runs[T any] struct {
	runs       []Run[T]
	broken     bool // a line other than a run's came after the last run
	sawMembers bool // a line with members was met
}

// Break records a line that is no equation of a run; term says it is a
// math region with no relation ("$b^2$" in "subtracting $b^2$ from both
// sides"), which keeps the runs around it adjacent.
func (rs *Runs[T]) Break(term bool) { rs.broken = rs.broken || !term }

// Saw records a line with members.
func (rs *Runs[T]) Saw() { rs.sawMembers = true }

// Add records line li, text[ps:pe], an equation with the words prose
// before it: it extends the current run when they only join a list, or
// starts a run. decided says the line was read against the one before.
func (rs *Runs[T]) Add(text string, li, ps, pe int, prose string, arrow bool, it Item[T], decided bool) {
	if n := len(rs.runs); n > 0 && !rs.broken && rs.runs[n-1].last == li-1 && ListJoin(prose) && !arrow {
		r := &rs.runs[n-1]
		r.items, r.eqs = append(r.items, it), append(r.eqs, it.Eq)
		r.last, r.pe = li, pe
		return
	}
	r := Run[T]{items: []Item[T]{it}, eqs: []Line{it.Eq}, first: li, last: li, pe: pe, arrow: arrow, decidedFirst: decided}
	switch n := len(rs.runs); {
	case n > 0 && !rs.broken:
		r.skipped = li - 1 - rs.runs[n-1].last
		r.prose = strings.ToLower(text[rs.runs[n-1].pe:ps])
	case !rs.sawMembers:
		r.opened = true
		r.prose = strings.ToLower(text[:ps])
	default:
		r.prose = prose
	}
	rs.runs = append(rs.runs, r)
	rs.broken = false
}

// Last is the run that ends the step, or nil.
func (rs *Runs[T]) Last() *Run[T] {
	n := len(rs.runs)
	if n == 0 || rs.broken {
		return nil
	}
	rs.runs[n-1].ends = true
	return &rs.runs[n-1]
}

// recomputedVetoRE in the words leading to a run: its lines are supposed,
// tried, checked, a case's or an alternative's.
var recomputedVetoRE = regexp.MustCompile(`\bif\b|suppos|assum|\bwould\b|\bcould\b|\bwhen\b|\btry|\btest|\bcheck|\bverif|\bcase\b|wrong|incorrect|mistak|\bnot\b|instead|\bor\b|\bsystem\b|\bcondition`)

// recomputedProse is a within-run pair's Prose: no words stand between
// its lines.
const recomputedProse = ""

// Pair is a line A and the line B stated to follow from it, with the
// words between their runs.
type Pair[T any] struct {
	A, B  Item[T]
	Prose string
}

// maxPairs bounds the pairs of lines a step decides (each solves for
// points on an equation).
const maxPairs = 12

// Pairs pairs the runs in order, and the first with the run that ended
// the previous step (prev).
func (rs *Runs[T]) Pairs(prev *Run[T]) []Pair[T] {
	var out []Pair[T]
	for _, r := range rs.runs {
		// Within a run: a line restated with its right side computed (Recomputed).
		for k := 0; k+1 < len(r.items) && len(out) < maxPairs; k++ {
			if Recomputed(r.eqs[k], r.eqs[k+1]) && !recomputedVetoRE.MatchString(lastSentences(r.prose)) {
				out = append(out, Pair[T]{A: r.items[k], B: r.items[k+1], Prose: recomputedProse})
			}
		}
	}
	for i, r := range rs.runs {
		var before *Run[T]
		switch {
		case i > 0 && rs.runs[i-1].last == r.first-1-r.skipped:
			before = &rs.runs[i-1]
		case i == 0 && r.opened && prev != nil && prev.ends:
			before = prev
			if r.arrow && strings.Trim(r.prose, " .,:;$\\[]()") == "" {
				continue // an arrow opening a step refers to nothing written
			}
		}
		if before == nil || len(before.items) != len(r.items) || len(r.items) == 1 && r.decidedFirst || !SeveralNames(before.eqs) ||
			!ProseOK(r.prose, r.arrow && before != prev) || !PairNames(before.eqs, r.eqs) {
			continue // (a single pair decidedFirst: equationRewrite read it)
		}
		domain := strings.Contains(r.prose, "where") && domainRE.MatchString(r.prose)
		for k := range r.items {
			if len(out) >= maxPairs {
				return out // hostile text: a bounded number of pairs per step
			}
			if domain && !wholeWitness(before.eqs[k], r.eqs[k]) {
				continue // a point no integer reaches may refute a claim about integers
			}
			out = append(out, Pair[T]{A: before.items[k], B: r.items[k], Prose: r.prose})
		}
	}
	return out
}

// wholeWitness reports that the point refuting b after a has whole
// coordinates (a pair read after a clause that names integers).
func wholeWitness(a, b Line) bool {
	w, ok := Refute(a, b)
	if !ok {
		return false
	}
	for _, v := range w.At {
		if !v.IsInt() {
			return false
		}
	}
	return true
}
