package elab

import (
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// LookupFunc resolves a function name directly or through the open namespaces.
func (sc *Scope) LookupFunc(name string) (string, syntax.Func, bool) {
	if f, ok := syntax.Funcs[name]; ok {
		return name, f, true
	}
	for i := len(sc.Env.Opens) - 1; i >= 0; i-- {
		full := sc.Env.Opens[i] + "." + name
		if f, ok := syntax.Funcs[full]; ok {
			return full, f, true
		}
	}
	return "", syntax.Func{}, false
}

// fieldNotation rewrites `x.f` (x a local variable of type T) into the application T.f x, as
// Lean's generalized field notation does. It reports whether it did.
func (sc *Scope) fieldNotation(n *syntax.Node) bool {
	head, field, ok := strings.Cut(n.Text, ".")
	if !ok || strings.Contains(field, ".") {
		return false
	}
	h, ok := sc.Local(head)
	if !ok || !h.IsVar() {
		return false
	}
	full := h.Ty.Name(false) + "." + field
	if _, ok := syntax.Funcs[full]; !ok {
		return false
	}
	arg := &syntax.Node{Op: syntax.OpVar, Text: head, Pos: n.Pos, End: n.End}
	n.Op, n.Text, n.Kids = syntax.OpApp, full, []*syntax.Node{arg}
	return true
}
