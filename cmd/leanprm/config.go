package main

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"
)

func newConfigCmd(e *env) *cobra.Command {
	var sources bool
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Print the effective configuration",
		Long: `Print the configuration leanprm would run with, after flags, LEANPRM_* environment
variables, leanprm.yaml and defaults are merged. The output is valid leanprm.yaml.
With --sources, print a table of every key, its value and where the value came from.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if sources {
				return printSources(e)
			}
			return printYAML(e)
		},
	}
	cmd.Flags().BoolVar(&sources, "sources", false, "show where each value came from")
	return cmd
}

func printYAML(e *env) error {
	tree := map[string]any{}
	for _, st := range settingsTable {
		setNested(tree, strings.Split(st.key, "."), e.cfg.v.Get(st.key))
	}
	if e.cfg.file != "" {
		fmt.Fprintf(e.stdout, "# configuration file: %s\n", e.cfg.file)
	}
	enc := yaml.NewEncoder(e.stdout)
	enc.SetIndent(2)
	if err := enc.Encode(tree); err != nil {
		return err
	}
	return enc.Close()
}

func setNested(m map[string]any, path []string, v any) {
	for _, p := range path[:len(path)-1] {
		next, ok := m[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[p] = next
		}
		m = next
	}
	m[path[len(path)-1]] = v
}

func printSources(e *env) error {
	keys := make([]string, 0, len(settingsTable))
	for _, st := range settingsTable {
		keys = append(keys, st.key)
	}
	sort.Strings(keys)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY\tVALUE\tSOURCE")
	for _, k := range keys {
		fmt.Fprintf(tw, "%s\t%v\t%s\n", k, e.cfg.v.Get(k), e.cfg.source(k))
	}
	return tw.Flush()
}
