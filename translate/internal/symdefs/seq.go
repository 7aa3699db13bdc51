package symdefs

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Sequences the problem defines: a closed form "a_n = 2n + 1" (its terms
// are read as a function's values: a_5 is 11), or a recurrence with its
// initial values ("a_1 = 3, a_2 = 5 and a_{n+2} = a_{n+1} + 2a_n"), whose
// terms are computed exactly up to maxSeqIndex. A sequence given two
// rules (by cases, "if n is odd …"), an initial value given twice, or a
// rule the reader cannot read defines nothing.

// Bounds of the sequences read: the last index computed, the bits of a
// term, the sequences kept.
const (
	maxSeqIndex = 60
	maxSeqBits  = 256
	maxSeqs     = 4
)

// seqHeadRE is "a_n =", "a_{n+1} =", "a_{3} =" or "F_1 =".
var seqHeadRE = regexp.MustCompile(`(?:^|[^A-Za-z\\])([A-Za-z])_(?:\{\s*([a-z0-9]+(?:\s*[+-]\s*[0-9])?)\s*\}|([a-z0-9]))\s*=`)

// seqRule is a rule read for one sequence.
type seqRule struct {
	param string // the index name
	shift int    // the head is a_{param+shift}
	body  *symexpr.Expr
	from  int  // the rule holds for param ≥ from (minInt when not said)
	bad   bool // two rules, or one that cannot be read
	head  int  // where the rule's head is, for seqStep.namedIndex
	inits map[int]*big.Rat
}

const minInt = -1 << 31

// problemSeqs adds to defs the sequences of s (the problem, cut to its
// bound) and returns their part of the key.
func problemSeqs(s string, defs map[string]*symexpr.Def) (map[string]*symexpr.Def, string) {
	if !strings.Contains(s, "_") || seqVeto(s) {
		return defs, ""
	}
	return readSeqs(s, defs, nil)
}

// readSeqs reads the sequences of s into defs; st is nil for the problem,
// and says which step of a chain s is otherwise (chainseq.go).
func readSeqs(s string, defs map[string]*symexpr.Def, st *seqStep) (map[string]*symexpr.Def, string) {
	rules := map[string]*seqRule{}
	var order []string
	get := func(name string) *seqRule {
		r, ok := rules[name]
		if !ok {
			r = &seqRule{inits: map[int]*big.Rat{}, from: minInt}
			rules[name] = r
			order = append(order, name)
		}
		return r
	}
	ms := seqHeadRE.FindAllStringSubmatchIndex(s, -1)
	for _, m := range ms {
		name := s[m[2]:m[3]]
		sub := ""
		if m[4] >= 0 {
			sub = strings.ReplaceAll(s[m[4]:m[5]], " ", "")
		} else {
			sub = s[m[6]:m[7]]
		}
		if len(rules) == maxSeqs && rules[name] == nil {
			break
		}
		r := get(name)
		if st != nil && st.scoped(s, m[2]) {
			r.bad = true
			continue
		}
		if n, err := strconv.Atoi(sub); err == nil {
			// an initial value, perhaps shared: "F_1 = F_2 = 1"
			v, more := seqInitValue(s, m[1], name)
			if v == nil || n > maxSeqIndex || n < 0 {
				r.bad = true
				continue
			}
			for _, n := range append(more, n) {
				if old, ok := r.inits[n]; ok && old.Cmp(v) != 0 {
					r.bad = true
				}
				r.inits[n] = v
			}
			continue
		}
		param, shift, ok := seqSub(sub)
		if !ok || !headStarts(s, m[2]) {
			r.bad = true
			continue
		}
		body, from, ok := seqRuleBody(s, m[1], name, param)
		if !ok || r.body != nil && (r.param != param || r.shift != shift || symexpr.Plain(r.body) != symexpr.Plain(body)) {
			r.bad = true
			continue
		}
		r.param, r.shift, r.body, r.from = param, shift, body, from
		r.head = m[2]
	}
	var b strings.Builder
	for _, name := range order {
		r := rules[name]
		if r.bad || r.body == nil {
			continue
		}
		closed := slices.Equal(symexpr.Vars(r.body, map[string]bool{}, nil), []string{r.param}) && r.shift == 0 && (len(r.inits) == 0 || st != nil && r.termsAgree())
		if st != nil && !st.keep(s, name, r, closed, defs) {
			continue
		}
		if defs == nil {
			defs = map[string]*symexpr.Def{}
		}
		if closed {
			defs[name+"_"] = &symexpr.Def{Param: r.param, Body: r.body, Step: st.index(), Seq: true}
			b.WriteString(name + "_" + r.param + "=" + symexpr.Plain(r.body) + ";")
			continue
		}
		terms := r.run(name)
		for _, n := range slices.Sorted(mapKeys(terms)) {
			v := terms[n]
			d := &symexpr.Def{Body: &symexpr.Expr{Op: 'n', Num: v}, Step: st.index(), Seq: true}
			defs[fmt.Sprintf("%s_{%d}", name, n)] = d
			if n < 10 {
				defs[fmt.Sprintf("%s_%d", name, n)] = d
			}
			b.WriteString(fmt.Sprintf("%s_%d=%s;", name, n, v.RatString()))
		}
	}
	return defs, b.String()
}

func mapKeys(m map[int]*big.Rat) func(func(int) bool) {
	return func(yield func(int) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// seqVeto reports words after which a term's value may be meant modulo
// something or as its last digits.
func seqVeto(s string) bool {
	low := strings.ToLower(s)
	for _, w := range []string{"digit", "mod", "remainder", "≡", `\equiv`, "divisible", "divides", "periodic", "period"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// seqSub reads a rule's subscript: the index name and its shift (n, n+1, n-2).
func seqSub(sub string) (param string, shift int, ok bool) {
	if sub == "" || sub[0] < 'a' || sub[0] > 'z' {
		return "", 0, false
	}
	param = sub[:1]
	if len(sub) == 1 {
		return param, 0, true
	}
	if len(sub) != 3 || sub[1] != '+' && sub[1] != '-' || sub[2] < '0' || sub[2] > '9' {
		return "", 0, false
	}
	shift = int(sub[2] - '0')
	if sub[1] == '-' {
		shift = -shift
	}
	return param, shift, true
}

// seqInitValue reads the closed value after an initial term's "=", and
// the indices of more terms of the same sequence set equal in between
// ("F_1 = F_2 = 1").
func seqInitValue(s string, i int, name string) (*big.Rat, []int) {
	var more []int
	for len(more) <= 8 {
		j := i
		for j < len(s) && s[j] == ' ' {
			j++
		}
		m := seqInitRE.FindStringSubmatch(s[j:min(len(s), j+16)])
		if m == nil || m[1] != name {
			break
		}
		n, err := strconv.Atoi(m[2] + m[3])
		if err != nil || n > maxSeqIndex {
			return nil, nil
		}
		more = append(more, n)
		i = j + len(m[0])
	}
	if len(more) > 8 {
		return nil, nil // a long chain of equal terms: each is read once, as unreadable
	}
	end := formulaEnd(s, i)
	raw := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s[i:end]), "."))
	if raw == "" || end < len(s) && strings.IndexByte("=<>", s[end]) >= 0 {
		return nil, nil
	}
	e, err := symexpr.Read(raw)
	if err != nil || symexpr.HasVar(e) {
		return nil, nil
	}
	v, err := symexpr.Eval(e, nil)
	if err != nil {
		return nil, nil
	}
	return v, more
}

// seqInitRE is a term at a number followed by "=", at the start of a text.
var seqInitRE = regexp.MustCompile(`^([A-Za-z])_(?:\{\s*([0-9]+)\s*\}|([0-9]))\s*=`)

// fromRE is the range of a rule's index after it: "for n ≥ 3", "n > 1".
var fromRE = regexp.MustCompile(`^[^.;]{0,40}?\b([a-z])\s*(\\geq?|\\geqslant|≥|>|\\gt)\s*(-?[0-9]{1,3})\b`)

// seqRuleBody reads a rule's body after its head's "=", with the range of
// the index the text gives after it.
func seqRuleBody(s string, i int, name, param string) (*symexpr.Expr, int, bool) {
	end := formulaEnd(s, i)
	if end < len(s) && strings.IndexByte("=<>", s[end]) >= 0 {
		return nil, 0, false
	}
	raw := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s[i:end]), "."))
	if raw == "" || !givenBefore(s, i) {
		return nil, 0, false
	}
	e, err := symexpr.Read(raw)
	if err != nil {
		return nil, 0, false
	}
	for _, v := range symexpr.Vars(e, map[string]bool{}, nil) {
		if v == param {
			continue
		}
		if !strings.HasPrefix(v, name+"_") {
			return nil, 0, false
		}
		if _, _, ok := seqSub(strings.Trim(v[len(name)+1:], "{}")); !ok {
			return nil, 0, false
		}
	}
	from := minInt
	tail := seqTailMarkup.Replace(s[end:min(len(s), end+80)])
	if m := fromRE.FindStringSubmatch(tail); m != nil {
		if m[1] != param {
			return nil, 0, false // a range of another name: unclear
		}
		n, _ := strconv.Atoi(m[3])
		from = n
		if m[2] == ">" || m[2] == `\gt` {
			from = n + 1
		}
	} else if piecewiseAfter(s[end:]) {
		return nil, 0, false
	}
	return e, from, true
}

