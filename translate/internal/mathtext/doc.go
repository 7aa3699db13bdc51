// Package mathtext reads the text of a step as the translator's readers see it: a lexer of
// mixed prose and LaTeX math (Lex: math mode and its delimiters, money, numbers and their
// written forms, operators, relations, commands, Unicode math), the runs of tokens that may
// hold a claim with the unit phrase after each number and the doubt, supposition and
// modular-arithmetic words of each sentence (BuildRuns, Scan), the word lists those readings
// use, and physical dimensions (Dims). It decides nothing about claims: tokens it cannot read
// become TPoison, which makes the side of a relation they sit in unusable. It depends only on
// translate/obligation (for the spans and skipped candidates a scan records).
package mathtext
