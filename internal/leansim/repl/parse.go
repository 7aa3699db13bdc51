package repl

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
	case tkBad:
		if tok.text == "/-" {
			return &parseErr{pos: tok.pos, end: tok.end, msg: "unterminated comment"}
		}
		what = fmt.Sprintf("unexpected token '%s'", tok.text)
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
	nodes   int  // nodes built so far, bounded by maxTermNodes
	argMode bool // the next prefix is an argument of an application (see application)
	// declCol is the column where the current command began, when modifiers, attributes
	// or `set_option … in` came before its keyword (hasDeclCol): the tactic block's layout
	// is relative to it.
	declCol    int
	hasDeclCol bool
}

// startDecl records the column of a command's first token, unless an enclosing prefix
// already did.
func (p *parser) startDecl(t token) {
	if !p.hasDeclCol {
		p.declCol, p.hasDeclCol = t.pos.Col, true
	}
}

// takeDeclCol returns the column the command began at: the recorded one, or kw's.
func (p *parser) takeDeclCol(kw token) int {
	if p.hasDeclCol {
		p.hasDeclCol = false
		return p.declCol
	}
	return kw.pos.Col
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
	argMode := p.argMode
	p.argMode = false
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
	case tkChar:
		return leaf(opChar)
	case tkIdent:
		switch {
		case t.text == "True" && !t.escaped:
			return leaf(opTrue)
		case t.text == "False" && !t.escaped:
			return leaf(opFalse)
		case (t.text == "s!" || t.text == "m!" || t.text == "f!") && p.toks[p.i+1].kind == tkStr && p.toks[p.i+1].pos == t.end:
			p.next()
			return p.interpolated(p.next(), depth)
		}
		n, _, _ := leaf(opVar)
		if argMode {
			return p.projections(n), precMax, nil
		}
		return p.application(n, depth)
	case tkSym:
		switch t.text {
		case "∀", "∃", "fun", "λ":
			return p.binderTerm(depth)
		case "⟨":
			return p.anonymous(depth)
		case "by":
			return p.byTerm()
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
			return p.projections(inner), precMax, nil
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
	// partial: the block holds a tactic Lean cannot parse. tactics are the ones before it,
	// which Lean still elaborates (its parser returns the partial syntax); unparsed are that
	// tactic and the rest of the block, which never run.
	partial  bool
	unparsed []*tacticSyntax
}

type command struct {
	kind     string // decl, eval, open, set_option, in, printAxioms, check, import, unsupported
	kw       token
	declKind string // example, theorem, lemma, def, abbrev
	nameTok  token
	binders  []binder
	typ      *Node // statement (theorem/example) or type (def); nil if omitted
	body     body
	args     []token  // open: namespaces
	term     *Node    // #eval
	inner    *command // `set_option … in` and `open … in`: the command they scope
}

// parseCommand parses one command starting at p.i.
func (p *parser) parseCommand() (*command, error) {
	kw := p.peek()
	c := &command{kw: kw}
	switch {
	case kw.kind == tkSym && (kw.text == "private" || kw.text == "protected" || kw.text == "noncomputable"):
		// Modifiers change visibility and code generation, nothing the simulator models.
		p.startDecl(kw)
		p.next()
		if !p.isDeclStart() {
			return c, unexpected(p.peek(), "declaration")
		}
		return p.parseCommand()
	case kw.kind == tkSym && kw.text == "@[":
		// Attributes (@[simp], …) are skipped; they do not change what is proved.
		p.startDecl(kw)
		p.next()
		for d := 1; d > 0; {
			t := p.next()
			switch {
			case t.kind == tkEOF:
				return c, unexpected(t, "']'")
			case t.kind == tkSym && (t.text == "[" || t.text == "@["):
				d++
			case t.kind == tkSym && t.text == "]":
				d--
			}
		}
		if !p.isDeclStart() {
			return c, unexpected(p.peek(), "declaration")
		}
		return p.parseCommand()
	case kw.kind == tkSym && kw.text == "axiom":
		c.kind = "decl"
		c.declKind = "axiom"
		p.next()
		if p.peek().kind != tkIdent {
			return c, unexpected(p.peek(), "identifier")
		}
		c.nameTok = p.next()
		bs, err := p.parseBinders()
		if err != nil {
			return c, err
		}
		c.binders = bs
		if _, err := p.expectSym(":", "':'"); err != nil {
			return c, err
		}
		ty, err := p.expr(0, 0)
		if err != nil {
			return c, err
		}
		c.typ = ty
	case kw.kind == tkSym && kw.text == "#print" && p.toks[p.i+1].kind == tkIdent && p.toks[p.i+1].text == "axioms":
		c.kind = "printAxioms"
		p.next()
		p.next()
		if p.peek().kind != tkIdent {
			return c, unexpected(p.peek(), "identifier")
		}
		c.nameTok = p.next()
	case kw.kind == tkSym && (kw.text == "example" || kw.text == "theorem" || kw.text == "def" || kw.text == "abbrev"),
		kw.kind == tkIdent && kw.text == "lemma" && p.mathlib:
		cmdCol := p.takeDeclCol(kw)
		c.kind = "decl"
		c.declKind = kw.text
		p.next()
		if kw.text != "example" {
			if p.peek().kind != tkIdent {
				return c, unexpected(p.peek(), "identifier")
			}
			c.nameTok = p.next()
		}
		bs, err := p.parseBinders()
		if err != nil {
			return c, err
		}
		c.binders = bs
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
			tacs, unparsed, err := p.tacticBlock(cmdCol, byTok)
			c.body.tactics, c.body.unparsed, c.body.partial = tacs, unparsed, err != nil
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
	case kw.kind == tkSym && kw.text == "#check" && p.toks[p.i+1].kind == tkSym && p.toks[p.i+1].text == "@" &&
		p.toks[p.i+2].kind == tkIdent:
		// Only `#check @NAME`, the form verify-proof's semantic guard sends.
		c.kind = "check"
		p.next()
		p.next()
		c.nameTok = p.next()
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
		if p.isSym("in") {
			return p.scoped(c)
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
		if p.isSym("in") {
			return p.scoped(c)
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

// scoped parses the command after `set_option … in` or `open … in` (at the `in`).
func (p *parser) scoped(c *command) (*command, error) {
	p.startDecl(c.kw)
	p.next()
	scopedKind := c.kind
	c.kind = "in"
	c.args = append([]token{{kind: tkIdent, text: scopedKind}}, c.args...)
	if p.peek().kind == tkEOF {
		return c, unexpected(p.peek(), "command")
	}
	inner, err := p.parseCommand()
	c.inner = inner
	return c, err
}

// isDeclStart reports whether the next token starts a declaration (after modifiers).
func (p *parser) isDeclStart() bool {
	t := p.peek()
	if t.kind == tkIdent {
		return t.text == "lemma" && p.mathlib
	}
	switch t.text {
	case "example", "theorem", "def", "abbrev", "axiom", "private", "protected", "noncomputable", "instance", "@[":
		return t.kind == tkSym
	}
	return false
}

// trailingErr marks a syntax error after a complete command: the command itself stands.
type trailingErr struct{ *parseErr }

// parseBinders parses the explicit binders "(x : T)" that follow a
// declaration's name.
func (p *parser) parseBinders() ([]binder, error) {
	var bs []binder
	for p.isSym("(") {
		b, err := p.parseBinder()
		if err != nil {
			return nil, err
		}
		bs = append(bs, b)
	}
	return bs, nil
}

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
//
// A tactic that does not parse ends the block with a parse error: the tactics before it are
// returned first, it and those after it second.
func (p *parser) tacticBlock(cmdCol int, byTok token) (tacs, unparsed []*tacticSyntax, err error) {
	first := p.peek()
	if first.kind == tkEOF || endsBlock(first, cmdCol, p.mathlib) ||
		(first.pos.Line != byTok.pos.Line && first.pos.Col <= cmdCol) {
		return nil, nil, nil
	}
	toks, stop := collectBlock(p.toks[p.i:], first.pos.Col, cmdCol, p.mathlib)
	p.i += stop
	tacs = splitTactics(toks, first.pos.Col)
	for i, t := range tacs {
		if err := validateTactic(t, p.mathlib); err != nil {
			return tacs[:i], tacs[i:], err
		}
	}
	return tacs, nil, nil
}

// endsBlock reports whether t, met in a tactic block of a command at column cmdCol, starts
// the next command. `open … in` and `set_option … in` are tactics too: inside the block
// (indented past the command) they belong to it.
func endsBlock(t token, cmdCol int, mathlib bool) bool {
	if !isCommandStart(t, mathlib) {
		return false
	}
	if t.kind == tkSym && (t.text == "open" || t.text == "set_option") {
		return t.newline && t.pos.Col <= cmdCol
	}
	return true
}

// collectBlock returns the tokens of a tactic block whose tactics start at column col, and
// how many tokens it used.
func collectBlock(toks []token, col, cmdCol int, mathlib bool) ([]token, int) {
	n := 0
	for n < len(toks) {
		t := toks[n]
		if t.kind == tkEOF || endsBlock(t, cmdCol, mathlib) || (n > 0 && t.newline && t.pos.Col < col) ||
			t.kind == tkBad && t.text == "/-" {
			break
		}
		n++
	}
	return toks[:n], n
}

// seqTactics take a tactic sequence as their last argument, so a `;` after them belongs to
// that sequence, as in Lean (`all_goals simp; rfl` runs both on every goal).
var seqTactics = map[string]bool{
	"all_goals": true, "any_goals": true, "try": true, "repeat": true, "focus": true,
	"next": true, "case": true, "first": true, "iterate": true,
}

// splitTactics splits a block's tokens at `;` and at tokens that start a line at column col.
func splitTactics(toks []token, col int) []*tacticSyntax {
	var out []*tacticSyntax
	var cur []token
	depth := 0
	nested := false // the current tactic opened a tactic sequence: a `;` belongs to it
	flush := func() {
		nested = false
		if len(cur) == 0 {
			return
		}
		last := cur[len(cur)-1]
		ts := append(cur[:len(cur):len(cur)], token{kind: tkEOF, pos: last.end, end: last.end})
		out = append(out, &tacticSyntax{toks: ts, pos: cur[0].pos, end: last.end})
		cur = nil
	}
	for i, t := range toks {
		if i > 0 && t.newline && t.pos.Col == col && depth == 0 {
			flush()
		}
		if t.kind == tkSym {
			switch t.text {
			case "(", "[", "{", "@[", "⟨":
				depth++
			case ")", "]", "}", "⟩":
				depth = max(depth-1, 0)
			case ";":
				if depth == 0 && !nested {
					flush()
					continue
				}
			case "by", "=>", "·", ".":
				nested = nested || depth == 0 && (t.text != "·" && t.text != "." || len(cur) == 0)
			}
		}
		if len(cur) == 0 && t.kind == tkIdent && seqTactics[t.text] {
			nested = true
		}
		cur = append(cur, t)
	}
	flush()
	return out
}

// maxRecDepthMsg is Lean's error when elaboration nests too deep.
const maxRecDepthMsg = "maximum recursion depth has been reached\nuse `set_option maxRecDepth <num>` to increase limit\nuse `set_option diagnostics true` to get diagnostic information"

// partialProof reports a declaration (possibly under `set_option … in` or `open … in`)
// whose tactic block stopped at a tactic that does not parse.
func (c *command) partialProof() bool {
	for c != nil && c.kind == "in" {
		c = c.inner
	}
	return c != nil && c.kind == "decl" && c.body.isBy && c.body.partial
}
