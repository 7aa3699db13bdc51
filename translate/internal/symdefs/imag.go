package symdefs

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// imagDeclRE finds a declaration of the imaginary unit: "i = \sqrt{-1}",
// "i^2 = -1", "the imaginary unit".
var imagDeclRE = regexp.MustCompile(`(?:^|[^A-Za-z\\_])i\s*=\s*\\sqrt\s*\{\s*-\s*1\s*\}|(?:^|[^A-Za-z\\_])i\s*\^\s*\{?\s*2\s*\}?\s*=\s*-\s*1(?:[^0-9.]|$)|(?i:imaginary unit)`)

// imagIndexRE finds i used as an index or a counter: "\sum_{i=1}",
// "a_i", "i = 1", "for i", "for each i".
var imagIndexRE = regexp.MustCompile(`_\{?\s*i\b|(?:^|[^A-Za-z\\_])i\s*=\s*[0-9]|\bfor (?:each |every |all )?\$?i\b`)

// declares reports a declaration of the imaginary unit in s (imagDeclRE), after a plain search
// for what each form holds ("maginary"; "-1" with "i^", "i ^" or "sqrt"): most steps hold none,
// and the pattern has no literal prefix to skip them by.
func declares(s string) bool {
	if !strings.Contains(s, "maginary") && (!strings.Contains(s, "-1") ||
		!strings.Contains(s, "i^") && !strings.Contains(s, "i ^") && !strings.Contains(s, "sqrt")) {
		return false
	}
	return imagDeclRE.MatchString(s)
}

// MarkImaginary adds symexpr.ImagKey to defs (a copy) when the problem
// (or a step) declares i the imaginary unit and neither it nor a step uses i as an
// index or a counter: the symbolic reader then reads the letter i as √-1.
// Linear in the bytes of problem and steps.
func MarkImaginary(defs map[string]*symexpr.Def, problem string, steps []string) map[string]*symexpr.Def {
	problem = problem[:min(len(problem), maxProblemDefBytes)]
	if defs["i"] != nil || !declares(problem) && !slices.ContainsFunc(steps, declares) || imagIndexRE.MatchString(problem) {
		return defs
	}
	for _, s := range steps {
		if imagIndexRE.MatchString(s) {
			return defs
		}
	}
	out := maps.Clone(defs)
	if out == nil {
		out = map[string]*symexpr.Def{}
	}
	out[symexpr.ImagKey] = &symexpr.Def{Body: symexpr.ImagUnit(), Step: -1}
	return out
}
