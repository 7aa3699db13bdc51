package syntax

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

// TypeByName resolves a type name; ℕ ℤ ℚ ℝ exist only with Mathlib.
func TypeByName(name string, mathlib bool) (Type, bool) {
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

// Name is how Lean prints the type; Mathlib's notations replace Nat, Int, Rat and Real.
func (t Type) Name(mathlib bool) string {
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
	Asc  Type    `json:"asc,omitempty"` // the ascribed type of OpAscr, the declared type of OpVar
	Ty   Type    `json:"ty,omitempty"`  // the type a term node is elaborated at (0 before elaboration)
	// Impl marks an implicit binder ({x : T}) of ∀ (library lemmas).
	Impl bool `json:"impl,omitempty"`
	Pos  Pos  `json:"-"`
	End  Pos  `json:"-"`
	// Block is the tactic block of an OpBy node (its tokens, ending in TkEOF).
	Block []Token `json:"-"`
}

// Node operators.
const (
	OpNum   = "num"   // natural literal
	OpDec   = "dec"   // scientific literal
	OpVar   = "var"   // identifier
	OpAscr  = "ascr"  // (e : T)
	OpNeg   = "neg"   // -e
	OpInv   = "inv"   // e⁻¹
	OpSorry = "sorry" // sorry
	OpHole  = "hole"  // _
	OpTrue  = "True"
	OpFalse = "False"
	OpNot   = "¬"
	OpAnd   = "∧"
	OpOr    = "∨"
	OpImp   = "→"
	OpIff   = "↔"
	OpStr   = "str" // a string literal; an interpolated one (s!"…{e}…") has its holes as Kids
	OpChar  = "char"
	// Binders: Kids are the bound variables (OpVar nodes whose Asc is the declared type, or
	// TypeNone when it is left to inference), then the body.
	OpForall = "∀"
	OpExists = "∃"
	OpFun    = "fun"
	OpApp    = "app"  // application: Text is the function's name, Kids the arguments
	OpAnon   = "⟨⟩"   // anonymous constructor ⟨a, b, …⟩
	OpBy     = "by"   // a tactic block inside a term (Node.block)
	OpProj   = "proj" // projection e.1, e.2 (Text "1", "2"), Kids[0] = e
	OpMVar   = "?"    // a metavariable of a lemma being instantiated (Text is its name)
)

// IsBinder reports the binder nodes ∀, ∃ and fun.
func IsBinder(op string) bool { return op == OpForall || op == OpExists || op == OpFun }

// Bound returns the bound variables and the body of a binder node.
func (n *Node) Bound() ([]*Node, *Node) { return n.Kids[:len(n.Kids)-1], n.Kids[len(n.Kids)-1] }

// binary operators with Lean's precedence and associativity (Init/Prelude, Init/Core).
type Binop struct {
	prec       int
	rightAssoc bool
	nonAssoc   bool
	rel        bool // a relation between terms
}

var Binops = map[string]Binop{
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
	PrecMax = 1024
	precApp = 1023 // an application: its arguments need PrecMax
)

func IsRel(op string) bool { b, ok := Binops[op]; return ok && b.rel }

func (n *Node) Clone() *Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Kids = make([]*Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = k.Clone()
	}
	return &c
}

// Transparent skips type ascriptions that do not cast: `(e : T)` where e already has type T
// is e itself in Lean's terms.
func (n *Node) Transparent() *Node {
	for n.Op == OpAscr && len(n.Kids) == 1 && n.Ty != TypeNone && n.Ty == n.Asc {
		n = n.Kids[0]
	}
	return n
}

// Equal is syntactic equality after elaboration (what `rfl` sees up to literals), up to the
// names of bound variables and ascriptions that do not cast.
func (n *Node) Equal(m *Node) bool {
	n, m = n.Transparent(), m.Transparent()
	if IsBinder(n.Op) && n.Op == m.Op {
		return alphaEqual(n, m)
	}
	if n.Op != m.Op || n.Text != m.Text || len(n.Kids) != len(m.Kids) {
		return false
	}
	if n.Op == OpAscr && n.Asc != m.Asc {
		return false
	}
	for i := range n.Kids {
		if !n.Kids[i].Equal(m.Kids[i]) {
			return false
		}
	}
	return true
}

