package config

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Defaults that belong to the command line rather than to a library: what `make demo` runs
// with on this repository's layout.
const (
	// DefaultTactic closes closed Rat claims in core Lean (leanbridge/repl's default too; a test
	// of internal/wire, which knows both, keeps them equal).
	DefaultTactic = "decide +kernel"
	// DefaultIdentityTactic proves polynomial and rational-function identities over Rat.
	DefaultIdentityTactic = "grind"
	// DefaultRequestTimeout bounds one REPL command.
	DefaultRequestTimeout = 60 * time.Second
	// DefaultStartTimeout bounds starting a worker, its header import and its probes.
	DefaultStartTimeout = 5 * time.Minute
	// DefaultRecycleAfter is how many commands a worker runs before it is restarted.
	DefaultRecycleAfter = 1000
	// DefaultProject is the Lake project `make lean` sets up, relative to the repository.
	DefaultProject = "lean-project"
	// DefaultMaxRSS leaves a Mathlib-importing worker room on a laptop.
	DefaultMaxRSS = "8GiB"
	// DefaultSandboxScratch is room for a REPL's or a kernel build's own files (.olean, logs),
	// not for a hostile input to fill the host's disk.
	DefaultSandboxScratch = "512MiB"
	// DefaultKernelTimeout bounds the kernel tier for one proof: building its .olean under
	// the header and replaying the module's own constants (Comparator builds and exports the
	// challenge too).
	DefaultKernelTimeout = 10 * time.Minute
	// DefaultKernelMaxMemory holds leanchecker importing Mathlib to replay one module, as a
	// REPL worker importing it fits in lean.max_rss.
	DefaultKernelMaxMemory = "8GiB"
	// DefaultVLLMURL is a vLLM server on this machine's default port.
	DefaultVLLMURL = "http://127.0.0.1:8000"
	// DefaultVLLMModel is the PRM the qwen mode is written for.
	DefaultVLLMModel = "Qwen/Qwen2.5-Math-PRM-7B"
	// DefaultVLLMTimeout bounds one vLLM request; a 7B PRM scoring a long chain on a busy
	// server takes tens of seconds.
	DefaultVLLMTimeout = 120 * time.Second
	// DefaultVLLMConcurrency is the vLLM client's own default, written out so it shows.
	DefaultVLLMConcurrency = 4
	// DefaultServeAddr is loopback only: exposing the server is a decision.
	DefaultServeAddr = "127.0.0.1:8080"
	// DefaultServeMaxBody bounds one request body.
	DefaultServeMaxBody = "16MiB"
	// DefaultServeMaxItems bounds the items of one request.
	DefaultServeMaxItems = 1024
	// DefaultServeQueue is how many items serve admits at once.
	DefaultServeQueue = 1024
	// DefaultServeTimeout is a request's deadline when it names none: below the RL clients'
	// own (slime 120 s, OpenRLHF 180 s), so the server answers before they give up.
	DefaultServeTimeout = 100 * time.Second
	// DefaultServeDrainTimeout fits, with the preStop pause, in the manifests' 90 s grace
	// period (deploy/k8s): Kubernetes kills the pod at the end of it.
	DefaultServeDrainTimeout = 60 * time.Second
	// DefaultServeRewardOnError makes a failed item fail the request (a retryable 503):
	// a failure is never a reward.
	DefaultServeRewardOnError = "fail"
	// DefaultServeCacheMemory is the caches' budget in one process.
	DefaultServeCacheMemory = "256MiB"
)

// UserDataDir is data.dir when none is configured: $XDG_DATA_HOME/leanprm when XDG_DATA_HOME is
// an absolute path (the XDG base directory rule), else ~/.local/share/leanprm, else (no home
// directory) leanprm-data in the working directory.
func UserDataDir() string {
	if x := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(x) {
		return filepath.Join(x, "leanprm")
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		return filepath.Join(home, ".local", "share", "leanprm")
	}
	return "leanprm-data"
}

// kind is how a key's text is read; it decides the flag type and the YAML value type.
type kind uint8

const (
	textKind kind = iota
	intKind
	durationKind // a flag of pflag's duration type; its text is a Go duration (30s, 2m, 1h30m)
)

// key is one configuration key: where it is set, what it means, its default as text and how
// its text is parsed into a Config.
type key struct {
	Key  string // dotted name in leanprm.yaml; LEANPRM_ + upper case with _ in the environment
	Flag string // command-line flag, "" for none
	Doc  string
	Def  string // default, as the text a user would write
	kind kind
	set  func(c *Config, k, raw string) error
}