// formulaEnd is where the formula starting at i ends (as problemDefBody cuts a body).
func formulaEnd(s string, i int) int {
	end := i
	for end < len(s) && end-i <= maxProblemDefBody {
		c := s[end]
		if c == '$' || c == '\n' || c == ',' || c == ';' || c == '=' || c == '<' || c == '>' ||
			c == '.' && (end+1 == len(s) || s[end+1] == ' ' || s[end+1] == '$' || s[end+1] == '\n' || s[end+1] == '\\') ||
			c == '\\' && end+1 < len(s) && strings.IndexByte(`]),\`, s[end+1]) >= 0 ||
			strings.HasPrefix(s[end:], `\quad`) || strings.HasPrefix(s[end:], `\text`) || strings.HasPrefix(s[end:], `\mbox`) {
			break
		}
		end++
	}
	return end
}

// run computes the terms of a recurrence from its initial values, in
// order, while every term the rule needs is known and the index is in
// the rule's range; the initial values are terms too.
func (r *seqRule) run(name string) map[int]*big.Rat {
	terms := map[int]*big.Rat{}
	if len(r.inits) == 0 {
		return terms
	}
	last := minInt
	for n, v := range r.inits {
		terms[n] = v
		last = max(last, n)
	}
	for t := last + 1; t <= maxSeqIndex; t++ {
		n := t - r.shift
		if n < r.from {
			break
		}
		at := map[string]*big.Rat{r.param: big.NewRat(int64(n), 1)}
		ok := true
		for _, v := range symexpr.Vars(r.body, map[string]bool{}, nil) {
			if v == r.param {
				continue
			}
			_, j, _ := seqSub(strings.Trim(v[len(name)+1:], "{}"))
			x, known := terms[n+j]
			if !known || n+j >= t {
				ok = false
				break
			}
			at[v] = x
		}
		if !ok {
			break
		}
		x, err := symexpr.Eval(r.body, at)
		if err != nil || x.Num().BitLen() > maxSeqBits || x.Denom().BitLen() > maxSeqBits {
			break
		}
		terms[t] = x
	}
	return terms
}

// bareTermRE is a member that is one term at a name: a_n, a_{n+1}.
var bareTermRE = regexp.MustCompile(`^([A-Za-z])_(?:\{\s*[a-z]\s*(?:[+-]\s*[0-9]\s*)?\}|[a-z])$`)

// BareTermDefs is defs for reading the member raw: without the closed
// form of its sequence when raw is one term at a name (a_n), which stays
// a name as a lone name does (a rewriting of a_n is not told from an
// equation in n); defs otherwise.
func BareTermDefs(raw string, defs map[string]*symexpr.Def) map[string]*symexpr.Def {
	if len(raw) > 12 || strings.IndexByte(raw, '_') < 0 {
		return defs
	}
	m := bareTermRE.FindStringSubmatch(raw)
	if m == nil || defs[m[1]+"_"] == nil {
		return defs
	}
	out := make(map[string]*symexpr.Def, len(defs))
	for k, v := range defs {
		if k != m[1]+"_" {
			out[k] = v
		}
	}
	return out
}

// seqTailMarkup is the math markup read as spaces after a sequence's formula.
var seqTailMarkup = strings.NewReplacer("$", " ", `\(`, " ", `\)`, " ")
