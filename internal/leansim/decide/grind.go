package decide

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// grind, as far as the simulator carries it out: the symbolic obligations of
// docs/CONTRACTS.md §1b over Rat, decided exactly. Real grind's ring module is a Gröbner-basis
// procedure over Lean.Grind.Field Rat that rewrites a / b to a * b⁻¹ and case-splits on
// whether each inverted term is zero (docs/LEAN-TACTICS.md), so it works with Lean's total
// division (x / 0 = 0). The simulator answers only where it knows Lean's answer:
//
//   - no equation among the hypotheses (an identity, perhaps with side conditions p ≠ 0): the
//     goal's equations are compared as rational functions over Q, by evaluation (grindpoly.go). If one
//     differs, it is false at a generic point where every divisor and every side condition is
//     nonzero, where Lean's division is the field's: grind fails. If all agree and every
//     divisor is nonzero under the side conditions, the claim holds in Lean: accepted. If a
//     divisor is not covered (x / x = 1 without x ≠ 0), then in one variable the rational
//     roots of the divisors' numerators are the only points where Lean's division differs
//     from the field's, and Lean's value there decides (grind case-splits on each inverse
//     being zero: 1 / a + 1 / (2 * a) = 3 / (2 * a) holds and grind proves it); in several
//     variables a small grid of points, evaluated with Lean's semantics, looks for a
//     counterexample: found, grind fails; else "not simulated". A closed claim is evaluated.
//   - equations among the hypotheses, one variable, no division but by nonzero numerals (an equation
//     transformation): accepted when every conclusion's polynomial vanishes at every root of
//     the gcd g of the hypotheses' (over C: a power of it is a multiple of g — ideal
//     membership when the power is 1, the radical in general, as x ^ 2 = 0 → x = 0, which
//     grind's manual proves with grind); refused when a rational root of g satisfies the
//     hypotheses and not the conclusion; else "not simulated" (x ^ 2 = 2 → x = 1 is true over
//     Q, vacuously, but no root is rational and grind's algebra does not see that).
//
// Anything else — other relations, other types, several variables with equations — is "not
// simulated". The failure text follows the shape of Lean's (`grind` failed, case grind, the
// context with the negated goal, ⊢ False, goal diagnostics); its diagnostics are shorter.

// Bounds that keep grind cheap on hostile input.
const (
	maxGrindExponent = 64 // an exponent beyond this is not simulated
	maxGrindDegree   = 256
	maxGrindPoints   = 512 // Lean-semantics evaluation points for a counterexample
	maxRootSearch    = 1_000_000
	// maxRootCandidates bounds the candidates p/q the rational root theorem tries.
	maxRootCandidates = 4096
)

// gterm is a Rat term of the grind fragment.
type gterm struct {
	op   string // "c" constant, "v" variable, "+", "-", "*", "/", "neg", "inv", "^"
	val  *big.Rat
	name string
	exp  uint
	kids []*gterm
}

// grel is one relation of the fragment: lhs op rhs with op "=" or "≠".
type grel struct {
	op       string
	lhs, rhs *gterm
	node     *syntax.Node
}

// ErrGrindFragment marks what the simulator does not decide.
type ErrGrindFragment struct{ What string }

func (e *ErrGrindFragment) Error() string { return e.What }

func outside(format string, args ...any) error {
	return &ErrGrindFragment{What: fmt.Sprintf(format, args...)}
}

