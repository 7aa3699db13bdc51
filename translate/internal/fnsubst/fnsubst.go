// Package fnsubst decides the lines a step says its problem's functional
// equation becomes at values it sets (docs/TRANSLATE.md, "A functional
// equation at values set"): "setting \(y = 0\) in the given equation, we
// get: \[f(f(x)) = f(x)\]", "substituting \(x = 1\) and \(y = 2\) into the
// original equation: \[…\] \[…\]".
//
// The problem declares its functions ("f: ℝ → ℝ", "all functions f", "the
// polynomial P") and states an equation in them; the step names a cue
// (setting, substituting, plugging, putting, letting, taking), the values
// in math ("\(x = 0\)", "\(z = 1\) and \(t = 0\)", "\(x = y = 1\)"), and
// then the line. Each value of a function is read as a quantity of its own,
// keyed by its arguments written as polynomials (f(1007.5 + 7.5) is
// f(1015)); both lines become polynomials in the names and these
// quantities. The line is the equation at those values, its terms moved,
// when its left minus right side is a constant times the equation's,
// maybe times a monomial (a division by f(0)). It is refuted only when no
// factor can make it so whatever the values the text may know: a term that
// one side has with a numeric coefficient and the other lacks altogether,
// the values of the function at numbers the text has already written in an
// equation ("P(1, 0) = 0") taken as unknown coefficients. A line that is
// the equation of an earlier step or of the problem at the same values,
// another relation, a line with a name the equation at those values lacks
// or another function, and a cue that also uses something else ("using",
// "since", "from", "respectively", an equation number) are left alone.
//
// The lines right after such a line that rewrite it ("which simplifies to:
// \[…\]") are read too: one is refuted when it holds a value of the
// function that neither the line before nor any equation written before it
// holds (f(2015) where the line before had f(1015)), the only thing no
// rearrangement, division or known value can bring in.
package fnsubst

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step and the problem read, the equations kept, the lines
// after a substitution, the obligations of a step, a math region.
const (
	maxText      = 20000
	maxEquations = 80
	maxFollow    = 6
	maxOut       = 2
	maxRegion    = 600
	maxCueGap    = 48
	maxTail      = 90
)

// equation is one "=" between two sides read in a math region.
type equation struct {
	s, e int // the piece in its text
	l, r *node
	at   int // the step it was read in (-1 the problem)
}

// has reports an application of a function in the equation.
func (q *equation) has() bool { return hasApply(q.l) || hasApply(q.r) }

// diff is the equation's left minus right side at sub, with the atoms read.
func (q *equation) diff(sub map[string]poly, atoms map[string]bool) (poly, bool) {
	l, ok := evalAtoms(q.l, sub, atoms)
	if !ok {
		return nil, false
	}
	r, ok := evalAtoms(q.r, sub, atoms)
	if !ok {
		return nil, false
	}
	return l.add(r, -1)
}

// Read returns the refutations of step's lines said to be the problem's
// functional equation at values the step sets, and of the lines rewriting
// them. earlier are the steps before it.
func Read(step int, problem string, earlier []string, text, tactic, idTactic string) []obligation.Obligation {
	if len(text) > maxText || len(problem) > maxText || !strings.Contains(text, "=") || !strings.Contains(text, "(") {
		return nil
	}
	fns := declaredFns(problem)
	if fns == "" {
		return nil
	}
	lower := mathtext.ASCIILower(text)
	if !mathtext.HasAny(lower, "set", "substitut", "plug", "put", "let", "tak") {
		return nil
	}
	probEqs := equations(problem, fns, -1, len(problem))
	var fnEqs []*equation
	for _, q := range probEqs {
		if q.has() {
			fnEqs = append(fnEqs, q)
		}
	}
	if len(fnEqs) == 0 {
		return nil
	}
	var before []*equation // the equations of the steps before
	var prose []string
	for j, st := range earlier {
		if len(st) > maxText {
			return nil
		}
		before = append(before, equations(st, fns, j, len(st))...)
		prose = append(prose, st)
	}
	prose = append(prose, problem)
	regions := mathtext.TextRegions(text)
	var out []obligation.Obligation
	for ri := range regions {
		if len(out) >= maxOut {
			break
		}
		o, ok := readAt(step, text, lower, regions, ri, fns, fnEqs, probEqs, before, prose, tactic, idTactic)
		if ok {
			out = append(out, o)
		}
	}
	return out
}

