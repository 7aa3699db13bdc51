package repl

import (
	"fmt"
	"math/big"
	"strings"
)

// hyp is one entry of a local context: a variable of a type (Ty, Prop included), or a
// hypothesis proving a proposition.
type hyp struct {
	Name string `json:"name"`
	Ty   Type   `json:"ty,omitempty"`   // a variable's type (0 for a hypothesis)
	Prop *Node  `json:"prop,omitempty"` // a hypothesis's proposition
}

func (h hyp) isVar() bool { return h.Prop == nil }

// goal is a proof obligation: a proposition to prove, or a value of a type to construct
// (such as `⊢ Nat` from `def f : Nat := by sorry`).
type goal struct {
	Tag    string `json:"tag,omitempty"`
	Hyps   []hyp  `json:"hyps,omitempty"`
	Target *Node  `json:"target,omitempty"`
	Ty     Type   `json:"ty,omitempty"` // a data goal's type when Target is nil
}

func (g *goal) clone() *goal {
	c := &goal{Tag: g.Tag, Ty: g.Ty, Target: g.Target.clone()}
	c.Hyps = make([]hyp, len(g.Hyps))
	for i, h := range g.Hyps {
		c.Hyps[i] = hyp{Name: h.Name, Ty: h.Ty, Prop: h.Prop.clone()}
	}
	return c
}

// pp prints the goal like Lean's goal display: an optional `case` line, the context with
// consecutive entries of the same type grouped (`x y : Nat`), then `⊢ target`.
func (g *goal) pp(mathlib bool) string {
	var b strings.Builder
	if g.Tag != "" {
		b.WriteString("case " + g.Tag + "\n")
	}
	for i := 0; i < len(g.Hyps); {
		ty := g.Hyps[i].typeString(mathlib)
		names := []string{g.Hyps[i].Name}
		j := i + 1
		for j < len(g.Hyps) && g.Hyps[j].typeString(mathlib) == ty {
			names = append(names, g.Hyps[j].Name)
			j++
		}
		b.WriteString(strings.Join(names, " ") + " : " + ty + "\n")
		i = j
	}
	b.WriteString("⊢ " + g.targetString(mathlib))
	return b.String()
}

func (h hyp) typeString(mathlib bool) string {
	if h.Prop != nil {
		return h.Prop.pp()
	}
	return h.Ty.name(mathlib)
}

func (g *goal) targetString(mathlib bool) string {
	if g.Target != nil {
		return g.Target.pp()
	}
	return g.Ty.name(mathlib)
}

// scope resolves names: the local context first (latest binding wins), then the
// environment's definitions, directly or through an `open` namespace.
type scope struct {
	env  *envState
	hyps []hyp
}

func (sc *scope) local(name string) (hyp, bool) {
	for i := len(sc.hyps) - 1; i >= 0; i-- {
		if sc.hyps[i].Name == name {
			return sc.hyps[i], true
		}
	}
	return hyp{}, false
}

// value evaluates a variable for the evaluator: definitions unfold (as `decide` and the
// kernel unfold them); local variables are free.
func (sc *scope) value(name string) (*big.Rat, error) {
	if _, ok := sc.local(name); ok {
		return nil, &evalErr{kind: evFree, detail: name}
	}
	d := sc.env.lookup(name)
	if d == nil || d.Value == nil {
		return nil, &evalErr{kind: evOpaque, detail: name}
	}
	ev := &evaluator{sc: &scope{env: sc.env}}
	return ev.term(d.Value)
}

// elabErr is an elaboration error at a node.
type elabErr struct {
	pos, end Pos
	msg      string
}

func (e *elabErr) Error() string { return e.msg }

func errAt(n *Node, format string, args ...any) *elabErr {
	return &elabErr{pos: n.Pos, end: n.End, msg: fmt.Sprintf(format, args...)}
}

// unknownIdent reports an identifier that resolves to nothing. A plain name gets Lean's
// error; a dotted one (`And.intro`, `h.left`) is most likely a library constant or a
// projection, which the simulator does not model, so it says that instead of lying.
func unknownIdent(n *Node) *elabErr {
	if strings.Contains(n.Text, ".") {
		return errAt(n, "leanprm-simulator: `%s` is not simulated (this is a simulator, not Lean)", n.Text)
	}
	return errAt(n, "Unknown identifier `%s`", n.Text)
}

