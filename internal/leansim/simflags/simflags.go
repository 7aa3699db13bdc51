// Package simflags prints a simulator's help in the style of every other leanprm command
// (cobra's): a usage line, what it is, and its flags as --name TYPE with their defaults. The
// simulators parse their own flags with the standard library (so "-latency 5ms" in a
// --repl-command string keeps working; "--latency" works as well), and only their help is
// shared.
package simflags

import (
	"flag"
	"fmt"
	"io"

	"github.com/spf13/pflag"
)

// SetUsage makes fs print help as leanprm's commands do, to w: use is the command line
// ("leanprm sim lsp [flags]"), about says what the command is.
func SetUsage(fs *flag.FlagSet, w io.Writer, use, about string) {
	fs.Usage = func() {
		pf := pflag.NewFlagSet(use, pflag.ContinueOnError)
		pf.AddGoFlagSet(fs)
		fmt.Fprintf(w, "%s\n\nUsage:\n  %s\n\nFlags:\n%s", about, use, pf.FlagUsages())
	}
}
