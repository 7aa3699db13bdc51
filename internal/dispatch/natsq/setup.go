package natsq

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Options name the streams and the consumer and set their limits. The zero value is the
// default of one NATS server; gateways and workers of one deployment must agree on every
// field but FileStorage (whoever sets up first decides: JetStream cannot move a stream to
// other storage; see Setup).
type Options struct {
	// Prefix is the first token of every subject. Default "leanprm".
	Prefix string
	// TaskStream and ResultStream name the streams. Defaults LEANPRM_TASKS, LEANPRM_RESULTS.
	TaskStream, ResultStream string
	// Consumer is the durable pull consumer every worker shares. Default "leanprm-workers".
	Consumer string
	// FileStorage keeps both streams on disk (eval campaigns) rather than in memory (RL
	// loops, the default: a task is cheap to send again).
	FileStorage bool
	// Replicas is how many JetStream servers hold each stream (and the consumer): 3 on a
	// three-server cluster survives the loss of one. Default 1; at most 5 (JetStream's limit).
	Replicas int
	// MaxAge, MaxBytes and MaxMsgs bound the task stream (0: unbounded). A task queued past
	// MaxBytes or MaxMsgs is refused (DiscardNew: the item is answered "not queued", never
	// dropped in silence); one older than MaxAge is removed, and its items are answered by
	// their deadlines.
	MaxAge   time.Duration
	MaxBytes int64
	MaxMsgs  int64
	// ResultObjects names the object store that carries results larger than the servers'
	// max_payload. Default LEANPRM_RESULT_OBJECTS.
	ResultObjects string
	// HeartbeatEvery is how often a worker says on <prefix>.worker.heartbeat that it pulls;
	// a gateway counts a worker alive for three of these. Default DefaultHeartbeatEvery.
	HeartbeatEvery time.Duration
	// AckWait is how long a delivered task may go without an ack or an in-progress ack before
	// the server hands it to another worker. Default DefaultAckWait.
	AckWait time.Duration
	// MaxDeliver bounds how many times one task is delivered. Default DefaultMaxDeliver.
	MaxDeliver int
	// Dedupe is the window in which a task with the same key is not queued again. Default
	// DefaultDedupe.
	Dedupe time.Duration
	// ResultTTL is how long a result stays in the result stream, where a gateway whose task
	// was collapsed into an earlier one reads it. Default DefaultResultTTL.
	ResultTTL time.Duration
}

// Defaults of Options.
const (
	DefaultPrefix       = "leanprm"
	DefaultTaskStream   = "LEANPRM_TASKS"
	DefaultResultStream = "LEANPRM_RESULTS"
	DefaultConsumer     = "leanprm-workers"
	// DefaultResultObjects is the object store of results past max_payload.
	DefaultResultObjects = "LEANPRM_RESULT_OBJECTS"
	// DefaultHeartbeatEvery lets a gateway see the last worker go within about 6 s.
	DefaultHeartbeatEvery = 2 * time.Second
	// DefaultAckWait is above the REPL's default request timeout (60 s) less a margin that
	// in-progress acks (every third of it) make up for; a lost worker's tasks come back
	// after at most this.
	DefaultAckWait = 30 * time.Second
	// DefaultMaxDeliver lets a task outlive two lost workers before it is called poison.
	DefaultMaxDeliver = 3
	DefaultDedupe     = 2 * time.Minute
	DefaultResultTTL  = 10 * time.Minute
)

func (o Options) withDefaults() Options {
	def := func(s *string, d string) {
		if *s == "" {
			*s = d
		}
	}
	def(&o.Prefix, DefaultPrefix)
	def(&o.TaskStream, DefaultTaskStream)
	def(&o.ResultStream, DefaultResultStream)
	def(&o.Consumer, DefaultConsumer)
	def(&o.ResultObjects, DefaultResultObjects)
	if o.Replicas <= 0 {
		o.Replicas = 1
	}
	if o.HeartbeatEvery <= 0 {
		o.HeartbeatEvery = DefaultHeartbeatEvery
	}
	if o.AckWait <= 0 {
		o.AckWait = DefaultAckWait
	}
	if o.MaxDeliver <= 0 {
		o.MaxDeliver = DefaultMaxDeliver
	}
	if o.Dedupe <= 0 {
		o.Dedupe = DefaultDedupe
	}
	if o.ResultTTL <= 0 {
		o.ResultTTL = DefaultResultTTL
	}
	return o
}

func (o Options) storage() jetstream.StorageType {
	if o.FileStorage {
		return jetstream.FileStorage
	}
	return jetstream.MemoryStorage
}

// taskSubject is where a task of kind for env is queued: <prefix>.task.<kind>.<env token>.
func (o Options) taskSubject(kind, env string) string {
	return o.Prefix + ".task." + kind + "." + envToken(env)
}

// resultSubject is where the result of the task with this key is published.
func (o Options) resultSubject(key string) string { return o.Prefix + ".result." + key }

// heartbeatSubject is where workers say that they pull (core NATS, not stored).
func (o Options) heartbeatSubject() string { return o.Prefix + ".worker.heartbeat" }

