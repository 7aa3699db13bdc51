package config

import (
	"runtime"
	"strings"
	"time"
)

// Config is the whole configuration of one leanprm run.
type Config struct {
	// Checker says which formal checker scores the claims.
	Checker Checker
	Lean    Lean
	// Kernel is the kernel-replay tier of verify-proof and /v1/verify.
	Kernel Kernel
	PRM    PRM
	Data   Data
	Serve  Serve
	NATS   NATS
	Reward Reward
	// Grade is the answer grader's policy, one for every command that grades answers.
	Grade Grade
	// Translate bounds the work one chain can cause in the translator.
	Translate Translate

	file    string            // configuration file read, if any
	raw     map[string]string // key → the text it was set from
	sources map[string]string // key → where that text came from
}

// Lean is the lean.* section: how the REPL and the language server are started and bounded.
type Lean struct {
	// Project is the Lake project with the pinned toolchain and the REPL, as configured
	// (relative paths are resolved by whoever starts the REPL).
	Project string
	// Header is the import header every obligation runs under; Tactic decides closed
	// arithmetic claims; IdentityTactic proves the symbolic ∀ lines (identities, equation
	// transformations) of docs/CONTRACTS.md §1b.
	Header, Tactic, IdentityTactic string
	// Command and ServerCommand are lean.command and lean.server_command split into argv
	// (nil when unset); CommandText and ServerCommandText are the settings as written.
	Command, ServerCommand         []string
	CommandText, ServerCommandText string
	// Workers is the number of REPL worker processes, 0 meaning one per core (see
	// WorkerCount). Queue is how many requests may wait for a worker, 0 meaning the client's
	// default.
	Workers, Queue int
	// RecycleAfter restarts a worker after this many requests; 0 means never (the REPL
	// client's own zero means its default, so whoever builds its configuration maps 0 to its
	// "never" value).
	RecycleAfter int
	// Timeout bounds one REPL request; StartTimeout a worker's start, header and probes.
	Timeout, StartTimeout time.Duration
	// MaxRSS restarts a worker whose resident memory passes it; 0 means no limit. It is also
	// the memory limit of a sandboxed REPL or server (8 GiB when 0).
	MaxRSS int64
	// Sandbox says whether Lean processes run in leanbridge/sandbox.
	Sandbox SandboxMode
	// SandboxScratch is the size of a sandboxed process's scratch filesystem (a tmpfs, charged
	// to its memory limit); SandboxCPUs the cores its process tree may use (cgroup cpu.max).
	SandboxScratch int64
	SandboxCPUs    int
}

// Kernel is the kernel.* section: the kernel-replay tier of verify-proof and /v1/verify
// (leanbridge/kernel), with its own limits: it runs after the REPL, outside the row's
// lean.timeout.
type Kernel struct {
	// Tier is the default tier: auto (kernel where leanchecker or Comparator is installed,
	// else repl, every verified result then saying "not kernel-replayed"), repl or kernel.
	Tier KernelTier
	// Timeout bounds the tier for one proof: building the .olean, the replay, Comparator.
	Timeout time.Duration
	// MaxMemory is the memory limit of the tier's sandboxed processes.
	MaxMemory int64
	// Fresh replays the whole import closure (leanchecker --fresh) instead of the module's own
	// constants: all of Init, and all of Mathlib under the Mathlib header.
	Fresh bool
	// Comparator is Comparator's binary ("": comparator on PATH).
	Comparator string
}

// KernelTier is the `kernel.tier` setting.
type KernelTier string

// Kernel tiers.
const (
	// TierAuto replays through the kernel where the tools are installed.
	TierAuto KernelTier = "auto"
	// TierREPL stops at the REPL and the semantic guard.
	TierREPL KernelTier = "repl"
	// TierKernel requires the kernel replay: without the tools, no proof is verified.
	TierKernel KernelTier = "kernel"
)

// Values lists the accepted tiers.
func (KernelTier) Values() []string { return []string{"auto", "repl", "kernel"} }

// SandboxMode is the `lean.sandbox` setting.
type SandboxMode string

// Sandbox modes.
const (
	// SandboxAuto confines Lean processes where the machine can, and warns where it cannot.
	SandboxAuto SandboxMode = "auto"
	// SandboxRequire refuses to start Lean unconfined (verify-proof and serve ask for it
	// with --require-sandbox, their default).
	SandboxRequire SandboxMode = "require"
	// SandboxOff never confines (trusted input only).
	SandboxOff SandboxMode = "off"
)