// GrindIntro introduces the goal's ∀ and → as grind does: bound variables keep their names,
// anonymous hypotheses are h, h_1, …
func GrindIntro(g *elab.Goal) ([]elab.Hyp, *syntax.Node, error) {
	ctx := append([]elab.Hyp(nil), g.Hyps...)
	used := map[string]bool{}
	for _, h := range ctx {
		used[h.Name] = true
	}
	next := 0
	fresh := func() string {
		for {
			n := "h"
			if next > 0 {
				n = fmt.Sprintf("h_%d", next)
			}
			next++
			if !used[n] {
				used[n] = true
				return n
			}
		}
	}
	target := g.Target.Transparent()
	for steps := 0; ; steps++ {
		if steps > 256 {
			return nil, nil, errors.New("too many binders")
		}
		switch target.Op {
		case syntax.OpForall:
			vars, body := target.Bound()
			for _, v := range vars {
				if used[v.Text] {
					return nil, nil, fmt.Errorf("the bound name %s is already in use", v.Text)
				}
				used[v.Text] = true
				ctx = append(ctx, elab.Hyp{Name: v.Text, Ty: v.Asc})
			}
			target = body.Transparent()
			continue
		case syntax.OpImp:
			prem := target.Kids[0]
			if t := prem.Transparent(); t.Op == "≠" {
				// grind's preprocessing shows a ≠ b as ¬a = b (the manual's failure output).
				prem = &syntax.Node{Op: syntax.OpNot, Kids: []*syntax.Node{{Op: "=", Kids: t.Kids, Ty: t.Ty}}}
			}
			ctx = append(ctx, elab.Hyp{Name: fresh(), Prop: prem})
			target = target.Kids[1].Transparent()
			continue
		}
		break
	}
	ctx = append(ctx, elab.Hyp{Name: fresh(), Prop: &syntax.Node{Op: syntax.OpNot, Kids: []*syntax.Node{target}}})
	return ctx, target, nil
}

// GrindFailure is the error text: Lean's header and goal, and the asserted facts.
func GrindFailure(ctx []elab.Hyp, mathlib bool) string {
	g := &elab.Goal{Tag: "grind", Hyps: ctx, Target: &syntax.Node{Op: syntax.OpFalse, Text: "False"}}
	var b strings.Builder
	b.WriteString("`grind` failed\n")
	b.WriteString(g.Pretty(mathlib))
	b.WriteString("\n[grind] Goal diagnostics\n  [facts] Asserted facts")
	for _, h := range ctx {
		if h.Prop != nil {
			b.WriteString("\n    [prop] " + h.Prop.Pretty())
		}
	}
	return b.String()
}

// Grind returns true when the simulator knows grind proves the goal under the
// hypotheses in ctx (the last one is the negated target, which it skips), false with a nil
// error when it knows grind fails, and an *ErrGrindFragment when it does not know.
func Grind(env *elab.Env, ctx []elab.Hyp, target *syntax.Node) (bool, error) {
	conv := &grindConv{sc: &elab.Scope{Env: env, Hyps: ctx}, vars: map[string]bool{}}
	for _, h := range ctx {
		if h.Prop == nil {
			if h.Ty != syntax.TypeRat {
				return false, outside("a variable of type %s", h.Ty.Name(env.Mathlib))
			}
			conv.vars[h.Name] = true
		}
	}
	var eqs, nes []grel
	for _, h := range ctx[:len(ctx)-1] {
		if h.Prop == nil {
			continue
		}
		rels, err := conv.rels(h.Prop, false)
		if err != nil {
			return false, err
		}
		for _, rl := range rels {
			if rl.op == "=" {
				eqs = append(eqs, rl)
			} else {
				nes = append(nes, rl)
			}
		}
	}
	goals, err := conv.rels(target, true)
	if err != nil {
		return false, err
	}
	if len(eqs) == 0 {
		return conv.identity(goals, nes)
	}
	return conv.implication(eqs, nes, goals)
}

// grindConv turns elaborated nodes into gterms.
type grindConv struct {
	sc   *elab.Scope
	vars map[string]bool
}

// rels reads a conjunction of relations; a goal may only hold equations.
func (c *grindConv) rels(n *syntax.Node, isGoal bool) ([]grel, error) {
	n = n.Transparent()
	if n.Op == syntax.OpAnd {
		l, err := c.rels(n.Kids[0], isGoal)
		if err != nil {
			return nil, err
		}
		r, err := c.rels(n.Kids[1], isGoal)
		return append(l, r...), err
	}
	op := n.Op
	if op == syntax.OpNot && len(n.Kids) == 1 && n.Kids[0].Transparent().Op == "=" {
		op, n = "≠", n.Kids[0].Transparent()
	}
	if op != "=" && op != "≠" || isGoal && op != "=" {
		return nil, outside("the proposition %s", n.Pretty())
	}
	lhs, err := c.term(n.Kids[0])
	if err != nil {
		return nil, err
	}
	rhs, err := c.term(n.Kids[1])
	if err != nil {
		return nil, err
	}
	return []grel{{op: op, lhs: lhs, rhs: rhs, node: n}}, nil
}

