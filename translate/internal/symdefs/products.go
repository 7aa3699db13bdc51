package symdefs

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Letters that usually name functions (symexpr.FuncNames) multiply before a
// bracket when the problem and the chain never use them as functions and
// use them as quantities: "p(1 - p)" for a probability p, "q(p - 1) =
// b^2" for a prime q. Anything that may be a function keeps the letter a
// function: a bracket holding one letter, one number or a comma after it
// (f(x), P(2), T(r, c)), an inverse, a prime or a composition of it, or the
// words "function", "polynomial", "map", "operator" anywhere.

// MarkProducts adds to defs (ChainDefsWith's) the letters that multiply,
// under symexpr.ProductsKey. Linear in the bytes of problem and steps.
func MarkProducts(defs map[string]*symexpr.Def, problem string, steps []string) map[string]*symexpr.Def {
	texts := append([]string{problem[:min(len(problem), maxProblemDefBytes)]}, steps...)
	if !anyApplied(texts) {
		return defs
	}
	for _, s := range texts {
		low := strings.ToLower(s)
		for _, w := range []string{"function", "polynomial", "map", "operator", `\circ`, "∘"} {
			if strings.Contains(low, w) {
				return defs
			}
		}
	}
	letters := ""
	for i := 0; i < len(symexpr.FuncNames); i++ {
		c := symexpr.FuncNames[i]
		if _, defined := defs[string(c)]; defined {
			continue
		}
		quantity, fn, applied := false, false, false
		for _, s := range texts {
			q, f, a := letterUses(s, c)
			quantity, fn, applied = quantity || q, fn || f, applied || a
		}
		if applied && quantity && !fn {
			letters += string(c)
		}
	}
	if letters == "" {
		return defs
	}
	if defs == nil {
		defs = map[string]*symexpr.Def{}
	}
	defs[symexpr.ProductsKey] = &symexpr.Def{Param: letters}
	return defs
}

// letterUses reports how s uses the letter c standing alone: as a
// quantity (no bracket after it), as a function (see MarkProducts), or
// before a bracket with an expression in it.
func letterUses(s string, c byte) (quantity, fn, applied bool) {
	for i := strings.IndexByte(s, c); i >= 0; {
		if (i == 0 || !mathtext.IsASCIILetter(s[i-1]) && s[i-1] != '\\') && (i+1 == len(s) || !mathtext.IsASCIILetter(s[i+1])) {
			rest := s[i+1:]
			switch {
			case strings.HasPrefix(rest, "("):
				k := strings.IndexByte(rest[:min(len(rest), 42)], ')')
				in := ""
				if k > 0 {
					in = strings.TrimSpace(rest[1:k])
				}
				if k < 0 || k > 40 || len(in) == 1 && mathtext.IsASCIILetter(in[0]) || strings.ContainsAny(in, ",(") || closedNumber(in) {
					fn = true
				} else {
					applied = true
				}
			case strings.HasPrefix(rest, "^{-1}") || strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, "_") || strings.HasPrefix(rest, `\left`):
				fn = true
			default:
				quantity = true
			}
		}
		j := strings.IndexByte(s[i+1:], c)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return quantity, fn, applied
}

// closedNumber reports a bracket's content that is one number (2, -1, 0.5, 3/4).
func closedNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && strings.Trim(s, "0123456789./ ") == ""
}

// anyApplied is a cheap first test: a letter of FuncNames standing alone
// before "(" somewhere in texts.
func anyApplied(texts []string) bool {
	for _, s := range texts {
		if symexpr.AnyHead(s, func(i int) bool { return i == 1 || !mathtext.IsASCIILetter(s[i-2]) && s[i-2] != '\\' }) {
			return true
		}
	}
	return false
}