// Mentions reports whether identifier name occurs free in n.
func (n *Node) Mentions(name string) bool {
	if n.Op == OpVar && n.Text == name {
		return true
	}
	if IsBinder(n.Op) {
		vars, body := n.Bound()
		for _, v := range vars {
			if v.Text == name {
				return false
			}
		}
		return body.Mentions(name)
	}
	for _, k := range n.Kids {
		if k.Mentions(name) {
			return true
		}
	}
	return false
}

// pp prints n roughly as Lean's delaborator would with default options: numerals without
// their type ascriptions, parentheses only where precedence needs them, `↑` where a value is
// cast to another type. Lean wraps terms longer than 120 columns; this printer does not.
func (n *Node) Pretty() string {
	var b strings.Builder
	n.ppPrec(&b, 0)
	return b.String()
}

func (n *Node) ppPrec(b *strings.Builder, want int) {
	own := n.Prec()
	if own < want {
		b.WriteByte('(')
		defer b.WriteByte(')')
	}
	switch n.Op {
	case OpVar:
		if n.Casts() {
			b.WriteString("↑")
		}
		b.WriteString(n.Text)
	case OpNum, OpDec, OpTrue, OpFalse, OpStr, OpChar:
		b.WriteString(n.Text)
	case OpMVar:
		b.WriteString("?" + n.Text)
	case OpForall, OpExists, OpFun:
		n.ppBinder(b)
	case OpApp:
		n.ppApp(b)
	case OpAnon:
		b.WriteString("⟨")
		for i, k := range n.Kids {
			if i > 0 {
				b.WriteString(", ")
			}
			k.ppPrec(b, 0)
		}
		b.WriteString("⟩")
	case OpBy:
		b.WriteString("by " + n.Text)
	case OpProj:
		n.Kids[0].ppPrec(b, PrecMax)
		b.WriteString("." + n.Text)
	case OpSorry:
		b.WriteString("sorry")
	case OpHole:
		b.WriteString("_")
	case OpAscr:
		k := n.Kids[0]
		if n.Casts() {
			b.WriteString("↑")
			k.ppPrec(b, PrecMax)
			return
		}
		k.ppPrec(b, want)
	case OpNeg:
		b.WriteString("-")
		n.Kids[0].ppPrec(b, 75)
	case OpInv:
		n.Kids[0].ppPrec(b, PrecMax)
		b.WriteString("⁻¹")
	case OpNot:
		b.WriteString("¬")
		n.Kids[0].ppPrec(b, 40)
	default:
		op := Binops[n.Op]
		l, r := op.prec+1, op.prec+1
		switch {
		case op.rightAssoc:
			r = op.prec
		case !op.nonAssoc:
			l = op.prec
		}
		if IsBinder(n.Kids[1].Op) {
			r = 0 // a trailing binder extends to the end: no parentheses needed
		}
		n.Kids[0].ppPrec(b, l)
		b.WriteString(" " + n.Op + " ")
		n.Kids[1].ppPrec(b, r)
	}
}

// Prec is the precedence of the syntax that prints n.
func (n *Node) Prec() int {
	switch n.Op {
	case OpForall, OpExists, OpFun, OpBy:
		return 0 // extends as far right as possible
	case OpApp:
		if n.Casts() {
			return PrecMax
		}
		return precApp
	case OpNeg:
		return 75
	case OpAscr:
		if n.Casts() {
			return PrecMax
		}
		return n.Kids[0].Prec()
	}
	if b, ok := Binops[n.Op]; ok {
		return b.prec
	}
	return PrecMax
}

// Casts reports whether an ascription's value is cast to the type around it, which Lean
// shows as `↑`.
func (n *Node) Casts() bool { return n.Ty != TypeNone && n.Asc != TypeNone && n.Ty != n.Asc }

// Kids0 is the first kid or nil.
func (n *Node) Kids0() *Node {
	if len(n.Kids) == 0 {
		return nil
	}
	return n.Kids[0]
}
