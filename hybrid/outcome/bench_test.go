package outcome

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time: on a shared machine
// wall time per operation says more about the neighbours than the code.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// typicalPairs are answers as RL loops and best-of-N grade them: GSM8K
// integers and money, MATH fractions, radicals, π, tuples, intervals.
var typicalPairs = [][2]string{
	{"72", "72"}, {"1,080", "1080"}, {"18", "\\$18.00"}, {"7000", "11000"}, {"\\frac{1}{2}", "0.5"},
	{"\\frac{3}{4}", "\\dfrac{6}{8}"}, {"2\\sqrt{2}", "\\sqrt{8}"}, {"\\frac{\\pi}{2}", "\\pi/2"}, {"(1, 2)", "(1,2)"},
	{"[1, 2)", "[1,2]"}, {"25\\%", "0.25"}, {"x = 5", "5"}, {"-3", "3"}, {"0.75", "\\frac34"}, {"(B)", "B"},
	{"12", "twelve"}, {"1, 2", "2, 1"}, {"3+4i", "3+4i"}, {"\\frac{\\sqrt{3}}{2}", "\\frac{\\sqrt3}{2}"}, {"42", "43"},
}

// BenchmarkGrade grades typical answers against their gold with a fresh
// parse each time (no cache): the cost an RL loop pays for new answers.
// Report answers/s with -cpu 1.
func BenchmarkGrade(b *testing.B) { benchGrade(b, NewGrader(GraderOptions{CacheSize: -1})) }

// BenchmarkGradeCached grades against a Grader that has seen the gold and
// answers before (many samples of one problem).
func BenchmarkGradeCached(b *testing.B) { benchGrade(b, NewGrader(GraderOptions{})) }

// benchGrade grades the typical pairs in turn with g, reporting answers per second of wall
// time and of CPU time.
func benchGrade(b *testing.B, g *Grader) {
	b.ReportAllocs()
	i := 0
	cpu := cpuTime()
	for b.Loop() {
		p := typicalPairs[i%len(typicalPairs)]
		g.Grade(p[0], p[1])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "answers/s")
	if d := cpuTime() - cpu; d > 0 {
		b.ReportMetric(float64(b.N)/d.Seconds(), "answers/cpu-s")
	}
}

// BenchmarkExtract extracts the answer of a typical solution of a dozen
// steps ending in a boxed answer.
func BenchmarkExtract(b *testing.B) {
	text := ""
	for range 12 {
		text += "Step: we multiply 48 by 2 to get $48 \\times 2 = 96$, then subtract 24 from it to get 72 apples in all.\n\n"
	}
	text += "The final answer is $\\boxed{72}$."
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		if ex := Extract(text); ex.Answer != "72" {
			b.Fatal(ex)
		}
	}
	if d := cpuTime() - cpu; d > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkExtractProgram: a program-of-thought chain (no marker, a
// straight-line program), and a prose chain without a marker (the
// program reader looks at its first statement only).
func BenchmarkExtractProgram(b *testing.B) {
	program := "Step 1: adult_ticket = 12\n\nStep 2: child_ticket = 8\n\nStep 3: # two adults, one child\n\n" +
		"Step 4: popcorn = 3 * 2.5\n\nStep 5: total_cost = 2 * adult_ticket + child_ticket + popcorn\n\nStep 6: print(total_cost)"
	prose := ""
	for range 12 {
		prose += "Step: we multiply 48 by 2 to get $48 \\times 2 = 96$, then subtract 24 from it to get 72 apples in all.\n\n"
	}
	for _, c := range []struct{ name, text, answer string }{{"program", program, "39.5"}, {"prose", prose, ""}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				if ex := Extract(c.text); ex.Answer != c.answer {
					b.Fatal(ex)
				}
			}
			if d := cpuTime() - cpu; d > 0 {
				b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
