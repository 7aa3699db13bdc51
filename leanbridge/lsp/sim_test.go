package lsp_test

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/leansim/lspsim"
	"github.com/leanprm/leanprm/leanbridge/lsp"
	"github.com/leanprm/leanprm/leanbridge/proc"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

// Tests against the simulator (internal/leansim/lspsim): in-process through io.Pipes, or as a
// child process (the test binary re-executed).

func TestSimulatorNameAgrees(t *testing.T) {
	assert.Equal(t, lspsim.ServerName, lsp.SimulatorServerName)
	assert.Equal(t, "sim", lsp.ServerInfo{Name: lspsim.ServerName}.Checker())
	assert.Equal(t, "lean", lsp.ServerInfo{Name: "Lean 4 Server"}.Checker())
	assert.Equal(t, "", lsp.ServerInfo{Name: "some other server"}.Checker())
}

func TestSimProcessLifecycle(t *testing.T) {
	c, ps := startSim(t, simOptions(t))
	assert.Equal(t, lsp.StateReady, c.State())
	assert.Equal(t, lspsim.ServerName, c.ServerInfo().Name)
	assert.Equal(t, "sim", c.Checker())
	res, err := c.Check(context.Background(), "theorem t : 2 + 2 = 4 := by decide\n")
	require.NoError(t, err)
	assert.True(t, res.Accepted(), res.Diagnostics)
	// Close returns nil only if the simulator exited with status 0, which it does only
	// when every request it sent (registerCapability, refreshes, an unknown one) was
	// answered.
	require.NoError(t, c.Close(context.Background()))
	assert.Equal(t, lsp.StateClosed, c.State())
	proc.AssertGroupGone(t, ps.pids[0])
	_, err = c.Check(context.Background(), "x")
	require.ErrorIs(t, err, lsp.ErrClosed)
}

func TestSimInProcessAnswersServerRequests(t *testing.T) {
	sim := connectSim(t, lsp.Options{})
	for range 3 {
		_, err := sim.c.Check(context.Background(), "example : True := by trivial\n")
		require.NoError(t, err)
	}
	require.NoError(t, sim.c.Close(context.Background()))
	assert.Equal(t, 0, <-sim.code, "simulator stderr: %s", sim.stderr.String())
}

type wantDiag struct {
	line int          // LSP line
	at   string       // the range starts at the first occurrence of at on that line…
	span bool         // …and, if set, ends after it
	sev  lsp.Severity //
	msg  string       // prefix
}

type diagCase struct {
	name    string
	text    string
	want    []wantDiag
	mathlib bool // needs `import Mathlib`: not run against the core Lean project
	// leanOnly: run against real Lean only. The simulator's decide evaluates Rat arithmetic,
	// which real decide cannot (docs/REPL-SIMULATOR.md, PROTOCOL.md §3.2).
	leanOnly bool
}

var diagCases = []diagCase{
	{name: "proved", text: "theorem t : 2 + 2 = 4 := by decide\n"},
	{name: "false claim", text: "theorem t : 2 + 2 = 5 := by decide\n",
		want: []wantDiag{{0, "decide", true, lsp.SeverityError, "tactic 'decide' proved that the proposition\n  2 + 2 = 5\nis false"}}},
	{name: "sorry", text: "theorem my_theorem (x : Nat) : x = x := by sorry\n",
		want: []wantDiag{{0, "my_theorem", true, lsp.SeverityWarning, "declaration uses `sorry`"}}},
	{name: "unsolved goals", text: "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  constructor\n  exact hp\n",
		want: []wantDiag{{0, "by", false, lsp.SeverityError, "unsolved goals\ncase right\np q : Prop\nhp : p\nhq : q\n⊢ q"}}},
	{name: "unknown identifier", text: "example : True := by\n  exact foo\n",
		want: []wantDiag{{1, "foo", true, lsp.SeverityError, "Unknown identifier `foo`"}}},
	// Lean's parser reports an unknown tactic one character into the word
	// (`errorAtSavedPos "unknown tactic" true`); of the elaboration of the partial syntax it
	// keeps only "unsolved goals".
	{name: "unknown tactic", text: "example : True := by\n  frobnicate\n",
		want: []wantDiag{{1, "robnicate", true, lsp.SeverityError, "unknown tactic"}, {0, "by", false, lsp.SeverityError, "unsolved goals\n⊢ True"}}},
	{name: "Rat arithmetic: decide fails", text: "example : (1 : Rat) / 2 + 1 / 2 = 1 := by decide\n",
		want: []wantDiag{{0, "decide", true, lsp.SeverityError, "tactic 'decide' failed for proposition"}}, leanOnly: true},
	{name: "Rat arithmetic: decide +kernel", text: "example : (1 : Rat) / 2 + 1 / 2 = 1 := by decide +kernel\n"},
	{name: "norm_num needs Mathlib", text: "example : 2 + 2 = 4 := by norm_num\n",
		want: []wantDiag{{0, "orm_num", true, lsp.SeverityError, "unknown tactic"}, {0, "by", false, lsp.SeverityError, "unsolved goals\n⊢ 2 + 2 = 4"}}},
	{name: "norm_num with Mathlib", text: "import Mathlib\n\nexample : (2 : ℚ) + 2 = 4 := by norm_num\n", mathlib: true},
	{name: "two declarations", text: "theorem a : 1 < 2 := by decide\ntheorem b : 3 < 2 := by decide\n",
		want: []wantDiag{{1, "decide", true, lsp.SeverityError, "tactic 'decide' proved"}}},
}