// readAt reads the substitution whose line is region ri, if one ends there.
func readAt(step int, text, lower string, regions []mathtext.Region, ri int, fns string, fnEqs, probEqs, before []*equation, prose []string, tactic, idTactic string) (obligation.Obligation, bool) {
	none := obligation.Obligation{}
	line := regionEquation(text, regions[ri], fns, step)
	if line == nil || !line.has() {
		return none, false
	}
	sub, first, ok := assignments(text, lower, regions, ri, fns)
	if !ok {
		return none, false
	}
	// the equations a step may have set these values in: the problem's and the earlier steps'
	var cands []*equation
	var known []*equation // every equation written before the line
	known = append(known, probEqs...)
	known = append(known, before...)
	known = append(known, equations(text[:regions[first].OS], fns, step, regions[first].OS)...)
	var probCands []*equation
	for _, q := range known {
		if q.has() && holdsAll(q, sub) {
			cands = append(cands, q)
			if q.at < 0 {
				probCands = append(probCands, q)
			}
		}
	}
	if len(probCands) == 0 {
		return none, false
	}
	atoms1 := map[string]bool{}
	p1, ok := line.diff(nil, atoms1)
	if !ok || len(p1) == 0 {
		return none, false
	}
	if !namesWithin(line, probCands[0], sub) || !lettersWithin(line, probCands) {
		return none, false
	}
	texts := append(append([]string{}, prose...), text[:regions[ri].OS])
	if closedForm(known) || anyNested(atoms1, fns) {
		return none, false
	}
	var refute *equation
	var p0 poly
	for _, q := range cands {
		atoms0 := map[string]bool{}
		d, ok := q.diff(sub, atoms0)
		if !ok {
			// an equation not read as a polynomial (a division by a value):
			// the line may be it multiplied out, unless its values differ
			collect(q.l, sub, atoms0)
			collect(q.r, sub, atoms0)
			if sameOpen(atoms0, atoms1) {
				return none, false
			}
			continue
		}
		if proportional(d, p1) {
			return follow(step, text, regions, ri, line, p1, fns, known, prose, tactic, idTactic)
		}
		if q.at < 0 && refute == nil && shareOpen(atoms0, atoms1) && !anyNested(atoms0, fns) && !broughtIn(atoms1, atoms0, known) && mismatch(d, p1, knownAtoms(known, texts, d, p1)) {
			refute, p0 = q, d
		}
	}
	if refute == nil {
		return none, false
	}
	kn := knownAtoms(known, texts, p0, p1)
	o, ok := obligationFor(step, text, line, p0, p1, kn, tactic, idTactic)
	if !ok {
		return none, false
	}
	o.WhyDisproof = "the line is not the equation at " + subString(sub) + " with its terms moved: " + o.WhyDisproof
	return o, true
}

