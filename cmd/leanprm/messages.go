package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"
)

// userMessage is the one formatter every message to the user goes through (exitCode, and
// commands that print an error and go on): it keeps what a person needs and drops what only
// a Go programmer reads — package prefixes ("leanbridge: "), a "leanprm: " or "leanprm CMD: "
// the caller's prefix would double, an operation repeated by two layers ("read X: read X: …"),
// and encoding/json's Go type names. A message that starts with a command's path ("leanprm
// check: …") is printed without a second "leanprm: " (printError).
func userMessage(err error) string {
	msg := err.Error()
	for _, p := range []string{"leanbridge: ", "leanprm: "} {
		msg = strings.ReplaceAll(msg, p, "")
	}
	msg = goField.ReplaceAllStringFunc(msg, func(m string) string {
		g := goField.FindStringSubmatch(m)
		field := g[2][strings.LastIndex(g[2], ".")+1:]
		return "field " + strings.ToLower(field) + ": a JSON " + g[1] + " where " + jsonKind(g[3]) + " belongs"
	})
	msg = goValue.ReplaceAllStringFunc(msg, func(m string) string {
		g := goValue.FindStringSubmatch(m)
		return "a JSON " + g[1] + " where " + jsonKind(g[2]) + " belongs"
	})
	for {
		m := doubled.FindStringSubmatchIndex(msg)
		if m == nil {
			break
		}
		msg = msg[:m[0]] + msg[m[2]:m[3]] + msg[m[1]:]
	}
	return msg
}

var (
	// json: cannot unmarshal number into Go struct field Chain.statement of type string
	goField = regexp.MustCompile(`(?:json: )?cannot unmarshal (\w+) into Go struct field \w+\.([\w.]+) of type ([\w.\[\]*]+)`)
	// json: cannot unmarshal number into Go value of type chain.row
	goValue = regexp.MustCompile(`(?:json: )?cannot unmarshal (\w+) into Go value of type ([\w.\[\]*]+)`)
	// "read X: read X: is a directory" → "read X: is a directory"
	doubled = regexp.MustCompile(`((?:open|read|write|stat) [^:]+: )(?:open|read|write|stat) [^:]+: `)
)

// jsonKind names a Go type as the JSON it decodes from.
func jsonKind(goType string) string {
	t := strings.TrimLeft(goType, "*")
	switch {
	case strings.HasPrefix(t, "[]"):
		return "a list"
	case strings.HasPrefix(t, "map["):
		return "an object"
	case t == "string":
		return "a string"
	case t == "bool":
		return "true or false"
	case strings.HasPrefix(t, "int"), strings.HasPrefix(t, "uint"), strings.HasPrefix(t, "float"):
		return "a number"
	}
	return "an object"
}

// printError writes err to w as "leanprm: message", or the message alone when it already names
// the command ("leanprm check: accepts 1 arg(s)…").
func printError(w io.Writer, err error) {
	msg := userMessage(err)
	if strings.HasPrefix(msg, "leanprm ") {
		fmt.Fprintln(w, msg)
		return
	}
	fmt.Fprintln(w, "leanprm:", msg)
}