func (c *grindConv) term(n *syntax.Node) (*gterm, error) {
	if n.Ty != syntax.TypeRat {
		// Another type (a Nat exponent, a cast literal) or one the elaboration left open: only
		// a closed value is taken, so Nat's truncating subtraction never passes for Rat's.
		return c.closed(n)
	}
	switch n.Op {
	case syntax.OpAscr:
		if n.Casts() {
			return c.closed(n)
		}
		return c.term(n.Kids[0])
	case syntax.OpNum, syntax.OpDec:
		v, err := elab.ParseLiteral(n.Text)
		if err != nil {
			return nil, outside("the literal %s", n.Text)
		}
		return &gterm{op: "c", val: v}, nil
	case syntax.OpVar:
		if c.vars[n.Text] {
			return &gterm{op: "v", name: n.Text}, nil
		}
		return c.closed(n)
	case syntax.OpNeg, syntax.OpInv:
		k, err := c.term(n.Kids[0])
		if err != nil {
			return nil, err
		}
		return &gterm{op: n.Op, kids: []*gterm{k}}, nil
	case "^":
		e, err := c.closed(n.Kids[1])
		if err != nil {
			return nil, err
		}
		if !e.val.IsInt() || e.val.Sign() < 0 || e.val.Num().Cmp(big.NewInt(maxGrindExponent)) > 0 {
			return nil, outside("the exponent %s", n.Kids[1].Pretty())
		}
		b, err := c.term(n.Kids[0])
		if err != nil {
			return nil, err
		}
		return &gterm{op: "^", exp: uint(e.val.Num().Uint64()), kids: []*gterm{b}}, nil
	case "+", "-", "*", "/":
		l, err := c.term(n.Kids[0])
		if err != nil {
			return nil, err
		}
		r, err := c.term(n.Kids[1])
		if err != nil {
			return nil, err
		}
		return &gterm{op: n.Op, kids: []*gterm{l, r}}, nil
	}
	return nil, outside("the term %s", n.Pretty())
}

// closed evaluates a subterm without bound variables (a Nat exponent, a cast literal).
func (c *grindConv) closed(n *syntax.Node) (*gterm, error) {
	for v := range c.vars {
		if n.Mentions(v) {
			return nil, outside("the term %s", n.Pretty())
		}
	}
	v, err := (&elab.Evaluator{Scope: &elab.Scope{Env: c.sc.Env}}).Term(n)
	if err != nil {
		return nil, outside("the term %s", n.Pretty())
	}
	return &gterm{op: "c", val: v}, nil
}

// frac is t as a rational function over Q (field semantics), with every divisor met.
func (t *gterm) frac(divisors *[]bfrac) (bfrac, error) {
	switch t.op {
	case "c":
		return fracOf(bconst(t.val)), nil
	case "v":
		return fracOf(bvar(t.name)), nil
	case "neg":
		k, err := t.kids[0].frac(divisors)
		return k.neg(), err
	case "inv":
		k, err := t.kids[0].frac(divisors)
		if err != nil {
			return k, err
		}
		*divisors = append(*divisors, k)
		return fracOf(bOne).div(k)
	case "^":
		k, err := t.kids[0].frac(divisors)
		if err != nil {
			return k, err
		}
		return k.pow(t.exp)
	}
	l, err := t.kids[0].frac(divisors)
	if err != nil {
		return l, err
	}
	r, err := t.kids[1].frac(divisors)
	if err != nil {
		return r, err
	}
	switch t.op {
	case "+":
		return l.add(r), nil
	case "-":
		return l.sub(r), nil
	case "*":
		return l.mul(r), nil
	}
	*divisors = append(*divisors, r)
	return l.div(r)
}

