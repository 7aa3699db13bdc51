package natsq

import (
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
)

// Connect dials the NATS servers in url (a comma-separated list, as config's nats.url) for a
// gateway or a worker named name: a 10 s dial timeout, and reconnecting forever, since a NATS
// restart must end neither a gateway nor a worker (the gateway reads back the results it
// missed; see NewGateway). The caller closes the connection.
func Connect(url, name string) (*nats.Conn, error) {
	nc, err := nats.Connect(url,
		nats.Name(name),
		nats.Timeout(10*time.Second),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
	)
	if err != nil {
		return nil, fmt.Errorf("natsq: connect to %s: %w", url, err)
	}
	return nc, nil
}
