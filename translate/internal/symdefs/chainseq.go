package symdefs

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Sequences a step defines ("So the terms are $a_n = 2n + 1$", "We have
// $b_1 = 3$ and $b_{k+1} = 2b_k - 1$"): read as the problem's are
// (readSeqs), they enter the chain's context for the steps after, under
// stricter rules, because a step also states terms it computes, cases it
// tries and conjectures it tests.
//   - The step asserts it: no word before the head in the step opens a
//     case, a supposition or a trial (ScopedAt), and the chain has not
//     split into cases (OpensCase of a step so far).
//   - A closed form's index is a dummy: the problem never names it, nor
//     does the step outside the head's sentence ("the last term is a_n =
//     3n" of a sum with n terms is one term, not a closed form).
//   - A recurrence comes with exactly the initial values it needs, at
//     consecutive indices: a step that also states later terms (perhaps a
//     wrong one) seeds nothing.
//   - A name already given a sequence keeps it when the new one agrees
//     with it, and loses both when not (the problem's sequence stands); a
//     later step that speaks of digits, remainders or periods, gives the
//     name a definition of its own, or revises what the chain computed
//     ("However, …") ends the step's sequences (StepSeqVeto).

// seqStep is the step a sequence is read from.
type seqStep struct {
	problem ChainProblem
	step    int
	cased   bool
}

// index is the Def.Step of a sequence read for st: -1 for the problem.
func (st *seqStep) index() int {
	if st == nil {
		return -1
	}
	return st.step
}

// scoped reports a head at i of the step s that the step does not assert.
func (st *seqStep) scoped(s string, i int) bool {
	if st.cased || ScopedAt(s, i) != "" {
		return true
	}
	hi := len(s)
	for j := i; j < len(s) && j-i < maxScopeScan; j++ {
		if s[j] == '\n' || (s[j] == '.' || s[j] == '!') && (j+1 == len(s) || s[j+1] == ' ' || s[j+1] == '\n') {
			hi = j + 1
			break
		}
	}
	lo := max(sentenceStart(s, i), i-maxScopeScan)
	sent := s[lo:min(hi, i+maxScopeScan)]
	// a sentence that names a part of the indices ("For odd n, a_n = …",
	// "a_n = 2n + 1 (n odd)") or puts a range before the head gives the
	// rule on that part only; a range after it is the rule's (seqRuleBody)
	return Unfixed(sent) != "" || firstWord(strings.ToLower(sent), domainWords) != "" || Domain(s[lo:i]) != ""
}

// StepSeqs adds to defs (the chain's context before the step) the
// sequences the step text, of index step in a solution to the problem
// read as problem, defines; cased is a chain that has opened cases (symbolic.State.Cased).
// Linear in the step's bytes.
func StepSeqs(problem ChainProblem, text string, step int, cased bool, defs map[string]*symexpr.Def) map[string]*symexpr.Def {
	if cased || problem.SeqVeto || !strings.Contains(text, "_") || !strings.Contains(text, "=") || !mayHaveSeqHead(text) || !seqHeadRE.MatchString(text) || seqVeto(text) {
		return defs
	}
	defs, _ = readSeqs(text[:min(len(text), maxProblemDefBytes)], defs, &seqStep{problem: problem, step: step})
	return defs
}

// StepSeqVeto ends, before the step text is read, the sequences earlier
// steps defined when the step speaks of digits, remainders or periods (a
// term may be meant modulo something) or gives one of their names a
// definition of its own ("let a_n be the partial sums").
func StepSeqVeto(text string, defs map[string]*symexpr.Def) map[string]*symexpr.Def {
	if len(defs) == 0 || !strings.Contains(text, "_") && !seqVeto(text) {
		return defs
	}
	names := map[string]bool{}
	for k, d := range defs {
		if d != nil && d.Seq && d.Step >= 0 {
			names[k[:1]] = true
		}
	}
	if len(names) == 0 {
		return defs
	}
	all := seqVeto(text)
	revised := correctionWords.MatchString(strings.ToLower(text))
	for name := range names {
		if all || redefinedSeq(name, []string{text}) || revised && strings.Contains(text, name+"_") {
			endSeq(name, defs)
		}
	}
	return defs
}

// correctionWords revise what the chain computed so far ("However, we
// must subtract the strings with ABBA: a_4 = 16 - 1 = 15"): a term stated
// then may be the correct value the chain's rule missed.
var correctionWords = newWords([]string{"however", "but", "actually", "instead", "correction", "correct", "corrected",
	"adjust", "adjusted", "adjusting", "except", "wait", "mistake", "error", "recheck", "reconsider", "overcount",
	"overcounted", "undercount", "subtract", "exclude", "excluding", "invalid", "revisit", "revise", "fix"})

// endSeq leaves the sequence name unread from here on: every key of it
// maps to nil, and so does name+"_" (a later step's reading sees it ended).
func endSeq(name string, defs map[string]*symexpr.Def) {
	for k := range defs {
		if strings.HasPrefix(k, name+"_") {
			defs[k] = nil
		}
	}
	defs[name+"_"] = nil
}

// keep reports that the rule r read for name in the step enters defs:
// it is asserted with the values it needs, and the name has no sequence
// yet. A name that has one keeps it when r agrees, and loses it when not.
func (st *seqStep) keep(s, name string, r *seqRule, closed bool, defs map[string]*symexpr.Def) bool {
	if closed && st.namedIndex(s, r.head, r.param) {
		return false
	}
	if !closed && !r.seeded(name) {
		return false
	}
	old, seen := defs[name+"_"]
	if seen && old == nil {
		return false // ended
	}
	if st.problemSeq(name, defs) {
		return false // the problem's sequence stands; a step restates it or errs
	}
	agree, any := true, seen
	if seen && (!closed || old.Param == "" || symexpr.Plain(old.Body) != symexpr.Plain(symexpr.Substitute(r.body, r.param, &symexpr.Expr{Op: 'v', Name: old.Param}))) {
		agree = false
	}
	var terms map[int]*big.Rat
	if !closed {
		terms = r.run(name)
	}
	for k, d := range defs {
		if !strings.HasPrefix(k, name+"_") || k == name+"_" {
			continue
		}
		any = true
		var n int
		if _, err := fmt.Sscanf(strings.Trim(k[len(name)+1:], "{}"), "%d", &n); err != nil || d == nil || d.Param != "" || d.Body.Op != 'n' {
			agree = false
			continue
		}
		v, ok := terms[n]
		if closed {
			x, err := symexpr.Eval(r.body, map[string]*big.Rat{r.param: big.NewRat(int64(n), 1)})
			v, ok = x, err == nil
			agree = agree && ok
		}
		if ok && v.Cmp(d.Body.Num) != 0 {
			agree = false
		}
	}
	if seen && !closed && old != nil && old.Param != "" {
		for n, v := range terms {
			x, err := symexpr.Eval(old.Body, map[string]*big.Rat{old.Param: big.NewRat(int64(n), 1)})
			if err != nil || x.Cmp(v) != 0 {
				agree = false
			}
		}
	}
	if any && !agree {
		endSeq(name, defs)
	}
	return !any
}

// seeded reports a recurrence given exactly the initial values it needs,
// at consecutive indices.
func (r *seqRule) seeded(name string) bool {
	lo := r.shift
	for _, v := range symexpr.Vars(r.body, map[string]bool{}, nil) {
		if v == r.param {
			continue
		}
		_, j, _ := seqSub(strings.Trim(v[len(name)+1:], "{}"))
		lo = min(lo, j)
	}
	need := r.shift - lo
	if need <= 0 || len(r.inits) != need {
		return false
	}
	first := 1 << 30
	for n := range r.inits {
		first = min(first, n)
	}
	for n := first; n < first+need; n++ {
		if _, ok := r.inits[n]; !ok {
			return false
		}
	}
	return true
}

// namedIndex reports that the index letter of a closed form at the head
// h of the step s is a name of the problem, or of the step outside the
// head's sentence: "a_n = 3n" is then one term at that n.
func (st *seqStep) namedIndex(s string, h int, param string) bool {
	if st.problem.Named(param[0]) {
		return true
	}
	lo := sentenceStart(s, h)
	hi := len(s)
	for j := h; j < len(s); j++ {
		if s[j] == '\n' || (s[j] == '.' || s[j] == '?' || s[j] == '!') && (j+1 == len(s) || s[j+1] == ' ' || s[j+1] == '\n') {
			hi = j
			break
		}
	}
	return standalone(s, param[0], lo, hi)
}

// standalone reports the letter c as a name in s outside [lo, hi): not
// part of a word or a command, and not a subscript.
func standalone(s string, c byte, lo, hi int) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c && (i < lo || i >= hi) && standaloneAt(s, i) {
			return true
		}
	}
	return false
}

