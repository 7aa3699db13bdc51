package translate

import (
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// problemLex is the problem lexed once, at the first of its readers that asks, for all of them:
// arith.ProblemExacts (its tokens), symdefs.ReadChainProblem and freenames.Problem (its math
// regions) each lexed it alike, with the same bound on a literal's digits (problemlex_test.go).
type problemLex struct {
	text    string
	toks    []mathtext.Tok
	regions []mathtext.Region
	lexed   bool // toks read
	cut     bool // regions read
}

// tokens is the problem's tokens, lexed at the first call.
func (p *problemLex) tokens() []mathtext.Tok {
	if !p.lexed {
		p.toks, p.lexed = mathtext.Lex(p.text, arith.ProblemDigits), true
	}
	return p.toks
}

// mathRegions is the problem's math regions, read from its tokens at the first call.
func (p *problemLex) mathRegions() []mathtext.Region {
	if !p.cut {
		p.regions, p.cut = mathtext.MathRegions(p.text, p.tokens()), true
	}
	return p.regions
}
