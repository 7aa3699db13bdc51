package decide

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// The simulator's omega. It proves a goal by refuting the hypotheses together with the
// negated goal over the integers, like Lean's omega, but with a simpler and weaker procedure:
//
//   - Facts are the hypotheses and the goal that are relations (= ≠ < ≤ > ≥) between Nat or
//     Int terms, combined with ¬ ∧ ∨ → ↔ True False. Other hypotheses are ignored; a goal
//     outside the fragment is replaced by False (omega then needs contradictory hypotheses).
//   - Terms are linear: + - and multiplication by a constant, unary minus, Nat.succ, casts
//     from Nat to Int, literals and closed definitions. `x / d` and `x % d` for a literal d
//     become fresh q and r with x = d·q + r and 0 ≤ r < |d| (Lean's Nat division and Int's
//     Euclidean division both satisfy this); Nat subtraction a - b becomes t with
//     (b ≤ a ∧ t = a - b) ∨ (a < b ∧ t = 0). Any other subterm (x * y, x ^ 2, …) is an atom;
//     atoms and variables of type Nat are ≥ 0.
//   - Disjunctions are split (at most maxOmegaBranches cases). Each case is refuted by exact
//     elimination of equations with a unit coefficient and Fourier–Motzkin elimination of the
//     rest, dividing every inequality by the gcd of its coefficients and rounding the constant
//     (valid over the integers). Every step derives a true consequence, so a contradiction
//     proves the goal: the procedure is sound. It is incomplete (no dark and grey shadows),
//     so it fails on some goals Lean's omega proves; it then says so instead of pretending
//     there is a counterexample.

const (
	maxOmegaBranches    = 512
	maxOmegaConstraints = 400
)

// omegaFailure is the message for a goal the procedure did not prove.
const omegaFailure = "omega could not prove the goal:\nleanprm-simulator: no contradiction was found among the linear facts (the simulator's omega is Fourier–Motzkin elimination with integer rounding, which is incomplete; this is a simulator, not Lean)"

// Omega returns "" when omega proves g, else the failure message.
func Omega(g *elab.Goal, env *elab.Env) string {
	o := &omegaCtx{sc: &elab.Scope{Env: env, Hyps: g.Hyps}, atoms: map[string]string{}, divs: map[string][2]string{}}
	var facts []*formula
	for _, h := range g.Hyps {
		if h.Prop == nil {
			continue
		}
		if f := o.prop(h.Prop, 0); f != nil {
			facts = append(facts, f)
		}
	}
	if f := o.prop(g.Target, 0); f != nil {
		facts = append(facts, &formula{kind: fNot, kids: []*formula{f}})
	}
	facts = append(facts, o.extra...)
	for v := range o.nonneg {
		facts = append(facts, leZero(lin{c: map[string]*big.Int{v: big.NewInt(-1)}, k: new(big.Int)}))
	}
	var nnf []*formula
	for _, f := range facts {
		nnf = append(nnf, f.nnf(false))
	}
	budget := maxOmegaBranches
	if o.refute(nnf, nil, &budget) {
		return ""
	}
	return omegaFailure
}

// lin is Σ c[x]·x + k.
type lin struct {
	c map[string]*big.Int
	k *big.Int
}

func constLin(v *big.Int) lin { return lin{c: map[string]*big.Int{}, k: new(big.Int).Set(v)} }

func varLin(x string) lin { return lin{c: map[string]*big.Int{x: big.NewInt(1)}, k: new(big.Int)} }

func (a lin) isConst() bool { return len(a.c) == 0 }

func (a lin) scale(s *big.Int) lin {
	out := lin{c: map[string]*big.Int{}, k: new(big.Int).Mul(a.k, s)}
	if s.Sign() == 0 {
		return out
	}
	for x, v := range a.c {
		out.c[x] = new(big.Int).Mul(v, s)
	}
	return out
}

func (a lin) add(b lin) lin {
	out := lin{c: map[string]*big.Int{}, k: new(big.Int).Add(a.k, b.k)}
	for x, v := range a.c {
		out.c[x] = new(big.Int).Set(v)
	}
	for x, v := range b.c {
		s := new(big.Int).Add(out.c[x0(out.c, x)], v)
		if s.Sign() == 0 {
			delete(out.c, x)
		} else {
			out.c[x] = s
		}
	}
	return out
}

