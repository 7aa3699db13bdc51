package translate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// fakeLean is a test double, not Lean: it decides each line of a command
// with the dialect evaluator, answering as the REPL does (an error
// message on each line whose proof fails), and can be told to misbehave
// on chosen lines. It reports itself as "sim".
type fakeLean struct {
	calls  []string
	flip   map[int]bool  // lines whose outcome is inverted
	reject map[int]bool  // lines that fail regardless
	extra  []LeanMessage // messages appended to every reply
	sorry  []int
	err    error
	block  bool // wait for the context to end
}

var _ Lean = (*fakeLean)(nil)

func (f *fakeLean) Backend() string { return "sim" }

func (f *fakeLean) RunCommand(ctx context.Context, cmd string) (LeanReply, error) {
	f.calls = append(f.calls, cmd)
	if f.block {
		<-ctx.Done()
		return LeanReply{}, ctx.Err()
	}
	if f.err != nil {
		return LeanReply{}, f.err
	}
	var reply LeanReply
	for i, line := range strings.Split(cmd, "\n") {
		n := i + 1
		d, err := parseDecl(line, DefaultTactic, true)
		accepted := err == nil && d.holds != d.negated
		if f.flip[n] {
			accepted = !accepted
		}
		if f.reject[n] {
			accepted = false
		}
		if !accepted {
			reply.Messages = append(reply.Messages, LeanMessage{Severity: "error", Line: n, Column: 0,
				EndLine: n, EndColumn: len([]rune(line)), Data: "decide failed to prove the proposition"})
		}
	}
	reply.Messages = append(reply.Messages, f.extra...)
	reply.SorryLines = f.sorry
	return reply, nil
}

func newWithLean(t *testing.T, l Lean, noExact bool) *Translator {
	t.Helper()
	tr, err := New(Options{Lean: l, NoExact: noExact})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// A chain with three obligations: true, false, and a rounding.
var threeSteps = []string{"So 6 × 7 = 42.", "Then 3 + 4 = 8.", "And 1/3 = 0.33."}

func TestLeanOneCommandPerChain(t *testing.T) {
	f := &fakeLean{}
	tr := newWithLean(t, f, false)
	res, err := tr.Chain(context.Background(), "c", threeSteps)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.calls) != 1 {
		t.Fatalf("%d REPL commands for one chain, want 1", len(f.calls))
	}
	lines := strings.Split(f.calls[0], "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines, want two per obligation:\n%s", len(lines), f.calls[0])
	}
	if res.Command != f.calls[0] || res.Checker != "sim+exact" {
		t.Errorf("command recorded %v, checker %q", res.Command == f.calls[0], res.Checker)
	}
	want := []Verdict{Verified, Refuted, Approximate}
	for i, s := range res.Steps {
		o := s.Obligations[0]
		if o.Verdict != want[i] || o.Checker != "sim" || len(o.Answers) != 2 {
			t.Errorf("step %d: %s by %s (%d answers), want %s by sim", i, o.Verdict, o.Checker, len(o.Answers), want[i])
		}
		if lines[2*i] != o.Lean || lines[2*i+1] != o.LeanNeg {
			t.Errorf("step %d: lines %d-%d are not its declarations", i, 2*i+1, 2*i+2)
		}
	}
	// The refuted step carries the message of its P line, and only that.
	msgs := res.Steps[1].Obligations[0].Messages
	if len(msgs) != 1 || msgs[0].Line != 3 {
		t.Errorf("messages of the refuted obligation: %+v", msgs)
	}
	if len(res.Steps[0].Obligations[0].Messages) != 1 || res.Steps[0].Obligations[0].Messages[0].Line != 2 {
		t.Errorf("messages of the first obligation: %+v", res.Steps[0].Obligations[0].Messages)
	}
}

