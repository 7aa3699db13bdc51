package elab

import (
	"fmt"
	"strings"
	"sync"

	"github.com/leanprm/leanprm/internal/leansim/syntax"
)

// The core-Lean lemmas the simulator knows, by full name. Each statement is written here as
// core Lean 4 states it (from memory of Init/, not checked against a toolchain) and every one
// is a true statement, so using one can never prove something false. Axioms lists what
// `#print axioms` reports for a proof that uses the lemma: the simulator assumes none, which
// real Lean may contradict (a core lemma proved by simp can depend on propext).
var lemmaSources = []string{
	// Nat
	"Nat.add_comm (n m : Nat) : n + m = m + n",
	"Nat.add_assoc (n m k : Nat) : n + m + k = n + (m + k)",
	"Nat.mul_comm (n m : Nat) : n * m = m * n",
	"Nat.mul_assoc (n m k : Nat) : n * m * k = n * (m * k)",
	"Nat.add_zero (n : Nat) : n + 0 = n",
	"Nat.zero_add (n : Nat) : 0 + n = n",
	"Nat.mul_one (n : Nat) : n * 1 = n",
	"Nat.one_mul (n : Nat) : 1 * n = n",
	"Nat.mul_zero (n : Nat) : n * 0 = 0",
	"Nat.zero_mul (n : Nat) : 0 * n = 0",
	"Nat.left_distrib (n m k : Nat) : n * (m + k) = n * m + n * k",
	"Nat.right_distrib (n m k : Nat) : (n + m) * k = n * k + m * k",
	"Nat.mul_add (n m k : Nat) : n * (m + k) = n * m + n * k",
	"Nat.add_mul (n m k : Nat) : (n + m) * k = n * k + m * k",
	"Nat.two_mul (n : Nat) : 2 * n = n + n",
	"Nat.mul_mod_right (n k : Nat) : n * k % n = 0",
	"Nat.mul_mod_left (m n : Nat) : m * n % n = 0",
	"Nat.mod_self (n : Nat) : n % n = 0",
	"Nat.sub_self (n : Nat) : n - n = 0",
	"Nat.add_sub_cancel {n m : Nat} : n + m - m = n",
	"Nat.succ_pos (n : Nat) : 0 < Nat.succ n",
	"Nat.zero_lt_succ (n : Nat) : 0 < Nat.succ n",
	"Nat.lt_succ_self (n : Nat) : n < Nat.succ n",
	"Nat.le_succ (n : Nat) : n ≤ Nat.succ n",
	"Nat.le_refl (n : Nat) : n ≤ n",
	"Nat.lt_irrefl (n : Nat) : ¬n < n",
	"Nat.zero_le (n : Nat) : 0 ≤ n",
	// Int
	"Int.add_comm (a b : Int) : a + b = b + a",
	"Int.add_assoc (a b c : Int) : a + b + c = a + (b + c)",
	"Int.mul_comm (a b : Int) : a * b = b * a",
	"Int.mul_assoc (a b c : Int) : a * b * c = a * (b * c)",
	"Int.add_zero (a : Int) : a + 0 = a",
	"Int.zero_add (a : Int) : 0 + a = a",
	"Int.mul_one (a : Int) : a * 1 = a",
	"Int.one_mul (a : Int) : 1 * a = a",
	"Int.mul_zero (a : Int) : a * 0 = 0",
	"Int.zero_mul (a : Int) : 0 * a = 0",
	"Int.sub_self (a : Int) : a - a = 0",
	"Int.mul_add (a b c : Int) : a * (b + c) = a * b + a * c",
	"Int.add_mul (a b c : Int) : (a + b) * c = a * c + b * c",
	"Int.le_refl (a : Int) : a ≤ a",
	// Logic
	"And.intro {a b : Prop} (left : a) (right : b) : a ∧ b",
	"Or.inl {a b : Prop} (h : a) : a ∨ b",
	"Or.inr {a b : Prop} (h : b) : a ∨ b",
	"Iff.intro {a b : Prop} (mp : a → b) (mpr : b → a) : a ↔ b",
	"False.elim {C : Prop} (h : False) : C",
	"absurd {a b : Prop} (h₁ : a) (h₂ : ¬a) : b",
	"True.intro : True",
	"trivial : True",
}

type Lemma struct {
	name   string
	Stmt   *syntax.Node
	Axioms []string
}

// library parses lemmaSources once; a source that does not parse is a bug in this file.
var library = sync.OnceValue(func() map[string]Lemma {
	out := map[string]Lemma{}
	for _, src := range lemmaSources {
		l, err := parseLemma(src)
		if err != nil {
			panic(fmt.Sprintf("replsim: library lemma %q: %v", src, err))
		}
		out[l.name] = l
	}
	return out
})

