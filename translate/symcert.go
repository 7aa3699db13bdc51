package translate

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
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

// certMaxBits bounds the integers a certificate spells out.
const certMaxBits = 2048

// certMaxLogExp bounds p and q of a certified log_b x = p/q.
const certMaxLogExp = 64

// fnWord is "gcd" or "lcm" when s starts with {gcd} or {lcm} (the group of
// \operatorname, \mathrm or \text).
func fnWord(s string) string {
	s = strings.TrimLeft(s, " ")
	for _, w := range []string{"gcd", "lcm"} {
		if strings.HasPrefix(s, "{"+w+"}") || strings.HasPrefix(s, "{ "+w+" }") {
			return w
		}
	}
	return ""
}

// maskFnWords writes \text{lcm}, \operatorname{gcd}, … as \lcm and \gcd, so
// the line readers do not take the group for prose.
func maskFnWords(s string) string {
	if !strings.Contains(s, "{gcd}") && !strings.Contains(s, "{lcm}") {
		return s
	}
	return fnWordReplacer.Replace(s)
}

var fnWordReplacer = func() *strings.Replacer {
	var pairs []string
	for _, c := range []string{`\operatorname`, `\mathrm`, `\text`, `\textrm`, `\mathop`} {
		for _, w := range []string{"gcd", "lcm"} {
			pairs = append(pairs, c+"{"+w+"}", `\`+w)
		}
	}
	return strings.NewReplacer(pairs...)
}()

// gcdLcm reads \gcd(a, b), \operatorname{lcm}(a, b), gcd(a, b), … with two
// closed arguments.
func (r *sreader) gcdLcm() *sexpr {
	var name string
	if r.s[r.i] == '\\' {
		cmd := r.command()
		r.i += len(cmd)
		name = cmd[1:]
		if name != "gcd" && name != "lcm" {
			name = fnWord(r.s[r.i:])
			r.i += strings.IndexByte(r.s[r.i:], '}') + 1
		}
	} else {
		name = r.s[r.i : r.i+3]
		r.i += 3
	}
	r.skip()
	if r.i >= len(r.s) || r.s[r.i] != '(' {
		r.fail("%s without its arguments in brackets", name)
	}
	r.i++
	outer := r.inArgs
	r.inArgs = true
	a := r.expr()
	r.inArgs = outer
	r.skip()
	if r.i >= len(r.s) || r.s[r.i] != ',' {
		r.fail("%s of other than two arguments", name)
	}
	r.i++
	b := r.expr()
	r.skip()
	if r.i >= len(r.s) || r.s[r.i] != ')' {
		r.fail("%s of other than two arguments", name)
	}
	r.i++
	if hasVar(a) || hasVar(b) {
		r.fail("a %s of names", name)
	}
	return r.node(&sexpr{op: 'F', name: name, l: a, r: b})
}

// floorCeil reads \lfloor x \rfloor and \lceil x \rceil (\left and \right
// are skipped) of a closed x.
func (r *sreader) floorCeil() *sexpr {
	cmd := r.command()
	r.i += len(cmd)
	name, closer := "floor", `\rfloor`
	if cmd == `\lceil` {
		name, closer = "ceil", `\rceil`
	}
	x := r.expr()
	r.skip()
	if !strings.HasPrefix(r.s[r.i:], closer) {
		r.fail("an unclosed %s", cmd)
	}
	r.i += len(closer)
	if hasVar(x) {
		r.fail("a %s of names", name)
	}
	return r.node(&sexpr{op: 'F', name: name, l: x})
}

// logb reads \log_b x and \log_{b} x: the base one digit or a group, the
// argument one factor (\log_2 2^{10}, \log_3 \frac{1}{9}, \log_2(8)). A log
// without a base (10 or e?) and \ln are refused.
func (r *sreader) logb() *sexpr {
	r.i += len(`\log`)
	if r.i >= len(r.s) || r.s[r.i] != '_' {
		r.fail("a logarithm without a base")
	}
	r.i++
	var b *sexpr
	switch {
	case r.i < len(r.s) && isDigit(r.s[r.i]):
		b = r.node(&sexpr{op: 'n', num: new(big.Rat).SetInt64(int64(r.s[r.i] - '0'))})
		r.i++
	case r.i < len(r.s) && r.s[r.i] == '{':
		b = r.primary()
	default:
		r.fail("a logarithm's base")
	}
	r.skip()
	if r.peek() == "-" {
		r.fail("a logarithm of a negative")
	}
	x := r.factor()
	if hasVar(b) || hasVar(x) {
		r.fail("a logarithm of names")
	}
	return r.node(&sexpr{op: 'F', name: "log", l: b, r: x})
}

// thousands reports three digits and then no digit: s may continue a
// number with a thousands separator.
func thousands(s string) bool {
	return len(s) >= 3 && isDigit(s[0]) && isDigit(s[1]) && isDigit(s[2]) && (len(s) == 3 || !isDigit(s[3]))
}

// fnString is an 'F' node in plain notation.
func fnString(e *sexpr) string {
	switch e.name {
	case "floor":
		return "⌊" + symString(e.l) + "⌋"
	case "ceil":
		return "⌈" + symString(e.l) + "⌉"
	case "log":
		return "log_" + symAtomString(e.l) + "(" + symString(e.r) + ")"
	case "mod":
		return symAtomString(e.l) + " mod " + symAtomString(e.r)
	}
	return e.name + "(" + symString(e.l) + ", " + symString(e.r) + ")"
}

var errNoCert = errors.New("no exact value")

// closedFnValue is the exact value of n!, C(n, k) or an 'F' node.
func closedFnValue(e *sexpr) (*big.Rat, error) {
	if e.op != 'F' {
		return intFnValue(e)
	}
	v, _, err := fnCert(e)
	return v, err
}

// certInt is the value of a closed expression when it is an integer of
// at most certMaxBits bits.
func certInt(e *sexpr) (*big.Int, error) {
	v, err := certRat(e)
	if err != nil {
		return nil, err
	}
	if !v.IsInt() {
		return nil, fmt.Errorf("%w: %s is not an integer", errNoCert, v.RatString())
	}
	return v.Num(), nil
}

func certRat(e *sexpr) (*big.Rat, error) {
	if hasRoot(e) || hasCertFn(e) {
		return nil, fmt.Errorf("%w: a radical or a nested function", errNoCert)
	}
	v, err := symEval(e, nil)
	if err != nil {
		return nil, err
	}
	if v.Num().BitLen() > certMaxBits || v.Denom().BitLen() > certMaxBits {
		return nil, fmt.Errorf("%w: too large", errNoCert)
	}
	return v, nil
}

// fnCert returns the value of the 'F' node e and the conjuncts that pin
// it, rendered in the dialect.
func fnCert(e *sexpr) (*big.Rat, []string, error) {
	lit := func(q *big.Rat) string {
		if q.IsInt() {
			return intTerm(q.Num())
		}
		return "(" + intTerm(q.Num()) + " / (" + q.Denom().String() + " : Rat))"
	}
	ilit := func(q *big.Int) string { return intTerm(q) }
	switch e.name {
	case "gcd", "lcm":
		a, err := certInt(e.l)
		if err != nil {
			return nil, nil, err
		}
		b, err := certInt(e.r)
		if err != nil {
			return nil, nil, err
		}
		if a.Sign() <= 0 || b.Sign() <= 0 {
			return nil, nil, fmt.Errorf("%w: %s of a number that is not positive", errNoCert, e.name)
		}
		u, v := new(big.Int), new(big.Int)
		g := new(big.Int).GCD(u, v, a, b)
		ka, kb := new(big.Int).Quo(a, g), new(big.Int).Quo(b, g)
		c := []string{
			ilit(a) + " = " + ilit(g) + " * " + ilit(ka),
			ilit(b) + " = " + ilit(g) + " * " + ilit(kb),
			ilit(u) + " * " + ilit(a) + " + " + ilit(v) + " * " + ilit(b) + " = " + ilit(g),
		}
		if e.name == "gcd" {
			return new(big.Rat).SetInt(g), c, nil
		}
		l := algebra.LCM(a, b)
		c = append(c, ilit(l)+" * "+ilit(g)+" = "+ilit(a)+" * "+ilit(b))
		return new(big.Rat).SetInt(l), c, nil
	case "mod":
		a, err := certInt(e.l)
		if err != nil {
			return nil, nil, err
		}
		m, err := certInt(e.r)
		if err != nil || m.Sign() <= 0 {
			return nil, nil, fmt.Errorf("%w: a modulus that is not a positive integer", errNoCert)
		}
		q, r := new(big.Int).DivMod(a, m, new(big.Int))
		return new(big.Rat).SetInt(r), []string{
			ilit(a) + " = " + ilit(m) + " * " + ilit(q) + " + " + ilit(r),
			"(0 : Rat) ≤ " + ilit(r),
			ilit(r) + " < " + ilit(m),
		}, nil
	case "floor", "ceil":
		x, err := certRat(e.l)
		if err != nil {
			return nil, nil, err
		}
		f := new(big.Int).Div(x.Num(), x.Denom()) // Euclidean: the floor, as the denominator is positive
		xs := lit(x)
		if e.name == "floor" {
			return new(big.Rat).SetInt(f), []string{ilit(f) + " ≤ " + xs, xs + " < " + ilit(f) + " + (1 : Rat)"}, nil
		}
		if !x.IsInt() {
			f.Add(f, big.NewInt(1))
		}
		return new(big.Rat).SetInt(f), []string{ilit(f) + " - (1 : Rat) < " + xs, xs + " ≤ " + ilit(f)}, nil
	case "log":
		b, err := certRat(e.l)
		if err != nil {
			return nil, nil, err
		}
		x, err := certRat(e.r)
		if err != nil {
			return nil, nil, err
		}
		v, ok := algebra.IntLog(b, x)
		if !ok {
			return nil, nil, fmt.Errorf("%w: log base %s of %s is irrational or undefined", errNoCert, b.RatString(), x.RatString())
		}
		p, q := new(big.Int).Set(v.Num()), v.Denom()
		if new(big.Int).Abs(p).Cmp(big.NewInt(certMaxLogExp)) > 0 || q.Cmp(big.NewInt(certMaxLogExp)) > 0 {
			return nil, nil, fmt.Errorf("%w: a logarithm with large terms", errNoCert)
		}
		bs, xs := lit(b), lit(x)
		c := []string{"(0 : Rat) < " + bs, "(0 : Rat) < " + xs, bs + " ≠ (1 : Rat)"}
		pw := func(s string, n *big.Int) string {
			if n.Cmp(big.NewInt(1)) == 0 {
				return s
			}
			return s + " ^ " + n.String()
		}
		switch p.Sign() {
		case 0:
			c = append(c, xs+" = (1 : Rat)")
		case 1:
			c = append(c, pw(xs, q)+" = "+pw(bs, p))
		default:
			c = append(c, pw(xs, q)+" * "+pw(bs, new(big.Int).Neg(p))+" = (1 : Rat)")
		}
		return v, c, nil
	}
	return nil, nil, fmt.Errorf("%w: %s", errNoCert, e.name)
}

// hasCertFn reports an 'F' node in e.
func hasCertFn(e *sexpr) bool {
	if e == nil {
		return false
	}
	return e.op == 'F' || hasCertFn(e.l) || hasCertFn(e.r)
}

// certReplace returns e with each 'F' node replaced by its value, and
// appends the certificates and the "f(…) is v" notes.
func certReplace(e *sexpr, conj, notes []string) (*sexpr, []string, []string, error) {
	if e == nil {
		return nil, conj, notes, nil
	}
	if e.op == 'F' {
		v, c, err := fnCert(e)
		if err != nil {
			return nil, nil, nil, err
		}
		return ratExpr(v), append(conj, c...), append(notes, fnString(e)+" is "+v.RatString()), nil
	}
	c := *e
	var err error
	if c.l, conj, notes, err = certReplace(e.l, conj, notes); err != nil {
		return nil, nil, nil, err
	}
	if c.r, conj, notes, err = certReplace(e.r, conj, notes); err != nil {
		return nil, nil, nil, err
	}
	return &c, conj, notes, nil
}

// closedCert decides A = B for closed sides holding gcd, lcm, floor,
// ceiling or logarithms (decimal values of irrational logarithms are not
// read: no exact value, no claim).
func (t *Translator) closedCert(step int, text string, A, B symMember, sentence string) *Obligation {
	ra, conj, notes, err := certReplace(A.e, nil, nil)
	if err != nil {
		return nil
	}
	rb, conj, notes, err := certReplace(B.e, conj, notes)
	if err != nil || hasRoot(ra) || hasRoot(rb) {
		return nil
	}
	a, err := symEval(ra, nil)
	if err != nil {
		return nil
	}
	b, err := symEval(rb, nil)
	if err != nil {
		return nil
	}
	rd := symRender{}
	last := rd.term(ra) + " = " + rd.term(rb)
	if strings.Contains(last, "!") {
		return nil
	}
	o := &Obligation{Step: step, Span: spanOf(text, A.s, B.e2), Kind: KindClosedValue, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = symString(A.e) + " = " + symString(B.e)
	if v := closedClaimVeto(sentence); v != "" {
		o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	o.Note = boundNote(o.Note, A, B)
	o.Prop = strings.Join(append(conj, last), " ∧ ")
	o.Lean, o.LeanNeg = declarations(o.Prop, nil, nil, t.opts.Tactic)
	o.Note = strings.TrimPrefix(o.Note+"; P is a certificate: each gcd, lcm, floor, ceiling or logarithm pinned to its exact value, then the claim with those values", "; ")
	o.WhyProof = fmt.Sprintf("%s; both sides are %s", strings.Join(notes, ", "), a.RatString())
	switch {
	case A.e.op == 'F' && !hasCertFn(B.e):
		o.WhyDisproof = fmt.Sprintf("%s is %s, not %s", fnString(A.e), a.RatString(), b.RatString())
	case B.e.op == 'F' && !hasCertFn(A.e):
		o.WhyDisproof = fmt.Sprintf("%s is %s, not %s", fnString(B.e), b.RatString(), a.RatString())
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
func (t *Translator) approxLog(step int, text string, L *sexpr, s, ds, de int, sentence string) *Obligation {
	if L == nil || L.op != 'F' || L.name != "log" {
		return nil
	}
	m := decimalRE.FindStringSubmatch(text[ds:de])
	if m == nil || len(m[1])+len(m[2]) > 8 || len(m[2]) > 3 {
		return nil
	}
	b, err := certRat(L.l)
	if err != nil || b.Cmp(big.NewRat(1, 1)) <= 0 {
		return nil
	}
	x, err := certRat(L.r)
	if err != nil || x.Sign() <= 0 {
		return nil
	}
	if _, ok := algebra.IntLog(b, x); ok {
		return nil // an exact value written as a decimal: not a rounding
	}
	r, _ := new(big.Rat).SetString(m[1] + "." + m[2])
	unit := new(big.Rat).Inv(pow10(len(m[2])))
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
	o := &Obligation{Step: step, Span: spanOf(text, s, de), Kind: KindApproximation, OnProof: Approximate, OnDisproof: Unknown,
		Note: "a rounding is not an exact value, and another convention may explain a small miss"}
	o.Expr = fnString(L) + " ≈ " + r.FloatString(len(m[2]))
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
		o.OnDisproof, o.Note = Refuted, "the decimal is far from the value (more than ten units of its last digit and more than 5 %): no rounding explains it"
		if v := closedClaimVeto(sentence); v != "" && v != "approximately" && v != "about" && v != "roughly" {
			o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
		}
	}
	if lo.Sign() <= 0 {
		return nil
	}
	lit := func(q *big.Rat) string {
		if q.IsInt() {
			return intTerm(q.Num())
		}
		return "(" + intTerm(q.Num()) + " / (" + q.Denom().String() + " : Rat))"
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
	o.Lean, o.LeanNeg = declarations(o.Prop, nil, nil, t.opts.Tactic)
	bounds := ratDecimal(lo) + " and " + ratDecimal(hi)
	if how == "far" {
		o.WhyProof = fmt.Sprintf("%s lies between %s", fnString(L), bounds)
		o.WhyDisproof = fmt.Sprintf("%s is not between %s, so it is not %s: b^lo ≤ x^t or x^t ≤ b^hi fails", fnString(L), bounds, r.FloatString(len(m[2])))
		return o
	}
	o.WhyProof = fmt.Sprintf("%s lies between %s (%s); P bounds it by powers", fnString(L), bounds, how)
	o.WhyDisproof = fmt.Sprintf("%s is not %s to %s", fnString(L), r.FloatString(len(m[2])), how)
	return o
}

// inequalityOps are the relations certsBetweenInequalities cuts a line at.
var inequalityOps = []string{`\geq`, `\leq`, `\ge`, `\le`, `\gt`, `\lt`, "≥", "≤", "<", ">"}

// certsBetweenInequalities reads "1 < \log_5 49 = 2.64 < 3": a line the
// symbolic reader refuses for its inequalities is cut at them (a chain of
// relations states each link), and each piece holding "=" between closed
// sides with a gcd, lcm, floor, ceiling or log is decided as a claim of its
// own. A piece refused for anything else is left alone.
func (t *Translator) certsBetweenInequalities(step int, text string, s, e int) []Obligation {
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
			if strings.HasPrefix(text[i:], op) && (op[0] != '\\' || !isLetterAt(text, i+len(op))) {
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
	sentence := strings.ToLower(sentenceAround(text, s, e))
	var out []Obligation
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
			case A.e != nil && B.e == nil && A.e.op == 'F':
				if o := t.approxLog(step, text, A.e, A.s, B.s, B.e2, sentence); o != nil {
					out = append(out, *o)
				}
			case A.e != nil && B.e != nil && !hasVar(A.e) && !hasVar(B.e) && (hasCertFn(A.e) || hasCertFn(B.e)):
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
func (t *Translator) pmRoot(step int, text string, as, ae, bs, be int) *Obligation {
	nospace := strings.NewReplacer(" ", "", "\n", "", "\t", "", `\left`, "", `\right`, "")
	// Displays end a sentence or a list: "…}{96}," then "…}{96}.".
	a := strings.TrimRight(nospace.Replace(text[as:ae]), ".,;")
	b := strings.TrimRight(nospace.Replace(text[bs:be]), ".,;")
	i := strings.Index(a, `\sqrt{`)
	if i < 0 || strings.Count(a, `\sqrt`) != 1 || strings.Contains(b, `\sqrt`) {
		return nil
	}
	j := matchBrace(a, i+len(`\sqrt`), len(a))
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
	rad, err := readSym(a[i+len(`\sqrt{`) : j])
	if err != nil || hasVar(rad) {
		return nil
	}
	n, err := certRat(rad)
	if err != nil || n.Sign() < 0 {
		return nil
	}
	m, _ := new(big.Int).SetString(mid, 10)
	sq := new(big.Int).Mul(m, m)
	o := &Obligation{Step: step, Span: spanOf(text, as, be), Kind: KindClosedValue, OnProof: Verified, OnDisproof: Refuted}
	o.Expr = "√" + symAtomString(rad) + " = " + mid
	if v := closedClaimVeto(strings.ToLower(pmSentence(text, as, be))); v != "" {
		o.OnDisproof, o.Note = Unknown, fmt.Sprintf("the sentence may be rejecting the claim (%q)", v)
	}
	o.Note = strings.TrimPrefix(o.Note+"; the next line writes the root as a whole number; P: the radicand is its square", "; ")
	lit := intTerm(n.Num())
	if !n.IsInt() {
		lit = "(" + lit + " / (" + n.Denom().String() + " : Rat))"
	}
	o.Prop = lit + " = " + intTerm(m) + " * " + intTerm(m)
	o.Lean, o.LeanNeg = declarations(o.Prop, nil, nil, t.opts.Tactic)
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
func (t *Translator) bmodClaim(step int, text string, s, e int) *Obligation {
	raw := text[s:e]
	i := strings.Index(raw, `\bmod`)
	if i < 0 || strings.Count(raw, `\bmod`) != 1 || strings.Contains(raw[:i], "=") {
		return nil
	}
	rest := raw[i+len(`\bmod`):]
	if isLetterAt(rest, 0) || strings.Count(rest, "=") != 1 {
		return nil
	}
	eq := strings.IndexByte(rest, '=')
	x, err1 := readSym(strings.TrimSpace(raw[:i]))
	m, err2 := readSym(strings.TrimSpace(rest[:eq]))
	r, err3 := readSym(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(rest[eq+1:]), ".,;")))
	if err1 != nil || err2 != nil || err3 != nil || hasVar(x) || hasVar(m) || hasVar(r) {
		return nil
	}
	for _, side := range []*sexpr{x, m} {
		if side.op == '+' || side.op == '-' || side.op == '~' {
			return nil
		}
	}
	a, err := certInt(x)
	if err != nil {
		return nil
	}
	mod, err := certInt(m)
	if err != nil || mod.Sign() <= 0 {
		return nil
	}
	rv, err := certInt(r)
	if err != nil {
		return nil
	}
	res := new(big.Int).Mod(a, mod)
	if res.Cmp(rv) != 0 && new(big.Int).Mod(rv, mod).Cmp(res) == 0 {
		return nil // congruent: "=" may stand for "≡"
	}
	A := symMember{e: &sexpr{op: 'F', name: "mod", l: x, r: m}, s: s, e2: s + i}
	B := symMember{e: r, s: s + i, e2: e}
	return t.closedCert(step, text, A, B, strings.ToLower(sentenceAround(text, s, e)))
}

// pmSentence is the sentence of the two lines s…e, cut before the next
// display: the words right after the lines bear on them, the lines after
// (other roots, "(not valid)") do not.
func pmSentence(text string, s, e int) string {
	full := sentenceAround(text, s, e)
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
