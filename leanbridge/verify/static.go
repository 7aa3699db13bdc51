package verify

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// StaticReport is the outcome of the checks that run before Lean.
type StaticReport struct {
	// Reasons are the findings, in source order; none means Lean may run the proof.
	Reasons []Reason
	// Cmd is what Lean runs: the candidate with its import lines blanked (so that positions
	// stay the same), preceded by the official preamble when the candidate does not repeat it,
	// then `#print axioms NAME` and GuardCommand(NAME), each on its own line.
	Cmd string
	// AxiomsLine is the 1-based line of `#print axioms` in Cmd; GuardLine the line after it,
	// which holds GuardCommand (the semantic guard's `#check`).
	AxiomsLine, GuardLine int
	// LineShift is how many lines Cmd has before the candidate's first line (the prepended
	// preamble): Cmd line L is candidate line L - LineShift.
	LineShift int
	// Source is Cmd without the checker's appended lines: the official preamble when the
	// candidate does not repeat it, then the candidate with its import lines blanked.
	Source string
}

// Accepted reports that no static check objected.
func (r StaticReport) Accepted() bool { return len(r.Reasons) == 0 }

// Limits on options that take a number. A proof cannot get a false statement past Lean
// with them, but they can take the checker down, so a value of 0 (where 0 means "no limit")
// or above the cap is refused. Each cap is a generous multiple of Lean's default, chosen so
// that honest proofs (which raise these limits now and then) pass.
const (
	// maxHeartbeatsCap: maxHeartbeats 0 disables Lean's deterministic timeout, and a huge
	// value is the same thing in practice, so a proof could hang a REPL worker until the
	// wall-clock timeout kills it. The default is 200000; Mathlib's largest per-declaration
	// settings are a few million, so 10^7 leaves room for honest proofs.
	maxHeartbeatsCap = 10_000_000
	// synthHeartbeatsCap bounds synthInstance.maxHeartbeats (default 20000; 0 is unlimited)
	// the same way: 50 times the default.
	synthHeartbeatsCap = 1_000_000
	// maxRecDepthCap: maxRecDepth guards the elaborator's recursion; 0 breaks everything and
	// a huge value lets deep recursion overflow the native stack and crash the worker instead
	// of failing cleanly. The default is 512; honest proofs rarely need more than a few
	// thousand, and generated proofs often carry `set_option maxRecDepth 100000`.
	maxRecDepthCap = 100_000
	// synthMaxSizeCap bounds synthInstance.maxSize (default 128), the size of the instance
	// terms the type class resolution may build: 64 times the default.
	synthMaxSizeCap = 8192
	// expThresholdCap bounds exponentiation.threshold (default 256), the largest exponent
	// that whnf and decide evaluate: 2^65536 has 65536 bits, still cheap, and 256 times the
	// default. Beyond it one `decide` may allocate without bound before any heartbeat check.
	expThresholdCap = 65536
	// maxSynthPendingCap bounds maxSynthPendingDepth (default 1), the nesting of pending
	// instance problems: Mathlib sets 2 or 3 in a few files.
	maxSynthPendingCap = 16
)

