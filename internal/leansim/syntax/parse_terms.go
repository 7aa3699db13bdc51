package syntax

import (
	"strings"
)

// Term syntax beyond arithmetic: applications, projections, binders (∀ ∃ fun), anonymous
// constructors, `by` blocks inside terms and interpolated strings.

// canStartArg reports whether t can begin an argument of an application. An argument on a
// new line must be indented past column 0, as Lean's checkColGt requires of a command's
// terms; tactic blocks are split before their terms are parsed.
func (p *Parser) canStartArg(t Token) bool {
	if t.newline && t.Pos.Col == 0 {
		return false
	}
	switch t.Kind {
	case TkIdent:
		return !isCommandStart(t, p.Mathlib)
	case tkNum, tkDec, tkStr, tkChar:
		return true
	case TkSym:
		switch t.Text {
		case "(", "⟨", "_", "sorry":
			return true
		}
	}
	return false
}

// application parses the arguments of an identifier head, if any: `f a b` is an OpApp node
// whose Text is the head's name. Arguments have maximal precedence.
func (p *Parser) application(head *Node, depth int) (*Node, int, error) {
	head = p.projections(head)
	if head.Op != OpVar || !p.canStartArg(p.Peek()) {
		return head, PrecMax, nil
	}
	app := &Node{Op: OpApp, Text: head.Text, Pos: head.Pos, End: head.End}
	for p.canStartArg(p.Peek()) {
		if p.nodes++; p.nodes > maxTermNodes || depth > MaxTermDepth {
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
func (p *Parser) projections(n *Node) *Node {
	for {
		dot, next := p.Peek(), p.Toks[min(p.At+1, len(p.Toks)-1)]
		if dot.Kind != TkSym || dot.Text != "." || dot.Pos != n.End || next.Pos != dot.End ||
			(next.Kind != tkNum && next.Kind != TkIdent) {
			return n
		}
		p.Next()
		p.Next()
		n = &Node{Op: OpProj, Text: next.Text, Kids: []*Node{n}, Pos: n.Pos, End: next.End}
	}
}

// binderTerm parses `∀ binders, body`, `∃ binders, body` and `fun binders => body`. A binder
// is a name, `_`, or a group `(x y : T)` / `{x y : T}`; `x y : T` without brackets gives every
// name the type T. Types must be names of simulated types.
func (p *Parser) binderTerm(depth int) (*Node, int, error) {
	kw := p.Next()
	op := OpForall
	switch kw.Text {
	case "∃":
		op = OpExists
	case "fun", "λ":
		op = OpFun
	}
	n := &Node{Op: op, Pos: kw.Pos}
	var pending []*Node // names not yet given a type
	typeOf := func() (Type, bool, error) {
		ty, err := p.Expr(0, depth+1)
		if err != nil {
			return TypeNone, false, err
		}
		if ty.Op == OpVar {
			if t, ok := TypeByName(ty.Text, p.Mathlib); ok {
				return t, true, nil
			}
		}
		return TypeNone, false, &ParseError{Pos: ty.Pos, End: ty.End,
			Msg: "leanprm-simulator: this binder type is not simulated (this is a simulator, not Lean)"}
	}
	for {
		t := p.Peek()
		switch {
		case t.Kind == TkIdent || (t.Kind == TkSym && t.Text == "_"):
			p.Next()
			v := &Node{Op: OpVar, Text: t.Text, Pos: t.Pos, End: t.End}
			pending = append(pending, v)
			n.Kids = append(n.Kids, v)
			continue
		case t.Kind == TkSym && (t.Text == "(" || t.Text == "{") && len(pending) == 0:
			p.Next()
			closer := ")"
			if t.Text == "{" {
				closer = "}"
			}
			var group []*Node
			for p.Peek().Kind == TkIdent || p.IsSym("_") {
				nt := p.Next()
				group = append(group, &Node{Op: OpVar, Text: nt.Text, Pos: nt.Pos, End: nt.End, Impl: t.Text == "{"})
			}
			if len(group) == 0 {
				return nil, 0, Unexpected(p.Peek(), "identifier")
			}
			if _, err := p.ExpectSym(":", "':'"); err != nil {
				return nil, 0, err
			}
			ty, _, err := typeOf()
			if err != nil {
				return nil, 0, err
			}
			if _, err := p.ExpectSym(closer, "'"+closer+"'"); err != nil {
				return nil, 0, err
			}
			for _, v := range group {
				v.Asc = ty
			}
			n.Kids = append(n.Kids, group...)
			continue
		case t.Kind == TkSym && t.Text == ":" && len(pending) > 0:
			p.Next()
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
		return nil, 0, Unexpected(p.Peek(), "identifier")
	}
	sep := ","
	if op == OpFun {
		sep = "=>"
		if p.IsSym("↦") {
			sep = "↦"
		}
	}
	if _, err := p.ExpectSym(sep, "'"+sep+"'"); err != nil {
		return nil, 0, err
	}
	body, err := p.Expr(0, depth+1)
	if err != nil {
		return nil, 0, err
	}
	n.Kids = append(n.Kids, body)
	n.End = body.End
	return n, 0, nil
}

// anonymous parses ⟨a, b, …⟩.
func (p *Parser) anonymous(depth int) (*Node, int, error) {
	open := p.Next()
	n := &Node{Op: OpAnon, Pos: open.Pos}
	if !p.IsSym("⟩") {
		for {
			k, err := p.Expr(0, depth+1)
			if err != nil {
				return nil, 0, err
			}
			n.Kids = append(n.Kids, k)
			if !p.IsSym(",") {
				break
			}
			p.Next()
		}
	}
	close, err := p.ExpectSym("⟩", "',' or '⟩'")
	if err != nil {
		return nil, 0, err
	}
	n.End = close.End
	return p.projections(n), PrecMax, nil
}

// byTerm parses a tactic block used as a term: its tokens run to the first closing bracket
// or comma outside brackets, the end of input, or the next command.
func (p *Parser) byTerm() (*Node, int, error) {
	kw := p.Next()
	start, depth := p.At, 0
	for {
		t := p.Peek()
		if t.Kind == TkEOF || isCommandStart(t, p.Mathlib) && t.newline {
			break
		}
		if t.Kind == TkSym {
			switch t.Text {
			case "(", "[", "{", "⟨", "@[":
				depth++
			case ")", "]", "}", "⟩", ",":
				if depth == 0 {
					goto done
				}
				if t.Text != "," {
					depth--
				}
			}
		}
		p.Next()
	}
done:
	toks := append([]Token(nil), p.Toks[start:p.At]...)
	if len(toks) == 0 {
		return nil, 0, Unexpected(p.Peek(), "tactic")
	}
	last := toks[len(toks)-1]
	texts := make([]string, len(toks))
	for i, t := range toks {
		texts[i] = t.Text
	}
	toks = append(toks, Token{Kind: TkEOF, Pos: last.End, End: last.End})
	n := &Node{Op: OpBy, Text: strings.Join(texts, " "), Pos: kw.Pos, End: last.End, Block: toks}
	return n, 0, nil
}

// interpolated parses the holes of s!"…{e}…": each becomes a kid of the string node, so that
// it is elaborated (a `sorry` in a hole is not hidden by the string).
func (p *Parser) interpolated(str Token, depth int) (*Node, int, error) {
	n := &Node{Op: OpStr, Text: str.Text, Pos: str.Pos, End: str.End}
	rs := []rune(str.Text)
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
				return nil, 0, &ParseError{Pos: str.Pos, End: str.End, Msg: "unterminated string interpolation"}
			}
			hole := Lex(string(rs[i+1 : j-1]))
			for k := range hole {
				hole[k].Pos = Pos{str.Pos.Line, str.Pos.Col + i + 1 + hole[k].Pos.Col}
				hole[k].End = Pos{str.Pos.Line, str.Pos.Col + i + 1 + hole[k].End.Col}
			}
			sub := &Parser{Toks: hole, Mathlib: p.Mathlib, nodes: p.nodes}
			e, err := sub.Expr(0, depth+1)
			if err == nil && sub.Peek().Kind != TkEOF {
				err = Unexpected(sub.Peek(), "'}'")
			}
			if err != nil {
				return nil, 0, err
			}
			p.nodes = sub.nodes
			n.Kids = append(n.Kids, e)
			i = j - 1
		}
	}
	return n, PrecMax, nil
}
