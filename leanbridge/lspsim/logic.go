package lspsim

import (
	"fmt"
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The simulator's object language: propositions over Nat/Int/Rat arithmetic and
// propositional variables. See doc.go for what it accepts; everything else is an error.

type tokKind int

const (
	tIdent tokKind = iota
	tNum
	tSym
	tBad
)

// token is a lexeme with its byte range in the source line.
type token struct {
	kind       tokKind
	text       string
	start, end int
}

// symbols, longest first so that "->" wins over "-".
var symbols = []string{"<->", ":=", "->", "<=", ">=", "!=", "≠", "≤", "≥", "→", "↔", "∧", "∨", "¬", "∀", "⟨", "⟩", "(", ")", ",", ":", "+", "-", "*", "/", "%", "^", "=", "<", ">", ";", "⊢", "·"}

func isIdentStart(r rune) bool {
	return (unicode.IsLetter(r) && r != 'λ' && r != 'Π' && r != 'Σ') || r == '_'
}

func isIdentRest(r rune) bool {
	return isIdentStart(r) || unicode.IsDigit(r) || r == '\'' || r == '!' || r == '?' || r == '.' || r == '✝' || (r >= '₀' && r <= '₉')
}

// lex splits s[from:to] into tokens; offsets are bytes of s.
func lex(s string, from, to int) []token {
	var toks []token
	i := from
	for i < to {
		r, w := utf8.DecodeRuneInString(s[i:to])
		switch {
		case r == ' ' || r == '\t' || r == '\r':
			i += w
		case isIdentStart(r):
			j := i + w
			for j < to {
				r2, w2 := utf8.DecodeRuneInString(s[j:to])
				if !isIdentRest(r2) {
					break
				}
				j += w2
			}
			// A trailing '.' belongs to no identifier (e.g. "h." is not a name).
			for j > i+w && s[j-1] == '.' {
				j--
			}
			toks = append(toks, token{tIdent, s[i:j], i, j})
			i = j
		case r >= '0' && r <= '9':
			j := i
			for j < to && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j+1 < to && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9' {
				j++
				for j < to && s[j] >= '0' && s[j] <= '9' {
					j++
				}
			}
			toks = append(toks, token{tNum, s[i:j], i, j})
			i = j
		default:
			matched := false
			for _, sym := range symbols {
				if strings.HasPrefix(s[i:to], sym) {
					toks = append(toks, token{tSym, sym, i, i + len(sym)})
					i += len(sym)
					matched = true
					break
				}
			}
			if !matched {
				toks = append(toks, token{tBad, s[i : i+w], i, i + w})
				i += w
			}
		}
	}
	return toks
}

// expr is a term or a proposition.
//
//	op: "num" (name = literal text), "id" (unresolved name), "var" (term variable, typ set),
//	"pvar" (propositional variable), "asc" (type ascription, typ set), "+", "-", "*", "/",
//	"%", "^", "neg", "=", "≠", "<", "≤", ">", "≥" (typ = the compared type after checking),
//	"∧", "∨", "→", "↔", "¬", "True", "False", "∀" (name, typ = binder).
type expr struct {
	op         string
	args       []*expr
	name       string
	typ        string
	start, end int
}

// simErr is an error at a byte range of a line.
type simErr struct {
	msg        string
	start, end int
}

func (e *simErr) Error() string { return e.msg }

type parser struct {
	toks []token
	i    int
	eol  int // byte offset of the end of input, for errors there
}

func (p *parser) peek() *token {
	if p.i < len(p.toks) {
		return &p.toks[p.i]
	}
	return nil
}

func (p *parser) is(texts ...string) bool {
	t := p.peek()
	if t == nil || t.kind != tSym {
		return false
	}
	for _, s := range texts {
		if t.text == s {
			return true
		}
	}
	return false
}

func (p *parser) next() token {
	t := p.toks[p.i]
	p.i++
	return t
}

