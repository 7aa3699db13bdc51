package repl

import (
	"fmt"
	"math/big"
	"strings"
)

// Binders, applications and the functions the simulator can compute.

// ppBinder prints ∀, ∃ and fun as Lean's delaborator does by default: `∀ (a b : Nat), body`
// (consecutive binders of one type grouped), `∃ k, body` (binder types hidden), `fun m => body`.
func (n *Node) ppBinder(b *strings.Builder) {
	vars, body := n.bound()
	switch n.Op {
	case opForall:
		b.WriteString("∀")
		for i := 0; i < len(vars); {
			j := i + 1
			for j < len(vars) && vars[j].Asc == vars[i].Asc && vars[j].Impl == vars[i].Impl {
				j++
			}
			names := make([]string, 0, j-i)
			for _, v := range vars[i:j] {
				names = append(names, v.Text)
			}
			open, close := "(", ")"
			if vars[i].Impl {
				open, close = "{", "}"
			}
			if vars[i].Asc == TypeNone {
				b.WriteString(" " + strings.Join(names, " "))
			} else {
				fmt.Fprintf(b, " %s%s : %s%s", open, strings.Join(names, " "), vars[i].Asc.name(false), close)
			}
			i = j
		}
		b.WriteString(", ")
	case opExists:
		b.WriteString("∃")
		for _, v := range vars {
			b.WriteString(" " + v.Text)
		}
		b.WriteString(", ")
	default:
		b.WriteString("fun")
		for _, v := range vars {
			b.WriteString(" " + v.Text)
		}
		b.WriteString(" => ")
	}
	body.ppPrec(b, 0)
}

// ppApp prints an application; a function of the argument's own namespace with one explicit
// argument prints in field notation (`n.succ`), as Lean's pp.fieldNotation does.
func (n *Node) ppApp(b *strings.Builder) {
	if n.casts() {
		b.WriteString("↑")
		c := *n
		c.Ty = c.Asc
		c.ppPrec(b, precMax)
		return
	}
	if len(n.Kids) >= 1 {
		ns, field, _ := strings.Cut(n.Text, ".")
		if f, ok := simFuncs[n.Text]; ok && field != "" && !strings.Contains(field, ".") &&
			f.params[0].name(false) == ns && n.Kids[0].Op != opNum && n.Kids[0].Op != opNeg {
			n.Kids[0].ppPrec(b, precMax)
			b.WriteString("." + field)
			for _, k := range n.Kids[1:] {
				b.WriteString(" ")
				k.ppPrec(b, precMax)
			}
			return
		}
	}
	b.WriteString(n.Text)
	for _, k := range n.Kids {
		b.WriteString(" ")
		k.ppPrec(b, precMax)
	}
}

// alphaEqual compares two binder nodes of the same kind up to the names of their variables.
func alphaEqual(n, m *Node) bool {
	nv, nb := n.bound()
	mv, mb := m.bound()
	if len(nv) != len(mv) {
		return false
	}
	for i := range nv {
		if nv[i].Asc != mv[i].Asc {
			return false
		}
		if nv[i].Text != mv[i].Text {
			mb = replaceVar(mb, mv[i].Text, &Node{Op: opVar, Text: nv[i].Text, Asc: nv[i].Asc, Ty: nv[i].Asc})
		}
	}
	return nb.equal(mb)
}

// freeVars adds the names of n's free variables to set.
func (n *Node) freeVars(set map[string]bool) {
	switch {
	case n.Op == opVar:
		set[n.Text] = true
	case isBinder(n.Op):
		vars, body := n.bound()
		inner := map[string]bool{}
		body.freeVars(inner)
		for _, v := range vars {
			delete(inner, v.Text)
		}
		for k := range inner {
			set[k] = true
		}
	default:
		for _, k := range n.Kids {
			k.freeVars(set)
		}
	}
}

// freshName returns name, or name followed by primes, avoiding taken.
func freshName(name string, taken func(string) bool) string {
	for taken(name) {
		name += "'"
	}
	return name
}

// simFunc is a function the simulator can elaborate and compute.
type simFunc struct {
	params []Type
	result Type
	eval   func(args []*big.Rat) *big.Rat
}

var one = big.NewRat(1, 1)

func natOf(r *big.Rat) *big.Int { return new(big.Int).Set(r.Num()) }

// simFuncs are core functions on Nat and Int, by full name.
var simFuncs = map[string]simFunc{
	"Nat.succ": {[]Type{TypeNat}, TypeNat, func(a []*big.Rat) *big.Rat { return new(big.Rat).Add(a[0], one) }},
	"Nat.pred": {[]Type{TypeNat}, TypeNat, func(a []*big.Rat) *big.Rat {
		if a[0].Sign() == 0 {
			return new(big.Rat)
		}
		return new(big.Rat).Sub(a[0], one)
	}},
	"Nat.gcd": {[]Type{TypeNat, TypeNat}, TypeNat, func(a []*big.Rat) *big.Rat {
		return new(big.Rat).SetInt(new(big.Int).GCD(nil, nil, natOf(a[0]), natOf(a[1])))
	}},
	"Nat.lcm": {[]Type{TypeNat, TypeNat}, TypeNat, func(a []*big.Rat) *big.Rat {
		x, y := natOf(a[0]), natOf(a[1])
		if x.Sign() == 0 || y.Sign() == 0 {
			return new(big.Rat)
		}
		g := new(big.Int).GCD(nil, nil, x, y)
		return new(big.Rat).SetInt(new(big.Int).Mul(new(big.Int).Quo(x, g), y))
	}},
	"Int.natAbs": {[]Type{TypeInt}, TypeNat, func(a []*big.Rat) *big.Rat { return new(big.Rat).Abs(a[0]) }},
	"Int.toNat": {[]Type{TypeInt}, TypeNat, func(a []*big.Rat) *big.Rat {
		if a[0].Sign() < 0 {
			return new(big.Rat)
		}
		return new(big.Rat).Set(a[0])
	}},
	"Int.ofNat": {[]Type{TypeNat}, TypeInt, func(a []*big.Rat) *big.Rat { return new(big.Rat).Set(a[0]) }},
}

// lookupFunc resolves a function name directly or through the open namespaces.
func (sc *scope) lookupFunc(name string) (string, simFunc, bool) {
	if f, ok := simFuncs[name]; ok {
		return name, f, true
	}
	for i := len(sc.env.Opens) - 1; i >= 0; i-- {
		full := sc.env.Opens[i] + "." + name
		if f, ok := simFuncs[full]; ok {
			return full, f, true
		}
	}
	return "", simFunc{}, false
}

// fieldNotation rewrites `x.f` (x a local variable of type T) into the application T.f x, as
// Lean's generalized field notation does. It reports whether it did.
func (sc *scope) fieldNotation(n *Node) bool {
	head, field, ok := strings.Cut(n.Text, ".")
	if !ok || strings.Contains(field, ".") {
		return false
	}
	h, ok := sc.local(head)
	if !ok || !h.isVar() {
		return false
	}
	full := h.Ty.name(false) + "." + field
	if _, ok := simFuncs[full]; !ok {
		return false
	}
	arg := &Node{Op: opVar, Text: head, Pos: n.Pos, End: n.End}
	n.Op, n.Text, n.Kids = opApp, full, []*Node{arg}
	return true
}
