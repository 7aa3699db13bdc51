package replsim

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kind is the kind of a JSON value.
type Kind uint8

// The JSON kinds, mirroring the constructors of Lean's `Lean.Json`.
const (
	KindNull Kind = iota
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

// Value is a JSON value with the semantics of Lean's `Lean.Json`: objects are maps (a later
// duplicate key replaces an earlier one, as an insertion into Lean's RBNode does) and are
// printed in reverse lexicographic key order; numbers keep Lean's decimal rendering.
//
// The zero Value is null.
type Value struct {
	kind Kind
	b    bool
	num  string // Lean's rendering of the number (JsonNumber.toString)
	s    string
	arr  []Value
	obj  map[string]Value
}

// Null returns the JSON null.
func Null() Value { return Value{} }

// Bool returns a JSON boolean.
func Bool(b bool) Value { return Value{kind: KindBool, b: b} }

// Int returns a JSON integer.
func Int(n int) Value { return Value{kind: KindNumber, num: strconv.Itoa(n)} }

// Str returns a JSON string.
func Str(s string) Value { return Value{kind: KindString, s: s} }

// Arr returns a JSON array holding vs.
func Arr(vs ...Value) Value {
	if vs == nil {
		vs = []Value{}
	}
	return Value{kind: KindArray, arr: vs}
}

// Obj returns an empty JSON object; add fields with Set.
func Obj() Value { return Value{kind: KindObject, obj: map[string]Value{}} }

// Set adds or replaces field k of an object and returns the object, for chaining.
// It panics on a non-object, which is a programming error.
func (v Value) Set(k string, x Value) Value {
	if v.kind != KindObject {
		panic("replsim: Set on a non-object JSON value")
	}
	v.obj[k] = x
	return v
}

// Kind reports the kind of v.
func (v Value) Kind() Kind { return v.kind }

// Get returns field k of an object and whether it is present.
func (v Value) Get(k string) (Value, bool) {
	if v.kind != KindObject {
		return Value{}, false
	}
	x, ok := v.obj[k]
	return x, ok
}

// Len returns the number of elements of an array or fields of an object.
func (v Value) Len() int {
	switch v.kind {
	case KindArray:
		return len(v.arr)
	case KindObject:
		return len(v.obj)
	}
	return 0
}

// Index returns element i of an array.
func (v Value) Index(i int) Value { return v.arr[i] }

// AsString returns the string of a JSON string.
func (v Value) AsString() (string, bool) { return v.s, v.kind == KindString }

// AsBool returns the value of a JSON boolean.
func (v Value) AsBool() (bool, bool) { return v.b, v.kind == KindBool }

// AsNat returns the value of a JSON number that Lean's `getNat?` accepts: a non-negative
// integer with no fractional part.
func (v Value) AsNat() (int, bool) {
	if v.kind != KindNumber || strings.ContainsAny(v.num, ".e-") {
		return 0, false
	}
	n, err := strconv.Atoi(v.num)
	if err != nil {
		return 0, false
	}
	return n, true
}

// Keys returns an object's keys in the order Lean prints them (reverse lexicographic).
func (v Value) Keys() []string {
	ks := make([]string, 0, len(v.obj))
	for k := range v.obj {
		ks = append(ks, k)
	}
	// Lean's RBMap orders String keys by `<` on code points; Go's byte order on UTF-8 is
	// the same order. Folding the map into a list by consing reverses it.
	sort.Sort(sort.Reverse(sort.StringSlice(ks)))
	return ks
}

// Equal reports whether two values are the same JSON value.
func (v Value) Equal(w Value) bool {
	if v.kind != w.kind {
		return false
	}
	switch v.kind {
	case KindNull:
		return true
	case KindBool:
		return v.b == w.b
	case KindNumber:
		return v.num == w.num
	case KindString:
		return v.s == w.s
	case KindArray:
		if len(v.arr) != len(w.arr) {
			return false
		}
		for i := range v.arr {
			if !v.arr[i].Equal(w.arr[i]) {
				return false
			}
		}
		return true
	case KindObject:
		if len(v.obj) != len(w.obj) {
			return false
		}
		for k, x := range v.obj {
			y, ok := w.obj[k]
			if !ok || !x.Equal(y) {
				return false
			}
		}
		return true
	}
	return false
}

// String renders v with Lean's pretty printer at width 80, like the REPL's replies.
func (v Value) String() string { return Pretty(v, DefaultWidth) }

// maxJSONDepth bounds nesting so that a hostile request cannot exhaust the Go stack. Lean's
// parser has no such limit; it would overflow its own stack long before this.
const maxJSONDepth = 10000

// ParseJSON parses text the way Lean's `Json.parse` does: one value, surrounded by optional
// whitespace. Errors are shaped like Lean's Parsec errors ("offset N: …"); their exact
// wording is not verified against Lean.
func ParseJSON(text string) (Value, error) {
	p := &jsonParser{s: text}
	p.ws()
	v, err := p.value(0)
	if err != nil {
		return Value{}, err
	}
	p.ws()
	if p.i != len(p.s) {
		return Value{}, p.errf("expected end of input")
	}
	return v, nil
}

type jsonParser struct {
	s string
	i int
}

func (p *jsonParser) errf(format string, args ...any) error {
	return fmt.Errorf("offset %d: %s", p.i, fmt.Sprintf(format, args...))
}

func (p *jsonParser) ws() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonParser) value(depth int) (Value, error) {
	if depth > maxJSONDepth {
		return Value{}, p.errf("maximum nesting depth exceeded")
	}
	if p.i >= len(p.s) {
		return Value{}, p.errf("unexpected end of input")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		p.ws()
		obj := Obj()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return obj, nil
		}
		for {
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return Value{}, p.errf("expected '\"'")
			}
			k, err := p.str()
			if err != nil {
				return Value{}, err
			}
			p.ws()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return Value{}, p.errf("expected ':'")
			}
			p.i++
			p.ws()
			x, err := p.value(depth + 1)
			if err != nil {
				return Value{}, err
			}
			obj.obj[k] = x
			p.ws()
			if p.i >= len(p.s) {
				return Value{}, p.errf("unexpected end of input")
			}
			if p.s[p.i] == '}' {
				p.i++
				return obj, nil
			}
			if p.s[p.i] != ',' {
				return Value{}, p.errf("unexpected character '%c'", p.s[p.i])
			}
			p.i++
			p.ws()
		}
	case c == '[':
		p.i++
		p.ws()
		arr := []Value{}
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return Arr(arr...), nil
		}
		for {
			x, err := p.value(depth + 1)
			if err != nil {
				return Value{}, err
			}
			arr = append(arr, x)
			p.ws()
			if p.i >= len(p.s) {
				return Value{}, p.errf("unexpected end of input")
			}
			if p.s[p.i] == ']' {
				p.i++
				return Arr(arr...), nil
			}
			if p.s[p.i] != ',' {
				return Value{}, p.errf("unexpected character '%c'", p.s[p.i])
			}
			p.i++
			p.ws()
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return Value{}, err
		}
		return Str(s), nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case strings.HasPrefix(p.s[p.i:], "null"):
		p.i += 4
		return Null(), nil
	case strings.HasPrefix(p.s[p.i:], "true"):
		p.i += 4
		return Bool(true), nil
	case strings.HasPrefix(p.s[p.i:], "false"):
		p.i += 5
		return Bool(false), nil
	default:
		r, _ := utf8.DecodeRuneInString(p.s[p.i:])
		return Value{}, p.errf("unexpected character '%c'", r)
	}
}

