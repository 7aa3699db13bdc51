package fnsubst

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// A form of the function tried in a step ("let's assume f(x) = x + c"),
// and the "=" chains the step computes under it: "f(x + f(x + y)) +
// f(xy) = f(2x + y + c) + f(xy) = (2x + y + c) + c + xy". Under the
// form each member is a polynomial in the names; once a link holds and is
// no copy the chain rewrites an expression, and a later link that fails
// is refuted when its sides differ in at most two terms (a slip, not an
// equation the chain ends on). The problem's equation restated as a
// condition, a sentence that sets, needs or compares, and a member with a
// function the step gives no form are left alone, and so is the last link
// (an equation to solve may end a rewriting), a form that is a lone name
// or a constant, and a problem that gives the function itself.

// form is a function's body in its parameter.
type form struct {
	param string
	body  *node
	at    int // where the form is written in the step
}

// maxChain bounds the members of a chain read.
const maxChain = 12

// forms reads the forms the step gives its functions, in order.
func forms(eqs []*equation, fns string) map[string][]form {
	out := map[string][]form{}
	for _, q := range eqs {
		for _, pair := range [][2]*node{{q.l, q.r}, {q.r, q.l}} {
			a, b := pair[0], pair[1]
			if a.op != 'f' || len(a.args) != 1 || a.args[0].op != 'v' || hasApply(b) || strings.IndexByte(fns, a.name[0]) < 0 {
				continue
			}
			ns := map[string]bool{}
			names(b, ns)
			if len(ns) == 0 || b.op == 'v' {
				continue // a constant, a lone name: another quantity, no form to rewrite in
			}
			out[a.name] = append(out[a.name], form{param: a.args[0].name, body: b, at: q.s})
		}
	}
	return out
}

// formAt is the last form of each function written before offset at.
func formAt(all map[string][]form, at int) map[string]form {
	out := map[string]form{}
	for name, fs := range all {
		for _, f := range fs {
			if f.at < at {
				out[name] = f
			}
		}
	}
	return out
}

// underForms is n as a polynomial with each application of a function
// replaced by its form's body at the argument; false when a function has
// no form.
func underForms(n *node, fs map[string]form) (poly, bool) {
	if n.op == 'f' {
		f, ok := fs[n.name]
		if !ok || len(n.args) != 1 {
			return nil, false
		}
		arg, ok := underForms(n.args[0], fs)
		if !ok {
			return nil, false
		}
		return eval(f.body, map[string]poly{f.param: arg})
	}
	if n.op == 'n' || n.op == 'v' {
		return eval(n, nil)
	}
	parts := make([]poly, len(n.args))
	for i, a := range n.args {
		p, ok := underForms(a, fs)
		if !ok {
			return nil, false
		}
		parts[i] = p
	}
	switch n.op {
	case '~':
		return parts[0].scale(big.NewRat(-1, 1)), true
	case '^':
		out := constPoly(big.NewRat(1, 1))
		for k := 0; k < n.exp; k++ {
			var ok bool
			if out, ok = out.mul(parts[0]); !ok {
				return nil, false
			}
		}
		return out, true
	case '+':
		return parts[0].add(parts[1], 1)
	case '-':
		return parts[0].add(parts[1], -1)
	case '*':
		return parts[0].mul(parts[1])
	case '/':
		c, isConst := parts[1].constant()
		if !isConst || c.Sign() == 0 {
			return nil, false
		}
		return parts[0].scale(new(big.Rat).Inv(c)), true
	}
	return nil, false
}

// chainVeto marks a sentence whose "=" may be a condition: it sets,
// needs, wants or compares.
var chainVeto = []string{"need", "want", "must", "should", "require", "if ", "for these", "to be equal", "set ", "setting", "compar", "whether", "would", "suppos", "check", "verify", "satisf", "hold", "solv", "condition", "contradict", "not ", "wrong", "incorrect"}

