package verify

import (
	"context"
	"fmt"
	"slices"
	"strconv"
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
//     `open … in` that scopes another command, `open` inside a namespace or section closed
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
//     reported), #print (could print a forged axioms report): each its own code; every
//     other #command is rejected as hash_command: a proof needs none, and unknown commands
//     might run code. (Known cost: Mathlib's `#s` card notation is rejected.)
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
//     semantic guard's #check prints); everything else rejected (option_not_allowed),
//     because options such as autoImplicit change how the statement elaborates.
//   - macro, macro_rules, syntax, notation, infix/infixl/infixr, prefix, postfix, notation3,
//     declare_syntax_cat, binder_predicate (syntax_extension): new syntax can shadow `by`,
//     `decide`, `=` or `+` and change what the statement says.
//   - Attributes are read entry by entry in `@[…]` and `attribute […]` lists, by the name
//     Lean reads (`@[«instance»]` is `@[instance]`: see findAttributes). Those that register
//     the declaration as code Lean runs while elaborating (tactic, term_elab, command_elab,
//     macro, delab, init, simproc, norm_num, builtin_*…) are meta_code; other attributes
//     (simp, reducible, ext…) are allowed.
//   - Any instance (instance, @[instance], attribute [instance], deriving instance) is
//     rejected: decidable_instance when Decidable is involved, instance_override otherwise,
//     since a new high-priority HAdd Nat instance changes what `2 + 2 = 4` means. unif_hint,
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
		if t.Kind == syntax.Ident && syntax.IsDeclKeyword(leanWord(&t)) && j+1 < len(c.toks) && c.toks[j+1].Kind == syntax.Ident {
			n := leanName(&c.toks[j+1])
			c.declaredLast[n[len(n)-1]] = true
		}
	}
	c.checkImports()
	if c.snippet {
		c.findAttributes()
		for i := c.importEnd; i < len(c.toks) && !c.stopped(i); i++ {
			c.checkToken(i)
		}
		return
	}
	c.matchPreamble()
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

func (c *candidate) checkImports() {
	i := 0
	for i < len(c.toks) && c.toks[i].IsWord("import") {
		if i+1 >= len(c.toks) || c.toks[i+1].Kind != syntax.Ident {
			c.add(CodeImport, &c.toks[i], "`import` without a module name")
			i++
			break
		}
		if mod := c.toks[i+1].Text; !importAllowed(mod, c.allowed) {
			c.add(CodeImport, &c.toks[i], "import of %s, which is not in the allowed header %v", mod, c.allowed)
		}
		i += 2
	}
	c.importEnd = i
}

func (c *candidate) matchPreamble() {
	p := c.st.Preamble
	if len(p) == 0 || c.importEnd+len(p) > len(c.toks) {
		return
	}
	for k, t := range p {
		u := c.toks[c.importEnd+k]
		if u.Kind != t.Kind || u.Text != t.Text || u.Hole != t.Hole {
			return
		}
	}
	// The copy must end where the official preamble ends: `open Nat Classical` starts with
	// the tokens of `open Nat` but opens more. So the next token must start a new command.
	if hi := c.importEnd + len(p); hi == len(c.toks) || startsCommand(c.toks[hi]) {
		c.trustLo, c.trustHi = c.importEnd, hi
	}
}

// commandWords are keywords that can only begin a command, so a token stream that continues
// with one of them has finished the previous command.
var commandWords = map[string]bool{
	"set_option": true, "open": true, "section": true, "end": true, "universe": true, "mutual": true,
	"attribute": true, "export": true, "namespace": true, "variable": true, "include": true,
	"omit": true, "import": true, "deriving": true,
}

func startsCommand(t syntax.Token) bool {
	switch t.Kind {
	case syntax.HashCommand:
		return true
	case syntax.Symbol:
		return t.Text == "@["
	case syntax.Ident:
		if t.Escaped || len(t.Name) != 1 {
			return false
		}
		w := t.Name[0]
		if commandWords[w] || syntax.IsDeclKeyword(w) || syntax.IsModifier(w) {
			return true
		}
		r, ok := keywordRules[w]
		return ok && r.code != CodeSorry && r.code != CodeAdmit && r.code != CodeNativeDecide
	}
	return false
}

type decl struct {
	kw   int // index of the keyword
	name int // index of the name token, or -1
}

