package frontend

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/elab"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
	"github.com/leanprm/leanprm/internal/leansim/tactic"
)

// elabCheck answers `#check @NAME` (NAME possibly `_root_.`-qualified) with an info message
// on the command: "@NAME : TYPE", where TYPE is the simulator's own explicit form of the
// declaration's statement as it elaborated it (ppExplicit). It is not Lean's pp.all output and
// does not pretend to be: it shows every decision the simulator's elaborator made (the type
// of each literal, operator and relation, the resolved name of each function, the casts), so
// that two elaborations print alike exactly when they are alike. pp options have no effect
// on it.
func elabCheck(c *syntax.Command, env *elab.Env, out *Output) {
	name := c.NameTok.Text
	var d *elab.Def
	if rest, ok := strings.CutPrefix(name, "_root_."); ok {
		d = env.Defs[rest]
	} else {
		d = env.Lookup(name)
	}
	if d == nil {
		e := elab.UnknownIdent(env, &syntax.Node{Op: syntax.OpVar, Text: strings.TrimPrefix(name, "_root_."), Pos: c.NameTok.Pos, End: c.NameTok.End})
		out.errorAt(e.Pos, e.End, strings.Replace(e.Msg, "`"+strings.TrimPrefix(name, "_root_.")+"`", "`"+name+"`", 1))
		return
	}
	var ty string
	switch {
	case d.Stmt != nil:
		var b strings.Builder
		ppExplicit(d.Stmt, &b)
		ty = b.String()
	case !d.Params && d.Ty != syntax.TypeNone && !d.Theorem:
		ty = d.Ty.Name(false)
	default:
		out.errorAt(c.NameTok.Pos, c.NameTok.End, fmt.Sprintf(
			"leanprm-simulator: the type of `%s` is not simulated (this is a simulator, not Lean)", d.Name))
		return
	}
	end := c.NameTok.End
	out.Msgs = append(out.Msgs, tactic.Message{Severity: "info", Pos: c.Keyword.Pos, End: &end, Data: "@" + d.Name + " : " + ty})
}

// ppExplicit prints n in the simulator's explicit form: binders with their types, every
// arithmetic operator, relation, negation and literal tagged with the type it was elaborated
// at (`(+[Int] a (2 : Int))`), casts as `(↑[Nat→Int] e)`, applications with the function's
// resolved full name, connectives in prefix form, every binder in parentheses.
func ppExplicit(n *syntax.Node, b *strings.Builder) {
	tag := func(t syntax.Type) string { return "[" + t.Name(false) + "]" }
	switch {
	case n.Op == syntax.OpAscr && len(n.Kids) == 1:
		if n.Casts() {
			fmt.Fprintf(b, "(↑[%s→%s] ", n.Asc.Name(false), n.Ty.Name(false))
			ppExplicit(n.Kids[0], b)
			b.WriteString(")")
			return
		}
		ppExplicit(n.Kids[0], b)
	case n.Op == syntax.OpNum || n.Op == syntax.OpDec:
		fmt.Fprintf(b, "(%s : %s)", n.Text, n.Ty.Name(false))
	case n.Op == syntax.OpVar:
		if n.Casts() {
			fmt.Fprintf(b, "(↑[%s→%s] %s)", n.Asc.Name(false), n.Ty.Name(false), n.Text)
			return
		}
		b.WriteString(n.Text)
	case n.Op == syntax.OpApp:
		b.WriteString("(@" + n.Text)
		for _, k := range n.Kids {
			b.WriteString(" ")
			ppExplicit(k, b)
		}
		b.WriteString(")")
	case n.Op == syntax.OpNeg || n.Op == syntax.OpInv:
		op := "-"
		if n.Op == syntax.OpInv {
			op = "⁻¹"
		}
		b.WriteString("(" + op + tag(n.Ty) + " ")
		ppExplicit(n.Kids[0], b)
		b.WriteString(")")
	case n.Op == syntax.OpNot:
		b.WriteString("(¬ ")
		ppExplicit(n.Kids[0], b)
		b.WriteString(")")
	case n.Op == syntax.OpForall || n.Op == syntax.OpExists || n.Op == syntax.OpFun:
		vars, body := n.Bound()
		b.WriteString("(" + n.Op)
		for _, v := range vars {
			open, close := "(", ")"
			if v.Impl {
				open, close = "{", "}"
			}
			fmt.Fprintf(b, " %s%s : %s%s", open, v.Text, v.Asc.Name(false), close)
		}
		b.WriteString(", ")
		ppExplicit(body, b)
		b.WriteString(")")
	case syntax.IsRel(n.Op) && len(n.Kids) == 2:
		b.WriteString("(" + n.Op + tag(n.Kids[0].Ty) + " ")
		ppExplicit(n.Kids[0], b)
		b.WriteString(" ")
		ppExplicit(n.Kids[1], b)
		b.WriteString(")")
	case (n.Op == syntax.OpAnd || n.Op == syntax.OpOr || n.Op == syntax.OpImp || n.Op == syntax.OpIff) && len(n.Kids) == 2:
		b.WriteString("(" + n.Op + " ")
		ppExplicit(n.Kids[0], b)
		b.WriteString(" ")
		ppExplicit(n.Kids[1], b)
		b.WriteString(")")
	case len(n.Kids) == 2:
		if _, ok := syntax.Binops[n.Op]; ok {
			b.WriteString("(" + n.Op + tag(n.Ty) + " ")
			ppExplicit(n.Kids[0], b)
			b.WriteString(" ")
			ppExplicit(n.Kids[1], b)
			b.WriteString(")")
			return
		}
		b.WriteString(n.Pretty())
	default:
		b.WriteString(n.Pretty())
	}
}
