package hybrid

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/leanprm/leanprm/hybrid/chain"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// fakePRM scores step i of every chain 0.9 - 0.2·i, or fails for problems
// that contain "fail".
type fakePRM struct{ calls atomic.Int32 }

func (f *fakePRM) ScoreChain(ctx context.Context, problem string, steps []chain.Step) ([]float64, error) {
	f.calls.Add(1)
	if strings.Contains(problem, "fail") {
		return nil, errors.New("model unavailable")
	}
	out := make([]float64, len(steps))
	for i := range steps {
		out[i] = 0.9 - 0.2*float64(i)
	}
	return out, nil
}

// fakeFormal is an honest stand-in for the formal side: it "refutes" steps
// containing "WRONG", "verifies" steps containing "OK" and has no verdict
// otherwise, and fails for problems that contain "lean down".
type fakeFormal struct{}

func (fakeFormal) JudgeSteps(_ context.Context, problem string, steps []chain.Step) ([]FormalStep, error) {
	if strings.Contains(problem, "lean down") {
		return nil, errors.New("REPL crashed")
	}
	out := make([]FormalStep, len(steps))
	for i, s := range steps {
		switch {
		case strings.Contains(s.Text, "WRONG"):
			out[i] = FormalStep{Verdict: Refuted, Checker: "sim", Obligations: []Obligation{{
				Text: "2 + 2 = 5", Lean: "example : ¬((2 : Rat) + 2 = 5) := by decide", Verdict: Refuted, Checker: "sim",
			}}}
		case strings.Contains(s.Text, "OK"):
			out[i] = FormalStep{Verdict: Verified, Checker: "lean", Obligations: []Obligation{{Text: "1 = 1", Verdict: Verified}}}
		}
	}
	return out, nil
}

func mkChain(id, problem string, texts ...string) chain.Chain {
	c := chain.Chain{ID: id, Source: id + ":1", Problem: problem, FirstError: chain.NoLabel}
	for _, t := range texts {
		c.Steps = append(c.Steps, chain.Step{Text: t})
	}
	return c
}

func TestPolicyMerge(t *testing.T) {
	tests := []struct {
		name        string
		p           Policy
		v           Verdict
		fullyFormal bool
		learned     float64
		want        float64
		src         Source
	}{
		{"refuted", Policy{}, Refuted, false, 0.8, 0, FromFormal},
		{"verified formal", Policy{}, Verified, true, 0.3, 1, FromFormal},
		{"verified informal keeps learned", Policy{}, Verified, false, 0.3, 0.3, FromLearned},
		{"verified informal boost", Policy{VerifiedBoost: 0.5}, Verified, false, 0.4, 0.7, FromBoost},
		{"unknown", Policy{}, Unknown, true, 0.6, 0.6, FromLearned},
		{"none", Policy{}, NoVerdict, false, 0.6, 0.6, FromLearned},
		{"learned ignores refuted", PolicyLearned, Refuted, false, 0.8, 0.8, FromLearned},
		{"formal refuted", PolicyFormal, Refuted, false, 0.8, 0, FromFormal},
		{"formal verified informal", PolicyFormal, Verified, false, 0.2, 1, FromFormal},
		{"formal none", PolicyFormal, NoVerdict, false, 0.2, 1, FromDefault},
		// Issue 9: a rounding that holds is no proof: never FromFormal, never boosted.
		{"approximate keeps learned", Policy{}, Approximate, true, 0.3, 0.3, FromLearned},
		{"approximate is not boosted", Policy{VerifiedBoost: 0.5}, Approximate, false, 0.4, 0.4, FromLearned},
		{"formal approximate is no verdict", PolicyFormal, Approximate, true, 0.2, 1, FromDefault},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, src := tc.p.Merge(tc.v, tc.fullyFormal, tc.learned)
			assert.InDelta(t, tc.want, got, 1e-12)
			assert.Equal(t, tc.src, src)
		})
	}
}

func TestParsePolicy(t *testing.T) {
	p, err := ParsePolicy("hybrid,boost=0.25")
	require.NoError(t, err)
	assert.Equal(t, Policy{Mode: ModeHybrid, VerifiedBoost: 0.25}, p)
	assert.Equal(t, "hybrid,boost=0.25", p.Name())
	back, err := ParsePolicy(p.Name())
	require.NoError(t, err)
	assert.Equal(t, p, back)
	for _, bad := range []string{"magic", "hybrid,boost=2", "learned,boost=0.1", "hybrid,x=1"} {
		_, err := ParsePolicy(bad)
		assert.Error(t, err, bad)
	}
	assert.Equal(t, "hybrid", Policy{}.Name())
	for _, name := range []string{"learned", "formal", "learned-only", "formal-only"} {
		p, err := ParsePolicy(name)
		require.NoError(t, err)
		assert.Equal(t, strings.TrimSuffix(name, "-only"), p.Name())
	}
}

