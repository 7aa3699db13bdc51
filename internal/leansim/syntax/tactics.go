package syntax

import (
	"strings"
)

// Tactics the simulator carries out. Everything else that Lean knows is listed in
// NotSimulated and answered with an error that says so; any other word is a syntax error
// ("unknown tactic"), as in Lean.
var Simulated = map[string]bool{
	"sorry": true, "admit": true, "decide": true, "native_decide": true, "rfl": true,
	"exact": true, "apply": true, "have": true, "skip": true, "done": true, "trivial": true,
	"subst_vars": true, "constructor": true, "by_cases": true, "case": true, "next": true,
	"all_goals": true, "subst": true, "omega": true, "intro": true, "intros": true,
	"rw": true, "rewrite": true, "obtain": true, "rcases": true, "exfalso": true,
	"assumption": true, "contradiction": true, "left": true, "right": true, "·": true,
	".": true, "stop": true, "show": true, "open": true, "set_option": true, "simp": true,
	"simp_arith": true, "try": true, "grind": true,
}

var MathlibSimulated = map[string]bool{"norm_num": true}

// NotSimulated lists tactics of core Lean (and Batteries, which core's library now holds
// in part) that the simulator does not carry out: they are answered with an error that says
// so, never with "unknown tactic", which Lean gives only for a word that names no tactic.
var NotSimulated = wordSet(`
	simp_all simp_all? induction cases refine unfold calc let exists exact? apply? simp?
	rw? specialize generalize change conv ext funext congr first repeat repeat' any_goals focus
	split symm trace infer_instance injection injections exact_mod_cast norm_cast push_cast
	by_contra nofun nomatch match fun_induction fun_cases dsimp dsimp? refine' with_reducible
	with_reducible_and_instances with_unfolding_all iterate clear rename_i rename revert
	simp_wf decreasing_tactic decreasing_trivial decreasing_with haveI letI classical simpa
	simpa? rwa rintro replace suffices show_term ac_rfl ac_nf and_intros apply_assumption
	apply_rfl apply_ext_theorem apply_mod_cast assumption_mod_cast rw_mod_cast bv_decide
	bv_omega bv_normalize case' checkpoint save dbg_trace delta eq_refl fail fail_if_success
	false_or_by_contra get_elem_tactic guard_expr guard_hyp guard_target sleep subst_eqs
	trace_state unhygienic if decide! rotate_left rotate_right solve_by_elim apply_rules |`)

// MathlibNotSimulated lists Mathlib's tactics (and those of the packages it brings, such as
// Batteries) that the simulator does not carry out; without Mathlib, Lean does not know them
// either ("unknown tactic").
var MathlibNotSimulated = wordSet(`
	linarith linarith! nlinarith nlinarith! ring ring! ring_nf ring_nf! ring1 field_simp
	positivity use use! existsi tauto aesop aesop? polyrith interval_cases fin_cases gcongr
	gcongr? bound push_neg norm_num1 norm_num! lemma rcongr nth_rewrite nth_rw lift abel
	abel_nf abel1 group noncomm_ring linear_combination contrapose contrapose! by_contra!
	by_contra' choose zify qify rify rel mono continuity measurability fun_prop simp_rw
	split_ifs wlog rsuffices convert convert_to congr! ext1 apply_fun peel set clear_value
	induction' cases' rcases' cancel_denoms compute_degree monicity module match_scalars
	plausible slim_check hint says observe extract_goal clear_except clear! tfae_have
	tfae_finish filter_upwards mod_cases reduce_mod_char simp_intro unfold_let change? rw??
	subsingleton nontriviality inhabit refine_lift trans exacts pick_goal swap on_goal
	constructorm casesm cases_type`)

// wordSet makes a set of the whitespace-separated words of s.
func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// TacticName returns the word that names a tactic, if its first token is one.
func TacticName(t Token) string {
	if t.Kind == TkIdent || t.Kind == TkSym {
		return t.Text
	}
	return ""
}