// Values lists the accepted modes.
func (SandboxMode) Values() []string { return []string{"auto", "require", "off"} }

// WorkerCount is Workers with 0 read as the number of cores.
func (l Lean) WorkerCount() int {
	if l.Workers > 0 {
		return l.Workers
	}
	return runtime.NumCPU()
}

// PRM is the prm.* section: the learned process reward model.
type PRM struct {
	Backend Backend
	// Model is an embedded model file to load instead of the built-in one ("" : built in).
	Model string
	VLLM  VLLM
}

// VLLM is prm.vllm.*: a PRM served by vLLM.
type VLLM struct {
	URL, Model string
	Mode       VLLMMode
	// Timeout bounds one request; Concurrency the requests in flight at once.
	Timeout     time.Duration
	Concurrency int
}

// Serve is the serve.* section: `leanprm serve`. The bearer token is not a setting (it would
// show in `leanprm config`): only the file that holds it is.
type Serve struct {
	Addr, AuthTokenFile string
	MaxBody             int64
	MaxItems, Queue     int
	Timeout             time.Duration
	// DrainTimeout bounds a shutdown: on SIGTERM the server stops admitting work, lets what
	// runs finish within it, fails the rest with a retryable error and exits.
	DrainTimeout time.Duration
	// RewardOnError is what /get_reward does with an item whose scoring failed: "fail" (a
	// retryable 503 for the whole request), "nan", or a number as written (checked finite).
	RewardOnError string
	// CacheMemory is the budget of all the caches of one serve or worker process together.
	CacheMemory int64
}

// NATS is the nats.* section: scale-out over NATS JetStream (internal/dispatch/natsq).
type NATS struct {
	// URL is the server list nats.Connect takes ("nats://a:4222,nats://b:4222"); "" means
	// no NATS: `serve` runs every task in process.
	URL string
	// Creds is a NATS credentials file (a user JWT and its nkey seed, as `nsc` writes them).
	Creds string
	// TokenFile holds the token the servers require; the token itself is not a setting (it
	// would show in `leanprm config`): LEANPRM_NATS_TOKEN is read when no file is named.
	TokenFile string
	// TLSCA is a PEM bundle of the authorities that sign the servers' certificates; TLSCert and
	// TLSKey are a client certificate and its key for servers that verify clients. Naming any
	// of them makes TLS required.
	TLSCA, TLSCert, TLSKey string
	// Storage keeps the task and result streams on disk (file) or in memory; Replicas is how
	// many NATS servers hold each (3 on a three-server cluster). Whoever sets the streams
	// up first decides their storage.
	Storage  Storage
	Replicas int
	// MaxAge, MaxBytes and MaxMsgs bound the task stream (0: no bound); past MaxBytes or
	// MaxMsgs a task is refused and its item answered with an error.
	MaxAge   time.Duration
	MaxBytes int64
	MaxMsgs  int
}

// Translate is the translate.* section.
type Translate struct {
	// MaxChainObligations bounds the obligations of one chain; steps past it are left
	// unchecked and the chain carries a warning that says so.
	MaxChainObligations int
}

// Storage is the `nats.storage` setting.
type Storage string

// Storages.
const (
	StorageMemory Storage = "memory"
	StorageFile   Storage = "file"
)

// Values lists the storages.
func (Storage) Values() []string { return []string{"memory", "file"} }

// Reward is the reward.* section: what number `serve` pays per item (POST /get_reward,
// POST /v1/score) when an item comes with a gold answer.
type Reward struct {
	// Mode is grounded (the default; gated as combined, a right answer paid for the work its
	// steps do on the problem's quantities, docs/REWARD.md), outcome (1 for an answer proven
	// equal to the gold, 0 for one proven different or no answer), process (the chain score,
	// the answer ignored) or combined: 0 for a wrong or missing answer, 0 for a right answer
	// reached through a step the checker refuted, else the chain score (a right answer is
	// paid as far as its process holds). Without a gold answer every mode pays its process
	// value (grounded: the grounded value, else the chain score).
	Mode RewardMode
	// OnUnknown is what outcome and combined pay when the grader could prove the answer
	// neither equal nor different: process (the chain score, with a refuted step still
	// costing everything in combined) or zero. Either way the item says unknown.
	OnUnknown RewardOnUnknown
}

// RewardMode is the `reward.mode` setting.
type RewardMode string

