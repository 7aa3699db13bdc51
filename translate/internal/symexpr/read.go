package symexpr

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Expr is an expression with variables, as the symbolic reader parses
// it from a math region: numbers, names, + - * /, unary minus and
// integer powers. Nothing else is read; whatever else a side holds makes
// the reader refuse it.
type Expr struct {
	Op   byte // 'n' number, 'v' name, '+', '-', '*', '/', '~' (negation), '^', 'r' (root of index exp), '!' (factorial), 'b' (binomial l choose r), 't' (name(num·π)), 'F' (name ∈ gcd, lcm of l and r; floor, ceil of l; log base l of r), 'W' (name ∈ sin, cos, … of the argument l = num·x + r·π, x a name), 'X' (l to the power r, r with names)
	Num  *big.Rat
	Name string
	L, R *Expr
	Exp  int
}

// symLimits bound what the reader accepts.
const (
	symMaxExp    = 32
	symMaxDigits = 30
	symMaxNodes  = 400
	symMaxDepth  = 40
	// symMaxRoot bounds the denominator of a fractional exponent: 16^{3/4}
	// is read (the root of index 4 of 16^3), its value exact only when it
	// lies in the field of square and cube roots (algebra.Root).
	symMaxRoot = 12
)

var errSym = errors.New("not a symbolic expression")

// sreader reads one side of a relation.
type sreader struct {
	s     string
	i     int
	nodes int
	depth int
	defs  map[string]*Def
	used  bool
	// inTrig allows \pi and degrees (^\circ) inside a trigonometric
	// function's argument.
	inTrig bool
	// inArgs allows a comma right after a number: it separates gcd's
	// arguments.
	inArgs bool
	bound  bool // a name bound to a constant was replaced
	fn     bool // a function's or a sequence's definition was put in
	prod   bool // a letter of FuncNames was read as a factor before a bracket
	// idx is the index of the sum or product being read (bigop.go): a
	// name of its own, never replaced by a value bound in the chain.
	idx string
	// wide reads a summand to the end of its group; ambig records a
	// narrow summand that + or - follows.
	wide, ambig bool
	expanded    int // nodes the sums of this member were written out to
	// pi reads \pi as the name π everywhere; trigNames reads a
	// trigonometric function of a name (trigname.go), expNames a power
	// with a name in its exponent (expname.go). ReadMember only.
	pi, trigNames, expNames bool
}

func (r *sreader) fail(format string, args ...any) {
	panic(&symError{format, args})
}

// symError is errSym with the reader's message ("%w: %s" of errSym and the
// message), formatted only when read: most failures are only tested.
type symError struct {
	format string
	args   []any // strings, bytes and errors, none written later
}

func (e *symError) Error() string { return errSym.Error() + ": " + fmt.Sprintf(e.format, e.args...) }
func (e *symError) Unwrap() error { return errSym }

// Read parses s as one expression. It never panics on any input.
func Read(s string) (e *Expr, err error) {
	e, _, _, err = ReadDefs(s, nil)
	return e, err
}

// Def is a one-variable function defined in an earlier line or step,
// "T(x) = x^2 + 1"; a nil *symDef marks a name defined in two ways.
type Def struct {
	Param string
	Body  *Expr
	Step  int
	// Seq marks a sequence the problem defines: under "a_" its closed form
	// in Param (a_n = 2n + 1), under "a_5" or "a_{5}" a term its recurrence
	// gives. Its terms are values like a function's, not names bound to a
	// number.
	Seq bool
	// Asked marks a function the problem also sets equal to something
	// ("Solve f(x) = x^2 + 5"): a step's "f(x) = …" may be that equation.
	Asked bool
}

// ReadDefs parses s, replacing applications of the functions in defs
// by their bodies and the names bound to constants (a symDef without a
// parameter) by their values; used reports whether any was replaced,
// bound whether a constant was.
func ReadDefs(s string, defs map[string]*Def) (e *Expr, used, bound bool, err error) {
	e, info, err := ReadDefsInfo(s, defs)
	return e, info.Used, info.Bound, err
}