// readForms refutes the first false link of a chain the step computes
// under a form it gives the function.
func (rd *reading) readForms() (obligation.Obligation, bool) {
	none := obligation.Obligation{}
	// the step's own forms first (one pass over the step), then the
	// problem's equations; the earlier steps are not needed
	stepEqs := equations(rd.text, rd.fns, rd.step, len(rd.text))
	all := forms(stepEqs, rd.fns)
	if len(all) == 0 {
		return none, false
	}
	probEqs := equations(rd.problem, rd.fns, -1, len(rd.problem))
	if !slices.ContainsFunc(probEqs, (*equation).has) || len(forms(probEqs, rd.fns)) > 0 {
		return none, false // no functional equation, or the problem gives the function: no form tried
	}
	if o, ok := rd.sideLines(all, stepEqs); ok {
		return o, true
	}
	for _, rg := range rd.regions {
		fs := formAt(all, rg.S)
		if len(fs) == 0 || rg.E-rg.S > 4*maxRegion {
			continue
		}
		sentence := mathtext.ASCIILower(sentenceTail(strings.TrimRight(rd.text[max(0, rg.OS-160):rg.OS], " \n\t")))
		if vetoedChain(sentence) {
			continue
		}
		if o, ok := rd.formLine(rg, sentence, fs, probEqs); ok {
			return o, true
		}
		for _, pc := range mathtext.ClaimPieces(rd.text, rg.S, rg.E, func(p string) bool { return strings.Count(p, "=") >= 2 }) {
			if o, ok := rd.chainAt(pc[0], pc[1], fs); ok {
				return o, true
			}
		}
	}
	return none, false
}

