package translate

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/translate/internal/symdefs"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// funcTrap is a chain that reads a function or a sequence the problem
// defines (issue 29, "function notation with a function defined in the
// chain"). The wording and numbers are ours.
type funcTrap struct {
	name    string
	problem string
	steps   []string
	step    int
	want    string // wantRefuted, wantNotRefuted, wantNotVerify, wantVerified
}

var funcTraps = []funcTrap{
	// The true form: an evaluation of the problem's function is verified, in
	// several wordings and with other numbers.
	{name: "value", problem: `Let $f(x) = x^2 - 3x + 1$. Find $f(4)$.`, steps: []string{`So \(f(4) = 5\).`}, want: wantVerified},
	{name: "value, another wording", problem: `Consider the function $h(t)=2t^{2}+t$. What is $h(-3)$?`, steps: []string{`We get \( h(-3) = 15 \).`}, want: wantVerified},
	{name: "asked before it is defined", problem: `What is $f(2)$ if $f(x) = 4x - 7$?`, steps: []string{`\( f(2) = 1 \)`}, want: wantVerified},
	{name: "asked before it is defined, wrong", problem: `What is $f(2)$ if $f(x) = 4x - 7$?`, steps: []string{`\( f(2) = -1 \)`}, want: wantRefuted},
	{name: "value with dfrac, given", problem: `Given $k(x)=\dfrac{3x}{x+1}$, evaluate $k(2)$.`, steps: []string{`\( k(2) = \dfrac{6}{3} = 2 \)`}, want: wantVerified},
	{name: "value with dfrac, given, wrong", problem: `Given $k(x)=\dfrac{3x}{x+1}$, evaluate $k(2)$.`, steps: []string{`\( k(2) = 3 \)`}, want: wantRefuted},
	{name: "value of a fraction", problem: `Suppose $g(x) = \frac{x+1}{x-2}$ for all real $x \ne 2$. Compute $g(5)$.`, steps: []string{`Then \( g(5) = \frac{6}{3} = 2 \).`}, want: wantVerified},
	{name: "composition", problem: `Let $f(x) = 2x + 3$. Find $f(f(1))$.`, steps: []string{`\[ f(f(1)) = f(5) = 13 \]`}, want: wantVerified},
	{name: "a function through another", problem: `Let $p(x) = x - 4$ and $q(x) = 3p(x)$. Find $q(10)$.`, steps: []string{`\( q(10) = 18 \).`}, want: wantVerified},
	{name: "a letter that is no usual function name", problem: `Let $d(n) = n^2 - 1$ for every positive integer $n$.`, steps: []string{`We have \( d(6) = 35 \).`}, want: wantVerified},
	{name: "a power of a value", problem: `Let $f(x) = x^3$. What is $(f(2))^{-1}$?`, steps: []string{`\( (f(2))^{-1} = \frac{1}{8} \)`}, want: wantVerified},
	{name: "a restatement", problem: `Let $f(x) = x^2 - 4x + 3$.`, steps: []string{`Factoring, \[ f(x) = (x - 1)(x - 3) \]`}, want: wantVerified},
	// Look-alikes that are real errors: refuted.
	{name: "wrong value", problem: `Let $f(x) = x^2 - 3x + 1$. Find $f(4)$.`, steps: []string{`So \(f(4) = 6\).`}, want: wantRefuted},
	{name: "wrong value, another wording", problem: `Consider the function $h(t)=2t^{2}+t$. What is $h(-3)$?`, steps: []string{`We get \( h(-3) = 21 \).`}, want: wantRefuted},
	{name: "wrong composition", problem: `Let $f(x) = 2x + 3$. Find $f(f(1))$.`, steps: []string{`\[ f(f(1)) = 11 \]`}, want: wantRefuted},
	{name: "wrong value, later step", problem: `Let $p(x) = x - 4$ and $q(x) = 3p(x)$. Find $q(10)$.`, steps: []string{`We evaluate step by step.`, `\( q(10) = 21 \).`}, step: 1, want: wantRefuted},
	{name: "wrong value of a letter", problem: `Let $d(n) = n^2 - 1$ for every positive integer $n$.`, steps: []string{`We have \( d(6) = 36 \).`}, want: wantRefuted},
	{name: "wrong power of a value", problem: `Let $f(x) = x^3$. What is $(f(2))^{-1}$?`, steps: []string{`\( (f(2))^{-1} = 2 \)`}, want: wantRefuted},
	{name: "wrong factoring", problem: `Let $f(x) = x^2 - 4x + 3$.`, steps: []string{`Factoring, \[ f(x) = (x - 1)(x - 2) \]`}, want: wantRefuted},
	// Left alone: no definition the text fixes.
	{name: "functional equation", problem: `Find all functions $f$ such that $f(x + f(y)) = f(x) + y$. Show that $f(x) = x$.`, steps: []string{`So \( f(3) = 4 \).`}, want: wantNotRefuted},
	{name: "solution of a functional equation", problem: `Suppose $f(x+y) = f(x) + f(y)$ for all reals. Thus $f(x) = 2x$ when $f(1) = 2$.`, steps: []string{`So \( f(3) = 7 \).`}, want: wantNotRefuted},
	{name: "piecewise", problem: `Let $f(x) = x + 1$ if $x < 0$, and $f(x) = x^2$ otherwise.`, steps: []string{`So \( f(3) = 4 \).`}, want: wantNotRefuted},
	{name: "piecewise with a condition after the formula", problem: `Let $f(x) = 2x$ for $x \ge 1$.`, steps: []string{`So \( f(0) = 5 \).`}, want: wantNotRefuted},
	{name: "unknown coefficients", problem: `The quadratic $f(x) = x^2 + bx + c$ has roots 1 and 3.`, steps: []string{`\( f(0) = 5 \)`}, want: wantNotRefuted},
	// An equation in the function ("Solve g(x) = 5") keeps its definition.
	{name: "an equation in the problem", problem: `Let $g(x) = 3x - 1$. Solve $g(x) = 5$.`, steps: []string{`So \( g(2) = 5 \).`}, want: wantVerified},
	{name: "an equation in the problem, wrong value", problem: `Let $g(x) = 3x - 1$. Solve $g(x) = 5$.`, steps: []string{`So \( g(2) = 6 \).`}, want: wantRefuted},
	{name: "an equation in the function, another wording", problem: `Let $g(x) = 3x - 1$. Find all $x$ such that $g(x) = x + 7$.`, steps: []string{`Then \( g(4) = 11 \).`}, want: wantVerified},
	{name: "two definitions in the problem", problem: `Let $f(x) = x + 1$. Later, let $f(x) = 2x$.`, steps: []string{`So \( f(3) = 4 \).`}, want: wantNotRefuted},
	{name: "a head after an operand", problem: `Suppose $g(x) + f(x) = x^2$ for all $x$.`, steps: []string{`So \( f(3) = 1 \).`}, want: wantNotRefuted},
	{name: "a chain that gives the definition again", problem: `Let $f(x) = x^2 - 2x$.`, steps: []string{`Let \( f(x) = x^2 - 2x \) as given.`, `So \( f(5) = 14 \).`}, step: 1, want: wantRefuted},
	{name: "a chain that redefines the name", problem: `Let $f(x) = x^2$.`, steps: []string{`Let \( f(x) = x + 5 \) be the shifted line.`, `So \( f(2) = 7 \).`}, step: 1, want: wantNotRefuted},
	{name: "an equation the chain sets up", problem: `Let $f(x) = x^2 - 2x$. Solve $f(x) = 3$.`, steps: []string{`We need \( f(x) = 3 \), that is \( x^2 - 2x - 3 = 0 \).`}, want: wantNotRefuted},
	{name: "an equation with another function", problem: `Let $f(x) = x^2 + 3x + 2$ and $g(x) = x^2 + 5$. For which $x$ is $f(x) = g(x)$?`, steps: []string{`We need \[ f(x) = x^2 + 5 \]`}, want: wantNotRefuted},
	{name: "an equation the problem asks", problem: `Let $f(x) = x^2 + 3x + 2$. Find $x$ such that $f(x) = x^2 + 5$.`, steps: []string{`So \[ f(x) = x^2 + 5 \] gives \( 3x = 3 \).`}, want: wantNotRefuted},
	{name: "an equation the problem asks, a value still decided", problem: `Let $f(x) = x^2 + 3x + 2$. Find $x$ such that $f(x) = x^2 + 5$.`, steps: []string{`Check: \( f(1) = 7 \).`}, want: wantRefuted},
	{name: "the function in a new variable", problem: `Let $f(x) = x^2 + \frac{1}{x^2}$.`, steps: []string{`With \(u = x + \frac{1}{x}\) we get \[ f(u) = u^2 - 2 = (u - 1)^2 + 2u - 3 \]`}, want: wantNotRefuted},
	{name: "the inverse", problem: `Let $f(x) = x^3$.`, steps: []string{`\( f^{-1}(8) = 2 \)`}, want: wantNotRefuted},
	{name: "used before it is defined", problem: `We know $f(2) = 5$ and $f(x) = x^2$ is false in general.`, steps: []string{`So \( f(3) = 1 \).`}, want: wantNotRefuted},

	// A function at a name bound to a number, in the chain's own definition too.
	{name: "value at a bound name", problem: `Let $f(x) = x^2 + 1$. Find $f(a)$, where $a$ is the root of $2a = 6$.`, steps: []string{`We find \(a = 3\).`, `Then \(f(a) = 10\).`}, step: 1, want: wantVerified},
	{name: "wrong value at a bound name", problem: `Let $f(x) = x^2 + 1$. Find $f(a)$, where $a$ is the root of $2a = 6$.`, steps: []string{`We find \(a = 3\).`, `Then \(f(a) = 11\).`}, step: 1, want: wantRefuted},
	{name: "chain's definition at a bound name", steps: []string{`Let \(g(t) = 2t - 5\).`, `So \(b = 4\).`, `Then \(g(b) = 2\).`}, step: 2, want: wantRefuted},
	{name: "chain's definition at a bound name, true", steps: []string{`Let \(g(t) = 2t - 5\).`, `So \(b = 4\).`, `Then \(g(b) = 3\).`}, step: 2, want: wantVerified},
	{name: "a value at a name in a trial", steps: []string{`Let \(g(t) = 2t - 5\).`, `Try \(b = 4\): then \(g(b) = 2\).`, `Try \(b = 5\): then \(g(b) = 5\).`}, step: 1, want: wantNotRefuted},

	// A letter that usually names a function multiplies a bracket when the
	// text never uses it as one.
	{name: "a product at a bound number", problem: `A coin shows heads with probability $p$.`, steps: []string{`So \(p = \frac{1}{4}\).`, `The variance is \(p(1 - p) = \frac{3}{16}\).`}, step: 1, want: wantVerified},
	{name: "a wrong product at a bound number", problem: `A coin shows heads with probability $p$.`, steps: []string{`So \(p = \frac{1}{4}\).`, `The variance is \(p(1 - p) = \frac{3}{8}\).`}, step: 1, want: wantRefuted},
	{name: "a product in an identity", problem: `A coin shows heads with probability $q$.`, steps: []string{`Expanding, \[ q(2 - q) = 2q - q^2 \]`}, want: wantVerified},
	{name: "the letter is a function elsewhere", problem: `Let $p$ be a prime and $p(n)$ the number of partitions of $n$.`, steps: []string{`So \(p = 3\).`, `Then \(p(1 - p) = 5\).`}, step: 1, want: wantNotRefuted},
	{name: "the letter at a number", problem: `A coin shows heads with probability $p$.`, steps: []string{`So \(p = \frac{1}{4}\).`, `Then \(p(2) = 1\) and \(p(1 - p) = 1\).`}, step: 1, want: wantNotRefuted},
	{name: "the word function", problem: `The function value and the probability $p$ are given.`, steps: []string{`So \(p = \frac{1}{4}\).`, `Then \(p(1 - p) = 1\).`}, step: 1, want: wantNotRefuted},

	// Sequences: a closed form, and a recurrence with its initial values.
	{name: "closed form", problem: `The sequence is given by $b_n = 3n - 2$ for $n \ge 1$.`, steps: []string{`Hence \( b_{7} = 20 \).`}, want: wantRefuted},
	{name: "closed form, true", problem: `The sequence is given by $b_n = 3n - 2$ for $n \ge 1$.`, steps: []string{`Hence \( b_{7} + b_2 = 23 \).`}, want: wantVerified},
	{name: "closed form, shifted", problem: `Let $u_{n} = n^2 + 1$.`, steps: []string{`So \[ u_{n+1} - u_n = 2n + 1 \]`}, want: wantVerified},
	{name: "closed form, shifted and wrong", problem: `Let $u_{n} = n^2 + 1$.`, steps: []string{`So \[ u_{n+1} - u_n = 2n + 3 \]`}, want: wantRefuted},
	{name: "a term at a name set equal", problem: `The sequence is given by $b_n = 3n - 2$ for $n \ge 1$.`, steps: []string{`We want \[ b_n = 2n + 5 = 19 \]`}, want: wantNotRefuted},
	{name: "recurrence", problem: `Let $c_1 = 2$ and $c_{k+1} = 3c_k - 1$ for $k \geq 1$. Find $c_6$.`, steps: []string{`Then \( c_4 = 41 \).`}, want: wantVerified},
	{name: "recurrence, wrong term", problem: `Let $c_1 = 2$ and $c_{k+1} = 3c_k - 1$ for $k \geq 1$. Find $c_6$.`, steps: []string{`Then \( c_4 = 40 \).`}, want: wantRefuted},
	{name: "two-term recurrence", problem: `Define $L_1 = L_2 = 1$ and $L_{n} = L_{n-1} + 2L_{n-2}$ for $n \ge 3$.`, steps: []string{`Computing, \( L_5 = 11 \).`}, want: wantVerified},
	{name: "two-term recurrence, wrong", problem: `Define $L_1 = L_2 = 1$ and $L_{n} = L_{n-1} + 2L_{n-2}$ for $n \ge 3$.`, steps: []string{`Computing, \( L_5 = 9 \).`}, want: wantRefuted},
	{name: "recurrence by cases", problem: `Let $w_1 = 1$. If $n$ is odd, $w_{n+1} = 2w_n$; if $n$ is even, $w_{n+1} = w_n + 1$.`, steps: []string{`So \( w_3 = 4 \).`}, want: wantNotRefuted},
	{name: "terms modulo something", problem: `Let $d_1 = 1$ and $d_{n+1} = 7d_n$. Find the last digit of $d_{20}$.`, steps: []string{`We have \( d_3 = 9 \) (the last digit).`}, want: wantNotRefuted},
	{name: "a chain that names its own sequence", problem: `Let $s_1 = 4$ and $s_{n+1} = s_n + 5$.`, steps: []string{`Let \( s_n \) now be the partial sums; \( s_2 = 13 \).`}, want: wantNotRefuted},
	{name: "recurrence, another wording", problem: `The sequence $(x_n)$ satisfies $x_0 = 5$ and $x_{n+1} = x_n^2 - 2x_n$ for all $n \geq 0$.`, steps: []string{`Hence \(x_2 = 195\).`}, want: wantVerified},
	{name: "recurrence, another wording, wrong", problem: `The sequence $(x_n)$ satisfies $x_0 = 5$ and $x_{n+1} = x_n^2 - 2x_n$ for all $n \geq 0$.`, steps: []string{`Hence \(x_2 = 185\).`}, want: wantRefuted},
	{name: "a term beyond the computed range", problem: `Let $c_1 = 2$ and $c_{k+1} = 3c_k - 1$ for $k \geq 1$.`, steps: []string{`Then \( c_{100} = 7 \).`}, want: wantNotRefuted},
	{name: "an initial value that is a name", problem: `Let $x_1 = a$ and $x_{n+1} = 2x_n + 1$.`, steps: []string{`So \( x_2 = 5 \).`}, want: wantNotRefuted},
	{name: "a rule that looks ahead", problem: `If $e_1 = 1$, $e_2 = 0$ and $e_{n+1} = e_n + e_{n+2}$, find $e_9$.`, steps: []string{`So \( e_3 = 5 \).`}, want: wantNotRefuted},
}