// follow reads the lines rewriting the line of region ri and refutes the
// first that brings in a value of the function nothing before it holds.
func follow(step int, text string, regions []mathtext.Region, ri int, line *equation, p poly, fns string, known []*equation, prose []string, tactic, idTactic string) (obligation.Obligation, bool) {
	prev, prevP := line, p
	for k := ri + 1; k < len(regions) && k <= ri+maxFollow; k++ {
		if !connector(text[regions[k-1].CE:regions[k].OS]) {
			break
		}
		next := regionEquation(text, regions[k], fns, step)
		if next == nil || !next.has() {
			break
		}
		atoms := map[string]bool{}
		q, ok := next.diff(nil, atoms)
		if !ok || len(q) == 0 {
			break
		}
		prevAtoms := map[string]bool{}
		if _, ok := prev.diff(nil, prevAtoms); !ok || anyNested(prevAtoms, fns) || anyNested(atoms, fns) {
			break
		}
		all := append(known, equations(text[:regions[k].OS], fns, step, regions[k].OS)...)
		for _, a := range sortedKeys(atoms) {
			if prevAtoms[a] || writtenBefore(a, all, prose, text[:regions[k].OS]) {
				continue
			}
			kn := knownAtoms(all, append(append([]string{}, prose...), text[:regions[k].OS]), prevP, q)
			o, ok := obligationFor(step, text, next, prevP, q, kn, tactic, idTactic)
			if !ok {
				return obligation.Obligation{}, false
			}
			o.WhyDisproof = fmt.Sprintf("the line holds %s, which neither the line before nor any equation written before it holds, so it is no rewriting of the line before: %s", a, o.WhyDisproof)
			return o, true
		}
		prev, prevP = next, q
	}
	return obligation.Obligation{}, false
}

// connector reports the prose between two lines of one derivation: nothing,
// punctuation, or words that say the second rewrites the first.
func connector(s string) bool {
	if len(s) > 40 {
		return false
	}
	for _, w := range strings.FieldsFunc(mathtext.ASCIILower(s), func(r rune) bool {
		return r == ' ' || r == ',' || r == ':' || r == '.' || r == '\n' || r == '\t'
	}) {
		switch w {
		case "which", "simplifies", "simplify", "simplifying", "to", "this", "so", "thus", "hence", "i", "e", "ie", "that", "is", "giving", "gives", "we", "get", "and", "becomes", "us", "further", "or":
		default:
			return false
		}
	}
	return true
}

