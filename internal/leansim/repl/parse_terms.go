package repl

import (
	"strings"
)

// Term syntax beyond arithmetic: applications, projections, binders (∀ ∃ fun), anonymous
// constructors, `by` blocks inside terms and interpolated strings.

// canStartArg reports whether t can begin an argument of an application. An argument on a
// new line must be indented past column 0, as Lean's checkColGt requires of a command's
// terms; tactic blocks are split before their terms are parsed.
func (p *parser) canStartArg(t token) bool {
	if t.newline && t.pos.Col == 0 {
		return false
	}
	switch t.kind {
	case tkIdent:
		return !isCommandStart(t, p.mathlib)
	case tkNum, tkDec, tkStr, tkChar:
		return true
	case tkSym:
		switch t.text {
		case "(", "⟨", "_", "sorry":
			return true
		}
	}
	return false
}

// application parses the arguments of an identifier head, if any: `f a b` is an opApp node
// whose Text is the head's name. Arguments have maximal precedence.
func (p *parser) application(head *Node, depth int) (*Node, int, error) {
	head = p.projections(head)
	if head.Op != opVar || !p.canStartArg(p.peek()) {
		return head, precMax, nil
	}
	app := &Node{Op: opApp, Text: head.Text, Pos: head.Pos, End: head.End}
	for p.canStartArg(p.peek()) {
		if p.nodes++; p.nodes > maxTermNodes || depth > maxTermDepth {
			return nil, 0, p.tooDeep()
		}
		p.argMode = true // an identifier argument is an atom: `f a b` applies f to a and b
		arg, _, err := p.prefix(depth + 1)
		if err != nil {
			return nil, 0, err
		}
		app.Kids = append(app.Kids, arg)
		app.End = arg.End
	}
	return app, precApp, nil
}

// projections parses `.1`, `.2` and `.name` written right after an atom.
func (p *parser) projections(n *Node) *Node {
	for {
		dot, next := p.peek(), p.toks[min(p.i+1, len(p.toks)-1)]
		if dot.kind != tkSym || dot.text != "." || dot.pos != n.End || next.pos != dot.end ||
			(next.kind != tkNum && next.kind != tkIdent) {
			return n
		}
		p.next()
		p.next()
		n = &Node{Op: opProj, Text: next.text, Kids: []*Node{n}, Pos: n.Pos, End: next.end}
	}
}

// binderTerm parses `∀ binders, body`, `∃ binders, body` and `fun binders => body`. A binder
// is a name, `_`, or a group `(x y : T)` / `{x y : T}`; `x y : T` without brackets gives every
// name the type T. Types must be names of simulated types.
func (p *parser) binderTerm(depth int) (*Node, int, error) {
	kw := p.next()
	op := opForall
	switch kw.text {
	case "∃":
		op = opExists
	case "fun", "λ":
		op = opFun
	}
	n := &Node{Op: op, Pos: kw.pos}
	var pending []*Node // names not yet given a type
	typeOf := func() (Type, bool, error) {
		ty, err := p.expr(0, depth+1)
		if err != nil {
			return TypeNone, false, err
		}
		if ty.Op == opVar {
			if t, ok := typeByName(ty.Text, p.mathlib); ok {
				return t, true, nil
			}
		}
		return TypeNone, false, &parseErr{pos: ty.Pos, end: ty.End,
			msg: "leanprm-simulator: this binder type is not simulated (this is a simulator, not Lean)"}
	}
	for {
		t := p.peek()
		switch {
		case t.kind == tkIdent || (t.kind == tkSym && t.text == "_"):
			p.next()
			v := &Node{Op: opVar, Text: t.text, Pos: t.pos, End: t.end}
			pending = append(pending, v)
			n.Kids = append(n.Kids, v)
			continue
		case t.kind == tkSym && (t.text == "(" || t.text == "{") && len(pending) == 0:
			p.next()
			closer := ")"
			if t.text == "{" {
				closer = "}"
			}
			var group []*Node
			for p.peek().kind == tkIdent || p.isSym("_") {
				nt := p.next()
				group = append(group, &Node{Op: opVar, Text: nt.text, Pos: nt.pos, End: nt.end, Impl: t.text == "{"})
			}
			if len(group) == 0 {
				return nil, 0, unexpected(p.peek(), "identifier")
			}
			if _, err := p.expectSym(":", "':'"); err != nil {
				return nil, 0, err
			}
			ty, _, err := typeOf()
			if err != nil {
				return nil, 0, err
			}
			if _, err := p.expectSym(closer, "'"+closer+"'"); err != nil {
				return nil, 0, err
			}
			for _, v := range group {
				v.Asc = ty
			}
			n.Kids = append(n.Kids, group...)
			continue
		case t.kind == tkSym && t.text == ":" && len(pending) > 0:
			p.next()
			ty, _, err := typeOf()
			if err != nil {
				return nil, 0, err
			}
			for _, v := range pending {
				v.Asc = ty
			}
			pending = nil
		}
		break
	}
	if len(n.Kids) == 0 {
		return nil, 0, unexpected(p.peek(), "identifier")
	}
	sep := ","
	if op == opFun {
		sep = "=>"
		if p.isSym("↦") {
			sep = "↦"
		}
	}
	if _, err := p.expectSym(sep, "'"+sep+"'"); err != nil {
		return nil, 0, err
	}
	body, err := p.expr(0, depth+1)
	if err != nil {
		return nil, 0, err
	}
	n.Kids = append(n.Kids, body)
	n.End = body.End
	return n, 0, nil
}

