package repl

import (
	"fmt"
	"strings"
)

// elabCheck answers `#check @NAME` (NAME possibly `_root_.`-qualified) with an info message
// on the command: "@NAME : TYPE", where TYPE is the simulator's own explicit form of the
// declaration's statement as it elaborated it (ppExplicit). It is not Lean's pp.all output and
// does not pretend to be: it shows every decision the simulator's elaborator made (the type
// of each literal, operator and relation, the resolved name of each function, the casts), so
// that two elaborations print alike exactly when they are alike. pp options have no effect
// on it.
func elabCheck(c *command, env *envState, out *cmdOutput) {
	name := c.nameTok.text
	var d *def
	if rest, ok := strings.CutPrefix(name, "_root_."); ok {
		d = env.Defs[rest]
	} else {
		d = env.lookup(name)
	}
	if d == nil {
		e := unknownIdent(&Node{Op: opVar, Text: strings.TrimPrefix(name, "_root_."), Pos: c.nameTok.pos, End: c.nameTok.end})
		out.errorAt(e.pos, e.end, strings.Replace(e.msg, "`"+strings.TrimPrefix(name, "_root_.")+"`", "`"+name+"`", 1))
		return
	}
	var ty string
	switch {
	case d.Stmt != nil:
		var b strings.Builder
		ppExplicit(d.Stmt, &b)
		ty = b.String()
	case !d.Params && d.Ty != TypeNone && !d.Theorem:
		ty = d.Ty.name(false)
	default:
		out.errorAt(c.nameTok.pos, c.nameTok.end, fmt.Sprintf(
			"leanprm-simulator: the type of `%s` is not simulated (this is a simulator, not Lean)", d.Name))
		return
	}
	end := c.nameTok.end
	out.msgs = append(out.msgs, message{severity: "info", pos: c.kw.pos, end: &end, data: "@" + d.Name + " : " + ty})
}

// ppExplicit prints n in the simulator's explicit form: binders with their types, every
// arithmetic operator, relation, negation and literal tagged with the type it was elaborated
// at (`(+[Int] a (2 : Int))`), casts as `(↑[Nat→Int] e)`, applications with the function's
// resolved full name, connectives in prefix form, every binder in parentheses.
func ppExplicit(n *Node, b *strings.Builder) {
	tag := func(t Type) string { return "[" + t.name(false) + "]" }
	switch {
	case n.Op == opAscr && len(n.Kids) == 1:
		if n.casts() {
			fmt.Fprintf(b, "(↑[%s→%s] ", n.Asc.name(false), n.Ty.name(false))
			ppExplicit(n.Kids[0], b)
			b.WriteString(")")
			return
		}
		ppExplicit(n.Kids[0], b)
	case n.Op == opNum || n.Op == opDec:
		fmt.Fprintf(b, "(%s : %s)", n.Text, n.Ty.name(false))
	case n.Op == opVar:
		if n.casts() {
			fmt.Fprintf(b, "(↑[%s→%s] %s)", n.Asc.name(false), n.Ty.name(false), n.Text)
			return
		}
		b.WriteString(n.Text)
	case n.Op == opApp:
		b.WriteString("(@" + n.Text)
		for _, k := range n.Kids {
			b.WriteString(" ")
			ppExplicit(k, b)
		}
		b.WriteString(")")
	case n.Op == opNeg || n.Op == opInv:
		op := "-"
		if n.Op == opInv {
			op = "⁻¹"
		}
		b.WriteString("(" + op + tag(n.Ty) + " ")
		ppExplicit(n.Kids[0], b)
		b.WriteString(")")
	case n.Op == opNot:
		b.WriteString("(¬ ")
		ppExplicit(n.Kids[0], b)
		b.WriteString(")")
	case n.Op == opForall || n.Op == opExists || n.Op == opFun:
		vars, body := n.bound()
		b.WriteString("(" + n.Op)
		for _, v := range vars {
			open, close := "(", ")"
			if v.Impl {
				open, close = "{", "}"
			}
			fmt.Fprintf(b, " %s%s : %s%s", open, v.Text, v.Asc.name(false), close)
		}
		b.WriteString(", ")
		ppExplicit(body, b)
		b.WriteString(")")
	case isRel(n.Op) && len(n.Kids) == 2:
		b.WriteString("(" + n.Op + tag(n.Kids[0].Ty) + " ")
		ppExplicit(n.Kids[0], b)
		b.WriteString(" ")
		ppExplicit(n.Kids[1], b)
		b.WriteString(")")
	case (n.Op == opAnd || n.Op == opOr || n.Op == opImp || n.Op == opIff) && len(n.Kids) == 2:
		b.WriteString("(" + n.Op + " ")
		ppExplicit(n.Kids[0], b)
		b.WriteString(" ")
		ppExplicit(n.Kids[1], b)
		b.WriteString(")")
	case len(n.Kids) == 2:
		if _, ok := binops[n.Op]; ok {
			b.WriteString("(" + n.Op + tag(n.Ty) + " ")
			ppExplicit(n.Kids[0], b)
			b.WriteString(" ")
			ppExplicit(n.Kids[1], b)
			b.WriteString(")")
			return
		}
		b.WriteString(n.pp())
	default:
		b.WriteString(n.pp())
	}
}