const synthHint = "\n\nHint: Additional diagnostic information may be available using the `set_option diagnostics true` command."

func (sc *scope) tyName(t Type) string { return t.name(sc.env.Mathlib) }

func (sc *scope) failedToSynthesize(n *Node, class string) *elabErr {
	return errAt(n, "failed to synthesize\n  %s%s", class, synthHint)
}

// numRank orders the numeric types along Lean's coercions Nat → Int → Rat → Real.
func numRank(t Type) int {
	switch t {
	case TypeNat:
		return 1
	case TypeInt:
		return 2
	case TypeRat:
		return 3
	case TypeReal:
		return 4
	}
	return 0
}

// leafInfo is what Lean's `binop%` elaborator learns from the leaves of an arithmetic tree:
// the largest type among them (every leaf is then elaborated at, or cast to, that type).
type leafInfo struct {
	max Type
	dec *Node // an unascribed scientific literal, if any
}

func (sc *scope) join(li *leafInfo, t Type, at *Node) error {
	switch {
	case li.max == TypeNone || li.max == t:
		li.max = t
	case numRank(li.max) > 0 && numRank(t) > 0:
		if numRank(t) > numRank(li.max) {
			li.max = t
		}
	default:
		return errAt(at, "type mismatch\n  %s\nhas type\n  %s : Type\nbut is expected to have type\n  %s : Type",
			at.pp(), sc.tyName(t), sc.tyName(li.max))
	}
	return nil
}

// leaves walks an arithmetic tree, elaborating ascriptions on their own and collecting the
// leaves' types.
func (sc *scope) leaves(n *Node, li *leafInfo) error {
	switch n.Op {
	case opNum:
		return nil
	case opDec:
		if li.dec == nil {
			li.dec = n
		}
		return nil
	case opVar:
		if sc.fieldNotation(n) {
			return sc.leaves(n, li)
		}
		t, err := sc.varType(n)
		if err != nil {
			return err
		}
		n.Asc = t
		if t == TypeNone {
			return nil // a bound variable whose type is being inferred: it takes the others'
		}
		return sc.join(li, t, n)
	case opApp:
		t, err := sc.elabApp(n)
		if err != nil {
			return err
		}
		n.Asc = t
		return sc.join(li, t, n)
	case opChar:
		return errAt(n, "type mismatch\n  %s\nhas type\n  Char : Type", n.Text)
	case opForall, opExists, opFun, opAnon, opBy, opProj, opMVar:
		return errAt(n, "leanprm-simulator: this term is not simulated here (this is a simulator, not Lean)")
	case opAscr:
		if len(n.Kids) == 2 {
			tn := n.Kids[1]
			t, ok := TypeNone, false
			if tn.Op == opVar {
				t, ok = typeByName(tn.Text, sc.env.Mathlib)
			}
			if !ok {
				if tn.Op == opVar {
					return errAt(tn, "Unknown identifier `%s`", tn.Text)
				}
				return errAt(tn, "type expected")
			}
			if err := sc.elabTermAt(n.Kids[0], t); err != nil {
				return err
			}
			n.Asc = t
			n.Kids = n.Kids[:1]
		}
		return sc.join(li, n.Asc, n)
	case opNeg, opInv:
		return sc.leaves(n.Kids[0], li)
	case "+", "-", "*", "/", "%":
		if err := sc.leaves(n.Kids[0], li); err != nil {
			return err
		}
		return sc.leaves(n.Kids[1], li)
	case "^":
		return sc.leaves(n.Kids[0], li) // the exponent is elaborated on its own
	case opSorry:
		return errAt(n, "leanprm-simulator: `sorry` inside a term is not simulated (this is a simulator, not Lean)")
	case opHole:
		return errAt(n, "don't know how to synthesize placeholder")
	case opStr:
		return errAt(n, "type mismatch\n  %s\nhas type\n  String : Type", n.Text)
	}
	return errAt(n, "type mismatch\n  %s\nhas type\n  Prop : Type\nbut is expected to have a numeric type", n.pp())
}

