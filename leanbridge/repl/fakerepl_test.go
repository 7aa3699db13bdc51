package repl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// fakeREPLMain is a test double for the Lean REPL, run as a child process of the test binary.
// It is not a simulator: it speaks the framing of PROTOCOL.md §1.2 (pretty-printed, multi-line
// replies followed by an empty line), numbers envs and proof states like the REPL, and decides
// exactly two Lean claims, the start-up probe's, by string comparison. Everything else it
// accepts. Commands starting with "fake:" trigger deterministic faults for the tests:
//
//	fake:crash        "uncaught exception" on stderr, exit 1, no reply
//	fake:exit         exit 0, no reply
//	fake:hang         never answer
//	fake:garbage      print a line that is not JSON
//	fake:partial      print half a reply, exit
//	fake:huge N       a reply of about N bytes
//	fake:noise        harmless lines on stderr, then a normal reply
//	fake:echo S       a reply whose message data is S
//	fake:spawn        start a grandchild that holds stdout open; its pid is the message data
//	fake:imports      the message data is how many header imports this process has run
//	fake:sleep D      wait D, then a normal reply
//
// Flags: -version V (default 4.32.0), -marker M (appended to the version, default
// "-leanprm-simulator"), -accept-all / -reject-all (lie about every claim), -lie-once PATH (lie
// with -accept-all if this process is the first to create PATH).
func fakeREPLMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fake", flag.ContinueOnError)
	version := fs.String("version", "4.32.0", "")
	marker := fs.String("marker", "-leanprm-simulator", "")
	acceptAll := fs.Bool("accept-all", false, "")
	rejectAll := fs.Bool("reject-all", false, "")
	lieOnce := fs.String("lie-once", "", "")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *lieOnce != "" {
		if f, err := os.OpenFile(*lieOnce, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600); err == nil {
			f.Close()
			*acceptAll = true
		}
	}
	trueClaim, falseClaim := ProbeCommands(DefaultTactic)
	br := bufio.NewReader(stdin)
	envs, states, imports := 0, 0, 0
	out := bufio.NewWriter(stdout)
	reply := func(v any) {
		b, _ := json.MarshalIndent(v, "", " ")
		out.Write(b)
		out.WriteString("\n\n")
		out.Flush()
	}
	newEnv := func(msgs ...map[string]any) map[string]any {
		r := map[string]any{"env": envs}
		envs++
		if len(msgs) > 0 {
			r["messages"] = msgs
		}
		return r
	}
	info := func(data string) map[string]any {
		return map[string]any{"severity": "info", "pos": map[string]int{"line": 1, "column": 0},
			"endPos": map[string]int{"line": 1, "column": 5}, "data": data}
	}
	errorMsg := func(data string) map[string]any {
		m := info(data)
		m["severity"] = "error"
		return m
	}
	for {
		q := replGetLines(br)
		if q == "" {
			return 0
		}
		if strings.HasPrefix(q, "#") || strings.HasPrefix(q, "--") {
			continue
		}
		var req map[string]any
		d := json.NewDecoder(strings.NewReader(q))
		d.UseNumber()
		if err := d.Decode(&req); err != nil {
			fmt.Fprintf(stderr, "uncaught exception: {\"message\": \"Could not parse JSON:\\n%s\"}\n", err)
			return 1
		}
		nat := func(k string) (int, bool) {
			n, ok := req[k].(json.Number)
			if !ok {
				return 0, false
			}
			i, err := strconv.Atoi(string(n))
			return i, err == nil
		}
		if ps, ok := nat("proofState"); ok {
			if ps >= states {
				reply(map[string]any{"message": "Unknown proof state."})
				continue
			}
			reply(map[string]any{"proofStatus": "Completed", "proofState": states, "goals": []string{}})
			states++
			continue
		}
		cmd, ok := req["cmd"].(string)
		if !ok {
			fmt.Fprintf(stderr, "uncaught exception: {\"message\": \"Could not parse as a valid JSON command\"}\n")
			return 1
		}
		if e, ok := nat("env"); ok && e >= envs {
			reply(map[string]any{"message": "Unknown environment."})
			continue
		}
		verb, arg, _ := strings.Cut(cmd, " ")
		switch verb {
		case "fake:crash":
			fmt.Fprintf(stderr, "uncaught exception: boom\n")
			return 1
		case "fake:exit":
			return 0
		case "fake:hang":
			time.Sleep(24 * time.Hour)
		case "fake:garbage":
			out.WriteString("this is not JSON\n\n")
			out.Flush()
			continue
		case "fake:partial":
			out.WriteString("{\"messages\":\n [{\"severity\": \"info\",\n")
			out.Flush()
			return 0
		case "fake:huge":
			n, _ := strconv.Atoi(arg)
			reply(newEnv(info(strings.Repeat("x", n))))
			continue
		case "fake:noise":
			fmt.Fprintf(stderr, "some runtime chatter\nthat is not an exception\n")
		case "fake:echo":
			reply(newEnv(info(arg)))
			continue
		case "fake:spawn":
			gc := exec.Command(os.Args[0])
			gc.Env = append(os.Environ(), childEnv+"=sleeper")
			gc.Stdout = stdout.(*os.File)
			if err := gc.Start(); err != nil {
				reply(map[string]any{"message": err.Error()})
				continue
			}
			reply(newEnv(info(strconv.Itoa(gc.Process.Pid))))
			continue
		case "fake:imports":
			reply(newEnv(info(strconv.Itoa(imports))))
			continue
		case "fake:sleep":
			d, _ := time.ParseDuration(arg)
			time.Sleep(d)
		case "#eval":
			if arg == "Lean.versionString" {
				reply(newEnv(info(strconv.Quote(*version + *marker))))
				continue
			}
		}
		switch {
		case strings.HasPrefix(cmd, "import "):
			if _, ok := req["env"]; ok {
				reply(newEnv(errorMsg("invalid 'import' command, it must be used in the beginning of the file")))
				continue
			}
			imports++
			if strings.Contains(cmd, "Missing") {
				reply(newEnv(errorMsg("unknown module prefix 'Missing'")))
				continue
			}
			reply(newEnv())
		case *acceptAll:
			reply(newEnv())
		case *rejectAll:
			reply(newEnv(errorMsg("decide failed")))
		case cmd == trueClaim:
			reply(newEnv())
		case cmd == falseClaim:
			reply(newEnv(errorMsg("tactic 'decide' proved that the proposition\n  (1 : Rat) / 2 + (1 : Rat) / 3 = (1 : Rat) / 6\nis false")))
		case strings.Contains(cmd, "sorry"):
			r := newEnv(map[string]any{"severity": "warning", "pos": map[string]int{"line": 1, "column": 0},
				"endPos": map[string]int{"line": 1, "column": 7}, "data": "declaration uses `sorry`"})
			r["sorries"] = []map[string]any{{"proofState": states, "goal": "⊢ Nat",
				"pos": map[string]int{"line": 1, "column": 18}, "endPos": map[string]int{"line": 1, "column": 23}}}
			states++
			reply(r)
		default:
			reply(newEnv())
		}
	}
}

// compactJSON is for assertions on values built by hand.
func compactJSON(s string) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		panic(err)
	}
	return b.Bytes()
}