// CheckStatic runs every check that needs no Lean on a candidate proof of st. allowedImports
// are the modules the candidate may import (as written in import lines).
//
// The policy, rule by rule, with the reason for each decision:
//
//   - The candidate must lex cleanly (see Lex); text we might read differently from Lean is
//     rejected, never guessed at.
//   - Import lines may only name allowed modules and must come first (Lean ignores nothing
//     else, but `import` after the header is an error in REPL env mode anyway). They are
//     blanked in Cmd, because the Runner supplies the header environment.
//   - The candidate may repeat the official preamble verbatim right after its imports; those
//     tokens are trusted if the next token starts a new command (so `open Nat Classical` is
//     not a copy of `open Nat`). Otherwise the preamble is prepended to Cmd.
//   - Exactly one declaration has the official name (and no other declaration shares its
//     last component, so `#print axioms` cannot resolve elsewhere); its header equals the
//     official header token for token, modulo whitespace and comments, and is followed by
//     `:=`. Whitespace still matters where Lean's grammar is sensitive to it: between two
//     symbols, around `.`, and at column 0 (which ends a term).
//   - No other declaration may be named like anything the statement mentions (or end in
//     `.<mention>`): inside `theorem Foo.t` the name `f` resolves to `Foo.f` first.
//   - `open` before the end of the target header is rejected (open_rebinding): it can change
//     what the statement's names and notations mean and activates scoped instances. Allowed:
//     `open … in` that scopes another command or the theorem itself (but not
//     Classical, whose scoped instances change the statement's instances: instanceScopes), `open` inside a namespace or section closed
//     before the theorem, and `open` after the header. The theorem may not sit inside a
//     namespace or mutual block, nor in a section that declared variables or opened
//     namespaces (scope_change); variable, include and omit before the theorem must be inside
//     such a closed scope; every namespace and section must be closed. export creates aliases
//     (scope_change). A trailing `in` would capture our `#print axioms` line. The header may
//     be followed by `:=` or, in equation-compiler style, `|`; attributes on the theorem
//     itself (`@[simp]`) are judged by the attribute rules, not compared with the statement.
//   - sorry, admit, stop (= repeat sorry), sorryAx: rejected wherever they appear as code,
//     «escaped» or not, as a whole identifier or as one component of a dotted one.
//   - native_decide, decide +native, bv_decide, Lean.ofReduceBool/ofReduceNat/trustCompiler:
//     the proof would rest on compiled code instead of the kernel (Lean confirms with
//     #print axioms too). The word native is refused where Lean reads it as decide's option
//     (`+native`, `native := …` in a config), not as a name (`(native : Nat)`).
//   - axiom/constant (axiom) and opaque (opaque) declarations: an axiom proves anything;
//     opaque with implemented_by can lie to native evaluation.
//   - #eval (runs code at check time), #exit (stops checking, so later errors are never
//     reported), #print (could print a forged axioms report): each its own code; a leftover
//     `#check` is allowed (it prints, on its own line); every other #command is rejected as
//     hash_command: a proof needs none, and unknown commands might run code. (Known cost:
//     Mathlib's `#s` card notation is rejected.)
//   - run_cmd, run_tac, run_elab, run_meta, by_elab (run_code), elab/elab_rules (elab),
//     initialize, simprocs and any `Lean.…` API (meta_code): metaprograms can add
//     declarations without the kernel or rewrite messages.
//   - IO, EIO, BaseIO, System.*, unsafeIO…, include_str (io) and unsafe, unsafeCast… (unsafe);
//     @[extern] and @[export] (extern); @[implemented_by] and @[csimp] (implemented_by): they
//     swap what code runs or read the checker's files. `open` of Lean, System or IO (meta_code,
//     io) anywhere: it would make that API reachable without the prefix these rules look for.
//   - Names are compared as Lean reads them: guillemets removed, a leading `_root_.` dropped,
//     an escaped part holding dots split (leanName). Constants match whole components
//     (`hUnsafe` is not `unsafe`).
//   - set_option: debug.* rejected (debug.skipKernelTC skips the kernel); maxHeartbeats and
//     synthInstance.maxHeartbeats 0 or above their caps (unlimited_heartbeats); maxRecDepth 0
//     or above maxRecDepthCap (recursion_depth); synthInstance.maxSize 0 or above
//     synthMaxSizeCap and exponentiation.threshold above expThresholdCap (resource_option);
//     numbers are read as Lean reads them (037 is 37, not octal). linter.* allowed; pp.*
//     allowed only as `set_option … in` (for the rest of the file it could change what the
//     semantic guard's #check prints); booleanOptions (tactic.hygienic…) allowed;
//     everything else rejected by name (option_not_allowed), because options such as
//     autoImplicit change how the statement elaborates.
//   - Commands come from allowedCommands where a command starts, configurations are
//     literal whatever the tactic, declarations stay out of Lean's internal namespaces:
//     see docs/VERIFY.md and config.go, commands.go.
//   - macro, macro_rules, syntax, notation, infix/infixl/infixr, prefix, postfix, notation3,
//     declare_syntax_cat, binder_predicate (syntax_extension): new syntax can shadow `by`,
//     `decide`, `=` or `+` and change what the statement says; `local notation` for the
//     candidate's own definition is allowed (localNotation).
//   - Attributes are read entry by entry in `@[…]` and `attribute […]` lists, by the name
//     Lean reads (`@[«instance»]` is `@[instance]`: see findAttributes). Those that register
//     the declaration as code Lean runs while elaborating (tactic, term_elab, command_elab,
//     macro, delab, init, simproc, norm_num, builtin_*…) are meta_code; other attributes
//     (simp, reducible, ext…) are allowed.
//   - Any instance (instance, @[instance], attribute [instance], deriving instance) is
//     rejected, except an `instance` on the candidate's own type (ownInstance):
//     decidable_instance when Decidable is involved, instance_override otherwise, since a new high-priority HAdd Nat instance changes what `2 + 2 = 4` means. unif_hint,
//     @[unification_hint] and @[default_instance] change elaboration the same way. (`deriving`
//     clauses on new types and haveI/letI inside proofs are allowed: they cannot change the
//     statement.) What this list misses, the semantic guard catches (see the package
//     documentation).
func CheckStatic(st *Statement, proof string, allowedImports []string) StaticReport {
	rep, _ := CheckStaticContext(context.Background(), st, proof, allowedImports)
	return rep
}

