package replsim

import (
	"fmt"
)

// parseErr is a syntax error in Lean's words, at a token.
type parseErr struct {
	pos, end Pos
	msg      string
}

func (e *parseErr) Error() string { return fmt.Sprintf("%d:%d: %s", e.pos.Line, e.pos.Col, e.msg) }

// unexpected builds Lean's "unexpected token 'x'; expected …" error for tok.
func unexpected(tok token, expected string) *parseErr {
	var what string
	switch tok.kind {
	case tkEOF:
		what = "unexpected end of input"
	case tkIdent:
		what = "unexpected identifier"
	default:
		what = fmt.Sprintf("unexpected token '%s'", tok.text)
	}
	if expected != "" {
		what += "; expected " + expected
	}
	return &parseErr{pos: tok.pos, end: tok.end, msg: what}
}

// commandStarts are the tokens that begin a Lean command. Lean's parser recovers from an
// error by skipping to the next of them.
var commandStarts = map[string]bool{
	"example": true, "theorem": true, "def": true, "abbrev": true, "import": true, "open": true,
	"set_option": true, "variable": true, "namespace": true, "section": true, "end": true,
	"instance": true, "structure": true, "inductive": true, "class": true, "axiom": true,
	"universe": true, "noncomputable": true, "private": true, "protected": true, "@[": true,
	"#eval": true, "#check": true, "#print": true, "#reduce": true, "#exit": true,
	"#synth": true, "#guard": true, "#help": true,
}

// identCommandStarts are command keywords that lex as identifiers here; "lemma" is one only
// with Mathlib.
var identCommandStarts = map[string]bool{
	"attribute": true, "macro": true, "syntax": true, "notation": true, "elab": true,
	"run_cmd": true, "mutual": true, "opaque": true, "deriving": true, "initialize": true,
	"infix": true, "infixl": true, "infixr": true, "prefix": true, "postfix": true,
	"macro_rules": true, "elab_rules": true, "export": true,
}

func isCommandStart(t token, mathlib bool) bool {
	switch t.kind {
	case tkSym:
		return commandStarts[t.text]
	case tkIdent:
		return identCommandStarts[t.text] || (mathlib && t.text == "lemma")
	}
	return false
}

// parser reads terms and commands from a token slice that ends with tkEOF.
type parser struct {
	toks    []token
	i       int
	mathlib bool
	nodes   int // nodes built so far, bounded by maxTermNodes
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tkEOF {
		p.i++
	}
	return t
}
func (p *parser) isSym(s string) bool { t := p.peek(); return t.kind == tkSym && t.text == s }
func (p *parser) expectSym(s, expected string) (token, error) {
	if !p.isSym(s) {
		return token{}, unexpected(p.peek(), expected)
	}
	return p.next(), nil
}

// maxTermDepth and maxTermNodes keep hostile input (deeply nested or very long terms) from
// exhausting the stack of the recursive printer and evaluator; Lean reports "maximum
// recursion depth has been reached" in the same situation.
const (
	maxTermDepth = 500
	maxTermNodes = 20000
)

func (p *parser) tooDeep() *parseErr {
	t := p.peek()
	return &parseErr{pos: t.pos, end: t.end, msg: maxRecDepthMsg}
}

// expr parses a term or proposition whose precedence is at least minPrec, with Lean's
// precedences (ast.go). Function application is not part of the dialect and ends the term.
func (p *parser) expr(minPrec, depth int) (*Node, error) {
	if depth > maxTermDepth {
		return nil, p.tooDeep()
	}
	lhs, lhsPrec, err := p.prefix(depth)
	if err != nil {
		return nil, err
	}
	for {
		if p.nodes++; p.nodes > maxTermNodes {
			return nil, p.tooDeep()
		}
		t := p.peek()
		if t.kind != tkSym {
			return lhs, nil
		}
		if t.text == "⁻¹" {
			p.next()
			lhs = &Node{Op: opInv, Kids: []*Node{lhs}, Pos: lhs.Pos, End: t.end}
			lhsPrec = precMax
			continue
		}
		op := t.text
		switch op { // ASCII spellings Lean also accepts
		case "<=":
			op = "≤"
		case ">=":
			op = "≥"
		case "->":
			op = "→"
		}
		b, ok := binops[op]
		if !ok || b.prec < minPrec {
			return lhs, nil
		}
		needL := b.prec
		if b.rightAssoc || b.nonAssoc {
			needL = b.prec + 1
		}
		if lhsPrec < needL {
			return lhs, nil
		}
		p.next()
		rp := b.prec + 1
		if b.rightAssoc {
			rp = b.prec
		}
		rhs, err := p.expr(rp, depth+1)
		if err != nil {
			return nil, err
		}
		lhs = &Node{Op: op, Kids: []*Node{lhs, rhs}, Pos: lhs.Pos, End: rhs.End}
		lhsPrec = b.prec
	}
}

