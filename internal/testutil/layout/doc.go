// Package layout holds no code: its test (layout_test.go) checks the shape of the whole module
// on every `go test ./...` — sizes (no non-test package over 4,000 lines, no non-test file over
// 800, no function over 200) and the direction of imports between the top folders (cmd →
// internal → hybrid → translate, leanbridge), with the few rules inside internal/ that keep it
// the application and not a drawer — and that README.md's layout table names every package and
// nothing that is gone. Offenders being split are listed, with their size, in the
// test's allow-lists, which the test keeps honest: an entry that no longer exceeds its limit, or
// that grew past the size written beside it, fails.
package layout
