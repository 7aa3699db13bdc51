package elab

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// Hyp is one entry of a local context: a variable of a type (Ty, Prop included), or a
// hypothesis proving a proposition.
type Hyp struct {
	Name string       `json:"name"`
	Ty   syntax.Type  `json:"ty,omitempty"`   // a variable's type (0 for a hypothesis)
	Prop *syntax.Node `json:"prop,omitempty"` // a hypothesis's proposition
}

func (h Hyp) IsVar() bool { return h.Prop == nil }

// Goal is a proof obligation: a proposition to prove, or a value of a type to construct
// (such as `⊢ Nat` from `def f : Nat := by sorry`).
type Goal struct {
	Tag    string       `json:"tag,omitempty"`
	Hyps   []Hyp        `json:"hyps,omitempty"`
	Target *syntax.Node `json:"target,omitempty"`
	Ty     syntax.Type  `json:"ty,omitempty"` // a data goal's type when Target is nil
}

func (g *Goal) Clone() *Goal {
	c := &Goal{Tag: g.Tag, Ty: g.Ty, Target: g.Target.Clone()}
	c.Hyps = make([]Hyp, len(g.Hyps))
	for i, h := range g.Hyps {
		c.Hyps[i] = Hyp{Name: h.Name, Ty: h.Ty, Prop: h.Prop.Clone()}
	}
	return c
}

// pp prints the goal like Lean's goal display: an optional `case` line, the context with
// consecutive entries of the same type grouped (`x y : Nat`), then `⊢ target`.
func (g *Goal) Pretty(mathlib bool) string {
	var b strings.Builder
	if g.Tag != "" {
		b.WriteString("case " + g.Tag + "\n")
	}
	for i := 0; i < len(g.Hyps); {
		ty := g.Hyps[i].TypeString(mathlib)
		names := []string{g.Hyps[i].Name}
		j := i + 1
		for j < len(g.Hyps) && g.Hyps[j].TypeString(mathlib) == ty {
			names = append(names, g.Hyps[j].Name)
			j++
		}
		b.WriteString(strings.Join(names, " ") + " : " + ty + "\n")
		i = j
	}
	b.WriteString("⊢ " + g.TargetString(mathlib))
	return b.String()
}

func (h Hyp) TypeString(mathlib bool) string {
	if h.Prop != nil {
		return h.Prop.Pretty()
	}
	return h.Ty.Name(mathlib)
}

func (g *Goal) TargetString(mathlib bool) string {
	if g.Target != nil {
		return g.Target.Pretty()
	}
	return g.Ty.Name(mathlib)
}

// Scope resolves names: the local context first (latest binding wins), then the
// environment's definitions, directly or through an `open` namespace.
type Scope struct {
	Env  *Env
	Hyps []Hyp
}

func (sc *Scope) Local(name string) (Hyp, bool) {
	for i := len(sc.Hyps) - 1; i >= 0; i-- {
		if sc.Hyps[i].Name == name {
			return sc.Hyps[i], true
		}
	}
	return Hyp{}, false
}

// value evaluates a variable for the evaluator: definitions unfold (as `decide` and the
// kernel unfold them); local variables are free.
func (sc *Scope) value(name string) (*big.Rat, error) {
	if _, ok := sc.Local(name); ok {
		return nil, &EvalErr{Kind: EvFree, detail: name}
	}
	d := sc.Env.Lookup(name)
	if d == nil || d.Value == nil {
		return nil, &EvalErr{Kind: EvOpaque, detail: name}
	}
	ev := &Evaluator{Scope: &Scope{Env: sc.Env}}
	return ev.Term(d.Value)
}

// Error is an elaboration error at a node.
type Error struct {
	Pos, End syntax.Pos
	Msg      string
}

func (e *Error) Error() string { return e.Msg }

func ErrAt(n *syntax.Node, format string, args ...any) *Error {
	return &Error{Pos: n.Pos, End: n.End, Msg: fmt.Sprintf(format, args...)}
}

// UnknownIdent reports an identifier that resolves to nothing. A plain name gets Lean's
// error; a dotted one (`And.intro`, `h.left`) is most likely a library constant or a
// projection, which the simulator does not model, so it says that instead of lying.
//
// After a command the simulator did not model (env.Unmodelled), any name might have been
// declared there (a structure, a notation, a namespace's contents), so none is called
// unknown: the simulator says it does not simulate it.
func UnknownIdent(env *Env, n *syntax.Node) *Error {
	if strings.Contains(n.Text, ".") || (env != nil && env.Unmodelled) {
		return ErrAt(n, "leanprm-simulator: `%s` is not simulated (this is a simulator, not Lean)", n.Text)
	}
	return ErrAt(n, "Unknown identifier `%s`", n.Text)
}