// pingSubject is where a gateway that starts asks every worker for a heartbeat now.
func (o Options) pingSubject() string { return o.Prefix + ".worker.ping" }

// advisorySubject is where the server reports a task delivered MaxDeliver times.
func (o Options) advisorySubject() string {
	return "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES." + o.TaskStream + "." + o.Consumer
}

// validToken reports whether s can be one subject token as it stands: letters, digits, '-'
// and '_', at most 64 of them. Anything else ('.', '*', '>', spaces) would change the subject's
// shape.
func validToken(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// envToken is Env as a subject token: itself when it is one (the usual header hash), "_" when
// empty, else "h" and the first 32 hex digits of its SHA-256.
func envToken(env string) string {
	switch {
	case env == "":
		return "_"
	case validToken(env):
		return env
	}
	sum := sha256.Sum256([]byte(env))
	return "h" + hex.EncodeToString(sum[:16])
}

// Setup creates the two streams, the object store of large results and the workers'
// consumer, or updates them to opts: gateways and workers both call it at start, in any order
// and any number of times. A stream that exists keeps its storage (JetStream cannot move it):
// the first to set up decides, as Options says.
func Setup(ctx context.Context, js jetstream.JetStream, opts Options) (tasks, results jetstream.Stream, cons jetstream.Consumer, err error) {
	o := opts.withDefaults()
	if o.Replicas > 5 {
		return nil, nil, nil, fmt.Errorf("natsq: %d replicas: JetStream keeps at most 5", o.Replicas)
	}
	tasks, err = createOrUpdate(ctx, js, jetstream.StreamConfig{
		Name:        o.TaskStream,
		Description: "leanprm tasks waiting for a worker (work queue)",
		Subjects:    []string{o.Prefix + ".task.>"},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     o.storage(),
		Replicas:    o.Replicas,
		Duplicates:  o.Dedupe,
		Discard:     jetstream.DiscardNew,
		MaxAge:      o.MaxAge,
		MaxBytes:    orUnlimited(o.MaxBytes),
		MaxMsgs:     orUnlimited(o.MaxMsgs),
	})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("natsq: set up stream %s: %w", o.TaskStream, err)
	}
	results, err = createOrUpdate(ctx, js, jetstream.StreamConfig{
		Name:              o.ResultStream,
		Description:       "leanprm results, the last one per task key",
		Subjects:          []string{o.Prefix + ".result.>"},
		Retention:         jetstream.LimitsPolicy,
		Storage:           o.storage(),
		Replicas:          o.Replicas,
		MaxAge:            o.ResultTTL,
		MaxMsgsPerSubject: 1,
		Duplicates:        min(o.Dedupe, o.ResultTTL),
	})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("natsq: set up stream %s: %w", o.ResultStream, err)
	}
	if _, err := resultObjects(ctx, js, o); err != nil {
		return nil, nil, nil, err
	}
	cons, err = tasks.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable:       o.Consumer,
		Description:   "leanprm workers; each pulls as many tasks as it has free REPLs",
		FilterSubject: o.Prefix + ".task.>",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       o.AckWait,
		MaxDeliver:    o.MaxDeliver,
		MaxAckPending: -1, // workers bound what they hold by their capacity
		Replicas:      o.Replicas,
	})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("natsq: set up consumer %s: %w", o.Consumer, err)
	}
	return tasks, results, cons, nil
}

// createOrUpdate creates the stream cfg names, or updates it to cfg with the storage it has.
func createOrUpdate(ctx context.Context, js jetstream.JetStream, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	st, err := js.Stream(ctx, cfg.Name)
	switch {
	case errors.Is(err, jetstream.ErrStreamNotFound):
		st, err = js.CreateStream(ctx, cfg)
		if !errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			return st, err
		}
		if st, err = js.Stream(ctx, cfg.Name); err != nil { // another process created it first
			return nil, err
		}
	case err != nil:
		return nil, err
	}
	cfg.Storage = st.CachedInfo().Config.Storage
	return js.UpdateStream(ctx, cfg)
}

// resultObjects opens, creating it when missing, the object store of large results: kept as
// long as results are, in the streams' storage and replicas.
func resultObjects(ctx context.Context, js jetstream.JetStream, o Options) (jetstream.ObjectStore, error) {
	store, err := js.ObjectStore(ctx, o.ResultObjects)
	if err == nil {
		return store, nil
	}
	store, err = js.CreateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket:      o.ResultObjects,
		Description: "leanprm results larger than the servers' max_payload",
		TTL:         o.ResultTTL,
		Storage:     o.storage(),
		Replicas:    o.Replicas,
	})
	if errors.Is(err, jetstream.ErrBucketExists) || errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
		store, err = js.ObjectStore(ctx, o.ResultObjects)
	}
	if err != nil {
		return nil, fmt.Errorf("natsq: set up object store %s: %w", o.ResultObjects, err)
	}
	return store, nil
}

// orUnlimited is n, or -1 (JetStream's "no limit") for 0.
func orUnlimited(n int64) int64 {
	if n <= 0 {
		return -1
	}
	return n
}