func (p *parser) fail(msg string) {
	if t := p.peek(); t != nil {
		panic(&simErr{fmt.Sprintf("unexpected token '%s'; %s", t.text, msg), t.start, t.end})
	}
	panic(&simErr{"unexpected end of input; " + msg, p.eol, p.eol})
}

func (p *parser) expect(sym string) token {
	if !p.is(sym) {
		p.fail("expected '" + sym + "'")
	}
	return p.next()
}

// parseWith runs f, turning a parse panic into an error.
func parseWith(f func()) (err *simErr) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*simErr)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	f()
	return nil
}

func node(op string, start, end int, args ...*expr) *expr {
	return &expr{op: op, args: args, start: start, end: end}
}

func (p *parser) prop() *expr {
	if p.is("∀") {
		return p.forall()
	}
	return p.iff()
}

func (p *parser) forall() *expr {
	start := p.next().start
	type binder struct{ name, typ string }
	var bs []binder
	group := func() {
		var names []string
		for {
			t := p.peek()
			if t == nil || t.kind != tIdent {
				break
			}
			names = append(names, p.next().text)
		}
		if len(names) == 0 {
			p.fail("expected a binder name")
		}
		p.expect(":")
		typ := p.typeName()
		for _, n := range names {
			bs = append(bs, binder{n, typ})
		}
	}
	if p.is("(") {
		for p.is("(") {
			p.next()
			group()
			p.expect(")")
		}
	} else {
		group()
	}
	p.expect(",")
	body := p.prop()
	for i := len(bs) - 1; i >= 0; i-- {
		body = &expr{op: "∀", name: bs[i].name, typ: bs[i].typ, args: []*expr{body}, start: start, end: body.end}
	}
	return body
}

// typeName reads a type: Nat, Int, Rat, Prop, or Mathlib's ℕ ℤ ℚ (checked later).
func (p *parser) typeName() string {
	t := p.peek()
	if t == nil || t.kind != tIdent {
		p.fail("expected a type")
	}
	p.next()
	return t.text
}

func (p *parser) iff() *expr {
	l := p.arrow()
	if p.is("↔", "<->") {
		p.next()
		r := p.arrow()
		return node("↔", l.start, r.end, l, r)
	}
	return l
}

func (p *parser) arrow() *expr {
	l := p.or()
	if p.is("→", "->") {
		p.next()
		var r *expr
		if p.is("∀") {
			r = p.forall()
		} else {
			r = p.arrow()
		}
		return node("→", l.start, r.end, l, r)
	}
	return l
}

func (p *parser) or() *expr {
	l := p.and()
	if p.is("∨") {
		p.next()
		r := p.or()
		return node("∨", l.start, r.end, l, r)
	}
	return l
}

func (p *parser) and() *expr {
	l := p.not()
	if p.is("∧") {
		p.next()
		r := p.and()
		return node("∧", l.start, r.end, l, r)
	}
	return l
}

func (p *parser) not() *expr {
	if p.is("¬") {
		t := p.next()
		a := p.not()
		return node("¬", t.start, a.end, a)
	}
	return p.rel()
}

var relNames = map[string]string{"=": "=", "≠": "≠", "!=": "≠", "<": "<", "≤": "≤", "<=": "≤", ">": ">", "≥": "≥", ">=": "≥"}

func (p *parser) rel() *expr {
	l := p.sum()
	if t := p.peek(); t != nil && t.kind == tSym {
		if op, ok := relNames[t.text]; ok {
			p.next()
			r := p.sum()
			return node(op, l.start, r.end, l, r)
		}
	}
	return l
}

func (p *parser) sum() *expr {
	l := p.prod()
	for p.is("+", "-") {
		op := p.next().text
		r := p.prod()
		l = node(op, l.start, r.end, l, r)
	}
	return l
}

func (p *parser) prod() *expr {
	l := p.unary()
	for p.is("*", "/", "%") {
		op := p.next().text
		r := p.unary()
		l = node(op, l.start, r.end, l, r)
	}
	return l
}

func (p *parser) unary() *expr {
	if p.is("-") {
		t := p.next()
		a := p.unary()
		return node("neg", t.start, a.end, a)
	}
	return p.pow()
}

