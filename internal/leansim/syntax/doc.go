// Package syntax is the first stage of leanprm's Lean simulators: it reads the subset of
// Lean 4 they simulate. It holds the lexer (Lex: comments, strings, «escaped» names, source
// positions in code points), the syntax tree shared by terms and propositions (Node, its
// operators and the types Nat, Int, Rat, … it can be ascribed), the parser of commands,
// binders, terms and tactic blocks (Parser, Command, Tactic, with Lean's precedences and its
// "unknown tactic" errors), the printer that shows a tree as Lean's delaborator would
// (Node.Pretty), substitution and comparison up to bound names, and the tables of what the
// simulators know by name: the tactics (simulated or not), and the functions they can compute
// (Funcs). It decides nothing; elab, decide, tactic and frontend build on it, in that order.
// Like the rest of internal/leansim it is not Lean and imports nothing from translate.
package syntax
