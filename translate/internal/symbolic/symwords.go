package symbolic

import (
	"regexp"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// The words around math that the symbolic reader weighs: cues of a derivation, a supposition, a veto.

// symCueRE are words that mark a derivation between two equations.
var symCueRE = newWordMatcher([]string{"so", "thus", "hence", "therefore", "give", "gives", "giving", "get", "gets", "obtain", "yield", "yields", "become", "becomes", "then", "implies", "adding", "add", "moving", "move"}, []string{"simplif", "rearrang", "subtract", "divid", "multiply", "expand", "combin", "factor"}, []string{"which is", "lead to", "leads to", "result in", "results in"})

// solveCueRE opens a step that solves the equation the previous step ended
// with ("Solving for x, we get: x = 50").
var solveCueRE = newWordMatcher([]string{"solving", "solve", "solved"}, nil, nil)

// rewriteCueRE marks an expression being rewritten.
var rewriteCueRE = newWordMatcher([]string{"foil"}, []string{"factor", "expand", "simplif", "rewrit", "distribut"}, []string{})

// equationWordRE marks a rewritten equation rather than an expression.
var equationWordRE = newWordMatcher([]string{"equation", "equations", "side", "sides", "both", "equal", "equals", "equality", "set", "setting", "condition", "constraint", "system"}, []string{"solv", "substitut", "plug"}, []string{})

// hypotheticalRE marks sentences whose equations are not claims: cases,
// trials, assumptions, definitions.
var hypotheticalRE = newWordMatcher([]string{"if", "suppose", "assume", "assuming", "let", "try", "trying", "test", "testing", "check", "checking", "when", "whenever", "unless", "say", "consider", "case", "guess", "example", "define", "defined", "denote", "where", "given", "vertex", "axis", "minimum", "maximum", "critical", "derivative", "midpoint", "average", "approximately", "about", "sum", "product", "ratio", "probability", "integer", "integers", "digit", "digits", "base", "modulo", "mod", "remainder", "inequality"}, []string{"plug", "minimi", "maximi"}, []string{"for some", "for all"})

// vetoRE marks a sentence that may be rejecting what it states.
var vetoRE = newWordMatcher([]string{"not", "no", "never", "cannot", "can't", "isn't", "doesn't", "don't", "wrong", "incorrect", "mistake", "error", "impossible", "invalid", "extraneous", "false", "fail", "fails", "instead", "rather", "however", "but", "should", "would", "recheck", "revisit", "wait", "?"}, []string{"contradict", "reject", "discard", "correct", "exclud"}, []string{"rule out", "rules out", "ruled out", "ruling out"})

// crossCueRE names an operation on the equation just written: the only
// cue that lets a step's first equation derive from the previous step's.
var crossCueRE = newWordMatcher([]string{"add", "adding"}, []string{"simplif", "expand", "rearrang", "subtract", "divid", "multipl",
	"combin", "collect", "moving", "bring", "distribut", "cancel"}, nil)

// bothSidesRE names an operation done to the equation just written ("simplifying the
// equation", "adding 1000 to both sides", "multiplying both sides by 4"): words such as
// "equation" and "sides" then do not announce a new equation.
var bothSidesRE = regexp.MustCompile(`^\W*(?:step \d+\W*)?(?:(?:simplif|rearrang|expand)\w* (?:the |this |our )?(?:equation|left side|right side|left-hand side|right-hand side)|(?:add|subtract|multipl|divid)\w* (?:[$\w./-]+ (?:to|from) )?(?:both|each) sides?(?: by [$\w./-]+)?)(?: to (?:eliminate|clear|get rid of|isolate|simplify) [\w ]{1,30})?\W*(?:we (?:get|have|obtain|find)\W*)?$`)

// newWordMatcher finds the first word of a text in a set (mathtext.WordMatcher).
var newWordMatcher = mathtext.NewWordMatcher
