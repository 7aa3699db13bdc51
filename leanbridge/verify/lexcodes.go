package verify

import "github.com/leanprm/leanprm/leanbridge/syntax"

// codeOf is the reason code of a lexical problem. Every kind rejects the candidate: Lean might
// read such text differently from us.
func codeOf(k syntax.ProblemKind) Code {
	switch k {
	case syntax.InvalidUTF8:
		return CodeInvalidUTF8
	case syntax.NULByte:
		return CodeNULByte
	case syntax.BidiControl:
		return CodeBidiControl
	case syntax.InvisibleChar:
		return CodeInvisibleChar
	default:
		return CodeLexError
	}
}
