package verify

import "github.com/leanprm/leanprm/leanbridge/syntax"

// Forwarders for code outside verify that still reads Lean through verify. The lexer now lives
// in leanbridge/syntax; these go when their last user has switched (issue 11, phase 3).

type (
	Token = syntax.Token
	Lexed = syntax.Lexed
	Kind  = syntax.Kind
)

const (
	Ident        = syntax.Ident
	Symbol       = syntax.Symbol
	Number       = syntax.Number
	String       = syntax.String
	RawString    = syntax.RawString
	InterpString = syntax.InterpString
	Char         = syntax.Char
	NameLit      = syntax.NameLit
	HashCommand  = syntax.HashCommand
)

// Lex forwards to syntax.Lex.
func Lex(src string) *Lexed { return syntax.Lex(src) }