func TestLeanMessagesMapByLine(t *testing.T) {
	tests := []struct {
		name    string
		f       *fakeLean
		step    int // which of threeSteps is examined
		verdict Verdict
		reason  string
	}{
		{"neither line accepted", &fakeLean{reject: map[int]bool{1: true}}, 0, Error, "neither P nor ¬(P)"},
		{"both lines accepted", &fakeLean{flip: map[int]bool{2: true}}, 0, Error, "both P and ¬(P)"},
		{"a message spanning two lines rejects both", &fakeLean{extra: []LeanMessage{{Severity: "error", Line: 3, EndLine: 4, Data: "boom"}}}, 1, Error, "neither"},
		{"a sorry rejects its line", &fakeLean{sorry: []int{1}}, 0, Error, "neither"},
		{"a sorry warning rejects its line", &fakeLean{extra: []LeanMessage{{Severity: "warning", Line: 1, Data: "declaration uses 'sorry'"}}}, 0, Error, "neither"},
		{"an info message changes nothing", &fakeLean{extra: []LeanMessage{{Severity: "info", Line: 1, Data: "note"}}}, 0, Verified, "6 * 7 is 42"},
		{"an error on another line does not leak", &fakeLean{reject: map[int]bool{5: true}}, 0, Verified, "6 * 7 is 42"},
		{"an unplaced error spoils every line", &fakeLean{extra: []LeanMessage{{Severity: "error", Line: 0, Data: "unknown"}}}, 2, Error, "could not be placed"},
		{"a line past the end spoils every line", &fakeLean{extra: []LeanMessage{{Severity: "error", Line: 99, Data: "far"}}}, 0, Error, "could not be placed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := newWithLean(t, tt.f, false)
			res, err := tr.Chain(context.Background(), "c", threeSteps)
			if err != nil {
				t.Fatal(err)
			}
			o := res.Steps[tt.step].Obligations[0]
			if o.Verdict != tt.verdict || !strings.Contains(o.Reason, tt.reason) {
				t.Errorf("%s (%s), want %s containing %q", o.Verdict, o.Reason, tt.verdict, tt.reason)
			}
			// The other obligations keep their own verdicts unless the
			// error could not be placed.
			if tt.reason != "could not be placed" && tt.step != 1 {
				if v := res.Steps[1].Obligations[0].Verdict; v != Refuted {
					t.Errorf("the false claim's verdict became %s", v)
				}
			}
		})
	}
}

// TestLeanOnlyVerdicts: without the exact checker, Lean's decision is the
// verdict, including an undecided line.
func TestLeanOnlyVerdicts(t *testing.T) {
	f := &fakeLean{reject: map[int]bool{1: true, 2: true}}
	tr := newWithLean(t, f, true)
	res, err := tr.Chain(context.Background(), "c", threeSteps)
	if err != nil {
		t.Fatal(err)
	}
	if res.Checker != "sim" {
		t.Errorf("checker %q", res.Checker)
	}
	got := []Verdict{res.Steps[0].Obligations[0].Verdict, res.Steps[1].Obligations[0].Verdict, res.Steps[2].Obligations[0].Verdict}
	want := []Verdict{Unknown, Refuted, Approximate}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("verdicts %v, want %v", got, want)
	}
	if len(res.Steps[0].Obligations[0].Answers) != 1 {
		t.Errorf("answers %+v", res.Steps[0].Obligations[0].Answers)
	}
}

// TestLeanDisagreementIsAnError: when Lean and the exact checker differ,
// the verdict is an error carrying both answers.
func TestLeanDisagreementIsAnError(t *testing.T) {
	// Lean "proves" ¬(6 × 7 = 42) and fails on P.
	f := &fakeLean{flip: map[int]bool{1: true, 2: true}}
	tr := newWithLean(t, f, false)
	res, err := tr.Chain(context.Background(), "c", threeSteps)
	if err != nil {
		t.Fatal(err)
	}
	o := res.Steps[0].Obligations[0]
	if o.Verdict != Error {
		t.Fatalf("verdict %s, want error", o.Verdict)
	}
	if len(o.Answers) != 2 || o.Answers[0].Checker != "sim" || o.Answers[0].Verdict != Refuted ||
		o.Answers[1].Checker != "exact" || o.Answers[1].Verdict != Verified {
		t.Errorf("answers %+v", o.Answers)
	}
	if !strings.Contains(o.Reason, "sim says refuted") || !strings.Contains(o.Reason, "exact says verified") {
		t.Errorf("reason %q does not give both answers", o.Reason)
	}
	if res.Steps[0].Verdict != StepNone {
		t.Errorf("step verdict %s: an error is neither verified nor refuted", res.Steps[0].Verdict)
	}
}

// TestLeanFailureLeavesExactVerdicts: a REPL that fails gives no answer;
// the exact checker's verdicts stand, each obligation and the chain carry
// a warning, and no failure is counted as a disagreement.
func TestLeanFailureLeavesExactVerdicts(t *testing.T) {
	f := &fakeLean{err: errors.New("repl died")}
	tr := newWithLean(t, f, false)
	res, err := tr.Chain(context.Background(), "c", threeSteps)
	if err != nil {
		t.Fatal(err)
	}
	want := []Verdict{Verified, Refuted, Approximate}
	for i, s := range res.Steps {
		o := s.Obligations[0]
		if o.Verdict != want[i] || o.Checker != "exact" {
			t.Errorf("step %d: %s by %s (%s), want %s by exact", s.Index, o.Verdict, o.Checker, o.Reason, want[i])
		}
		if !strings.Contains(o.Warning, "repl died") || !strings.Contains(o.Warning, "exact checker's verdicts stand") {
			t.Errorf("step %d: warning %q", s.Index, o.Warning)
		}
		if len(o.Answers) != 2 || !o.Answers[0].Failed || o.Answers[0].Verdict != Error || o.Answers[1].Failed {
			t.Errorf("step %d: answers %+v", s.Index, o.Answers)
		}
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "repl died") {
		t.Errorf("chain warnings %q, want one naming the failure", res.Warnings)
	}
	if res.Steps[1].Verdict != StepRefuted {
		t.Errorf("the false step is %s, want refuted", res.Steps[1].Verdict)
	}
}