// Reward modes.
const (
	RewardGrounded RewardMode = "grounded"
	RewardCombined RewardMode = "combined"
	RewardOutcome  RewardMode = "outcome"
	RewardProcess  RewardMode = "process"
)

// Values lists the accepted modes.
func (RewardMode) Values() []string { return []string{"grounded", "combined", "outcome", "process"} }

// RewardOnUnknown is the `reward.on_unknown` setting.
type RewardOnUnknown string

// What an unknown outcome pays.
const (
	OnUnknownProcess RewardOnUnknown = "process"
	OnUnknownZero    RewardOnUnknown = "zero"
)

// Values lists the accepted choices.
func (RewardOnUnknown) Values() []string { return []string{"process", "zero"} }

// Grade is the grade.* section: how the answer grader (hybrid/outcome) decides the debatable
// pairs of docs/OUTCOME.md's "Policy", for every command that grades answers (grade, check,
// serve, select, search, label, eval outcome).
type Grade struct {
	// Percent is how a percentage is read against a bare number: either (50% is 50 and 0.5),
	// fraction (p/100 only) or number (p only).
	Percent GradePercent
	// BareNumber is how a bare number is read against a number with a unit: in_unit (in the
	// unit written, and for $, %, °, counts also in the base unit) or unknown (never decided).
	BareNumber GradeBareNumber
}

// GradePercent is the `grade.percent` setting.
type GradePercent string

// How a percentage is read against a bare number.
const (
	PercentEither   GradePercent = "either"
	PercentFraction GradePercent = "fraction"
	PercentNumber   GradePercent = "number"
)

// Values lists the accepted readings.
func (GradePercent) Values() []string { return []string{"either", "fraction", "number"} }

// GradeBareNumber is the `grade.bare_number` setting.
type GradeBareNumber string

// How a bare number is read against a number with a unit.
const (
	BareInUnit  GradeBareNumber = "in_unit"
	BareUnknown GradeBareNumber = "unknown"
)

// Values lists the accepted readings.
func (GradeBareNumber) Values() []string { return []string{"in_unit", "unknown"} }

// Data is the data.* section.
type Data struct {
	// Dir holds the benchmark and training data that eval and train read.
	Dir string
}

// File is the configuration file that was read, or "" when none was.
func (c *Config) File() string { return c.file }

// Checker is the `checker` setting.
type Checker string

// Checkers.
const (
	// CheckerAuto is both when a REPL is set up, else exact.
	CheckerAuto Checker = "auto"
	// CheckerLean checks with the REPL alone.
	CheckerLean Checker = "lean"
	// CheckerExact checks with the built-in exact rational arithmetic alone.
	CheckerExact Checker = "exact"
	// CheckerBoth runs the REPL and the exact checker and reports disagreements.
	CheckerBoth Checker = "both"
)

// Values lists the accepted checkers.
func (Checker) Values() []string { return []string{"auto", "lean", "exact", "both"} }

// Backend is the `prm.backend` setting.
type Backend string

// PRM backends.
const (
	// BackendEmbedded is the model compiled into the binary.
	BackendEmbedded Backend = "embedded"
	// BackendVLLM is a PRM served by vLLM.
	BackendVLLM Backend = "vllm"
)

// Values lists the accepted backends. An empty setting reads as embedded.
func (Backend) Values() []string { return []string{"embedded", "vllm"} }

// VLLMMode is the `prm.vllm.mode` setting.
type VLLMMode string

// vLLM modes.
const (
	// ModeQwen is Qwen2.5-Math-PRM's /pooling with <extra_0> separators.
	ModeQwen VLLMMode = "qwen"
	// ModeShepherd is Math-Shepherd-style step-tag pooling.
	ModeShepherd VLLMMode = "shepherd"
	// ModeStep is a synonym of ModeShepherd (the vLLM client's name for it).
	ModeStep VLLMMode = "step"
)

// Values lists the accepted modes.
func (VLLMMode) Values() []string { return []string{"qwen", "shepherd", "step"} }

// StepPooling reports whether m is step-tag pooling (shepherd or its synonym step).
func (m VLLMMode) StepPooling() bool { return m == ModeShepherd || m == ModeStep }

// enumValue returns raw when it is one of values, else an error naming the key and the values.
func enumValue(key, raw string, values []string) (string, error) {
	for _, v := range values {
		if raw == v {
			return raw, nil
		}
	}
	return "", &KeyError{Key: key, Msg: quote(raw) + " is not one of " + strings.Join(values, ", ")}
}