// anonymous parses ⟨a, b, …⟩.
func (p *parser) anonymous(depth int) (*Node, int, error) {
	open := p.next()
	n := &Node{Op: opAnon, Pos: open.pos}
	if !p.isSym("⟩") {
		for {
			k, err := p.expr(0, depth+1)
			if err != nil {
				return nil, 0, err
			}
			n.Kids = append(n.Kids, k)
			if !p.isSym(",") {
				break
			}
			p.next()
		}
	}
	close, err := p.expectSym("⟩", "',' or '⟩'")
	if err != nil {
		return nil, 0, err
	}
	n.End = close.end
	return p.projections(n), precMax, nil
}

// byTerm parses a tactic block used as a term: its tokens run to the first closing bracket
// or comma outside brackets, the end of input, or the next command.
func (p *parser) byTerm() (*Node, int, error) {
	kw := p.next()
	start, depth := p.i, 0
	for {
		t := p.peek()
		if t.kind == tkEOF || isCommandStart(t, p.mathlib) && t.newline {
			break
		}
		if t.kind == tkSym {
			switch t.text {
			case "(", "[", "{", "⟨", "@[":
				depth++
			case ")", "]", "}", "⟩", ",":
				if depth == 0 {
					goto done
				}
				if t.text != "," {
					depth--
				}
			}
		}
		p.next()
	}
done:
	toks := append([]token(nil), p.toks[start:p.i]...)
	if len(toks) == 0 {
		return nil, 0, unexpected(p.peek(), "tactic")
	}
	last := toks[len(toks)-1]
	texts := make([]string, len(toks))
	for i, t := range toks {
		texts[i] = t.text
	}
	toks = append(toks, token{kind: tkEOF, pos: last.end, end: last.end})
	n := &Node{Op: opBy, Text: strings.Join(texts, " "), Pos: kw.pos, End: last.end, block: toks}
	return n, 0, nil
}

// interpolated parses the holes of s!"…{e}…": each becomes a kid of the string node, so that
// it is elaborated (a `sorry` in a hole is not hidden by the string).
func (p *parser) interpolated(str token, depth int) (*Node, int, error) {
	n := &Node{Op: opStr, Text: str.text, Pos: str.pos, End: str.end}
	rs := []rune(str.text)
	for i := 1; i < len(rs)-1; i++ {
		switch rs[i] {
		case '\\':
			i++
		case '{':
			level, j := 1, i+1
			for ; j < len(rs)-1 && level > 0; j++ {
				switch rs[j] {
				case '{':
					level++
				case '}':
					level--
				}
			}
			if level != 0 {
				return nil, 0, &parseErr{pos: str.pos, end: str.end, msg: "unterminated string interpolation"}
			}
			hole := lex(string(rs[i+1 : j-1]))
			for k := range hole {
				hole[k].pos = Pos{str.pos.Line, str.pos.Col + i + 1 + hole[k].pos.Col}
				hole[k].end = Pos{str.pos.Line, str.pos.Col + i + 1 + hole[k].end.Col}
			}
			sub := &parser{toks: hole, mathlib: p.mathlib, nodes: p.nodes}
			e, err := sub.expr(0, depth+1)
			if err == nil && sub.peek().kind != tkEOF {
				err = unexpected(sub.peek(), "'}'")
			}
			if err != nil {
				return nil, 0, err
			}
			p.nodes = sub.nodes
			n.Kids = append(n.Kids, e)
			i = j - 1
		}
	}
	return n, precMax, nil
}