// eval is t at a point with Lean's semantics: x / 0 = 0, 0⁻¹ = 0.
func (t *gterm) eval(at map[string]*big.Rat) *big.Rat {
	switch t.op {
	case "c":
		return t.val
	case "v":
		return at[t.name]
	case "neg":
		return new(big.Rat).Neg(t.kids[0].eval(at))
	case "inv":
		k := t.kids[0].eval(at)
		if k.Sign() == 0 {
			return k
		}
		return new(big.Rat).Inv(k)
	case "^":
		k := t.kids[0].eval(at)
		e := big.NewInt(int64(t.exp))
		return new(big.Rat).SetFrac(new(big.Int).Exp(k.Num(), e, nil), new(big.Int).Exp(k.Denom(), e, nil))
	}
	l, r := t.kids[0].eval(at), t.kids[1].eval(at)
	switch t.op {
	case "+":
		return new(big.Rat).Add(l, r)
	case "-":
		return new(big.Rat).Sub(l, r)
	case "*":
		return new(big.Rat).Mul(l, r)
	}
	if r.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Quo(l, r)
}

func (rl grel) holdsAt(at map[string]*big.Rat) bool {
	eq := rl.lhs.eval(at).Cmp(rl.rhs.eval(at)) == 0
	return eq == (rl.op == "=")
}

// diff is lhs - rhs as a rational function, with the divisors met on both sides.
func (rl grel) diff(divisors *[]bfrac) (bfrac, error) {
	l, err := rl.lhs.frac(divisors)
	if err != nil {
		return l, err
	}
	r, err := rl.rhs.frac(divisors)
	if err != nil {
		return r, err
	}
	return l.sub(r), nil
}

// identity decides goals (equations) under side conditions nes (disequations).
func (c *grindConv) identity(goals, nes []grel) (bool, error) {
	used := map[string]bool{}
	for _, rl := range append(append([]grel(nil), goals...), nes...) {
		rl.lhs.collect(used)
		rl.rhs.collect(used)
	}
	if len(used) == 0 {
		// Closed: Lean's value decides.
		return holdsAt(goals, nes, nil), nil
	}
	var divisors []bfrac
	// Side conditions whose own divisors are covered count, as polynomials that are nonzero.
	type side struct {
		num  *bpoly
		divs []bfrac
	}
	var sides []side
	for _, ne := range nes {
		var ds []bfrac
		d, err := ne.diff(&ds)
		if err != nil {
			return false, err
		}
		zero, err := d.num.isZero()
		if err != nil {
			return false, err
		}
		if zero {
			return false, outside("a side condition that never holds where it is defined: %s", ne.node.Pretty())
		}
		sides = append(sides, side{num: d.num, divs: ds})
		divisors = append(divisors, ds...)
	}
	generic := true
	for _, gl := range goals {
		d, err := gl.diff(&divisors)
		if err != nil {
			return false, err
		}
		zero, err := d.num.isZero()
		if err != nil {
			return false, err
		}
		if !zero {
			generic = false
		}
	}
	if !generic {
		// False at a generic point: every divisor and side condition is a nonzero rational
		// function, so some point of Q^n avoids all their zeros, and there Lean's division is
		// the field's.
		return false, nil
	}
	// Which side conditions are sound: their own divisors covered by sound ones (fixpoint).
	sound := make([]bool, len(sides))
	var known []*bpoly
	for changed := true; changed; {
		changed = false
		for i, s := range sides {
			if !sound[i] && allCovered(s.divs, known) {
				sound[i], changed = true, true
				known = append(known, s.num)
			}
		}
	}
	if allCovered(divisors, known) {
		return true, nil
	}
	if len(used) == 1 {
		// One variable: the divisors vanish only at their numerators' roots, and only the
		// rational ones are points of the ∀. Elsewhere Lean's division is the field's, where
		// the identity holds; at those roots Lean's value decides.
		x := ""
		for v := range used {
			x = v
		}
		return c.atDivisorRoots(x, goals, nes, divisors)
	}
	// A divisor may vanish where the hypotheses hold: look for a point, with Lean's
	// semantics, where they hold and the goal does not.
	if c.counterexample(goals, nes, divisors) {
		return false, nil
	}
	return false, outside("a division by a term not assumed nonzero, and no counterexample found")
}

