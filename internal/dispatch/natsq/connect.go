package natsq

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/nats-io/nats.go"
)

// Security is how a gateway or a worker proves who it is to the NATS servers and checks who
// they are. The zero value connects as NATS does by default: no credentials, TLS only when the
// URL's scheme (tls://) or the server asks for it.
type Security struct {
	// Creds is a credentials file: a user JWT and its nkey seed, as `nsc` writes them (the
	// decentralised JWT authentication of an operator-mode NATS deployment).
	Creds string
	// Token is the token of a server configured with `authorization { token: … }`. It is a
	// value, not a file: the caller reads it from wherever it keeps secrets.
	Token string
	// CA is a PEM bundle of the authorities that sign the servers' certificates; Cert and Key
	// are a client certificate and its key for servers that verify clients (mutual TLS).
	// Naming any of them makes TLS required.
	CA, Cert, Key string
}

// options turns s into nats.Connect options, after checking that every file it names can
// be read, so that a wrong path reads as one rather than as a TLS or authorisation failure.
func (s Security) options() ([]nats.Option, error) {
	if (s.Cert == "") != (s.Key == "") {
		return nil, errors.New("a client certificate needs its key and a key its certificate (nats.tls_cert and nats.tls_key)")
	}
	if s.Creds != "" && s.Token != "" {
		return nil, errors.New("both a credentials file and a token: name one (the server takes one way of authenticating)")
	}
	for _, f := range []struct{ what, path string }{{"credentials file", s.Creds}, {"CA bundle", s.CA}, {"client certificate", s.Cert}, {"client key", s.Key}} {
		if f.path == "" {
			continue
		}
		fh, err := os.Open(f.path)
		if err != nil {
			return nil, fmt.Errorf("the NATS %s: %w", f.what, err)
		}
		fh.Close()
	}
	var opts []nats.Option
	if s.Creds != "" {
		opts = append(opts, nats.UserCredentials(s.Creds))
	}
	if s.Token != "" {
		opts = append(opts, nats.Token(s.Token))
	}
	if s.CA != "" {
		opts = append(opts, nats.RootCAs(s.CA))
	}
	if s.Cert != "" {
		opts = append(opts, nats.ClientCert(s.Cert, s.Key))
	}
	if s.CA != "" || s.Cert != "" {
		opts = append(opts, nats.Secure())
	}
	return opts, nil
}

// Connect dials the NATS servers in url (a comma-separated list, as config's nats.url) for a
// gateway or a worker named name, authenticating and checking the servers as sec says: a
// 10 s dial timeout, and reconnecting forever, since a NATS restart must end neither a
// gateway nor a worker (the gateway reads back the results it missed; see NewGateway). The
// caller closes the connection.
func Connect(url, name string, sec Security) (*nats.Conn, error) {
	opts, err := sec.options()
	if err != nil {
		return nil, fmt.Errorf("natsq: connect to %s: %w", url, err)
	}
	opts = append(opts,
		nats.Name(name),
		nats.Timeout(10*time.Second),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
	)
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, fmt.Errorf("natsq: connect to %s: %w", url, err)
	}
	return nc, nil
}
