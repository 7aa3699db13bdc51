package wire

import (
	"fmt"
	"os"
	"strings"

	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/internal/dispatch/natsq"
	"github.com/nats-io/nats.go"
)

// natsTokenEnv holds the NATS token when nats.token_file names no file: a token on the
// command line would show in ps, and in `leanprm config` as a setting.
const natsTokenEnv = "LEANPRM_NATS_TOKEN"

// natsSecurity gathers how serve --nats and worker authenticate to NATS.
func natsSecurity(c config.NATS) (natsq.Security, error) {
	sec := natsq.Security{Creds: c.Creds, CA: c.TLSCA, Cert: c.TLSCert, Key: c.TLSKey}
	if c.TokenFile != "" {
		b, err := os.ReadFile(c.TokenFile)
		if err != nil {
			return sec, fmt.Errorf("reading the NATS token: %w", err)
		}
		if sec.Token = strings.TrimSpace(string(b)); sec.Token == "" {
			return sec, fmt.Errorf("the NATS token file %s is empty", c.TokenFile)
		}
		return sec, nil
	}
	sec.Token = strings.TrimSpace(os.Getenv(natsTokenEnv))
	return sec, nil
}

// ConnectNATS dials nats.url as name with the configured credentials and TLS.
func ConnectNATS(c config.NATS, name string) (*nats.Conn, error) {
	sec, err := natsSecurity(c)
	if err != nil {
		return nil, fmt.Errorf("natsq: connect to %s: %w", c.URL, err)
	}
	return natsq.Connect(c.URL, name, sec)
}

// NATSOptions are the streams' settings (nats.storage, nats.replicas and the task stream's
// limits) that gateways and workers set up alike.
func NATSOptions(c config.NATS) natsq.Options {
	return natsq.Options{FileStorage: c.Storage == config.StorageFile, Replicas: c.Replicas,
		MaxAge: c.MaxAge, MaxBytes: c.MaxBytes, MaxMsgs: int64(c.MaxMsgs)}
}
