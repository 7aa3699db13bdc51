package syntax

import (
	"fmt"
)

// ParseError is a syntax error in Lean's words, at a token.
type ParseError struct {
	Pos, End Pos
	Msg      string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg) }

// Unexpected builds Lean's "unexpected token 'x'; expected …" error for tok.
func Unexpected(tok Token, expected string) *ParseError {
	var what string
	switch tok.Kind {
	case tkBad:
		if tok.Text == "/-" {
			return &ParseError{Pos: tok.Pos, End: tok.End, Msg: "unterminated comment"}
		}
		what = fmt.Sprintf("unexpected token '%s'", tok.Text)
	case TkEOF:
		what = "unexpected end of input"
	case TkIdent:
		what = "unexpected identifier"
	default:
		what = fmt.Sprintf("unexpected token '%s'", tok.Text)
	}
	if expected != "" {
		what += "; expected " + expected
	}
	return &ParseError{Pos: tok.Pos, End: tok.End, Msg: what}
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
	"macro_rules": true, "elab_rules": true, "export": true, "local": true, "scoped": true,
}

func isCommandStart(t Token, mathlib bool) bool {
	switch t.Kind {
	case TkSym:
		return commandStarts[t.Text]
	case TkIdent:
		return identCommandStarts[t.Text] || (mathlib && t.Text == "lemma")
	}
	return false
}

// Parser reads terms and commands from a token slice that ends with TkEOF.
type Parser struct {
	Toks    []Token
	At      int
	Mathlib bool
	nodes   int  // nodes built so far, bounded by maxTermNodes
	argMode bool // the next prefix is an argument of an application (see application)
	// declCol is the column where the current command began, when modifiers, attributes
	// or `set_option … in` came before its keyword (HasDeclCol): the tactic block's layout
	// is relative to it.
	declCol    int
	HasDeclCol bool
}

// startDecl records the column of a command's first token, unless an enclosing prefix
// already did.
func (p *Parser) startDecl(t Token) {
	if !p.HasDeclCol {
		p.declCol, p.HasDeclCol = t.Pos.Col, true
	}
}

// takeDeclCol returns the column the command began at: the recorded one, or kw's.
func (p *Parser) takeDeclCol(kw Token) int {
	if p.HasDeclCol {
		p.HasDeclCol = false
		return p.declCol
	}
	return kw.Pos.Col
}

func (p *Parser) Peek() Token { return p.Toks[p.At] }
func (p *Parser) Next() Token {
	t := p.Toks[p.At]
	if t.Kind != TkEOF {
		p.At++
	}
	return t
}
func (p *Parser) IsSym(s string) bool { t := p.Peek(); return t.Kind == TkSym && t.Text == s }
func (p *Parser) ExpectSym(s, expected string) (Token, error) {
	if !p.IsSym(s) {
		return Token{}, Unexpected(p.Peek(), expected)
	}
	return p.Next(), nil
}

// MaxTermDepth and maxTermNodes keep hostile input (deeply nested or very long terms) from
// exhausting the stack of the recursive printer and evaluator; Lean reports "maximum
// recursion depth has been reached" in the same situation.
const (
	MaxTermDepth = 500
	maxTermNodes = 20000
)

func (p *Parser) tooDeep() *ParseError {
	t := p.Peek()
	return &ParseError{Pos: t.Pos, End: t.End, Msg: MaxRecDepthMsg}
}

// Expr parses a term or proposition whose precedence is at least minPrec, with Lean's
// precedences (ast.go). Function application is not part of the dialect and ends the term.
func (p *Parser) Expr(minPrec, depth int) (*Node, error) {
	if depth > MaxTermDepth {
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
		t := p.Peek()
		if t.Kind != TkSym {
			return lhs, nil
		}
		if t.Text == "⁻¹" {
			p.Next()
			lhs = &Node{Op: OpInv, Kids: []*Node{lhs}, Pos: lhs.Pos, End: t.End}
			lhsPrec = PrecMax
			continue
		}
		op := t.Text
		switch op { // ASCII spellings Lean also accepts
		case "<=":
			op = "≤"
		case ">=":
			op = "≥"
		case "->":
			op = "→"
		}
		b, ok := Binops[op]
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
		p.Next()
		rp := b.prec + 1
		if b.rightAssoc {
			rp = b.prec
		}
		rhs, err := p.Expr(rp, depth+1)
		if err != nil {
			return nil, err
		}
		lhs = &Node{Op: op, Kids: []*Node{lhs, rhs}, Pos: lhs.Pos, End: rhs.End}
		lhsPrec = b.prec
	}
}

