package gensim

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// A Problem is one row of a GSM8K-format file: the question and its reference solution, one
// line per step, the last step the final answer.
type Problem struct {
	Question string
	Lines    []line
	Answer   string // the number after "####", as written
}

// line is one reference line: text parts with calculator annotations between them.
type line struct {
	parts []part
}

// part is visible text, or a calculator annotation <<expr=value>>.
type part struct {
	text  string
	ann   bool
	expr  string
	value *big.Rat // the annotation's written value
	// evalOK: the expression parses and evaluates (its value may still differ from the written
	// one: GSM8K rounds some, and has a few wrong).
	evalOK bool
	// forced: the expression was changed by a slip (another operation, a conversion applied
	// twice); the step's result is always computed from it.
	forced bool
}

var annRe = regexp.MustCompile(`<<([^<>=]*)=([^<>]*)>>`)

// numRe matches a number as written in prose: digits with optional thousands commas and
// decimals, or a bare decimal.
var numRe = regexp.MustCompile(`\d+(?:,\d{3})*(?:\.\d+)?|\.\d+`)

// parseSolution reads a GSM8K answer: lines, then "#### N".
func parseSolution(answer string) ([]line, string, error) {
	raw := strings.Split(strings.ReplaceAll(answer, "\r\n", "\n"), "\n")
	var lines []line
	final := ""
	for _, l := range raw {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(l, "####"); ok {
			final = strings.TrimSpace(rest)
			break
		}
		lines = append(lines, parseLine(l))
	}
	if final == "" {
		return nil, "", fmt.Errorf("no final answer (\"#### N\") in the reference solution")
	}
	if _, ok := parseNum(final); !ok {
		return nil, "", fmt.Errorf("final answer %q is not a number", final)
	}
	return lines, final, nil
}

func parseLine(l string) line {
	var ln line
	at := 0
	for _, m := range annRe.FindAllStringSubmatchIndex(l, -1) {
		if m[0] > at {
			ln.parts = append(ln.parts, part{text: l[at:m[0]]})
		}
		expr, val := l[m[2]:m[3]], l[m[4]:m[5]]
		v, ok := parseNum(val)
		if !ok {
			// Not a number we can carry: keep the annotation's value as plain text.
			ln.parts = append(ln.parts, part{text: ""})
			at = m[1]
			continue
		}
		_, err := evalExpr(expr, nil)
		ln.parts = append(ln.parts, part{ann: true, expr: expr, value: v, evalOK: err == nil})
		at = m[1]
	}
	if at < len(l) {
		ln.parts = append(ln.parts, part{text: l[at:]})
	}
	return ln
}

