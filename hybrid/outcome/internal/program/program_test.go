package program

import (
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	for _, c := range []struct {
		name, text, answer, printed, err string
	}{
		{"ints", "a = 2\nb = 3\nprint(a*b + 1)", "7", "", ""},
		{"step labels, CR, comments", "Step 1: a = 2\r\n\nStep 2: # the rest\r\nStep 3: b = a * 10  # ten\r\nStep 4: print(b)\r", "20", "", ""},
		{"true division is a float", "x = 600/30\nprint(x)", "20", "20.0", ""},
		{"exact value of a rounded float", "x = 2/3*24*2/3\nprint(x)", "32/3", "10.666666666666666", ""},
		{"decimal", "cost = 8 * 0.50 + 40 * 0.40\nprint(cost)", "20", "20.0", ""},
		{"float rounding is no answer", "print(0.1 + 0.2)", "", "", "float rounding: Python prints 0.30000000000000004, the exact value is 0.3"},
		{"floor division and modulo take the divisor's sign", "a = -7 // 2\nb = -7 % 2\nc = 7 % -2\nprint(a*100 + b*10 + c)", "-391", "", ""},
		{"float floor division", "print(-7.5 // 2)", "-4", "-4.0", ""},
		{"float modulo", "print(7.5 % -2)", "-0.5", "-0.5", ""},
		{"float divmod as CPython", "print(5.0 // 0.1)", "", "", "Python prints 49.0"},
		{"float modulo as CPython", "print(5.0 % 0.1)", "", "", "Python prints 0.09999999999999973"},
		{"round half to even", "print(round(2.5) + round(3.5) * 10)", "42", "", ""},
		{"round to digits, ties to even", "print(round(0.125, 2))", "0.12", "0.12", ""},
		{"round of a double below the tie", "print(round(2.675, 2))", "", "", "Python prints 2.67, the exact value is 2.68"},
		{"round an int to tens", "print(round(15, -1) + round(25, -1))", "40", "", ""},
		{"int after float rounding", "print(int((0.1 + 0.7) * 10))", "", "", "Python prints 7 but the exact value is 8"},
		{"int truncates", "print(int(-7 / 2))", "-3", "", ""},
		{"negative power is a float", "print(2 ** -1)", "0.5", "0.5", ""},
		{"power binds tighter than minus", "print(-2 ** 2)", "-4", "", ""},
		{"power is right associative", "print(2 ** 3 ** 2)", "512", "", ""},
		{"exact float power", "print(1.5 ** 2)", "2.25", "2.25", ""},
		{"inexact float power", "print(1.1 ** 2)", "", "", "float power or sum"},
		{"non-integer exponent", "print(2 ** 0.5)", "", "", "not an integer"},
		{"builtins", "a = [3, 1, 2]\nprint(1)", "", "", "a list is not evaluated"},
		{"min max abs sum", "print(min(3, 1.5, 2) + max([4, 9, 2]) + abs(-3) + sum([1, 2, 3]))", "19.5", "19.5", ""},
		{"float()", "print(float(3))", "3", "3.0", ""},
		{"augmented", "x = 10\nx += 5\nx *= 2\nx //= 4\nprint(x)", "7", "", ""},
		{"answer variable", "a = 5\nanswer = a * 2", "10", "", ""},
		{"result variable, not a prefix", "result = 4\nresult_dict = 5", "4", "", ""},
		{"both answer and result", "answer = 1\nresult = 2", "", "", "both answer and result"},
		{"underscores", "print(1_000 + 2)", "1002", "", ""},
		{"scientific", "print(1.5e3)", "1500", "1500.0", ""},
		{"import", "import math\nprint(math.pi)", "", "", "an import"},
		{"attribute", "x = 5\nprint(x.real)", "", "", "attribute access"},
		{"loop", "t = 0\nfor i in range(3):\n    t += i\nprint(t)", "", "", "a loop"},
		{"indented", "t = 0\n  t = 1\nprint(t)", "", "", "indented"},
		{"def", "def f(x):\n    return x\nprint(f(2))", "", "", "a function definition"},
		{"unknown name", "a = 1\nb += a\nprint(b)", "", "", "used before it is assigned"},
		{"never assigned", "print(x + 1)", "", "", "never assigned"},
		{"unknown function", "x = solve(3)\nprint(x)", "", "", "a call of \"solve\""},
		{"string", "print(\"the answer\", 5)", "", "", "a string"},
		{"f-string", "x = 5\nprint(f\"{x}\")", "", "", "a string"},
		{"print not last", "print(1)\nx = 2", "", "", "not the last statement"},
		{"two print arguments", "print(1, 2)", "", "", "more than one argument"},
		{"no output", "x = 1\ny = 2", "", "", "no print"},
		{"division by zero", "print(1 / 0)", "", "", "division by zero"},
		{"comparison", "print(1 < 2)", "", "", "not evaluated"},
		{"leading zero", "print(007)", "", "", "not Python"},
		{"hex", "print(0x1F)", "", "", "does not read"},
		{"huge power", "print(10**10**10)", "", "", "size limit"},
		{"huge int", "x = 2**1000\ny = x*x\nprint(y)", "", "", "size limit"},
		{"huge literal exponent", "print(1e999999999)", "", "", "exponent"},
		{"past the largest double", "print(1e300 * 1e300)", "", "", "size limit"},
		{"print reassigned", "print = 3\nprint(4)", "", "", "print is a variable"},
		{"variable called as a function", "round = 2\nprint(round(2.5))", "", "", "a variable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Read(c.text)
			if !r.Program {
				t.Fatalf("not read as a program: %+v", r)
			}
			if r.Answer != c.answer || c.printed != "" && r.Printed != c.printed || !strings.Contains(r.Err, c.err) {
				t.Fatalf("Read(%q) = answer %q printed %q err %q; want %q %q %q", c.text, r.Answer, r.Printed, r.Err, c.answer, c.printed, c.err)
			}
			if c.err != "" && !strings.HasPrefix(r.Err, "program not evaluated: ") {
				t.Fatalf("err %q lacks its prefix", r.Err)
			}
			if r.Answer != "" && (r.Start >= r.End || r.End > len(c.text)) {
				t.Fatalf("span %d..%d outside the text", r.Start, r.End)
			}
		})
	}
}