// standaloneAt reports the letter at i of s as a name: not part of a
// word or a command, and not a subscript.
func standaloneAt(s string, i int) bool {
	switch {
	case i > 0 && (isWordByte(s[i-1]) || s[i-1] == '\\' || s[i-1] == '_'):
		return false
	case i > 1 && s[i-1] == '{' && s[i-2] == '_':
		return false
	case strings.HasPrefix(s[i+1:], "-th"):
		return false // "the n-th term" names the index, not a number
	}
	return i+1 >= len(s) || !isWordByte(s[i+1])
}

// problemSeq reports that the problem defines the sequence name.
func (st *seqStep) problemSeq(name string, defs map[string]*symexpr.Def) bool {
	for k, d := range defs {
		if d != nil && d.Step == -1 && d.Seq && strings.HasPrefix(k, name+"_") {
			return true
		}
	}
	return false
}

// termsAgree reports that every term a step states beside its closed form
// is the closed form's value ("a_n = 2n + 1, so a_1 = 3 and a_2 = 5"): the
// terms are computed from it. One that is not makes the step's reading
// unclear, and nothing is defined.
func (r *seqRule) termsAgree() bool {
	for n, v := range r.inits {
		x, err := symexpr.Eval(r.body, map[string]*big.Rat{r.param: big.NewRat(int64(n), 1)})
		if err != nil || x.Cmp(v) != 0 {
			return false
		}
	}
	return true
}
