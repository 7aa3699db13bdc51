package symbolic

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Closed integer functions: gcd, lcm, floor, ceiling and logarithms of
// closed rationals. The reader keeps them as 'F' nodes; a claim holding
// one is decided by closedCert, whose Prop is a closed certificate in the
// §1 dialect: a conjunction that pins the value of each function (gcd by
// common divisibility and a Bézout combination, lcm by gcd, floor and
// ceiling by the two bounds, log_b x = p/q by x^q = b^p) and then the claim
// with each function replaced by that value. The certificate conjuncts
// hold by construction (the exact checker computes them); only the last
// one can fail, and then the claim is false.

// closedCert decides A = B for closed sides holding gcd, lcm, floor,
// ceiling or logarithms (decimal values of irrational logarithms are not
// read: no exact value, no claim).
func (t *Reader) closedCert(step int, text string, A, B symMember, sentence string) *obligation.Obligation {
	ra, conj, notes, err := symexpr.CertReplace(A.e, nil, nil)
	if err != nil {
		return nil
	}
	rb, conj, notes, err := symexpr.CertReplace(B.e, conj, notes)
	if err != nil || symexpr.HasRoot(ra) || symexpr.HasRoot(rb) {
		return nil
	}
	a, err := symexpr.Eval(ra, nil)
	if err != nil {
		return nil
	}
	b, err := symexpr.Eval(rb, nil)
	if err != nil {
		return nil
	}
	rd := symexpr.Render{}
	last := rd.Term(ra) + " = " + rd.Term(rb)
	if strings.Contains(last, "!") {
		return nil
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, A.s, B.e2), Kind: obligation.KindClosedValue, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = symexpr.Plain(A.e) + " = " + symexpr.Plain(B.e)
	if v := closedClaimVeto(sentence); v != "" {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	o.Note = boundNote(o.Note, A, B)
	o.Prop = strings.Join(append(conj, last), " ∧ ")
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	o.Note = strings.TrimPrefix(o.Note+"; P is a certificate: each gcd, lcm, floor, ceiling or logarithm pinned to its exact value, then the claim with those values", "; ")
	o.WhyProof = fmt.Sprintf("%s; both sides are %s", strings.Join(notes, ", "), a.RatString())
	switch {
	case A.e.Op == 'F' && !symexpr.HasCertFn(B.e):
		o.WhyDisproof = fmt.Sprintf("%s is %s, not %s", symexpr.FnString(A.e), a.RatString(), b.RatString())
	case B.e.Op == 'F' && !symexpr.HasCertFn(A.e):
		o.WhyDisproof = fmt.Sprintf("%s is %s, not %s", symexpr.FnString(B.e), b.RatString(), a.RatString())
	default:
		o.WhyDisproof = fmt.Sprintf("%s; the left side is %s, the right side %s", strings.Join(notes, ", "), a.RatString(), b.RatString())
	}
	return o
}

// approxLog decides "log_b x = 2.64" (or ≈) for an irrational log_b x with
// b > 1, x > 0: within the rounding (or truncation) of the decimal it is
// approximate, never verified; far from it (more than ten units of the
// last digit and more than 5 %) it is refuted; in between it is left
// alone. P bounds the log by powers: lo ≤ log_b x ⇔ b^s ≤ x^t for lo = s/t.
func (t *Reader) approxLog(step int, text string, L *symexpr.Expr, s, ds, de int, sentence string) *obligation.Obligation {
	if L == nil || L.Op != 'F' || L.Name != "log" {
		return nil
	}
	m := decimalRE.FindStringSubmatch(text[ds:de])
	if m == nil || len(m[1])+len(m[2]) > 8 || len(m[2]) > 3 {
		return nil
	}
	b, err := symexpr.CertRat(L.L)
	if err != nil || b.Cmp(big.NewRat(1, 1)) <= 0 {
		return nil
	}
	x, err := symexpr.CertRat(L.R)
	if err != nil || x.Sign() <= 0 {
		return nil
	}
	if _, ok := algebra.IntLog(b, x); ok {
		return nil // an exact value written as a decimal: not a rounding
	}
	r, _ := new(big.Rat).SetString(m[1] + "." + m[2])
	unit := new(big.Rat).Inv(algebra.Pow10(len(m[2])))
	half := new(big.Rat).Quo(unit, big.NewRat(2, 1))
	within := func(lo, hi *big.Rat) (bool, error) {
		c1, err := algebra.CmpLog(b, x, lo)
		if err != nil {
			return false, err
		}
		c2, err := algebra.CmpLog(b, x, hi)
		if err != nil {
			return false, err
		}
		return c1 >= 0 && c2 <= 0, nil
	}
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, de), Kind: obligation.KindApproximation, OnProof: obligation.Approximate, OnDisproof: obligation.Unknown,
		Note: "a rounding is not an exact value, and another convention may explain a small miss"}
	o.Expr = symexpr.FnString(L) + " ≈ " + r.FloatString(len(m[2]))
	lo, hi, how := new(big.Rat).Sub(r, half), new(big.Rat).Add(r, half), "rounding"
	in, err := within(lo, hi)
	if err != nil {
		return nil
	}
	if !in {
		lo, hi, how = r, new(big.Rat).Add(r, unit), "truncation"
		if in, err = within(lo, hi); err != nil {
			return nil
		}
	}
	if !in {
		ten := new(big.Rat).Mul(unit, big.NewRat(10, 1))
		lo, hi = new(big.Rat).Sub(r, ten), new(big.Rat).Add(r, ten)
		if l2 := new(big.Rat).Mul(r, big.NewRat(95, 100)); l2.Cmp(lo) < 0 {
			lo = l2
		}
		if h2 := new(big.Rat).Mul(r, big.NewRat(105, 100)); h2.Cmp(hi) > 0 {
			hi = h2
		}
		if in, err = within(lo, hi); err != nil || in {
			return nil // off by a little: another convention may explain it
		}
		how = "far"
		o.OnDisproof, o.Note = obligation.Refuted, "the decimal is far from the value (more than ten units of its last digit and more than 5 %): no rounding explains it"
		if v := closedClaimVeto(sentence); v != "" && v != "approximately" && v != "about" && v != "roughly" {
			o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
		}
	}
	if lo.Sign() <= 0 {
		return nil
	}
	lit := func(q *big.Rat) string {
		if q.IsInt() {
			return symexpr.IntTerm(q.Num())
		}
		return "(" + symexpr.IntTerm(q.Num()) + " / (" + q.Denom().String() + " : Rat))"
	}
	pw := func(s string, n *big.Int) string {
		if n.Cmp(big.NewInt(1)) == 0 {
			return s
		}
		return s + " ^ " + n.String()
	}
	for _, be := range [][2]*big.Int{{b.Num(), lo.Num()}, {b.Denom(), lo.Num()}, {x.Num(), lo.Denom()}, {x.Denom(), hi.Denom()}, {b.Num(), hi.Num()}, {x.Num(), hi.Denom()}} {
		if be[1].Cmp(big.NewInt(9999)) > 0 || int64(be[0].BitLen()+1)*be[1].Int64() > 60000 {
			return nil // past what the dialect's powers allow
		}
	}
	bs, xs := lit(b), lit(x)
	o.Prop = pw(bs, lo.Num()) + " ≤ " + pw(xs, lo.Denom()) + " ∧ " + pw(xs, hi.Denom()) + " ≤ " + pw(bs, hi.Num())
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	bounds := mathtext.RatDecimal(lo) + " and " + mathtext.RatDecimal(hi)
	if how == "far" {
		o.WhyProof = fmt.Sprintf("%s lies between %s", symexpr.FnString(L), bounds)
		o.WhyDisproof = fmt.Sprintf("%s is not between %s, so it is not %s: b^lo ≤ x^t or x^t ≤ b^hi fails", symexpr.FnString(L), bounds, r.FloatString(len(m[2])))
		return o
	}
	o.WhyProof = fmt.Sprintf("%s lies between %s (%s); P bounds it by powers", symexpr.FnString(L), bounds, how)
	o.WhyDisproof = fmt.Sprintf("%s is not %s to %s", symexpr.FnString(L), r.FloatString(len(m[2])), how)
	return o
}

