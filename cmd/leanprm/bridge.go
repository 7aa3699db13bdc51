package main

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/repl"
)

// leanConfig turns the lean.* settings into a bridge configuration.
func leanConfig(e *env) (repl.Config, error) {
	var cfg repl.Config
	timeout, err := e.cfg.Duration("lean.timeout")
	if err != nil {
		return cfg, err
	}
	start, err := e.cfg.Duration("lean.start_timeout")
	if err != nil {
		return cfg, err
	}
	maxRSS, err := e.cfg.Bytes("lean.max_rss")
	if err != nil {
		return cfg, err
	}
	argv, err := e.cfg.REPLCommand()
	if err != nil {
		return cfg, fmt.Errorf("setting lean.command: %w", err)
	}
	argv, err = resolveSelf(argv)
	if err != nil {
		return cfg, err
	}
	project := e.cfg.String("lean.project")
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
	cfg = repl.Config{
		ProjectDir:     project,
		Command:        argv,
		Workers:        e.cfg.Workers(),
		QueueSize:      e.cfg.Int("lean.queue"),
		RequestTimeout: timeout,
		StartTimeout:   start,
		RecycleAfter:   e.cfg.Int("lean.recycle_after"),
		MaxRSSBytes:    maxRSS,
		Tactic:         e.cfg.String("lean.tactic"),
		ProbeHeader:    e.cfg.String("lean.header"),
		Logger:         slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	}
	if cfg.RecycleAfter == 0 {
		cfg.RecycleAfter = -1 // the setting documents 0 as "never"
	}
	return cfg, nil
}

// resolveSelf lets a configured command name this very binary as "leanprm" even when it is not
// on PATH (e.g. --repl-command "leanprm sim repl" from bin/leanprm). A relative program path
// ("bin/leanprm sim repl") is made absolute against the directory the user ran leanprm from:
// the REPL itself runs inside the Lake project, where that path would name nothing.
func resolveSelf(argv []string) ([]string, error) {
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
	out := append([]string{self}, argv[1:]...)
	return out, nil
}
