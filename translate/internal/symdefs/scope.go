package symdefs

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Definitions a step makes ("So f(x) = 8 - 4x", "The terms are a_n = 2n +
// 1") enter the chain's context only when the step asserts them: not in a
// case, a supposition, a trial or a candidate the step opened before the
// definition, nor in a chain that split into cases in an earlier step. A
// binding made in such a scope would outlive it: later steps may work in
// another case. The definition's own sentence is checked by its reader
// (symbolic.recordDef, chainSeqs); these are the words before it.

// scopeWords open a scope in a step: what follows them is a case, a
// supposition, a trial or a candidate, not the chain's own fact.
var scopeWords = newWords([]string{"case", "cases", "subcase", "suppose", "supposing", "assume", "assuming", "assumption",
	"if", "try", "trying", "guess", "guessing", "candidate", "hypothetically", "hypothesis", "conjecture", "seems", "seem",
	"appears", "perhaps", "maybe", "might", "could", "would", "test", "testing", "check", "checking", "example",
	"instance", "whether", "either", "otherwise", "alternatively", "plugging", "substituting",
	"when", "whenever", "induction", "inductive"})

// maxScopeScan bounds the bytes read before a definition.
const maxScopeScan = 4 << 10

// ScopedAt is the word before off in the step text that opens a scope
// around a definition at off, "" when none: the definition is the step's
// own assertion only then. Linear in the bytes before off (at most
// maxScopeScan of them).
func ScopedAt(text string, off int) string {
	off = min(max(off, 0), len(text))
	return firstWord(strings.ToLower(text[max(0, off-maxScopeScan):off]), scopeWords)
}

// caseHeads open a step that is one case or one trial of several.
var caseHeads = []string{"case", "subcase", "suppose", "assume", "if ", "try", "trying", "alternatively", "otherwise"}

// OpensCase reports a step that starts with a case, a supposition or a
// trial ("Case 2: …", "**Suppose** …", "If n is odd, …"): the chain works in
// cases from there on, and what a later step defines may hold in one of
// them only.
func OpensCase(text string) bool {
	s := strings.TrimLeft(text[:min(len(text), 64)], " \t\n*#-_>0123456789.)(")
	low := strings.ToLower(s)
	for _, h := range caseHeads {
		if strings.HasPrefix(low, h) {
			return true
		}
	}
	return false
}

// firstWord is the first word of the lower-cased s in m, "" when none.
func firstWord(s string, m words) string {
	for i := 0; i < len(s); {
		for i < len(s) && !isWordByte(s[i]) {
			i++
		}
		j := i
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		if j > i && m[s[i:j]] {
			return s[i:j]
		}
		i = j
	}
	return ""
}

// maxSameBody bounds the bytes of a body SameBody reads.
const maxSameBody = 200

// SameExpr reports that a and b are one rational function: written alike,
// or equal once both are expanded exactly ("x^2 - 4x + 3" and "(x - 1)(x -
// 3)"). A restatement of a function the chain defined is then no second
// definition.
func SameExpr(a, b *symexpr.Expr) bool {
	if a == nil || b == nil {
		return false
	}
	pa, pb := symexpr.Plain(a), symexpr.Plain(b)
	if pa == pb {
		return true
	}
	if len(pa) > maxSameBody || len(pb) > maxSameBody {
		return false
	}
	ra, err := symexpr.ToRat(a)
	if err != nil {
		return false
	}
	rb, err := symexpr.ToRat(b)
	return err == nil && ra.Equal(rb)
}

// SameBody reports that two bodies as a chain writes them after "f(p1) ="
// and "f(p2) =" read as one function (SameExpr, p2 renamed p1).
func SameBody(p1, b1, p2, b2 string) bool {
	if len(b1) > maxSameBody || len(b2) > maxSameBody {
		return false
	}
	e1, err := symexpr.Read(strings.TrimRight(strings.TrimSpace(b1), ". "))
	if err != nil {
		return false
	}
	e2, err := symexpr.Read(strings.TrimRight(strings.TrimSpace(b2), ". "))
	if err != nil {
		return false
	}
	return SameExpr(e1, symexpr.Substitute(e2, p2, &symexpr.Expr{Op: 'v', Name: p1}))
}

// unfixedWords in a definition's sentence say the text does not fix it:
// it rejects it ("We cannot have g(x) = 2x", "… is impossible", "… does
// not satisfy the equation", "… leads to a contradiction"), tests it or
// offers it as one solution of several ("g(x) = 2x + 1 works", "A
// solution is …"), or sets it as a goal ("We want g(x) = …").
var unfixedWords = newWords([]string{"not", "cannot", "can't", "no", "never", "nor", "neither", "fails", "fail", "failed",
	"impossible", "contradiction", "contradicts", "contradictory", "doesn't", "isn't", "aren't", "won't", "false", "wrong",
	"incorrect", "invalid", "violates", "violate", "absurd", "need", "needs", "want", "wants", "satisfies", "satisfy",
	"works", "work", "solution", "solutions", "candidate", "candidates", "unless", "instead", "rather", "whether", "possible",
	"possibly", "either", "or"})

// Unfixed is the word of the sentence (of a definition) that says the
// text does not fix the definition, "" when none; a question fixes
// nothing either ("Is g(x) = 2x + 1? No.").
func Unfixed(sentence string) string {
	if strings.Contains(sentence, "?") {
		return "?"
	}
	return firstWord(strings.ToLower(sentence), unfixedWords)
}

// ChainProblem is what the readers of a chain's own definitions read of
// the problem: whether it asks for functions or states a functional
// equation ("Find all functions f such that …": what a step gives for f is
// a candidate solution, never the chain's definition), whether it speaks
// of digits, remainders or periods (seqVeto), and the lower-case letters
// it names outside subscripts (an index the problem names is no dummy).
type ChainProblem struct {
	AsksFunctions, SeqVeto bool
	named                  uint32
	conds                  []problemCond // the problem's conditions on one name (problemeq.go)
}

// asksFunctionWords ask for functions or polynomials, or state a
// functional equation ("The functions f and g satisfy f(x) + g(x) = 3x + 5"
// is a system: what a step solves for f is f; "All functions are in
// radians" asks nothing).
var asksFunctionWords = []string{"find all functions", "determine all functions", "all functions f", "all functions $",
	`all functions \(`, "all the functions", "functional", "such functions", "such a function", "such function",
	"exists a function", "exist functions", "is a function", "every function", "any function", "no function",
	"all polynomials", "such polynomials", "such a polynomial", "all such", "possible functions", "possible polynomials"}

// ReadChainProblem reads a ChainProblem from the problem. Linear in it.
func ReadChainProblem(problem string) ChainProblem { return ReadChainProblemIn(problem, nil) }

// ReadChainProblemIn is ReadChainProblem with regions, which returns the
// math regions of the problem lexed with ProblemDigits: asked only when the
// problem is read whole (nil: the problem is lexed here when needed).
func ReadChainProblemIn(problem string, regions func() []mathtext.Region) ChainProblem {
	s := problem[:min(len(problem), maxProblemDefBytes)]
	if len(s) < len(problem) {
		regions = nil
	}
	low := strings.ToLower(s)
	cp := ChainProblem{SeqVeto: seqVeto(s), conds: readProblemCondsIn(s, regions)}
	// (each of asksFunctionWords holds "function" or "polynomial", or is "all such")
	if strings.Contains(low, "function") || strings.Contains(low, "polynomial") || strings.Contains(low, "all such") {
		for _, w := range asksFunctionWords {
			cp.AsksFunctions = cp.AsksFunctions || strings.Contains(low, w)
		}
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; indexLetter[c] && standaloneAt(s, i) {
			cp.named |= 1 << (c - 'a')
		}
	}
	return cp
}

// indexLetters are the letters a closed form's index may be: the problem
// naming one of them is part of a context cache's key, so two wordings of
// a problem ("a coat", "the bag") share it unless they differ there.
const indexLetters = "ijklmnpqrst"

// indexLetter marks the bytes of indexLetters: a look-up per byte of the problem, not a search.
var indexLetter = func() (m [256]bool) {
	for i := range len(indexLetters) {
		m[indexLetters[i]] = true
	}
	return m
}()

// Named reports the lower-case letter c as a name of the problem, or as
// no letter an index may be.
func (cp ChainProblem) Named(c byte) bool {
	return strings.IndexByte(indexLetters, c) < 0 || cp.named&(1<<(c-'a')) != 0
}

// Key is what the chain's readers depend on in the problem, for a cache
// of contexts.
func (cp ChainProblem) Key() string {
	k := fmt.Sprintf("|%t%t%x", cp.AsksFunctions, cp.SeqVeto, cp.named)
	for _, c := range cp.conds {
		k += "|" + c.name + ":" + c.raw
		if c.l != nil {
			k += symexpr.Plain(c.l) + "=" + symexpr.Plain(c.r)
		}
	}
	return k
}

// DropStepFunctions ends the functions (not the sequences) the step
// defined in defs, for a problem that AsksFunctions.
func DropStepFunctions(defs map[string]*symexpr.Def, step int) {
	for k, d := range defs {
		if d != nil && !d.Seq && d.Step == step {
			defs[k] = nil
		}
	}
}

// domainWords in a definition's sentence restrict the body to some
// arguments ("g(x) = 2x + 1 on [0, 1]", "… whenever x is positive"): a
// value elsewhere is not the body's.
var domainWords = newWords([]string{"on", "whenever", "near", "interval", "intervals", "domain", "positive", "negative",
	"nonnegative", "nonpositive", "non", "only", "valid", "within", "between", "except", "around", "piecewise", "cases",
	"restricted", "restrict", "region", "segment", "branch", "range", "integer", "integers", "odd", "even"})

// domainCommands are the relations after a backslash that restrict a body
// to some arguments ("g(x) = 2x + 1, x \ge 0").
var domainCommands = newWords([]string{"le", "ge", "leq", "geq", "lt", "gt", "neq", "ne", "in", "notin", "leqslant",
	"geqslant", "subset", "subseteq", "cases"})

// Domain is the sign or word of the (lower-cased) sentence of a definition
// that restricts its body to some arguments, "" when none: the sentence
// then fixes the function on part of its arguments only.
func Domain(sentence string) string {
	for _, r := range []string{"<", ">", "≤", "≥", "≠", "∈"} {
		if strings.Contains(sentence, r) {
			return r
		}
	}
	for i := strings.IndexByte(sentence, '\\'); i >= 0; {
		j := i + 1
		for j < len(sentence) && (sentence[j] >= 'a' && sentence[j] <= 'z' || sentence[j] >= 'A' && sentence[j] <= 'Z') {
			j++
		}
		if domainCommands[strings.ToLower(sentence[i+1:j])] {
			return sentence[i:j]
		}
		k := strings.IndexByte(sentence[j:], '\\')
		if k < 0 {
			break
		}
		i = j + k
	}
	return firstWord(strings.ToLower(sentence), domainWords)
}

// AppliesDef is a cheap test for a defined function applied in s: "f("
// for an f with a body in defs.
func AppliesDef(s string, defs map[string]*symexpr.Def) bool {
	for name, d := range defs {
		if d != nil && d.Param != "" && (len(name) == 1 || name == symexpr.ProductsKey) && strings.Contains(s, name+"(") {
			return true
		}
		if name == symexpr.ProductsKey && d != nil && strings.ContainsAny(s, d.Param) && strings.Contains(s, "(") {
			return true
		}
	}
	return false
}
