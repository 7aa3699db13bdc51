// Package natstest runs NATS servers with JetStream inside a test's process, on loopback, for
// the tests of the scale-out (internal/dispatch/natsq, cmd/leanprm): no external service.
package natstest

import (
	"fmt"
	"net"
	"strings"
	"sync"
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

// Cluster is a JetStream cluster of servers inside a test's process, each on loopback ports
// of its own with its store in a directory of its own, routed to all the others. A server
// can be shut down and started again on the same ports and store, as a restarted pod.
type Cluster struct {
	tb      testing.TB
	mu      sync.Mutex
	opts    []*server.Options
	servers []*server.Server // nil while shut down
}

// StartCluster runs n servers named n0…n<n-1> in cluster "leanprm" and waits until every
// one accepts clients; JetStream elects its meta leader shortly after (a client's first
// stream creation may need to retry). They are shut down when the test ends.
func StartCluster(tb testing.TB, n int) *Cluster {
	tb.Helper()
	client, routes := freePorts(tb, n), freePorts(tb, n)
	c := &Cluster{tb: tb, opts: make([]*server.Options, n), servers: make([]*server.Server, n)}
	for i := range n {
		var others []string
		for j := range n {
			if j != i {
				others = append(others, fmt.Sprintf("nats://127.0.0.1:%d", routes[j]))
			}
		}
		c.opts[i] = &server.Options{
			ServerName: fmt.Sprintf("n%d", i), Host: "127.0.0.1", Port: client[i],
			JetStream: true, StoreDir: tb.TempDir(), NoLog: true, NoSigs: true,
			Cluster: server.ClusterOpts{Name: "leanprm", Host: "127.0.0.1", Port: routes[i]},
			Routes:  server.RoutesFromStr(strings.Join(others, ",")),
		}
	}
	for i := range n {
		c.Start(i)
	}
	tb.Cleanup(func() {
		for i := range n {
			c.Shutdown(i)
		}
	})
	return c
}

// URLs is the client URL list of every server, comma-separated, as nats.Connect takes it.
func (c *Cluster) URLs() string {
	var urls []string
	for _, o := range c.opts {
		urls = append(urls, fmt.Sprintf("nats://127.0.0.1:%d", o.Port))
	}
	return strings.Join(urls, ",")
}

// Start starts server i (again), on its ports and store.
func (c *Cluster) Start(i int) {
	c.tb.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.servers[i] != nil {
		return
	}
	s, err := server.NewServer(c.opts[i])
	require.NoError(c.tb, err)
	go s.Start()
	require.True(c.tb, s.ReadyForConnections(10*time.Second), "nats server %d did not start", i)
	c.servers[i] = s
}

// Shutdown stops server i and waits until it is down: its clients reconnect to the others.
func (c *Cluster) Shutdown(i int) {
	c.mu.Lock()
	s := c.servers[i]
	c.servers[i] = nil
	c.mu.Unlock()
	if s != nil {
		s.Shutdown()
		s.WaitForShutdown()
	}
}

// freePorts picks n free loopback ports (held open together, so they differ).
func freePorts(tb testing.TB, n int) []int {
	tb.Helper()
	var ports []int
	var lns []net.Listener
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(tb, err)
		lns = append(lns, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	for _, ln := range lns {
		ln.Close()
	}
	return ports
}
