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
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
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
	maxReads     = 8
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
	if !mathtext.HasAny(lower, "set", "substitut", "plug", "put", "let", "tak", "when", "if", "for", "with") {
		return nil
	}
	rd := &reading{step: step, text: text, lower: lower, problem: problem, earlier: earlier, fns: fns, tactic: tactic, idTactic: idTactic}
	rd.regions = mathtext.TextRegions(text)
	var out []obligation.Obligation
	for ri := range rd.regions {
		if len(out) >= maxOut || rd.reads >= maxReads {
			break
		}
		if o, ok := rd.readAt(ri); ok {
			out = append(out, o)
		}
	}
	return out
}

// ReadForms returns the refutation of the first false link of an "="
// chain that step computes under a form it gives the function ("let's
// assume f(x) = x + c"; forms.go). Its links share members with the
// symbolic reader's links of the same chain.
func ReadForms(step int, problem string, earlier []string, text, tactic, idTactic string) []obligation.Obligation {
	if len(text) > maxText || len(problem) > maxText || strings.Count(text, "=") < 2 || !strings.Contains(text, "(") {
		return nil
	}
	fns := declaredFns(problem)
	if fns == "" || !hasFormHead(text, fns) {
		return nil
	}
	rd := &reading{step: step, text: text, lower: mathtext.ASCIILower(text), problem: problem, earlier: earlier, fns: fns, tactic: tactic, idTactic: idTactic}
	rd.regions = mathtext.TextRegions(text)
	if o, ok := rd.readForms(); ok {
		return []obligation.Obligation{o}
	}
	return nil
}

// hasFormHead reports "f(x) =" in text for a function letter of fns: the
// head of a form, found by plain search before anything is parsed.
func hasFormHead(text, fns string) bool {
	for i := 0; i < len(fns); i++ {
		for _, k := range mathtext.Indexes(text, fns[i:i+1]+"(", 64) {
			j := k + 2
			if j+1 < len(text) && mathtext.IsASCIILetter(text[j]) && text[j+1] == ')' && (k == 0 || !mathtext.IsASCIILetter(text[k-1])) {
				if strings.HasPrefix(strings.TrimLeft(text[j+2:], " "), "=") {
					return true
				}
			}
		}
	}
	return false
}

// reading is one step's reading; the equations before it are read on
// first use, once a line with values set before it is found.
type reading struct {
	step                  int
	text, lower, problem  string
	earlier               []string
	fns, tactic, idTactic string
	regions               []mathtext.Region
	reads                 int
	loaded, ok            bool
	probEqs, before       []*equation // the problem's, the earlier steps'
	stepEqs               []*equation // the step's own
	prose                 []string    // the earlier steps and the problem
}

// load reads the equations of the problem, of the earlier steps and of the
// step, once; false when the problem states none in its functions.
func (rd *reading) load() bool {
	if rd.loaded {
		return rd.ok
	}
	rd.loaded = true
	rd.probEqs = equations(rd.problem, rd.fns, -1, len(rd.problem))
	if !slices.ContainsFunc(rd.probEqs, (*equation).has) {
		return false
	}
	for j, st := range rd.earlier {
		if len(st) > maxText {
			return false
		}
		rd.before = append(rd.before, equations(st, rd.fns, j, len(st))...)
		rd.prose = append(rd.prose, st)
	}
	rd.prose = append(rd.prose, rd.problem)
	rd.stepEqs = equations(rd.text, rd.fns, rd.step, len(rd.text))
	rd.ok = true
	return true
}

// upTo is every equation written before offset end of the step.
func (rd *reading) upTo(end int) []*equation {
	out := make([]*equation, 0, len(rd.probEqs)+len(rd.before)+len(rd.stepEqs))
	out = append(out, rd.probEqs...)
	out = append(out, rd.before...)
	for _, q := range rd.stepEqs {
		if q.e <= end {
			out = append(out, q)
		}
	}
	return out
}

// textsTo is the prose before offset end: the earlier steps, the problem,
// the step so far.
func (rd *reading) textsTo(end int) []string {
	return append(append([]string{}, rd.prose...), rd.text[:end])
}