// CheckStaticContext is CheckStatic that stops when ctx is done: the scan is linear in the
// proof and looks at ctx every few thousand tokens. The error is ctx's when it stopped the
// scan (the report is then incomplete and must not be used).
func CheckStaticContext(ctx context.Context, st *Statement, proof string, allowedImports []string) (StaticReport, error) {
	if err := ctx.Err(); err != nil {
		return StaticReport{}, err
	}
	c := &candidate{st: st, lx: syntax.Lex(proof), allowed: allowedImports, seen: map[reasonKey]bool{}, ctx: ctx}
	c.run()
	if c.cancelled {
		return StaticReport{}, ctx.Err()
	}
	slices.SortStableFunc(c.reasons, func(a, b Reason) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Column - b.Column
	})
	rep := StaticReport{Reasons: c.reasons}
	if len(rep.Reasons) == 0 {
		rep.Cmd, rep.AxiomsLine, rep.LineShift = c.buildCmd()
		rep.GuardLine = rep.AxiomsLine + 1
		if k := strings.Index(rep.Cmd, "\n#print axioms "+c.st.NameText+"\n"); k >= 0 {
			rep.Source = rep.Cmd[:k+1]
		}
	}
	return rep, nil
}

func tokLine(t *syntax.Token) int {
	if t == nil {
		return 0
	}
	return t.Line
}

func tokCol(t *syntax.Token) int {
	if t == nil {
		return 0
	}
	return t.Col
}

type reasonKey struct {
	code      Code
	line, col int
}

type candidate struct {
	st      *Statement
	lx      *syntax.Lexed
	allowed []string
	toks    []syntax.Token
	// importEnd is the index of the first token after the leading import lines;
	// [trustLo, trustHi) are the tokens of the repeated official preamble, if any.
	importEnd, trustLo, trustHi int
	// targetEnd is the index of the `:=` after the target's header (-1 if not found).
	targetEnd int
	reasons   []Reason
	seen      map[reasonKey]bool
	// attrNames marks the tokens that name an attribute in an attribute list.
	attrNames map[int]bool
	// snippet: no official statement (st is nil); read-only #commands are allowed
	// (CheckSnippet).
	snippet bool
	// declaredLast holds the last component of every name the candidate declares (a
	// configuration's `.name` must not resolve to one).
	declaredLast map[string]bool
	// inTarget[i] is the command that the prefix at i scopes with `in`, or -1
	// (computeInChains).
	inTarget []int32
	// declaredFull holds the full name of every declaration of the candidate (namespaces
	// applied), instanceNS the namespace each `instance` keyword stands in (checkNamespaces).
	declaredFull map[string]bool
	instanceNS   map[int][]string
	// valueDepth is the bracket nesting of the configuration value being read.
	valueDepth int
	// ctx, when done, stops the scan (cancelled reports it).
	ctx       context.Context
	cancelled bool
}