const SynthHint = "\n\nHint: Additional diagnostic information may be available using the `set_option diagnostics true` command."

func (sc *Scope) tyName(t syntax.Type) string { return t.Name(sc.Env.Mathlib) }

func (sc *Scope) failedToSynthesize(n *syntax.Node, class string) *Error {
	return ErrAt(n, "failed to synthesize\n  %s%s", class, SynthHint)
}

// numRank orders the numeric types along Lean's coercions Nat → Int → Rat → Real.
func numRank(t syntax.Type) int {
	switch t {
	case syntax.TypeNat:
		return 1
	case syntax.TypeInt:
		return 2
	case syntax.TypeRat:
		return 3
	case syntax.TypeReal:
		return 4
	}
	return 0
}

// LeafInfo is what Lean's `binop%` elaborator learns from the leaves of an arithmetic tree:
// the largest type among them (every leaf is then elaborated at, or cast to, that type).
type LeafInfo struct {
	Max syntax.Type
	Dec *syntax.Node // an unascribed scientific literal, if any
}

func (sc *Scope) join(li *LeafInfo, t syntax.Type, at *syntax.Node) error {
	switch {
	case li.Max == syntax.TypeNone || li.Max == t:
		li.Max = t
	case numRank(li.Max) > 0 && numRank(t) > 0:
		if numRank(t) > numRank(li.Max) {
			li.Max = t
		}
	default:
		return ErrAt(at, "type mismatch\n  %s\nhas type\n  %s : Type\nbut is expected to have type\n  %s : Type",
			at.Pretty(), sc.tyName(t), sc.tyName(li.Max))
	}
	return nil
}

// Leaves walks an arithmetic tree, elaborating ascriptions on their own and collecting the
// leaves' types.
func (sc *Scope) Leaves(n *syntax.Node, li *LeafInfo) error {
	switch n.Op {
	case syntax.OpNum:
		return nil
	case syntax.OpDec:
		if li.Dec == nil {
			li.Dec = n
		}
		return nil
	case syntax.OpVar:
		if sc.fieldNotation(n) {
			return sc.Leaves(n, li)
		}
		t, err := sc.varType(n)
		if err != nil {
			return err
		}
		n.Asc = t
		if t == syntax.TypeNone {
			return nil // a bound variable whose type is being inferred: it takes the others'
		}
		return sc.join(li, t, n)
	case syntax.OpApp:
		t, err := sc.elabApp(n)
		if err != nil {
			return err
		}
		n.Asc = t
		return sc.join(li, t, n)
	case syntax.OpChar:
		return ErrAt(n, "type mismatch\n  %s\nhas type\n  Char : Type", n.Text)
	case syntax.OpForall, syntax.OpExists, syntax.OpFun, syntax.OpAnon, syntax.OpBy, syntax.OpProj, syntax.OpMVar:
		return ErrAt(n, "leanprm-simulator: this term is not simulated here (this is a simulator, not Lean)")
	case syntax.OpAscr:
		if len(n.Kids) == 2 {
			tn := n.Kids[1]
			t, ok := syntax.TypeNone, false
			if tn.Op == syntax.OpVar {
				t, ok = syntax.TypeByName(tn.Text, sc.Env.Mathlib)
			}
			if !ok {
				if tn.Op == syntax.OpVar {
					return ErrAt(tn, "Unknown identifier `%s`", tn.Text)
				}
				return ErrAt(tn, "type expected")
			}
			if err := sc.ElabTermAt(n.Kids[0], t); err != nil {
				return err
			}
			n.Asc = t
			n.Kids = n.Kids[:1]
		}
		return sc.join(li, n.Asc, n)
	case syntax.OpNeg, syntax.OpInv:
		return sc.Leaves(n.Kids[0], li)
	case "+", "-", "*", "/", "%":
		if err := sc.Leaves(n.Kids[0], li); err != nil {
			return err
		}
		return sc.Leaves(n.Kids[1], li)
	case "^":
		return sc.Leaves(n.Kids[0], li) // the exponent is elaborated on its own
	case syntax.OpSorry:
		return ErrAt(n, "leanprm-simulator: `sorry` inside a term is not simulated (this is a simulator, not Lean)")
	case syntax.OpHole:
		return ErrAt(n, "don't know how to synthesize placeholder")
	case syntax.OpStr:
		return ErrAt(n, "type mismatch\n  %s\nhas type\n  String : Type", n.Text)
	}
	return ErrAt(n, "type mismatch\n  %s\nhas type\n  Prop : Type\nbut is expected to have a numeric type", n.Pretty())
}

