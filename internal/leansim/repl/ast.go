package repl

import (
	"strings"
)

// Type is a Lean type the simulator knows by name.
type Type uint8

// The known types. TypeNone marks "not yet determined" during elaboration.
const (
	TypeNone Type = iota
	TypeNat
	TypeInt
	TypeRat
	TypeFloat
	TypeReal
	TypeUnit
	TypeBool
	TypeProp
	TypeString
	TypeChar
)

// typeByName resolves a type name; ℕ ℤ ℚ ℝ exist only with Mathlib.
func typeByName(name string, mathlib bool) (Type, bool) {
	switch name {
	case "Nat":
		return TypeNat, true
	case "Int":
		return TypeInt, true
	case "Rat":
		return TypeRat, true
	case "Float":
		return TypeFloat, true
	case "Unit":
		return TypeUnit, true
	case "Bool":
		return TypeBool, true
	case "Prop":
		return TypeProp, true
	case "String":
		return TypeString, true
	case "Char":
		return TypeChar, true
	case "ℕ":
		return TypeNat, mathlib
	case "ℤ":
		return TypeInt, mathlib
	case "ℚ":
		return TypeRat, mathlib
	case "ℝ", "Real":
		return TypeReal, mathlib
	}
	return TypeNone, false
}

// name is how Lean prints the type; Mathlib's notations replace Nat, Int, Rat and Real.
func (t Type) name(mathlib bool) string {
	plain := [...]string{"?", "Nat", "Int", "Rat", "Float", "Real", "Unit", "Bool", "Prop", "String", "Char"}
	math := [...]string{"?", "ℕ", "ℤ", "ℚ", "Float", "ℝ", "Unit", "Bool", "Prop", "String", "Char"}
	if int(t) >= len(plain) {
		return "?"
	}
	if mathlib {
		return math[t]
	}
	return plain[t]
}

// Node is one node of a parsed Lean term or proposition. Terms and propositions share one
// tree, as in Lean, because `(` can open either.
type Node struct {
	Op   string  `json:"op"`             // see the op* constants
	Text string  `json:"text,omitempty"` // literal text or identifier
	Kids []*Node `json:"kids,omitempty"`
	Asc  Type    `json:"asc,omitempty"` // the ascribed type of opAscr, the declared type of opVar
	Ty   Type    `json:"ty,omitempty"`  // the type a term node is elaborated at (0 before elaboration)
	// Impl marks an implicit binder ({x : T}) of ∀ (library lemmas).
	Impl bool `json:"impl,omitempty"`
	Pos  Pos  `json:"-"`
	End  Pos  `json:"-"`
	// block is the tactic block of an opBy node (its tokens, ending in tkEOF).
	block []token `json:"-"`
}

// Node operators.
const (
	opNum   = "num"   // natural literal
	opDec   = "dec"   // scientific literal
	opVar   = "var"   // identifier
	opAscr  = "ascr"  // (e : T)
	opNeg   = "neg"   // -e
	opInv   = "inv"   // e⁻¹
	opSorry = "sorry" // sorry
	opHole  = "hole"  // _
	opTrue  = "True"
	opFalse = "False"
	opNot   = "¬"
	opAnd   = "∧"
	opOr    = "∨"
	opImp   = "→"
	opIff   = "↔"
	opStr   = "str" // a string literal; an interpolated one (s!"…{e}…") has its holes as Kids
	opChar  = "char"
	// Binders: Kids are the bound variables (opVar nodes whose Asc is the declared type, or
	// TypeNone when it is left to inference), then the body.
	opForall = "∀"
	opExists = "∃"
	opFun    = "fun"
	opApp    = "app"  // application: Text is the function's name, Kids the arguments
	opAnon   = "⟨⟩"   // anonymous constructor ⟨a, b, …⟩
	opBy     = "by"   // a tactic block inside a term (Node.block)
	opProj   = "proj" // projection e.1, e.2 (Text "1", "2"), Kids[0] = e
	opMVar   = "?"    // a metavariable of a lemma being instantiated (Text is its name)
)

// isBinder reports the binder nodes ∀, ∃ and fun.
func isBinder(op string) bool { return op == opForall || op == opExists || op == opFun }

// bound returns the bound variables and the body of a binder node.
func (n *Node) bound() ([]*Node, *Node) { return n.Kids[:len(n.Kids)-1], n.Kids[len(n.Kids)-1] }

// binary operators with Lean's precedence and associativity (Init/Prelude, Init/Core).
type binop struct {
	prec       int
	rightAssoc bool
	nonAssoc   bool
	rel        bool // a relation between terms
}

var binops = map[string]binop{
	"↔": {prec: 20, nonAssoc: true},
	"→": {prec: 25, rightAssoc: true},
	"∨": {prec: 30, rightAssoc: true},
	"∧": {prec: 35, rightAssoc: true},
	"=": {prec: 50, nonAssoc: true, rel: true},
	"≠": {prec: 50, nonAssoc: true, rel: true},
	"<": {prec: 50, nonAssoc: true, rel: true},
	">": {prec: 50, nonAssoc: true, rel: true},
	"≤": {prec: 50, nonAssoc: true, rel: true},
	"≥": {prec: 50, nonAssoc: true, rel: true},
	"+": {prec: 65},
	"-": {prec: 65},
	"*": {prec: 70},
	"/": {prec: 70},
	"%": {prec: 70},
	"^": {prec: 75, rightAssoc: true},
}

