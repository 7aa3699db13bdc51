package syntax

import (
	"fmt"
	"strings"
)

// Binders, applications and the functions the simulator can compute.

// ppBinder prints ∀, ∃ and fun as Lean's delaborator does by default: `∀ (a b : Nat), body`
// (consecutive binders of one type grouped), `∃ k, body` (binder types hidden), `fun m => body`.
func (n *Node) ppBinder(b *strings.Builder) {
	vars, body := n.Bound()
	switch n.Op {
	case OpForall:
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
				fmt.Fprintf(b, " %s%s : %s%s", open, strings.Join(names, " "), vars[i].Asc.Name(false), close)
			}
			i = j
		}
		b.WriteString(", ")
	case OpExists:
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
	if n.Casts() {
		b.WriteString("↑")
		c := *n
		c.Ty = c.Asc
		c.ppPrec(b, PrecMax)
		return
	}
	if len(n.Kids) >= 1 {
		ns, field, _ := strings.Cut(n.Text, ".")
		if f, ok := Funcs[n.Text]; ok && field != "" && !strings.Contains(field, ".") &&
			f.Params[0].Name(false) == ns && n.Kids[0].Op != OpNum && n.Kids[0].Op != OpNeg {
			n.Kids[0].ppPrec(b, PrecMax)
			b.WriteString("." + field)
			for _, k := range n.Kids[1:] {
				b.WriteString(" ")
				k.ppPrec(b, PrecMax)
			}
			return
		}
	}
	b.WriteString(n.Text)
	for _, k := range n.Kids {
		b.WriteString(" ")
		k.ppPrec(b, PrecMax)
	}
}

// alphaEqual compares two binder nodes of the same kind up to the names of their variables.
// Two differently named variables are both renamed to a name that neither body mentions and
// no binder of either node declares, so that a variable free in one body is never captured
// (∀ x, x > x is not ∀ y, y > x).
func alphaEqual(n, m *Node) bool {
	nv, nb := n.Bound()
	mv, mb := m.Bound()
	if len(nv) != len(mv) {
		return false
	}
	declared := map[string]bool{}
	for i := range nv {
		declared[nv[i].Text], declared[mv[i].Text] = true, true
	}
	for i := range nv {
		if nv[i].Asc != mv[i].Asc {
			return false
		}
		if nv[i].Text != mv[i].Text {
			fresh := freshName(nv[i].Text, func(s string) bool { return declared[s] || nb.Mentions(s) || mb.Mentions(s) })
			declared[fresh] = true
			v := &Node{Op: OpVar, Text: fresh, Asc: nv[i].Asc, Ty: nv[i].Asc}
			nb, mb = ReplaceVar(nb, nv[i].Text, v), ReplaceVar(mb, mv[i].Text, v)
		}
	}
	return nb.Equal(mb)
}

// freeVars adds the names of n's free variables to set.
func (n *Node) freeVars(set map[string]bool) {
	switch {
	case n.Op == OpVar:
		set[n.Text] = true
	case IsBinder(n.Op):
		vars, body := n.Bound()
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

// ReplaceVar substitutes t for variable name in n. An occurrence that was cast (`↑v`) keeps
// its cast around the substituted term.
func ReplaceVar(n *Node, name string, t *Node) *Node {
	if n.Op == OpVar && n.Text == name {
		r := t.Clone()
		if n.Casts() {
			return &Node{Op: OpAscr, Asc: n.Asc, Ty: n.Ty, Kids: []*Node{r}, Pos: n.Pos, End: n.End}
		}
		return r
	}
	if IsBinder(n.Op) {
		return replaceUnder(n, name, t)
	}
	c := *n
	c.Kids = make([]*Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = ReplaceVar(k, name, t)
	}
	return &c
}

// replaceUnder substitutes under a binder: a variable bound there shadows name, and a bound
// variable that occurs free in t is renamed first so that t's variables are not captured.
func replaceUnder(n *Node, name string, t *Node) *Node {
	vars, body := n.Bound()
	for _, v := range vars {
		if v.Text == name {
			return n.Clone()
		}
	}
	free := map[string]bool{}
	t.freeVars(free)
	c := *n
	c.Kids = make([]*Node, 0, len(n.Kids))
	for _, v := range vars {
		nv := v.Clone()
		if free[v.Text] {
			nv.Text = freshName(v.Text, func(s string) bool { return free[s] || body.Mentions(s) })
			body = ReplaceVar(body, v.Text, &Node{Op: OpVar, Text: nv.Text, Asc: v.Asc, Ty: v.Asc})
		}
		c.Kids = append(c.Kids, nv)
	}
	c.Kids = append(c.Kids, ReplaceVar(body, name, t))
	return &c
}