func (p *jsonParser) str() (string, error) {
	p.i++ // opening quote
	var b strings.Builder
	for {
		if p.i >= len(p.s) {
			return "", p.errf("unexpected end of input")
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c == '\\':
			p.i++
			if p.i >= len(p.s) {
				return "", p.errf("unexpected end of input")
			}
			e := p.s[p.i]
			p.i++
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				if p.i+4 > len(p.s) {
					return "", p.errf("unexpected end of input")
				}
				n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
				if err != nil {
					return "", p.errf("invalid escape sequence")
				}
				p.i += 4
				b.WriteRune(rune(n)) // a lone surrogate becomes U+FFFD
			default:
				p.i--
				return "", p.errf("invalid escape sequence")
			}
		case c < 0x20:
			return "", p.errf("unexpected control character in string")
		default:
			r, size := utf8.DecodeRuneInString(p.s[p.i:])
			b.WriteRune(r)
			p.i += size
		}
	}
}

// number parses a JSON number into Lean's JsonNumber (mantissa, decimal exponent) and keeps
// its Lean rendering.
func (p *jsonParser) number() (Value, error) {
	start := p.i
	neg := false
	if p.s[p.i] == '-' {
		neg = true
		p.i++
	}
	digits := func() string {
		j := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		return p.s[j:p.i]
	}
	intPart := digits()
	if intPart == "" {
		return Value{}, p.errf("expected digit")
	}
	if len(intPart) > 1 && intPart[0] == '0' {
		p.i = start + len(intPart) - 1
		if neg {
			p.i++
		}
		return Value{}, p.errf("unexpected character '0'")
	}
	frac := ""
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		frac = digits()
		if frac == "" {
			return Value{}, p.errf("expected digit")
		}
	}
	exp := 0
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		sign := 1
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			if p.s[p.i] == '-' {
				sign = -1
			}
			p.i++
		}
		ed := digits()
		if ed == "" {
			return Value{}, p.errf("expected digit")
		}
		if len(ed) > 6 {
			return Value{}, p.errf("exponent too large")
		}
		e, _ := strconv.Atoi(ed)
		exp = sign * e
	}
	m, _ := new(big.Int).SetString(intPart+frac, 10)
	if neg {
		m.Neg(m)
	}
	e := len(frac) - exp // value = m * 10^-e
	if e < 0 {
		m.Mul(m, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-e)), nil))
		e = 0
	}
	return Value{kind: KindNumber, num: leanNumberString(m, e)}, nil
}

// leanNumberString renders mantissa·10^-exponent the way Lean's JsonNumber.toString does:
// integers plainly, other numbers with a fractional part whose trailing zeros are dropped,
// and tiny numbers with a negative "e" exponent. Only integers occur in REPL replies, so the
// non-integer branch is not verified against Lean.
func leanNumberString(m *big.Int, exponent int) string {
	if exponent == 0 {
		return m.String()
	}
	sign := ""
	if m.Sign() < 0 {
		sign = "-"
	}
	abs := new(big.Int).Abs(m)
	digitsM := len(abs.String())
	exp := 9 + digitsM - exponent
	if exp > 0 {
		exp = 0
	}
	ePrime := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(exponent+exp)), nil)
	left, rem := new(big.Int).QuoRem(abs, ePrime, new(big.Int))
	if rem.Sign() == 0 && exp == 0 {
		return sign + left.String()
	}
	right := new(big.Int).Add(ePrime, rem).String()[1:]
	right = strings.TrimRight(right, "0")
	s := sign + left.String() + "." + right
	if exp != 0 {
		s += "e" + strconv.Itoa(exp)
	}
	return s
}