// TestLeanOnlyFailureIsAnError: with no other checker, a failure is the
// verdict Error (nothing decided), and the chain warns of it.
func TestLeanOnlyFailureIsAnError(t *testing.T) {
	f := &fakeLean{err: errors.New("repl died")}
	tr := newWithLean(t, f, true)
	res, err := tr.Chain(context.Background(), "c", threeSteps)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Steps {
		o := s.Obligations[0]
		if o.Verdict != Error || !strings.Contains(o.Reason, "repl died") || !strings.Contains(o.Warning, "no checker decided") {
			t.Errorf("step %d: %s (%s), warning %q", s.Index, o.Verdict, o.Reason, o.Warning)
		}
	}
	if len(res.Warnings) != 1 {
		t.Errorf("chain warnings %q, want one", res.Warnings)
	}
}

func TestLeanContextCancel(t *testing.T) {
	f := &fakeLean{block: true}
	tr := newWithLean(t, f, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tr.Chain(ctx, "c", threeSteps); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

func TestNoObligationsNoCommand(t *testing.T) {
	f := &fakeLean{}
	tr := newWithLean(t, f, false)
	res, err := tr.Chain(context.Background(), "c", []string{"Let us think.", "The answer is \\boxed{4}."})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.calls) != 0 || res.Command != "" {
		t.Errorf("sent %d commands for a chain without obligations", len(f.calls))
	}
}

// TestExactChecker: the exact checker evaluates the emitted text and maps
// P / ¬(P) through the obligation's OnProof / OnDisproof.
func TestExactChecker(t *testing.T) {
	mk := func(prop string, onP, onN Verdict) *Obligation {
		return &Obligation{Lean: "example : " + prop + " := by " + DefaultTactic,
			LeanNeg: "example : ¬(" + prop + ") := by " + DefaultTactic, OnProof: onP, OnDisproof: onN, Note: "why"}
	}
	tests := []struct {
		o    *Obligation
		want Verdict
	}{
		{mk("(1 : Rat) + (1 : Rat) = (2 : Rat)", Verified, Refuted), Verified},
		{mk("(1 : Rat) + (1 : Rat) = (3 : Rat)", Verified, Refuted), Refuted},
		{mk("(1 : Rat) + (1 : Rat) = (3 : Rat)", Verified, Unknown), Unknown}, // not refutable
		{mk("(0.325 : Rat) ≤ (1 : Rat) / (3 : Rat) ∧ (1 : Rat) / (3 : Rat) ≤ (0.335 : Rat)", Approximate, Unknown), Approximate},
		{mk("(1 : Rat) - (0.5 : Rat) < (0.01 : Rat)", Unknown, Refuted), Refuted}, // a rounding bound
		{mk("(1 : Rat) / (0 : Rat) = (0 : Rat)", Verified, Refuted), Error},       // never evaluated as a / 0 = 0
		{&Obligation{Lean: "example : (1 : Rat) = (1 : Rat) := by decide +kernel", LeanNeg: "example : ¬((1 : Rat) = (2 : Rat)) := by decide +kernel"}, Error},
		{&Obligation{Lean: "#eval 1", LeanNeg: "#eval 2"}, Error},
	}
	for _, tt := range tests {
		if got := exactAnswer(tt.o, DefaultTactic); got.Verdict != tt.want || got.Checker != "exact" {
			t.Errorf("%s: %s (%s), want %s", tt.o.Lean, got.Verdict, got.Reason, tt.want)
		}
	}
}

// TestTranslatedObligationsAgreeWithLeanDouble runs the data-shaped
// claims through both paths: the fake, which decides each line, must
// agree with the exact checker everywhere.
func TestTranslatedObligationsAgreeWithLeanDouble(t *testing.T) {
	steps := []string{
		`\( \frac{1}{2} + \frac{1}{3} = \frac{5}{6} \)`, `\( \sqrt{49} = 7 \), \( 2^{-3} = 0.125 \)`,
		"So 1/3 = 0.35 and 2/3 = 0.67 ≈ 0.7.", "Let x = -3.", `\( x^2 - 9 = 0 \) and \( -x = 3 \)`,
	}
	f := &fakeLean{}
	tr := newWithLean(t, f, false)
	res, err := tr.Chain(context.Background(), "c", steps)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range res.Steps {
		for _, o := range s.Obligations {
			n++
			if o.Verdict == Error {
				t.Errorf("%s: %s", o.Expr, o.Reason)
			}
		}
	}
	if n < 8 {
		t.Errorf("only %d obligations", n)
	}
}