// elabApp elaborates an application of a simulated function (Nat.succ, Int.natAbs, …) and
// returns its result type. `x.f a` with x a local variable is T.f x a.
func (sc *scope) elabApp(n *Node) (Type, error) {
	full, f, ok := sc.lookupFunc(n.Text)
	if !ok {
		head, field, dotted := strings.Cut(n.Text, ".")
		if h, local := sc.local(head); dotted && local && h.isVar() {
			if g, known := simFuncs[h.Ty.name(false)+"."+field]; known {
				full, f, ok = h.Ty.name(false)+"."+field, g, true
				arg := &Node{Op: opVar, Text: head, Pos: n.Pos, End: n.Pos}
				n.Kids = append([]*Node{arg}, n.Kids...)
			}
		}
	}
	if !ok {
		if _, local := sc.local(n.Text); local || sc.env.lookup(n.Text) != nil {
			return TypeNone, errAt(n, "leanprm-simulator: applying `%s` is not simulated (this is a simulator, not Lean)", n.Text)
		}
		return TypeNone, unknownIdent(&Node{Op: opVar, Text: n.Text, Pos: n.Pos, End: n.Pos})
	}
	if len(n.Kids) != len(f.params) {
		return TypeNone, errAt(n, "leanprm-simulator: `%s` applied to %d arguments is not simulated (this is a simulator, not Lean)", full, len(n.Kids))
	}
	n.Text = full
	for i, a := range n.Kids {
		if err := sc.elabTermAt(a, f.params[i]); err != nil {
			return TypeNone, err
		}
	}
	return f.result, nil
}

// varType resolves an identifier used as a number.
func (sc *scope) varType(n *Node) (Type, error) {
	if h, ok := sc.local(n.Text); ok {
		if !h.isVar() || h.Ty == TypeProp {
			return TypeNone, errAt(n, "type mismatch\n  %s\nis a proof, not a number", n.Text)
		}
		return h.Ty, nil
	}
	if d := sc.env.lookup(n.Text); d != nil {
		if d.Params {
			return TypeNone, errAt(n, "leanprm-simulator: applying the function `%s` is not simulated (this is a simulator, not Lean)", n.Text)
		}
		if d.Theorem {
			return TypeNone, errAt(n, "type mismatch\n  %s\nis a proof, not a number", n.Text)
		}
		return d.Ty, nil
	}
	return TypeNone, unknownIdent(n)
}

// elabTermAt elaborates n with expected type t.
func (sc *scope) elabTermAt(n *Node, t Type) error {
	li := &leafInfo{}
	if err := sc.leaves(n, li); err != nil {
		return err
	}
	if li.max != TypeNone && li.max != t && (numRank(li.max) == 0 || numRank(t) == 0 || numRank(li.max) > numRank(t)) {
		return errAt(n, "type mismatch\n  %s\nhas type\n  %s : Type\nbut is expected to have type\n  %s : Type",
			n.pp(), sc.tyName(li.max), sc.tyName(t))
	}
	if li.dec != nil && t != TypeRat && t != TypeFloat && t != TypeReal {
		return sc.failedToSynthesize(li.dec, "OfScientific "+sc.tyName(t))
	}
	return sc.annotate(n, t)
}

// annotate records the elaborated type t on every node of an arithmetic tree and rejects
// operations that type has no instance for.
func (sc *scope) annotate(n *Node, t Type) error {
	n.Ty = t
	switch n.Op {
	case opNum:
		if numRank(t) == 0 && t != TypeFloat {
			return sc.failedToSynthesize(n, fmt.Sprintf("OfNat %s %s", sc.tyName(t), n.Text))
		}
	case opNeg:
		if t == TypeNat {
			return sc.failedToSynthesize(n, "Neg "+sc.tyName(t))
		}
		return sc.annotate(n.Kids[0], t)
	case opInv:
		if t == TypeNat || t == TypeInt {
			return sc.failedToSynthesize(n, "Inv "+sc.tyName(t))
		}
		return sc.annotate(n.Kids[0], t)
	case "%":
		if t != TypeNat && t != TypeInt {
			return sc.failedToSynthesize(n, fmt.Sprintf("HMod %s %s ?m", sc.tyName(t), sc.tyName(t)))
		}
		fallthrough
	case "+", "-", "*", "/":
		if err := sc.annotate(n.Kids[0], t); err != nil {
			return err
		}
		return sc.annotate(n.Kids[1], t)
	case "^":
		if err := sc.annotate(n.Kids[0], t); err != nil {
			return err
		}
		// Lean's default instance makes an exponent a Nat (Monoid.npow).
		e := n.Kids[1]
		li := &leafInfo{}
		if err := sc.leaves(e, li); err != nil {
			return err
		}
		if li.dec != nil || (li.max != TypeNone && li.max != TypeNat) {
			et := li.max
			if li.dec != nil && et == TypeNone {
				et = TypeFloat
			}
			return sc.failedToSynthesize(n, fmt.Sprintf("HPow %s %s ?m", sc.tyName(t), sc.tyName(et)))
		}
		return sc.annotate(e, TypeNat)
	}
	return nil
}

