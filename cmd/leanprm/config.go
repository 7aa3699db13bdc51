package main

import (
	"fmt"
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
	if f := e.cfg.File(); f != "" {
		fmt.Fprintf(e.stdout, "# configuration file: %s\n", f)
	}
	enc := yaml.NewEncoder(e.stdout)
	enc.SetIndent(2)
	if err := enc.Encode(e.cfg.YAML()); err != nil {
		return err
	}
	return enc.Close()
}

func printSources(e *env) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY\tVALUE\tSOURCE")
	for _, s := range e.cfg.Sources() {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.Key, s.Value, s.From)
	}
	return tw.Flush()
}