func (c *candidate) declarations() []decl {
	var ds []decl
	for j, t := range c.toks {
		if t.Hole > 0 || t.Kind != syntax.Ident || t.Escaped || len(t.Name) != 1 || !syntax.IsDeclKeyword(t.Text) {
			continue
		}
		if j < c.importEnd || (j >= c.trustLo && j < c.trustHi) {
			continue
		}
		// `constant` is no Lean 4 keyword: a declaration only where a command starts.
		if t.Text == "constant" && t.Col != 0 && (j == 0 || !syntax.IsModifier(leanWord(&c.toks[j-1]))) {
			continue
		}
		// `class inductive X`, `class abbrev X`: the name follows the second keyword.
		if t.Text == "class" && j+1 < len(c.toks) && (c.toks[j+1].IsWord("inductive") || c.toks[j+1].IsWord("abbrev")) {
			continue
		}
		d := decl{kw: j, name: -1}
		if t.Text != "example" && j+1 < len(c.toks) && c.toks[j+1].Kind == syntax.Ident && !c.toks[j+1].IsWord("where") {
			d.name = j + 1
		}
		ds = append(ds, d)
	}
	return ds
}

func lastComponent(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return name
}

func (c *candidate) checkTarget() {
	st := c.st
	var exact, similar []decl
	ds := c.declarations()
	for _, d := range ds {
		if d.name < 0 {
			continue
		}
		n := strings.TrimPrefix(c.toks[d.name].FullName(), "_root_.")
		switch {
		case n == st.Name:
			exact = append(exact, d)
		case lastComponent(n) == lastComponent(st.Name):
			similar = append(similar, d)
		}
	}
	switch {
	case len(exact) == 0:
		c.add(CodeStatementMissing, nil, "no declaration named %s; the proof must state `%s` exactly as given", st.NameText, headerPreview(st))
		return
	case len(exact) > 1:
		t := c.toks[exact[1].kw]
		c.add(CodeStatementDuplicate, &t, "%s is declared %d times", st.NameText, len(exact))
	}
	for _, d := range similar {
		t := c.toks[d.name]
		c.add(CodeStatementDuplicate, &t, "%s is declared next to %s, so a bare name could resolve to either", t.Text, st.NameText)
	}
	target := exact[0]
	lo := max(c.importEnd, c.trustHi)
	declStart := syntax.DeclStart(c.toks, lo, target.kw)
	start := declStart
	if h := c.st.Header; len(h) > 0 && !isSym(h[0], "@[") {
		// Attributes on the theorem itself (`@[simp] theorem …`) are not part of the statement;
		// the attribute rules judge them.
		for start < target.kw && isSym(c.toks[start], "@[") {
			start = c.skipBracket(start)
		}
	}
	c.compareHeader(start)
	c.checkScopes(declStart, target.kw)

	for _, d := range ds {
		if d.kw == target.kw || d.name < 0 {
			continue
		}
		t := c.toks[d.name]
		n := strings.TrimPrefix(t.FullName(), "_root_.")
		// n itself and each of its dotted suffixes: a map lookup each, so the check is linear
		// in the declarations however many names the statement mentions.
		for suffix := n; ; {
			if _, ok := st.mentions[suffix]; ok {
				c.add(CodeNameRedefined, &t, "declares %s, which the statement's %s could resolve to", t.Text, suffix)
				break
			}
			k := strings.IndexByte(suffix, '.')
			if k < 0 {
				break
			}
			suffix = suffix[k+1:]
		}
	}
	end := c.targetEnd
	if end < 0 {
		end = target.kw + 1
	}
	depth := 0
	for i := lo; i < end && i < len(c.toks); i++ {
		t := &c.toks[i]
		switch {
		case t.IsWord("namespace") || t.IsWord("section") || t.IsWord("mutual"):
			depth++
		case t.IsWord("end") && depth > 0:
			depth--
		case t.IsWord("open"):
			// `open … in` scopes one command: harmless unless that command is the theorem.
			// Inside a namespace or section closed before the theorem, it ends with it.
			if next, ok := c.afterIn(i); (ok && next != declStart) || (depth > 0 && i < declStart) {
				continue
			}
			c.add(CodeOpenRebinding, t, "`open` before the theorem statement changes how its names resolve")
		}
	}
}