func TestScorerMergesWithProvenance(t *testing.T) {
	s := &Scorer{PRM: &fakePRM{}, Formal: fakeFormal{}}
	c := mkChain("c1", "p", "fine", "WRONG claim", "OK claim")
	c.Steps = append(c.Steps, chain.Step{Text: "example : 1 = 1 := rfl OK", Formal: true})
	r, err := s.ScoreChain(context.Background(), c)
	require.NoError(t, err)
	require.Len(t, r.Steps, 4)
	want := []struct {
		score   float64
		src     Source
		verdict Verdict
	}{
		{0.9, FromLearned, NoVerdict},
		{0, FromFormal, Refuted},
		{0.5, FromLearned, Verified}, // informal: keeps the learned score
		{1, FromFormal, Verified},    // a Lean step Lean verified
	}
	for i, w := range want {
		st := r.Steps[i]
		assert.InDelta(t, w.score, st.Score, 1e-12, "step %d", i)
		assert.Equal(t, w.src, st.Source, "step %d", i)
		assert.Equal(t, w.verdict, st.Verdict, "step %d", i)
		assert.Equal(t, "hybrid", st.Policy)
		require.NotNil(t, st.Learned)
	}
	assert.InDelta(t, 0.7, *r.Steps[1].Learned, 1e-12, "the learned score stays visible")
	require.Len(t, r.Steps[1].Obligations, 1)
	assert.Contains(t, r.Steps[1].Obligations[0].Lean, "¬")
	assert.Equal(t, "sim", r.Steps[1].Checker)
	assert.Equal(t, 1, r.Predict(0.5))

	// The same evidence, re-merged.
	l := r.WithPolicy(PolicyLearned)
	assert.InDelta(t, 0.7, l.Steps[1].Score, 1e-12)
	assert.Equal(t, "learned", l.Steps[1].Policy)
	assert.InDelta(t, 0, r.Steps[1].Score, 1e-12, "WithPolicy copies")
	f := r.WithPolicy(PolicyFormal)
	assert.Equal(t, []float64{1, 0, 1, 1}, f.Scores())
}

func TestScorerFormalFailureFallsBack(t *testing.T) {
	s := &Scorer{PRM: &fakePRM{}, Formal: fakeFormal{}}
	r, err := s.ScoreChain(context.Background(), mkChain("c", "lean down", "WRONG"))
	require.NoError(t, err)
	require.Len(t, r.Warnings, 1)
	assert.Contains(t, r.Warnings[0], "REPL crashed")
	assert.Equal(t, FromLearned, r.Steps[0].Source)
	assert.InDelta(t, 0.9, r.Steps[0].Score, 1e-12)
}

func TestScoreChainsKeepsOrderAndReportsFailures(t *testing.T) {
	prm := &fakePRM{}
	var progress []int
	s := &Scorer{PRM: prm, Concurrency: 3, Progress: func(done, total int) {
		assert.Equal(t, 5, total)
		progress = append(progress, done)
	}}
	chains := []chain.Chain{
		mkChain("a", "p1", "x"), mkChain("b", "fail here", "x"), mkChain("c", "p3", "x", "y"),
		mkChain("d", "p4", "x"), mkChain("e", "p5", "x", "y", "z"),
	}
	res, err := s.ScoreChains(context.Background(), chains)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "b:1: learned PRM: model unavailable")
	require.Len(t, res, 5)
	for i, r := range res {
		assert.Equal(t, chains[i].ID, r.ID)
	}
	assert.NotEmpty(t, res[1].Err)
	assert.Empty(t, res[4].Err)
	assert.Len(t, res[4].Steps, 3)
	assert.Equal(t, []int{1, 2, 3, 4, 5}, progress)
	assert.EqualValues(t, 5, prm.calls.Load())
}

func TestScoreChainsCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := &Scorer{PRM: &fakePRM{}}
	_, err := s.ScoreChains(ctx, []chain.Chain{mkChain("a", "p", "x")})
	assert.ErrorIs(t, err, context.Canceled)
}

func TestScorerNeedsPRM(t *testing.T) {
	_, err := (&Scorer{}).ScoreChain(context.Background(), mkChain("a", "p", "x"))
	assert.Error(t, err)
	r, err := (&Scorer{Policy: PolicyFormal, Formal: fakeFormal{}}).ScoreChain(context.Background(), mkChain("a", "p", "WRONG", "x"))
	require.NoError(t, err)
	assert.Equal(t, []float64{0, 1}, r.Scores())
	assert.Nil(t, r.Steps[0].Learned)
}

// batchPRM records how it was called.
type batchPRM struct {
	fakePRM
	batches atomic.Int32
}

func (b *batchPRM) ScoreChains(ctx context.Context, in []PRMInput) ([][]float64, []error) {
	b.batches.Add(1)
	out := make([][]float64, len(in))
	errs := make([]error, len(in))
	for i, c := range in {
		out[i], errs[i] = b.ScoreChain(ctx, c.Problem, c.Steps)
	}
	return out, errs
}