// holdsAt reports whether, at the point, the goals hold or some side condition fails, with
// Lean's semantics.
func holdsAt(goals, nes []grel, at map[string]*big.Rat) bool {
	for _, ne := range nes {
		if !ne.holdsAt(at) {
			return true
		}
	}
	for _, gl := range goals {
		if !gl.holdsAt(at) {
			return false
		}
	}
	return true
}

// atDivisorRoots decides a one-variable identity that holds as rational functions: true
// unless, at a rational root of a divisor's numerator, Lean's value refutes it.
func (c *grindConv) atDivisorRoots(x string, goals, nes []grel, divisors []bfrac) (bool, error) {
	for _, d := range divisors {
		u, err := toUpoly(d.num, x)
		if err != nil {
			return false, err
		}
		roots, complete := u.rationalRoots()
		if !complete {
			return false, outside("a divisor whose rational roots were not searched (coefficients too large)")
		}
		for _, r := range roots {
			if !holdsAt(goals, nes, map[string]*big.Rat{x: r}) {
				return false, nil
			}
		}
	}
	return true, nil
}

// toUpoly is a polynomial in the one variable x as dense coefficients, by Newton
// interpolation at 0, 1, …, d for d its degree bound in x (a bound above the degree only
// adds zero differences).
func toUpoly(p *bpoly, x string) (upoly, error) {
	d := int(p.deg[x])
	if d > maxGrindDegree {
		return nil, outside("a polynomial of degree above %d", maxGrindDegree)
	}
	xs, cs := make([]*big.Rat, d+1), make([]*big.Rat, d+1)
	memo := map[*bpoly]*big.Rat{}
	for i := range xs {
		xs[i] = big.NewRat(int64(i), 1)
		clear(memo)
		cs[i] = new(big.Rat).Set(p.at(map[string]*big.Rat{x: xs[i]}, memo))
	}
	for j := 1; j <= d; j++ {
		for i := d; i >= j; i-- {
			num := new(big.Rat).Sub(cs[i], cs[i-1])
			cs[i] = num.Quo(num, new(big.Rat).Sub(xs[i], xs[i-j]))
		}
	}
	out := upoly{cs[d]}.trim()
	for i := d - 1; i >= 0; i-- {
		var err error
		if out, err = out.mul(upoly{new(big.Rat).Neg(xs[i]), big.NewRat(1, 1)}); err != nil {
			return nil, err
		}
		out = out.add(upoly{cs[i]})
	}
	return out, nil
}

// allCovered reports whether each divisor is nonzero wherever the polynomials known are:
// its numerator is a nonzero constant times one of them, or times a product of two. A test
// too large to decide counts as not covered, which only sends the claim down a slower path.
func allCovered(divs []bfrac, known []*bpoly) bool {
	for _, d := range divs {
		if !covered(d.num, known) {
			return false
		}
	}
	return true
}

func covered(p *bpoly, known []*bpoly) bool {
	if c, isConst, err := p.constant(); err == nil && isConst {
		return c.Sign() != 0
	}
	for i, k := range known {
		if constMultiple(p, k) {
			return true
		}
		for _, k2 := range known[i:] {
			if constMultiple(p, k.mul(k2)) {
				return true
			}
		}
	}
	return false
}

// constMultiple reports whether p = c·q for a nonzero constant c: at a point x0 where
// q(x0) ≠ 0, c can only be p(x0)/q(x0), and p·q(x0) - q·p(x0) must be the zero polynomial.
func constMultiple(p, q *bpoly) bool {
	at := map[string]*big.Rat{}
	vars := append(p.vars(), q.vars()...)
	for i := int64(0); i < 64; i++ {
		for j, v := range vars {
			at[v] = big.NewRat(i*int64(j+2)+int64(j)+1, int64(j)+1)
		}
		qv := q.eval(at)
		if qv.Sign() == 0 {
			continue
		}
		pv := p.eval(at)
		if pv.Sign() == 0 {
			return false
		}
		zero, err := p.mul(bconst(qv)).sub(q.mul(bconst(pv))).isZero()
		return err == nil && zero
	}
	return false
}