// inequalityOps are the relations certsBetweenInequalities cuts a line at.
var inequalityOps = []string{`\geq`, `\leq`, `\ge`, `\le`, `\gt`, `\lt`, "≥", "≤", "<", ">"}

// certsBetweenInequalities reads "1 < \log_5 49 = 2.64 < 3": a line the
// symbolic reader refuses for its inequalities is cut at them (a chain of
// relations states each link), and each piece holding "=" between closed
// sides with a gcd, lcm, floor, ceiling or log is decided as a claim of its
// own. A piece refused for anything else is left alone.
func (t *Reader) certsBetweenInequalities(step int, text string, s, e int) []obligation.Obligation {
	var cuts [][2]int
	depth, start := 0, s
	for i := s; i < e; i++ {
		switch text[i] {
		case '{', '(', '[':
			depth++
			continue
		case '}', ')', ']':
			depth--
			continue
		}
		if depth != 0 {
			continue
		}
		for _, op := range inequalityOps {
			if strings.HasPrefix(text[i:], op) && (op[0] != '\\' || !symexpr.IsLetterAt(text, i+len(op))) {
				cuts = append(cuts, [2]int{start, i})
				start = i + len(op)
				i = start - 1
				break
			}
		}
	}
	cuts = append(cuts, [2]int{start, e})
	if len(cuts) < 2 {
		return nil
	}
	sentence := strings.ToLower(mathtext.SentenceAround(text, s, e))
	var out []obligation.Obligation
	for _, c := range cuts {
		piece := text[c[0]:c[1]]
		if !strings.Contains(piece, "=") || lineRefused(piece) {
			continue
		}
		ms, cont := readMembers(text, c[0], c[1], nil)
		if cont {
			continue
		}
		for k := 0; k+1 < len(ms); k++ {
			A, B := ms[k], ms[k+1]
			switch {
			case A.e != nil && B.e == nil && A.e.Op == 'F':
				if o := t.approxLog(step, text, A.e, A.s, B.s, B.e2, sentence); o != nil {
					out = append(out, *o)
				}
			case A.e != nil && B.e != nil && !symexpr.HasVar(A.e) && !symexpr.HasVar(B.e) && (symexpr.HasCertFn(A.e) || symexpr.HasCertFn(B.e)):
				if o := t.closedCert(step, text, A, B, sentence); o != nil {
					out = append(out, *o)
				}
			}
		}
	}
	return out
}