// ValidateTactic rejects, at parse time, tactics Lean would not parse. Lean reports a
// misspelt tactic as "unknown tactic"; the REPL's tactic mode places it at column 1 of the
// tactic (unknown_tactic transcript, `exat 42` → `<input>:1:1`), so the simulator does too.
func ValidateTactic(t *Tactic, mathlib bool) *ParseError { return validateNested(t, mathlib, 0) }

// MaxTacticNesting bounds nested tactic blocks (parentheses, `by`, `=>`), keeping the
// recursive checks and runs shallow.
const MaxTacticNesting = 100

func validateNested(t *Tactic, mathlib bool, depth int) *ParseError {
	h := t.Head()
	if depth > MaxTacticNesting {
		return &ParseError{Pos: h.Pos, End: h.End, Msg: MaxRecDepthMsg}
	}
	name := TacticName(h)
	if name == "(" {
		inner := t.Toks[1 : len(t.Toks)-1]
		if len(inner) > 0 && inner[len(inner)-1].Text == ")" {
			for _, s := range SplitTactics(inner[:len(inner)-1], -1) {
				if err := validateNested(s, mathlib, depth+1); err != nil {
					return err
				}
			}
			return nil
		}
	}
	if left, right, ok := SplitThen(t); ok {
		if err := validateNested(left, mathlib, depth+1); err != nil {
			return err
		}
		return validateNested(right, mathlib, depth+1)
	}
	known := Simulated[name] || NotSimulated[name] ||
		(mathlib && (MathlibSimulated[name] || MathlibNotSimulated[name]))
	if !known {
		pos := h.Pos
		if h.End.Line == pos.Line && h.End.Col > pos.Col {
			pos.Col++
		}
		return &ParseError{Pos: pos, End: h.End, Msg: "unknown tactic"}
	}
	// Nested tactic sequences: `case t => …`, `next => …`, `all_goals …`, `… := by …`.
	for i, tk := range t.Toks {
		if tk.Kind == TkSym && (tk.Text == "=>" || tk.Text == "by") || (i == 0 && name == "all_goals") {
			rest := t.Toks[i+1 : len(t.Toks)-1]
			if len(rest) == 0 {
				break
			}
			for _, s := range SplitTactics(rest, rest[0].Pos.Col) {
				if err := validateNested(s, mathlib, depth+1); err != nil {
					return err
				}
			}
			break
		}
	}
	return nil
}

// SplitThen splits `t1 <;> t2` at its last top-level `<;>` (the combinator is left
// associative). A `<;>` after a nested block opener (`by`, `=>`) or in a tactic that takes a
// tactic sequence (·, all_goals, try, open … in, …) belongs to that sequence instead.
func SplitThen(t *Tactic) (left, right *Tactic, ok bool) {
	switch name := TacticName(t.Head()); {
	case seqTactics[name], name == "·", name == ".", name == "open", name == "set_option":
		return nil, nil, false
	}
	toks := t.Toks[:len(t.Toks)-1]
	at, depth := -1, 0
scan:
	for i, tk := range toks {
		if tk.Kind != TkSym {
			continue
		}
		switch tk.Text {
		case "(", "[", "{", "@[", "⟨":
			depth++
		case ")", "]", "}", "⟩":
			depth = max(depth-1, 0)
		case "by", "=>":
			if depth == 0 {
				break scan
			}
		case "<;>":
			if depth == 0 {
				at = i
			}
		}
	}
	if at <= 0 || at == len(toks)-1 {
		return nil, nil, false // no `<;>`, or a side is missing: the tactic fails as a whole
	}
	l := toks[:at:at]
	end := l[len(l)-1].End
	left = &Tactic{Toks: append(l, Token{Kind: TkEOF, Pos: end, End: end}), Pos: t.Pos, End: end}
	right = &Tactic{Toks: t.Toks[at+1:], Pos: toks[at+1].Pos, End: t.End}
	return left, right, true
}