// keys is the single list of configuration keys, in the order Sources and YAML report them
// (sorted by key).
var keys = []key{
	{"checker", "checker", "formal checker: auto (lean when set up, else exact), lean, exact, both (lean and exact, disagreements reported)",
		string(CheckerAuto), textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, Checker("").Values())
			c.Checker = Checker(v)
			return err
		}},
	{"data.dir", "data", "benchmark and training data (ProcessBench, GSM8K, MR-GSM8K, PRMBench) for eval and train, where `leanprm data fetch` puts it (\"\" = the user's data directory: $XDG_DATA_HOME/leanprm, else ~/.local/share/leanprm)",
		"", textKind, func(c *Config, _, raw string) error {
			if raw == "" {
				raw = UserDataDir()
			}
			c.Data.Dir = raw
			return nil
		}},
	{"grade.bare_number", "grade-bare-number", "a bare number against a number with a unit: in_unit (read in that unit, and for $, %, °, counts also in the base unit) or unknown (never decided); docs/OUTCOME.md, Policy",
		string(BareInUnit), textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, GradeBareNumber("").Values())
			c.Grade.BareNumber = GradeBareNumber(v)
			return err
		}},
	{"grade.percent", "grade-percent", "a percentage against a bare number: either (50% is 50 and 0.5), fraction (p/100 only) or number (p only); docs/OUTCOME.md, Policy",
		string(PercentEither), textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, GradePercent("").Values())
			c.Grade.Percent = GradePercent(v)
			return err
		}},
	{"kernel.comparator", "", "Comparator's binary for the kernel tier (\"\" = comparator on PATH; landrun and lean4export from PATH or COMPARATOR_LANDRUN, COMPARATOR_LEAN4EXPORT; nanoda_bin or COMPARATOR_NANODA)",
		"", textKind, text(func(c *Config) *string { return &c.Kernel.Comparator })},
	{"kernel.fresh", "kernel-fresh", "replay the whole import closure (leanchecker --fresh: all of Mathlib under import Mathlib, tens of minutes) instead of the module's own constants",
		"false", textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, []string{"false", "true"})
			c.Kernel.Fresh = v == "true"
			return err
		}},
	{"kernel.max_memory", "kernel-max-memory", "memory limit of the kernel tier's sandboxed processes (lake, lean, leanchecker, Comparator)",
		DefaultKernelMaxMemory, textKind, func(c *Config, k, raw string) (err error) {
			c.Kernel.MaxMemory, err = sizeValue(k, raw)
			return err
		}},
	{"kernel.tier", "", "default tier of verify-proof and /v1/verify: auto (kernel where leanchecker or Comparator is installed, else repl and every verified result says \"not kernel-replayed\"), repl, kernel (no verdict without the tools); verify-proof --tier overrides",
		string(TierAuto), textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, KernelTier("").Values())
			c.Kernel.Tier = KernelTier(v)
			return err
		}},
	{"kernel.timeout", "kernel-timeout", "limit for the kernel tier on one proof (its own, after the REPL's lean.timeout)",
		durationIn(DefaultKernelTimeout, time.Minute), durationKind, duration(func(c *Config) *time.Duration { return &c.Kernel.Timeout })},
	{"lean.command", "repl-command", "command that starts a REPL instead of `lake env <repl>` (e.g. the simulator: leanprm sim repl)",
		"", textKind, command(func(c *Config) (*string, *[]string) { return &c.Lean.CommandText, &c.Lean.Command })},
	{"lean.header", "header", "import header every obligation runs under (e.g. \"import Mathlib\"); run once per worker",
		"", textKind, text(func(c *Config) *string { return &c.Lean.Header })},
	{"lean.identity_tactic", "identity-tactic", "tactic that proves symbolic identities and implications over Rat (∀ lines, CONTRACTS §1b); probed at worker start (field_simp; ring with Mathlib)",
		DefaultIdentityTactic, textKind, tactic(func(c *Config) *string { return &c.Lean.IdentityTactic })},
	{"lean.max_rss", "", "restart a worker whose resident memory passes this (0 = no limit)",
		DefaultMaxRSS, textKind, func(c *Config, k, raw string) (err error) {
			c.Lean.MaxRSS, err = sizeValue(k, raw)
			return err
		}},
	{"lean.project", "lean-project", "Lake project with the pinned toolchain and REPL (see make lean)",
		DefaultProject, textKind, text(func(c *Config) *string { return &c.Lean.Project })},
	{"lean.queue", "", "requests that may wait for a worker before callers block (0 = 4 per worker)",
		"0", intKind, count(func(c *Config) *int { return &c.Lean.Queue })},
	{"lean.recycle_after", "", "restart a worker after this many requests (0 = never)",
		strconv.Itoa(DefaultRecycleAfter), intKind, count(func(c *Config) *int { return &c.Lean.RecycleAfter })},
	{"lean.sandbox", "", "confine Lean processes (no network, read-only files but a scratch directory, memory/process/CPU limits): auto (where the machine can, warning otherwise), require, off; verify-proof and serve require it unless --require-sandbox=false",
		string(SandboxAuto), textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, SandboxMode("").Values())
			c.Lean.Sandbox = SandboxMode(v)
			return err
		}},
	{"lean.sandbox_cpus", "", "cores a sandboxed Lean process tree may use at once (cgroup cpu.max: throttled, never killed)",
		"2", intKind, count(func(c *Config) *int { return &c.Lean.SandboxCPUs })},
	{"lean.sandbox_scratch", "", "size of a sandboxed Lean process's scratch filesystem (a tmpfs, charged to lean.max_rss); writing past it fails with ENOSPC",
		DefaultSandboxScratch, textKind, func(c *Config, k, raw string) (err error) {
			c.Lean.SandboxScratch, err = sizeValue(k, raw)
			return err
		}},
	{"lean.server_command", "server-command", "command that starts a language server instead of `lake serve` (e.g. leanprm sim lsp)",
		"", textKind, command(func(c *Config) (*string, *[]string) { return &c.Lean.ServerCommandText, &c.Lean.ServerCommand })},
	{"lean.start_timeout", "start-timeout", "limit for starting a worker, its header import and its probes",
		durationIn(DefaultStartTimeout, time.Minute), durationKind, duration(func(c *Config) *time.Duration { return &c.Lean.StartTimeout })},
	{"lean.tactic", "tactic", "tactic that decides closed arithmetic claims (norm_num with Mathlib)",
		DefaultTactic, textKind, tactic(func(c *Config) *string { return &c.Lean.Tactic })},
	{"lean.timeout", "timeout", "wall-clock limit for one REPL request",
		durationText(DefaultRequestTimeout), durationKind, duration(func(c *Config) *time.Duration { return &c.Lean.Timeout })},
	{"lean.workers", "workers", "REPL worker processes (0 = number of cores)",
		"0", intKind, count(func(c *Config) *int { return &c.Lean.Workers })},
	{"nats.creds", "nats-creds", "NATS credentials file (user JWT and nkey seed, as nsc writes them)",
		"", textKind, text(func(c *Config) *string { return &c.NATS.Creds })},
	{"nats.max_age", "", "drop a task queued longer than this (0 = never; its item is answered at its deadline)",
		"0s", durationKind, duration(func(c *Config) *time.Duration { return &c.NATS.MaxAge })},
	{"nats.max_bytes", "", "most bytes of queued tasks; beyond, a task is refused and its item answered with an error (0 = no limit)",
		"0", textKind, func(c *Config, k, raw string) (err error) {
			c.NATS.MaxBytes, err = sizeValue(k, raw)
			return err
		}},
	{"nats.max_msgs", "", "most queued tasks; beyond, a task is refused and its item answered with an error (0 = no limit)",
		"0", intKind, count(func(c *Config) *int { return &c.NATS.MaxMsgs })},
	{"nats.replicas", "", "NATS servers that hold each stream (1-5; 3 on a three-server JetStream cluster)",
		"1", intKind, func(c *Config, k, raw string) (err error) {
			c.NATS.Replicas, err = countValue(k, raw)
			if err == nil && (c.NATS.Replicas < 1 || c.NATS.Replicas > 5) {
				err = &KeyError{Key: k, Msg: raw + " replicas: JetStream keeps 1 to 5"}
			}
			return err
		}},
	{"nats.storage", "", "where JetStream keeps the task and result streams: memory or file (the first to set them up decides)",
		string(StorageMemory), textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, Storage("").Values())
			c.NATS.Storage = Storage(v)
			return err
		}},
	{"nats.tls_ca", "nats-tls-ca", "PEM bundle of the authorities that sign the NATS servers' certificates (TLS required)",
		"", textKind, text(func(c *Config) *string { return &c.NATS.TLSCA })},
	{"nats.tls_cert", "nats-tls-cert", "client certificate (PEM) for NATS servers that verify clients; with nats.tls_key",
		"", textKind, text(func(c *Config) *string { return &c.NATS.TLSCert })},
	{"nats.tls_key", "nats-tls-key", "key (PEM) of nats.tls_cert",
		"", textKind, text(func(c *Config) *string { return &c.NATS.TLSKey })},
	{"nats.token_file", "nats-token-file", "file holding the token the NATS servers require (or LEANPRM_NATS_TOKEN); never the token itself",
		"", textKind, text(func(c *Config) *string { return &c.NATS.TokenFile })},
	{"nats.url", "nats", "NATS server(s) with JetStream, comma-separated: serve becomes a gateway that queues tasks there and worker pulls them (\"\" = everything in one process)",
		"", textKind, func(c *Config, k, raw string) (err error) {
			c.NATS.URL, err = natsURLValue(k, raw)
			return err
		}},
	{"prm.backend", "prm", "learned PRM: embedded or vllm",
		string(BackendEmbedded), textKind, func(c *Config, k, raw string) error {
			if raw == "" { // unset reads as the embedded model
				raw = string(BackendEmbedded)
			}
			v, err := enumValue(k, raw, Backend("").Values())
			c.PRM.Backend = Backend(v)
			return err
		}},
	{"prm.model", "model", "embedded model file (leanprm train --out) used instead of the one built in",
		"", textKind, text(func(c *Config) *string { return &c.PRM.Model })},
	{"prm.vllm.concurrency", "", "vLLM requests in flight at once",
		strconv.Itoa(DefaultVLLMConcurrency), intKind, count(func(c *Config) *int { return &c.PRM.VLLM.Concurrency })},
	{"prm.vllm.mode", "", "qwen (/pooling, <extra_0> separators) or shepherd (step-tag pooling)",
		string(ModeQwen), textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, VLLMMode("").Values())
			c.PRM.VLLM.Mode = VLLMMode(v)
			return err
		}},
	{"prm.vllm.model", "", "model name sent to vLLM",
		DefaultVLLMModel, textKind, text(func(c *Config) *string { return &c.PRM.VLLM.Model })},
	{"prm.vllm.timeout", "", "limit for one vLLM request",
		durationText(DefaultVLLMTimeout), durationKind, duration(func(c *Config) *time.Duration { return &c.PRM.VLLM.Timeout })},
	{"prm.vllm.url", "", "base URL of a vLLM server running a PRM",
		DefaultVLLMURL, textKind, text(func(c *Config) *string { return &c.PRM.VLLM.URL })},
	{"reward.mode", "", "what serve pays an item with a gold answer: grounded (a right answer paid for the work its steps do on the problem's quantities; wrong answer or refuted step 0; docs/REWARD.md), combined (a right answer paid as far as its process holds), outcome (1/0), process (chain score)",
		string(RewardGrounded), textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, RewardMode("").Values())
			c.Reward.Mode = RewardMode(v)
			return err
		}},
	{"reward.on_unknown", "", "what outcome and combined pay when the answer is proven neither equal nor different to the gold: process (the chain score) or zero",
		string(OnUnknownProcess), textKind, func(c *Config, k, raw string) error {
			v, err := enumValue(k, raw, RewardOnUnknown("").Values())
			c.Reward.OnUnknown = RewardOnUnknown(v)
			return err
		}},
	{"serve.addr", "", "address leanprm serve listens on (--addr)",
		DefaultServeAddr, textKind, text(func(c *Config) *string { return &c.Serve.Addr })},
	{"serve.auth_token_file", "", "file holding the bearer token serve requires (--auth-token-file; or LEANPRM_SERVE_TOKEN); never the token itself",
		"", textKind, text(func(c *Config) *string { return &c.Serve.AuthTokenFile })},
	{"serve.cache_memory", "", "what all the caches of one serve or worker process may hold together (obligations, Lean steps, step readings, chain contexts, prefixes)",
		DefaultServeCacheMemory, textKind, func(c *Config, k, raw string) (err error) {
			c.Serve.CacheMemory, err = sizeValue(k, raw)
			return err
		}},
	{"serve.drain_timeout", "", "on SIGTERM: how long the requests in flight may run before they are failed with a retryable 503 and serve exits",
		durationText(DefaultServeDrainTimeout), durationKind, duration(func(c *Config) *time.Duration { return &c.Serve.DrainTimeout })},
	{"serve.max_body", "", "largest request body serve reads (413 beyond)",
		DefaultServeMaxBody, textKind, func(c *Config, k, raw string) (err error) {
			c.Serve.MaxBody, err = sizeValue(k, raw)
			return err
		}},
	{"serve.max_items", "", "most items (chains, proofs, snippets) in one request",
		strconv.Itoa(DefaultServeMaxItems), intKind, count(func(c *Config) *int { return &c.Serve.MaxItems })},
	{"serve.queue", "", "items admitted at once, running or waiting; a request that does not fit gets 429",
		strconv.Itoa(DefaultServeQueue), intKind, count(func(c *Config) *int { return &c.Serve.Queue })},
	{"serve.reward_on_error", "", "what /get_reward answers for an item whose scoring failed (crash, timeout, no worker): fail (a retryable 503 for the request), nan, or a number",
		DefaultServeRewardOnError, textKind, func(c *Config, k, raw string) error {
			v, err := rewardOnErrorValue(k, raw)
			c.Serve.RewardOnError = v
			return err
		}},
	{"serve.timeout", "", "a request's deadline when it names none",
		durationText(DefaultServeTimeout), durationKind, duration(func(c *Config) *time.Duration { return &c.Serve.Timeout })},
	{"translate.max_chain_obligations", "", "obligations checked per chain; steps past them are left unchecked and the chain warns",
		"1024", intKind, func(c *Config, k, raw string) (err error) {
			c.Translate.MaxChainObligations, err = countValue(k, raw)
			if err == nil && c.Translate.MaxChainObligations < 1 {
				err = &KeyError{Key: k, Msg: "want at least 1 obligation per chain"}
			}
			return err
		}},
}

