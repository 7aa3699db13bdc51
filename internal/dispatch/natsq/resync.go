package natsq

import (
	"context"
	"slices"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// recover runs after a reconnect. Results published while the gateway was away are read
// back from the result stream. If the task stream is not the one the gateway set up (a NATS
// server with memory storage restarted, and lost it), the streams are set up again and every
// task still waited for is queued again, under its key as message id so that gateways doing
// the same collapse their copies.
func (g *Gateway) recover(life context.Context) {
	ctx, cancel := context.WithTimeout(life, time.Minute)
	defer cancel()
	// In a cluster that lost a server, JetStream answers only once the streams' leaders are
	// elected again: retry for a minute; past it, the items' deadlines answer them.
	var tasks jetstream.Stream
	var err error
	for delay := 50 * time.Millisecond; ; delay = min(2*delay, 2*time.Second) {
		if tasks, _, _, err = Setup(ctx, g.js, g.opts.Options); err == nil {
			break
		}
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return
		}
	}
	created := tasks.CachedInfo().Created
	g.mu.Lock()
	lost := !created.Equal(g.created)
	g.created = created
	g.mu.Unlock()
	g.resync(ctx)
	if !lost {
		return
	}
	g.mu.Lock()
	var keys []string
	var groups [][]*slot
	for k, ws := range g.waiting {
		var open []*slot
		for _, s := range ws {
			if !s.done {
				open = append(open, s)
			}
		}
		if len(open) > 0 {
			keys, groups = append(keys, k), append(groups, open)
		}
	}
	g.mu.Unlock()
	for i, k := range keys {
		g.requeue(ctx, k, k, groups[i])
	}
}

// resync answers, from the result stream, every waiting key whose result is stored.
func (g *Gateway) resync(ctx context.Context) {
	g.mu.Lock()
	keys := make([]string, 0, len(g.waiting))
	for k := range g.waiting {
		keys = append(keys, k)
	}
	g.mu.Unlock()
	for _, k := range keys {
		if ctx.Err() != nil {
			return
		}
		raw, err := g.results.GetLastMsgForSubject(ctx, g.opts.resultSubject(k))
		if err != nil {
			continue
		}
		g.deliverRaw(k, raw.Data, raw.Header)
	}
}

// sweep reads back, every ResyncEvery, the stored results of the keys waited for longest
// since they were registered or last read (at most ResyncBatch a round), until the gateway
// closes.
func (g *Gateway) sweep(life context.Context) {
	tick := time.NewTicker(g.opts.ResyncEvery)
	defer tick.Stop()
	for {
		select {
		case <-life.Done():
			return
		case <-tick.C:
		}
		for _, key := range g.due(time.Now()) {
			ctx, cancel := context.WithTimeout(life, 10*time.Second)
			raw, err := g.results.GetLastMsgForSubject(ctx, g.opts.resultSubject(key))
			cancel()
			if err == nil {
				g.deliverRaw(key, raw.Data, raw.Header)
			}
		}
	}
}

// due returns the keys to read back at now: waited for at least ResyncEvery since they were
// registered or last read, those read least recently first, at most ResyncBatch; it marks
// them read at now.
func (g *Gateway) due(now time.Time) []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var keys []string
	for k, at := range g.checked {
		if now.Sub(at) >= g.opts.ResyncEvery {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b string) int { return g.checked[a].Compare(g.checked[b]) })
	keys = keys[:min(len(keys), ResyncBatch)]
	for _, k := range keys {
		g.checked[k] = now
	}
	return keys
}
