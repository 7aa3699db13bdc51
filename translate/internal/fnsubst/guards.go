package fnsubst

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// The guards of a reading: which names and functions a line may hold, the
// values of a function that the text may know, and the equations before
// that a line may use.

// holdsAll reports an equation that holds every name set.
func holdsAll(q *equation, sub map[string]poly) bool {
	ns := map[string]bool{}
	names(q.l, ns)
	names(q.r, ns)
	for n := range sub {
		if !ns[n] {
			return false
		}
	}
	return true
}

// namesWithin reports a line whose names the equation at the values holds.
func namesWithin(line, q *equation, sub map[string]poly) bool {
	allowed := map[string]bool{}
	names(q.l, allowed)
	names(q.r, allowed)
	for n := range sub {
		delete(allowed, n)
	}
	for _, v := range sub {
		for _, t := range v {
			for _, f := range t.m {
				allowed[f.sym] = true
			}
		}
	}
	got := map[string]bool{}
	names(line.l, got)
	names(line.r, got)
	for n := range got {
		if !allowed[n] {
			return false
		}
	}
	return true
}

// lettersWithin reports a line whose functions the problem's equations use.
func lettersWithin(line *equation, qs []*equation) bool {
	have := map[string]bool{}
	for _, q := range qs {
		letters(q.l, have)
		letters(q.r, have)
	}
	got := map[string]bool{}
	letters(line.l, got)
	letters(line.r, got)
	for l := range got {
		if !have[l] {
			return false
		}
	}
	return true
}

func letters(n *node, out map[string]bool) {
	if n == nil {
		return
	}
	if n.op == 'f' {
		out[n.name] = true
	}
	for _, a := range n.args {
		letters(a, out)
	}
}

// subString writes the values set.
func subString(sub map[string]poly) string {
	var ks []string
	for k := range sub {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = k + " = " + sub[k].canon()
	}
	return strings.Join(parts, ", ")
}

// evalAtoms is eval, recording the keys of the function's values read.
func evalAtoms(n *node, sub map[string]poly, atoms map[string]bool) (poly, bool) {
	p, ok := eval(n, sub)
	if !ok {
		return nil, false
	}
	collect(n, sub, atoms)
	return p, true
}

// collect records the keys of every function's value in n (also one a
// zero factor cancels).
func collect(n *node, sub map[string]poly, atoms map[string]bool) {
	if n == nil {
		return
	}
	if n.op == 'f' {
		if p, ok := eval(n, sub); ok {
			for k := range p {
				atoms[k] = true
			}
		}
	}
	for _, a := range n.args {
		collect(a, sub, atoms)
	}
}

// isClosed reports a function's value at numbers: "f(0)", "P(1, 0)".
func isClosed(sym string) bool {
	k := strings.IndexByte(sym, '(')
	return k > 0 && !strings.ContainsFunc(sym[k:], func(r rune) bool { return r < 128 && mathtext.IsASCIILetter(byte(r)) })
}

// closedForm reports an equation before that gives a function a form in
// names: "f(x) = x + 1", "P(x) = ax + b" (a form tried or found): the
// lines after may use it.
func closedForm(known []*equation) bool {
	for _, q := range known {
		if q.at < 0 {
			continue
		}
		for _, pair := range [][2]*node{{q.l, q.r}, {q.r, q.l}} {
			a, b := pair[0], pair[1]
			ns := map[string]bool{}
			names(b, ns)
			if a.op == 'f' && len(a.args) == 1 && a.args[0].op == 'v' && !hasApply(b) && len(ns) > 0 {
				return true
			}
		}
	}
	return false
}

// anyNested reports a value of a function whose argument holds a value of
// a function at numbers, "f(f(0))": a value known for the inner one turns
// it into another quantity, "f(-4)".
func anyNested(atoms map[string]bool, fns string) bool {
	for a := range atoms {
		k := strings.IndexByte(a, '(')
		if k < 0 {
			continue
		}
		inner := a[k+1:]
		for i := 0; i+1 < len(inner); i++ {
			if strings.IndexByte(fns, inner[i]) >= 0 && inner[i+1] == '(' && (i == 0 || !mathtext.IsASCIILetter(inner[i-1])) {
				depth, j := 0, i+1
				for ; j < len(inner); j++ {
					if inner[j] == '(' {
						depth++
					}
					if inner[j] == ')' {
						depth--
						if depth == 0 {
							break
						}
					}
				}
				if j < len(inner) && isClosed(inner[i:j+1]) {
					return true
				}
			}
		}
	}
	return false
}