func (p *Parser) prefix(depth int) (*Node, int, error) {
	argMode := p.argMode
	p.argMode = false
	t := p.Peek()
	leaf := func(op string) (*Node, int, error) {
		p.Next()
		return &Node{Op: op, Text: t.Text, Pos: t.Pos, End: t.End}, PrecMax, nil
	}
	switch t.Kind {
	case tkNum:
		return leaf(OpNum)
	case tkDec:
		return leaf(OpDec)
	case tkStr:
		return leaf(OpStr)
	case tkChar:
		return leaf(OpChar)
	case TkIdent:
		switch {
		case unmodelledTermWords[t.Text] && !t.Escaped:
			return nil, 0, notSimulated(t, "the term `"+t.Text+" …`")
		case t.Text == "True" && !t.Escaped:
			return leaf(OpTrue)
		case t.Text == "False" && !t.Escaped:
			return leaf(OpFalse)
		case (t.Text == "s!" || t.Text == "m!" || t.Text == "f!") && p.Toks[p.At+1].Kind == tkStr && p.Toks[p.At+1].Pos == t.End:
			p.Next()
			return p.interpolated(p.Next(), depth)
		}
		n, _, _ := leaf(OpVar)
		if argMode {
			return p.projections(n), PrecMax, nil
		}
		return p.application(n, depth)
	case TkSym:
		switch t.Text {
		case "∀", "∃", "fun", "λ":
			return p.binderTerm(depth)
		case "⟨":
			return p.anonymous(depth)
		case "by":
			return p.byTerm()
		case "sorry":
			return leaf(OpSorry)
		case "_":
			return leaf(OpHole)
		case "(":
			if p.At+2 < len(p.Toks) && p.Toks[p.At+1].Kind == TkIdent && p.Toks[p.At+2].Kind == TkSym && p.Toks[p.At+2].Text == ":=" {
				return nil, 0, notSimulated(t, "a named argument `(x := e)`")
			}
			p.Next()
			inner, err := p.Expr(0, depth+1)
			if err != nil {
				return nil, 0, err
			}
			if p.IsSym(":") {
				p.Next()
				ty, err := p.Expr(0, depth+1)
				if err != nil {
					return nil, 0, err
				}
				close, err := p.ExpectSym(")", "')'")
				if err != nil {
					return nil, 0, err
				}
				n := &Node{Op: OpAscr, Kids: []*Node{inner, ty}, Pos: t.Pos, End: close.End}
				return n, PrecMax, nil
			}
			close, err := p.ExpectSym(")", "')', ',' or ':'")
			if err != nil {
				return nil, 0, err
			}
			// Keep the parenthesised range: Lean reports errors on `(…)` at the parentheses.
			inner = inner.withRange(t.Pos, close.End)
			return p.projections(inner), PrecMax, nil
		case "-":
			p.Next()
			arg, err := p.Expr(75, depth+1)
			if err != nil {
				return nil, 0, err
			}
			return &Node{Op: OpNeg, Kids: []*Node{arg}, Pos: t.Pos, End: arg.End}, 75, nil
		case "¬":
			p.Next()
			arg, err := p.Expr(40, depth+1)
			if err != nil {
				return nil, 0, err
			}
			return &Node{Op: OpNot, Kids: []*Node{arg}, Pos: t.Pos, End: arg.End}, PrecMax, nil
		}
	}
	if unmodelledTermWords[t.Text] {
		return nil, 0, notSimulated(t, "the term `"+t.Text+" …`")
	}
	return nil, 0, Unexpected(t, "term")
}

// unmodelledTermWords begin terms of Lean that the simulator does not parse: an error there
// says so, never "expected term", which would claim the text is not Lean.
var unmodelledTermWords = map[string]bool{
	"show": true, "calc": true, "match": true, "let": true, "have": true, "if": true,
	"do": true, "suffices": true, "nofun": true, "nomatch": true, "@": true, "!": true,
	"←": true, "▸": true, "%[": true, "Σ": true, "∑": true, "∏": true, "|": true, "{": true,
	"[": true, "#[": true, "·": true, ".": true,
}

// notSimulated is the parse error for Lean syntax the simulator does not read.
func notSimulated(t Token, what string) *ParseError {
	return &ParseError{Pos: t.Pos, End: t.End, Msg: "leanprm-simulator: " + what + " is not simulated (this is a simulator, not Lean)"}
}