// elabApp elaborates an application of a simulated function (Nat.succ, Int.natAbs, …) and
// returns its result type. `x.f a` with x a local variable is T.f x a.
func (sc *Scope) elabApp(n *syntax.Node) (syntax.Type, error) {
	full, f, ok := sc.LookupFunc(n.Text)
	if !ok {
		head, field, dotted := strings.Cut(n.Text, ".")
		if h, local := sc.Local(head); dotted && local && h.IsVar() {
			if g, known := syntax.Funcs[h.Ty.Name(false)+"."+field]; known {
				full, f, ok = h.Ty.Name(false)+"."+field, g, true
				arg := &syntax.Node{Op: syntax.OpVar, Text: head, Pos: n.Pos, End: n.Pos}
				n.Kids = append([]*syntax.Node{arg}, n.Kids...)
			}
		}
	}
	if !ok {
		if _, local := sc.Local(n.Text); local || sc.Env.Lookup(n.Text) != nil {
			return syntax.TypeNone, ErrAt(n, "leanprm-simulator: applying `%s` is not simulated (this is a simulator, not Lean)", n.Text)
		}
		return syntax.TypeNone, UnknownIdent(sc.Env, &syntax.Node{Op: syntax.OpVar, Text: n.Text, Pos: n.Pos, End: n.Pos})
	}
	if len(n.Kids) != len(f.Params) {
		return syntax.TypeNone, ErrAt(n, "leanprm-simulator: `%s` applied to %d arguments is not simulated (this is a simulator, not Lean)", full, len(n.Kids))
	}
	n.Text = full
	for i, a := range n.Kids {
		if err := sc.ElabTermAt(a, f.Params[i]); err != nil {
			return syntax.TypeNone, err
		}
	}
	return f.Result, nil
}

// varType resolves an identifier used as a number.
func (sc *Scope) varType(n *syntax.Node) (syntax.Type, error) {
	if h, ok := sc.Local(n.Text); ok {
		if !h.IsVar() || h.Ty == syntax.TypeProp {
			return syntax.TypeNone, ErrAt(n, "type mismatch\n  %s\nis a proof, not a number", n.Text)
		}
		return h.Ty, nil
	}
	if d := sc.Env.Lookup(n.Text); d != nil {
		if d.Params {
			return syntax.TypeNone, ErrAt(n, "leanprm-simulator: applying the function `%s` is not simulated (this is a simulator, not Lean)", n.Text)
		}
		if d.Theorem {
			return syntax.TypeNone, ErrAt(n, "type mismatch\n  %s\nis a proof, not a number", n.Text)
		}
		return d.Ty, nil
	}
	return syntax.TypeNone, UnknownIdent(sc.Env, n)
}

// ElabTermAt elaborates n with expected type t.
func (sc *Scope) ElabTermAt(n *syntax.Node, t syntax.Type) error {
	li := &LeafInfo{}
	if err := sc.Leaves(n, li); err != nil {
		return err
	}
	if li.Max != syntax.TypeNone && li.Max != t && (numRank(li.Max) == 0 || numRank(t) == 0 || numRank(li.Max) > numRank(t)) {
		return ErrAt(n, "type mismatch\n  %s\nhas type\n  %s : Type\nbut is expected to have type\n  %s : Type",
			n.Pretty(), sc.tyName(li.Max), sc.tyName(t))
	}
	if li.Dec != nil && t != syntax.TypeRat && t != syntax.TypeFloat && t != syntax.TypeReal {
		return sc.failedToSynthesize(li.Dec, "OfScientific "+sc.tyName(t))
	}
	return sc.annotate(n, t)
}