// skipBracket returns the index after the bracket group opened at i.
func (c *candidate) skipBracket(i int) int {
	depth := 0
	for j := i; j < len(c.toks); j++ {
		switch {
		case syntax.IsOpen(c.toks[j]):
			depth++
		case syntax.IsClose(c.toks[j]):
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(c.toks)
}

// afterIn reads `open A B … in` (or `set_option x v in`) starting at the keyword at i and
// returns where the command it scopes starts, skipping further `open … in` and
// `set_option … in` prefixes; ok is false when there is no `in`.
func (c *candidate) afterIn(i int) (int, bool) {
	j := i + 1
	for ; j < len(c.toks) && j < i+64; j++ {
		u := c.toks[j]
		if u.IsWord("in") {
			break
		}
		if u.Kind == syntax.Ident && (startsCommand(u) && !u.IsWord("scoped")) {
			return 0, false
		}
	}
	if j >= len(c.toks) || !c.toks[j].IsWord("in") {
		return 0, false
	}
	next := j + 1
	if next < len(c.toks) && (c.toks[next].IsWord("open") || c.toks[next].IsWord("set_option")) {
		if n, ok := c.afterIn(next); ok {
			return n, true
		}
	}
	return next, true
}

// checkScopes: the theorem must not sit inside a namespace, section or mutual block (which
// rename it or add variables to it); `variable`, `include` and `omit` may only appear inside a
// namespace or section that ends before the theorem, or after it; every namespace and
// section must be closed (an open one would change what our appended `#print axioms` names).
func (c *candidate) checkScopes(declStart, kw int) {
	type scope struct {
		tok     int
		changed bool // a section that declared variables or opened namespaces
	}
	var stack []scope
	for i := max(c.importEnd, c.trustHi); i < len(c.toks); i++ {
		if c.stopped(i) {
			return
		}
		t := &c.toks[i]
		if t.Kind != syntax.Ident || t.Escaped {
			continue
		}
		switch t.Text {
		case "namespace", "section", "mutual":
			stack = append(stack, scope{tok: i})
		case "end":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case "variable", "include", "omit", "open", "universe":
			if _, ok := c.afterIn(i); ok && t.Text == "open" {
				break // `open … in`: checkTarget judges it
			}
			for k := range stack {
				stack[k].changed = true
			}
			if len(stack) == 0 && i < declStart && t.Text != "open" && t.Text != "universe" {
				c.add(CodeScopeChange, t, "`%s` before the theorem, outside a section that ends before it (it can add hypotheses to the theorem)", t.Text)
			}
		}
		if i == declStart {
			// A plain section around the theorem renames nothing; a namespace or mutual block
			// does, and a section with variables or opens changes its statement.
			for _, s := range stack {
				if o := &c.toks[s.tok]; !o.IsWord("section") || s.changed {
					c.add(CodeScopeChange, o, "the theorem is inside `%s` (it would be renamed or given the scope's variables)", o.Text)
					break
				}
			}
		}
	}
	for _, s := range stack {
		o := &c.toks[s.tok]
		c.add(CodeScopeChange, o, "`%s` is never closed with `end`", o.Text)
	}
}

func headerPreview(st *Statement) string {
	if len(st.Header) == 0 {
		return ""
	}
	s := st.Src[st.Header[0].Off:st.Header[len(st.Header)-1].End]
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 120 {
		s = string(r[:117]) + "..."
	}
	return s
}

func (c *candidate) compareHeader(start int) {
	h := c.st.Header
	for k, want := range h {
		i := start + k
		if i >= len(c.toks) {
			c.add(CodeStatementChanged, nil, "the theorem header ends early; expected %q", want.Text)
			return
		}
		got := c.toks[i]
		if got.Kind != want.Kind || got.Text != want.Text || got.Hole != want.Hole {
			c.add(CodeStatementChanged, &got, "found %q where the official statement has %q", got.Text, want.Text)
			return
		}
		if k > 0 {
			prev := h[k-1]
			spacingMatters := (prev.Kind == syntax.Symbol && want.Kind == syntax.Symbol) || prev.Text == "." || want.Text == "."
			if spacingMatters && got.Glued != want.Glued {
				c.add(CodeStatementChanged, &got, "spacing before %q differs from the official statement", got.Text)
				return
			}
			if got.Col == 0 && want.Col != 0 {
				c.add(CodeStatementChanged, &got, "%q moved to column 0, which ends a term in Lean", got.Text)
				return
			}
		}
	}
	i := start + len(h)
	// `:=`, or `|` for a theorem in equation-compiler style (`| 0 => … | n + 1 => …`).
	if i >= len(c.toks) || c.toks[i].Kind != syntax.Symbol || (c.toks[i].Text != ":=" && c.toks[i].Text != "|") {
		var t *syntax.Token
		found := "the end of the text"
		if i < len(c.toks) {
			t = &c.toks[i]
			found = strconv.Quote(t.Text)
		}
		c.add(CodeStatementChanged, t, "the official header must be followed by `:=`, found %s", found)
		return
	}
	c.targetEnd = i
}

type rule struct {
	code Code
	what string
}

// keywordRules apply to single-component identifiers, whatever their spelling: `«axiom»` is
// checked like `axiom`. For Lean an escaped keyword is an ordinary identifier (identFn reads
// «…» as one name component; the token table only matches unescaped text), so matching it
// as well can only refuse more, never less. Words that Lean 4 does not reserve, and that
// honest proofs may use as names (native, constant, extern, csimp, implemented_by,
// default_instance, …), are not here: their rules apply only in the positions where Lean
// gives them a meaning (see checkToken and attributeRules).
var keywordRules = map[string]rule{
	"sorry": {CodeSorry, "`sorry`"},
	"admit": {CodeAdmit, "`admit` (a synonym of sorry)"},
	"stop":  {CodeSorry, "`stop` (it runs `repeat sorry`)"},

	"axiom":  {CodeAxiom, "an `axiom` declaration"},
	"opaque": {CodeOpaque, "an `opaque` declaration"},

	"native_decide": {CodeNativeDecide, "`native_decide`"},
	"bv_decide":     {CodeNativeDecide, "`bv_decide` (native evaluation)"},

	"macro":              {CodeSyntaxExtension, "a `macro`"},
	"macro_rules":        {CodeSyntaxExtension, "`macro_rules`"},
	"syntax":             {CodeSyntaxExtension, "a `syntax` declaration"},
	"notation":           {CodeSyntaxExtension, "a `notation`"},
	"notation3":          {CodeSyntaxExtension, "a `notation3`"},
	"infix":              {CodeSyntaxExtension, "an `infix` notation"},
	"infixl":             {CodeSyntaxExtension, "an `infixl` notation"},
	"infixr":             {CodeSyntaxExtension, "an `infixr` notation"},
	"prefix":             {CodeSyntaxExtension, "a `prefix` notation"},
	"postfix":            {CodeSyntaxExtension, "a `postfix` notation"},
	"declare_syntax_cat": {CodeSyntaxExtension, "a new syntax category"},
	"binder_predicate":   {CodeSyntaxExtension, "a `binder_predicate`"},

	"elab":       {CodeElab, "an `elab`"},
	"elab_rules": {CodeElab, "`elab_rules`"},

	"run_cmd":  {CodeRunCode, "`run_cmd`"},
	"run_tac":  {CodeRunCode, "`run_tac`"},
	"run_elab": {CodeRunCode, "`run_elab`"},
	"run_meta": {CodeRunCode, "`run_meta`"},
	"by_elab":  {CodeRunCode, "`by_elab`"},

	"initialize":          {CodeMetaCode, "`initialize`"},
	"builtin_initialize":  {CodeMetaCode, "`builtin_initialize`"},
	"simproc":             {CodeMetaCode, "a `simproc`"},
	"dsimproc":            {CodeMetaCode, "a `dsimproc`"},
	"simproc_decl":        {CodeMetaCode, "a `simproc_decl`"},
	"dsimproc_decl":       {CodeMetaCode, "a `dsimproc_decl`"},
	"builtin_simproc":     {CodeMetaCode, "a `builtin_simproc`"},
	"register_simp_attr":  {CodeMetaCode, "`register_simp_attr`"},
	"register_option":     {CodeMetaCode, "`register_option`"},
	"declare_config_elab": {CodeMetaCode, "`declare_config_elab`"},

	// include_str runs while elaborating and reads a file of the checker's machine.
	"include_str": {CodeIO, "`include_str` (reads a file while Lean elaborates)"},

	"unsafe": {CodeUnsafe, "`unsafe`"},

	"unif_hint": {CodeInstanceOverride, "a unification hint"},
}

// componentRules apply to every component of every identifier, «escaped» or not: these are
// the names of constants (Lean.ofReduceBool, IO, unsafeCast, …), so they match whole
// components exactly, never a part of one (`hUnsafe` and `myIO` are fine).
var componentRules = map[string]rule{
	"sorry":         {CodeSorry, "`sorry`"},
	"sorryAx":       {CodeSorry, "`sorryAx`"},
	"admit":         {CodeAdmit, "`admit`"},
	"native_decide": {CodeNativeDecide, "`native_decide`"},
	"bv_decide":     {CodeNativeDecide, "`bv_decide`"},
	"ofReduceBool":  {CodeNativeDecide, "`Lean.ofReduceBool`"},
	"ofReduceNat":   {CodeNativeDecide, "`Lean.ofReduceNat`"},
	"reduceBool":    {CodeNativeDecide, "`Lean.reduceBool`"},
	"reduceNat":     {CodeNativeDecide, "`Lean.reduceNat`"},
	"trustCompiler": {CodeNativeDecide, "`Lean.trustCompiler`"},
	"IO":            {CodeIO, "`IO`"},
	"EIO":           {CodeIO, "`EIO`"},
	"BaseIO":        {CodeIO, "`BaseIO`"},
	"IOError":       {CodeIO, "`IO.Error`"},
	"unsafeIO":      {CodeIO, "`unsafeIO`"},
	"unsafeBaseIO":  {CodeIO, "`unsafeBaseIO`"},
	"unsafeEIO":     {CodeIO, "`unsafeEIO`"},
	// Core's unsafe constants. A safe declaration cannot use them (the kernel refuses), so
	// this only names the problem early.
	"unsafeCast":        {CodeUnsafe, "`unsafeCast`"},
	"ptrAddrUnsafe":     {CodeUnsafe, "`ptrAddrUnsafe`"},
	"withPtrAddrUnsafe": {CodeUnsafe, "`withPtrAddrUnsafe`"},
	"withPtrEqUnsafe":   {CodeUnsafe, "`withPtrEqUnsafe`"},
	"isExclusiveUnsafe": {CodeUnsafe, "`isExclusiveUnsafe`"},
	"ptrEq":             {CodeUnsafe, "`ptrEq`"},
	"ptrEqList":         {CodeUnsafe, "`ptrEqList`"},
}

// leanName returns the name Lean reads from an identifier token, as the checks compare it:
// guillemets removed (Lean's identFn keeps an escaped part's text as one component), an
// escaped part that holds dots split at them (`«Lean.Elab»` is one component for Lean, but
// reading it as two can only refuse more), and a leading `_root_` dropped (name resolution
// treats `_root_.Lean.Elab` as `Lean.Elab`).
func leanName(t *syntax.Token) []string {
	var comps []string
	for _, c := range t.Name {
		if t.Escaped && strings.Contains(c, ".") {
			comps = append(comps, strings.Split(c, ".")...)
			continue
		}
		comps = append(comps, c)
	}
	for len(comps) > 1 && comps[0] == "_root_" {
		comps = comps[1:]
	}
	return comps
}

// leanWord is the single-component name of an identifier token, whatever its spelling, or ""
// for other tokens and dotted names.
func leanWord(t *syntax.Token) string {
	if t.Kind != syntax.Ident {
		return ""
	}
	if n := leanName(t); len(n) == 1 {
		return n[0]
	}
	return ""
}

// reservedNamespaces may not be opened: `open Lean` makes `Elab.Command.…` name Lean's API
// without the `Lean.` prefix the component rules look for, and `open System` (or IO) does
// the same for file and process access.
var reservedNamespaces = map[string]rule{
	"Lean":   {CodeMetaCode, "`open %s` makes Lean's metaprogramming API reachable without its prefix"},
	"System": {CodeIO, "`open %s` makes system access reachable without its prefix"},
	"IO":     {CodeIO, "`open %s` makes IO reachable without its prefix"},
	"EIO":    {CodeIO, "`open %s` makes IO reachable without its prefix"},
	"BaseIO": {CodeIO, "`open %s` makes IO reachable without its prefix"},
}

// bindingWords introduce a local name, so `have native := h` names a hypothesis native.
var bindingWords = map[string]bool{
	"have": true, "haveI": true, "let": true, "letI": true, "set": true, "obtain": true,
	"def": true, "abbrev": true, "theorem": true, "lemma": true, "generalize": true,
}

func (c *candidate) checkToken(i int) {
	t := &c.toks[i]
	switch t.Kind {
	case syntax.HashCommand:
		if c.snippet && readOnlyHashCommands[t.Name[0]] {
			return
		}
		switch cmd := t.Name[0]; {
		case strings.HasPrefix(cmd, "eval"):
			c.add(CodeEval, t, "`%s` runs code", t.Text)
		case cmd == "exit":
			c.add(CodeExit, t, "`#exit` stops checking")
		case strings.HasPrefix(cmd, "print"):
			c.add(CodePrintCommand, t, "`%s` could forge the axioms report", t.Text)
		default:
			c.add(CodeHashCommand, t, "`%s` is not allowed in a proof", t.Text)
		}
		return
	case syntax.Symbol:
		switch t.Text {
		case "(":
			c.checkConfig(i)
		case "%[":
			c.add(CodeMetaCode, t, "`%%[…]` (syntax quotation)")
		case "%":
			if i > 0 && t.Glued && elaboratorWords[leanWord(&c.toks[i-1])] {
				c.add(CodeRunCode, &c.toks[i-1], "`%s%%` (a term elaborator)", c.toks[i-1].Text)
			}
		}
		return
	case syntax.Ident:
	default:
		return
	}
	if i > 0 && t.Glued && isSym(c.toks[i-1], ".") && ioComponents[leanName(t)[0]] {
		c.add(CodeIO, t, "`.%s` (a leading-dot name that reaches IO)", t.Text)
	}
	if w := leanWord(t); w != "" && !c.attrNames[i] {
		if r, ok := keywordRules[w]; ok {
			c.add(r.code, t, "%s", r.what)
		}
		if r, ok := evaluatorWords[w]; ok {
			c.add(r.code, t, "%s", r.what)
		}
		if !t.Escaped && knownCommandSet[w] {
			c.add(CodeCommandNotAllowed, t, "the command `%s` is not on the allow list of a proof", w)
		}
		switch w {
		case "import":
			if i >= c.importEnd {
				c.add(CodeImport, t, "`import` after the header")
			}
		case "export":
			c.add(CodeScopeChange, t, "`export` (creates aliases that change name resolution)")
		case "instance":
			c.checkInstance(i)
		case "set_option":
			c.checkOption(i)
		case "open":
			c.checkOpen(i)
		case "native":
			c.checkNative(i)
		case "constant":
			// Not a keyword in Lean 4 (opaque replaced it), so only at the start of a
			// command, where an older Lean reads it as a declaration.
			if t.Col == 0 || (i > 0 && syntax.IsModifier(leanWord(&c.toks[i-1]))) {
				c.add(CodeAxiom, t, "a `constant` declaration")
			}
		}
	}
	comps := leanName(t)
	for k, comp := range comps {
		if r, ok := componentRules[comp]; ok {
			c.add(r.code, t, "%s in %s", r.what, t.Text)
		}
		switch {
		case k == 0 && comp == "System" && len(comps) > 1:
			c.add(CodeIO, t, "system access (%s)", t.Text)
		case k == 0 && comp == "Lean" && len(comps) > 1:
			c.add(CodeMetaCode, t, "Lean's metaprogramming API (%s)", t.Text)
		}
	}
}

// checkNative refuses the word native where Lean reads it as the decide option that swaps
// kernel reduction for compiled code: `+native` (a config item, "+" glued to the name) and
// `native := …` in a config item or structure (`(native := true)`, `{ native := true }`).
// `native` as the name of a hypothesis (`(native : Nat)`, `have native := h`, `x + native`)
// is fine. Lean's #print axioms check catches native evaluation in any spelling too.
func (c *candidate) checkNative(i int) {
	t := &c.toks[i]
	if i > 0 {
		if p := c.toks[i-1]; p.Kind == syntax.Symbol && p.Text == "+" && t.Glued {
			c.add(CodeNativeDecide, t, "`+%s` (decide by native code)", t.Text)
			return
		}
	}
	// `native := …` is judged where it is a configuration item (checkConfig); elsewhere it is
	// a named argument or a field of the proof's own structures.
}

// checkOpen refuses `open` of a reserved namespace (reservedNamespaces), in any spelling and
// anywhere, `open … in` included.
func (c *candidate) checkOpen(i int) {
	for j := i + 1; j < len(c.toks); j++ {
		u := &c.toks[j]
		if u.Kind != syntax.Ident || startsCommand(*u) || u.IsWord("in") || u.IsWord("hiding") || u.IsWord("renaming") {
			return
		}
		if u.IsWord("scoped") {
			continue
		}
		if r, ok := reservedNamespaces[leanName(u)[0]]; ok {
			c.add(r.code, u, r.what, u.Text)
		}
	}
}

// metaAttributes register the declaration they are attached to as code that Lean runs while
// elaborating (tactics, elaborators, macros, delaborators, initializers, simprocs, norm_num
// and positivity extensions). Other attributes (simp, reducible, ext, …) only change what
// existing procedures use.
var metaAttributes = map[string]bool{
	"tactic": true, "term_elab": true, "command_elab": true, "macro": true, "delab": true,
	"app_unexpander": true, "app_delab": true, "init": true, "env_linter": true, "simproc": true,
	"sevalproc": true, "term_parser": true, "tactic_parser": true, "command_parser": true,
	"code_action_provider": true, "command_code_action": true, "hole_code_action": true,
	"tactic_code_action": true, "combinator_formatter": true, "combinator_parenthesizer": true,
	"run_builtin_parser_attribute_hooks": true, "run_parser_attribute_hooks": true,
	"norm_num": true, "positivity": true,
}

// attributeRules are the attributes that change which code runs or how instances resolve.
// (instance itself is classified by checkInstance.)
var attributeRules = map[string]rule{
	"default_instance": {CodeInstanceOverride, "attribute `%s` changes how numerals and operators elaborate"},
	"unification_hint": {CodeInstanceOverride, "attribute `%s` adds a unification hint"},
	"extern":           {CodeExtern, "attribute `%s` binds to external code"},
	"export":           {CodeExtern, "attribute `%s` exposes code to the linker"},
	"implemented_by":   {CodeImplementedBy, "attribute `%s` replaces compiled code"},
	"csimp":            {CodeImplementedBy, "attribute `%s` replaces compiled code"},
	"implementedBy":    {CodeImplementedBy, "attribute `%s` replaces compiled code"},
}

// findAttributes marks the name token of every attribute entry, in `@[…]` and `attribute
// […]` lists, and applies the attribute policy to it. Lean's `attr` syntax category reads an
// entry's leading identifier by its name (LeadingIdentBehavior.symbol in
// Lean/Parser/Attr.lean), and elabAttr takes the attribute of an `Attr.simple` entry from the
// identifier's getId (Lean/Elab/Attributes.lean): `@[«instance»]` is `@[instance]`. So the
// name is compared whatever its spelling.
func (c *candidate) findAttributes() {
	c.attrNames = map[int]bool{}
	// One pass with a stack of open attribute lists, so that unclosed or nested lists cost
	// linear time (each `@[` used to rescan to the end of the text).
	type list struct {
		depth int  // brackets open inside the list
		entry bool // at the start of an entry
	}
	var stack []list
	for i := 0; i < len(c.toks); i++ {
		if c.stopped(i) {
			return
		}
		if i < c.importEnd || (i >= c.trustLo && i < c.trustHi) {
			continue
		}
		u := &c.toks[i]
		switch {
		case isSym(*u, "@["):
			stack = append(stack, list{entry: true})
			continue
		case leanWord(u) == "attribute" && !u.Escaped && i+1 < len(c.toks) && isSym(c.toks[i+1], "["):
			stack = append(stack, list{entry: true})
			i++
			continue
		}
		if len(stack) == 0 {
			continue
		}
		top := &stack[len(stack)-1]
		switch {
		case syntax.IsOpen(*u):
			top.depth++
			continue
		case syntax.IsClose(*u):
			if top.depth == 0 {
				stack = stack[:len(stack)-1]
			} else {
				top.depth--
			}
			continue
		case top.depth == 0 && u.Text == ",":
			top.entry = true
			continue
		}
		if !top.entry || top.depth > 0 {
			continue
		}
		if w := leanWord(u); w == "local" || w == "scoped" || (u.Kind == syntax.Symbol && u.Text == "-") {
			continue
		}
		top.entry = false
		if u.Kind != syntax.Ident {
			continue
		}
		c.attrNames[i] = true
		c.checkAttribute(i)
	}
}

// checkAttribute applies the attribute policy to the attribute name at i.
func (c *candidate) checkAttribute(j int) {
	u := &c.toks[j]
	name := strings.Join(leanName(u), ".")
	switch r, ok := attributeRules[name]; {
	case name == "instance":
		c.checkInstance(j)
	case ok:
		c.add(r.code, u, r.what, name)
	case metaAttributes[name] || strings.HasPrefix(name, "builtin_"):
		c.add(CodeMetaCode, u, "attribute `%s` registers code that Lean runs", name)
	case !allowedAttributes[name]:
		c.add(CodeAttributeNotAllowed, u, "attribute `%s` is not on the allow list of a proof", name)
	}
}

// checkInstance classifies an `instance` token (a declaration, `@[instance]`,
// `attribute [instance]`, `deriving instance`) by looking at what follows it up to the end of
// its header.
func (c *candidate) checkInstance(i int) {
	t := &c.toks[i]
	depth := 0
	for j := i + 1; j < len(c.toks) && j <= i+48; j++ {
		u := c.toks[j]
		switch {
		case syntax.IsOpen(u):
			depth++
		case syntax.IsClose(u):
			depth--
		}
		// Not stopping at declaration keywords: `@[instance] def d : Decidable p` names
		// the class after the keyword. `(priority := high)` is skipped by depth.
		if depth <= 0 && (u.Kind == syntax.Symbol && (u.Text == ":=" || u.Text == "|") || u.IsWord("where")) {
			break
		}
		if u.Kind == syntax.Ident && (strings.Contains(u.Text, "Decidable") || strings.Contains(u.Text, "decEq") || strings.Contains(u.Text, "DecEq")) {
			c.add(CodeDecidableInstance, t, "an instance of %s", u.Text)
			return
		}
	}
	c.add(CodeInstanceOverride, t, "declares or changes an instance")
}

// leanNat reads a numeral as Lean's numberFnAux does: 0x, 0b and 0o prefixes, otherwise
// decimal (a leading 0 does not make it octal). ok is false for anything else; a value that
// does not fit 64 bits is reported as the largest uint64.
func leanNat(s string) (n uint64, ok bool) {
	base := uint64(10)
	digits := s
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			base, digits = 16, s[2:]
		case 'b', 'B':
			base, digits = 2, s[2:]
		case 'o', 'O':
			base, digits = 8, s[2:]
		}
	}
	if digits == "" {
		return 0, false
	}
	for _, r := range digits {
		d := uint64(base)
		switch {
		case r >= '0' && r <= '9':
			d = uint64(r - '0')
		case r >= 'a' && r <= 'f':
			d = uint64(r-'a') + 10
		case r >= 'A' && r <= 'F':
			d = uint64(r-'A') + 10
		}
		if d >= base {
			return 0, false
		}
		if n > (^uint64(0)-d)/base {
			n = ^uint64(0)
			continue
		}
		n = n*base + d
	}
	return n, true
}