// counterexample searches a grid of small rationals (and the roots of linear divisors) for a
// point where every hypothesis holds and some goal fails, with Lean's semantics.
func (c *grindConv) counterexample(goals, nes []grel, divisors []bfrac) bool {
	names := make([]string, 0, len(c.vars))
	for v := range c.vars {
		names = append(names, v)
	}
	sort.Strings(names)
	base := []*big.Rat{big.NewRat(0, 1), big.NewRat(1, 1), big.NewRat(-1, 1), big.NewRat(2, 1), big.NewRat(1, 2), big.NewRat(-2, 1), big.NewRat(3, 1)}
	cands := map[string][]*big.Rat{}
	for _, v := range names {
		cands[v] = append([]*big.Rat(nil), base...)
	}
	for _, d := range divisors {
		vs := d.num.vars()
		if len(vs) != 1 {
			continue
		}
		// a·v + b = 0 at v = -b/a.
		if u, err := toUpoly(d.num, vs[0]); err == nil && len(u) == 2 {
			cands[vs[0]] = append([]*big.Rat{new(big.Rat).Neg(new(big.Rat).Quo(u[0], u[1]))}, cands[vs[0]]...)
		}
	}
	at := map[string]*big.Rat{}
	budget := maxGrindPoints
	var walk func(i int) bool
	walk = func(i int) bool {
		if i == len(names) {
			budget--
			for _, ne := range nes {
				if !ne.holdsAt(at) {
					return false
				}
			}
			for _, gl := range goals {
				if !gl.holdsAt(at) {
					return true
				}
			}
			return false
		}
		for _, v := range cands[names[i]] {
			if budget <= 0 {
				return false
			}
			at[names[i]] = v
			if walk(i + 1) {
				return true
			}
		}
		return false
	}
	return walk(0)
}

// implication decides equations eqs (and disequations nes) ⇒ goals, in one variable and
// without division.
func (c *grindConv) implication(eqs, nes, goals []grel) (bool, error) {
	all := append(append(append([]grel(nil), eqs...), nes...), goals...)
	vars := map[string]bool{}
	for _, rl := range all {
		if rl.lhs.hasVarDiv() || rl.rhs.hasVarDiv() {
			return false, outside("an implication with a division by a term with a variable")
		}
		rl.lhs.collect(vars)
		rl.rhs.collect(vars)
	}
	if len(vars) > 1 {
		return false, outside("an implication in more than one variable")
	}
	x := ""
	for v := range vars {
		x = v
	}
	poly := func(rl grel) (upoly, error) {
		l, err := rl.lhs.upoly(x)
		if err != nil {
			return nil, err
		}
		r, err := rl.rhs.upoly(x)
		if err != nil {
			return nil, err
		}
		return l.sub(r), nil
	}
	var g upoly
	for _, e := range eqs {
		p, err := poly(e)
		if err != nil {
			return false, err
		}
		g = ugcd(g, p)
	}
	if len(g) == 0 {
		// Every hypothesis is 0 = 0: an identity.
		return c.identity(goals, nes)
	}
	member := true
	for _, gl := range goals {
		p, err := poly(gl)
		if err != nil {
			return false, err
		}
		member = member && inRadical(p, g)
	}
	if member {
		return true, nil
	}
	roots, _ := g.rationalRoots()
	for _, root := range roots {
		at := map[string]*big.Rat{x: root}
		ok := true
		for _, rl := range append(append([]grel(nil), eqs...), nes...) {
			ok = ok && rl.holdsAt(at)
		}
		if !ok {
			continue
		}
		for _, gl := range goals {
			if !gl.holdsAt(at) {
				return false, nil
			}
		}
	}
	return false, outside("an implication whose conclusion does not vanish at every root of its hypothesis, and no rational root refutes it")
}

func (t *gterm) hasDiv() bool {
	if t.op == "/" || t.op == "inv" {
		return true
	}
	for _, k := range t.kids {
		if k.hasDiv() {
			return true
		}
	}
	return false
}

func (t *gterm) collect(vars map[string]bool) {
	if t.op == "v" {
		vars[t.name] = true
	}
	for _, k := range t.kids {
		k.collect(vars)
	}
}
