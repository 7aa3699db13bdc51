package recfn

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits on a step: its bytes, the math regions read, the members of one
// chain, the obligations.
const (
	maxStep    = 6000
	maxMembers = 12
	maxOut     = 8
)

var (
	// sentenceVetoRE in a link's sentence: it supposes, tests, hedges or
	// denies.
	sentenceVetoRE = regexp.MustCompile(`\b(?:if|suppose\w*|assum\w*|would|could|should|might|may|maybe|perhaps|whether|not|no|never|wrong|incorrect\w*|mistake\w*|approx\w*|about|roughly|guess\w*|want|need|let|define\w*|denote\w*|instead|actually|wait)\b|n't\b|\?|≈|\\approx|\\neq|≠`)
	// redefineRE in the step or an earlier one: the name given another
	// meaning ("let f(x) = …", "define g").
	redefineRE = regexp.MustCompile(`\b(?:let|define|defining|denote|consider|new)\b`)
)

// Read returns the obligations of the step's chains of equalities between
// closed expressions in the values of the function the problem defines by
// parity: each link whose two members are computed, against their exact
// values. prior are the chain's earlier steps.
func Read(step int, problem string, prior []string, text, tactic string) []obligation.Obligation {
	if len(text) > maxStep || !strings.Contains(text, "(") || !strings.Contains(text, "=") || !strings.Contains(problem, "odd") && !strings.Contains(problem, `\begin{`) {
		return nil
	}
	d := ProblemDef(problem)
	if d == nil || !strings.Contains(text, d.Name+"(") {
		return nil
	}
	for _, s := range append(prior[:len(prior):len(prior)], text) {
		if len(s) > maxStep {
			return nil
		}
		if strings.Contains(s, d.Name+"(") && redefineRE.MatchString(strings.ToLower(s)) && mentionsRedefinition(s, d.Name) {
			return nil
		}
	}
	low := mathtext.LowerPlain(text)
	var out []obligation.Obligation
	regions := mathtext.TextRegions(text)
	for ri, r := range regions {
		if ri >= maxRegions || len(out) >= maxOut {
			break
		}
		if !strings.Contains(text[r.S:r.E], d.Name+"(") {
			continue
		}
		if sentenceVetoRE.MatchString(low[listcond.SentenceStart(low, r.S):listcond.SentenceEnd(low, r.E)]) {
			continue
		}
		out = append(out, d.links(step, text, r.S, r.E, tactic, maxOut-len(out))...)
	}
	return out
}

// mentionsRedefinition reports whether s writes the name with a letter
// for argument before "=" after "let", "define" or "consider": the step
// gives it a meaning of its own.
func mentionsRedefinition(s, name string) bool {
	for i := 0; i < len(s) && i < maxStep; {
		j := strings.Index(s[i:], name+"(")
		if j < 0 {
			return false
		}
		k := i + j + len(name) + 1
		if k < len(s) && s[k] >= 'a' && s[k] <= 'z' && (k+1 >= len(s) || s[k+1] == ')') {
			return true
		}
		i = k
	}
	return false
}

// links decides the chain text[s:e]: the members between top-level "=",
// each link whose members are both computed. A member that is not a
// closed expression ends the chain's reading (the text may mean
// something else).
func (d *Def) links(step int, text string, s, e int, tactic string, room int) []obligation.Obligation {
	src := text[s:e]
	if strings.ContainsAny(src, "<>≤≥≈&") || strings.Contains(src, `\le`) || strings.Contains(src, `\ge`) || strings.Contains(src, `\neq`) || strings.Contains(src, `\approx`) || strings.Contains(src, `\equiv`) {
		return nil
	}
	parts := strings.Split(src, "=")
	if len(parts) < 2 || len(parts) > maxMembers {
		return nil
	}
	vals := make([]*big.Rat, len(parts))
	offs := make([]int, len(parts)+1)
	off := s
	for i, p := range parts {
		offs[i] = off
		off += len(p) + 1
		v, ok := d.Closed(trimMember(p))
		if !ok {
			return nil
		}
		vals[i] = v
	}
	offs[len(parts)] = off
	// The false links first: links share members, so of two that overlap
	// only the first is kept, and a false one is the one that matters.
	var order []int
	for pass := 0; pass < 2; pass++ {
		for i := 0; i+1 < len(parts); i++ {
			if (vals[i].Cmp(vals[i+1]) != 0) == (pass == 0) {
				order = append(order, i)
			}
		}
	}
	var out []obligation.Obligation
	for _, i := range order {
		if len(out) >= room {
			break
		}
		if !strings.Contains(parts[i], d.Name+"(") && !strings.Contains(parts[i+1], d.Name+"(") {
			continue // closed arithmetic: the other readers'
		}
		ls, le := offs[i], offs[i+2]-1
		ls, le = trimSpan(text, ls, le)
		o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, ls, le), Kind: obligation.KindEquality,
			OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
		o.Expr = fmt.Sprintf("%s (%s as the problem defines it)", strings.Join(strings.Fields(text[ls:le]), " "), d.Name)
		o.Prop = listcond.RatTerm(vals[i]) + " = " + listcond.RatTerm(vals[i+1])
		o.Lean = "example : " + o.Prop + " := by " + tactic
		o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
		o.Note = "values of a function the problem defines by parity or by cases, computed from its start values and rules"
		o.WhyProof = fmt.Sprintf("both sides are %s", vals[i].RatString())
		o.WhyDisproof = fmt.Sprintf("the left side is %s and the right side is %s", vals[i].RatString(), vals[i+1].RatString())
		out = append(out, o)
	}
	return out
}

// trimMember drops a trailing full stop or comma of a chain's last member
// ("= 6." in display math).
func trimMember(p string) string {
	return strings.TrimRight(strings.TrimSpace(p), ".,; ")
}

// trimSpan narrows [s, e) to its text without surrounding blanks.
func trimSpan(text string, s, e int) (int, int) {
	for s < e && (text[s] == ' ' || text[s] == '\n' || text[s] == '\t') {
		s++
	}
	for e > s && strings.IndexByte(" \n\t.,;", text[e-1]) >= 0 {
		e--
	}
	return s, e
}
