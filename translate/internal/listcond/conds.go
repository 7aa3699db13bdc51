package listcond

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/obligation"
)

var (
	// leadRE leads a list of values of a name in mathtext.LowerPlain's
	// text: group 1 or 2 is the name.
	leadRE = regexp.MustCompile(`\b(?:possible\s+)?values?\s+(?:for|of)\s+([a-z])\s+(?:are|is)\s+|\b([a-z])\s+can\s+be\s+`)
	// condRE is a condition on one name, in the text as written: the
	// name, ≡ or ≠, a whole number, and for ≡ its modulus.
	condRE = regexp.MustCompile(`([A-Za-z])\s*(\\equiv\b|≡|\\neq?\b|≠)\s*(-?\d{1,9})\s*(?:\\pmod\s*\{\s*(\d{1,9})\s*\}|\\pmod\s*(\d{1,9})|\(\s*\\?(?:b?mod)\s*\{?\s*(\d{1,9})\s*\}?\s*\))?`)
)

// readConds reads the second form: values listed for a name in a
// sentence that ends its line, after conditions on the name stated in
// that sentence or in the sentence before it on the same line when that
// one states conditions alone ("- \(A \equiv 2 \pmod{3}\) and \(A \neq
// 8\)."). A value that is the one excluded, or outside the residue
// class, is refuted.
func readConds(step int, text, low, tactic string, leads [][]int, out []obligation.Obligation) []obligation.Obligation {
	for _, m := range leads {
		if len(out) >= maxOut {
			break
		}
		g := 2
		if m[2] < 0 {
			g = 4
		}
		name := text[m[g]:m[g+1]]
		s, e := SentenceStart(low, m[0]), SentenceEnd(low, m[1])
		if !endsLine(low, e) || !hasCondMark(text[lineStart(text, s):m[0]]) || vetoRE.MatchString(low[s:e]) {
			continue
		}
		cs := s
		if s >= 2 && low[s-1] == ' ' {
			if ps := SentenceStart(low, s-2); conditionsAlone(text, ps, s) {
				cs = ps
			}
		}
		cs2 := conds(text, cs, m[0], name)
		if len(cs2) == 0 {
			continue
		}
		vals, ok := values(text, low, m[1], e, name)
		if !ok {
			continue
		}
		for _, v := range vals {
			for _, c := range cs2 {
				if len(out) >= maxOut {
					return out
				}
				if o, bad := c.refute(step, text, v, name, tactic); bad {
					out = append(out, o)
				}
			}
		}
	}
	return out
}

// hasCondMark reports ≡ or ≠ written in s.
func hasCondMark(s string) bool {
	return strings.Contains(s, `\equiv`) || strings.Contains(s, `\ne`) || strings.Contains(s, "≡") || strings.Contains(s, "≠")
}

// lineStart is where the line holding i starts.
func lineStart(text string, i int) int {
	return strings.LastIndexByte(text[:i], '\n') + 1
}

// leadsOf are the leads of lists of values in low.
func leadsOf(low string) [][]int {
	return append(near(leadRE, low, "value", len("possible ")), near(leadRE, low, "can be", 4)...)
}