// ReadInfo says what a reading put in: Used and Bound as ReadDefs
// reports them, Fn a function's or a sequence's definition (apart from
// constants), Prod a letter of FuncNames read as a factor before a
// bracket; Ambig a narrow summand that + or - follows (bigop.go).
type ReadInfo struct {
	Used, Bound, Fn, Prod, Ambig bool
}

// ReadDefsInfo is ReadDefs with what it put in.
func ReadDefsInfo(s string, defs map[string]*Def) (e *Expr, info ReadInfo, err error) {
	return readWith(s, defs, false, Mode{})
}

// readWith is ReadDefsInfo; wide reads a sum's summand to the end of its
// group. mode adds the readings of Mode.
func readWith(s string, defs map[string]*Def, wide bool, mode Mode) (e *Expr, info ReadInfo, err error) {
	defer func() {
		if x := recover(); x != nil {
			ex, ok := x.(error)
			if !ok || !errors.Is(ex, errSym) {
				panic(x)
			}
			e, info, err = nil, ReadInfo{}, ex
		}
	}()
	r := &sreader{s: s, defs: defs, wide: wide, pi: mode.Pi, trigNames: mode.TrigNames, expNames: mode.ExpNames}
	e = r.expr()
	r.skip()
	if r.i < len(r.s) {
		r.fail("unread text %q", r.rest(12))
	}
	return e, ReadInfo{Used: r.used, Bound: r.bound, Fn: r.fn, Prod: r.prod, Ambig: r.ambig}, nil
}

func (r *sreader) rest(n int) string {
	t := r.s[r.i:]
	if len(t) > n {
		t = t[:n]
	}
	return t
}

func (r *sreader) node(n *Expr) *Expr {
	r.nodes++
	if r.nodes > symMaxNodes {
		r.fail("too long")
	}
	return n
}

// ignorable LaTeX spacing and sizing commands.
var symIgnore = []string{`\left`, `\right`, `\displaystyle`, `\,`, `\;`, `\!`, `\:`, `\ `, `\big`, `\Big`, `\bigg`, `\Bigg`}

