package reward

// What a relation's result is: the answer written by a formula (states), quantities a chain of
// equalities computes (computed), work that leads nowhere (unused).

import (
	"slices"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
)

// unused marks the work steps whose results no later step uses, and that are not the answer:
// work beside the derivation (true arithmetic on the problem's numbers that leads nowhere) is
// idle, not work. made are the quantities each such step brought in. An idle step uses nothing
// (unused work, so that a chain of busywork leads nowhere as a whole; an ungrounded relation;
// an identity; a repetition), and a relation of known quantities uses no result of a step
// whose quantities it only restates ("2 + 2 = 4", then "2 \\times 2 = 4").
func unused(w *Work, r *hybrid.Scored, made [][]string, k *known) {
	later := map[string]bool{k.target: k.numeric}
	for _, q := range quantities(k.answer) {
		later[q] = true
	}
	var restating [][]string // the quantities of later relations of known quantities (no_new)
	for i := len(w.Steps) - 1; i >= 0; i-- {
		qs := quantities(r.Steps[i].Text)
		if len(made[i]) > 0 && !slices.ContainsFunc(made[i], func(q string) bool { return later[q] || restates(restating, q, qs) }) {
			w.Steps[i].Work, w.Steps[i].Linked, w.Steps[i].Why = false, false, WhyUnused
		}
		switch w.Steps[i].Why {
		case WhyIdentity, WhyRepeated:
		case WhyNoNew:
			if len(restating) < maxRestating && len(qs) <= maxRestatingQuantities {
				restating = append(restating, qs)
				break
			}
			fallthrough // past the bounds, a use like any other (linear time)
		default:
			for _, q := range qs {
				later[q] = true
			}
		}
	}
}

// maxRestating bounds the relations of known quantities unused compares each work step with,
// and maxRestatingQuantities their quantities, so that the comparisons stay linear in the text.
const (
	maxRestating           = 16
	maxRestatingQuantities = 64
)

// restates is whether one of the later relations of known quantities uses q, from a step
// whose quantities are qs, while writing something else than qs' quantities.
func restates(restating [][]string, q string, qs []string) bool {
	for _, r := range restating {
		if slices.Contains(r, q) && slices.ContainsFunc(r, func(x string) bool { return !slices.Contains(qs, x) }) {
			return true
		}
	}
	return false
}

// states is whether the relation lhs = rhs writes the final answer as its result: rhs is the
// answer (or an expression the grader proves equal to it), and the formula before the
// relation computes (a digit, an operator or a LaTeX command) without writing the answer,
// from a left side grounded in the problem (grounds). Unlike derives, it does not ask where
// every operand comes from.
func (k *known) states(lhs, rhs string) bool {
	if k.target == "" {
		return false
	}
	f := lhs[mathRun.FindStringIndex(lhs)[0]:]
	if !strings.ContainsAny(f, "0123456789+-*/^\\") || !k.grounds(lhs) {
		return false
	}
	if !k.numeric {
		return !strings.Contains(compact(lhs), k.target) && (compact(resultText(rhs)) == k.target || k.provenAnswer(rhs))
	}
	if slices.Contains(written(f), k.target) {
		return false
	}
	v, ok := firstValue(rhs)
	return ok && v == k.target
}

// grounds is whether the left side of a relation, when it has quantities, has one that is
// problem-dependent (the problem's or a result of the chain's work): a formula over numbers
// foreign to the problem (a copied example's, "2 + 3 = 5") writes the answer by chance.
func (k *known) grounds(lhs string) bool {
	qs := quantities(lhs)
	return len(qs) == 0 || slices.ContainsFunc(qs, func(q string) bool { return k.dep[q] })
}

// computed are the quantities a chain of equalities computes (chained), and the right side's
// when the left side's last link is all known, one quantity at least problem-dependent
// ("(2)^2 + (-3)^2 = 4 + 9 = 13": 4, 9 and 13): they are not unexplained.
func (k *known) computed(lhs, rhs string) map[string]bool {
	last, local := k.chained(lhs)
	if !k.computes(last, local) {
		return local
	}
	if local == nil {
		local = map[string]bool{}
	}
	for _, q := range quantities(rhs) {
		local[q] = true
	}
	return local
}

// resultText is a relation's right side without the punctuation and the math delimiters around it
// (" -\\frac{8}{5} \\)." gives -\\frac{8}{5}).
func resultText(rhs string) string {
	r := strings.TrimSpace(rhs)
	for {
		t := strings.TrimSpace(strings.Trim(r, "$.,;:"))
		for _, d := range []string{`\)`, `\]`} {
			t = strings.TrimSpace(strings.TrimSuffix(t, d))
		}
		if len(t) == len(r) {
			return r
		}
		r = t
	}
}

// continues is whether a clause (compacted) gives the result of the clause before it: "$5^2$,
// which is $25$" relates 5^2 and 25 across the comma that ends a clause.
func continues(c string) bool {
	rest, ok := strings.CutPrefix(c, "which")
	if !ok {
		return false
	}
	for w := range copulas {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}

// fractionsOf counts the fractions of seg whose numerator and value are both fresh: with its
// denominator, a fraction's numerator gives its value ("x = \\frac{17}{4}" brings in one new
// quantity, not two).
func fractionsOf(seg string, fresh []string) int {
	n := 0
	quantity.each(seg, func(m qmatch) {
		if m.num0 < 0 {
			return
		}
		num, ok1 := rational(seg[m.num0:m.num1])
		v, ok2 := ratio(seg[m.num0:m.num1], seg[m.den0:m.den1])
		if ok1 && ok2 && num != v && slices.Contains(fresh, num) && slices.Contains(fresh, v) {
			n++
		}
	})
	return n
}

// unbox drops a text's boxed answers, but keeps a boxed answer a relation computes ("x =
// \boxed{3}" is "x = 3"): it is the relation's result.
func unbox(text string) string {
	var b strings.Builder
	at := 0
	for _, m := range boxed.FindAllStringIndex(text, -1) {
		before := strings.TrimRight(text[at:m[0]], " $")
		b.WriteString(text[at:m[0]])
		if strings.HasSuffix(before, "=") {
			box := text[m[0]:m[1]]
			b.WriteString(box[strings.IndexByte(box, '{')+1 : len(box)-1])
		} else {
			b.WriteByte(' ')
		}
		at = m[1]
	}
	b.WriteString(text[at:])
	return b.String()
}
