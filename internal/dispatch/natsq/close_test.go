package natsq_test

import (
	"context"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch/natsq"
)

// gatewayGoroutines are the stacks of the goroutines running a Gateway method.
func gatewayGoroutines() []string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	var out []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "natsq.(*Gateway).") {
			out = append(out, g)
		}
	}
	return out
}

// startNATSOn runs a NATS server on port, with JetStream or without, until the test ends or
// it is shut down.
func startNATSOn(t *testing.T, port int, jetStream bool) *server.Server {
	t.Helper()
	s, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: port, JetStream: jetStream,
		StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	require.NoError(t, err)
	go s.Start()
	require.True(t, s.ReadyForConnections(10*time.Second))
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s
}

// TestGatewayCloseWaitsForItsGoroutines: after a reconnect to a server whose JetStream is gone,
// the gateway's recovery retries setting the streams up again for a minute. Close cancels it
// and returns only once it ended: no goroutine of the gateway outlives Close. (Before, the
// recovery ran on context.Background() and Close returned while it went on.)
func TestGatewayCloseWaitsForItsGoroutines(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())
	first := startNATSOn(t, port, true)
	nc, err := nats.Connect(first.ClientURL(), nats.ReconnectWait(20*time.Millisecond), nats.MaxReconnects(-1))
	require.NoError(t, err)
	defer nc.Close()
	g, err := natsq.NewGateway(context.Background(), nc, natsq.GatewayOptions{})
	require.NoError(t, err)

	first.Shutdown()
	first.WaitForShutdown()
	startNATSOn(t, port, false) // the same address, no JetStream: Setup fails until a minute passes
	require.Eventually(t, func() bool { return nc.Stats().Reconnects > 0 && nc.IsConnected() }, 10*time.Second, 10*time.Millisecond)
	require.Eventually(t, func() bool {
		for _, s := range gatewayGoroutines() {
			if strings.Contains(s, "(*Gateway).recover") {
				return true
			}
		}
		return false
	}, 5*time.Second, 10*time.Millisecond, "the recovery runs")

	start := time.Now()
	require.NoError(t, g.Close())
	assert.Less(t, time.Since(start), 5*time.Second, "Close cancels what its goroutines do")
	assert.Empty(t, gatewayGoroutines(), "no goroutine of the gateway outlives Close")
}