// parseNum reads a number as written ("1,000", "0.25", ".5", "$3" is not one).
func parseNum(s string) (*big.Rat, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	if s == "" {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

func key(r *big.Rat) string { return r.RatString() }

// format writes a value the way a solution would: an integer, a terminating decimal of up to
// four places exactly, else rounded to two places.
func format(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	d := new(big.Int).Set(r.Denom())
	for _, p := range []int64{2, 5} {
		bp := big.NewInt(p)
		for new(big.Int).Mod(d, bp).Sign() == 0 {
			d.Quo(d, bp)
		}
	}
	if d.Cmp(big.NewInt(1)) == 0 {
		for places := 1; places <= 4; places++ {
			s := r.FloatString(places)
			if back, _ := new(big.Rat).SetString(s); back.Cmp(r) == 0 {
				return s
			}
		}
	}
	return r.FloatString(2)
}

// values maps a number of the reference solution (by key) to the value it has in the chain
// being continued, after a slip or a different value in the prefix changed it.
type values map[string]*big.Rat

func (v values) clone() values {
	c := make(values, len(v))
	for k, x := range v {
		c[k] = x
	}
	return c
}

// slot is one number of a rendered step: which reference number it stands for.
type slot struct {
	key string
}

// rendered is one step as text, the numbers in it, and the values after it.
type rendered struct {
	text  string
	slots []slot
	vals  values
	// slipped is set when the step carries a deliberate slip.
	slipped bool
}

// slip says which wrong value to write for a line's slipped annotation.
type slip struct {
	delta int64 // added to the correct value
}

// render writes reference line ln with the values vals carries; with s non-nil, its last
// annotation that can be recomputed gets a wrong value, which later lines carry. vals is not
// changed: the result holds the values after the step.
func render(ln line, vals values, s *slip) rendered {
	out := rendered{vals: vals.clone()}
	slipAt := -1
	if s != nil {
		for i, p := range ln.parts {
			if p.ann && p.evalOK {
				slipAt = i
			}
		}
	}
	// Numbers of the prose change only where they are operands of this line's calculations
	// (or the copy of a result): a number elsewhere in the text ("10% = 10 / 100") is left
	// as written, so no claim the reference states outside a calculation turns false.
	operands := map[string]bool{}
	for _, p := range ln.parts {
		if p.ann && p.evalOK {
			for _, m := range numRe.FindAllString(p.expr, -1) {
				n, _ := parseNum(m)
				operands[key(n)] = true
			}
		}
	}
	var b strings.Builder
	// pending: the visible copy of an annotation's value, just after it, shows the value
	// computed here (whatever an earlier line mapped that number to).
	var pendingKey string
	var pendingVal *big.Rat
	for i, p := range ln.parts {
		if !p.ann {
			at := 0
			for _, m := range numRe.FindAllStringIndex(p.text, -1) {
				b.WriteString(p.text[at:m[0]])
				at = m[1]
				n, _ := parseNum(p.text[m[0]:m[1]])
				k := key(n)
				switch {
				case pendingVal != nil && k == pendingKey:
					b.WriteString(writeLike(p.text[m[0]:m[1]], n, pendingVal))
					pendingVal = nil
				case out.vals[k] != nil && operands[k]:
					b.WriteString(format(out.vals[k]))
				default:
					b.WriteString(p.text[m[0]:m[1]])
				}
				out.slots = append(out.slots, slot{key: k})
			}
			b.WriteString(p.text[at:])
			continue
		}
		// An annotation: recompute its value from the values carried.
		result := p.value
		if p.evalOK {
			written, _ := evalExpr(p.expr, nil)
			// An operand changed: compute from it. A carried value can make the calculation
			// undefined (a divisor carried to 0); the step then keeps the reference's value,
			// a false claim in a chain that is already wrong.
			if now, err := evalExpr(p.expr, out.vals); err == nil && (now.Cmp(written) != 0 || p.forced) {
				result = now
			}
		}
		if i == slipAt {
			result = wrong(result, s.delta)
			out.slipped = true
		}
		// The expression itself, when the text does not show it before the value.
		before := strings.TrimRight(b.String(), " $")
		if !strings.HasSuffix(before, "=") {
			b.WriteString(substituteExpr(p.expr, out.vals))
			b.WriteString(" = ")
			for _, m := range numRe.FindAllString(p.expr, -1) {
				n, _ := parseNum(m)
				out.slots = append(out.slots, slot{key: key(n)})
			}
		}
		k := key(p.value)
		if result.Cmp(p.value) != 0 {
			out.vals[k] = result
		} else {
			delete(out.vals, k)
		}
		pendingKey, pendingVal = k, result
	}
	out.text = strings.Join(strings.Fields(b.String()), " ")
	return out
}

// writeLike writes v where the text showed orig (numerically n): unchanged text when equal.
func writeLike(orig string, n, v *big.Rat) string {
	if n.Cmp(v) == 0 {
		return orig
	}
	return format(v)
}

// wrong is a slip: v plus delta, kept positive when v is.
func wrong(v *big.Rat, delta int64) *big.Rat {
	w := new(big.Rat).Add(v, new(big.Rat).SetInt64(delta))
	if v.Sign() > 0 && w.Sign() <= 0 {
		w = new(big.Rat).Add(v, new(big.Rat).SetInt64(-delta))
	}
	return w
}

// substituteExpr writes an annotation's expression with the values carried.
func substituteExpr(expr string, vals values) string {
	return numRe.ReplaceAllStringFunc(expr, func(s string) string {
		n, ok := parseNum(s)
		if !ok {
			return s
		}
		if v := vals[key(n)]; v != nil {
			return format(v)
		}
		return s
	})
}

// finalStep is the last step: the answer, carried through the values.
func finalStep(answer string, vals values) (string, []slot) {
	n, _ := parseNum(answer)
	k := key(n)
	text := strings.ReplaceAll(answer, ",", "")
	if v := vals[k]; v != nil {
		text = format(v)
	}
	return "The answer is " + text + ".", []slot{{key: k}}
}

// evalExpr evaluates a calculator annotation's expression exactly (+ - * / parentheses, unary
// minus, a trailing % as /100), numbers mapped through vals when non-nil.
func evalExpr(expr string, vals values) (*big.Rat, error) {
	p := exprParser{s: strings.ReplaceAll(expr, ",", ""), vals: vals}
	v, err := p.sum()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, fmt.Errorf("unexpected %q", p.s[p.i:])
	}
	return v, nil
}

type exprParser struct {
	s    string
	i    int
	vals values
}

func (p *exprParser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *exprParser) peek() byte {
	p.space()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *exprParser) sum() (*big.Rat, error) {
	v, err := p.product()
	if err != nil {
		return nil, err
	}
	for {
		switch p.peek() {
		case '+', '-':
			op := p.s[p.i]
			p.i++
			w, err := p.product()
			if err != nil {
				return nil, err
			}
			if op == '+' {
				v = new(big.Rat).Add(v, w)
			} else {
				v = new(big.Rat).Sub(v, w)
			}
		default:
			return v, nil
		}
	}
}

func (p *exprParser) product() (*big.Rat, error) {
	v, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		switch p.peek() {
		case '*', '/':
			op := p.s[p.i]
			p.i++
			w, err := p.unary()
			if err != nil {
				return nil, err
			}
			if op == '*' {
				v = new(big.Rat).Mul(v, w)
			} else {
				if w.Sign() == 0 {
					return nil, fmt.Errorf("division by zero")
				}
				v = new(big.Rat).Quo(v, w)
			}
		default:
			return v, nil
		}
	}
}

func (p *exprParser) unary() (*big.Rat, error) {
	if p.peek() == '-' {
		p.i++
		v, err := p.unary()
		if err != nil {
			return nil, err
		}
		return new(big.Rat).Neg(v), nil
	}
	v, err := p.atom()
	if err != nil {
		return nil, err
	}
	if p.peek() == '%' {
		p.i++
		v = new(big.Rat).Quo(v, big.NewRat(100, 1))
	}
	return v, nil
}

func (p *exprParser) atom() (*big.Rat, error) {
	if p.peek() == '(' {
		p.i++
		v, err := p.sum()
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			return nil, fmt.Errorf("missing )")
		}
		p.i++
		return v, nil
	}
	p.space()
	loc := numRe.FindStringIndex(p.s[p.i:])
	if loc == nil || loc[0] != 0 {
		return nil, fmt.Errorf("expected a number at %q", p.s[p.i:])
	}
	n, _ := parseNum(p.s[p.i : p.i+loc[1]])
	p.i += loc[1]
	if p.vals != nil {
		if v := p.vals[key(n)]; v != nil {
			return v, nil
		}
	}
	return n, nil
}