func TestFunctionsDefinedInTheProblem(t *testing.T) {
	runFuncTraps(t, funcTraps, "defined in the problem", func(c funcTrap) bool { return strings.Contains(c.problem, "=") })
}

// runFuncTraps translates each trap and checks its step's verdict; a
// decision the trap wants names the definition it used (note) when
// noted(c).
func runFuncTraps(t *testing.T, traps []funcTrap, note string, noted func(c funcTrap) bool) {
	t.Helper()
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range traps {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("fn", i), c.problem, c.steps)
		require.NoError(t, err)
		s := res.Steps[c.step]
		ok := stepAsWanted(s, c.want, "")
		assert.True(t, ok, "%s: %q then %q step %d: %s, want %s; obligations %+v; skipped %+v", c.name, c.problem, c.steps, c.step, s.Verdict, c.want, obligationsOf(s), s.Skipped)
		if ok && (c.want == wantRefuted || c.want == wantVerified) && noted(c) {
			named := false
			for _, o := range s.Obligations {
				named = named || strings.Contains(o.Note, note)
			}
			assert.True(t, named, "%s: the decision names the definition: %+v", c.name, obligationsOf(s))
		}
	}
}

// TestProblemDefsRead: what ProblemDefs keeps of a problem's definitions.
func TestProblemDefsRead(t *testing.T) {
	tests := []struct{ problem, key string }{
		{`Let $f(x) = x^2 - 3x + 1$.`, "f(x)=x^2 - 3 * x + 1;"},
		{`Let $f(x) = x + 2$ and $g(x) = 1/f(x)$.`, "f(x)=x + 2;g(x)=1 / (x + 2);"},
		{`If $f(x)=x^{7}-3 x^{3}+2$, find f(1).`, "f(x)=x^7 - 3 * x^3 + 2;"},
		{`Let $f(x) = 0.5x$.`, "f;"},                        // decimals are not read
		{`Let $f(x) = x^2 + bx$.`, "f;"},                    // another name
		{`Let $f(x) = 7$.`, ""},                             // a constant: an equation
		{`Find all functions f with $f(x) = x$.`, ""},       // asks for functions
		{`Let $f(x) = x$ if $x > 0$.`, "f;"},                // a piece
		{`The function satisfies $f(x) = f(1 - x)$.`, "f;"}, // a functional equation
		{`No definition here: $2(x) = 3$.`, ""},
		{`Let $a_1 = 1$, $a_2 = 3$ and $a_{n+2} = a_{n+1} - a_n$ for $n \ge 1$.`, "a_1=1;a_2=3;a_3=2;a_4=-1;a_5=-3;a_6=-2;a_7=1;"},
		{`Let $v_n = \frac{n}{n+1}$.`, "v_n=n / (n + 1);"},
		{`Let $a_1 = 1$ and $a_1 = 2$, $a_{n+1} = a_n$.`, ""},
		{`Let $a_{n+1} = a_n + 1$ for $m > 2$, $a_1 = 0$.`, ""},
	}
	for _, tt := range tests {
		_, key := symdefs.ProblemDefs(tt.problem)
		if tt.key == "" {
			assert.Empty(t, key, tt.problem)
		} else {
			assert.True(t, strings.HasPrefix(key, tt.key), "%s: %s", tt.problem, key)
		}
	}
}