// elabRel elaborates a relation: both sides at the largest leaf type; with no typed leaf,
// numerals default to Nat and scientific literals to Float.
func (sc *scope) elabRel(n *Node) error {
	li := &leafInfo{}
	for _, k := range n.Kids {
		if err := sc.leaves(k, li); err != nil {
			return err
		}
	}
	t := li.max
	if t == TypeNone {
		t = TypeNat
		if li.dec != nil {
			t = TypeFloat
		}
	}
	if li.dec != nil && t != TypeRat && t != TypeFloat && t != TypeReal {
		return sc.failedToSynthesize(li.dec, "OfScientific "+sc.tyName(t))
	}
	if n.Op != "=" && n.Op != "≠" && numRank(t) == 0 && t != TypeFloat {
		return sc.failedToSynthesize(n, fmt.Sprintf("LT %s", sc.tyName(t)))
	}
	for _, k := range n.Kids {
		if err := sc.annotate(k, t); err != nil {
			return err
		}
	}
	return nil
}

// elabProp elaborates a proposition in place.
func (sc *scope) elabProp(n *Node) error {
	switch n.Op {
	case opTrue, opFalse:
		return nil
	case opNot:
		return sc.elabProp(n.Kids[0])
	case opAnd, opOr, opImp, opIff:
		if err := sc.elabProp(n.Kids[0]); err != nil {
			return err
		}
		return sc.elabProp(n.Kids[1])
	case opVar:
		if h, ok := sc.local(n.Text); ok && h.isVar() && h.Ty == TypeProp {
			return nil
		}
		if _, ok := sc.local(n.Text); !ok && sc.env.lookup(n.Text) == nil {
			return unknownIdent(n)
		}
	case opSorry:
		return errAt(n, "leanprm-simulator: `sorry` as a proposition is not simulated (this is a simulator, not Lean)")
	case opForall, opExists:
		return sc.elabBinderProp(n)
	case opApp, opFun, opProj:
		return errAt(n, "leanprm-simulator: this proposition is not simulated (this is a simulator, not Lean)")
	}
	if isRel(n.Op) {
		return sc.elabRel(n)
	}
	return errAt(n, "type expected, got\n  (%s)", n.pp())
}

// substVars is Lean's `subst_vars`: while some hypothesis `h : v = t` or `h : t = v` has a
// local variable v that does not occur in t, replace v by t everywhere and drop v and h.
func substVars(g *goal) *goal {
	g = g.clone()
	for {
		done := true
		for hi, h := range g.Hyps {
			if h.Prop == nil || h.Prop.Op != "=" {
				continue
			}
			for side := 1; side >= 0; side-- {
				v, t := h.Prop.Kids[side], h.Prop.Kids[1-side]
				if v.Op != opVar || v.casts() || t.mentions(v.Text) {
					continue
				}
				vi := -1
				for i := hi - 1; i >= 0; i-- {
					if g.Hyps[i].Name == v.Text && g.Hyps[i].isVar() {
						vi = i
						break
					}
				}
				if vi < 0 {
					continue
				}
				name := v.Text
				var rest []hyp
				for i, x := range g.Hyps {
					if i == hi || i == vi {
						continue
					}
					if x.Prop != nil {
						x.Prop = replaceVar(x.Prop, name, t)
					}
					rest = append(rest, x)
				}
				g.Hyps = rest
				if g.Target != nil {
					g.Target = replaceVar(g.Target, name, t)
				}
				done = false
				break
			}
			if !done {
				break
			}
		}
		if done {
			return g
		}
	}
}