// x0 returns x, making sure m[x] exists (as 0) so that it can be read.
func x0(m map[string]*big.Int, x string) string {
	if _, ok := m[x]; !ok {
		m[x] = new(big.Int)
	}
	return x
}

func (a lin) sub(b lin) lin { return a.add(b.scale(big.NewInt(-1))) }

func (a lin) plus(k int64) lin { return a.add(constLin(big.NewInt(k))) }

type fKind uint8

const (
	fLe    fKind = iota + 1 // l ≤ 0
	fEq                     // l = 0
	fAnd                    // all kids
	fOr                     // some kid
	fNot                    // not kids[0]
	fTrue                   //
	fFalse                  //
)

type formula struct {
	kind fKind
	l    lin
	kids []*formula
}

func leZero(l lin) *formula { return &formula{kind: fLe, l: l} }

// nnf pushes negations to the atoms; ¬(l ≤ 0) is -l + 1 ≤ 0 over the integers.
func (f *formula) nnf(neg bool) *formula {
	switch f.kind {
	case fTrue, fFalse:
		if neg == (f.kind == fTrue) {
			return &formula{kind: fFalse}
		}
		return &formula{kind: fTrue}
	case fLe:
		if neg {
			return leZero(f.l.scale(big.NewInt(-1)).plus(1))
		}
		return f
	case fEq:
		if neg {
			return &formula{kind: fOr, kids: []*formula{leZero(f.l.plus(1)), leZero(f.l.scale(big.NewInt(-1)).plus(1))}}
		}
		return f
	case fNot:
		return f.kids[0].nnf(!neg)
	}
	kind := f.kind
	if neg {
		kind = map[fKind]fKind{fAnd: fOr, fOr: fAnd}[f.kind]
	}
	out := &formula{kind: kind}
	for _, k := range f.kids {
		out.kids = append(out.kids, k.nnf(neg))
	}
	return out
}

// omegaCtx translates propositions and terms to formulas over integer variables.
type omegaCtx struct {
	sc     *elab.Scope
	atoms  map[string]string    // atom key → variable name
	divs   map[string][2]string // "dividend|divisor" → quotient and remainder variables
	nonneg map[string]bool
	extra  []*formula // definitions of fresh variables
	fresh  int
}

func (o *omegaCtx) newVar(prefix string, nonneg bool) string {
	o.fresh++
	v := prefix + "#" + itoa(o.fresh)
	if nonneg {
		o.markNonneg(v)
	}
	return v
}