func (p *parser) pow() *expr {
	b := p.primary()
	if p.is("^") {
		p.next()
		e := p.unary()
		return node("^", b.start, e.end, b, e)
	}
	return b
}

func (p *parser) primary() *expr {
	t := p.peek()
	switch {
	case t == nil:
		p.fail("expected term")
	case t.kind == tNum:
		p.next()
		return &expr{op: "num", name: t.text, start: t.start, end: t.end}
	case t.kind == tIdent:
		p.next()
		if t.text == "True" || t.text == "False" {
			return &expr{op: t.text, start: t.start, end: t.end}
		}
		return &expr{op: "id", name: t.text, start: t.start, end: t.end}
	case p.is("("):
		open := p.next()
		e := p.prop()
		if p.is(":") {
			p.next()
			typ := p.typeName()
			e = &expr{op: "asc", typ: typ, args: []*expr{e}}
		}
		cl := p.expect(")")
		e.start, e.end = open.start, cl.end
		return e
	}
	p.fail("expected term")
	return nil
}

// parseProp parses toks as one proposition.
func parseProp(toks []token, eol int) (*expr, *simErr) {
	var e *expr
	err := parseWith(func() {
		p := &parser{toks: toks, eol: eol}
		e = p.prop()
		if p.peek() != nil {
			p.fail("expected end of proposition")
		}
	})
	return e, err
}

// Types.

var numericTypes = map[string]bool{"Nat": true, "Int": true, "Rat": true}

// resolveType maps a type name to Nat, Int, Rat or Prop. ℕ, ℤ and ℚ are Mathlib notation.
func resolveType(name string, mathlib bool) (string, bool) {
	switch name {
	case "Nat", "Int", "Rat", "Prop":
		return name, true
	case "ℕ":
		return "Nat", mathlib
	case "ℤ":
		return "Int", mathlib
	case "ℚ":
		return "Rat", mathlib
	}
	return "", false
}

// showType is how Lean prints a type; with Mathlib its notations are used.
func showType(t string, mathlib bool) string {
	if mathlib {
		switch t {
		case "Nat":
			return "ℕ"
		case "Int":
			return "ℤ"
		case "Rat":
			return "ℚ"
		}
	}
	return t
}

// checker resolves names and types in place. vars maps a variable to its type (Nat, Int,
// Rat or Prop); hypothesis names are not terms of the object language.
type checker struct {
	vars    map[string]string
	mathlib bool
}

func (c *checker) errAt(e *expr, format string, args ...any) {
	panic(&simErr{fmt.Sprintf(format, args...), e.start, e.end})
}

func (c *checker) prop(e *expr) {
	switch e.op {
	case "True", "False", "pvar":
	case "∧", "∨", "→", "↔":
		c.prop(e.args[0])
		c.prop(e.args[1])
	case "¬":
		c.prop(e.args[0])
	case "∀":
		t, ok := resolveType(e.typ, c.mathlib)
		if !ok {
			c.errAt(e, "Unknown identifier `%s`", e.typ)
		}
		e.typ = t
		old, had := c.vars[e.name]
		c.vars[e.name] = t
		c.prop(e.args[0])
		if had {
			c.vars[e.name] = old
		} else {
			delete(c.vars, e.name)
		}
	case "=", "≠", "<", "≤", ">", "≥":
		t := c.sideType(e.args[0])
		if t == "" {
			t = c.sideType(e.args[1])
		}
		if t == "" {
			t = "Nat" // Lean's default for numerals
		}
		c.term(e.args[0], t)
		c.term(e.args[1], t)
		e.typ = t
	case "id":
		switch t, ok := c.vars[e.name]; {
		case !ok:
			c.errAt(e, "Unknown identifier `%s`", e.name)
		case t == "Prop":
			e.op = "pvar"
		default:
			c.errAt(e, "type expected, got\n  (%s : %s)", e.name, showType(t, c.mathlib))
		}
	case "asc":
		if e.typ != "Prop" {
			c.errAt(e, "type mismatch: a term of type %s is not a proposition", e.typ)
		}
		c.prop(e.args[0])
		*e = *e.args[0]
	default:
		c.errAt(e, "type expected: this is a term, not a proposition")
	}
}