// pmRoot reads a square root replaced by a whole number between two
// consecutive lines that are otherwise the same, "x = \frac{949 \pm
// \sqrt{122845}}{2}" then "x = \frac{949 \pm 351}{2}": the claim √N = M,
// decided by N = M · M. In an exact formula the writer states the root
// itself, so a whole number near an irrational root is no floor here.
func (t *Reader) pmRoot(step int, text string, as, ae, bs, be int) *obligation.Obligation {
	nospace := strings.NewReplacer(" ", "", "\n", "", "\t", "", `\left`, "", `\right`, "")
	// Displays end a sentence or a list: "…}{96}," then "…}{96}.".
	a := strings.TrimRight(nospace.Replace(text[as:ae]), ".,;")
	b := strings.TrimRight(nospace.Replace(text[bs:be]), ".,;")
	i := strings.Index(a, `\sqrt{`)
	if i < 0 || strings.Count(a, `\sqrt`) != 1 || strings.Contains(b, `\sqrt`) {
		return nil
	}
	j := mathtext.MatchBrace(a, i+len(`\sqrt`), len(a))
	if j < 0 {
		return nil
	}
	pre, suf := a[:i], a[j+1:]
	if len(b) <= len(pre)+len(suf) || !strings.HasPrefix(b, pre) || !strings.HasSuffix(b, suf) {
		return nil
	}
	mid := b[len(pre) : len(b)-len(suf)]
	if len(mid) > 12 || strings.TrimLeft(mid, "0123456789") != "" || len(mid) > 1 && mid[0] == '0' {
		return nil
	}
	rad, err := symexpr.Read(a[i+len(`\sqrt{`) : j])
	if err != nil || symexpr.HasVar(rad) {
		return nil
	}
	n, err := symexpr.CertRat(rad)
	if err != nil || n.Sign() < 0 {
		return nil
	}
	m, _ := new(big.Int).SetString(mid, 10)
	sq := new(big.Int).Mul(m, m)
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, as, be), Kind: obligation.KindClosedValue, OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = "√" + symexpr.PlainAtom(rad) + " = " + mid
	if v := closedClaimVeto(strings.ToLower(pmSentence(text, as, be))); v != "" {
		o.OnDisproof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	o.Note = strings.TrimPrefix(o.Note+"; the next line writes the root as a whole number; P: the radicand is its square", "; ")
	lit := symexpr.IntTerm(n.Num())
	if !n.IsInt() {
		lit = "(" + lit + " / (" + n.Denom().String() + " : Rat))"
	}
	o.Prop = lit + " = " + symexpr.IntTerm(m) + " * " + symexpr.IntTerm(m)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, t.Tactic)
	o.WhyProof = fmt.Sprintf("%s = %s²", n.RatString(), mid)
	o.WhyDisproof = fmt.Sprintf("%s² is %s, not %s: the root is not %s", mid, sq, n.RatString(), mid)
	return o
}

