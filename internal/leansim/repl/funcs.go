package repl

import (
	"strings"
)

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
