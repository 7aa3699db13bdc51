package program

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"
)

// MaxBytes bounds the text read as a program.
const MaxBytes = 64 << 10

// maxDepth bounds the nesting of one expression.
const maxDepth = 64

// Result is what Read finds in a text.
type Result struct {
	// Program is true when the text reads as Python code: its first
	// statement is an assignment, a print, an import, or a def, class,
	// for, while, if or with block. Else the text is not a program and
	// the other fields are empty.
	Program bool
	// Answer is the exact value the program prints, rendered as an
	// integer, a terminating decimal or a fraction p/q; "" when Err is
	// set.
	Answer string
	// Printed is Python's repr of the value when it is a float ("20.0"):
	// what print shows.
	Printed string
	// Err says why no answer was read: "program not evaluated: …".
	Err string
	// Start and End are the byte span in the text of the statement that
	// gives the answer (the print, or the assignment of answer/result).
	Start, End int
}

// Read reads text as a straight-line program and evaluates it.
func Read(text string) Result {
	if first := statements(text, 1); len(first) == 0 || !looksLikeCode(first[0].s) {
		return Result{}
	}
	lines := statements(text, -1)
	r := Result{Program: true}
	v, span, err := run(text, lines)
	if err != nil {
		r.Err = "program not evaluated: " + err.Error()
		return r
	}
	r.Start, r.End = span.start, span.end
	r.Answer, r.Printed, err = report(v)
	if err != nil {
		r.Answer, r.Printed = "", ""
		r.Err = "program not evaluated: " + err.Error()
	}
	return r
}

// line is one statement: its text without a step label, and where it is.
type line struct {
	s          string
	no         int // 1-based line number in the text
	start, end int
}

// statements returns the first n (n < 0: all) lines of text that are
// not blank and not only a comment, each without its "Step N:" label and
// one space after it.
func statements(text string, n int) []line {
	var out []line
	no := 0
	for off := 0; off < len(text) && len(out) != n; {
		e := strings.IndexByte(text[off:], '\n')
		if e < 0 {
			e = len(text)
		} else {
			e += off
		}
		no++
		s := strings.TrimRight(stripLabel(text[off:e]), " \t\r")
		if t := strings.TrimLeft(s, " \t"); t != "" && t[0] != '#' {
			out = append(out, line{s: s, no: no, start: off, end: e})
		}
		off = e + 1
	}
	return out
}

// stripLabel drops a leading "Step 3:" (or "Step 3." / "step 3)") and one
// space after it.
func stripLabel(s string) string {
	t := strings.TrimLeft(s, " \t")
	if len(t) < 5 || !strings.EqualFold(t[:4], "step") {
		return s
	}
	i := 4
	for i < len(t) && t[i] == ' ' {
		i++
	}
	j := i
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	if j == i || j >= len(t) || !strings.ContainsRune(":.)", rune(t[j])) {
		return s
	}
	j++
	if j < len(t) && t[j] == ' ' {
		j++
	}
	return t[j:]
}

var blockWords = map[string]string{
	"import": "an import", "from": "an import", "def": "a function definition", "class": "a class definition",
	"for": "a loop", "while": "a loop", "if": "a conditional", "elif": "a conditional", "else": "a conditional",
	"with": "a with block", "try": "a try block", "except": "a try block", "return": "a return",
	"lambda": "a lambda", "global": "a global statement", "del": "a del statement", "assert": "an assert",
	"async": "async code", "await": "async code", "yield": "a yield", "raise": "a raise", "pass": "a pass statement",
	"nonlocal": "a nonlocal statement", "finally": "a try block", "break": "a loop", "continue": "a loop",
	"match": "a match statement", "True": "a boolean", "False": "a boolean", "None": "None",
}

// looksLikeCode says whether a statement is Python code: an assignment,
// a print call, an import, or a block header ending in ':'.
func looksLikeCode(s string) bool {
	n := identLen(s)
	if n == 0 {
		return false
	}
	w, rest := s[:n], strings.TrimLeft(s[n:], " \t")
	switch {
	case w == "print" && strings.HasPrefix(rest, "("):
		return true
	case w == "import" && rest != "":
		return true
	case w == "from" && strings.Contains(rest, " import "):
		return true
	case blockWords[w] != "" && w != "True" && w != "False" && w != "None" && strings.HasSuffix(s, ":"):
		return true
	}
	for _, op := range []string{"//=", "**=", "+=", "-=", "*=", "/=", "%="} {
		if strings.HasPrefix(rest, op) {
			return true
		}
	}
	return strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==")
}