// LookupLemma resolves a lemma name directly or through the open namespaces.
func LookupLemma(name string, opens []string) (Lemma, bool) {
	lib := library()
	if l, ok := lib[name]; ok {
		return l, true
	}
	for i := len(opens) - 1; i >= 0; i-- {
		if l, ok := lib[opens[i]+"."+name]; ok {
			return l, true
		}
	}
	return Lemma{}, false
}

// parseLemma reads "name binders : statement"; binders are (x y : T) or {x y : T} with T a
// type name or, for (h : P), a proposition.
func parseLemma(src string) (Lemma, error) {
	p := &syntax.Parser{Toks: syntax.Lex(src)}
	name := p.Next()
	if name.Kind != syntax.TkIdent {
		return Lemma{}, fmt.Errorf("no name")
	}
	sc := &Scope{Env: &Env{Defs: map[string]*Def{}}}
	var bs []StatementBinder
	for p.IsSym("(") || p.IsSym("{") {
		open := p.Next()
		closer := map[string]string{"(": ")", "{": "}"}[open.Text]
		var names []string
		for p.Peek().Kind == syntax.TkIdent {
			names = append(names, p.Next().Text)
		}
		if _, err := p.ExpectSym(":", "':'"); err != nil {
			return Lemma{}, err
		}
		ty, err := p.Expr(0, 0)
		if err != nil {
			return Lemma{}, err
		}
		if _, err := p.ExpectSym(closer, closer); err != nil {
			return Lemma{}, err
		}
		if t, ok := syntax.TypeByName(ty.Text, false); ty.Op == syntax.OpVar && ok {
			for _, n := range names {
				sc.Hyps = append(sc.Hyps, Hyp{Name: n, Ty: t})
				bs = append(bs, StatementBinder{name: n, ty: t, implicit: open.Text == "{"})
			}
			continue
		}
		if err := sc.ElabProp(ty); err != nil {
			return Lemma{}, err
		}
		for _, n := range names {
			sc.Hyps = append(sc.Hyps, Hyp{Name: n, Prop: ty})
			bs = append(bs, StatementBinder{name: n, prop: ty})
		}
	}
	if _, err := p.ExpectSym(":", "':'"); err != nil {
		return Lemma{}, err
	}
	target, err := p.Expr(0, 0)
	if err != nil {
		return Lemma{}, err
	}
	if p.Peek().Kind != syntax.TkEOF {
		return Lemma{}, fmt.Errorf("trailing %q", p.Peek().Text)
	}
	if err := sc.ElabProp(target); err != nil {
		return Lemma{}, err
	}
	return Lemma{name: name.Text, Stmt: CloseStatement(bs, target)}, nil
}

// StatementBinder is a parameter of a theorem: a variable (ty) or a hypothesis (prop).
type StatementBinder struct {
	name     string
	ty       syntax.Type
	prop     *syntax.Node
	implicit bool
}

// CloseStatement turns parameters and a conclusion into one proposition: variables become
// ∀ (consecutive ones share a node, as Lean prints them), hypotheses become →.
func CloseStatement(bs []StatementBinder, target *syntax.Node) *syntax.Node {
	body := target.Clone()
	for i := len(bs) - 1; i >= 0; {
		b := bs[i]
		if b.prop != nil {
			body = &syntax.Node{Op: syntax.OpImp, Kids: []*syntax.Node{b.prop.Clone(), body}}
			i--
			continue
		}
		j := i
		for j > 0 && bs[j-1].prop == nil {
			j--
		}
		n := &syntax.Node{Op: syntax.OpForall}
		for _, v := range bs[j : i+1] {
			n.Kids = append(n.Kids, &syntax.Node{Op: syntax.OpVar, Text: v.name, Asc: v.ty, Ty: v.ty, Impl: v.implicit})
		}
		n.Kids = append(n.Kids, body)
		body = n
		i = j - 1
	}
	return body
}

// StatementBinders lists a goal's context as theorem parameters.
func StatementBinders(hyps []Hyp) []StatementBinder {
	bs := make([]StatementBinder, len(hyps))
	for i, h := range hyps {
		bs[i] = StatementBinder{name: h.Name, ty: h.Ty, prop: h.Prop}
	}
	return bs
}

// PrettyAxioms formats a `#print axioms` report as Lean does.
func PrettyAxioms(name string, axioms []string) string {
	if len(axioms) == 0 {
		return fmt.Sprintf("'%s' does not depend on any axioms", name)
	}
	return fmt.Sprintf("'%s' depends on axioms: [%s]", name, strings.Join(axioms, ", "))
}