// FuzzProblemDefs: the problem's definitions are read from any bytes
// without panicking, the same way twice, in time linear in the input.
func FuzzProblemDefs(f *testing.F) {
	for _, c := range funcTraps {
		f.Add(c.problem, strings.Join(c.steps, "\n"))
	}
	f.Add("$f(x) = ", "f(x) =")
	f.Add("\xff$f(x)=x\xfe$", "g(")
	f.Fuzz(func(t *testing.T, problem, step string) {
		d1, k1 := symdefs.ProblemDefs(problem)
		_, k2 := symdefs.ProblemDefs(problem)
		if k1 != k2 {
			t.Fatalf("two readings: %q and %q", k1, k2)
		}
		fns, terms := 0, 0
		for _, d := range d1 {
			if d != nil && d.Seq {
				terms++
			} else {
				fns++
			}
		}
		if fns > 8 || terms > 4*2*61 {
			t.Fatalf("%d functions and %d terms kept", fns, terms)
		}
		symdefs.ChainDefsWith(d1, []string{step}, nil)
		tr, err := New(Options{})
		if err != nil {
			t.Fatal(err)
		}
		if utf8.ValidString(step) {
			tr.TranslateProblem("fz", problem, []string{step})
		}
	})
}

// TestProblemDefsLinear: a long problem full of heads is read in time
// about linear in its length.
func TestProblemDefsLinear(t *testing.T) {
	unit := `Let $f(x) = x^2 + 1$, $g(y) = y - f(y)$ and $f(z) = z + 1$. `
	ts, tl := fastestOf(func(s string) {
		symdefs.ProblemDefs(s)
		symdefs.ChainDefsWith(map[string]*symexpr.Def{}, []string{s}, nil)
	}, strings.Repeat(unit, 125), strings.Repeat(unit, 1000))
	assert.Less(t, tl, 40*ts+50*time.Millisecond, "8× the text took %v against %v", tl, ts)
	// a chain of equal terms, and letters before brackets that never close
	for _, unit := range []string{`a_1 = `, `p(p + p(1 - `, `$f(x) = x$ and $f(x) = `} {
		ts, tl := fastestOf(func(s string) {
			defs, _ := symdefs.ProblemDefs(s)
			symdefs.MarkProducts(symdefs.ChainDefsWith(defs, []string{s}, nil), s, []string{s})
		}, strings.Repeat(unit, 1000), strings.Repeat(unit, 8000))
		assert.Less(t, tl, 40*ts+50*time.Millisecond, "%q: 8× the text took %v against %v", unit, tl, ts)
	}
}
