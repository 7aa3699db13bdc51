package main

import (
	"fmt"
	"os"
	"path"
	"strings"

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
repository at a pinned commit, check every file against its pinned SHA-256, and convert it to
the layout eval and train read, under --dir (default data.dir: $XDG_DATA_HOME/leanprm, else
~/.local/share/leanprm). A download that breaks off resumes where it stopped (HTTP Range), in
this run or the next; a file that does not match its pin is removed and the command fails.

processbench: each subset's JSON array becomes SUBSET.dev.jsonl (rows whose SHA-256 of the id
starts with an even byte: the half leanprm is developed and tuned on) and SUBSET.heldout.jsonl
(the other half; use it, or both, to compare with published figures). mr-gsm8k: the
GPT-4-graded result files merged by uuid into labeled.jsonl. gsm8k, prmbench: as published.
The converted files are pinned too. 'leanprm data list' shows the sources and their pins.

--mirror (LEANPRM_DATA_MIRROR) fetches from another server laid out as
raw.githubusercontent.com (MIRROR/OWNER/REPO/COMMIT/PATH); --pins FILE (LEANPRM_DATA_PINS)
replaces the built-in pins with a JSON list of the same shape (a private mirror's own files).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			list, err := dataSources(pins)
			if err != nil {
				return usageError("--pins: %v", err)
			}
			var want []datafetch.Dataset
			for _, a := range args {
				if a == "all" {
					want = list
					break
				}
				d, ok := datafetch.Find(list, a)
				if !ok {
					return usageError("data fetch: no benchmark %q; want one of %s, or all", a, strings.Join(datafetch.Names(list), ", "))
				}
				want = append(want, d)
			}
			if dir == "" {
				dir = e.cfg.Data.Dir
			}
			fmt.Fprintf(e.stderr, "data directory: %s\n", dir)
			bars := map[string]func(int, int){}
			opts := datafetch.Options{Dir: dir, Mirror: mirror, Log: e.stderr,
				Progress: func(file string, done, total int64) {
					bar, ok := bars[file]
					if !ok {
						bar = output.Progress(e.stderr, path.Base(file))
						bars[file] = bar
					}
					if bar != nil {
						bar(int(done), int(total))
					}
				}}
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
