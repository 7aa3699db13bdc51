package program

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

type tokKind uint8

const (
	tName tokKind = iota + 1
	tNum
	tOp
	tEnd
)

type tok struct {
	kind tokKind
	s    string
}

// tokenize splits one statement into names, numbers and operators; a
// trailing comment is dropped.
func tokenize(s string) ([]tok, error) {
	var out []tok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '#':
			i = len(s)
		case c == '\'' || c == '"':
			return nil, errors.New("a string is not evaluated")
		case c >= 0x80:
			return nil, errors.New("a character outside ASCII")
		case c == '_' || isLetter(c):
			n := identLen(s[i:])
			if i+n < len(s) && (s[i+n] == '\'' || s[i+n] == '"') {
				return nil, errors.New("a string is not evaluated")
			}
			out = append(out, tok{tName, s[i : i+n]})
			i += n
		case isDigit(c) || c == '.' && i+1 < len(s) && isDigit(s[i+1]):
			j := i
			for j < len(s) && (isDigit(s[j]) || s[j] == '_' || s[j] == '.' ||
				(s[j] == 'e' || s[j] == 'E') ||
				(s[j] == '+' || s[j] == '-') && (s[j-1] == 'e' || s[j-1] == 'E')) {
				j++
			}
			if j < len(s) && (s[j] == '_' || isLetter(s[j])) {
				return nil, fmt.Errorf("a number literal %q this reader does not read", s[i:min(j+1, len(s))])
			}
			out = append(out, tok{tNum, s[i:j]})
			i = j
		case c == '.':
			return nil, errors.New("attribute access is not evaluated")
		default:
			op := ""
			for _, o := range []string{"//=", "**=", "+=", "-=", "*=", "/=", "%=", "//", "**", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "(", ")", "[", "]", ",", "="} {
				if strings.HasPrefix(s[i:], o) {
					op = o
					break
				}
			}
			if op == "" {
				return nil, fmt.Errorf("%q is not evaluated", string(c))
			}
			out = append(out, tok{tOp, op})
			i += len(op)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("an empty statement")
	}
	return out, nil
}

// literal reads a Python int or float literal.
func literal(s string) (value, error) {
	t := s
	if strings.Contains(t, "_") {
		if strings.Contains(t, "__") || strings.HasPrefix(t, "_") || strings.HasSuffix(t, "_") || strings.Contains(t, "_.") || strings.Contains(t, "._") {
			return value{}, fmt.Errorf("the number literal %q is not Python", s)
		}
		t = strings.ReplaceAll(t, "_", "")
	}
	if len(t) > 400 {
		return value{}, errTooLarge
	}
	if !strings.ContainsAny(t, ".eE") {
		if len(t) > 1 && t[0] == '0' && strings.Trim(t, "0") != "" {
			return value{}, fmt.Errorf("the number literal %q is not Python", s)
		}
		i, ok := new(big.Int).SetString(t, 10)
		if !ok {
			return value{}, fmt.Errorf("the number literal %q is not Python", s)
		}
		return intValue(i), checkInt(i)
	}
	mant, exp := t, 0
	if k := strings.IndexAny(t, "eE"); k >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(t[k+1:], "+"))
		if err != nil || e > 400 || e < -400 {
			return value{}, fmt.Errorf("the number literal %q is not read (its exponent)", s)
		}
		mant, exp = t[:k], e
	}
	if strings.Count(mant, ".") > 1 || mant == "." || strings.ContainsAny(mant, "+-eE") {
		return value{}, fmt.Errorf("the number literal %q is not Python", s)
	}
	q, ok := new(big.Rat).SetString(mant)
	if !ok {
		return value{}, fmt.Errorf("the number literal %q is not Python", s)
	}
	p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(exp))), nil))
	if exp >= 0 {
		q.Mul(q, p)
	} else {
		q.Quo(q, p)
	}
	f, err := strconv.ParseFloat(t, 64) // correctly rounded, as CPython reads it
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return value{}, fmt.Errorf("the number literal %q is not Python", s)
	}
	if err := finite(f); err != nil {
		return value{}, err
	}
	return value{q: q, float: true, f: f, known: true}, checkRat(q)
}

// evaluator reads one expression of a statement's tokens, evaluating as
// it goes: a straight-line program needs no tree.
type evaluator struct {
	toks  []tok
	i     int
	depth int
	vars  map[string]value
}

var endTok = tok{kind: tEnd}

func (ev *evaluator) peek() tok {
	if ev.i < len(ev.toks) {
		return ev.toks[ev.i]
	}
	return endTok
}

func (ev *evaluator) isOp(s string) bool { t := ev.peek(); return t.kind == tOp && t.s == s }

func (ev *evaluator) enter() error {
	ev.depth++
	if ev.depth > maxDepth {
		return fmt.Errorf("nested deeper than %d", maxDepth)
	}
	return nil
}

// expr: term (('+'|'-') term)*
func (ev *evaluator) expr() (value, error) {
	if err := ev.enter(); err != nil {
		return value{}, err
	}
	defer func() { ev.depth-- }()
	v, err := ev.term()
	for err == nil && (ev.isOp("+") || ev.isOp("-")) {
		op := ev.peek().s
		ev.i++
		var w value
		if w, err = ev.term(); err == nil {
			v, err = binary(op, v, w)
		}
	}
	if err == nil {
		if t := ev.peek(); t.kind == tOp && strings.Contains("== != <= >= <>", t.s) {
			err = errors.New("a comparison is not evaluated")
		}
	}
	return v, err
}