func TestScoreChainsUsesBatchPRM(t *testing.T) {
	b := &batchPRM{}
	s := &Scorer{PRM: b, Formal: fakeFormal{}}
	res, err := s.ScoreChains(context.Background(), []chain.Chain{mkChain("a", "p", "x", "WRONG"), mkChain("b", "fail", "x")})
	require.Error(t, err)
	assert.EqualValues(t, 1, b.batches.Load())
	assert.Equal(t, []float64{0.9, 0}, res[0].Scores())
	assert.NotEmpty(t, res[1].Err)
}

func TestCombineVerdicts(t *testing.T) {
	assert.Equal(t, NoVerdict, CombineVerdicts(nil))
	assert.Equal(t, Verified, CombineVerdicts([]Obligation{{Verdict: Verified}, {Verdict: Verified}}))
	assert.Equal(t, Unknown, CombineVerdicts([]Obligation{{Verdict: Verified}, {Verdict: Unknown}}))
	assert.Equal(t, Refuted, CombineVerdicts([]Obligation{{Verdict: Unknown}, {Verdict: Refuted}}))
}

func TestResultJSONRoundTrip(t *testing.T) {
	s := &Scorer{PRM: &fakePRM{}, Formal: fakeFormal{}}
	c := mkChain("c1", "p", "fine", "WRONG claim")
	c.Steps[0].Label = chain.Correct
	r, err := s.ScoreChain(context.Background(), c)
	require.NoError(t, err)
	assert.True(t, r.Has(Refuted))
	assert.False(t, r.Has(Unknown))
	b, err := json.Marshal(r)
	require.NoError(t, err)
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b, &raw))
	steps := raw["steps"].([]any)
	assert.Equal(t, "none", steps[0].(map[string]any)["verdict"])
	assert.Equal(t, "correct", steps[0].(map[string]any)["label"])
	assert.Equal(t, "refuted", steps[1].(map[string]any)["verdict"])
	var back Scored
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, r, back)
	var v Verdict
	assert.Error(t, v.UnmarshalText([]byte("maybe")))
}

// lenPRM records the longest text it was given and scores every step 0.5.
type lenPRM struct{ longest atomic.Int64 }

func (p *lenPRM) ScoreChain(_ context.Context, problem string, steps []chain.Step) ([]float64, error) {
	n := len(problem)
	out := make([]float64, len(steps))
	for i, st := range steps {
		n = max(n, len(st.Text))
		out[i] = 0.5
	}
	if int64(n) > p.longest.Load() {
		p.longest.Store(int64(n))
	}
	return out, nil
}

// A step (or problem) longer than MaxLearnedTextBytes reaches the learned PRM truncated, and
// the chain says so; the step result keeps the whole text.
func TestScorerTruncatesLearnedText(t *testing.T) {
	long := strings.Repeat("é", MaxLearnedTextBytes) // 2 bytes a rune: the cut must not split one
	prm := &lenPRM{}
	s := &Scorer{PRM: prm, Policy: PolicyHybrid}
	c := mkChain("c", "problem "+long, "short step", long)
	res, err := s.ScoreChain(context.Background(), c)
	require.NoError(t, err)
	assert.LessOrEqual(t, prm.longest.Load(), int64(MaxLearnedTextBytes))
	require.Len(t, res.Warnings, 2)
	assert.Contains(t, res.Warnings[0], "problem is")
	assert.Contains(t, res.Warnings[1], "step 2 is 131072 bytes: the learned score read the first 65536")
	assert.Equal(t, long, res.Steps[1].Text, "the result keeps the step's text")
	assert.Equal(t, long, c.Steps[1].Text, "the input chain is not modified")

	cut, ok := LearnedText(long)
	assert.True(t, ok)
	assert.True(t, utf8.ValidString(cut))
	short, ok := LearnedText("abc")
	assert.False(t, ok)
	assert.Equal(t, "abc", short)
}

// blockPRM scores chains at once, except those whose problem is "block": those wait for the
// context to end, and then fail with its error.
type blockPRM struct{ blocked chan struct{} }

func (p *blockPRM) ScoreChain(ctx context.Context, problem string, steps []chain.Step) ([]float64, error) {
	if problem == "block" {
		p.blocked <- struct{}{}
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return make([]float64, len(steps)), nil
}

// Done hears of every chain that finished before an interrupt, and not of the one the
// interrupt cut short.
func TestScoreChainsDoneBeforeCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	prm := &blockPRM{blocked: make(chan struct{})}
	var seen []string
	s := &Scorer{PRM: prm, Policy: PolicyLearned, Concurrency: 2, Done: func(i int, r Scored) {
		seen = append(seen, r.ID)
		if len(seen) == 2 {
			<-prm.blocked // the blocked chain is in flight: interrupt now
			cancel()
		}
	}}
	chains := []chain.Chain{mkChain("a", "p", "x"), mkChain("b", "block", "x"), mkChain("c", "p", "y")}
	_, err := s.ScoreChains(ctx, chains)
	assert.ErrorIs(t, err, context.Canceled)
	assert.ElementsMatch(t, []string{"a", "c"}, seen)
}