// sideType is the first type a term commits to: an ascription or a variable's type.
func (c *checker) sideType(e *expr) string {
	switch e.op {
	case "asc":
		if t, ok := resolveType(e.typ, c.mathlib); ok && numericTypes[t] {
			return t
		}
		return ""
	case "id":
		if t := c.vars[e.name]; numericTypes[t] {
			return t
		}
		return ""
	case "^":
		return c.sideType(e.args[0])
	}
	for _, a := range e.args {
		if t := c.sideType(a); t != "" {
			return t
		}
	}
	return ""
}

func (c *checker) term(e *expr, t string) {
	switch e.op {
	case "num":
		if strings.Contains(e.name, ".") && t != "Rat" {
			c.errAt(e, "failed to synthesize\n  OfScientific %s", showType(t, c.mathlib))
		}
	case "id":
		vt, ok := c.vars[e.name]
		switch {
		case !ok:
			c.errAt(e, "Unknown identifier `%s`", e.name)
		case vt != t:
			c.errAt(e, "type mismatch\n  %s\nhas type\n  %s : Type\nbut is expected to have type\n  %s : Type", e.name, showType(vt, c.mathlib), showType(t, c.mathlib))
		}
		e.op, e.typ = "var", t
	case "asc":
		at, ok := resolveType(e.typ, c.mathlib)
		if !ok {
			c.errAt(e, "Unknown identifier `%s`", e.typ)
		}
		if at != t {
			c.errAt(e, "type mismatch\n  %s\nhas type\n  %s : Type\nbut is expected to have type\n  %s : Type", pp(e.args[0]), showType(at, c.mathlib), showType(t, c.mathlib))
		}
		e.typ = at
		c.term(e.args[0], t)
	case "+", "-", "*", "/":
		c.term(e.args[0], t)
		c.term(e.args[1], t)
	case "%":
		if t == "Rat" {
			c.errAt(e, "failed to synthesize\n  HMod Rat Rat ?m")
		}
		c.term(e.args[0], t)
		c.term(e.args[1], t)
	case "neg":
		if t == "Nat" {
			c.errAt(e, "failed to synthesize\n  Neg %s", showType("Nat", c.mathlib))
		}
		c.term(e.args[0], t)
	case "^":
		c.term(e.args[0], t)
		c.term(e.args[1], "Nat")
	default:
		c.errAt(e, "type mismatch: a proposition where a term of type %s was expected", showType(t, c.mathlib))
	}
}

// checkProp type-checks e as a proposition under vars.
func checkProp(e *expr, vars map[string]string, mathlib bool) *simErr {
	c := &checker{vars: vars, mathlib: mathlib}
	return parseWith(func() { c.prop(e) })
}

// Evaluation.

type evalKind int

const (
	evFree   evalKind = iota + 1 // a free variable: not a closed claim
	evTooBig                     // numbers beyond the simulator's bounds
)

type evalErr struct{ kind evalKind }

func (e *evalErr) Error() string { return "cannot evaluate" }

// maxBits bounds every number the evaluator builds; maxExp bounds exponents.
const (
	maxBits = 1 << 14
	maxExp  = 1 << 12
)