// term: factor (('*'|'/'|'//'|'%') factor)*
func (ev *evaluator) term() (value, error) {
	v, err := ev.factor()
	for err == nil && (ev.isOp("*") || ev.isOp("/") || ev.isOp("//") || ev.isOp("%")) {
		op := ev.peek().s
		ev.i++
		var w value
		if w, err = ev.factor(); err == nil {
			v, err = binary(op, v, w)
		}
	}
	return v, err
}

// factor: ('+'|'-') factor | power
func (ev *evaluator) factor() (value, error) {
	if ev.isOp("-") || ev.isOp("+") {
		neg := ev.peek().s == "-"
		ev.i++
		if err := ev.enter(); err != nil {
			return value{}, err
		}
		defer func() { ev.depth-- }()
		v, err := ev.factor()
		if err != nil || !neg {
			return v, err
		}
		return binary("-", intValue(new(big.Int)), v)
	}
	return ev.power()
}

// power: primary ['**' factor]
func (ev *evaluator) power() (value, error) {
	v, err := ev.primary()
	if err != nil || !ev.isOp("**") {
		return v, err
	}
	ev.i++
	w, err := ev.factor()
	if err != nil {
		return value{}, err
	}
	return binary("**", v, w)
}

// primary: number | name | call | '(' expr ')'
func (ev *evaluator) primary() (value, error) {
	t := ev.peek()
	ev.i++
	switch {
	case t.kind == tNum:
		return literal(t.s)
	case t.kind == tName && ev.isOp("("):
		if _, ok := ev.vars[t.s]; ok {
			return value{}, fmt.Errorf("%q is a variable, not a function", t.s)
		}
		ev.i++
		return ev.call(t.s)
	case t.kind == tName:
		if v, ok := ev.vars[t.s]; ok {
			return v, nil
		}
		if w := blockWords[t.s]; w != "" {
			return value{}, fmt.Errorf("%s (%q) is not evaluated", w, t.s)
		}
		return value{}, fmt.Errorf("the name %q is never assigned", t.s)
	case t.kind == tOp && t.s == "(":
		v, err := ev.expr()
		if err != nil {
			return value{}, err
		}
		if !ev.isOp(")") {
			if ev.isOp(",") {
				return value{}, errors.New("a tuple is not evaluated")
			}
			return value{}, errors.New("unbalanced parentheses")
		}
		ev.i++
		return v, nil
	case t.kind == tOp && t.s == "[":
		return value{}, errors.New("a list is not evaluated outside sum, min or max")
	case t.kind == tEnd:
		return value{}, errors.New("an expression ends early")
	}
	return value{}, fmt.Errorf("unexpected %q", t.s)
}

// args reads a call's arguments up to its ')'; a single list literal
// argument is returned with list true.
func (ev *evaluator) args() (vs []value, list bool, err error) {
	if ev.isOp("[") {
		ev.i++
		if vs, err = ev.items("]"); err != nil {
			return nil, false, err
		}
		if !ev.isOp(")") {
			return nil, false, errors.New("a list and more arguments are not evaluated")
		}
		ev.i++
		return vs, true, nil
	}
	vs, err = ev.items(")")
	return vs, false, err
}

// items reads comma-separated expressions up to close.
func (ev *evaluator) items(close string) ([]value, error) {
	var vs []value
	for !ev.isOp(close) {
		if len(vs) > 0 {
			if !ev.isOp(",") {
				return nil, errors.New("unbalanced brackets")
			}
			ev.i++
			if ev.isOp(close) {
				break
			}
		}
		if t := ev.peek(); t.kind == tName && ev.i+1 < len(ev.toks) && ev.toks[ev.i+1].s == "=" {
			return nil, fmt.Errorf("the keyword argument %q is not evaluated", t.s)
		}
		v, err := ev.expr()
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	ev.i++
	return vs, nil
}

// pyRepr is Python's repr of a float: the shortest digits that read
// back, fixed notation when the decimal point falls within 16 places.
func pyRepr(f float64) string {
	if f == 0 {
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	s := strconv.FormatFloat(f, 'e', -1, 64)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	k := strings.IndexByte(s, 'e')
	digits := strings.Replace(s[:k], ".", "", 1)
	e, _ := strconv.Atoi(s[k+1:])
	decpt := e + 1
	switch {
	case decpt > -4 && decpt <= 16 && decpt <= 0:
		return sign + "0." + strings.Repeat("0", -decpt) + digits
	case decpt > -4 && decpt <= 16 && decpt >= len(digits):
		return sign + digits + strings.Repeat("0", decpt-len(digits)) + ".0"
	case decpt > -4 && decpt <= 16:
		return sign + digits[:decpt] + "." + digits[decpt:]
	}
	m := digits[:1]
	if len(digits) > 1 {
		m += "." + digits[1:]
	}
	es := "+"
	if e < 0 {
		es, e = "-", -e
	}
	return fmt.Sprintf("%s%se%s%02d", sign, m, es, e)
}