// identLen is the length of the ASCII identifier s starts with.
func identLen(s string) int {
	i := 0
	for i < len(s) && (s[i] == '_' || isLetter(s[i]) || i > 0 && isDigit(s[i])) {
		i++
	}
	return i
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// run evaluates the statements, returning the answer's value and the
// span of the statement that gives it.
func run(text string, lines []line) (value, line, error) {
	if len(text) > MaxBytes {
		return value{}, line{}, fmt.Errorf("longer than %d bytes", MaxBytes)
	}
	if !utf8.ValidString(text) {
		return value{}, line{}, errors.New("not valid UTF-8")
	}
	vars := map[string]value{}
	for k, l := range lines {
		if l.s[0] == ' ' || l.s[0] == '\t' {
			return value{}, line{}, fmt.Errorf("line %d is indented (a block)", l.no)
		}
		if w := blockWords[l.s[:identLen(l.s)]]; w != "" {
			return value{}, line{}, fmt.Errorf("line %d: %s (%q) is not evaluated", l.no, w, l.s[:identLen(l.s)])
		}
		toks, err := tokenize(l.s)
		if err != nil {
			return value{}, line{}, fmt.Errorf("line %d: %v", l.no, err)
		}
		if toks[0].kind == tName && toks[0].s == "print" && len(toks) > 1 && toks[1].s == "(" {
			if _, ok := vars["print"]; ok {
				return value{}, line{}, fmt.Errorf("line %d: print is a variable here", l.no)
			}
			if k != len(lines)-1 {
				return value{}, line{}, fmt.Errorf("line %d: a print that is not the last statement", l.no)
			}
			ev := &evaluator{toks: toks, i: 2, vars: vars}
			v, err := ev.expr()
			if err == nil && ev.peek().s != ")" {
				err = errors.New("print with more than one argument")
			}
			if err == nil && ev.i+1 != len(toks) {
				err = errors.New("text after print(…)")
			}
			if err != nil {
				return value{}, line{}, fmt.Errorf("line %d: %v", l.no, err)
			}
			return v, l, nil
		}
		if err := assign(toks, vars); err != nil {
			return value{}, line{}, fmt.Errorf("line %d: %v", l.no, err)
		}
	}
	a, okA := vars["answer"]
	r, okR := vars["result"]
	switch {
	case okA && okR:
		return value{}, line{}, errors.New("no print, and both answer and result are set")
	case okA || okR:
		name := "answer"
		if okR {
			a, name = r, "result"
		}
		for k := len(lines) - 1; k >= 0; k-- {
			if l := lines[k].s; l[:identLen(l)] == name {
				return a, lines[k], nil
			}
		}
		return a, lines[len(lines)-1], nil
	}
	return value{}, line{}, errors.New("no print(…) and no answer or result variable")
}

var augOps = map[string]string{"+=": "+", "-=": "-", "*=": "*", "/=": "/", "//=": "//", "%=": "%", "**=": "**"}

// assign evaluates one assignment statement into vars.
func assign(toks []tok, vars map[string]value) error {
	t := toks[0]
	if t.kind != tName {
		return fmt.Errorf("a statement that is not an assignment or print: starts with %q", t.s)
	}
	if w := blockWords[t.s]; w != "" {
		return fmt.Errorf("%s (%q) is not evaluated", w, t.s)
	}
	if len(toks) < 3 || toks[1].kind != tOp || toks[1].s != "=" && augOps[toks[1].s] == "" {
		return fmt.Errorf("a statement that is not an assignment or print (%q)", t.s)
	}
	ev := &evaluator{toks: toks, i: 2, vars: vars}
	v, err := ev.expr()
	if err != nil {
		return err
	}
	if ev.i != len(toks) {
		return fmt.Errorf("unexpected %q", ev.peek().s)
	}
	if op := augOps[toks[1].s]; op != "" {
		old, ok := vars[t.s]
		if !ok {
			return fmt.Errorf("%q is used before it is assigned", t.s)
		}
		if v, err = binary(op, old, v); err != nil {
			return err
		}
	}
	vars[t.s] = v
	return nil
}

// report renders the exact value when Python prints exactly it.
func report(v value) (answer, printed string, err error) {
	if !v.known {
		return "", "", errors.New("what Python prints depends on float rounding this reader does not reproduce (a float power or sum)")
	}
	if !v.float {
		if !v.q.IsInt() || v.q.Num().Cmp(v.i) != 0 {
			return "", "", fmt.Errorf("Python prints %s but the exact value is %s (a float rounding before int, round or //)", v.i, render(v.q))
		}
		return v.i.String(), "", nil
	}
	if near, _ := v.q.Float64(); near != v.f {
		return "", "", fmt.Errorf("float rounding: Python prints %s, the exact value is %s", pyRepr(v.f), render(v.q))
	}
	return render(v.q), pyRepr(v.f), nil
}

// render writes q as an integer, a terminating decimal of at most 30
// places, or a fraction.
func render(q *big.Rat) string {
	if q.IsInt() {
		return q.Num().String()
	}
	d := new(big.Int).Set(q.Denom())
	places := 0
	for _, p := range []int64{2, 5} {
		n := 0
		bp := big.NewInt(p)
		for {
			qq, rem := new(big.Int).QuoRem(d, bp, new(big.Int))
			if rem.Sign() != 0 {
				break
			}
			d, n = qq, n+1
		}
		places = max(places, n)
	}
	if d.IsInt64() && d.Int64() == 1 && places <= 30 {
		return q.FloatString(places)
	}
	return q.RatString()
}