// bmodClaim reads "a \bmod m = r" with closed integers, the whole line:
// a and m single terms (in "x + y \bmod m" the reach of \bmod is unclear).
// Lines with \bmod make the chain modular, where "=" may stand for "≡":
// the claim is verified only when r is the residue itself and refuted only
// when r is not even congruent to a; a congruent r out of range is left
// alone.
func (t *Reader) bmodClaim(step int, text string, s, e int) *obligation.Obligation {
	raw := text[s:e]
	i := strings.Index(raw, `\bmod`)
	if i < 0 || strings.Count(raw, `\bmod`) != 1 || strings.Contains(raw[:i], "=") {
		return nil
	}
	rest := raw[i+len(`\bmod`):]
	if symexpr.IsLetterAt(rest, 0) || strings.Count(rest, "=") != 1 {
		return nil
	}
	eq := strings.IndexByte(rest, '=')
	x, err1 := symexpr.Read(strings.TrimSpace(raw[:i]))
	m, err2 := symexpr.Read(strings.TrimSpace(rest[:eq]))
	r, err3 := symexpr.Read(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(rest[eq+1:]), ".,;")))
	if err1 != nil || err2 != nil || err3 != nil || symexpr.HasVar(x) || symexpr.HasVar(m) || symexpr.HasVar(r) {
		return nil
	}
	for _, side := range []*symexpr.Expr{x, m} {
		if side.Op == '+' || side.Op == '-' || side.Op == '~' {
			return nil
		}
	}
	a, err := symexpr.CertInt(x)
	if err != nil {
		return nil
	}
	mod, err := symexpr.CertInt(m)
	if err != nil || mod.Sign() <= 0 {
		return nil
	}
	rv, err := symexpr.CertInt(r)
	if err != nil {
		return nil
	}
	res := new(big.Int).Mod(a, mod)
	if res.Cmp(rv) != 0 && new(big.Int).Mod(rv, mod).Cmp(res) == 0 {
		return nil // congruent: "=" may stand for "≡"
	}
	A := symMember{e: &symexpr.Expr{Op: 'F', Name: "mod", L: x, R: m}, s: s, e2: s + i}
	B := symMember{e: r, s: s + i, e2: e}
	return t.closedCert(step, text, A, B, strings.ToLower(mathtext.SentenceAround(text, s, e)))
}

// pmSentence is the sentence of the two lines s…e, cut before the next
// display: the words right after the lines bear on them, the lines after
// (other roots, "(not valid)") do not.
func pmSentence(text string, s, e int) string {
	full := mathtext.SentenceAround(text, s, e)
	k := strings.Index(full, text[s:e])
	if k < 0 {
		return full
	}
	cut := k + e - s
	rest := full[cut:]
	for _, d := range []string{`\[`, "$$", `\(`, "$"} {
		if j := strings.Index(rest, d); j >= 0 {
			rest = rest[:j]
		}
	}
	return full[:cut] + rest
}