func (o *omegaCtx) markNonneg(v string) {
	if o.nonneg == nil {
		o.nonneg = map[string]bool{}
	}
	o.nonneg[v] = true
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

func (o *omegaCtx) prop(n *syntax.Node, depth int) *formula {
	if n == nil || depth > syntax.MaxTermDepth {
		return nil
	}
	n = n.Transparent()
	switch n.Op {
	case syntax.OpTrue:
		return &formula{kind: fTrue}
	case syntax.OpFalse:
		return &formula{kind: fFalse}
	case syntax.OpNot:
		if a := o.prop(n.Kids[0], depth+1); a != nil {
			return &formula{kind: fNot, kids: []*formula{a}}
		}
		return nil
	case syntax.OpAnd, syntax.OpOr, syntax.OpImp, syntax.OpIff:
		a, b := o.prop(n.Kids[0], depth+1), o.prop(n.Kids[1], depth+1)
		if a == nil || b == nil {
			return nil
		}
		switch n.Op {
		case syntax.OpAnd:
			return &formula{kind: fAnd, kids: []*formula{a, b}}
		case syntax.OpOr:
			return &formula{kind: fOr, kids: []*formula{a, b}}
		case syntax.OpImp:
			return &formula{kind: fOr, kids: []*formula{{kind: fNot, kids: []*formula{a}}, b}}
		default:
			return &formula{kind: fOr, kids: []*formula{
				{kind: fAnd, kids: []*formula{a, b}},
				{kind: fAnd, kids: []*formula{{kind: fNot, kids: []*formula{a}}, {kind: fNot, kids: []*formula{b}}}},
			}}
		}
	}
	if !syntax.IsRel(n.Op) {
		return nil
	}
	if t := n.Kids[0].Ty; t != syntax.TypeNat && t != syntax.TypeInt {
		return nil
	}
	a, okA := o.term(n.Kids[0], depth+1)
	b, okB := o.term(n.Kids[1], depth+1)
	if !okA || !okB {
		return nil
	}
	d := a.sub(b)
	switch n.Op {
	case "=":
		return &formula{kind: fEq, l: d}
	case "≠":
		return &formula{kind: fNot, kids: []*formula{{kind: fEq, l: d}}}
	case "<":
		return leZero(d.plus(1))
	case "≤":
		return leZero(d)
	case ">":
		return leZero(d.scale(big.NewInt(-1)).plus(1))
	default: // ≥
		return leZero(d.scale(big.NewInt(-1)))
	}
}

// atom returns the variable standing for an opaque subterm (by its printed form and type).
func (o *omegaCtx) atom(key string, nonneg bool) lin {
	v, ok := o.atoms[key]
	if !ok {
		v = "atom" + itoa(len(o.atoms)+1) + ":" + key
		o.atoms[key] = v
	}
	if nonneg {
		o.markNonneg(v)
	}
	return varLin(v)
}

func (o *omegaCtx) term(n *syntax.Node, depth int) (lin, bool) {
	if depth > syntax.MaxTermDepth {
		return lin{}, false
	}
	n = n.Transparent()
	if n.Ty != syntax.TypeNat && n.Ty != syntax.TypeInt {
		return lin{}, false
	}
	isNat := n.Ty == syntax.TypeNat
	switch n.Op {
	case syntax.OpNum:
		v, ok := new(big.Int).SetString(n.Text, 10)
		return constLin(v), ok
	case syntax.OpVar:
		declared := n.Asc
		if declared == syntax.TypeNone {
			declared = n.Ty
		}
		if declared != syntax.TypeNat && declared != syntax.TypeInt {
			return lin{}, false
		}
		if _, local := o.sc.Local(n.Text); !local {
			if d := o.sc.Env.Lookup(n.Text); d != nil && d.Value != nil {
				v, err := (&elab.Evaluator{Scope: &elab.Scope{Env: o.sc.Env}}).Term(d.Value)
				if err == nil && v.IsInt() {
					return constLin(v.Num()), true
				}
			}
		}
		return o.atom("var:"+n.Text, declared == syntax.TypeNat), true
	case syntax.OpAscr:
		inner := n.Kids[0]
		if inner.Ty != syntax.TypeNat && inner.Ty != syntax.TypeInt {
			return lin{}, false
		}
		return o.term(inner, depth+1)
	case syntax.OpNeg:
		a, ok := o.term(n.Kids[0], depth+1)
		return a.scale(big.NewInt(-1)), ok
	case syntax.OpApp:
		if n.Casts() {
			inner := *n
			inner.Ty = n.Asc
			return o.term(&inner, depth+1)
		}
		if n.Text == "Nat.succ" && len(n.Kids) == 1 {
			a, ok := o.term(n.Kids[0], depth+1)
			return a.plus(1), ok
		}
		return o.atom(nodeKey(n), isNat || n.Text == "Int.natAbs" || n.Text == "Int.toNat"), true
	case "+", "-", "*", "/", "%", "^":
	default:
		return lin{}, false
	}
	a, okA := o.term(n.Kids[0], depth+1)
	b, okB := o.term(n.Kids[1], depth+1)
	if !okA || !okB {
		return lin{}, false
	}
	switch n.Op {
	case "+":
		return a.add(b), true
	case "-":
		if !isNat {
			return a.sub(b), true
		}
		t := o.newVar("sub", true)
		diff := a.sub(b)
		tv := varLin(t)
		o.extra = append(o.extra, &formula{kind: fOr, kids: []*formula{
			{kind: fAnd, kids: []*formula{leZero(diff.scale(big.NewInt(-1))), {kind: fEq, l: tv.sub(diff)}}},
			{kind: fAnd, kids: []*formula{leZero(diff.plus(1)), {kind: fEq, l: tv}}},
		}})
		return tv, true
	case "*":
		switch {
		case a.isConst():
			return b.scale(a.k), true
		case b.isConst():
			return a.scale(b.k), true
		}
		return o.atom(nodeKey(n), isNat), true
	case "/", "%":
		if !b.isConst() {
			return o.atom(nodeKey(n), isNat), true
		}
		d := b.k
		if d.Sign() == 0 {
			if n.Op == "/" {
				return constLin(new(big.Int)), true
			}
			return a, true
		}
		key := nodeKey(n.Kids[0]) + "|" + d.String()
		qr, ok := o.divs[key]
		if !ok {
			qr = [2]string{o.newVar("div", isNat), o.newVar("mod", true)}
			o.divs[key] = qr
			q, r := varLin(qr[0]), varLin(qr[1])
			absD := new(big.Int).Abs(d)
			// a = d·q + r, 0 ≤ r ≤ |d| - 1
			o.extra = append(o.extra,
				&formula{kind: fEq, l: a.sub(q.scale(d)).sub(r)},
				leZero(r.sub(constLin(absD)).plus(1)))
		}
		if n.Op == "/" {
			return varLin(qr[0]), true
		}
		return varLin(qr[1]), true
	default: // ^
		if a.isConst() && b.isConst() && b.k.Sign() >= 0 && b.k.Cmp(big.NewInt(64)) <= 0 && a.k.BitLen()*int(b.k.Int64()) <= 4096 {
			return constLin(new(big.Int).Exp(a.k, b.k, nil)), true
		}
		return o.atom(nodeKey(n), isNat), true
	}
}

// refute reports whether every case of the conjunction of fs (with the literals taken so
// far) is contradictory. It gives up (false) when the case budget runs out.
func (o *omegaCtx) refute(fs []*formula, lits []lin2, budget *int) bool {
	for len(fs) > 0 {
		f := fs[0]
		fs = fs[1:]
		switch f.kind {
		case fTrue:
		case fFalse:
			return true
		case fLe:
			lits = append(lits, lin2{l: f.l})
		case fEq:
			lits = append(lits, lin2{l: f.l, eq: true})
		case fAnd:
			fs = append(append([]*formula{}, f.kids...), fs...)
		case fOr:
			for _, k := range f.kids {
				*budget--
				if *budget < 0 {
					return false
				}
				branch := append([]*formula{k}, fs...)
				if !o.refute(branch, append([]lin2(nil), lits...), budget) {
					return false
				}
			}
			return true
		}
	}
	return infeasible(lits)
}

// lin2 is a constraint l ≤ 0, or l = 0 when eq.
type lin2 struct {
	l  lin
	eq bool
}

// normalize divides by the gcd of the coefficients (rounding the constant of an inequality
// up, which is valid over the integers). It reports false for a constraint that no integers
// satisfy; a constraint without variables that holds is dropped (ok, drop).
func normalize(c lin2) (lin2, bool, bool) {
	g := new(big.Int)
	for _, v := range c.l.c {
		g.GCD(nil, nil, g, new(big.Int).Abs(v))
	}
	if g.Sign() == 0 {
		s := c.l.k.Sign()
		if c.eq {
			return c, s == 0, true
		}
		return c, s <= 0, true
	}
	if g.Cmp(big.NewInt(1)) == 0 {
		return c, true, false
	}
	out := lin2{eq: c.eq, l: lin{c: map[string]*big.Int{}}}
	for x, v := range c.l.c {
		out.l.c[x] = new(big.Int).Quo(v, g)
	}
	if c.eq {
		q, m := new(big.Int).DivMod(c.l.k, g, new(big.Int))
		if m.Sign() != 0 {
			return c, false, false
		}
		out.l.k = q
		return out, true, false
	}
	// ceil(k / g) for g > 0
	q, m := new(big.Int).DivMod(c.l.k, g, new(big.Int)) // Euclidean: 0 ≤ m < g
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	out.l.k = q
	return out, true, false
}

func (c lin2) key() string {
	xs := make([]string, 0, len(c.l.c))
	for x := range c.l.c {
		xs = append(xs, x)
	}
	sort.Strings(xs)
	var b strings.Builder
	if c.eq {
		b.WriteString("=")
	}
	for _, x := range xs {
		b.WriteString(x + "*" + c.l.c[x].String() + ";")
	}
	b.WriteString(c.l.k.String())
	return b.String()
}

// infeasible reports whether no integers satisfy all constraints, as far as exact
// elimination and Fourier–Motzkin with rounding can tell.
func infeasible(cs []lin2) bool {
	eqs, ineqs, contradiction := partition(cs)
	if contradiction {
		return true
	}
	// Equations: eliminate a variable with coefficient ±1 while there is one.
	for len(eqs) > 0 {
		idx, x := -1, ""
		for i, e := range eqs {
			for v, c := range e.l.c {
				if c.CmpAbs(big.NewInt(1)) == 0 && (x == "" || v < x) {
					idx, x = i, v
				}
			}
			if idx >= 0 {
				break
			}
		}
		if idx < 0 {
			for _, e := range eqs { // keep the rest as two inequalities
				ineqs = append(ineqs, lin2{l: e.l}, lin2{l: e.l.scale(big.NewInt(-1))})
			}
			break
		}
		e := eqs[idx]
		eqs = append(eqs[:idx:idx], eqs[idx+1:]...)
		// x = -(e - c·x)/c with c = ±1: solution = (x·c - e)·c
		c := e.l.c[x]
		sol := varLin(x).scale(c).sub(e.l).scale(c)
		subst := func(l lin) lin {
			k, ok := l.c[x]
			if !ok {
				return l
			}
			rest := l.sub(varLin(x).scale(k))
			return rest.add(sol.scale(k))
		}
		var next []lin2
		for _, list := range [][]lin2{eqs, ineqs} {
			for _, o := range list {
				next = append(next, lin2{l: subst(o.l), eq: o.eq})
			}
		}
		if eqs, ineqs, contradiction = partition(next); contradiction {
			return true
		}
	}
	return fourierMotzkin(ineqs)
}

// partition normalizes constraints and splits them into equations and
// inequalities, dropping the trivially true ones; contradiction reports a
// constraint that normalizes to false.
func partition(cs []lin2) (eqs, ineqs []lin2, contradiction bool) {
	for _, c := range cs {
		n, ok, drop := normalize(c)
		if !ok {
			return nil, nil, true
		}
		if drop {
			continue
		}
		if n.eq {
			eqs = append(eqs, n)
		} else {
			ineqs = append(ineqs, n)
		}
	}
	return eqs, ineqs, false
}

func fourierMotzkin(cs []lin2) bool {
	for {
		seen := map[string]bool{}
		var uniq []lin2
		vars := map[string][2]int{}
		for _, c := range cs {
			n, ok, drop := normalize(c)
			if !ok {
				return true
			}
			if drop || seen[n.key()] {
				continue
			}
			seen[n.key()] = true
			uniq = append(uniq, n)
			for x, v := range n.l.c {
				cnt := vars[x]
				if v.Sign() > 0 {
					cnt[0]++
				} else {
					cnt[1]++
				}
				vars[x] = cnt
			}
		}
		if len(vars) == 0 {
			return false
		}
		if len(uniq) > maxOmegaConstraints {
			return false
		}
		// Eliminate the variable that makes the fewest new constraints.
		best, bestCost := "", -1
		for x, cnt := range vars {
			cost := cnt[0] * cnt[1]
			if bestCost < 0 || cost < bestCost || cost == bestCost && x < best {
				best, bestCost = x, cost
			}
		}
		var pos, neg, rest []lin2
		for _, c := range uniq {
			v, ok := c.l.c[best]
			switch {
			case !ok:
				rest = append(rest, c)
			case v.Sign() > 0:
				pos = append(pos, c)
			default:
				neg = append(neg, c)
			}
		}
		if len(rest)+len(pos)*len(neg) > maxOmegaConstraints {
			return false // give up rather than blow up
		}
		for _, p := range pos {
			for _, n := range neg {
				a := p.l.c[best]
				b := new(big.Int).Neg(n.l.c[best])
				comb := p.l.scale(b).add(n.l.scale(a))
				delete(comb.c, best)
				rest = append(rest, lin2{l: comb})
			}
		}
		cs = rest
	}
}

// nodeKey is a structural rendering of a term: equal keys mean the same term, types and casts
// included (printing alone can hide a cast).
func nodeKey(n *syntax.Node) string {
	var b strings.Builder
	writeNodeKey(n, &b, 0)
	return b.String()
}

func writeNodeKey(n *syntax.Node, b *strings.Builder, depth int) {
	if depth > syntax.MaxTermDepth {
		b.WriteString("…")
		return
	}
	fmt.Fprintf(b, "(%s %q %d %d", n.Op, n.Text, n.Asc, n.Ty)
	for _, k := range n.Kids {
		b.WriteByte(' ')
		writeNodeKey(k, b, depth+1)
	}
	b.WriteByte(')')
}
