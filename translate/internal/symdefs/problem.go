package symdefs

import (
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Functions the problem defines ("Let $f(x) = x^2 - 3x + 1$. Find
// $f(f(2))$."): read once from the problem, they are substituted in the
// steps as a function defined in the chain is (recordDef), so "f(2) = -3"
// is a closed claim.

// Bounds of the problem's definitions: the bytes read, the definitions
// kept, and the bytes of one body.
const (
	maxProblemDefBytes = 64 << 10
	maxProblemDefs     = 8
	maxProblemDefBody  = 400
)

// probDefRE is the head of a definition in the problem, "f(x) =", with
// no letter or backslash before the name (\sin(x), ab(x)).
var probDefRE = regexp.MustCompile(`(?:^|[^A-Za-z\\_^{])([A-Za-z])\(([a-z])\)\s*=`)

// ProblemDefs reads the functions problem defines, each by one head
// "f(x) = body" whose body ends the formula (a "$", "\]", "\)", a comma,
// a semicolon, a full stop or a line end) and has no name but the
// parameter, and is not a case of a piecewise definition ("… if x < 0",
// "for x ≥ 1"). A name given two different bodies, a body that names
// the function itself (a functional equation) or one the symbolic reader
// cannot read fixes no function: the name maps to nil and is never
// substituted, in the problem or the chain. key is the definitions as
// read, for a cache of contexts. Linear in the problem's bytes.
func ProblemDefs(problem string) (defs map[string]*symexpr.Def, key string) {
	s := problem[:min(len(problem), maxProblemDefBytes)]
	if !strings.Contains(s, "=") || !strings.Contains(s, ")") && !strings.Contains(s, "_") {
		return nil, "" // no head can be there: the common case, read at once
	}
	if low := strings.ToLower(s); strings.Contains(low, "functions") || strings.Contains(low, "functional") {
		return nil, ""
	}
	var order []string
	asked := map[string]bool{}
	var heads [][]int
	if mayHaveProbHead(s) {
		heads = probDefRE.FindAllStringSubmatchIndex(s, -1)
	}
	for _, m := range heads {
		name, param := s[m[2]:m[3]], s[m[4]:m[5]]
		if name == param || !headStarts(s, m[2]) {
			continue
		}
		d, eq := problemDefBody(s, m[1], name, param, defs)
		old, seen := defs[name]
		if eq || seen && equationCue(s, m[2]) {
			// "Solve f(x) = 3", "… such that f(x) = 2x + 1": an equation in
			// the function, which neither defines it nor contradicts it
			asked[name] = true
			continue
		}
		if defs == nil {
			defs = map[string]*symexpr.Def{}
		}
		if !seen {
			if len(order) == maxProblemDefs {
				break
			}
			order = append(order, name)
		}
		if !seen && usedBefore(s, name, m[2]) {
			// the function is used before the sentence that defines it: a
			// functional equation's solution ("… Thus f(n) = n"), not a
			// definition ("What is f(2) if f(x) = 3x + 1?" asks first)
			d = nil
		}
		switch {
		case d == nil || seen && old == nil:
			defs[name] = nil
		case seen && symexpr.Plain(old.Body) != symexpr.Plain(symexpr.Substitute(d.Body, d.Param, &symexpr.Expr{Op: 'v', Name: old.Param})):
			defs[name] = nil
		case !seen:
			defs[name] = d
		}
	}
	for name := range asked {
		if d := defs[name]; d != nil {
			d.Asked = true
		}
	}
	defs, seqKey := problemSeqs(s, defs)
	var b strings.Builder
	defer func() { key += seqKey }()
	for _, n := range order {
		b.WriteString(n)
		if d := defs[n]; d != nil {
			b.WriteString("(" + d.Param + ")=" + symexpr.Plain(d.Body))
		}
		b.WriteString(";")
	}
	return defs, b.String()
}

// problemDefBody reads the body of "name(param) =" that starts at i, with
// the functions defined before it; nil when it is no definition, and eq
// when it is a closed value: an equation to solve ("f(x) = 0").
func problemDefBody(s string, i int, name, param string, defs map[string]*symexpr.Def) (d *symexpr.Def, eq bool) {
	end := formulaEnd(s, i)
	if end-i > maxProblemDefBody || end < len(s) && strings.IndexByte("=<>", s[end]) >= 0 {
		return nil, false
	}
	raw := strings.TrimSpace(s[i:end])
	if raw == "" || strings.Contains(raw, name+"(") {
		return nil, false
	}
	e, _, _, err := symexpr.ReadDefs(raw, defs)
	if err != nil {
		return nil, false
	}
	vars := symexpr.Vars(e, map[string]bool{}, nil)
	if len(vars) == 0 {
		return nil, true
	}
	if !slices.Equal(vars, []string{param}) || piecewiseAfter(s[end:]) || !givenBefore(s, i) {
		// other names are unknowns of the problem ("x^2 + bx + c")
		return nil, false
	}
	return &symexpr.Def{Param: param, Body: e, Step: -1}, false
}

// piecewiseMarkup is the markup piecewiseAfter reads as spaces.
var piecewiseMarkup = strings.NewReplacer("$", " ", `\text{`, " ", `\mbox{`, " ", `\quad`, " ", `\)`, " ", `\]`, " ", "}", " ", ",", " ", "&", " ")

// piecewiseAfter reports a condition right after a body: the body holds
// for some arguments only ("x + 1 if x < 0", "\text{ for } x \ge 1"),
// whereas "for all x" keeps it whole.
func piecewiseAfter(rest string) bool {
	rest = rest[:min(len(rest), 64)]
	rest = piecewiseMarkup.Replace(rest)
	f := strings.Fields(strings.ToLower(rest))
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "if", "when", "whenever", "otherwise", "unless", "else":
		return true
	case "for":
		return len(f) < 2 || f[1] != "all" && f[1] != "every" && f[1] != "each" && f[1] != "any" && f[1] != "real" && f[1] != "integers" && f[1] != "positive"
	}
	near := rest[:min(len(rest), 24)]
	for _, w := range []string{"<", ">", `\le`, `\ge`, `\lt`, `\gt`, `\ne`, "≤", "≥", `\in`} {
		if strings.Contains(near, w) {
			return true
		}
	}
	return false
}

// notGivenRE marks a sentence whose formula is not given but asked about
// or to be proven ("Prove that f(x) = x", "whether f(x) = x^2 works").
var notGivenRE = newWords([]string{"prove", "show", "whether", "verify", "check", "all", "conjecture", "possible", "could", "might", "functions"})

// givenBefore reports that the sentence before the head at i gives the
// definition (neither asks nor proves it), and that the problem does not
// ask for functions at all ("find all functions f such that …").
func givenBefore(s string, i int) bool {
	lo := max(0, i-200)
	sent := s[lo:i]
	if k := strings.LastIndexAny(sent, ".?!:\n"); k >= 0 {
		sent = sent[k+1:]
	}
	return !notGivenRE.MatchString(strings.ToLower(sent))
}

// ChainDefsWith is chainDefs (symbolic.ChainDefs of steps) for the steps of a solution to a problem
// that defines pdefs (ProblemDefs). A step that writes "f(x) = …" for a
// function of the problem restates it, and the restatement is a claim
// (readMembers substitutes the head: "f(x) = (x + 2)(x^3 + 1)" is the
// identity of the problem's body and the product); a step that gives the
// name a new definition ("let f(x) = …", "define", "suppose", "if", …)
// makes it substituted nowhere, like a function the chain defines twice.
func ChainDefsWith(pdefs map[string]*symexpr.Def, steps []string, chainDefs map[string]*symexpr.Def) map[string]*symexpr.Def {
	defs := chainDefs
	if len(pdefs) == 0 {
		return defs
	}
	if defs == nil {
		defs = map[string]*symexpr.Def{}
	}
	veto, vetoRead := false, false
	for name, d := range pdefs {
		if d != nil && d.Seq && !vetoRead {
			for _, s := range steps {
				veto = veto || seqVeto(s)
			}
			vetoRead = true
		}
		switch {
		case d != nil && d.Seq && (veto || redefinedSeq(name[:1], steps)):
			// a term may be meant modulo something, or the chain names
			// another sequence so: no term is known
			continue
		case d != nil && !d.Seq && redefined(name, d, steps):
			d = nil
		}
		defs[name] = d
	}
	return defs
}

// redefinedSeq reports a sentence of steps that gives the sequence name
// a definition of its own ("let a_n be …", "define a_1 = 2").
func redefinedSeq(name string, steps []string) bool {
	for _, s := range steps {
		for i := strings.Index(s, name+"_"); i >= 0; {
			sent := s[max(0, i-60):i]
			if k := strings.LastIndexAny(sent, ".?!:\n"); k >= 0 {
				sent = sent[k+1:]
			}
			if redefCueRE.MatchString(strings.ToLower(sent)) {
				return true
			}
			j := strings.Index(s[i+2:], name+"_")
			if j < 0 {
				break
			}
			i += 2 + j
		}
	}
	return false
}

// redefCueRE marks a sentence that gives a name a definition of its own.
var redefCueRE = newWords([]string{"let", "define", "defined", "defining", "denote", "consider", "suppose", "assume", "assuming", "if", "say", "call", "new", "try", "guess", "where", "when", "instead", "another", "redefine"})

// redefined reports a head "name(v) =" in steps whose sentence gives name
// a definition of its own.
func redefined(name string, d *symexpr.Def, steps []string) bool {
	for _, s := range steps {
		if !strings.Contains(s, name+"(") || !mayHaveProbHead(s) {
			continue
		}
		for _, m := range probDefRE.FindAllStringSubmatchIndex(s, -1) {
			if s[m[2]:m[3]] != name {
				continue
			}
			lo := max(0, m[2]-120)
			sent := s[lo:m[2]]
			if k := strings.LastIndexAny(sent, ".?!:\n"); k >= 0 {
				sent = sent[k+1:]
			}
			if redefCueRE.MatchString(strings.ToLower(sent)) && !sameBody(s, m, d) {
				return true
			}
		}
	}
	return false
}

// sameBody reports that the head m of s ("Let f(x) = x^2 - 2x", given
// again) is followed by d's body at its own parameter, read the same.
func sameBody(s string, m []int, d *symexpr.Def) bool {
	if s[m[4]:m[5]] != d.Param {
		return false
	}
	end := formulaEnd(s, m[1])
	if end < len(s) && strings.IndexByte("=<>", s[end]) >= 0 {
		return false
	}
	e, err := symexpr.Read(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s[m[1]:end]), ".")))
	return err == nil && symexpr.Plain(e) == symexpr.Plain(d.Body)
}

