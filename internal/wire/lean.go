package wire

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/leanbridge/repl"
)

// REPLConfig turns the lean.* settings into the REPL client's configuration. Warnings of the
// client go to logw. It is the one place where the setting's lean.recycle_after 0 ("never")
// becomes the client's repl.NeverRecycle (the client reads its own 0 as its default), and where
// lean.command is resolved (see ResolveSelf).
func REPLConfig(cfg *config.Config, logw io.Writer) (repl.Config, error) {
	argv, err := ResolveSelf(cfg.Lean.Command)
	if err != nil {
		return repl.Config{}, err
	}
	project := cfg.Lean.Project
	if project != "" {
		if abs, err := filepath.Abs(project); err == nil {
			project = abs
		}
		// A configured command does not need the Lake project; without one it runs in the
		// working directory (and no toolchain version is expected of it).
		if st, err := os.Stat(project); len(argv) > 0 && (err != nil || !st.IsDir()) {
			project = ""
		}
	}
	rc := repl.Config{
		ProjectDir:     project,
		Command:        argv,
		Workers:        cfg.Lean.WorkerCount(),
		QueueSize:      cfg.Lean.Queue,
		RequestTimeout: cfg.Lean.Timeout,
		StartTimeout:   cfg.Lean.StartTimeout,
		RecycleAfter:   cfg.Lean.RecycleAfter,
		MaxRSSBytes:    cfg.Lean.MaxRSS,
		Tactic:         cfg.Lean.Tactic,
		IdentityTactic: cfg.Lean.IdentityTactic,
		ProbeHeader:    cfg.Lean.Header,
		Logger:         slog.New(slog.NewTextHandler(logw, &slog.HandlerOptions{Level: slog.LevelWarn})),
	}
	if rc.Confine, err = Confinement(cfg, logw); err != nil {
		return repl.Config{}, err
	}
	if rc.RecycleAfter == 0 {
		rc.RecycleAfter = repl.NeverRecycle // the setting documents 0 as "never"
	}
	return rc, nil
}

// ResolveSelf lets a configured command name this very binary as "leanprm" even when it is not
// on PATH (e.g. --repl-command "leanprm sim repl" from bin/leanprm). A relative program path
// ("bin/leanprm sim repl") is made absolute against the directory the user ran leanprm from:
// the REPL itself runs inside the Lake project, where that path would name nothing.
func ResolveSelf(argv []string) ([]string, error) {
	if len(argv) > 0 && strings.ContainsRune(argv[0], filepath.Separator) && !filepath.IsAbs(argv[0]) {
		abs, err := filepath.Abs(argv[0])
		if err != nil {
			return nil, fmt.Errorf("resolving %s: %w", argv[0], err)
		}
		return append([]string{abs}, argv[1:]...), nil
	}
	if len(argv) == 0 || argv[0] != "leanprm" {
		return argv, nil
	}
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("resolving leanprm's own path for lean.command: %w", err)
	}
	return append([]string{self}, argv[1:]...), nil
}

// FindTool finds a Lean tool (lake, elan, lean) on PATH or in ~/.elan/bin, where elan installs
// it before a new shell has it on PATH.
func FindTool(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	home, _ := os.UserHomeDir()
	alt := filepath.Join(home, ".elan", "bin", name)
	if st, err := os.Stat(alt); err == nil && st.Mode().IsRegular() {
		return alt, nil
	}
	return "", fmt.Errorf("%s not found", name)
}
