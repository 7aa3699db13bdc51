package verify

import (
	"strings"

	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// The checks on every token: keywords, name components and reserved namespaces, `native`
// and `open`, attributes, instances and `set_option`.

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
	comps := rawName(t)
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

func (c *candidate) checkToken(i int) {
	t := &c.toks[i]
	switch t.Kind {
	case syntax.HashCommand:
		if c.snippet && readOnlyHashCommands[t.Name[0]] {
			return
		}
		switch cmd := t.Name[0]; {
		case cmd == "check":
			// Prints a type and changes nothing; its report stands on its own line, never on
			// the checker's (the guard's report is found by line).
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
		if r, ok := keywordRules[w]; ok && !(r.code == CodeSyntaxExtension && c.localNotation(i)) {
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
	if c.ownInstance(i) {
		return
	}
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
	// `set_option … in` scopes one command, unless that command opens a scope (`set_option
	// pp.all false in section` leaves the option set in the new section).
	next, scoped := c.afterIn(i)
	scoped = scoped && !c.opensScope(next)
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
	boolean := func() {
		if !val.IsWord("true") && !val.IsWord("false") {
			c.add(CodeOptionNotAllowed, t, "`set_option %s %s`: expected true or false", opt, val.Text)
		}
	}
	if r, ok := numericOptions[opt]; ok {
		limit(r.code, r.lo, r.cap)
		return
	}
	switch {
	case strings.HasPrefix(opt, "debug.") || opt == "debug":
		c.add(CodeDebugOption, t, "`set_option %s`", opt)
	case strings.HasPrefix(opt, "pp.") || opt == "pp":
		// Printing only, but the checker's own `#check` (the semantic guard) prints the
		// theorem's type: an option set for the rest of the file could hide what it must see.
		if !scoped {
			c.add(CodeOptionNotAllowed, t, "`set_option %s` for the rest of the file (printing options may only be set with `set_option … in`)", opt)
		}
	case strings.HasPrefix(opt, "linter."):
		// Warnings only.
	case booleanOptions[opt]:
		boolean()
	default:
		c.add(CodeOptionNotAllowed, t, "the option `%s` is not on the allow list of a proof", opt)
	}
}

// numericOptions are the options that take a number, with the range a proof may set (see
// the caps above).
var numericOptions = map[string]struct {
	code    Code
	lo, cap uint64
}{
	"maxHeartbeats":               {CodeUnlimitedHeartbeats, 1, maxHeartbeatsCap},
	"synthInstance.maxHeartbeats": {CodeUnlimitedHeartbeats, 1, synthHeartbeatsCap},
	"maxRecDepth":                 {CodeRecursionDepth, 1, maxRecDepthCap},
	"synthInstance.maxSize":       {CodeResourceOption, 1, synthMaxSizeCap},
	"exponentiation.threshold":    {CodeResourceOption, 0, expThresholdCap},
	"maxSynthPendingDepth":        {CodeResourceOption, 1, maxSynthPendingCap},
}

// booleanOptions change how tactics inside the proof behave, never what the statement
// says, and run nothing: `tactic.hygienic false` lets a tactic block name the hypotheses
// that earlier tactics introduced (register_builtin_option tactic.hygienic in
// src/Lean/Meta/Tactic/Intro.lean); `push_neg.use_distrib` is Mathlib's choice of normal
// form; `warningAsError` only fails the candidate's own proof.
var booleanOptions = map[string]bool{
	"tactic.hygienic": true, "push_neg.use_distrib": true, "warningAsError": true,
	"tactic.skipAssignedInstances": true, "simprocs": true,
}