// ProblemDef reports that defs holds name as a function the problem defines.
func ProblemDef(defs map[string]*symexpr.Def, name string) bool {
	d := defs[name]
	return d != nil && d.Param != "" && d.Step == -1
}

// usedBefore reports a use of the function name before its head at h: in
// an earlier sentence, or in the head's sentence with a value or a power
// ("f(2) = 5 and f(x) = …"). A question first ("What is f(2) if f(x) =
// …?") is no use.
func usedBefore(s, name string, h int) bool {
	start := sentenceStart(s, h)
	for i := 0; i+1 < h; i++ {
		if s[i] != name[0] || i > 0 && (s[i-1] >= 'a' && s[i-1] <= 'z' || s[i-1] >= 'A' && s[i-1] <= 'Z' || s[i-1] == '\\') {
			continue
		}
		switch {
		case s[i+1] == '^':
			return true
		case s[i+1] != '(':
			continue
		case i < start:
			return true
		}
		k := strings.IndexByte(s[i:min(h, i+24)], ')')
		if k < 0 {
			return true
		}
		rest := strings.TrimLeft(s[i+k+1:h], " $")
		if strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "^") {
			return true
		}
	}
	return false
}

// sentenceStart is where the sentence holding offset i starts: after the
// last ". ", "? ", "! " or line end before it.
func sentenceStart(s string, i int) int {
	for j := i - 1; j >= 0; j-- {
		if s[j] == '\n' || (s[j] == '.' || s[j] == '?' || s[j] == '!') && j+1 < len(s) && (s[j+1] == ' ' || s[j+1] == '\n') {
			return j + 1
		}
	}
	return 0
}