func (p *parser) prefix(depth int) (*Node, int, error) {
	t := p.peek()
	leaf := func(op string) (*Node, int, error) {
		p.next()
		return &Node{Op: op, Text: t.text, Pos: t.pos, End: t.end}, precMax, nil
	}
	switch t.kind {
	case tkNum:
		return leaf(opNum)
	case tkDec:
		return leaf(opDec)
	case tkStr:
		return leaf(opStr)
	case tkIdent:
		switch t.text {
		case "True":
			return leaf(opTrue)
		case "False":
			return leaf(opFalse)
		}
		return leaf(opVar)
	case tkSym:
		switch t.text {
		case "sorry":
			return leaf(opSorry)
		case "_":
			return leaf(opHole)
		case "(":
			p.next()
			inner, err := p.expr(0, depth+1)
			if err != nil {
				return nil, 0, err
			}
			if p.isSym(":") {
				p.next()
				ty, err := p.expr(0, depth+1)
				if err != nil {
					return nil, 0, err
				}
				close, err := p.expectSym(")", "')'")
				if err != nil {
					return nil, 0, err
				}
				n := &Node{Op: opAscr, Kids: []*Node{inner, ty}, Pos: t.pos, End: close.end}
				return n, precMax, nil
			}
			close, err := p.expectSym(")", "')', ',' or ':'")
			if err != nil {
				return nil, 0, err
			}
			// Keep the parenthesised range: Lean reports errors on `(…)` at the parentheses.
			inner = inner.withRange(t.pos, close.end)
			return inner, precMax, nil
		case "-":
			p.next()
			arg, err := p.expr(75, depth+1)
			if err != nil {
				return nil, 0, err
			}
			return &Node{Op: opNeg, Kids: []*Node{arg}, Pos: t.pos, End: arg.End}, 75, nil
		case "¬":
			p.next()
			arg, err := p.expr(40, depth+1)
			if err != nil {
				return nil, 0, err
			}
			return &Node{Op: opNot, Kids: []*Node{arg}, Pos: t.pos, End: arg.End}, precMax, nil
		}
	}
	return nil, 0, unexpected(t, "term")
}

// withRange returns a shallow copy of n spanning pos..end.
func (n *Node) withRange(pos, end Pos) *Node {
	c := *n
	c.Pos, c.End = pos, end
	return &c
}

// ---- commands ----

type binder struct {
	names []token
	ty    *Node
	open  token
}

// tacticSyntax is one tactic of a tactic block: its tokens (which end with a synthetic EOF).
type tacticSyntax struct {
	toks     []token
	pos, end Pos
}

func (t *tacticSyntax) head() token { return t.toks[0] }

type body struct {
	isBy    bool
	byTok   token
	tactics []*tacticSyntax
	end     Pos // end of the `by` block
	term    *Node
}

type command struct {
	kind     string // decl, eval, open, set_option, import, unsupported
	kw       token
	declKind string // example, theorem, lemma, def, abbrev
	nameTok  token
	binders  []binder
	typ      *Node // statement (theorem/example) or type (def); nil if omitted
	body     body
	args     []token // open: namespaces
	term     *Node   // #eval
}

// parseCommand parses one command starting at p.i.
func (p *parser) parseCommand() (*command, error) {
	kw := p.peek()
	c := &command{kw: kw}
	switch {
	case kw.kind == tkSym && (kw.text == "example" || kw.text == "theorem" || kw.text == "def" || kw.text == "abbrev"),
		kw.kind == tkIdent && kw.text == "lemma" && p.mathlib:
		c.kind = "decl"
		c.declKind = kw.text
		p.next()
		if kw.text != "example" {
			if p.peek().kind != tkIdent {
				return c, unexpected(p.peek(), "identifier")
			}
			c.nameTok = p.next()
		}
		for p.isSym("(") {
			b, err := p.parseBinder()
			if err != nil {
				return c, err
			}
			c.binders = append(c.binders, b)
		}
		if p.isSym(":") {
			p.next()
			ty, err := p.expr(0, 0)
			if err != nil {
				return c, err
			}
			c.typ = ty
		} else if c.declKind != "def" && c.declKind != "abbrev" {
			return c, unexpected(p.peek(), "':'")
		}
		if _, err := p.expectSym(":=", "':='"); err != nil {
			return c, err
		}
		if p.isSym("by") {
			byTok := p.next()
			c.body = body{isBy: true, byTok: byTok, end: byTok.end}
			tacs, err := p.tacticBlock(kw.pos.Col, byTok)
			c.body.tactics = tacs
			if len(tacs) > 0 {
				c.body.end = tacs[len(tacs)-1].end
			}
			if err != nil {
				return c, err
			}
		} else {
			t, err := p.expr(0, 0)
			if err != nil {
				return c, err
			}
			c.body.term = t
		}
	case kw.kind == tkSym && kw.text == "#eval":
		c.kind = "eval"
		p.next()
		t, err := p.expr(0, 0)
		if err != nil {
			return c, err
		}
		c.term = t
	case kw.kind == tkSym && kw.text == "open":
		c.kind = "open"
		p.next()
		if p.peek().kind != tkIdent {
			return c, unexpected(p.peek(), "identifier")
		}
		for p.peek().kind == tkIdent && !isCommandStart(p.peek(), p.mathlib) {
			c.args = append(c.args, p.next())
		}
	case kw.kind == tkSym && kw.text == "set_option":
		c.kind = "set_option"
		p.next()
		if p.peek().kind != tkIdent {
			return c, unexpected(p.peek(), "identifier")
		}
		c.args = append(c.args, p.next())
		switch v := p.peek(); v.kind {
		case tkIdent, tkNum, tkStr:
			c.args = append(c.args, p.next())
		default:
			return c, unexpected(v, "'true', 'false', num or str")
		}
	case kw.kind == tkSym && kw.text == "import":
		c.kind = "import"
		p.next()
		if p.peek().kind == tkIdent {
			c.args = append(c.args, p.next())
		}
	case isCommandStart(kw, p.mathlib):
		c.kind = "unsupported"
		p.next()
		p.skipToCommand()
	default:
		return c, unexpected(kw, "command")
	}
	// A command ends where the next one starts.
	if t := p.peek(); t.kind != tkEOF && !isCommandStart(t, p.mathlib) {
		return c, &trailingErr{unexpected(t, "command")}
	}
	return c, nil
}

