// Package natstest runs NATS servers with JetStream inside a test's process, on loopback, for
// the tests of the scale-out (internal/dispatch/natsq, cmd/leanprm): no external service.
package natstest

import (
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/require"
)

// Start runs a server with opts (nil: the defaults) on a free loopback port, with JetStream
// storing in a temporary directory, no logging and no signal handlers, and shuts it down
// when the test ends. Security settings (TLS, authorization, operators) are the caller's.
func Start(tb testing.TB, opts *server.Options) *server.Server {
	tb.Helper()
	if opts == nil {
		opts = &server.Options{}
	}
	opts.Host, opts.Port, opts.JetStream, opts.StoreDir, opts.NoLog, opts.NoSigs = "127.0.0.1", -1, true, tb.TempDir(), true, true
	s, err := server.NewServer(opts)
	require.NoError(tb, err)
	go s.Start()
	require.True(tb, s.ReadyForConnections(10*time.Second), "nats server did not start")
	tb.Cleanup(func() {
		s.Shutdown()
		s.WaitForShutdown()
	})
	return s
}
