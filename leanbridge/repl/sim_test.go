package repl

import (
	"os"

	"github.com/leanprm/leanprm/internal/leansim/replsim"
)

// runSimulator runs the repository's simulator as a child process (TestMain, "replsim").
func runSimulator(args []string) int {
	return replsim.Main(args, os.Stdin, os.Stdout, os.Stderr)
}

// simConfig runs the simulator (the test binary re-executed) with args.
func simConfig(args ...string) Config {
	cfg := fakeConfig(args...)
	cfg.Env = childProcessEnv("replsim")
	return cfg
}
