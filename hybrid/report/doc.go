// Package report renders hybrid's results: text tables for `leanprm check`,
// `eval`, `compare` and `select` (WriteCheck, WriteProcessBench,
// WritePRMBench, WriteComparison, WriteSelection), and WriteHTML, one
// self-contained page with inline SVG charts for `compare --html`.
//
// Example:
//
//	cmp := bench.Compare(results, bench.CompareOptions{Threshold: prm.Threshold})
//	if err := report.WriteComparison(os.Stdout, cmp); err != nil {
//		return err
//	}
//	f, err := os.Create("report.html")
//	if err != nil {
//		return err
//	}
//	defer f.Close()
//	return report.WriteHTML(f, cmp, report.Meta{Inputs: []string{"chains.jsonl"}, Policy: "hybrid"})
package report