// confirmedWording: messages whose wording the REPL transcripts show (shared/lean); other
// wordings are the simulator's approximations and are not compared against real Lean.
func confirmedWording(msg string) bool {
	for _, p := range []string{"unsolved goals", "declaration uses `sorry`", "Unknown identifier"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// runDiagCases checks diagCases. Against the simulator (lean false) the diagnostics must be
// exactly the wanted ones. Against real Lean each wanted diagnostic must be among them,
// with the same severity and start line — and, for a confirmed wording, the same start
// position and message; whether the file is accepted must agree either way.
func runDiagCases(t *testing.T, c *lsp.Client, lean bool) {
	for _, tc := range diagCases {
		if lean && tc.mathlib || !lean && tc.leanOnly {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			res, err := c.Check(context.Background(), tc.text)
			require.NoError(t, err)
			var got []lsp.Diagnostic
			for _, d := range res.Diagnostics {
				if !d.IsSilent {
					got = append(got, d)
				}
			}
			assert.Equal(t, tc.want == nil, res.Accepted(), "accepted; diagnostics %+v", got)
			if !lean {
				require.Len(t, got, len(tc.want), "%+v", got)
			}
			lines := strings.Split(tc.text, "\n")
			for i, w := range tc.want {
				at := strings.Index(lines[w.line], w.at)
				require.GreaterOrEqual(t, at, 0)
				start := lsp.Position{Line: w.line, Character: lsp.UTF16Len(lines[w.line][:at])}
				end := lsp.Position{Line: w.line, Character: start.Character + lsp.UTF16Len(w.at)}
				if lean {
					found := false
					for _, d := range got {
						if d.Severity != w.sev || d.Range.Start.Line != w.line {
							continue
						}
						if confirmedWording(w.msg) && (d.Range.Start != start || !strings.HasPrefix(d.Message, w.msg)) {
							continue
						}
						found = true
					}
					assert.True(t, found, "no %v diagnostic on line %d like %q among %+v", w.sev, w.line, w.msg, got)
					continue
				}
				d := got[i]
				assert.Equal(t, w.sev, d.Severity)
				assert.True(t, strings.HasPrefix(d.Message, w.msg), "message %q, want prefix %q", d.Message, w.msg)
				assert.Equal(t, start, d.Range.Start)
				if w.span {
					assert.Equal(t, end, d.Range.End)
				}
			}
		})
	}
}

func TestSimDiagnostics(t *testing.T) {
	runDiagCases(t, connectSim(t, lsp.Options{}).c, false)
}

// Columns are UTF-16 code units: ℕ → ∀ are one unit (and one code point, three bytes), 𝓤
// is two units (one code point, four bytes).
func TestSimUTF16Positions(t *testing.T) {
	runUTF16Case(t, connectSim(t, lsp.Options{}).c)
}

func runUTF16Case(t *testing.T, c *lsp.Client) {
	line := "  exact /- ℕ → ∀ 𝓤 -/ foo" // a tactic starts at the block's column, not after a comment
	text := "theorem t : ∀ p : Prop, p → p := by\n  intro p hp\n" + line + "\n"
	res, err := c.Check(context.Background(), text)
	require.NoError(t, err)
	errs := res.Errors()
	require.Len(t, errs, 1)
	d := errs[0]
	assert.Equal(t, "Unknown identifier `foo`", d.Message)

	prefix := line[:strings.Index(line, "foo")]
	require.NotEqual(t, utf8.RuneCountInString(prefix), lsp.UTF16Len(prefix), "the test needs an astral character")
	require.NotEqual(t, len(prefix), lsp.UTF16Len(prefix))
	assert.Equal(t, lsp.Range{Start: lsp.Position{Line: 2, Character: lsp.UTF16Len(prefix)}, End: lsp.Position{Line: 2, Character: lsp.UTF16Len(prefix) + 3}}, d.Range)
	off, err := res.Text.Offset(d.Range.Start)
	require.NoError(t, err)
	assert.Equal(t, strings.Index(text, "foo"), off)
	rp, err := res.Text.ToREPL(d.Range.Start)
	require.NoError(t, err)
	assert.Equal(t, lsp.REPLPos{Line: 3, Column: utf8.RuneCountInString(prefix)}, rp)

	// The goal before the failing tactic, asked at a position after the astral character.
	g, err := c.Goals(context.Background(), lsp.Position{Line: 2, Character: lsp.UTF16Len(prefix)})
	require.NoError(t, err)
	require.NotNil(t, g)
	assert.Equal(t, []string{"p : Prop\nhp : p\n⊢ p"}, g.Goals)
}

func TestSimGoals(t *testing.T) {
	runGoalsCase(t, connectSim(t, lsp.Options{}).c)
}

func runGoalsCase(t *testing.T, c *lsp.Client) {
	text := "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  constructor\n  exact hp\n  exact hq\n"
	res, err := c.Check(context.Background(), text)
	require.NoError(t, err)
	require.True(t, res.Accepted(), res.Diagnostics)
	end := func(line int) lsp.Position {
		p, err := res.Text.LineEnd(line)
		require.NoError(t, err)
		return p
	}
	hyps := "p q : Prop\nhp : p\nhq : q\n"
	for _, tc := range []struct {
		pos  lsp.Position
		want []string // nil: null answer
	}{
		{end(1), []string{"case left\n" + hyps + "⊢ p", "case right\n" + hyps + "⊢ q"}},
		{end(2), []string{"case right\n" + hyps + "⊢ q"}},
		{end(3), []string{}},
		{lsp.Position{Line: 1, Character: 4}, []string{hyps + "⊢ p ∧ q"}}, // inside constructor: before it
		{lsp.Position{Line: 0, Character: 3}, nil},                        // the statement
	} {
		g, err := c.Goals(context.Background(), tc.pos)
		require.NoError(t, err)
		if tc.want == nil {
			assert.Nil(t, g, "at %v", tc.pos)
			continue
		}
		require.NotNil(t, g, "at %v", tc.pos)
		assert.Equal(t, tc.want, g.Goals, "at %v", tc.pos)
		if len(tc.want) == 0 {
			assert.Equal(t, "no goals", g.Rendered)
		} else {
			assert.Contains(t, g.Rendered, "```lean\n"+tc.want[0]+"\n```")
		}
	}
}

type chainCase struct {
	name      string
	chain     proofchain.Chain
	accepted  []bool
	skipped   []bool
	goals     [][]string
	verified  bool
	problemRe string
}

var chainCases = []chainCase{
	{
		name:     "verified",
		chain:    proofchain.Chain{Statement: "theorem t : ∀ p q : Prop, p → q → p ∧ q", Steps: []string{"intro p q hp hq", "exact ⟨hp, hq⟩"}},
		accepted: []bool{true, true},
		goals:    [][]string{{"p q : Prop\nhp : p\nhq : q\n⊢ p ∧ q"}, {}},
		verified: true,
	},
	{
		name:     "proposition statement",
		chain:    proofchain.Chain{Statement: "(2 : Rat) * 3 = 6 := by", Steps: []string{"decide +kernel"}},
		accepted: []bool{true},
		goals:    [][]string{{}},
		verified: true,
	},
	{
		name:      "failed step, later steps skipped",
		chain:     proofchain.Chain{Statement: "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q", Steps: []string{"constructor", "exact hq", "exact hq"}},
		accepted:  []bool{true, false, false},
		skipped:   []bool{false, false, true},
		goals:     [][]string{{"case left\np q : Prop\nhp : p\nhq : q\n⊢ p", "case right\np q : Prop\nhp : p\nhq : q\n⊢ q"}, nil, nil},
		problemRe: "type mismatch",
	},
	{
		name:      "recovered error: the next step runs but is not judged",
		chain:     proofchain.Chain{Statement: "theorem t (p : Prop) (hp : p) : p ∧ p", Steps: []string{"constructor", "exact foo", "exact hp"}},
		accepted:  []bool{true, false, false},
		skipped:   []bool{false, false, true},
		goals:     [][]string{{"case left\np : Prop\nhp : p\n⊢ p", "case right\np : Prop\nhp : p\n⊢ p"}, nil, nil},
		problemRe: "Unknown identifier `foo`",
	},
	{
		name:      "sorry",
		chain:     proofchain.Chain{Statement: "theorem t : 1 = 2", Steps: []string{"sorry"}},
		accepted:  []bool{true},
		goals:     [][]string{{}},
		problemRe: "declaration uses `sorry`",
	},
	{
		name:      "unsolved goals",
		chain:     proofchain.Chain{Statement: "theorem t (p : Prop) (hp : p) : p ∧ p", Steps: []string{"constructor", "exact hp"}},
		accepted:  []bool{true, true},
		goals:     [][]string{{"case left\np : Prop\nhp : p\n⊢ p", "case right\np : Prop\nhp : p\n⊢ p"}, {"case right\np : Prop\nhp : p\n⊢ p"}},
		problemRe: "unsolved goals",
	},
	{
		name:     "multi-line step",
		chain:    proofchain.Chain{Statement: "theorem t (p : Prop) (hp : p) : p ∧ p", Steps: []string{"constructor", "exact hp\nexact hp"}},
		accepted: []bool{true, true},
		goals:    [][]string{{"case left\np : Prop\nhp : p\n⊢ p", "case right\np : Prop\nhp : p\n⊢ p"}, {}},
		verified: true,
	},
}

func TestSimCheckChain(t *testing.T) {
	runChainCases(t, connectSim(t, lsp.Options{}).c, "sim")
}

// runChainCases checks chainCases; checker is the expected Result.Checker. Problems
// are compared only for confirmed wordings (see confirmedWording) when checking real Lean.
func runChainCases(t *testing.T, c *lsp.Client, checker string) {
	for _, tc := range chainCases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := c.CheckChain(context.Background(), tc.chain)
			require.NoError(t, err)
			assert.Equal(t, checker, res.Checker)
			require.Len(t, res.Steps, len(tc.chain.Steps))
			for i, st := range res.Steps {
				assert.Equal(t, i, st.Index)
				assert.Equal(t, tc.chain.Steps[i], st.Tactic)
				assert.Equal(t, tc.accepted[i], st.Accepted(), "step %d: %+v", i, st)
				if tc.skipped != nil {
					assert.Equal(t, tc.skipped[i], st.Status == proofchain.NotRun, "step %d", i)
				}
				assert.Equal(t, tc.goals[i], st.Goals, "step %d goals", i)
				if st.Status == proofchain.Failed {
					require.NotEmpty(t, st.Messages)
					assert.Equal(t, "error", st.Messages[0].Severity)
				}
			}
			assert.Equal(t, tc.verified, res.Verified, res.Problems)
			switch {
			case tc.problemRe != "" && (checker == "sim" || confirmedWording(tc.problemRe)):
				assert.Contains(t, strings.Join(res.Problems, "\n"), tc.problemRe)
			case tc.problemRe != "":
				assert.NotEmpty(t, res.Problems)
			default:
				assert.Empty(t, res.Problems)
			}
		})
	}
}

// An abandoned Check leaves the client usable; the next version is judged on its own.
func TestSimCancelledCheck(t *testing.T) {
	sim := connectSim(t, lsp.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := sim.c.Check(ctx, "theorem t : 1 = 2 := by decide\n")
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, lsp.StateReady, sim.c.State())
	res, err := sim.c.Check(context.Background(), "theorem t : 1 = 1 := by decide\n")
	require.NoError(t, err)
	assert.True(t, res.Accepted(), res.Diagnostics)
	require.NoError(t, sim.c.Close(context.Background()))
	assert.Equal(t, 0, <-sim.code, sim.stderr.String())
}