// broughtIn reports a value of a function in the line that the equation
// at the values lacks and an equation written before holds: the line may
// use that equation.
func broughtIn(line, at map[string]bool, known []*equation) bool {
	var extra []string
	for a := range line {
		if !at[a] {
			extra = append(extra, a)
		}
	}
	if len(extra) == 0 {
		return false
	}
	for _, q := range known {
		atoms := map[string]bool{}
		collect(q.l, nil, atoms)
		collect(q.r, nil, atoms)
		for _, a := range extra {
			if atoms[a] {
				return true
			}
		}
	}
	return false
}

// sameOpen reports the same values of the function at names in both.
func sameOpen(a, b map[string]bool) bool {
	for _, m := range []map[string]bool{a, b} {
		for k := range m {
			if !isClosed(k) && strings.IndexByte(k, '(') > 0 && !(a[k] && b[k]) {
				return false
			}
		}
	}
	return true
}

// shareAny reports a value of the function that both lines hold: the line
// is recognisably the equation at the values.
func shareAny(a, b map[string]bool) bool {
	for k := range a {
		if b[k] && strings.IndexByte(k, '(') > 0 {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// knownAtoms are the values of the function at numbers that an equation
// before the line holds, or that the text before says something of in
// words ("f(0) is 1"): the text may know them, so they are coefficients,
// not quantities.
func knownAtoms(known []*equation, texts []string, ps ...poly) map[string]bool {
	return (&knownReader{known: known, texts: texts}).atoms(ps...)
}

// knownReader is knownAtoms for one list of equations and one prose, asked
// of several polynomials: the values the equations hold are read once, and
// whether the prose says something of a value is looked for once a value.
type knownReader struct {
	known   []*equation
	texts   []string
	held    map[string]bool // the values the equations hold; nil before they are read
	written map[string]bool // whether the prose says something of a value, by value
}

// atoms is knownAtoms(r.known, r.texts, ps...).
func (r *knownReader) atoms(ps ...poly) map[string]bool {
	if r.held == nil {
		r.held = map[string]bool{}
		for _, q := range r.known {
			atoms := map[string]bool{}
			if _, ok := q.diff(nil, atoms); !ok {
				continue
			}
			for a := range atoms {
				if isClosed(a) {
					r.held[a] = true
				}
			}
		}
	}
	out := maps.Clone(r.held)
	for _, p := range ps {
		for _, t := range p {
			for _, f := range t.m {
				if isClosed(f.sym) && !out[f.sym] && r.inProse(f.sym) {
					out[f.sym] = true
				}
			}
		}
	}
	return out
}

// inProse reports a text of r.texts that says something of the value a
// in words (wordRelation), looked for once.
func (r *knownReader) inProse(a string) bool {
	if said, ok := r.written[a]; ok {
		return said
	}
	said := slices.ContainsFunc(r.texts, func(x string) bool { return wordRelation(x, a) })
	if r.written == nil {
		r.written = map[string]bool{}
	}
	r.written[a] = said
	return said
}

// writtenBefore reports a value of the function that an equation before
// holds, or that the prose before writes with a relation after it.
func writtenBefore(a string, known []*equation, texts []string) bool {
	for _, q := range known {
		atoms := map[string]bool{}
		collect(q.l, nil, atoms)
		collect(q.r, nil, atoms)
		if atoms[a] {
			return true
		}
	}
	if !isClosed(a) {
		return false
	}
	// a value at numbers written in words or in a relation not read: "f(2015) is"
	for _, t := range texts {
		if wordRelation(t, a) {
			return true
		}
	}
	return false
}

// wordRelation reports the value a written in t with a relation in words
// or symbols right after it.
func wordRelation(t, a string) bool {
	lit := strings.ReplaceAll(a, " ", "")
	flat := strings.ReplaceAll(t, " ", "")
	for from := 0; ; {
		k := strings.Index(flat[from:], lit)
		if k < 0 {
			return false
		}
		after := flat[from+k+len(lit):]
		after = strings.TrimLeft(after, `$\)`)
		for _, w := range []string{"=", "is", "equals", "must", "can", "was", "would", "has", "<", ">", `\le`, `\ge`, `\ne`} {
			if strings.HasPrefix(after, w) {
				return true
			}
		}
		from += k + len(lit)
	}
}
