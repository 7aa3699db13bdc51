package main

// Help pages: every command's --help lists its own flags and only the configuration flags it
// uses, each with a placeholder for its value (--repl-command CMD, --timeout DURATION).

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Configuration flag groups (internal/config registers them on the root, so every command
// parses them; --help shows a command only the groups it uses).
var configFlagGroups = map[string][]string{
	"lean":   {"repl-command", "header", "tactic", "identity-tactic", "lean-project", "timeout", "start-timeout", "workers"},
	"lsp":    {"server-command"},
	"score":  {"checker", "prm"},
	"data":   {"data"},
	"nats":   {"nats", "nats-creds", "nats-token-file", "nats-tls-ca", "nats-tls-cert", "nats-tls-key"},
	"config": {"config"},
}

// annotationFlagGroups is the cobra annotation by which a command names the configuration flag
// groups it uses, comma-separated ("score,lean"); "all" shows every one. A command without it
// gets the entry of commandFlagGroups for its path, else every group.
const annotationFlagGroups = "leanprm/config-flags"

var commandFlagGroups = map[string]string{
	"leanprm check":        "score,lean",
	"leanprm compare":      "score,lean",
	"leanprm select":       "score,lean",
	"leanprm eval":         "score,lean,data",
	"leanprm translate":    "score,lean",
	"leanprm train":        "data",
	"leanprm data":         "data",
	"leanprm verify-proof": "lean",
	"leanprm lean":         "lean,lsp",
	"leanprm doctor":       "score,lean",
	"leanprm serve":        "score,lean,nats",
	"leanprm worker":       "score,lean,nats",
	"leanprm version":      "",
	"leanprm sim":          "-",
}

// shownConfigFlags is the set of configuration flags c's help lists.
func shownConfigFlags(c *cobra.Command) map[string]bool {
	groups, ok := "", false
	for p := c; p != nil && !ok; p = p.Parent() {
		groups, ok = p.Annotations[annotationFlagGroups]
		if !ok {
			groups, ok = commandFlagGroups[p.CommandPath()]
		}
	}
	if !ok || groups == "all" {
		groups = "lean,lsp,score,data,nats"
	}
	shown := map[string]bool{}
	if groups == "-" {
		return shown
	}
	for _, g := range append(strings.Split(groups, ","), "config") {
		for _, f := range configFlagGroups[strings.TrimSpace(g)] {
			shown[f] = true
		}
	}
	shown["version"] = true
	return shown
}

// placeholders name the value a flag takes where its type alone says little.
var placeholders = map[string]string{
	"repl-command": "CMD", "server-command": "CMD", "config": "FILE", "lean-project": "DIR", "data": "DIR",
	"header": "IMPORTS", "tactic": "TACTIC", "identity-tactic": "TACTIC", "checker": "CHECKER", "prm": "BACKEND",
	"nats": "URL", "nats-creds": "FILE", "nats-token-file": "FILE", "nats-tls-ca": "FILE", "nats-tls-cert": "FILE",
	"nats-tls-key": "FILE", "format": "FORMAT", "policy": "POLICY", "aggregate": "HOW", "fail-on": "WHAT",
	"threshold": "SCORE", "html": "FILE", "calibration": "FILE", "statement": "FILE", "proof": "FILE",
	"report": "FORMAT", "out": "FILE", "addr": "HOST:PORT", "auth-token-file": "FILE", "max-body": "SIZE",
	"backend": "BACKEND", "weight": "SOURCE=W,…", "drop": "FEATURE,…", "weak-kinds": "KIND,…",
	"dir": "DIR", "mirror": "URL", "pins": "FILE", "model": "FILE", "pairs": "FILE", "problems": "FILE",
	"labels": "FILE", "gold-file": "FILE", "generator": "URL", "scorer": "URL", "output-format": "FORMAT",
	"generator-model": "MODEL",
}

// typePlaceholders are the placeholders of the remaining flags, by value type.
var typePlaceholders = map[string]string{
	"string": "TEXT", "int": "N", "uint": "N", "float64": "NUMBER", "duration": "DURATION",
	"stringSlice": "LIST", "intSlice": "LIST", "stringToString": "K=V,…", "uint64": "N",
}

// flagUsages formats the flags of fs that are not hidden, as pflag does but with placeholders
// and without pflag's "(default [])" for empty lists.
func flagUsages(fs *pflag.FlagSet) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 3, ' ', 0)
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		name := "      --" + f.Name
		if f.Shorthand != "" {
			name = "  -" + f.Shorthand + ", --" + f.Name
		}
		_, usage := pflag.UnquoteUsage(f)
		if f.Value.Type() != "bool" {
			ph := placeholders[f.Name]
			if ph == "" {
				ph = typePlaceholders[f.Value.Type()]
			}
			if ph == "" {
				ph = "VALUE"
			}
			name += " " + ph
		}
		switch def := f.DefValue; {
		case def == "" || def == "[]" || def == "0" || def == "false" || def == "0s":
		case f.Value.Type() == "duration":
			usage += fmt.Sprintf(" (default %s)", shortDuration(def))
		case f.Value.Type() == "string":
			usage += fmt.Sprintf(" (default %q)", def)
		default:
			usage += fmt.Sprintf(" (default %s)", def)
		}
		fmt.Fprintf(tw, "%s\t%s\n", name, strings.ReplaceAll(usage, "`", ""))
	})
	tw.Flush()
	return strings.TrimRight(b.String(), "\n")
}

// shortDuration writes a duration flag's default as a person does: "2m" rather than Go's "2m0s".
func shortDuration(def string) string {
	for _, unit := range []string{"m0s", "h0m"} {
		if s, ok := strings.CutSuffix(def, unit[1:]); ok && strings.HasSuffix(s, unit[:1]) {
			def = s
		}
	}
	return def
}

// usageTemplate is cobra's default with flagUsages for both flag lists.
const usageTemplate = `Usage:{{if .Runnable}}
  {{.UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} [command]{{end}}{{if gt (len .Aliases) 0}}

Aliases:
  {{.NameAndAliases}}{{end}}{{if .HasExample}}

Examples:
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}

Available Commands:{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

Flags:
{{flagUsages .LocalFlags}}{{end}}{{if .HasAvailableInheritedFlags}}

Configuration flags (also leanprm.yaml and LEANPRM_*; see leanprm config):
{{flagUsages .InheritedFlags}}{{end}}{{if .HasHelpSubCommands}}

Additional help topics:{{range .Commands}}{{if .IsAdditionalHelpTopicCommand}}
  {{rpad .CommandPath .CommandPathPadding}} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableSubCommands}}

Use "{{.CommandPath}} [command] --help" for more information about a command.{{end}}
`

// setUpHelp installs the template and a help function that hides, for the page being printed,
// the configuration flags the command does not use (they still parse).
func setUpHelp(root *cobra.Command) {
	cobra.AddTemplateFunc("flagUsages", flagUsages)
	root.SetUsageTemplate(usageTemplate)
	defaultHelp := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if c != root {
			shown := shownConfigFlags(c)
			var hidden []*pflag.Flag
			root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
				if !shown[f.Name] && !f.Hidden {
					f.Hidden = true
					hidden = append(hidden, f)
				}
			})
			defer func() {
				for _, f := range hidden {
					f.Hidden = false
				}
			}()
		}
		defaultHelp(c, args)
	})
}
