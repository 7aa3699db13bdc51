// Package obligation holds what the translator produces and every checker reads: an
// Obligation (one formal statement built from a claim in a step, with its two Lean
// declarations, what a proof and a disproof of it stand for, and its verdict), its Kind, the
// Verdict vocabulary, the Span of step text it came from, a carried Hypothesis, one checker's
// Answer and a LeanMessage, and a Skipped candidate with the reason it was left alone. It is the
// ground of translate/: it depends on nothing, and package translate re-exports each type
// under its old name.
package obligation