// checkOption applies the option policy (see CheckStatic) to `set_option NAME VALUE`. The
// option's name is compared as Lean reads it (set_option takes an identifier: `«maxHeartbeats»`
// is maxHeartbeats).
func (c *candidate) checkOption(i int) {
	t := &c.toks[i]
	if i+2 >= len(c.toks) || c.toks[i+1].Kind != syntax.Ident {
		c.add(CodeOptionNotAllowed, t, "`set_option` without an option name and value")
		return
	}
	opt := strings.Join(leanName(&c.toks[i+1]), ".")
	val := c.toks[i+2]
	scoped := i+3 < len(c.toks) && c.toks[i+3].IsWord("in")
	// The value must be a whole numeral: a token glued after it (`1_000`) would make us read
	// a different number from the one a Lean with digit separators reads.
	whole := i+3 >= len(c.toks) || !c.toks[i+3].Glued || c.toks[i+3].Kind == syntax.Symbol
	limit := func(code Code, lo, cap uint64) {
		n, ok := leanNat(val.Text)
		switch {
		case val.Kind != syntax.Number || !ok || !whole:
			c.add(CodeOptionNotAllowed, t, "`set_option %s %s`: expected a number", opt, val.Text)
		case n < lo || n > cap:
			c.add(code, t, "`set_option %s %s` (allowed: %d to %d)", opt, val.Text, lo, cap)
		}
	}
	switch {
	case strings.HasPrefix(opt, "debug.") || opt == "debug":
		c.add(CodeDebugOption, t, "`set_option %s`", opt)
	case opt == "maxHeartbeats":
		limit(CodeUnlimitedHeartbeats, 1, maxHeartbeatsCap)
	case opt == "synthInstance.maxHeartbeats":
		limit(CodeUnlimitedHeartbeats, 1, synthHeartbeatsCap)
	case opt == "maxRecDepth":
		limit(CodeRecursionDepth, 1, maxRecDepthCap)
	case opt == "synthInstance.maxSize":
		limit(CodeResourceOption, 1, synthMaxSizeCap)
	case opt == "exponentiation.threshold":
		limit(CodeResourceOption, 0, expThresholdCap)
	case strings.HasPrefix(opt, "pp.") || opt == "pp":
		// Printing only, but the checker's own `#check` (the semantic guard) prints the
		// theorem's type: an option set for the rest of the file could hide what it must see.
		if !scoped {
			c.add(CodeOptionNotAllowed, t, "`set_option %s` for the rest of the file (printing options may only be set with `set_option … in`)", opt)
		}
	case strings.HasPrefix(opt, "linter."):
		// Warnings only.
	default:
		c.add(CodeOptionNotAllowed, t, "`set_option %s` is not on the allow list", opt)
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