// stopped checks the context every 4096 tokens, and ends the scan once maxReasons findings
// are in: the candidate is rejected whatever else it holds, and hostile input built to
// trigger a finding per token costs no more.
func (c *candidate) stopped(i int) bool {
	if c.cancelled || len(c.reasons) >= maxReasons {
		return true
	}
	if i&4095 == 0 && c.ctx != nil && c.ctx.Err() != nil {
		c.cancelled = true
	}
	return c.cancelled
}

const maxReasons = 100

func (c *candidate) add(code Code, t *syntax.Token, format string, args ...any) {
	if c.seen[reasonKey{code, tokLine(t), tokCol(t)}] || len(c.reasons) >= maxReasons {
		return
	}
	for k, a := range args {
		if s, ok := a.(string); ok {
			args[k] = excerpt(s) // hostile text is quoted, never echoed whole
		}
	}
	r := Reason{Code: code, Detail: fmt.Sprintf(format, args...)}
	if t != nil {
		r.Line, r.Column = t.Line, t.Col
	}
	k := reasonKey{code, r.Line, r.Column}
	if c.seen[k] || len(c.reasons) >= maxReasons {
		return
	}
	c.seen[k] = true
	c.reasons = append(c.reasons, r)
}

func (c *candidate) run() {
	for _, p := range c.lx.Problems {
		c.add(codeOf(p.Kind), &syntax.Token{Line: p.Line, Col: p.Col}, "%s", p.Msg)
	}
	c.toks = c.lx.Tokens
	c.targetEnd = -1
	c.declaredLast = map[string]bool{}
	for j, t := range c.toks {
		if c.stopped(j) {
			return
		}
		if t.Kind == syntax.Ident && syntax.IsDeclKeyword(leanWord(&t)) && j+1 < len(c.toks) && c.toks[j+1].Kind == syntax.Ident {
			n := leanName(&c.toks[j+1])
			c.declaredLast[n[len(n)-1]] = true
		}
	}
	c.checkImports()
	if c.snippet {
		c.computeInChains()
		c.checkCommands(c.importEnd)
		c.checkNamespaces(c.importEnd)
		c.findAttributes()
		for i := c.importEnd; i < len(c.toks) && !c.stopped(i); i++ {
			c.checkToken(i)
		}
		return
	}
	c.matchPreamble()
	c.computeInChains()
	c.checkCommands(c.importEnd)
	c.checkNamespaces(c.importEnd)
	if c.lx.OK() {
		// The structure is only meaningful on a complete token stream.
		c.checkTarget()
	}
	c.findAttributes()
	for i := range c.toks {
		if c.stopped(i) {
			return
		}
		if i < c.importEnd || (i >= c.trustLo && i < c.trustHi) {
			continue
		}
		c.checkToken(i)
	}
	if n := len(c.toks); n > 0 && c.toks[n-1].IsWord("in") {
		c.add(CodeScopeChange, &c.toks[n-1], "the proof ends with a dangling `in`")
	}
}

// buildCmd assembles what Lean runs (see StaticReport.Cmd).
func (c *candidate) buildCmd() (cmd string, axiomsLine, shift int) {
	src := c.lx.Src
	var b strings.Builder
	if len(c.st.Preamble) > 0 && c.trustHi == 0 {
		b.WriteString(c.st.PreambleText)
		b.WriteByte('\n')
		shift = strings.Count(c.st.PreambleText, "\n") + 1
	}
	body := src
	if c.importEnd > 0 {
		// Blank the import lines (keeping newlines) so positions stay those of the submission.
		end := c.toks[c.importEnd-1].End
		blank := []byte(src[:end])
		for k, ch := range blank {
			if ch != '\n' && ch != '\r' {
				blank[k] = ' '
			}
		}
		body = string(blank) + src[end:]
	}
	b.WriteString(body)
	if !strings.HasSuffix(body, "\n") {
		b.WriteByte('\n')
	}
	axiomsLine = strings.Count(b.String(), "\n") + 1
	b.WriteString("#print axioms ")
	b.WriteString(c.st.NameText)
	b.WriteByte('\n')
	b.WriteString(GuardCommand(c.st.NameText))
	b.WriteByte('\n')
	return b.String(), axiomsLine, shift
}
