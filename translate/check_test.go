package translate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/translate/internal/dialect"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
		d, err := dialect.Parse(line, DefaultTactic)
		accepted := err == nil && d.Holds != d.Negated
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
	require.NoError(t, err)
	return tr
}

// A chain with three obligations: true, false, and a rounding.
var threeSteps = []string{"So 6 × 7 = 42.", "Then 3 + 4 = 8.", "And 1/3 = 0.33."}

func TestLeanOneCommandPerChain(t *testing.T) {
	f := &fakeLean{}
	tr := newWithLean(t, f, false)
	res, err := tr.Chain(context.Background(), "c", threeSteps)
	require.NoError(t, err)
	require.Len(t, f.calls, 1, "REPL commands for one chain")
	lines := strings.Split(f.calls[0], "\n")
	require.Len(t, lines, 6, "two lines per obligation:\n%s", f.calls[0])
	assert.Equal(t, f.calls[0], res.Command, "the command is recorded")
	assert.Equal(t, "sim+exact", res.Checker)
	want := []Verdict{Verified, Refuted, Approximate}
	for i, s := range res.Steps {
		o := s.Obligations[0]
		assert.Equal(t, want[i], o.Verdict, "step %d", i)
		assert.Equal(t, "sim", o.Checker, "step %d", i)
		assert.Len(t, o.Answers, 2, "step %d", i)
		assert.Equal(t, []string{o.Lean, o.LeanNeg}, lines[2*i:2*i+2], "step %d: lines %d-%d are its declarations", i, 2*i+1, 2*i+2)
	}
	// The refuted step carries the message of its P line, and only that.
	msgs := res.Steps[1].Obligations[0].Messages
	if assert.Len(t, msgs, 1, "messages of the refuted obligation") {
		assert.Equal(t, 3, msgs[0].Line)
	}
	first := res.Steps[0].Obligations[0].Messages
	if assert.Len(t, first, 1, "messages of the first obligation") {
		assert.Equal(t, 2, first[0].Line)
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
			require.NoError(t, err)
			o := res.Steps[tt.step].Obligations[0]
			assert.Equal(t, tt.verdict, o.Verdict, o.Reason)
			assert.Contains(t, o.Reason, tt.reason)
			// The other obligations keep their own verdicts unless the
			// error could not be placed.
			if tt.reason != "could not be placed" && tt.step != 1 {
				assert.Equal(t, Refuted, res.Steps[1].Obligations[0].Verdict, "the false claim's verdict")
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
	require.NoError(t, err)
	assert.Equal(t, "sim", res.Checker)
	got := []Verdict{res.Steps[0].Obligations[0].Verdict, res.Steps[1].Obligations[0].Verdict, res.Steps[2].Obligations[0].Verdict}
	assert.Equal(t, []Verdict{Unknown, Refuted, Approximate}, got)
	assert.Len(t, res.Steps[0].Obligations[0].Answers, 1)
}

// TestLeanDisagreementIsAnError: when Lean and the exact checker differ,
// the verdict is an error carrying both answers.
func TestLeanDisagreementIsAnError(t *testing.T) {
	// Lean "proves" ¬(6 × 7 = 42) and fails on P.
	f := &fakeLean{flip: map[int]bool{1: true, 2: true}}
	tr := newWithLean(t, f, false)
	res, err := tr.Chain(context.Background(), "c", threeSteps)
	require.NoError(t, err)
	o := res.Steps[0].Obligations[0]
	require.Equal(t, Error, o.Verdict)
	if assert.Len(t, o.Answers, 2) {
		assert.Equal(t, "sim", o.Answers[0].Checker)
		assert.Equal(t, Refuted, o.Answers[0].Verdict)
		assert.Equal(t, "exact", o.Answers[1].Checker)
		assert.Equal(t, Verified, o.Answers[1].Verdict)
	}
	assert.Contains(t, o.Reason, "sim says refuted", "the reason gives both answers")
	assert.Contains(t, o.Reason, "exact says verified", "the reason gives both answers")
	assert.Equal(t, StepNone, res.Steps[0].Verdict, "an error is neither verified nor refuted")
}

// TestLeanFailureLeavesExactVerdicts: a REPL that fails gives no answer;
// the exact checker's verdicts stand, each obligation and the chain carry
// a warning, and no failure is counted as a disagreement.
func TestLeanFailureLeavesExactVerdicts(t *testing.T) {
	f := &fakeLean{err: errors.New("repl died")}
	tr := newWithLean(t, f, false)
	res, err := tr.Chain(context.Background(), "c", threeSteps)
	require.NoError(t, err)
	want := []Verdict{Verified, Refuted, Approximate}
	for i, s := range res.Steps {
		o := s.Obligations[0]
		assert.Equal(t, want[i], o.Verdict, "step %d: %s", s.Index, o.Reason)
		assert.Equal(t, "exact", o.Checker, "step %d", s.Index)
		assert.Contains(t, o.Warning, "repl died", "step %d", s.Index)
		assert.Contains(t, o.Warning, "exact checker's verdicts stand", "step %d", s.Index)
		if assert.Len(t, o.Answers, 2, "step %d", s.Index) {
			assert.True(t, o.Answers[0].Failed, "step %d: the REPL's answer failed", s.Index)
			assert.Equal(t, Error, o.Answers[0].Verdict, "step %d", s.Index)
			assert.False(t, o.Answers[1].Failed, "step %d: the exact answer stands", s.Index)
		}
	}
	if assert.Len(t, res.Warnings, 1, "one chain warning") {
		assert.Contains(t, res.Warnings[0], "repl died", "the warning names the failure")
	}
	assert.Equal(t, StepRefuted, res.Steps[1].Verdict, "the false step")
}

// TestLeanOnlyFailureIsAnError: with no other checker, a failure is the
// verdict Error (nothing decided), and the chain warns of it.
func TestLeanOnlyFailureIsAnError(t *testing.T) {
	f := &fakeLean{err: errors.New("repl died")}
	tr := newWithLean(t, f, true)
	res, err := tr.Chain(context.Background(), "c", threeSteps)
	require.NoError(t, err)
	for _, s := range res.Steps {
		o := s.Obligations[0]
		assert.Equal(t, Error, o.Verdict, "step %d", s.Index)
		assert.Contains(t, o.Reason, "repl died", "step %d", s.Index)
		assert.Contains(t, o.Warning, "no checker decided", "step %d", s.Index)
	}
	assert.Len(t, res.Warnings, 1, "chain warnings")
}

func TestLeanContextCancel(t *testing.T) {
	f := &fakeLean{block: true}
	tr := newWithLean(t, f, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := tr.Chain(ctx, "c", threeSteps)
	require.ErrorIs(t, err, context.Canceled)
}

func TestNoObligationsNoCommand(t *testing.T) {
	f := &fakeLean{}
	tr := newWithLean(t, f, false)
	res, err := tr.Chain(context.Background(), "c", []string{"Let us think.", "The answer is \\boxed{4}."})
	require.NoError(t, err)
	assert.Empty(t, f.calls, "commands for a chain without obligations")
	assert.Empty(t, res.Command)
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
		got := exactAnswer(tt.o, DefaultTactic, DefaultIdentityTactic)
		assert.Equal(t, tt.want, got.Verdict, "%s: %s", tt.o.Lean, got.Reason)
		assert.Equal(t, "exact", got.Checker, tt.o.Lean)
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
	require.NoError(t, err)
	n := 0
	for _, s := range res.Steps {
		for _, o := range s.Obligations {
			n++
			assert.NotEqual(t, Error, o.Verdict, "%s: %s", o.Expr, o.Reason)
		}
	}
	assert.GreaterOrEqual(t, n, 8, "obligations")
}