// skip passes spaces and ignorable commands.
func (r *sreader) skip() {
	for r.i < len(r.s) {
		c := r.s[r.i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '&' {
			r.i++
			continue
		}
		if c == '\\' && r.i+1 < len(r.s) && strings.IndexByte("lrd,;!: bB", r.s[r.i+1]) >= 0 { // the second bytes of symIgnore
			found := false
			for _, w := range symIgnore {
				if strings.HasPrefix(r.s[r.i:], w) && (len(w) == 2 || !IsLetterAt(r.s, r.i+len(w))) {
					r.i += len(w)
					found = true
					break
				}
			}
			if found {
				continue
			}
		}
		return
	}
}

func IsLetterAt(s string, i int) bool { return i < len(s) && mathtext.IsASCIILetter(s[i]) }

// coefBefore reports a number or a fraction's last group just before a bracket.
func coefBefore(s string) bool {
	s = strings.TrimRight(s, " ")
	return s != "" && (mathtext.IsDigit(s[len(s)-1]) || s[len(s)-1] == '}')
}

// peek returns the next token class without consuming it: one of
// "num", "name", "open", "close", "frac", "+", "-", "*", "/", "^", "sq" (a
// Unicode power), "" at the end, or "other".
func (r *sreader) peek() string {
	r.skip()
	if r.i >= len(r.s) {
		return ""
	}
	c := r.s[r.i]
	switch {
	case mathtext.IsDigit(c):
		return "num"
	case mathtext.IsASCIILetter(c):
		if strings.HasPrefix(r.s[r.i:], "gcd(") || strings.HasPrefix(r.s[r.i:], "lcm(") {
			return "fn"
		}
		return "name"
	case c == '(' || c == '{' || c == '[' && r.trigNames && coefBefore(r.s[:r.i]):
		// "\frac{1}{2}[\cos 6^\circ - \cos 48^\circ]": a bracket after a coefficient, beside a
		// trigonometric function ("[x]" alone may be a floor)
		return "open"
	case c == ')' || c == '}' || c == ']' && r.trigNames:
		return "close"
	case c == '+' || c == '-' || c == '*' || c == '/' || c == '^':
		return string(c)
	case c == '\\':
		cmd := r.command()
		switch cmd {
		case `\frac`, `\dfrac`, `\tfrac`:
			return "frac"
		case `\cdot`, `\times`:
			return "*"
		case `\div`:
			return "/"
		case `\{`:
			return "open"
		case `\}`:
			return "close"
		case `\boxed`:
			return "open"
		case `\sqrt`:
			return "root"
		case `\binom`, `\dbinom`, `\tbinom`:
			return "binom"
		case `\sin`, `\cos`, `\tan`, `\sec`, `\csc`, `\cot`:
			return "trig"
		case `\pi`:
			if r.inTrig || r.pi {
				return "name"
			}
		case `\gcd`, `\lcm`:
			return "fn"
		case `\operatorname`, `\mathrm`, `\text`, `\textrm`, `\mathop`:
			if FnWord(r.s[r.i+len(cmd):]) != "" {
				return "fn"
			}
		case `\lfloor`, `\lceil`:
			return "floor"
		case `\sum`, `\prod`:
			return "bigop"
		case `\log`:
			return "log"
		case `\ln`:
			if r.trigNames {
				return "log" // ln of a name (atoms.go)
			}
		}
		if greekName(cmd) != "" {
			return "name"
		}
		return "other"
	}
	ru, _ := utf8.DecodeRuneInString(r.s[r.i:])
	switch ru {
	case '·', '×', '⋅':
		return "*"
	case '÷':
		return "/"
	case '−', '–':
		return "-"
	case '²', '³':
		return "sq"
	case '√', '∛':
		return "root"
	}
	return "other"
}

// command returns the control word (or symbol) at r.i.
func (r *sreader) command() string {
	j := r.i + 1
	for j < len(r.s) && mathtext.IsASCIILetter(r.s[j]) {
		j++
	}
	if j == r.i+1 && j < len(r.s) {
		j++
	}
	return r.s[r.i:j]
}

// greekName maps the Greek letters read as names; \pi and \e-like
// constants are not among them.
func greekName(cmd string) string {
	switch cmd {
	case `\alpha`, `\beta`, `\gamma`, `\delta`, `\theta`, `\lambda`, `\mu`, `\sigma`, `\omega`, `\phi`, `\psi`, `\Delta`:
		return cmd[1:]
	}
	return ""
}

// advance consumes the token peek classified.
func (r *sreader) advance() {
	c := r.s[r.i]
	if c == '\\' {
		r.i += len(r.command())
		return
	}
	if c < utf8.RuneSelf {
		r.i++
		return
	}
	_, n := utf8.DecodeRuneInString(r.s[r.i:])
	r.i += n
}

func (r *sreader) expr() *Expr {
	r.depth++
	if r.depth > symMaxDepth {
		r.fail("nested too deeply")
	}
	defer func() { r.depth-- }()
	var e *Expr
	switch r.peek() {
	case "-":
		r.advance()
		e = r.node(&Expr{Op: '~', L: r.term()})
	case "+":
		r.advance()
		e = r.term()
	default:
		e = r.term()
	}
	for {
		switch r.peek() {
		case "+":
			r.advance()
			e = r.node(&Expr{Op: '+', L: e, R: r.term()})
		case "-":
			r.advance()
			e = r.node(&Expr{Op: '-', L: e, R: r.term()})
		default:
			return e
		}
	}
}

func (r *sreader) term() *Expr {
	e := r.factor()
	afterDiv := false
	for {
		switch k := r.peek(); k {
		case "*":
			r.advance()
			e = r.node(&Expr{Op: '*', L: e, R: r.factor()})
			afterDiv = false
		case "/":
			r.advance()
			e = r.node(&Expr{Op: '/', L: e, R: r.factor()})
			afterDiv = true
		case "name", "open", "frac", "root", "binom", "trig", "fn", "floor", "log", "bigop":
			if afterDiv {
				r.fail("a/bc is ambiguous")
			}
			f := r.factor()
			if k == "frac" && e.Op == 'n' && len(Vars(f, map[string]bool{}, nil)) == 0 {
				// 2\frac{1}{3} is a mixed number; a fraction holding a name is not one
				// (2\frac{y}{z} is 2·y/z).
				r.fail("a mixed number")
			}
			e = r.node(&Expr{Op: '*', L: e, R: f})
		case "num":
			// "3!5!", "\frac{6!}{3!3!}": factorials side by side are a
			// product; any other number after a factor is not read.
			if e.Op != '!' || afterDiv {
				r.fail("a number after a factor")
			}
			f := r.factor()
			if f.Op != '!' {
				r.fail("a number after a factor")
			}
			e = r.node(&Expr{Op: '*', L: e, R: f})
		default:
			return e
		}
	}
}

func (r *sreader) factor() *Expr {
	if r.peek() == "-" {
		r.advance()
		return r.node(&Expr{Op: '~', L: r.factor()})
	}
	r.skip()
	// a bracketed base or a function's value is one quantity: (x^2)^3,
	// (\sin^2 x)^3 and f(2)^2 with f(x) = x^3 are no towers
	grouped := r.peek() == "open" ||
		r.i+1 < len(r.s) && mathtext.IsASCIILetter(r.s[r.i]) && r.s[r.i+1] == '('
	e := r.primary()
	if r.i < len(r.s) && r.s[r.i] == '!' {
		if strings.HasPrefix(r.s[r.i:], "!!") || HasVar(e) || e.Op != 'n' && e.Op != '+' && e.Op != '-' && e.Op != '*' {
			r.fail("a factorial of this")
		}
		r.i++
		e = r.node(&Expr{Op: '!', L: e})
	}
	for {
		switch r.peek() {
		case "^":
			if rest := r.s[r.i+1:]; strings.HasPrefix(rest, `\circ`) || strings.HasPrefix(rest, `{\circ}`) {
				if !r.inTrig {
					r.fail("degrees outside a trigonometric function")
				}
				r.i += 1 + strings.Index(rest, `\circ`) + len(`\circ`)
				if rest[0] == '{' { // ^{\circ}; in "\frac{1}{\sin 8^\circ}" the brace is the fraction's
					r.i++
				}
				// d° is d·π/180.
				e = r.node(&Expr{Op: '*', L: e, R: r.node(&Expr{Op: '/', L: &Expr{Op: 'v', Name: "π"}, R: &Expr{Op: 'n', Num: big.NewRat(180, 1)}})})
				continue
			}
			if e.Op == '^' && !grouped {
				r.fail("a tower of powers")
			}
			grouped = false
			r.advance()
			if x := r.expOfName(e); x != nil {
				e, grouped = x, false
				continue
			}
			n, root := r.exponent()
			if e.Op == '^' && abs(e.Exp*n) > symMaxExp {
				// (x^2)^3 is x^6; a tower past that would grow without bound
				r.fail("a power of a power too large")
			}
			grouped = false
			if root > 1 {
				e = r.fractionalPower(e, n, root)
				continue
			}
			e = r.node(&Expr{Op: '^', L: e, Exp: n})
		case "sq":
			if e.Op == '^' && (!grouped || abs(e.Exp)*3 > symMaxExp) {
				r.fail("a tower of powers")
			}
			grouped = false
			ru, n := utf8.DecodeRuneInString(r.s[r.i:])
			r.i += n
			x := 2
			if ru == '³' {
				x = 3
			}
			e = r.node(&Expr{Op: '^', L: e, Exp: x})
		default:
			return e
		}
	}
}

func (r *sreader) primary() *Expr {
	switch r.peek() {
	case "num":
		return r.number()
	case "name":
		return r.name()
	case "open":
		closer := byte(')')
		switch {
		case r.s[r.i] == '{':
			closer = '}'
			r.i++
		case r.s[r.i] == '(':
			r.i++
		case r.s[r.i] == '[':
			closer = ']'
			r.i++
		case strings.HasPrefix(r.s[r.i:], `\{`):
			r.i += 2
			closer = '}'
		default: // \boxed{
			r.i += len(`\boxed`)
			r.skip()
			if r.i >= len(r.s) || r.s[r.i] != '{' {
				r.fail("\\boxed without a group")
			}
			r.i++
			closer = '}'
		}
		e := r.expr()
		if r.peek() != "close" {
			r.fail("an unclosed bracket")
		}
		got := r.s[r.i]
		if r.s[r.i] == '\\' {
			got = '}'
			r.i++
		}
		if got != closer {
			r.fail("mismatched brackets")
		}
		r.i++
		return e
	case "root":
		return r.root()
	case "fn":
		return r.gcdLcm()
	case "floor":
		return r.floorCeil()
	case "bigop":
		return r.bigOp()
	case "log":
		return r.logb()
	case "trig":
		return r.trig()
	case "binom":
		r.advance()
		n := r.fracArg()
		k := r.fracArg()
		if HasVar(n) || HasVar(k) {
			r.fail("a binomial of names")
		}
		return r.node(&Expr{Op: 'b', L: n, R: k})
	case "frac":
		r.advance()
		num := r.fracArg()
		den := r.fracArg()
		return r.node(&Expr{Op: '/', L: num, R: den})
	}
	r.fail("unexpected %q", r.rest(8))
	return nil
}

func (r *sreader) number() *Expr {
	start, j := r.i, r.i
	for j < len(r.s) && mathtext.IsDigit(r.s[j]) {
		j++
	}
	if j < len(r.s) && r.s[j] == '.' && j+1 < len(r.s) && mathtext.IsDigit(r.s[j+1]) {
		k := j + 1
		for k < len(r.s) && mathtext.IsDigit(r.s[k]) {
			k++
		}
		if rest := r.s[k:]; !r.inTrig || !strings.HasPrefix(rest, `^\circ`) && !strings.HasPrefix(rest, `^{\circ}`) {
			r.fail("a decimal") // an angle in degrees is exact as written: \sin 22.5^\circ
		}
		j = k
	}
	if j < len(r.s) && r.s[j] == ',' && r.inArgs && !thousands(r.s[j+1:]) {
		// an argument separator, gcd(12,18); "gcd(1,000, 5)" is refused
	} else if j < len(r.s) && (r.s[j] == ',' || r.s[j] == '%') {
		r.fail("a number followed by %q", r.s[j])
	}
	if strings.HasPrefix(r.s[j:], "{,}") {
		r.fail("a thousands separator")
	}
	if j-r.i > symMaxDigits {
		r.fail("too many digits")
	}
	v, _ := algebra.ParseQ(r.s[r.i:j])
	r.i = j
	if e := r.gluedCount(start, v); e != nil {
		return e
	}
	return r.node(&Expr{Op: 'n', Num: v})
}

// gluedCount reads the counts written with the letter between two whole
// numbers, n at r.i already read: nCk, the binomial (6C3 = 20), and nPk,
// the arrangements n!/(n-k)! (6P2 = 30). Only the capital, and only when
// the digits after it end the token (not 6C3x, 6C3.5, 6C3_1) and no
// letter is glued before n (0x4C2); nil when the text is no such count.
func (r *sreader) gluedCount(start int, n *big.Rat) *Expr {
	j := r.i
	if j+1 >= len(r.s) || r.s[j] != 'C' && r.s[j] != 'P' || !mathtext.IsDigit(r.s[j+1]) ||
		start > 0 && mathtext.IsASCIILetter(r.s[start-1]) {
		return nil
	}
	k := j + 1
	for k < len(r.s) && mathtext.IsDigit(r.s[k]) {
		k++
	}
	if k < len(r.s) && (mathtext.IsASCIILetter(r.s[k]) || strings.IndexByte("._^'", r.s[k]) >= 0) || k-j-1 > symMaxDigits {
		return nil
	}
	kv, _ := new(big.Rat).SetString(r.s[j+1 : k])
	if kv.Cmp(n) > 0 {
		r.fail("a count of more items than there are")
	}
	r.i = k
	nn, kk := r.node(&Expr{Op: 'n', Num: n}), r.node(&Expr{Op: 'n', Num: kv})
	if r.s[j] == 'C' {
		return r.node(&Expr{Op: 'b', L: nn, R: kk})
	}
	rest := r.node(&Expr{Op: 'n', Num: new(big.Rat).Sub(n, kv)})
	return r.node(&Expr{Op: '/', L: r.node(&Expr{Op: '!', L: nn}), R: r.node(&Expr{Op: '!', L: rest})})
}

// name reads one letter (or Greek command) with an optional subscript.
// Three letters in a row are a word; two are a product, read one at a
// time. e and i are constants to many writers and are refused.
func (r *sreader) name() *Expr {
	var n string
	if r.s[r.i] == '\\' {
		cmd := r.command()
		n = greekName(cmd)
		if cmd == `\pi` {
			n = "π"
		}
		r.i += len(cmd)
	} else {
		if r.i+2 < len(r.s) && mathtext.IsASCIILetter(r.s[r.i+1]) && mathtext.IsASCIILetter(r.s[r.i+2]) {
			r.fail("a word")
		}
		c := r.s[r.i]
		if c >= 'A' && c <= 'Z' && r.i+1 < len(r.s) && r.s[r.i+1] >= 'A' && r.s[r.i+1] <= 'Z' {
			r.fail("a segment or a label (two capitals)")
		}
		if c == 'i' && r.defs[ImagKey] != nil && r.idx != "i" && (r.i+1 >= len(r.s) || r.s[r.i+1] != '_' && r.s[r.i+1] != '\'') {
			r.i++
			return r.node(ImagUnit()) // the chain declares i = √-1 (radname.go)
		}
		if (c == 'e' || c == 'i') && string(c) != r.idx {
			r.fail("e and i may be constants")
		}
		if c == 'd' && r.i+1 < len(r.s) && mathtext.IsASCIILetter(r.s[r.i+1]) {
			r.fail("a differential")
		}
		n = string(c)
		r.i++
		if d := r.defs[n]; (d == nil || d.Param == "") && r.i < len(r.s) && r.s[r.i] == '(' {
			if k := strings.IndexByte(r.s[r.i:], ')'); k > 0 && closedArgRE.MatchString(r.s[r.i+1:r.i+k]) {
				// "d(81) = 1/81": a sequence or function at a number, not d times 81.
				r.fail("a function value %s(…)", n)
			}
		}
		if (strings.IndexByte(FuncNames, c) >= 0 && !r.product(c) || r.defs[n] != nil && r.defs[n].Param != "") && r.i < len(r.s) && r.s[r.i] == '(' {
			// (another letter is a function only when the problem defines it so)
			d := r.defs[n]
			if d == nil || d.Param == "" {
				r.fail("a function application %s(…): a function the problem and the chain do not define (a functional equation?)", n)
			}
			arg := r.primary()
			if d.Step == -1 && arg.Op == 'v' && arg.Name != d.Param {
				// the problem's f at another letter (f(u) after "let u = x +
				// 1/x"): often f written in a new variable, not f at u
				r.fail("the problem's function %s at another name", n)
			}
			return r.apply(d, arg)
		}
		if d := r.defs[n]; d != nil && d.Param != "" && (r.i >= len(r.s) || r.s[r.i] != '_') {
			// f^{-1}(8), f'(x), f alone: the function itself, not a number
			r.fail("a function's name without its argument")
		}
	}
	if r.i < len(r.s) && r.s[r.i] == '\'' {
		r.fail("a prime")
	}
	if r.i < len(r.s) && r.s[r.i] == '_' {
		r.i++
		switch {
		case r.i < len(r.s) && (mathtext.IsDigit(r.s[r.i]) || mathtext.IsASCIILetter(r.s[r.i])):
			n += "_" + r.s[r.i:r.i+1]
			r.i++
		case r.i < len(r.s) && r.s[r.i] == '{':
			end := strings.IndexByte(r.s[r.i:], '}')
			if end < 0 {
				r.fail("an unclosed subscript")
			}
			sub := strings.ReplaceAll(r.s[r.i+1:r.i+end], " ", "")
			for k := 0; k < len(sub); k++ {
				if c := sub[k]; !mathtext.IsDigit(c) && !mathtext.IsASCIILetter(c) && c != '+' && c != '-' {
					r.fail("a subscript %q", sub)
				}
			}
			if sub == "" {
				r.fail("an empty subscript")
			}
			n += "_{" + sub + "}"
			r.i += end + 1
		default:
			r.fail("a subscript")
		}
	}
	if d := r.defs[n]; d != nil && d.Param == "" && n != r.idx {
		r.used, r.bound, r.fn = true, !d.Seq, d.Seq
		return r.node(RatExpr(d.Body.Num))
	}
	if k := strings.IndexByte(n, '_'); k > 0 {
		if d := r.defs[n[:k+1]]; d != nil && d.Seq && d.Param != "" {
			return r.seqTerm(d, strings.Trim(n[k+1:], "{}"))
		}
	}
	return r.node(&Expr{Op: 'v', Name: n})
}

func HasVar(e *Expr) bool {
	if e == nil {
		return false
	}
	return e.Op == 'v' || HasVar(e.L) || HasVar(e.R)
}

func RatExpr(c *big.Rat) *Expr {
	a := new(big.Rat).Abs(c)
	var e *Expr
	if a.IsInt() {
		e = &Expr{Op: 'n', Num: a}
	} else {
		e = &Expr{Op: '/', L: &Expr{Op: 'n', Num: new(big.Rat).SetInt(a.Num())}, R: &Expr{Op: 'n', Num: new(big.Rat).SetInt(a.Denom())}}
	}
	if c.Sign() < 0 {
		e = &Expr{Op: '~', L: e}
	}
	return e
}

// seqTerm is the term of the sequence d at the subscript sub: a whole
// number, or the index name shifted by one digit (a_{n+1}).
func (r *sreader) seqTerm(d *Def, sub string) *Expr {
	var at *Expr
	switch {
	case sub != "" && len(sub) <= 6 && strings.Trim(sub, "0123456789") == "":
		v, _ := new(big.Rat).SetString(sub)
		at = &Expr{Op: 'n', Num: v}
	case len(sub) == 1 && mathtext.IsASCIILetter(sub[0]):
		at = &Expr{Op: 'v', Name: sub}
	case len(sub) == 3 && mathtext.IsASCIILetter(sub[0]) && (sub[1] == '+' || sub[1] == '-') && mathtext.IsDigit(sub[2]):
		op := byte('+')
		if sub[1] == '-' {
			op = '-'
		}
		at = &Expr{Op: op, L: &Expr{Op: 'v', Name: sub[:1]}, R: &Expr{Op: 'n', Num: big.NewRat(int64(sub[2]-'0'), 1)}}
	default:
		r.fail("a subscript %q of a sequence", sub)
	}
	return r.apply(d, at)
}

// apply is d's body with its parameter replaced by arg.
func (r *sreader) apply(d *Def, arg *Expr) *Expr {
	r.used, r.fn = true, true
	out := Substitute(d.Body, d.Param, arg)
	r.nodes += countNodes(out)
	if r.nodes > symMaxNodes {
		r.fail("too long")
	}
	return out
}

// ProductsKey is the key of the definitions map whose Param lists the
// letters of FuncNames that multiply before a bracket: the problem and the
// chain never use them as functions (p(1 - p) with a probability p).
const ProductsKey = "·products"

// product reports that the letter c multiplies before a bracket.
func (r *sreader) product(c byte) bool {
	d := r.defs[ProductsKey]
	if d != nil && strings.IndexByte(d.Param, c) >= 0 {
		r.prod = true
		return true
	}
	return false
}