// readAt reads the substitution whose line is region ri, if one ends there.
func (rd *reading) readAt(ri int) (obligation.Obligation, bool) {
	none := obligation.Obligation{}
	text, regions, fns := rd.text, rd.regions, rd.fns
	if ri == 0 || !strings.Contains(text[regions[ri].S:regions[ri].E], "(") || !leads(rd.lower[regions[ri-1].CE:regions[ri].OS]) {
		return none, false // no prose leading to it: read nothing (most regions stop here)
	}
	line := regionEquation(text, regions[ri], fns, rd.step)
	if line == nil || !line.has() {
		return none, false
	}
	sub, first, ok := assignments(text, rd.lower, regions, ri, fns)
	if !ok {
		return none, false
	}
	rd.reads++
	if !rd.load() {
		return none, false
	}
	// the equations a step may have set these values in: the problem's and the earlier steps'
	known := rd.upTo(regions[first].OS) // every equation written before the values
	var cands, probCands []*equation
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
	if closedForm(known) || anyNested(atoms1, fns) {
		return none, false
	}
	texts := rd.textsTo(regions[ri].OS)
	kr := &knownReader{known: known, texts: texts} // knownAtoms(known, texts, …), its reading shared
	var p0 poly
	unsure := false // some equation the values may have been set in does not rule the line out
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
			return rd.follow(ri, line, p1)
		}
		if anyNested(atoms0, fns) || !mismatch(d, p1, kr.atoms(d, p1)) {
			unsure = true // the line may be this equation at the values, divided or with a value known
			continue
		}
		if q.at < 0 && p0 == nil && shareAny(atoms0, atoms1) && !broughtIn(atoms1, atoms0, known) {
			p0 = d
		}
	}
	if p0 == nil || unsure {
		return none, false
	}
	o, ok := obligationFor(rd.step, text, line, p0, p1, kr.atoms(p0, p1), rd.tactic, rd.idTactic)
	if !ok {
		return none, false
	}
	o.WhyDisproof = "the line is not the equation at " + subString(sub) + " with its terms moved: " + o.WhyDisproof
	return o, true
}

// follow reads the lines rewriting the line of region ri and refutes the
// first that brings in a value of the function nothing before it holds.
func (rd *reading) follow(ri int, line *equation, p poly) (obligation.Obligation, bool) {
	text, regions := rd.text, rd.regions
	prev, prevP := line, p
	for k := ri + 1; k < len(regions) && k <= ri+maxFollow; k++ {
		if !connector(text[regions[k-1].CE:regions[k].OS]) {
			break
		}
		next := regionEquation(text, regions[k], rd.fns, rd.step)
		if next == nil || !next.has() {
			break
		}
		atoms := map[string]bool{}
		q, ok := next.diff(nil, atoms)
		if !ok || len(q) == 0 {
			break
		}
		prevAtoms := map[string]bool{}
		if _, ok := prev.diff(nil, prevAtoms); !ok || anyNested(prevAtoms, rd.fns) || anyNested(atoms, rd.fns) {
			break
		}
		all := rd.upTo(regions[k].OS)
		texts := rd.textsTo(regions[k].OS)
		for _, a := range sortedKeys(atoms) {
			if prevAtoms[a] || writtenBefore(a, all, texts) {
				continue
			}
			o, ok := obligationFor(rd.step, text, next, prevP, q, knownAtoms(all, texts, prevP, q), rd.tactic, rd.idTactic)
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
// punctuation, or words that say the second rewrites the first ("which
// simplifies to:"); "so", "hence", "and", "or" may bring a conclusion or
// another result in, and end the reading.
func connector(s string) bool {
	if len(s) > 40 {
		return false
	}
	for _, w := range strings.FieldsFunc(mathtext.ASCIILower(s), func(r rune) bool {
		return r == ' ' || r == ',' || r == ':' || r == '.' || r == '\n' || r == '\t'
	}) {
		switch w {
		case "which", "simplifies", "simplify", "simplifying", "to", "this", "i", "e", "ie", "that", "is", "giving", "gives", "we", "get", "becomes", "us", "further":
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
var cues = []string{"setting", "set", "substituting", "substitute", "substitutes", "plugging", "plugging in", "plug in", "plug", "putting", "put", "letting", "let", "taking", "take", "we set", "substituting in", "substitute in", "when", "if", "for", "with"}

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
			return !vetoed(sentenceTail(t[:len(t)-len(c)])) // the sentence before the cue ("if", "when" are cues here)
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
	if u := strings.TrimLeft(t, ".,; "); u == "then" || u == "then," {
		return true // "Let x = 0. Then f(y) = …", "if x = 0, then …"
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
	if k := strings.LastIndex(t, `\tag{`); k > 0 && strings.HasSuffix(t, "}") && !strings.Contains(t[k:], "=") {
		t = strings.TrimSpace(t[:k]) // an equation's number: "\tag{1}"
	}
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
			// a list of letters: "$f$ and $g$", "f, g"
			rest := problem[k+len(w):]
			for n := 0; n < 3; n++ {
				rest = strings.TrimLeft(rest, "$\\() ,")
				if len(rest) > 1 && mathtext.IsASCIILetter(rest[0]) && !mathtext.IsASCIILetter(rest[1]) {
					add(rest[0])
					rest = rest[1:]
					if strings.HasPrefix(rest, "(") {
						break // "f(x)": the letter's arguments, no list
					}
					rest = strings.TrimLeft(rest, "$\\) ,")
					if strings.HasPrefix(rest, "and ") {
						rest = rest[4:]
					}
					continue
				}
				break
			}
		}
	}
	return string(out)
}
