// Package recfn decides values of a function on the positive integers
// that the problem defines by cases of parity, in words (docs/TRANSLATE.md,
// "Functions the problem defines by the parity of their argument, or by
// cases"): "f(1)
// = 1; if n is an even positive integer, then f(n) = f(n/2); if n is an
// odd positive integer with n > 1, then f(n) = f(n - 1) + 1". Its values
// are computed exactly (bounded recursion), and a step's chain of
// equalities between closed expressions in the function's values, "f(25)
// = f(24) + 1 = (f(12) + 1) + 1", is decided link by link. The problem must
// define the function without doubt: start values, one rule for even and
// one for odd arguments, each in its own clause with no other condition
// than a lower bound, start values the rules agree with, and the
// problem's own examples ("For example, f(34) = f(17)") true under the
// reading; a problem that asks for functions or states anything else of
// the function defines nothing. A function defined by cases
// (\begin{cases} or an array after "f(x) =", cases.go) is read too, and
// evaluated at whole arguments.
package recfn

import (
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Limits: the problem read, its math regions, the start values, the
// argument evaluated, the calls of one evaluation, the bits of a value.
const (
	maxText    = 4000
	maxRegions = 40
	maxStarts  = 8
	maxArg     = 1 << 20
	maxCalls   = 4000
	maxBits    = 256
)

// rule is the body of one parity case and its lower bound (the argument
// must be at least min; 0 for none).
type rule struct {
	body *node
	min  int64
}

// Def is a function the problem defines by parity, or the zero Def.
type Def struct {
	Name   string
	starts map[int64]*big.Rat
	even   *rule
	odd    *rule
	memo   map[int64]*big.Rat
	// pieces are the rows of a definition by cases (readCases); intParity
	// says a row names a parity, minArg is the least argument then.
	pieces    []piece
	intParity bool
	minArg    int64
}

// Defined reports whether d defines a function.
func (d *Def) Defined() bool {
	return d != nil && (d.even != nil && d.odd != nil || len(d.pieces) > 0)
}

var (
	// headRE is a region "f(n) = body": group 1 the name, 2 the parameter,
	// 3 the body.
	headRE = regexp.MustCompile(`^\s*([a-zA-Z])\s*\(\s*([a-z])\s*\)\s*=\s*(.+?)\s*$`)
	// startRE is a region "f(1) = 1": groups the name, the argument, the
	// sign and the value.
	startRE = regexp.MustCompile(`^\s*([a-zA-Z])\s*\(\s*(\d{1,6})\s*\)\s*=\s*(-?)\s*(\d{1,12})\s*$`)
	// boundRE is a region "n > 1", "n \geq 2": groups the parameter, the
	// relation and the bound.
	boundRE = regexp.MustCompile(`^\s*([a-z])\s*(>|\\geq|\\ge|≥|\\geqslant)\s*(\d{1,6})\s*$`)
	// vetoRE in the problem: it asks for functions, or speaks of the
	// function in a way not read.
	vetoRE = regexp.MustCompile(`\b(?:all\s+functions|find\s+all|functional\s+equation|satisf\w*|such\s+that|for\s+all|for\s+every|otherwise|multiple\s+of|divisible|remainder|mod|modulo|real|rational)\b`)
)

// ProblemDef reads the function the problem defines by the parity of its
// argument in words (readWords) or by cases (readCases), or nil; nil too
// when both readings find one.
func ProblemDef(problem string) *Def {
	w, c := readWords(problem), readCases(problem)
	if w != nil && c != nil {
		return nil
	}
	if w != nil {
		return w
	}
	return c
}

// readWords reads the function the problem defines by the parity of its
// argument in words, or nil.
func readWords(problem string) *Def {
	if len(problem) > maxText || !strings.Contains(problem, "even") || !strings.Contains(problem, "odd") || !strings.Contains(problem, "positive integer") {
		return nil
	}
	low := mathtext.LowerPlain(problem)
	if !strings.Contains(low, "positive integer") || vetoRE.MatchString(low) {
		return nil
	}
	regions := mathtext.TextRegions(problem)
	if len(regions) == 0 || len(regions) > maxRegions {
		return nil
	}
	d := &Def{starts: map[int64]*big.Rat{}, memo: map[int64]*big.Rat{}}
	var examples []string
	for _, r := range regions {
		src := problem[r.S:r.E]
		if !strings.Contains(src, "=") {
			continue
		}
		sent := low[listcond.SentenceStart(low, r.S):listcond.SentenceEnd(low, r.E)]
		if strings.Contains(sent, "example") || strings.Contains(sent, "e.g.") {
			examples = append(examples, src)
			continue
		}
		if !d.read(src, problem, low, r) {
			return nil
		}
	}
	if !d.Defined() || len(d.starts) == 0 {
		return nil
	}
	// Every argument below the rules' bounds must have a start value.
	for _, r := range []*rule{d.even, d.odd} {
		for k := int64(1); k < r.min; k++ {
			if d.starts[k] == nil && d.ruleFor(k) == r {
				return nil
			}
		}
	}
	// A start value the rule of its parity also gives must agree with it.
	for k, v := range d.starts {
		if r := d.ruleFor(k); k >= r.min {
			calls := 0
			if w, ok := d.eval(r.body, big.NewRat(k, 1), &calls, 1); ok && w.Cmp(v) != 0 {
				return nil
			}
		}
	}
	for _, ex := range examples {
		if ok, known := d.holds(ex); !known || !ok {
			return nil
		}
	}
	return d
}

// read takes one region of the problem with "=" into d: a start value,
// or a rule with its parity and bound from its clause. It fails on any
// other equality, and on a second name or parameter.
func (d *Def) read(src, problem, low string, r mathtext.Region) bool {
	if m := startRE.FindStringSubmatch(src); m != nil {
		if !d.name(m[1]) || len(d.starts) >= maxStarts {
			return false
		}
		k, v := new(big.Int), new(big.Rat)
		k.SetString(m[2], 10)
		v.SetString(m[4])
		if m[3] != "" {
			v.Neg(v)
		}
		if old := d.starts[k.Int64()]; old != nil && old.Cmp(v) != 0 || k.Int64() < 1 {
			return false
		}
		d.starts[k.Int64()] = v
		return true
	}
	m := headRE.FindStringSubmatch(src)
	if m == nil || !d.name(m[1]) || strings.Contains(m[3], "=") {
		return false
	}
	body, ok := parseExpr(m[3], d.Name, m[2][0])
	if !ok {
		return false
	}
	// The clause: from the start of the line or sentence to the region.
	cs := listcond.SentenceStart(low, r.OS)
	if k := strings.LastIndexAny(low[cs:r.OS], ";\n"); k >= 0 {
		cs += k + 1
	}
	clause := low[cs:r.OS]
	even, odd := strings.Contains(clause, "even"), strings.Contains(clause, "odd")
	if even == odd || !strings.Contains(clause, "if ") && !strings.Contains(clause, "for ") && !strings.Contains(clause, "when ") {
		return false
	}
	rl := &rule{body: body}
	// The clause's other math: the parameter alone, or its lower bound.
	for _, cr := range mathtext.TextRegions(problem[cs:r.OS]) {
		inner := strings.TrimSpace(problem[cs+cr.S : cs+cr.E])
		if inner == m[2] {
			continue
		}
		b := boundRE.FindStringSubmatch(inner)
		if b == nil || b[1] != m[2] || rl.min != 0 {
			return false
		}
		n := new(big.Int)
		n.SetString(b[3], 10)
		rl.min = n.Int64()
		if b[2] == ">" {
			rl.min++
		}
	}
	if strings.Contains(clause, "greater") || strings.Contains(clause, "less") || strings.Contains(clause, "at least") || strings.Contains(clause, "prime") || strings.Contains(clause, "square") {
		return false
	}
	if even {
		if d.even != nil {
			return false
		}
		d.even = rl
	} else {
		if d.odd != nil {
			return false
		}
		d.odd = rl
	}
	return true
}

// name records the function's name, failing on a second one.
func (d *Def) name(n string) bool {
	if d.Name == "" {
		d.Name = n
	}
	return d.Name == n
}

// ruleFor is the rule of argument k by its parity.
func (d *Def) ruleFor(k int64) *rule {
	if k%2 == 0 {
		return d.even
	}
	return d.odd
}

// Value is f(k) exactly, ok false when k is not a positive integer within
// the limits, the recursion runs too deep or long, or a rule does not
// apply.
func (d *Def) Value(k int64) (*big.Rat, bool) {
	calls := 0
	return d.value(k, &calls, 0)
}

// value is Value with a count of calls and the depth of the recursion.
func (d *Def) value(k int64, calls *int, depth int) (*big.Rat, bool) {
	if k > maxArg || depth > 200 || k < 1 && d.pieces == nil || d.pieces != nil && k < d.minArg {
		return nil, false
	}
	if v := d.starts[k]; v != nil {
		return v, true
	}
	if v := d.memo[k]; v != nil {
		return v, true
	}
	*calls++
	if *calls > maxCalls {
		return nil, false
	}
	var body *node
	if d.pieces != nil {
		pc := d.selectPiece(k)
		if pc == nil {
			return nil, false
		}
		body = pc.body
	} else {
		r := d.ruleFor(k)
		if k < r.min {
			return nil, false
		}
		body = r.body
	}
	v, ok := d.eval(body, big.NewRat(k, 1), calls, depth+1)
	if !ok {
		return nil, false
	}
	if len(d.memo) < maxCalls {
		d.memo[k] = v
	}
	return v, true
}

// eval is the value of n with the parameter at p (nil: none).
func (d *Def) eval(n *node, p *big.Rat, calls *int, depth int) (*big.Rat, bool) {
	switch n.op {
	case 'n':
		return n.num, true
	case 'p':
		return p, p != nil
	case 'f':
		a, ok := d.eval(n.a, p, calls, depth)
		if !ok || !a.IsInt() || !a.Num().IsInt64() {
			return nil, false
		}
		return d.value(a.Num().Int64(), calls, depth)
	case '~':
		a, ok := d.eval(n.a, p, calls, depth)
		if !ok {
			return nil, false
		}
		return new(big.Rat).Neg(a), true
	}
	a, ok := d.eval(n.a, p, calls, depth)
	if !ok {
		return nil, false
	}
	b, ok := d.eval(n.b, p, calls, depth)
	if !ok {
		return nil, false
	}
	v := new(big.Rat)
	switch n.op {
	case '+':
		v.Add(a, b)
	case '-':
		v.Sub(a, b)
	case '*':
		v.Mul(a, b)
	case '/':
		if b.Sign() == 0 {
			return nil, false
		}
		v.Quo(a, b)
	}
	if v.Num().BitLen() > maxBits || v.Denom().BitLen() > maxBits {
		return nil, false
	}
	return v, true
}

// Closed is the value of the closed expression s in the function's
// values, ok false when it is not one or cannot be computed.
func (d *Def) Closed(s string) (*big.Rat, bool) {
	n, ok := parseExpr(s, d.Name, 0)
	if !ok {
		return nil, false
	}
	calls := 0
	return d.eval(n, nil, &calls, 0)
}

// holds decides a chain of equalities between closed expressions (an
// example of the problem): ok when every link holds, known when every
// member is computed.
func (d *Def) holds(src string) (ok, known bool) {
	parts := strings.Split(src, "=")
	var prev *big.Rat
	ok = true
	for i, part := range parts {
		v, k := d.Closed(part)
		if !k {
			return false, false
		}
		if i > 0 && prev.Cmp(v) != 0 {
			ok = false
		}
		prev = v
	}
	return ok, true
}
