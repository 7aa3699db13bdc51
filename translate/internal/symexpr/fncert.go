package symexpr

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Integer and logarithmic functions in symbolic trees (gcd, lcm, floor, ceiling, log, n!, C(n, k)): how the reader reads them and the exact values and certificates that decide them.

// CertMaxBits bounds the integers a certificate spells out.
const CertMaxBits = 2048

// certMaxLogExp bounds p and q of a certified log_b x = p/q.
const certMaxLogExp = 64

// FnWord is "gcd" or "lcm" when s starts with {gcd} or {lcm} (the group of
// \operatorname, \mathrm or \text).
func FnWord(s string) string {
	s = strings.TrimLeft(s, " ")
	for _, w := range []string{"gcd", "lcm"} {
		if strings.HasPrefix(s, "{"+w+"}") || strings.HasPrefix(s, "{ "+w+" }") {
			return w
		}
	}
	return ""
}

// MaskFnWords writes \text{lcm}, \operatorname{gcd}, … as \lcm and \gcd, so
// the line readers do not take the group for prose.
func MaskFnWords(s string) string {
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
func (r *sreader) gcdLcm() *Expr {
	var name string
	if r.s[r.i] == '\\' {
		cmd := r.command()
		r.i += len(cmd)
		name = cmd[1:]
		if name != "gcd" && name != "lcm" {
			name = FnWord(r.s[r.i:])
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
	if HasVar(a) || HasVar(b) {
		r.fail("a %s of names", name)
	}
	return r.node(&Expr{Op: 'F', Name: name, L: a, R: b})
}

// floorCeil reads \lfloor x \rfloor and \lceil x \rceil (\left and \right
// are skipped) of a closed x.
func (r *sreader) floorCeil() *Expr {
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
	if HasVar(x) {
		r.fail("a %s of names", name)
	}
	return r.node(&Expr{Op: 'F', Name: name, L: x})
}

// logb reads \log_b x and \log_{b} x: the base one digit or a group, the
// argument one factor (\log_2 2^{10}, \log_3 \frac{1}{9}, \log_2(8)). A log
// without a base (10 or e?) and \ln are refused, but for the logarithm of
// a name read as a value of its own (logOfName, atoms.go).
func (r *sreader) logb() *Expr {
	if e := r.logOfName(); e != nil {
		return e
	}
	if !strings.HasPrefix(r.s[r.i:], `\log`) {
		r.fail("a natural logarithm that is no value of a name") // \ln
	}
	r.i += len(`\log`)
	if r.i >= len(r.s) || r.s[r.i] != '_' {
		r.fail("a logarithm without a base")
	}
	r.i++
	var b *Expr
	switch {
	case r.i < len(r.s) && mathtext.IsDigit(r.s[r.i]):
		b = r.node(&Expr{Op: 'n', Num: new(big.Rat).SetInt64(int64(r.s[r.i] - '0'))})
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
	if HasVar(b) || HasVar(x) {
		r.fail("a logarithm of names")
	}
	return r.node(&Expr{Op: 'F', Name: "log", L: b, R: x})
}

// thousands reports three digits and then no digit: s may continue a
// number with a thousands separator.
func thousands(s string) bool {
	return len(s) >= 3 && mathtext.IsDigit(s[0]) && mathtext.IsDigit(s[1]) && mathtext.IsDigit(s[2]) && (len(s) == 3 || !mathtext.IsDigit(s[3]))
}

// FnString is an 'F' node in plain notation.
func FnString(e *Expr) string {
	switch e.Name {
	case "floor":
		return "⌊" + Plain(e.L) + "⌋"
	case "ceil":
		return "⌈" + Plain(e.L) + "⌉"
	case "log":
		return "log_" + PlainAtom(e.L) + "(" + Plain(e.R) + ")"
	case "mod":
		return PlainAtom(e.L) + " mod " + PlainAtom(e.R)
	}
	return e.Name + "(" + Plain(e.L) + ", " + Plain(e.R) + ")"
}

var errNoCert = errors.New("no exact value")

// closedFnValue is the exact value of n!, C(n, k) or an 'F' node.
func closedFnValue(e *Expr) (*big.Rat, error) {
	if e.Op != 'F' {
		return intFnValue(e)
	}
	v, _, err := fnCert(e)
	return v, err
}

// CertInt is the value of a closed expression when it is an integer of
// at most certMaxBits bits.
func CertInt(e *Expr) (*big.Int, error) {
	v, err := CertRat(e)
	if err != nil {
		return nil, err
	}
	if !v.IsInt() {
		return nil, fmt.Errorf("%w: %s is not an integer", errNoCert, v.RatString())
	}
	return v.Num(), nil
}

func CertRat(e *Expr) (*big.Rat, error) {
	if HasRoot(e) || HasCertFn(e) {
		return nil, fmt.Errorf("%w: a radical or a nested function", errNoCert)
	}
	v, err := Eval(e, nil)
	if err != nil {
		return nil, err
	}
	if v.Num().BitLen() > CertMaxBits || v.Denom().BitLen() > CertMaxBits {
		return nil, fmt.Errorf("%w: too large", errNoCert)
	}
	return v, nil
}

// fnCert returns the value of the 'F' node e and the conjuncts that pin
// it, rendered in the dialect.
func fnCert(e *Expr) (*big.Rat, []string, error) {
	lit := func(q *big.Rat) string {
		if q.IsInt() {
			return IntTerm(q.Num())
		}
		return "(" + IntTerm(q.Num()) + " / (" + q.Denom().String() + " : Rat))"
	}
	ilit := func(q *big.Int) string { return IntTerm(q) }
	switch e.Name {
	case "gcd", "lcm":
		a, err := CertInt(e.L)
		if err != nil {
			return nil, nil, err
		}
		b, err := CertInt(e.R)
		if err != nil {
			return nil, nil, err
		}
		if a.Sign() <= 0 || b.Sign() <= 0 {
			return nil, nil, fmt.Errorf("%w: %s of a number that is not positive", errNoCert, e.Name)
		}
		u, v := new(big.Int), new(big.Int)
		g := new(big.Int).GCD(u, v, a, b)
		ka, kb := new(big.Int).Quo(a, g), new(big.Int).Quo(b, g)
		c := []string{
			ilit(a) + " = " + ilit(g) + " * " + ilit(ka),
			ilit(b) + " = " + ilit(g) + " * " + ilit(kb),
			ilit(u) + " * " + ilit(a) + " + " + ilit(v) + " * " + ilit(b) + " = " + ilit(g),
		}
		if e.Name == "gcd" {
			return new(big.Rat).SetInt(g), c, nil
		}
		l := algebra.LCM(a, b)
		c = append(c, ilit(l)+" * "+ilit(g)+" = "+ilit(a)+" * "+ilit(b))
		return new(big.Rat).SetInt(l), c, nil
	case "mod":
		a, err := CertInt(e.L)
		if err != nil {
			return nil, nil, err
		}
		m, err := CertInt(e.R)
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
		x, err := CertRat(e.L)
		if err != nil {
			return nil, nil, err
		}
		f := new(big.Int).Div(x.Num(), x.Denom()) // Euclidean: the floor, as the denominator is positive
		xs := lit(x)
		if e.Name == "floor" {
			return new(big.Rat).SetInt(f), []string{ilit(f) + " ≤ " + xs, xs + " < " + ilit(f) + " + (1 : Rat)"}, nil
		}
		if !x.IsInt() {
			f.Add(f, big.NewInt(1))
		}
		return new(big.Rat).SetInt(f), []string{ilit(f) + " - (1 : Rat) < " + xs, xs + " ≤ " + ilit(f)}, nil
	case "log":
		// base b^(1/nb) and argument x^(1/nx), b and x rational (nb, nx
		// are 1 without a radical): the log is (nb/nx)·log_b x, pinned by
		// x^(nb·q) = b^(nx·p) for the value p/q.
		b, nb, err := ratRoot(e.L)
		if err != nil {
			return nil, nil, err
		}
		x, nx, err := ratRoot(e.R)
		if err != nil {
			return nil, nil, err
		}
		v, ok := algebra.IntLog(b, x)
		if !ok {
			return nil, nil, fmt.Errorf("%w: log base %s of %s is irrational or undefined", errNoCert, b.RatString(), x.RatString())
		}
		v.Mul(v, big.NewRat(int64(nb), int64(nx)))
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
		qx := new(big.Int).Mul(q, big.NewInt(int64(nb)))
		pb := new(big.Int).Mul(p, big.NewInt(int64(nx)))
		switch p.Sign() {
		case 0:
			c = append(c, xs+" = (1 : Rat)")
		case 1:
			c = append(c, pw(xs, qx)+" = "+pw(bs, pb))
		default:
			c = append(c, pw(xs, qx)+" * "+pw(bs, pb.Neg(pb))+" = (1 : Rat)")
		}
		return v, c, nil
	}
	return nil, nil, fmt.Errorf("%w: %s", errNoCert, e.Name)
}

// ratRoot reads e as x^(1/n): a root of index n of a closed rational
// (fractional powers included), or a closed rational with n = 1.
func ratRoot(e *Expr) (*big.Rat, int, error) {
	if e.Op == 'r' && e.Exp >= 2 && e.Exp <= symMaxRoot {
		x, err := CertRat(e.L)
		return x, e.Exp, err
	}
	x, err := CertRat(e)
	return x, 1, err
}

// HasCertFn reports an 'F' node in e.
func HasCertFn(e *Expr) bool {
	if e == nil {
		return false
	}
	return e.Op == 'F' || HasCertFn(e.L) || HasCertFn(e.R)
}

// CertReplace returns e with each 'F' node replaced by its value, and
// appends the certificates and the "f(…) is v" notes.
func CertReplace(e *Expr, conj, notes []string) (*Expr, []string, []string, error) {
	if e == nil {
		return nil, conj, notes, nil
	}
	if e.Op == 'F' {
		v, c, err := fnCert(e)
		if err != nil {
			return nil, nil, nil, err
		}
		return RatExpr(v), append(conj, c...), append(notes, FnString(e)+" is "+v.RatString()), nil
	}
	c := *e
	var err error
	if c.L, conj, notes, err = CertReplace(e.L, conj, notes); err != nil {
		return nil, nil, nil, err
	}
	if c.R, conj, notes, err = CertReplace(e.R, conj, notes); err != nil {
		return nil, nil, nil, err
	}
	return &c, conj, notes, nil
}