func TestNotAProgram(t *testing.T) {
	for _, text := range []string{
		"",
		"Natalia sold 48/2 = 24 clips in May.\nSo 48 + 24 = 72.",
		"# Solution\nWe have x = 5.",
		"Step 1: The total is 5 + 3 = 8.",
		"x == 5",
	} {
		if r := Read(text); r.Program {
			t.Errorf("Read(%q) reads a program: %+v", text, r)
		}
	}
}

// TestHostile: adversarial programs end in a clear "not evaluated" in
// bounded work (the bounds, not a timer, are what is asserted).
func TestHostile(t *testing.T) {
	deep := "x = " + strings.Repeat("(", 10000) + "1" + strings.Repeat(")", 10000) + "\nprint(x)"
	minus := "x = " + strings.Repeat("-", 10000) + "1\nprint(x)"
	long := "x = 1" + strings.Repeat(" + 1", 250000) + "\nprint(x)"
	squares := "x = 3\n" + strings.Repeat("x = x * x\n", 40) + "print(x)"
	for _, c := range []struct{ name, text, err string }{
		{"deep parentheses", deep, "nested deeper"},
		{"many minus signs", minus, "nested deeper"},
		{"1 MB expression", long, "longer than"},
		{"repeated squaring", squares, "size limit"},
		{"invalid UTF-8", "x = 1\n# \xff\xfe\nprint(x)", "not valid UTF-8"},
		{"power tower", "print(2**2**2**2**2**2)", "size limit"},
		{"float power tower", "print(1.5**4096)", "size limit"},
		{"round far", "print(round(1.5, 10**6))", "30 digits"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Read(c.text)
			if !r.Program || r.Answer != "" || !strings.Contains(r.Err, c.err) {
				t.Fatalf("got %+v, want error containing %q", r, c.err)
			}
		})
	}
}

// TestLongProgramIsRead: a program just under MaxBytes is read in one
// pass (a chain of + is a loop, not a recursion).
func TestLongProgramIsRead(t *testing.T) {
	text := "x = 1" + strings.Repeat(" + 1", 16000) + "\nprint(x)"
	if len(text) >= MaxBytes {
		t.Fatalf("test program of %d bytes is not under MaxBytes", len(text))
	}
	if r := Read(text); r.Answer != "16001" {
		t.Fatalf("got %+v, want 16001", r)
	}
}

func TestPyRepr(t *testing.T) {
	tenth := 0.1
	for f, want := range map[float64]string{
		1e16: "1e+16", 1e-5: "1e-05", 0.0001: "0.0001", 1.5e300: "1.5e+300", 123: "123.0",
		1e15: "1000000000000000.0", 20: "20.0", tenth + 0.2: "0.30000000000000004", -2.5: "-2.5", 1.5e-7: "1.5e-07",
	} {
		if got := pyRepr(f); got != want {
			t.Errorf("pyRepr(%v) = %q, want %q (CPython's repr)", f, got, want)
		}
	}
}