// endsLine reports nothing but blanks between e and the line's end.
func endsLine(low string, e int) bool {
	for ; e < len(low); e++ {
		switch low[e] {
		case '\n':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
}

// conditionsAlone reports a sentence text[s:e] whose words outside math
// are only "and" (a bullet's mark and punctuation aside) and that holds
// some math.
func conditionsAlone(text string, s, e int) bool {
	math := false
	for i := s; i < e; {
		if in, after, ok := mathAt(text, i, e); ok && after <= e {
			math = math || strings.TrimSpace(in) != ""
			i = after
			continue
		}
		j := i
		for j < e && !strings.HasPrefix(text[j:e], `\(`) && !(text[j] == '$') {
			j++
		}
		for _, w := range strings.Fields(text[i:j]) {
			if w = strings.Trim(w, ".,;:-*"); w != "" && w != "and" {
				return false
			}
		}
		if j == i {
			return false // a lone $ or \( with no end
		}
		i = j
	}
	return math
}

// condition is "name ≠ c" or "name ≡ c (mod m)" stated at text[s:e].
type condition struct {
	s   int
	c   *big.Int
	mod *big.Int // nil for ≠
}

// conds reads the conditions on name in text[s:e] whose left side is the
// name alone and whose right side is the number alone.
func conds(text string, s, e int, name string) []condition {
	var out []condition
	for _, m := range condRE.FindAllStringSubmatchIndex(text[s:e], 2*maxOut) {
		if text[s+m[2]:s+m[3]] != name || !leftAlone(text, s, s+m[2]) || !rightAlone(text[s+m[1]:e]) {
			continue
		}
		c, _ := new(big.Int).SetString(text[s+m[6]:s+m[7]], 10)
		op := text[s+m[4] : s+m[5]]
		cond := condition{s: s + m[2], c: c}
		if op == `\equiv` || op == "≡" {
			for g := 8; g <= 12; g += 2 {
				if m[g] >= 0 {
					cond.mod, _ = new(big.Int).SetString(text[s+m[g]:s+m[g+1]], 10)
				}
			}
			if cond.mod == nil || cond.mod.Sign() <= 0 {
				continue
			}
		} else if m[8] >= 0 || m[10] >= 0 || m[12] >= 0 {
			continue
		}
		out = append(out, cond)
	}
	return out
}

// leftAlone reports the name at text[i] standing first in its relation:
// after the start, an opening mark, a comma, a colon, or a bullet.
func leftAlone(text string, s, i int) bool {
	j := i
	for j > s && (text[j-1] == ' ' || text[j-1] == '\t') {
		j--
	}
	return j == s || strings.IndexByte("($[,:;\n", text[j-1]) >= 0
}

// rightAlone reports a relation's right side that ends with the number:
// the math closes, or a clause mark follows.
func rightAlone(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return rest == "" || strings.HasPrefix(rest, `\)`) || strings.HasPrefix(rest, "$") || strings.IndexByte(",.;", rest[0]) >= 0
}

// refute is the refutation of v listed against the condition, and
// whether v fails it.
func (c condition) refute(step int, text string, v value, name, tactic string) (obligation.Obligation, bool) {
	if c.mod == nil {
		if v.n.Cmp(c.c) != 0 {
			return obligation.Obligation{}, false
		}
		o := newObl(step, text, c.s, v.e, obligation.KindInequality)
		o.Expr = fmt.Sprintf("%s ≠ %s at %s = %s", name, c.c, name, v.n)
		o.Prop = intTerm(v.n) + " ≠ " + intTerm(c.c)
		o.OnProof, o.OnDisproof = obligation.Verified, obligation.Refuted
		o.WhyProof = fmt.Sprintf("%s differs from the excluded %s", v.n, c.c)
		o.WhyDisproof = fmt.Sprintf("%s is listed for %s, which the same line states is not %s", v.n, name, c.c)
		o.Note = "a value listed for " + name + " against the condition stated with it"
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
		return o, true
	}
	d := new(big.Int).Sub(v.n, c.c)
	q, rem := new(big.Int).DivMod(d, c.mod, new(big.Int))
	if rem.Sign() == 0 {
		return obligation.Obligation{}, false
	}
	o := newObl(step, text, c.s, v.e, obligation.KindClosedValue)
	o.Expr = fmt.Sprintf("%s ≡ %s (mod %s) at %s = %s", name, c.c, c.mod, name, v.n)
	o.Prop = fmt.Sprintf("%s - %s = %s * %s + %s ∧ (0 : Rat) < %s ∧ %s < %s", intTerm(v.n), intTerm(c.c), intTerm(c.mod), intTerm(q), intTerm(rem), intTerm(rem), intTerm(rem), intTerm(c.mod))
	o.OnProof, o.OnDisproof = obligation.Refuted, obligation.Unknown
	o.WhyProof = fmt.Sprintf("%s is listed for %s, but %s − %s leaves %s on division by %s", v.n, name, v.n, c.c, rem, c.mod)
	o.Note = "a value listed for " + name + " against the congruence stated with it; P is a certificate that the difference is not a multiple of the modulus"
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	return o, true
}