// trailingErr marks a syntax error after a complete command: the command itself stands.
type trailingErr struct{ *parseErr }

func (p *parser) skipToCommand() {
	for t := p.peek(); t.kind != tkEOF && !isCommandStart(t, p.mathlib); t = p.peek() {
		p.next()
	}
}

func (p *parser) parseBinder() (binder, error) {
	open := p.next()
	b := binder{open: open}
	for p.peek().kind == tkIdent || p.isSym("_") {
		b.names = append(b.names, p.next())
	}
	if len(b.names) == 0 {
		return b, unexpected(p.peek(), "identifier")
	}
	if _, err := p.expectSym(":", "':'"); err != nil {
		return b, err
	}
	ty, err := p.expr(0, 0)
	if err != nil {
		return b, err
	}
	b.ty = ty
	if _, err := p.expectSym(")", "')'"); err != nil {
		return b, err
	}
	return b, nil
}

// tacticBlock splits the tokens after `by` into tactics, with Lean's layout rules: the block
// starts on the `by` line or on a later line indented past the command (otherwise it is
// empty, as in the REPL's line_breaks transcript); tactics are separated by `;` or start a
// new line at the first tactic's column; a token on a new line left of that column, a
// command keyword or the end of input ends the block.
func (p *parser) tacticBlock(cmdCol int, byTok token) ([]*tacticSyntax, error) {
	first := p.peek()
	if first.kind == tkEOF || isCommandStart(first, p.mathlib) ||
		(first.pos.Line != byTok.pos.Line && first.pos.Col <= cmdCol) {
		return nil, nil
	}
	toks, stop := collectBlock(p.toks[p.i:], first.pos.Col, p.mathlib)
	p.i += stop
	tacs := splitTactics(toks, first.pos.Col)
	for _, t := range tacs {
		if err := validateTactic(t, p.mathlib); err != nil {
			return tacs, err
		}
	}
	return tacs, nil
}

// collectBlock returns the tokens of a tactic block whose tactics start at column col, and
// how many tokens it used.
func collectBlock(toks []token, col int, mathlib bool) ([]token, int) {
	n := 0
	for n < len(toks) {
		t := toks[n]
		if t.kind == tkEOF || isCommandStart(t, mathlib) || (n > 0 && t.newline && t.pos.Col < col) {
			break
		}
		n++
	}
	return toks[:n], n
}

// splitTactics splits a block's tokens at `;` and at tokens that start a line at column col.
func splitTactics(toks []token, col int) []*tacticSyntax {
	var out []*tacticSyntax
	var cur []token
	depth := 0
	flush := func() {
		if len(cur) == 0 {
			return
		}
		last := cur[len(cur)-1]
		ts := append(cur[:len(cur):len(cur)], token{kind: tkEOF, pos: last.end, end: last.end})
		out = append(out, &tacticSyntax{toks: ts, pos: cur[0].pos, end: last.end})
		cur = nil
	}
	for i, t := range toks {
		if t.kind == tkSym {
			switch t.text {
			case "(", "[", "{", "@[":
				depth++
			case ")", "]", "}":
				depth = max(depth-1, 0)
			case ";":
				if depth == 0 {
					flush()
					continue
				}
			}
		}
		if i > 0 && t.newline && t.pos.Col == col && depth == 0 {
			flush()
		}
		cur = append(cur, t)
	}
	flush()
	return out
}