func vetoedChain(s string) bool {
	for _, w := range chainVeto {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// chainAt reads the chain text[s:e] under the forms.
func (rd *reading) chainAt(s, e int, fs map[string]form) (obligation.Obligation, bool) {
	none := obligation.Obligation{}
	members := mathtext.EqualsMembers(rd.text, s, e)
	if len(members) < 3 || len(members) > maxChain {
		return none, false
	}
	type member struct {
		raw  string
		p    poly
		s, e int
	}
	ms := make([]member, len(members))
	applied := false
	for i, m := range members {
		raw := strings.TrimRight(strings.TrimSpace(rd.text[m[0]:m[1]]), ".,;")
		if raw == "" || strings.ContainsAny(raw, "<>|!") || mathtext.HasAny(raw, `\le`, `\ge`, `\approx`, `\equiv`, `\pm`, `\text`, `\quad`) {
			return none, false
		}
		n := parseSide(raw, rd.fns)
		if n == nil {
			return none, false
		}
		applied = applied || hasApply(n)
		p, ok := underForms(n, fs)
		if !ok {
			return none, false
		}
		ms[i] = member{raw: raw, p: p, s: m[0], e: m[1]}
	}
	if !applied {
		return none, false
	}
	rewrote := false
	for i := 0; i+1 < len(ms); i++ {
		a, b := ms[i], ms[i+1]
		d, ok := a.p.add(b.p, -1)
		if !ok {
			return none, false
		}
		if len(d) == 0 {
			if strings.ReplaceAll(a.raw, " ", "") != strings.ReplaceAll(b.raw, " ", "") {
				rewrote = true
			}
			continue
		}
		if !rewrote || len(d) > 2 || i+2 == len(ms) {
			return none, false // an equation may be meant; an equation to solve may end the chain
		}
		return rd.formObligation(a.s, b.e, a.p, b.p, fs)
	}
	return none, false
}

// formObligation writes the identity ∀ names, A = B under the forms,
// refuted at a point where it fails.
func (rd *reading) formObligation(s, e int, a, b poly, fs map[string]form) (obligation.Obligation, bool) {
	syms := map[string]bool{}
	for _, p := range []poly{a, b} {
		for _, t := range p {
			for _, f := range t.m {
				syms[f.sym] = true
			}
		}
	}
	order := sortedKeys(syms)
	if len(order) == 0 {
		return obligation.Obligation{}, false
	}
	at, ok := point(a, b, order)
	if !ok {
		return obligation.Obligation{}, false
	}
	vars, lits := map[string]string{}, map[string]string{}
	binders, shown := make([]string, len(order)), make([]string, len(order))
	plainAt := map[string]*big.Rat{}
	for i, v := range order {
		vars[v] = fmt.Sprintf("v%d", i+1)
		binders[i] = vars[v]
		lits[v] = "(" + at[v].RatString() + " : Rat)"
		plainAt[v] = at[v]
		shown[i] = v + " = " + at[v].RatString()
	}
	L, R := toExpr(a), toExpr(b)
	x, errA := symexpr.Eval(L, plainAt)
	y, errB := symexpr.Eval(R, plainAt)
	if errA != nil || errB != nil || x.Cmp(y) == 0 {
		return obligation.Obligation{}, false
	}
	var used []string
	for _, name := range sortedForms(fs) {
		f := fs[name]
		used = append(used, fmt.Sprintf("%s(%s) = %s", name, f.param, plainNode(f.body)))
	}
	o := obligation.Obligation{Step: rd.step, Span: mathtext.SpanOf(rd.text, s, e), Kind: obligation.KindIdentity, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(L) + " = " + symexpr.Plain(R)
	o.Prop = symexpr.Render{Names: vars}.Term(L) + " = " + symexpr.Render{Names: vars}.Term(R)
	o.Lean = "example : ∀ (" + strings.Join(binders, " ") + " : Rat), " + o.Prop + " := by " + rd.idTactic
	pt := symexpr.Render{Names: lits}
	o.LeanNeg = "example : ¬(" + pt.Term(L) + " = " + pt.Term(R) + ") := by " + rd.tactic
	o.Note = "the link read under the form the step gives: " + strings.Join(used, ", ")
	o.WhyProof = "the link holds for every value of the names under that form"
	o.WhyDisproof = fmt.Sprintf("under %s the link fails: at %s the left side is %s, the right side %s", strings.Join(used, ", "), strings.Join(shown, ", "), x.RatString(), y.RatString())
	return o, true
}

func sortedForms(fs map[string]form) []string {
	out := make([]string, 0, len(fs))
	for k := range fs {
		out = append(out, k)
	}
	return sortedStrings(out)
}

func sortedStrings(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// plainNode writes a form's body.
func plainNode(n *node) string {
	p, ok := eval(n, nil)
	if !ok {
		return "?"
	}
	return symexpr.Plain(toExpr(p))
}

// ordinals name one of the problem's equations.
var ordinals = []string{"first", "second", "third"}

// formLine reads a line said to be the problem's equation with the forms
// put in ("substitute into the first equation: \[…\]"): the line must be
// that equation under the forms up to a factor; it is refuted when no
// factor makes it so (mismatch) and no equation of the problem does.
func (rd *reading) formLine(rg mathtext.Region, sentence string, fs map[string]form, probEqs []*equation) (obligation.Obligation, bool) {
	none := obligation.Obligation{}
	if !strings.Contains(sentence, "substitut") && !strings.Contains(sentence, "plug") || !mathtext.HasAny(sentence, "equation", "identity") || !strings.HasSuffix(strings.TrimSpace(sentence), ":") && !leads(sentence) {
		return none, false
	}
	if mathtext.HasAny(sentence, "with", "and set", "setting", "let", "where", "when", "using", "since", "from", "(") {
		return none, false // values set beside the forms, or another equation used
	}
	pieces := mathtext.ClaimPieces(rd.text, rg.S, rg.E, func(p string) bool { return strings.Contains(p, "=") })
	if len(pieces) == 0 {
		return none, false
	}
	line := regionEquation(rd.text, mathtext.Region{S: pieces[0][0], E: pieces[0][1]}, rd.fns, rd.step)
	if line == nil {
		return none, false
	}
	l1, okL := underForms(line.l, fs)
	r1, okR := underForms(line.r, fs)
	if !okL || !okR {
		return none, false
	}
	p1, ok := l1.add(r1, -1)
	if !ok || len(p1) == 0 {
		return none, false
	}
	var cands []*equation
	for _, q := range probEqs {
		if q.has() {
			cands = append(cands, q)
		}
	}
	named := -1
	for i, w := range ordinals {
		if strings.Contains(sentence, w+" equation") {
			named = i
		}
	}
	var p0 poly
	for i, q := range cands {
		l0, okL := underForms(q.l, fs)
		r0, okR := underForms(q.r, fs)
		if !okL || !okR {
			return none, false // a function without a form: the line may keep it
		}
		d, ok := l0.add(r0, -1)
		if !ok {
			return none, false
		}
		if proportional(d, p1) {
			return none, false
		}
		if (named == i || named < 0 && len(cands) == 1) && mismatch(d, p1, nil) {
			p0 = d
		}
	}
	if p0 == nil {
		return none, false
	}
	o, ok := obligationFor(rd.step, rd.text, line, p0, p1, nil, rd.tactic, rd.idTactic)
	if !ok {
		return none, false
	}
	var used []string
	for _, name := range sortedForms(fs) {
		f := fs[name]
		used = append(used, fmt.Sprintf("%s(%s) = %s", name, f.param, plainNode(f.body)))
	}
	o.Note = "the problem's equation with the forms the step gives put in: " + strings.Join(used, ", ")
	o.WhyDisproof = "the line is not the equation with " + strings.Join(used, ", ") + " put in, its terms moved: " + o.WhyDisproof
	return o, true
}

// sideLines reads two display lines in a row under the forms, nothing but
// punctuation between them ("\[ f(xy + x + y) + f(-x - 1) = … \] \[ (xy +
// x + y + 1) + 0 = … \]"): a line that is no rearrangement of the one
// before (its left minus right side no factor of the other's) and keeps
// one side of it as it is rewrites the other side, and that rewriting is
// refuted when it fails under the forms by at most two terms. A line that
// is a form itself, and a difference in a name the step gives a value
// before the line ("c = 0"), are left alone.
func (rd *reading) sideLines(all map[string][]form, stepEqs []*equation) (obligation.Obligation, bool) {
	none := obligation.Obligation{}
	for k := 1; k < len(rd.regions); k++ {
		a, b := rd.regions[k-1], rd.regions[k]
		if !a.Display || !b.Display || strings.Trim(rd.text[a.CE:b.OS], " \n\t,.;") != "" {
			continue
		}
		fs := formAt(all, a.S)
		if len(fs) == 0 {
			continue
		}
		la, lb := regionEquation(rd.text, a, rd.fns, rd.step), regionEquation(rd.text, b, rd.fns, rd.step)
		if la == nil || lb == nil || !la.has() && !lb.has() || isForm(la) || isForm(lb) {
			continue
		}
		sides := make([]poly, 4)
		ok := true
		for i, n := range []*node{la.l, la.r, lb.l, lb.r} {
			if sides[i], ok = underForms(n, fs); !ok {
				break
			}
		}
		if !ok {
			continue
		}
		pa, okA := sides[0].add(sides[1], -1)
		pb, okB := sides[2].add(sides[3], -1)
		if !okA || !okB || len(pa) == 0 && len(pb) == 0 || proportional(pa, pb) {
			continue
		}
		var from, to poly
		switch {
		case same(sides[0], sides[2]):
			from, to = sides[1], sides[3]
		case same(sides[1], sides[3]):
			from, to = sides[0], sides[2]
		default:
			continue
		}
		d, ok := from.add(to, -1)
		if !ok || len(d) == 0 || len(d) > 2 || boundBefore(d, stepEqs, b.OS) {
			continue
		}
		if o, ok := rd.formObligation(lb.s, lb.e, from, to, fs); ok {
			o.WhyDisproof = "the line keeps one side of the line before and rewrites the other, and " + o.WhyDisproof
			return o, true
		}
	}
	return none, false
}

// isForm reports a line that gives a function a form: "f(x) = x + c".
func isForm(q *equation) bool {
	for _, pair := range [][2]*node{{q.l, q.r}, {q.r, q.l}} {
		if pair[0].op == 'f' && len(pair[0].args) == 1 && pair[0].args[0].op == 'v' && !hasApply(pair[1]) {
			return true
		}
	}
	return false
}

// same reports two polynomials that are one.
func same(a, b poly) bool {
	d, ok := a.add(b, -1)
	return ok && len(d) == 0
}

// boundBefore reports a name of d that an equation of the step before
// offset end gives a number ("c = 0").
func boundBefore(d poly, eqs []*equation, end int) bool {
	bound := map[string]bool{}
	for _, q := range eqs {
		if q.e > end {
			continue
		}
		for _, pair := range [][2]*node{{q.l, q.r}, {q.r, q.l}} {
			ns := map[string]bool{}
			names(pair[1], ns)
			if pair[0].op == 'v' && len(ns) == 0 {
				bound[pair[0].name] = true
			}
		}
	}
	for _, t := range d {
		for _, f := range t.m {
			if bound[f.sym] {
				return true
			}
		}
	}
	return false
}