// withRange returns a shallow copy of n spanning pos..end.
func (n *Node) withRange(pos, end Pos) *Node {
	c := *n
	c.Pos, c.End = pos, end
	return &c
}

// ---- commands ----

type binder struct {
	Names []Token
	Ty    *Node
	open  Token
}

// Tactic is one tactic of a tactic block: its tokens (which end with a synthetic EOF).
type Tactic struct {
	Toks     []Token
	Pos, End Pos
}

func (t *Tactic) Head() Token { return t.Toks[0] }

type body struct {
	IsBy    bool
	ByTok   Token
	Tactics []*Tactic
	End     Pos // end of the `by` block
	Term    *Node
	// Partial: the block holds a tactic Lean cannot parse. tactics are the ones before it,
	// which Lean still elaborates (its parser returns the partial syntax); unparsed are that
	// tactic and the rest of the block, which never run.
	Partial  bool
	Unparsed []*Tactic
}

type Command struct {
	Kind     string // decl, eval, open, set_option, in, printAxioms, check, import, unsupported
	Keyword  Token
	DeclKind string // example, theorem, lemma, def, abbrev
	NameTok  Token
	Binders  []binder
	Type     *Node // statement (theorem/example) or type (def); nil if omitted
	Body     body
	Args     []Token  // open: namespaces
	Term     *Node    // #eval
	Inner    *Command // `set_option … in` and `open … in`: the command they scope
}