func evalTerm(e *expr, t string) (*big.Rat, error) {
	bin := func() (*big.Rat, *big.Rat, error) {
		a, err := evalTerm(e.args[0], t)
		if err != nil {
			return nil, nil, err
		}
		b, err := evalTerm(e.args[1], t)
		return a, b, err
	}
	var r *big.Rat
	switch e.op {
	case "num":
		v, ok := new(big.Rat).SetString(e.name)
		if !ok {
			return nil, &evalErr{evTooBig}
		}
		r = v
	case "var", "id", "pvar":
		return nil, &evalErr{evFree}
	case "asc":
		return evalTerm(e.args[0], t)
	case "neg":
		a, err := evalTerm(e.args[0], t)
		if err != nil {
			return nil, err
		}
		r = new(big.Rat).Neg(a)
	case "+":
		a, b, err := bin()
		if err != nil {
			return nil, err
		}
		r = new(big.Rat).Add(a, b)
	case "-":
		a, b, err := bin()
		if err != nil {
			return nil, err
		}
		r = new(big.Rat).Sub(a, b)
		if t == "Nat" && r.Sign() < 0 {
			r.SetInt64(0) // Nat subtraction truncates at zero
		}
	case "*":
		a, b, err := bin()
		if err != nil {
			return nil, err
		}
		r = new(big.Rat).Mul(a, b)
	case "/":
		a, b, err := bin()
		if err != nil {
			return nil, err
		}
		switch {
		case b.Sign() == 0:
			r = new(big.Rat) // x / 0 = 0 for Nat, Int and Rat
		case t == "Rat":
			r = new(big.Rat).Quo(a, b)
		default:
			r = new(big.Rat).SetInt(ediv(a.Num(), b.Num()))
		}
	case "%":
		a, b, err := bin()
		if err != nil {
			return nil, err
		}
		if b.Sign() == 0 {
			r = a // x % 0 = x
		} else {
			q := ediv(a.Num(), b.Num())
			r = new(big.Rat).SetInt(new(big.Int).Sub(a.Num(), q.Mul(q, b.Num())))
		}
	case "^":
		a, err := evalTerm(e.args[0], t)
		if err != nil {
			return nil, err
		}
		n, err := evalTerm(e.args[1], "Nat")
		if err != nil {
			return nil, err
		}
		small := a.Num().CmpAbs(big.NewInt(1)) <= 0 && a.IsInt()
		if !n.Num().IsInt64() || (n.Num().Int64() > maxExp && !small) {
			return nil, &evalErr{evTooBig}
		}
		k := n.Num().Int64()
		if small && k > maxExp {
			k = 2 + k%2 // 0, 1 and -1 repeat with period 2 (k ≥ 1 here)
		}
		num := new(big.Int).Exp(a.Num(), big.NewInt(k), nil)
		den := new(big.Int).Exp(a.Denom(), big.NewInt(k), nil)
		r = new(big.Rat).SetFrac(num, den)
	default:
		return nil, &evalErr{evFree}
	}
	if r.Num().BitLen()+r.Denom().BitLen() > maxBits {
		return nil, &evalErr{evTooBig}
	}
	return r, nil
}

// ediv is Euclidean division (Lean's Int./ and, for non-negative operands, Nat./).
func ediv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() < 0 {
		if b.Sign() > 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return q
}

func evalProp(e *expr) (bool, error) {
	switch e.op {
	case "True":
		return true, nil
	case "False":
		return false, nil
	case "¬":
		v, err := evalProp(e.args[0])
		return !v, err
	case "∧", "∨", "→", "↔":
		a, err := evalProp(e.args[0])
		if err != nil {
			return false, err
		}
		b, err := evalProp(e.args[1])
		if err != nil {
			return false, err
		}
		switch e.op {
		case "∧":
			return a && b, nil
		case "∨":
			return a || b, nil
		case "→":
			return !a || b, nil
		}
		return a == b, nil
	case "=", "≠", "<", "≤", ">", "≥":
		a, err := evalTerm(e.args[0], e.typ)
		if err != nil {
			return false, err
		}
		b, err := evalTerm(e.args[1], e.typ)
		if err != nil {
			return false, err
		}
		c := a.Cmp(b)
		switch e.op {
		case "=":
			return c == 0, nil
		case "≠":
			return c != 0, nil
		case "<":
			return c < 0, nil
		case "≤":
			return c <= 0, nil
		case ">":
			return c > 0, nil
		}
		return c >= 0, nil
	}
	return false, &evalErr{evFree}
}