// headStarts reports that the head at i starts its formula: no operand
// or operator before it ("g(x) + f(x) = x^2" defines neither), only the
// start of the text, an opening of math, an opening bracket, a comma or
// a word.
func headStarts(s string, i int) bool {
	j := i
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\n' || s[j-1] == '{') {
		j--
	}
	if j == 0 {
		return true
	}
	switch c := s[j-1]; {
	case c == '$' || c == ',' || c == ':' || c == ';' || c == '[' || c == '.':
		return true
	case c == '(':
		return j >= 2 && s[j-2] == '\\'
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		// a word ("Let f(x) ="), not a command (\cdot f(x)) or a name (2a f(x))
		k := j - 1
		for k > 0 && (s[k-1] >= 'a' && s[k-1] <= 'z' || s[k-1] >= 'A' && s[k-1] <= 'Z') {
			k--
		}
		return j-k > 1 && (k == 0 || s[k-1] != '\\')
	}
	return false
}

// equationCueRE marks a sentence that sets up an equation in a function
// it has defined ("Solve f(x) = 2x + 1", "all x such that f(x) = x").
var equationCueRE = newWords([]string{"solve", "solving", "solutions", "solution", "such", "satisfy", "satisfies", "equation", "roots", "root", "when", "whenever", "where", "values"})

// equationCue reports such a sentence before the head at i.
func equationCue(s string, i int) bool {
	sent := s[max(0, i-160):i]
	if k := strings.LastIndexAny(sent, ".?!\n"); k >= 0 {
		sent = sent[k+1:]
	}
	return equationCueRE.MatchString(strings.ToLower(sent))
}

// anyHeadRE is "f(x)" for any letter f.
var anyHeadRE = regexp.MustCompile(`^([A-Za-z])\(([a-z])\)$`)

// RestateHead reports that raw is the head "f(x)" of a function the
// problem defines, at a name (not a number).
func RestateHead(raw string, defs map[string]*symexpr.Def) bool {
	if len(raw) != 4 {
		return false // anyHeadRE matches 4 bytes or none
	}
	h := anyHeadRE.FindStringSubmatch(raw)
	return h != nil && h[1] != h[2] && ProblemDef(defs, h[1]) && defs[h[1]].Param == h[2] && !defs[h[1]].Asked
}

// ValueAt reports that "f(a)" is the value of a function defined with
// another parameter at the name a (f(x) = x^2 + 1, then f(a) = 10), not
// a definition's head.
func ValueAt(defs map[string]*symexpr.Def, f, a string) bool {
	d := defs[f]
	return d != nil && d.Param != "" && d.Param != a
}

// words is a set of lower-case words, matched whole in a text.
type words map[string]bool

func newWords(ws []string) words {
	m := words{}
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// MatchString reports a word of the lower-cased text s in the set.
func (m words) MatchString(s string) bool { return firstWord(s, m) != "" }

func isWordByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '\'' }