// ParseCommand parses one command starting at p.i.
func (p *Parser) ParseCommand() (*Command, error) {
	kw := p.Peek()
	c := &Command{Keyword: kw}
	switch {
	case kw.Kind == TkSym && (kw.Text == "private" || kw.Text == "protected" || kw.Text == "noncomputable"):
		// Modifiers change visibility and code generation, nothing the simulator models.
		p.startDecl(kw)
		p.Next()
		if !p.isDeclStart() {
			return c, Unexpected(p.Peek(), "declaration")
		}
		return p.ParseCommand()
	case kw.Kind == TkSym && kw.Text == "@[":
		// Attributes (@[simp], …) are skipped; they do not change what is proved.
		p.startDecl(kw)
		p.Next()
		for d := 1; d > 0; {
			t := p.Next()
			switch {
			case t.Kind == TkEOF:
				return c, Unexpected(t, "']'")
			case t.Kind == TkSym && (t.Text == "[" || t.Text == "@["):
				d++
			case t.Kind == TkSym && t.Text == "]":
				d--
			}
		}
		if !p.isDeclStart() {
			return c, Unexpected(p.Peek(), "declaration")
		}
		return p.ParseCommand()
	case kw.Kind == TkSym && kw.Text == "axiom":
		c.Kind = "decl"
		c.DeclKind = "axiom"
		p.Next()
		if p.Peek().Kind != TkIdent {
			return c, Unexpected(p.Peek(), "identifier")
		}
		c.NameTok = p.Next()
		bs, err := p.parseBinders()
		if err != nil {
			return c, err
		}
		c.Binders = bs
		if _, err := p.ExpectSym(":", "':'"); err != nil {
			return c, err
		}
		ty, err := p.Expr(0, 0)
		if err != nil {
			return c, err
		}
		c.Type = ty
	case kw.Kind == TkSym && kw.Text == "#print" && p.Toks[p.At+1].Kind == TkIdent && p.Toks[p.At+1].Text == "axioms":
		c.Kind = "printAxioms"
		p.Next()
		p.Next()
		if p.Peek().Kind != TkIdent {
			return c, Unexpected(p.Peek(), "identifier")
		}
		c.NameTok = p.Next()
	case kw.Kind == TkSym && (kw.Text == "example" || kw.Text == "theorem" || kw.Text == "def" || kw.Text == "abbrev"),
		kw.Kind == TkIdent && kw.Text == "lemma" && p.Mathlib:
		cmdCol := p.takeDeclCol(kw)
		c.Kind = "decl"
		c.DeclKind = kw.Text
		p.Next()
		if kw.Text != "example" {
			if p.Peek().Kind != TkIdent {
				return c, Unexpected(p.Peek(), "identifier")
			}
			c.NameTok = p.Next()
		}
		bs, err := p.parseBinders()
		if err != nil {
			return c, err
		}
		c.Binders = bs
		if p.IsSym(":") {
			p.Next()
			ty, err := p.Expr(0, 0)
			if err != nil {
				return c, err
			}
			c.Type = ty
		} else if c.DeclKind != "def" && c.DeclKind != "abbrev" {
			return c, Unexpected(p.Peek(), "':'")
		}
		if _, err := p.ExpectSym(":=", "':='"); err != nil {
			return c, err
		}
		if p.IsSym("by") {
			byTok := p.Next()
			c.Body = body{IsBy: true, ByTok: byTok, End: byTok.End}
			tacs, unparsed, err := p.tacticBlock(cmdCol, byTok)
			c.Body.Tactics, c.Body.Unparsed, c.Body.Partial = tacs, unparsed, err != nil
			if len(tacs) > 0 {
				c.Body.End = tacs[len(tacs)-1].End
			}
			if err != nil {
				return c, err
			}
		} else {
			t, err := p.Expr(0, 0)
			if err != nil {
				return c, err
			}
			c.Body.Term = t
		}
	case kw.Kind == TkSym && kw.Text == "#check" && p.Toks[p.At+1].Kind == TkSym && p.Toks[p.At+1].Text == "@" &&
		p.Toks[p.At+2].Kind == TkIdent:
		// Only `#check @NAME`, the form verify-proof's semantic guard sends.
		c.Kind = "check"
		p.Next()
		p.Next()
		c.NameTok = p.Next()
	case kw.Kind == TkSym && kw.Text == "#eval":
		c.Kind = "eval"
		p.Next()
		t, err := p.Expr(0, 0)
		if err != nil {
			return c, err
		}
		c.Term = t
	case kw.Kind == TkSym && kw.Text == "open":
		c.Kind = "open"
		p.Next()
		if p.Peek().Kind != TkIdent {
			return c, Unexpected(p.Peek(), "identifier")
		}
		for p.Peek().Kind == TkIdent && !isCommandStart(p.Peek(), p.Mathlib) {
			c.Args = append(c.Args, p.Next())
		}
		if p.IsSym("in") {
			return p.scoped(c)
		}
	case kw.Kind == TkSym && kw.Text == "set_option":
		c.Kind = "set_option"
		p.Next()
		if p.Peek().Kind != TkIdent {
			return c, Unexpected(p.Peek(), "identifier")
		}
		c.Args = append(c.Args, p.Next())
		switch v := p.Peek(); v.Kind {
		case TkIdent, tkNum, tkStr:
			c.Args = append(c.Args, p.Next())
		default:
			return c, Unexpected(v, "'true', 'false', num or str")
		}
		if p.IsSym("in") {
			return p.scoped(c)
		}
	case kw.Kind == TkSym && kw.Text == "import":
		c.Kind = "import"
		p.Next()
		if p.Peek().Kind == TkIdent {
			c.Args = append(c.Args, p.Next())
		}
	case isCommandStart(kw, p.Mathlib):
		c.Kind = "unsupported"
		p.Next()
		p.SkipToCommand()
	default:
		return c, Unexpected(kw, "command")
	}
	// A command ends where the next one starts.
	if t := p.Peek(); t.Kind != TkEOF && !isCommandStart(t, p.Mathlib) {
		return c, &TrailingErr{Unexpected(t, "command")}
	}
	return c, nil
}

// scoped parses the command after `set_option … in` or `open … in` (at the `in`).
func (p *Parser) scoped(c *Command) (*Command, error) {
	p.startDecl(c.Keyword)
	p.Next()
	scopedKind := c.Kind
	c.Kind = "in"
	c.Args = append([]Token{{Kind: TkIdent, Text: scopedKind}}, c.Args...)
	if p.Peek().Kind == TkEOF {
		return c, Unexpected(p.Peek(), "command")
	}
	inner, err := p.ParseCommand()
	c.Inner = inner
	return c, err
}

// isDeclStart reports whether the next token starts a declaration (after modifiers).
func (p *Parser) isDeclStart() bool {
	t := p.Peek()
	if t.Kind == TkIdent {
		return t.Text == "lemma" && p.Mathlib
	}
	switch t.Text {
	case "example", "theorem", "def", "abbrev", "axiom", "private", "protected", "noncomputable", "instance", "@[":
		return t.Kind == TkSym
	}
	return false
}

// TrailingErr marks a syntax error after a complete command: the command itself stands.
type TrailingErr struct{ *ParseError }

// parseBinders parses the explicit binders "(x : T)" that follow a
// declaration's name.
func (p *Parser) parseBinders() ([]binder, error) {
	var bs []binder
	for p.IsSym("(") {
		b, err := p.parseBinder()
		if err != nil {
			return nil, err
		}
		bs = append(bs, b)
	}
	return bs, nil
}