// assignments reads the values set before region ri: the regions right
// before it that set names ("\(y = 0\)", "\(z = 1\) and \(t = 0\)"), the
// cue just before the first, and the prose between them and the line,
// which must lead to it ("we get", "yields", a colon) and use nothing
// else. first is the first region of values.
func assignments(text, lower string, regions []mathtext.Region, ri int, fns string) (map[string]poly, int, bool) {
	if ri == 0 {
		return nil, 0, false
	}
	tail := lower[regions[ri-1].CE:regions[ri].OS]
	if len(tail) > maxTail || vetoed(tail) || !leads(tail) {
		return nil, 0, false
	}
	sub := map[string]poly{}
	for k := ri - 1; k >= 0; k-- {
		vals, ok := values(text[regions[k].S:regions[k].E], fns)
		if !ok {
			return nil, 0, false
		}
		for n, v := range vals {
			if _, dup := sub[n]; dup {
				return nil, 0, false // a name set twice: two substitutions
			}
			if strings.Contains(fns, n) {
				return nil, 0, false
			}
			sub[n] = v
		}
		from := 0
		if k > 0 {
			from = regions[k-1].CE
		}
		gap := lower[from:regions[k].OS]
		if cueAt(gap) {
			return sub, k, true
		}
		if k == 0 || len(gap) > 12 || !andGap(gap) {
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// andGap is the prose between two regions of values: "and", a comma.
func andGap(s string) bool {
	s = strings.Trim(s, " ,")
	return s == "" || s == "and"
}

// cues start a substitution; the cue must end the prose before the values.
var cues = []string{"setting", "set", "substituting", "substitute", "substitutes", "plugging", "plugging in", "plug in", "plug", "putting", "put", "letting", "let", "taking", "take", "we set", "substituting in", "substitute in"}

// cueAt reports a cue at the end of s, maybe with "the values" or "in"
// after it.
func cueAt(s string) bool {
	t := strings.TrimRight(s, " ")
	for _, tail := range []string{" the value", " the values", " in"} {
		t = strings.TrimSuffix(t, tail)
	}
	if len(s)-len(t) > maxCueGap {
		return false
	}
	for _, c := range cues {
		if strings.HasSuffix(t, c) && (len(t) == len(c) || !mathtext.IsASCIILetter(t[len(t)-len(c)-1])) {
			return !vetoed(sentenceTail(s))
		}
	}
	return false
}

// sentenceTail is s from the start of its last sentence, at most 80 bytes.
func sentenceTail(s string) string {
	s = s[max(0, len(s)-80):]
	for _, end := range []string{". ", "? ", "! ", ".\n", "\n"} {
		if k := strings.LastIndex(s, end); k >= 0 {
			s = s[k+len(end):]
		}
	}
	return s
}

// vetoWords make the line more than the equation at the values set.
var vetoWords = []string{"using", "use ", "since", "because", "from", "together", "combin", "along", "respectively", "assum", "suppos", "if ", "when", "differentiat", "derivative", "compar", "coefficient", "limit", "previous", "above", "earlier", "last", "new", "derived", "obtained", "resulting", "simplified", "modified", "second", "third", "other", "another", "both", "each", "again", "twice", "instead", "wrong", "incorrect", "mistake", "check", "verify", "would", "could", "should", "not ", "divid", "multipl", "add", "subtract", "squar", "first equation", "equations", "system", "both", "(1)", "(2)", "(3)", "(4)", "equation 1", "equation 2", "case"}

func vetoed(s string) bool {
	for _, w := range vetoWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// leads reports prose that leads to the line.
func leads(s string) bool {
	t := strings.TrimSpace(s)
	if strings.HasSuffix(t, ":") {
		return true
	}
	return mathtext.HasAny(t, "we get", "we obtain", "we have", "we find", "yields", "gives", "becomes", "results in", "leads to", "to get", "to obtain", "we see")
}

// values reads a region that sets names: "y = 0", "x = y = 1", "z = 1,
// t = 0"; each value an expression in names only.
func values(m string, fns string) (map[string]poly, bool) {
	m = strings.TrimSpace(strings.Trim(strings.TrimSpace(m), ".,;"))
	if m == "" || len(m) > 80 || strings.ContainsAny(m, "<>|\\") && !strings.Contains(m, `\frac`) {
		return nil, false
	}
	out := map[string]poly{}
	for _, part := range strings.Split(m, ",") {
		part = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(part), "and"))
		part = strings.TrimSpace(strings.TrimPrefix(part, "and "))
		members := strings.Split(part, "=")
		if len(members) < 2 {
			return nil, false
		}
		v := parseSide(strings.TrimSpace(members[len(members)-1]), fns)
		if v == nil || hasApply(v) {
			return nil, false
		}
		pv, ok := eval(v, nil)
		if !ok {
			return nil, false
		}
		for _, n := range members[:len(members)-1] {
			n = strings.TrimSpace(n)
			if len(n) != 1 || !mathtext.IsASCIILetter(n[0]) {
				return nil, false
			}
			if _, dup := out[n]; dup {
				return nil, false
			}
			if pv.canon() == n {
				return nil, false // "x = x"
			}
			out[n] = pv
		}
	}
	return out, len(out) > 0
}

// regionEquation reads a region as one equation with a function's value.
func regionEquation(text string, rg mathtext.Region, fns string, at int) *equation {
	if rg.E-rg.S > maxRegion {
		return nil
	}
	m := text[rg.S:rg.E]
	t := strings.TrimRight(strings.TrimSpace(m), ".,; ")
	if strings.Count(t, "=") != 1 || strings.ContainsAny(t, "<>|!≤≥≠≈") || mathtext.HasAny(t, `\le`, `\ge`, `\ne`, `\approx`, `\equiv`, `\mid`, `\pm`, `\mp`, `\text`, `\quad`, `\\`, `\implies`, `\Rightarrow`, `\to`, `&`) {
		return nil
	}
	k := strings.IndexByte(t, '=')
	l, r := parseSide(t[:k], fns), parseSide(t[k+1:], fns)
	if l == nil || r == nil {
		return nil
	}
	s := rg.S + strings.Index(m, t)
	return &equation{s: s, e: s + len(t), l: l, r: r, at: at}
}

// equations reads the equations of the math of text[:end].
func equations(text, fns string, at, end int) []*equation {
	var out []*equation
	for _, rg := range mathtext.TextRegions(text[:end]) {
		if rg.E-rg.S > 4*maxRegion {
			continue
		}
		for _, pc := range mathtext.ClaimPieces(text, rg.S, rg.E, func(p string) bool { return strings.Contains(p, "=") }) {
			q := regionEquation(text, mathtext.Region{S: pc[0], E: pc[1]}, fns, at)
			if q != nil {
				out = append(out, q)
				if len(out) >= maxEquations {
					return out
				}
			}
		}
	}
	return out
}

// declaredFns are the letters the problem declares as functions: "f:" or
// "f :", "f\colon", or a letter written with brackets after "function" or
// "polynomial".
func declaredFns(problem string) string {
	if !strings.Contains(problem, "unction") && !strings.Contains(problem, "olynomial") {
		return ""
	}
	var out []byte
	add := func(c byte) {
		if mathtext.IsASCIILetter(c) && strings.IndexByte(string(out), c) < 0 && len(out) < 4 {
			out = append(out, c)
		}
	}
	for i := 1; i+1 < len(problem); i++ {
		c := problem[i]
		if !mathtext.IsASCIILetter(c) || mathtext.IsASCIILetter(problem[i-1]) || problem[i-1] == '\\' || mathtext.IsASCIILetter(problem[i+1]) {
			continue
		}
		rest := strings.TrimLeft(problem[i+1:], " ")
		if strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, `\colon`) {
			add(c)
			continue
		}
		if !strings.HasPrefix(rest, "(") {
			continue
		}
		head := mathtext.ASCIILower(problem[max(0, i-16):i])
		if strings.Contains(head, "function") || strings.Contains(head, "polynomial") {
			add(c)
		}
	}
	// a letter named without brackets after the word: "all polynomials $P$"
	low := mathtext.ASCIILower(problem)
	for _, w := range []string{"functions ", "function ", "polynomials ", "polynomial "} {
		for _, k := range mathtext.Indexes(low, w, 8) {
			rest := strings.TrimLeft(problem[k+len(w):], "$\\( ")
			if len(rest) > 1 && mathtext.IsASCIILetter(rest[0]) && !mathtext.IsASCIILetter(rest[1]) {
				add(rest[0])
			}
		}
	}
	return string(out)
}

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

// shareOpen reports a value of the function at names that both lines hold.
func shareOpen(a, b map[string]bool) bool {
	for k := range a {
		if b[k] && !isClosed(k) && strings.IndexByte(k, '(') > 0 {
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
	out := map[string]bool{}
	for _, q := range known {
		atoms := map[string]bool{}
		if _, ok := q.diff(nil, atoms); !ok {
			continue
		}
		for a := range atoms {
			if isClosed(a) {
				out[a] = true
			}
		}
	}
	for _, p := range ps {
		for _, t := range p {
			for _, f := range t.m {
				if isClosed(f.sym) && !out[f.sym] {
					for _, x := range texts {
						if wordRelation(x, f.sym) {
							out[f.sym] = true
							break
						}
					}
				}
			}
		}
	}
	return out
}

// writtenBefore reports a value of the function that an equation before
// holds, or that the text before writes at all.
func writtenBefore(a string, known []*equation, prose []string, cur string) bool {
	for _, q := range known {
		atoms := map[string]bool{}
		if _, ok := q.diff(nil, atoms); ok && atoms[a] {
			return true
		}
	}
	if !isClosed(a) {
		return false
	}
	// a value at numbers written in words or in a relation not read: "f(2015) is"
	lit := strings.ReplaceAll(a, " ", "")
	for _, t := range append(prose, cur) {
		if strings.Contains(strings.ReplaceAll(t, " ", ""), lit) && wordRelation(t, a) {
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

// split groups a polynomial by its monomials in the quantities that are
// not known coefficients: each group's coefficient is a polynomial in the
// known ones.
func split(p poly, kn map[string]bool) map[string]poly {
	out := map[string]poly{}
	for _, t := range p {
		var outer, inner []factor
		for _, f := range t.m {
			if kn[f.sym] {
				inner = append(inner, f)
			} else {
				outer = append(outer, f)
			}
		}
		k := monoKey(outer)
		g := out[k]
		if g == nil {
			g = poly{}
			out[k] = g
		}
		g[monoKey(inner)] = term{c: t.c, m: inner}
	}
	return out
}

// mismatch reports that no factor makes c·p0 equal p1, whatever values
// the known coefficients take: a monomial with a numeric coefficient on
// one side that the other lacks altogether.
func mismatch(p0, p1 poly, kn map[string]bool) bool {
	g0, g1 := split(p0, kn), split(p1, kn)
	numeric := func(g poly) bool { _, ok := g.constant(); return ok && len(g) > 0 }
	p1Numeric := false
	for _, g := range g1 {
		if numeric(g) {
			p1Numeric = true
		}
	}
	for k, g := range g1 {
		if numeric(g) && len(g0[k]) == 0 {
			return true
		}
	}
	for k, g := range g0 {
		if numeric(g) && len(g1[k]) == 0 && p1Numeric {
			return true
		}
	}
	return false
}

// proportional reports b = c·M·a for a number c and a monomial M (maybe
// with negative exponents): the same equation, its terms moved, maybe
// divided by a name or a value.
func proportional(a, b poly) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	ka, kb := a.keys(), b.keys()
	// the ratio of the monomials that sort first under their shift
	shift := func(m []factor, by map[string]int) string {
		e := map[string]int{}
		for _, f := range m {
			e[f.sym] += f.exp
		}
		for s, d := range by {
			e[s] += d
		}
		var fs []factor
		for s, x := range e {
			if x < 0 {
				return "!"
			}
			if x > 0 {
				fs = append(fs, factor{s, x})
			}
		}
		sort.Slice(fs, func(i, j int) bool { return fs[i].sym < fs[j].sym })
		return monoKey(fs)
	}
	for _, kb0 := range kb {
		ta, tb := a[ka[0]], b[kb0]
		by := map[string]int{}
		for _, f := range tb.m {
			by[f.sym] += f.exp
		}
		for _, f := range ta.m {
			by[f.sym] -= f.exp
		}
		c := new(big.Rat).Quo(tb.c, ta.c)
		ok := true
		for _, k := range ka {
			t := a[k]
			u, hit := b[shift(t.m, by)]
			if !hit || new(big.Rat).Mul(c, t.c).Cmp(u.c) != 0 {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// obligationFor writes the identity c·p0 = p1 over the names and values
// read as quantities, refuted at a point where it fails.
func obligationFor(step int, text string, line *equation, p0, p1 poly, kn map[string]bool, tactic, idTactic string) (obligation.Obligation, bool) {
	c := big.NewRat(1, 1)
	for _, k := range p1.keys() {
		if t, ok := p0[k]; ok {
			c = new(big.Rat).Quo(p1[k].c, t.c)
			break
		}
	}
	lhs := p0.scale(c)
	syms := map[string]bool{}
	for _, p := range []poly{lhs, p1} {
		for _, t := range p {
			for _, f := range t.m {
				syms[f.sym] = true
			}
		}
	}
	order := sortedKeys(syms)
	vars := map[string]string{}
	binders := make([]string, len(order))
	for i, s := range order {
		vars[s] = fmt.Sprintf("v%d", i+1)
		binders[i] = vars[s]
	}
	L, R := toExpr(lhs), toExpr(p1)
	at, ok := point(lhs, p1, order)
	if !ok {
		return obligation.Obligation{}, false
	}
	lits := map[string]string{}
	plainAt := map[string]*big.Rat{}
	var shown []string
	for _, s := range order {
		lits[s] = "(" + at[s].RatString() + " : Rat)"
		plainAt[s] = at[s]
		shown = append(shown, s+" = "+at[s].RatString())
	}
	a, errA := symexpr.Eval(L, plainAt)
	b, errB := symexpr.Eval(R, plainAt)
	if errA != nil || errB != nil || a.Cmp(b) == 0 {
		return obligation.Obligation{}, false
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, line.s, line.e), Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(L) + " = " + symexpr.Plain(R)
	rd := symexpr.Render{Names: vars}
	o.Prop = rd.Term(L) + " = " + rd.Term(R)
	if len(binders) == 0 {
		return obligation.Obligation{}, false
	}
	o.Lean = "example : ∀ (" + strings.Join(binders, " ") + " : Rat), " + o.Prop + " := by " + idTactic
	pt := symexpr.Render{Names: lits}
	o.LeanNeg = "example : ¬(" + pt.Term(L) + " = " + pt.Term(R) + ") := by " + tactic
	var quantities []string
	for _, s := range order {
		if strings.IndexByte(s, '(') > 0 {
			quantities = append(quantities, s)
		}
	}
	o.Note = "each value of the function read as a quantity of its own: " + strings.Join(quantities, ", ")
	if len(kn) > 0 {
		o.Note += "; the values at numbers written before taken as unknown coefficients"
	}
	o.WhyProof = "the line is the equation with its terms moved"
	o.WhyDisproof = fmt.Sprintf("no number and no factor makes the one side the other; at %s the left side is %s, the right side %s", strings.Join(shown, ", "), a.RatString(), b.RatString())
	return o, true
}

// point finds values of the quantities where l and r differ.
func point(l, r poly, order []string) (map[string]*big.Rat, bool) {
	primes := []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}
	for try := 0; try < 6; try++ {
		at := map[string]*big.Rat{}
		for i, s := range order {
			at[s] = big.NewRat(primes[(i+try)%len(primes)]+int64(try), int64(1+try%2))
		}
		a, okA := value(l, at)
		b, okB := value(r, at)
		if okA && okB && a.Cmp(b) != 0 {
			return at, true
		}
	}
	return nil, false
}

// value is p at the point.
func value(p poly, at map[string]*big.Rat) (*big.Rat, bool) {
	sum := new(big.Rat)
	for _, t := range p {
		v := new(big.Rat).Set(t.c)
		for _, f := range t.m {
			x, ok := at[f.sym]
			if !ok {
				return nil, false
			}
			for k := 0; k < f.exp; k++ {
				v.Mul(v, x)
			}
		}
		sum.Add(sum, v)
	}
	return sum, true
}

// toExpr is p as a sum of its terms, each quantity a name.
func toExpr(p poly) *symexpr.Expr {
	var out *symexpr.Expr
	for _, k := range p.keys() {
		t := p[k]
		var m *symexpr.Expr
		for _, f := range t.m {
			v := &symexpr.Expr{Op: 'v', Name: f.sym}
			if f.exp > 1 {
				v = &symexpr.Expr{Op: '^', L: v, Exp: f.exp}
			}
			if m == nil {
				m = v
			} else {
				m = &symexpr.Expr{Op: '*', L: m, R: v}
			}
		}
		c := t.c
		neg := out != nil && c.Sign() < 0
		if neg {
			c = new(big.Rat).Neg(c)
		}
		switch {
		case m == nil:
			m = symexpr.RatExpr(c)
		case c.Cmp(big.NewRat(1, 1)) != 0:
			m = &symexpr.Expr{Op: '*', L: symexpr.RatExpr(c), R: m}
		}
		switch {
		case out == nil:
			out = m
		case neg:
			out = &symexpr.Expr{Op: '-', L: out, R: m}
		default:
			out = &symexpr.Expr{Op: '+', L: out, R: m}
		}
	}
	if out == nil {
		return symexpr.RatExpr(new(big.Rat))
	}
	return out
}