// hasRatArith reports Rat arithmetic (+ - * / ^) in a comparison: core Lean's `decide`
// cannot evaluate it, because Rat.add, Rat.mul and friends are irreducible
// (PROTOCOL.md §3.1–3.2).
func hasRatArith(e *expr) bool {
	switch e.op {
	case "=", "≠", "<", "≤", ">", "≥":
		if e.typ == "Rat" && (hasArith(e.args[0]) || hasArith(e.args[1])) {
			return true
		}
	}
	for _, a := range e.args {
		if hasRatArith(a) {
			return true
		}
	}
	return false
}

func hasArith(e *expr) bool {
	switch e.op {
	case "+", "-", "*", "/", "^":
		return true
	}
	for _, a := range e.args {
		if hasArith(a) {
			return true
		}
	}
	return false
}

// equal is syntactic equality of elaborated expressions (ascriptions are transparent,
// numerals compare by value).
func equal(a, b *expr) bool {
	for a.op == "asc" {
		a = a.args[0]
	}
	for b.op == "asc" {
		b = b.args[0]
	}
	if a.op != b.op || len(a.args) != len(b.args) {
		return false
	}
	switch a.op {
	case "num":
		x, ok1 := new(big.Rat).SetString(a.name)
		y, ok2 := new(big.Rat).SetString(b.name)
		return ok1 && ok2 && x.Cmp(y) == 0
	case "var", "pvar", "id":
		if a.name != b.name {
			return false
		}
	case "∀":
		if a.name != b.name || a.typ != b.typ {
			return false
		}
	case "=", "≠", "<", "≤", ">", "≥":
		if a.typ != b.typ {
			return false
		}
	}
	for i := range a.args {
		if !equal(a.args[i], b.args[i]) {
			return false
		}
	}
	return true
}

// rename replaces free occurrences of variable from by to.
func rename(e *expr, from, to string) *expr {
	if e.op == "∀" && e.name == from {
		return e
	}
	c := *e
	if (c.op == "var" || c.op == "pvar") && c.name == from {
		c.name = to
	}
	c.args = make([]*expr, len(e.args))
	for i, a := range e.args {
		c.args[i] = rename(a, from, to)
	}
	return &c
}

// Pretty-printing, with Lean's precedences: ↔ 20, → 25, ∨ 30, ∧ 35, ¬ 40, relations 50,
// + - 65, * / % 70, - (negation) and ^ 75.

func pp(e *expr) string { return ppPrec(e, 0, false) }

func ppM(e *expr, mathlib bool) string { return ppPrec(e, 0, mathlib) }

func ppPrec(e *expr, ctx int, m bool) string {
	paren := func(prec int, s string) string {
		if ctx > prec {
			return "(" + s + ")"
		}
		return s
	}
	infix := func(op string, prec, lp, rp int) string {
		return paren(prec, ppPrec(e.args[0], lp, m)+" "+op+" "+ppPrec(e.args[1], rp, m))
	}
	switch e.op {
	case "num", "var", "pvar", "id":
		return e.name
	case "True", "False":
		return e.op
	case "asc":
		return ppPrec(e.args[0], ctx, m)
	case "∀":
		names := []string{e.name}
		body := e.args[0]
		for body.op == "∀" && body.typ == e.typ {
			names = append(names, body.name)
			body = body.args[0]
		}
		return paren(0, fmt.Sprintf("∀ (%s : %s), %s", strings.Join(names, " "), showType(e.typ, m), ppPrec(body, 0, m)))
	case "↔":
		return infix("↔", 20, 21, 21)
	case "→":
		return infix("→", 25, 26, 25)
	case "∨":
		return infix("∨", 30, 31, 30)
	case "∧":
		return infix("∧", 35, 36, 35)
	case "¬":
		return paren(40, "¬"+ppPrec(e.args[0], 40, m))
	case "=", "≠", "<", "≤", ">", "≥":
		return infix(e.op, 50, 51, 51)
	case "+", "-":
		return infix(e.op, 65, 65, 66)
	case "*", "/", "%":
		return infix(e.op, 70, 70, 71)
	case "neg":
		return paren(75, "-"+ppPrec(e.args[0], 75, m))
	case "^":
		return infix("^", 75, 76, 75)
	}
	return "?"
}
