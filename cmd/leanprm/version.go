package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/leanbridge/repl"
)

// version is set with -ldflags "-X main.version=…" by release builds.
var version = "dev"

func newVersionCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print leanprm's version",
		Args:  cobra.NoArgs,
		Long: `Print leanprm's version: the module version, the commit it was built from, and the Lean
version that the configured Lake project (lean.project) pins.`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(e.stdout, "leanprm %s\ncommit %s\nlean %s\n", leanprmVersion(), buildCommit(), leanPin(e))
			return err
		},
	}
}

// versionLine is what `leanprm --version` prints.
func versionLine() string {
	return fmt.Sprintf("leanprm %s (commit %s)\n", leanprmVersion(), buildCommit())
}

// buildCommit is the VCS revision the build recorded (with "+modified" for a dirty tree), or
// "unknown" (go run, or a build outside the repository).
func buildCommit() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown"
	}
	if dirty {
		rev += "+modified"
	}
	return rev
}

// leanPin is the Lean version lean.project pins, or why it is not known.
func leanPin(e *env) string {
	project := "lean-project"
	if e.cfg != nil && e.cfg.Lean.Project != "" {
		project = e.cfg.Lean.Project
	}
	v, err := repl.ToolchainVersion(project)
	if err != nil {
		return fmt.Sprintf("unknown (no lean-toolchain in %s; set lean.project)", project)
	}
	return fmt.Sprintf("%s (pinned by %s/lean-toolchain)", v, project)
}

// leanprmVersion is the release version, else the module version the build recorded, else
// "dev".
func leanprmVersion() string {
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok && v == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	return v
}