func (p *Parser) SkipToCommand() {
	for t := p.Peek(); t.Kind != TkEOF && !isCommandStart(t, p.Mathlib); t = p.Peek() {
		p.Next()
	}
}

func (p *Parser) parseBinder() (binder, error) {
	open := p.Next()
	b := binder{open: open}
	for p.Peek().Kind == TkIdent || p.IsSym("_") {
		b.Names = append(b.Names, p.Next())
	}
	if len(b.Names) == 0 {
		return b, Unexpected(p.Peek(), "identifier")
	}
	if _, err := p.ExpectSym(":", "':'"); err != nil {
		return b, err
	}
	ty, err := p.Expr(0, 0)
	if err != nil {
		return b, err
	}
	b.Ty = ty
	if _, err := p.ExpectSym(")", "')'"); err != nil {
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
func (p *Parser) tacticBlock(cmdCol int, byTok Token) (tacs, unparsed []*Tactic, err error) {
	first := p.Peek()
	if first.Kind == TkEOF || endsBlock(first, cmdCol, p.Mathlib) ||
		(first.Pos.Line != byTok.Pos.Line && first.Pos.Col <= cmdCol) {
		return nil, nil, nil
	}
	toks, stop := collectBlock(p.Toks[p.At:], first.Pos.Col, cmdCol, p.Mathlib)
	p.At += stop
	tacs = SplitTactics(toks, first.Pos.Col)
	for i, t := range tacs {
		if err := ValidateTactic(t, p.Mathlib); err != nil {
			return tacs[:i], tacs[i:], err
		}
	}
	return tacs, nil, nil
}

// endsBlock reports whether t, met in a tactic block of a command at column cmdCol, starts
// the next command. `open … in` and `set_option … in` are tactics too: inside the block
// (indented past the command) they belong to it.
func endsBlock(t Token, cmdCol int, mathlib bool) bool {
	if !isCommandStart(t, mathlib) {
		return false
	}
	if t.Kind == TkSym && (t.Text == "open" || t.Text == "set_option") {
		return t.newline && t.Pos.Col <= cmdCol
	}
	return true
}

// collectBlock returns the tokens of a tactic block whose tactics start at column col, and
// how many tokens it used.
func collectBlock(toks []Token, col, cmdCol int, mathlib bool) ([]Token, int) {
	n := 0
	for n < len(toks) {
		t := toks[n]
		if t.Kind == TkEOF || endsBlock(t, cmdCol, mathlib) || (n > 0 && t.newline && t.Pos.Col < col) ||
			t.Kind == tkBad && t.Text == "/-" {
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

// SplitTactics splits a block's tokens at `;` and at tokens that start a line at column col.
func SplitTactics(toks []Token, col int) []*Tactic {
	var out []*Tactic
	var cur []Token
	depth := 0
	nested := false // the current tactic opened a tactic sequence: a `;` belongs to it
	flush := func() {
		nested = false
		if len(cur) == 0 {
			return
		}
		last := cur[len(cur)-1]
		ts := append(cur[:len(cur):len(cur)], Token{Kind: TkEOF, Pos: last.End, End: last.End})
		out = append(out, &Tactic{Toks: ts, Pos: cur[0].Pos, End: last.End})
		cur = nil
	}
	for i, t := range toks {
		if i > 0 && t.newline && t.Pos.Col == col && depth == 0 {
			flush()
		}
		if t.Kind == TkSym {
			switch t.Text {
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
				nested = nested || depth == 0 && (t.Text != "·" && t.Text != "." || len(cur) == 0)
			}
		}
		if len(cur) == 0 && t.Kind == TkIdent && seqTactics[t.Text] {
			nested = true
		}
		cur = append(cur, t)
	}
	flush()
	return out
}

// MaxRecDepthMsg is Lean's error when elaboration nests too deep.
const MaxRecDepthMsg = "maximum recursion depth has been reached\nuse `set_option maxRecDepth <num>` to increase limit\nuse `set_option diagnostics true` to get diagnostic information"

// PartialProof reports a declaration (possibly under `set_option … in` or `open … in`)
// whose tactic block stopped at a tactic that does not parse.
func (c *Command) PartialProof() bool {
	for c != nil && c.Kind == "in" {
		c = c.Inner
	}
	return c != nil && c.Kind == "decl" && c.Body.IsBy && c.Body.Partial
}