// annotate records the elaborated type t on every node of an arithmetic tree and rejects
// operations that type has no instance for.
func (sc *Scope) annotate(n *syntax.Node, t syntax.Type) error {
	n.Ty = t
	switch n.Op {
	case syntax.OpNum:
		if numRank(t) == 0 && t != syntax.TypeFloat {
			return sc.failedToSynthesize(n, fmt.Sprintf("OfNat %s %s", sc.tyName(t), n.Text))
		}
	case syntax.OpNeg:
		if t == syntax.TypeNat {
			return sc.failedToSynthesize(n, "Neg "+sc.tyName(t))
		}
		return sc.annotate(n.Kids[0], t)
	case syntax.OpInv:
		if t == syntax.TypeNat || t == syntax.TypeInt {
			return sc.failedToSynthesize(n, "Inv "+sc.tyName(t))
		}
		return sc.annotate(n.Kids[0], t)
	case "%":
		if t != syntax.TypeNat && t != syntax.TypeInt {
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
		li := &LeafInfo{}
		if err := sc.Leaves(e, li); err != nil {
			return err
		}
		if li.Dec != nil || (li.Max != syntax.TypeNone && li.Max != syntax.TypeNat) {
			et := li.Max
			if li.Dec != nil && et == syntax.TypeNone {
				et = syntax.TypeFloat
			}
			return sc.failedToSynthesize(n, fmt.Sprintf("HPow %s %s ?m", sc.tyName(t), sc.tyName(et)))
		}
		return sc.annotate(e, syntax.TypeNat)
	}
	return nil
}

// elabRel elaborates a relation: both sides at the largest leaf type; with no typed leaf,
// numerals default to Nat and scientific literals to Float.
func (sc *Scope) elabRel(n *syntax.Node) error {
	li := &LeafInfo{}
	for _, k := range n.Kids {
		if err := sc.Leaves(k, li); err != nil {
			return err
		}
	}
	t := li.Max
	if t == syntax.TypeNone {
		t = syntax.TypeNat
		if li.Dec != nil {
			t = syntax.TypeFloat
		}
	}
	if li.Dec != nil && t != syntax.TypeRat && t != syntax.TypeFloat && t != syntax.TypeReal {
		return sc.failedToSynthesize(li.Dec, "OfScientific "+sc.tyName(t))
	}
	if n.Op != "=" && n.Op != "≠" && numRank(t) == 0 && t != syntax.TypeFloat {
		return sc.failedToSynthesize(n, fmt.Sprintf("LT %s", sc.tyName(t)))
	}
	for _, k := range n.Kids {
		if err := sc.annotate(k, t); err != nil {
			return err
		}
	}
	return nil
}

// ElabProp elaborates a proposition in place.
func (sc *Scope) ElabProp(n *syntax.Node) error {
	switch n.Op {
	case syntax.OpTrue, syntax.OpFalse:
		return nil
	case syntax.OpNot:
		return sc.ElabProp(n.Kids[0])
	case syntax.OpAnd, syntax.OpOr, syntax.OpImp, syntax.OpIff:
		if err := sc.ElabProp(n.Kids[0]); err != nil {
			return err
		}
		return sc.ElabProp(n.Kids[1])
	case syntax.OpVar:
		if h, ok := sc.Local(n.Text); ok && h.IsVar() && h.Ty == syntax.TypeProp {
			return nil
		}
		if _, ok := sc.Local(n.Text); !ok && sc.Env.Lookup(n.Text) == nil {
			return UnknownIdent(sc.Env, n)
		}
	case syntax.OpSorry:
		return ErrAt(n, "leanprm-simulator: `sorry` as a proposition is not simulated (this is a simulator, not Lean)")
	case syntax.OpForall, syntax.OpExists:
		return sc.elabBinderProp(n)
	case syntax.OpApp, syntax.OpFun, syntax.OpProj:
		return ErrAt(n, "leanprm-simulator: this proposition is not simulated (this is a simulator, not Lean)")
	}
	if syntax.IsRel(n.Op) {
		return sc.elabRel(n)
	}
	return ErrAt(n, "type expected, got\n  (%s)", n.Pretty())
}

// SubstVars is Lean's `subst_vars`: while some hypothesis `h : v = t` or `h : t = v` has a
// local variable v that does not occur in t, replace v by t everywhere and drop v and h.
func SubstVars(g *Goal) *Goal {
	g = g.Clone()
	for {
		done := true
		for hi, h := range g.Hyps {
			if h.Prop == nil || h.Prop.Op != "=" {
				continue
			}
			for side := 1; side >= 0; side-- {
				v, t := h.Prop.Kids[side], h.Prop.Kids[1-side]
				if v.Op != syntax.OpVar || v.Casts() || t.Mentions(v.Text) {
					continue
				}
				vi := -1
				for i := hi - 1; i >= 0; i-- {
					if g.Hyps[i].Name == v.Text && g.Hyps[i].IsVar() {
						vi = i
						break
					}
				}
				if vi < 0 {
					continue
				}
				name := v.Text
				var rest []Hyp
				for i, x := range g.Hyps {
					if i == hi || i == vi {
						continue
					}
					if x.Prop != nil {
						x.Prop = syntax.ReplaceVar(x.Prop, name, t)
					}
					rest = append(rest, x)
				}
				g.Hyps = rest
				if g.Target != nil {
					g.Target = syntax.ReplaceVar(g.Target, name, t)
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
func (sc *Scope) elabBinderProp(n *syntax.Node) error {
	vars, body := n.Bound()
	saved := sc.Hyps
	defer func() { sc.Hyps = saved }()
	sc.Hyps = append([]Hyp(nil), sc.Hyps...)
	for _, v := range vars {
		if v.Asc == syntax.TypeUnit || v.Asc == syntax.TypeFloat || v.Asc == syntax.TypeBool {
			return ErrAt(v, "leanprm-simulator: a bound variable of type %s is not simulated (this is a simulator, not Lean)", v.Asc.Name(sc.Env.Mathlib))
		}
		sc.Hyps = append(sc.Hyps, Hyp{Name: v.Text, Ty: v.Asc})
	}
	if err := sc.ElabProp(body); err != nil {
		return err
	}
	for _, v := range vars {
		if v.Asc != syntax.TypeNone {
			continue
		}
		t := inferredType(body, v.Text)
		if t == syntax.TypeNone {
			t = syntax.TypeNat
		}
		v.Asc, v.Ty = t, t
		setVarType(body, v.Text, t)
	}
	return nil
}

// inferredType finds the type an untyped bound variable was elaborated at.
func inferredType(n *syntax.Node, name string) syntax.Type {
	if n.Op == syntax.OpVar && n.Text == name {
		return n.Ty
	}
	if syntax.IsBinder(n.Op) {
		vars, _ := n.Bound()
		for _, v := range vars {
			if v.Text == name {
				return syntax.TypeNone
			}
		}
	}
	for _, k := range n.Kids {
		if t := inferredType(k, name); t != syntax.TypeNone {
			return t
		}
	}
	return syntax.TypeNone
}

func setVarType(n *syntax.Node, name string, t syntax.Type) {
	if n.Op == syntax.OpVar && n.Text == name && n.Asc == syntax.TypeNone {
		n.Asc = t
		if n.Ty == syntax.TypeNone {
			n.Ty = t
		}
		return
	}
	if syntax.IsBinder(n.Op) {
		vars, _ := n.Bound()
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

// Shadow makes room in g for a new entry called name: an entry of that name becomes
// inaccessible (name✝), as in Lean, and if it is a variable, every proposition of g that
// mentions it follows the rename. The returned function applies the same rename to terms
// that live in g's context but are not in g yet. So two different variables never share a
// name, and nothing that works by name (substitution, omega's atoms, unification) can
// confuse them.
func (g *Goal) Shadow(name string) func(*syntax.Node) *syntax.Node {
	ren := func(n *syntax.Node) *syntax.Node { return n }
	for i := range g.Hyps {
		if g.Hyps[i].Name != name {
			continue
		}
		old := g.Hyps[i]
		fresh := inaccessibleName(g.Hyps, name)
		g.Hyps[i].Name = fresh
		if !old.IsVar() {
			continue
		}
		nv := &syntax.Node{Op: syntax.OpVar, Text: fresh, Asc: old.Ty, Ty: old.Ty}
		ren = func(n *syntax.Node) *syntax.Node {
			if n == nil {
				return nil
			}
			return syntax.ReplaceVar(n, name, nv)
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

// Add appends h to g's context after shadowing its name; h's proposition, if any, is renamed
// with the rest of the context.
func (g *Goal) Add(h Hyp) {
	ren := g.Shadow(h.Name)
	h.Prop = ren(h.Prop)
	g.Hyps = append(g.Hyps, h)
}

var superscripts = []string{"", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// inaccessibleName is name✝, name✝¹, … whichever is free in hyps.
func inaccessibleName(hyps []Hyp, name string) string {
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
