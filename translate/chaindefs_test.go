package translate

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"github.com/leanprm/leanprm/translate/internal/symdefs"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// chainDefTraps are chains whose STEPS define a function, a polynomial or
// a sequence that a later step uses (issue 29, "function notation with a
// function defined in the chain"). For each mechanism: the true form, a
// variant with other numbers and wording, a look-alike that is a real
// error (still refuted), and scoping traps (a definition in a case, a
// supposition, a trial or a guess does not bind; a second body ends the
// first). The wording and numbers are ours.
var chainDefTraps = []funcTrap{
	// A function a step concludes, used in a later step.
	{name: "concluded line", steps: []string{`Solving, the line is \(h(x) = 5 - 2x\).`, `Then \(h(3) = -1\).`}, step: 1, want: wantVerified},
	{name: "concluded line, wrong value", steps: []string{`Solving, the line is \(h(x) = 5 - 2x\).`, `Then \(h(3) = 1\).`}, step: 1, want: wantRefuted},
	{name: "polynomial a step introduces", steps: []string{`Thus the polynomial is \(Q(t) = t^3 - t + 4\).`, `Evaluating, \(Q(2) = 10\).`}, step: 1, want: wantVerified},
	{name: "polynomial a step introduces, wrong value", steps: []string{`Thus the polynomial is \(Q(t) = t^3 - t + 4\).`, `Evaluating, \(Q(2) = 12\).`}, step: 1, want: wantRefuted},
	{name: "built from the problem's function", problem: `Let $f(x) = 2x - 3$.`, steps: []string{`Define \(g(x) = f(x) + 4\).`, `So \(g(5) = 11\).`}, step: 1, want: wantVerified},
	{name: "built from the problem's function, wrong", problem: `Let $f(x) = 2x - 3$.`, steps: []string{`Define \(g(x) = f(x) + 4\).`, `So \(g(5) = 12\).`}, step: 1, want: wantRefuted},
	{name: "a composition of the step's function", steps: []string{`We found \(q(x) = x + 3\).`, `Hence \(q(q(1)) = 7\).`}, step: 1, want: wantVerified},
	{name: "a composition of the step's function, wrong", steps: []string{`We found \(q(x) = x + 3\).`, `Hence \(q(q(1)) = 8\).`}, step: 1, want: wantRefuted},
	// A restatement that expands to the same function keeps it; one that
	// does not ends it (a second body, never a refutation by itself).
	{name: "factored restatement keeps the function", steps: []string{`Let \(P(x) = x^2 - 6x + 8\).`, `Factoring, \(P(x) = (x - 2)(x - 4)\).`, `So \(P(6) = 8\).`}, step: 2, want: wantVerified},
	{name: "factored restatement keeps the function, wrong value", steps: []string{`Let \(P(x) = x^2 - 6x + 8\).`, `Factoring, \(P(x) = (x - 2)(x - 4)\).`, `So \(P(6) = 10\).`}, step: 2, want: wantRefuted},
	{name: "a restatement in another variable", steps: []string{`So \(G(s) = s^2 + 2s + 1\), that is \(G(u) = (u + 1)^2\).`, `Then \(G(2) = 8\).`}, step: 1, want: wantRefuted},
	{name: "a second body ends the function", steps: []string{`Let \(P(x) = x^2 - 6x + 8\).`, `Factoring, \(P(x) = (x - 2)(x - 3)\).`, `So \(P(6) = 10\).`}, step: 2, want: wantNotRefuted},
	{name: "a later redefinition ends the function", steps: []string{`We get \(u(x) = x + 4\).`, `Later \(u(x) = 2x\).`, `So \(u(1) = 7\).`}, step: 2, want: wantNotRefuted},
	// Scope: no binding from a case, a supposition, a trial or a guess.
	{name: "an assumption earlier in the step", steps: []string{`Assume g is linear. Then \(g(x) = 3x - 1\).`, `So \(g(2) = 7\).`}, step: 1, want: wantNotRefuted},
	{name: "a case head earlier in the step", steps: []string{"Case 2: \\(x > 1\\).\nHere \\(g(x) = x - 1\\).", `So \(g(4) = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "a chain in cases", steps: []string{`Case 1: n is even.`, `Then \(g(n) = n + 2\).`, `So \(g(3) = 9\).`}, step: 2, want: wantNotRefuted},
	{name: "a chain in cases across a step left alone", steps: []string{`Case 1: n is even.`, "\xff", `Then \(g(n) = n + 2\).`, `So \(g(3) = 9\).`}, step: 3, want: wantNotRefuted},
	{name: "a trial", steps: []string{`Try \(g(x) = 2x\) in the equation.`, `So \(g(5) = 3\).`}, step: 1, want: wantNotRefuted},
	{name: "a guess", steps: []string{`Perhaps \(g(x) = x^2\).`, `Then \(g(3) = 10\).`}, step: 1, want: wantNotRefuted},
	{name: "an example", steps: []string{`For example, \(g(x) = x + 7\) works.`, `So \(g(1) = 2\).`}, step: 1, want: wantNotRefuted},
	{name: "a letter that is no usual function name stays unread", steps: []string{`We found \(k(x) = x + 3\).`, `Hence \(k(2) = 9\).`}, step: 1, want: wantNotRefuted},
	{name: "a rejected body", steps: []string{`We cannot have \(g(x) = 4x\), since that breaks the equation.`, `So \(g(2) = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "a body that fails its test", steps: []string{`\(g(x) = 4x - 1\) does not satisfy the condition.`, `So \(g(2) = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "a body that leads to a contradiction", steps: []string{`Then \(g(x) = 4x - 1\) leads to a contradiction.`, `So \(g(2) = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "a body asked", steps: []string{`Is \(g(x) = 4x - 1\)? No.`, `So \(g(2) = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "a body as a goal", steps: []string{`We want \(g(x) = 4x - 1\).`, `So \(g(2) = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "one of two bodies", steps: []string{`Either \(g(x) = 4x\) or \(g(x) = -4x\).`, `So \(g(2) = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "a candidate solution of a functional equation", problem: `Find all functions $g$ with $g(x + 1) = g(x) + 4$ for all reals $x$.`, steps: []string{`Therefore \(g(x) = 4x + 1\).`, `So \(g(2) = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "a rejected closed form", steps: []string{`The terms cannot be \(b_k = 4k - 1\).`, `So \(b_6 = 25\).`}, step: 1, want: wantNotRefuted},
	{name: "a body on part of the arguments, by a relation", steps: []string{`So \(g(x) = 2x + 5\), \(x \ge 0\).`, `Hence \(g(-2) = 6\).`}, step: 1, want: wantNotRefuted},
	{name: "a body on an interval", steps: []string{`So \(g(x) = 2x + 5\) on the interval \([0, 3]\).`, `Hence \(g(-2) = 6\).`}, step: 1, want: wantNotRefuted},
	{name: "a body for positive arguments", steps: []string{`So \(g(x) = 2x + 5\) whenever \(x\) is positive.`, `Hence \(g(-2) = 6\).`}, step: 1, want: wantNotRefuted},
	{name: "a body with its domain first", steps: []string{`On \(x > 0\) we have \(g(x) = 2x + 5\).`, `Hence \(g(-2) = 6\).`}, step: 1, want: wantNotRefuted},
	{name: "a body whose sentence says nothing of a domain", steps: []string{`The tangent line is \(T(x) = 2x + 5\).`, `Hence \(T(-2) = 6\).`}, step: 1, want: wantRefuted},
	{name: "a functional equation", steps: []string{`\(g(x) = g(x - 1) + 3\).`, `So \(g(2) = 4\).`}, step: 1, want: wantNotRefuted},

	// A sequence a step defines, used in a later step.
	{name: "closed form a step states", steps: []string{`Hence the terms are \(b_k = 4k - 1\).`, `So \(b_6 = 23\).`}, step: 1, want: wantVerified},
	{name: "closed form a step states, wrong term", steps: []string{`Hence the terms are \(b_k = 4k - 1\).`, `So \(b_6 = 25\).`}, step: 1, want: wantRefuted},
	{name: "closed form after the n-th term", steps: []string{`Let the n-th term be the number of tiles. Then \(t_n = 3n + 2\).`, `So \(t_{5} = 16\).`}, step: 1, want: wantRefuted},
	{name: "closed form, a sum of terms", steps: []string{`The general term is \(v_j = j^2 + 1\).`, `Adding, \(v_1 + v_3 = 12\).`}, step: 1, want: wantVerified},
	{name: "closed form, a sum of terms, wrong", steps: []string{`The general term is \(v_j = j^2 + 1\).`, `Adding, \(v_1 + v_3 = 13\).`}, step: 1, want: wantRefuted},
	{name: "closed form with the terms it gives", steps: []string{`The terms are \(b_k = 4k - 1\), so \(b_1 = 3\) and \(b_2 = 7\).`, `So \(b_6 = 23\).`}, step: 1, want: wantVerified},
	{name: "closed form with the terms it gives, wrong term later", steps: []string{`The terms are \(b_k = 4k - 1\), so \(b_1 = 3\) and \(b_2 = 7\).`, `So \(b_6 = 21\).`}, step: 1, want: wantRefuted},
	{name: "closed form with a term it does not give", steps: []string{`The terms are \(b_k = 4k - 1\), so \(b_1 = 3\) and \(b_2 = 8\).`, `So \(b_6 = 21\).`}, step: 1, want: wantNotRefuted},
	{name: "recurrence a step states", steps: []string{`We have \(c_1 = 3\) and \(c_{m+1} = 2c_m + 1\).`, `Thus \(c_4 = 31\).`}, step: 1, want: wantVerified},
	{name: "recurrence a step states, wrong term", steps: []string{`We have \(c_1 = 3\) and \(c_{m+1} = 2c_m + 1\).`, `Thus \(c_4 = 29\).`}, step: 1, want: wantRefuted},
	{name: "two-term recurrence a step states", steps: []string{`So \(d_1 = d_2 = 2\) and \(d_{n} = d_{n-1} + d_{n-2}\) for \(n \ge 3\).`, `Then \(d_5 = 10\).`}, step: 1, want: wantVerified},
	{name: "two-term recurrence a step states, wrong", steps: []string{`So \(d_1 = d_2 = 2\) and \(d_{n} = d_{n-1} + d_{n-2}\) for \(n \ge 3\).`, `Then \(d_5 = 12\).`}, step: 1, want: wantRefuted},
	{name: "the problem's recurrence stands under a step's closed form", problem: `Let $s_1 = 5$ and $s_{n+1} = s_n + 4$.`, steps: []string{`So \(s_n = 4n + 1\).`, `Hence \(s_{10} = 45\).`}, step: 1, want: wantRefuted},
	{name: "the problem's recurrence stands under a wrong closed form", problem: `Let $s_1 = 5$ and $s_{n+1} = s_n + 4$.`, steps: []string{`So \(s_n = 4n + 3\).`, `Hence \(s_{10} = 41\).`}, step: 1, want: wantVerified},
	// Scope and vetoes for sequences.
	{name: "a supposed closed form", steps: []string{`Suppose \(b_k = 4k - 1\).`, `So \(b_6 = 25\).`}, step: 1, want: wantNotRefuted},
	{name: "a closed form in a case", steps: []string{`Case 1: the terms are \(b_k = 4k - 1\).`, `So \(b_6 = 25\).`}, step: 1, want: wantNotRefuted},
	{name: "a conjectured pattern", steps: []string{`It seems that \(b_k = 4k - 1\).`, `So \(b_6 = 25\).`}, step: 1, want: wantNotRefuted},
	{name: "a term at the problem's index, not a closed form", problem: `Let $m$ be a positive integer and consider $2 + 4 + \cdots + 2m$.`, steps: []string{`The last term is \(a_m = 2m\).`, `So \(a_3 = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "a term at a step's index, not a closed form", steps: []string{`The sum has n terms. Its last term is \(a_n = 3n\).`, `So \(a_2 = 4\).`}, step: 1, want: wantNotRefuted},
	{name: "a recurrence with a term besides its seed", steps: []string{`We have \(c_1 = 3\), \(c_2 = 8\) and \(c_{m+1} = 2c_m + 1\).`, `Thus \(c_3 = 15\).`}, step: 1, want: wantNotRefuted},
	{name: "a recurrence with no seed", steps: []string{`We have \(c_{m+1} = 2c_m + 1\).`, `Thus \(c_3 = 15\).`}, step: 1, want: wantNotRefuted},
	{name: "a closed form for odd indices", steps: []string{`For odd k, \(b_k = 4k - 1\).`, `So \(b_6 = 25\).`}, step: 1, want: wantNotRefuted},
	{name: "a closed form for odd indices, said after", steps: []string{`So \(b_k = 4k - 1\) (k odd).`, `So \(b_6 = 25\).`}, step: 1, want: wantNotRefuted},
	{name: "a closed form with a range before it", steps: []string{`For \(k \ge 7\), \(b_k = 4k - 1\).`, `So \(b_6 = 25\).`}, step: 1, want: wantNotRefuted},
	{name: "a revision ends the step's sequence", steps: []string{`We have \(c_1 = 3\) and \(c_{m+1} = 2c_m + 1\).`, `However, one string is invalid, so \(c_2 = 6\).`, `Thus \(c_3 = 13\).`}, step: 2, want: wantNotRefuted},
	{name: "a revision ends the step's sequence, in its own step", steps: []string{`We have \(c_1 = 3\) and \(c_{m+1} = 2c_m + 1\).`, `However, one string is invalid, so \(c_2 = 6\).`}, step: 1, want: wantNotRefuted},
	{name: "last digits end the step's sequence", steps: []string{`The terms are \(b_k = 4k - 1\).`, `The last digit of \(b_6\) is 3, so \(b_6 = 3\).`}, step: 1, want: wantNotRefuted},
	{name: "a second closed form ends both", steps: []string{`The terms are \(b_k = 4k - 1\).`, `Also \(b_k = 3k\).`, `So \(b_6 = 25\).`}, step: 2, want: wantNotRefuted},
	{name: "a step that names the sequence anew", steps: []string{`The terms are \(b_k = 4k - 1\).`, `Let \(b_k\) now be the partial sums; \(b_2 = 10\).`}, step: 1, want: wantNotRefuted},
}

func TestFunctionsDefinedInTheChain(t *testing.T) {
	runFuncTraps(t, chainDefTraps, "earlier in the chain", func(funcTrap) bool { return true })
}

// TestChainDefsScope: the words before a definition that open a scope,
// the steps that put a chain in cases, and bodies that are one function.
func TestChainDefsScope(t *testing.T) {
	for _, tt := range []struct {
		text, word string
	}{
		{`So the line is h(x) = 5 - 2x`, ""},
		{`Assume g is linear. Then g(x) = 3x`, "assume"},
		{`Case 2: x > 1. Here g(x) = x`, "case"},
		{`Perhaps g(x) = x^2`, "perhaps"},
		{`Consider the polynomial P(x) = x^3`, ""},
		{`IF WE TRY g(x) = x`, "if"},
	} {
		off := strings.Index(tt.text, "(x)") - 1
		if off < 0 {
			off = len(tt.text)
		}
		assert.Equal(t, tt.word, symdefs.ScopedAt(tt.text, off), tt.text)
	}
	assert.True(t, symdefs.OpensCase("**Case 1:** n even"))
	assert.True(t, symdefs.OpensCase("2. Suppose that k = 3"))
	assert.False(t, symdefs.OpensCase("So the case is settled"))
	assert.True(t, symdefs.SameBody("x", "x^2 - 6x + 8", "u", "(u - 2)(u - 4)"))
	assert.False(t, symdefs.SameBody("x", "x^2 - 6x + 8", "x", "(x - 2)(x - 3)"))
	assert.False(t, symdefs.SameBody("x", "x^2", "x", "x^2 + "))
}

// FuzzChainDefs: the step-level readers take any bytes without panicking,
// give the same reading twice, and keep a bounded number of definitions.
func FuzzChainDefs(f *testing.F) {
	for _, c := range chainDefTraps {
		f.Add(c.problem, strings.Join(c.steps, "\n"))
	}
	f.Add("", "a_1 = a_2 = a_3 = 1, a_{n+3} = a_n + a_{n+1} + a_{n+2}")
	f.Add("\xff", "Case: $f(x) = x$ \xfe b_n = n")
	f.Fuzz(func(t *testing.T, problem, step string) {
		read := func() string {
			defs := symdefs.StepSeqs(symdefs.ReadChainProblem(problem), step, 1, false, map[string]*symexpr.Def{})
			defs = symdefs.StepSeqVeto(step, defs)
			var keys []string
			for k, d := range defs {
				if d != nil {
					keys = append(keys, k+"="+symexpr.Plain(d.Body))
				}
			}
			if len(keys) > 4*2*61 {
				t.Fatalf("%d terms kept", len(keys))
			}
			return fmt.Sprint(len(keys), symdefs.ScopedAt(step, len(step)/2), symdefs.OpensCase(step))
		}
		if a, b := read(), read(); a != b {
			t.Fatalf("two readings: %s and %s", a, b)
		}
		symdefs.SameBody("x", step[:len(step)/2], "y", step[len(step)/2:])
		if utf8.ValidString(step) && utf8.ValidString(problem) {
			tr, err := New(Options{})
			if err != nil {
				t.Fatal(err)
			}
			tr.TranslateProblem("fz", problem, []string{step, step})
		}
	})
}

// TestChainDefsLinear: a long step full of sequence heads and scope words
// is read in time about linear in its length.
func TestChainDefsLinear(t *testing.T) {
	for _, unit := range []string{`$a_1 = 2$ and $a_{n+1} = a_n + 3$, `, `so $b_k = 4k - 1$; $b_{k} = 4k - 1$. `, `a_1 = `, `if case try `} {
		small, large := strings.Repeat(unit, 500), strings.Repeat(unit, 4000)
		ts, tl := fastestOf(func(s string) {
			defs := symdefs.StepSeqs(symdefs.ReadChainProblem(s), s, 0, false, nil)
			symdefs.StepSeqVeto(s, defs)
			symdefs.ScopedAt(s, len(s))
		}, small, large)
		assert.Less(t, tl, 40*ts+50*time.Millisecond, "%q: 8× the text took %v against %v", unit, tl, ts)
	}
}

// fastestOf times read on small and on large, five times each, taking turns, and returns the
// fastest time of each: a busy machine only ever adds time, and taking turns spreads a burst of
// load over both sizes instead of landing on one.
func fastestOf(read func(string), small, large string) (ts, tl time.Duration) {
	ts, tl = time.Duration(1<<62), time.Duration(1<<62)
	for range 5 {
		for _, c := range []struct {
			s    string
			best *time.Duration
		}{{small, &ts}, {large, &tl}} {
			t0 := time.Now()
			read(c.s)
			*c.best = min(*c.best, time.Since(t0))
		}
	}
	return ts, tl
}