// text, count, duration and command make a key's set function from the Config field it fills.
func text(field func(*Config) *string) func(*Config, string, string) error {
	return func(c *Config, _, raw string) error { *field(c) = raw; return nil }
}

// tactic is text that goes after `by` on one line of Lean: a line break or another control
// character would split the declaration it closes (CONTRACTS §1: one declaration per line).
func tactic(field func(*Config) *string) func(*Config, string, string) error {
	return func(c *Config, k, raw string) error {
		for _, r := range raw {
			if unicode.IsControl(r) {
				return &KeyError{Key: k, Msg: quote(raw) + " is not one line of Lean: a tactic may not hold a line break or control character"}
			}
		}
		*field(c) = strings.TrimSpace(raw)
		return nil
	}
}

func count(field func(*Config) *int) func(*Config, string, string) error {
	return func(c *Config, k, raw string) (err error) { *field(c), err = countValue(k, raw); return err }
}

func duration(field func(*Config) *time.Duration) func(*Config, string, string) error {
	return func(c *Config, k, raw string) (err error) { *field(c), err = durationValue(k, raw); return err }
}

// command fills a command setting: its text as written and its argv.
func command(fields func(*Config) (*string, *[]string)) func(*Config, string, string) error {
	return func(c *Config, k, raw string) (err error) {
		text, argv := fields(c)
		*text = raw
		*argv, err = commandValue(k, raw)
		return err
	}
}

// Keys lists every configuration key, sorted.
func Keys() []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.Key
	}
	return out
}

// EnvName is the environment variable that sets key: LEANPRM_ and the key in upper case, dots
// and dashes as underscores.
func EnvName(key string) string {
	return "LEANPRM_" + strings.ToUpper(strings.NewReplacer(".", "_", "-", "_").Replace(key))
}

// durationIn writes a default duration in unit ("5m") when it is a whole number of them, else
// as durationText does: the start-up limit has always been written in minutes.
func durationIn(d, unit time.Duration) string {
	suffix := map[time.Duration]string{time.Hour: "h", time.Minute: "m", time.Second: "s"}[unit]
	if suffix != "" && d > 0 && d%unit == 0 {
		return strconv.FormatInt(int64(d/unit), 10) + suffix
	}
	return durationText(d)
}

// durationText writes a default duration the way a user would: whole seconds as "60s",
// anything finer as Go writes it.
func durationText(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	return d.String()
}