// elabBinderProp elaborates ∀ and ∃. A variable without a type takes the type of the terms it
// is compared with (Nat when nothing says), as Lean's unifier would find it.
func (sc *scope) elabBinderProp(n *Node) error {
	vars, body := n.bound()
	saved := sc.hyps
	defer func() { sc.hyps = saved }()
	sc.hyps = append([]hyp(nil), sc.hyps...)
	for _, v := range vars {
		if v.Asc == TypeUnit || v.Asc == TypeFloat || v.Asc == TypeBool {
			return errAt(v, "leanprm-simulator: a bound variable of type %s is not simulated (this is a simulator, not Lean)", v.Asc.name(sc.env.Mathlib))
		}
		sc.hyps = append(sc.hyps, hyp{Name: v.Text, Ty: v.Asc})
	}
	if err := sc.elabProp(body); err != nil {
		return err
	}
	for _, v := range vars {
		if v.Asc != TypeNone {
			continue
		}
		t := inferredType(body, v.Text)
		if t == TypeNone {
			t = TypeNat
		}
		v.Asc, v.Ty = t, t
		setVarType(body, v.Text, t)
	}
	return nil
}

// inferredType finds the type an untyped bound variable was elaborated at.
func inferredType(n *Node, name string) Type {
	if n.Op == opVar && n.Text == name {
		return n.Ty
	}
	if isBinder(n.Op) {
		vars, _ := n.bound()
		for _, v := range vars {
			if v.Text == name {
				return TypeNone
			}
		}
	}
	for _, k := range n.Kids {
		if t := inferredType(k, name); t != TypeNone {
			return t
		}
	}
	return TypeNone
}

func setVarType(n *Node, name string, t Type) {
	if n.Op == opVar && n.Text == name && n.Asc == TypeNone {
		n.Asc = t
		if n.Ty == TypeNone {
			n.Ty = t
		}
		return
	}
	if isBinder(n.Op) {
		vars, _ := n.bound()
		for _, v := range vars {
			if v.Text == name {
				return
			}
		}
	}
	for _, k := range n.Kids {
		setVarType(k, name, t)
	}
}

// shadow makes room in g for a new entry called name: an entry of that name becomes
// inaccessible (name✝), as in Lean, and if it is a variable, every proposition of g that
// mentions it follows the rename. The returned function applies the same rename to terms
// that live in g's context but are not in g yet. So two different variables never share a
// name, and nothing that works by name (substitution, omega's atoms, unification) can
// confuse them.
func (g *goal) shadow(name string) func(*Node) *Node {
	ren := func(n *Node) *Node { return n }
	for i := range g.Hyps {
		if g.Hyps[i].Name != name {
			continue
		}
		old := g.Hyps[i]
		fresh := inaccessibleName(g.Hyps, name)
		g.Hyps[i].Name = fresh
		if !old.isVar() {
			continue
		}
		nv := &Node{Op: opVar, Text: fresh, Asc: old.Ty, Ty: old.Ty}
		ren = func(n *Node) *Node {
			if n == nil {
				return nil
			}
			return replaceVar(n, name, nv)
		}
		for j := range g.Hyps {
			if g.Hyps[j].Prop != nil {
				g.Hyps[j].Prop = ren(g.Hyps[j].Prop)
			}
		}
		g.Target = ren(g.Target)
	}
	return ren
}

// add appends h to g's context after shadowing its name; h's proposition, if any, is renamed
// with the rest of the context.
func (g *goal) add(h hyp) {
	ren := g.shadow(h.Name)
	h.Prop = ren(h.Prop)
	g.Hyps = append(g.Hyps, h)
}

var superscripts = []string{"", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// inaccessibleName is name✝, name✝¹, … whichever is free in hyps.
func inaccessibleName(hyps []hyp, name string) string {
	taken := func(s string) bool {
		for _, h := range hyps {
			if h.Name == s {
				return true
			}
		}
		return false
	}
	for i := 0; ; i++ {
		s := name + "✝"
		if i < len(superscripts) {
			s += superscripts[i]
		} else {
			s += fmt.Sprint(i)
		}
		if !taken(s) {
			return s
		}
	}
}
