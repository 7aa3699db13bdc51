// Package syntax is Lean's lexer, and reading headers and declarations. Problems are reported
// by kind; verify maps kinds to reason codes. Nothing here decides whether a proof is
// acceptable.
//
// Lex reads Lean 4 source the way Lean's own tokenizer does, as far as a checker needs:
// comments (nested, doc), strings and their interpolation holes, raw strings, characters,
// «escaped» names, numbers and symbols. What it cannot read with confidence (invalid UTF-8,
// NUL, bidirectional or invisible characters, unterminated or ambiguous constructs) is a
// Problem of some ProblemKind; it never fails outright. LeadingImports, DeclStart, IsOpen and
// IsClose read the structure around declarations on top of the tokens.
package syntax
