package syntax

import (
	"fmt"
	"strings"
)

// Kind classifies a Token.
type Kind uint8

// Token kinds. Keywords are not a kind of their own: Lean reads `theorem` and `sorry` with the
// identifier reader and then looks them up in its token table, so the lexer returns them as
// Ident and the checks compare Text (the keyword) or Name (the identifier) as each rule needs.
const (
	Ident        Kind = iota + 1 // identifier or keyword, possibly dotted, possibly «escaped»
	Symbol                       // punctuation and operators
	Number                       // 12, 0x1F, 0b10, 0o7, 1.5e3
	String                       // "…" (its {…} parts, if any, follow it as tokens with Hole > 0)
	RawString                    // r"…", r#"…"#
	InterpString                 // "…" after s!, m!, f!, throwError…: its {…} parts are code
	Char                         // 'a', '\n'
	NameLit                      // `foo, `Foo.«bar»: a Name value, not a reference
	HashCommand                  // #eval, #print, #exit, …
)

var kindNames = [...]string{
	Ident: "identifier", Symbol: "symbol", Number: "number", String: "string",
	RawString: "raw string", InterpString: "interpolated string", Char: "character",
	NameLit: "name literal", HashCommand: "command",
}

func (k Kind) String() string { return enumName(kindNames[:], uint8(k), "Kind") }

// enumName is names[k], or typ(k) for a value without a name.
func enumName(names []string, k uint8, typ string) string {
	if int(k) < len(names) && names[k] != "" {
		return names[k]
	}
	return fmt.Sprintf("%s(%d)", typ, k)
}

// Token is one lexeme of Lean source. Comments (including doc comments, which Lean parses as
// tokens but which carry no code) and whitespace are not tokens.
type Token struct {
	Kind Kind
	// Text is the exact source text of the token, Src[Off:End].
	Text string
	// Name holds the components of an Ident or NameLit with guillemets removed: `«sorry»` and
	// `sorry` both have Name ["sorry"]; `Nat.«add»` has ["Nat", "add"].
	Name []string
	// Escaped reports that some component was written «…». An escaped word is never a
	// keyword for Lean (`«theorem»` is an identifier), so keyword matching requires !Escaped.
	Escaped bool
	// Off and End are byte offsets into the lexed text.
	Off, End int
	// Line is 1-based; Col is 0-based and counts Unicode code points, like REPL positions.
	Line, Col int
	// Glued reports that no whitespace or comment separates this token from the previous one
	// in the same stream (the first token of an interpolation hole counts as glued to it).
	Glued bool
	// Hole is the nesting depth of string interpolation holes the token sits in; 0 is
	// ordinary code.
	Hole int
}

// IsWord reports whether t is the unescaped single-component word w, i.e. the keyword w when w
// is one (`theorem`, `open`, `sorry`, …).
func (t Token) IsWord(w string) bool {
	return t.Kind == Ident && !t.Escaped && len(t.Name) == 1 && t.Name[0] == w
}

// FullName is the dotted identifier with guillemets removed.
func (t Token) FullName() string { return strings.Join(t.Name, ".") }

// ProblemKind classifies a Problem. The lexer only says what it saw; what a problem means (verify
// rejects a candidate proof for any of them) is for the caller to decide.
type ProblemKind uint8

// Problem kinds.
const (
	// InvalidUTF8: the text is not valid UTF-8 (tools disagree on what it says).
	InvalidUTF8 ProblemKind = iota + 1
	// NULByte: a NUL byte (tools disagree on where the text ends).
	NULByte
	// BidiControl: a bidirectional control character (the text displays differently from how
	// it is read).
	BidiControl
	// InvisibleChar: an invisible or control character, or a non-ASCII space, in code.
	InvisibleChar
	// Malformed: a construct that is unterminated, badly escaped, badly formed or ambiguous.
	Malformed
)

var problemKindNames = [...]string{
	InvalidUTF8: "invalid UTF-8", NULByte: "NUL byte", BidiControl: "bidirectional control",
	InvisibleChar: "invisible character", Malformed: "malformed",
}

func (k ProblemKind) String() string { return enumName(problemKindNames[:], uint8(k), "ProblemKind") }

// Problem is a construct the lexer could not read with confidence: Lean might read such text
// differently from us.
type Problem struct {
	Kind      ProblemKind
	Msg       string
	Line, Col int
}

func (p Problem) String() string { return fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg) }

// Lexed is the result of Lex.
type Lexed struct {
	Src    string
	Tokens []Token
	// Problems are in source order. After an unterminated construct the rest of the text is
	// not lexed, so Tokens is then incomplete.
	Problems []Problem
}

// OK reports that the text lexed without problems.
func (l *Lexed) OK() bool { return len(l.Problems) == 0 }