const (
	precMax = 1024
	precApp = 1023 // an application: its arguments need precMax
)

func isRel(op string) bool { b, ok := binops[op]; return ok && b.rel }

func (n *Node) clone() *Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Kids = make([]*Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = k.clone()
	}
	return &c
}

// transparent skips type ascriptions that do not cast: `(e : T)` where e already has type T
// is e itself in Lean's terms.
func (n *Node) transparent() *Node {
	for n.Op == opAscr && len(n.Kids) == 1 && n.Ty != TypeNone && n.Ty == n.Asc {
		n = n.Kids[0]
	}
	return n
}

// equal is syntactic equality after elaboration (what `rfl` sees up to literals), up to the
// names of bound variables and ascriptions that do not cast.
func (n *Node) equal(m *Node) bool {
	n, m = n.transparent(), m.transparent()
	if isBinder(n.Op) && n.Op == m.Op {
		return alphaEqual(n, m)
	}
	if n.Op != m.Op || n.Text != m.Text || len(n.Kids) != len(m.Kids) {
		return false
	}
	if n.Op == opAscr && n.Asc != m.Asc {
		return false
	}
	for i := range n.Kids {
		if !n.Kids[i].equal(m.Kids[i]) {
			return false
		}
	}
	return true
}

// mentions reports whether identifier name occurs free in n.
func (n *Node) mentions(name string) bool {
	if n.Op == opVar && n.Text == name {
		return true
	}
	if isBinder(n.Op) {
		vars, body := n.bound()
		for _, v := range vars {
			if v.Text == name {
				return false
			}
		}
		return body.mentions(name)
	}
	for _, k := range n.Kids {
		if k.mentions(name) {
			return true
		}
	}
	return false
}

// pp prints n roughly as Lean's delaborator would with default options: numerals without
// their type ascriptions, parentheses only where precedence needs them, `↑` where a value is
// cast to another type. Lean wraps terms longer than 120 columns; this printer does not.
func (n *Node) pp() string {
	var b strings.Builder
	n.ppPrec(&b, 0)
	return b.String()
}

func (n *Node) ppPrec(b *strings.Builder, want int) {
	own := n.prec()
	if own < want {
		b.WriteByte('(')
		defer b.WriteByte(')')
	}
	switch n.Op {
	case opVar:
		if n.casts() {
			b.WriteString("↑")
		}
		b.WriteString(n.Text)
	case opNum, opDec, opTrue, opFalse, opStr, opChar:
		b.WriteString(n.Text)
	case opMVar:
		b.WriteString("?" + n.Text)
	case opForall, opExists, opFun:
		n.ppBinder(b)
	case opApp:
		n.ppApp(b)
	case opAnon:
		b.WriteString("⟨")
		for i, k := range n.Kids {
			if i > 0 {
				b.WriteString(", ")
			}
			k.ppPrec(b, 0)
		}
		b.WriteString("⟩")
	case opBy:
		b.WriteString("by " + n.Text)
	case opProj:
		n.Kids[0].ppPrec(b, precMax)
		b.WriteString("." + n.Text)
	case opSorry:
		b.WriteString("sorry")
	case opHole:
		b.WriteString("_")
	case opAscr:
		k := n.Kids[0]
		if n.casts() {
			b.WriteString("↑")
			k.ppPrec(b, precMax)
			return
		}
		k.ppPrec(b, want)
	case opNeg:
		b.WriteString("-")
		n.Kids[0].ppPrec(b, 75)
	case opInv:
		n.Kids[0].ppPrec(b, precMax)
		b.WriteString("⁻¹")
	case opNot:
		b.WriteString("¬")
		n.Kids[0].ppPrec(b, 40)
	default:
		op := binops[n.Op]
		l, r := op.prec+1, op.prec+1
		switch {
		case op.rightAssoc:
			r = op.prec
		case !op.nonAssoc:
			l = op.prec
		}
		if isBinder(n.Kids[1].Op) {
			r = 0 // a trailing binder extends to the end: no parentheses needed
		}
		n.Kids[0].ppPrec(b, l)
		b.WriteString(" " + n.Op + " ")
		n.Kids[1].ppPrec(b, r)
	}
}

// prec is the precedence of the syntax that prints n.
func (n *Node) prec() int {
	switch n.Op {
	case opForall, opExists, opFun, opBy:
		return 0 // extends as far right as possible
	case opApp:
		if n.casts() {
			return precMax
		}
		return precApp
	case opNeg:
		return 75
	case opAscr:
		if n.casts() {
			return precMax
		}
		return n.Kids[0].prec()
	}
	if b, ok := binops[n.Op]; ok {
		return b.prec
	}
	return precMax
}

// casts reports whether an ascription's value is cast to the type around it, which Lean
// shows as `↑`.
func (n *Node) casts() bool { return n.Ty != TypeNone && n.Asc != TypeNone && n.Ty != n.Asc }

// Kids0 is the first kid or nil.
func (n *Node) Kids0() *Node {
	if len(n.Kids) == 0 {
		return nil
	}
	return n.Kids[0]
}
