package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/internal/cli/datafetch"
	"github.com/leanprm/leanprm/internal/cli/output"
)

// fetchHint is the command that puts every benchmark in data.dir.
const fetchHint = "leanprm data fetch processbench gsm8k prmbench mr-gsm8k"

func newDataCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "data",
		Short: "Fetch the public benchmarks (ProcessBench, GSM8K, PRMBench, MR-GSM8K) into data.dir",
	}
	cmd.AddCommand(newDataFetchCmd(e), newDataDirCmd(e), newDataListCmd(e))
	return cmd
}

// dataSources are the built-in pins, or those of --pins / LEANPRM_DATA_PINS.
func dataSources(pins string) ([]datafetch.Dataset, error) {
	if pins == "" {
		return datafetch.Builtin, nil
	}
	return datafetch.LoadSources(pins)
}

func newDataFetchCmd(e *env) *cobra.Command {
	var dir, mirror, pins string
	cmd := &cobra.Command{
		Use:   "fetch NAME…",
		Short: "Download benchmarks from their public sources, verified, into data.dir",
		Long: `Download each named benchmark (processbench, gsm8k, prmbench, mr-gsm8k, or all) from its public
repository at a pinned commit, check every file against its pinned SHA-256 (a mismatch is
removed and fails), and convert it to the layout eval and train read, under --dir (default
data.dir: $XDG_DATA_HOME/leanprm, else ~/.local/share/leanprm). A download that breaks off
resumes where it stopped (HTTP Range), in this run or the next. processbench: each subset
split by SHA-256 of the id into SUBSET.dev.jsonl (the half leanprm is tuned on) and
SUBSET.heldout.jsonl; mr-gsm8k: the graded result files merged into labeled.jsonl; the others
as published. 'leanprm data list' shows every pin; docs/CLI.md the rest, --mirror and --pins.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			list, err := dataSources(pins)
			if err != nil {
				return usageError("--pins: %v", err)
			}
			want, err := datafetch.Select(list, args)
			if err != nil {
				return usageError("data fetch: %v", err)
			}
			if dir == "" {
				dir = e.cfg.Data.Dir
			}
			fmt.Fprintf(e.stderr, "data directory: %s\n", dir)
			opts := datafetch.Options{Dir: dir, Mirror: mirror, Log: e.stderr,
				Progress: datafetch.Bars(func(label string) func(int, int) { return output.Progress(e.stderr, label) })}
			for _, d := range want {
				if err := datafetch.Fetch(cmd.Context(), d, opts); err != nil {
					return err
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "", "directory to put the data in (default: data.dir)")
	cmd.Flags().StringVar(&mirror, "mirror", os.Getenv("LEANPRM_DATA_MIRROR"), "fetch from this URL laid out as raw.githubusercontent.com (LEANPRM_DATA_MIRROR; default "+datafetch.DefaultMirror+")")
	cmd.Flags().StringVar(&pins, "pins", os.Getenv("LEANPRM_DATA_PINS"), "JSON file of sources and SHA-256 pins replacing the built-in ones (LEANPRM_DATA_PINS)")
	return cmd
}

func newDataDirCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "dir",
		Short: "Print the data directory (data.dir)",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			fmt.Fprintln(e.stdout, e.cfg.Data.Dir)
			return nil
		},
	}
}

func newDataListCmd(e *env) *cobra.Command {
	var pins string
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the benchmarks data fetch knows, their sources and pinned files",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			list, err := dataSources(pins)
			if err != nil {
				return usageError("--pins: %v", err)
			}
			return datafetch.WriteList(e.stdout, list)
		},
	}
	cmd.Flags().StringVar(&pins, "pins", os.Getenv("LEANPRM_DATA_PINS"), "JSON file of sources and SHA-256 pins replacing the built-in ones (LEANPRM_DATA_PINS)")
	return cmd
}
