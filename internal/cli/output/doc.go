// Package output is how leanprm's commands write what they make, so that every command keeps
// the same contract with its user: results streamed in input order as they finish (Ordered), a
// JSON array written one element at a time that an interrupted run still closes validly
// (JSONArray), a file created before the work and put in place only when it is done (File), and
// a progress bar on a terminal's stderr that ends its line on an interrupt (Progress).
//
// A command that scores chains one by one:
//
//	arr := &output.JSONArray{W: stdout}
//	ord := output.NewOrdered(func(r Result) error { return arr.Add(r) })
//	scorer.Done = ord.Add // in completion order; written in input order
//	…
//	err := errors.Join(ord.Rest(), arr.Close()) // also after an interrupt
package output
