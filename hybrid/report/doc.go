// Package report renders hybrid's results: text tables for `leanprm check`,
// `eval`, `compare` and `select` (WriteCheck, WriteProcessBench,
// WritePRMBench, WriteComparison, WriteSelection), and WriteHTML, one
// self-contained page with inline SVG charts for `compare --html`.
//
// ExampleWriteComparison shows the table `leanprm compare` prints.
package report
