package natsq_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/dispatch/natsq"
	"github.com/leanprm/leanprm/internal/testutil/natstest"
	"github.com/leanprm/leanprm/internal/testutil/testpki"
)

// roundTrip runs items through a gateway and a worker that connect with sec.
func roundTrip(t *testing.T, url string, sec natsq.Security) {
	t.Helper()
	gc, err := natsq.Connect(url, "gateway", sec)
	require.NoError(t, err)
	defer gc.Close()
	g, err := natsq.NewGateway(context.Background(), gc, natsq.GatewayOptions{})
	require.NoError(t, err)
	defer g.Close()
	wc, err := natsq.Connect(url, "worker", sec)
	require.NoError(t, err)
	defer wc.Close()
	w, err := natsq.NewWorker(context.Background(), wc, &peakHandler{}, natsq.WorkerOptions{Capacity: 2, FetchWait: 200 * time.Millisecond})
	require.NoError(t, err)
	wctx, stop := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- w.Run(wctx) }()
	defer func() {
		stop()
		<-ran
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res := g.Execute(ctx, items(5, "secure"))
	require.Len(t, res, 5)
	for i, r := range res {
		p, err := decodeEcho(r)
		require.NoError(t, err, "item %d", i)
		assert.Equal(t, i, p.N)
	}
}

// TestConnectTLSAndToken: a server that speaks only TLS and wants a token is reached with the
// CA bundle and the token, and turned down, each with an error saying why, without either.
func TestConnectTLSAndToken(t *testing.T) {
	p := testpki.New(t)
	cert, key := p.Issue(t, "server", false)
	tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: cert, KeyFile: key})
	require.NoError(t, err)
	url := natstest.Start(t, &server.Options{TLS: true, TLSConfig: tc, TLSTimeout: 5, Authorization: "s3cret-token"}).ClientURL()

	roundTrip(t, url, natsq.Security{CA: p.CAFile, Token: "s3cret-token"})

	_, err = natsq.Connect(url, "no CA", natsq.Security{Token: "s3cret-token"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "certificate")
	_, err = natsq.Connect(url, "wrong token", natsq.Security{CA: p.CAFile, Token: "guess"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Authorization Violation")
	other := testpki.New(t)
	_, err = natsq.Connect(url, "another CA", natsq.Security{CA: other.CAFile, Token: "s3cret-token"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "certificate")
}

// TestConnectMutualTLS: a server that verifies clients lets in the one with a certificate its
// CA signed, and no other.
func TestConnectMutualTLS(t *testing.T) {
	p := testpki.New(t)
	cert, key := p.Issue(t, "server", false)
	tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: cert, KeyFile: key, CaFile: p.CAFile, Verify: true})
	require.NoError(t, err)
	url := natstest.Start(t, &server.Options{TLS: true, TLSConfig: tc, TLSTimeout: 5, TLSVerify: true}).ClientURL()

	ccert, ckey := p.Issue(t, "client", true)
	roundTrip(t, url, natsq.Security{CA: p.CAFile, Cert: ccert, Key: ckey})

	_, err = natsq.Connect(url, "no client certificate", natsq.Security{CA: p.CAFile})
	require.Error(t, err)
	stranger := testpki.New(t)
	scert, skey := stranger.Issue(t, "stranger", true)
	_, err = natsq.Connect(url, "a stranger's certificate", natsq.Security{CA: p.CAFile, Cert: scert, Key: skey})
	require.Error(t, err)
}

// TestConnectCredentials: an operator-mode server (decentralised JWT authentication, the way
// `nsc` sets NATS up) admits a user with a credentials file its account signed, with
// JetStream enabled for the account, and nobody without one.
func TestConnectCredentials(t *testing.T) {
	okp, err := nkeys.CreateOperator()
	require.NoError(t, err)
	opub, err := okp.PublicKey()
	require.NoError(t, err)
	oc := jwt.NewOperatorClaims(opub)
	oc.Name = "leanprm test operator"
	ojwt, err := oc.Encode(okp)
	require.NoError(t, err)
	oclaims, err := jwt.DecodeOperatorClaims(ojwt)
	require.NoError(t, err)

	akp, err := nkeys.CreateAccount()
	require.NoError(t, err)
	apub, err := akp.PublicKey()
	require.NoError(t, err)
	ac := jwt.NewAccountClaims(apub)
	ac.Name = "leanprm"
	ac.Limits.JetStreamLimits = jwt.JetStreamLimits{MemoryStorage: -1, DiskStorage: -1, Streams: -1, Consumer: -1}
	ajwt, err := ac.Encode(okp)
	require.NoError(t, err)

	skp, err := nkeys.CreateAccount() // the system account an operator-mode server wants
	require.NoError(t, err)
	spub, err := skp.PublicKey()
	require.NoError(t, err)
	sc := jwt.NewAccountClaims(spub)
	sc.Name = "SYS"
	sjwt, err := sc.Encode(okp)
	require.NoError(t, err)

	resolver := &server.MemAccResolver{}
	require.NoError(t, resolver.Store(apub, ajwt))
	require.NoError(t, resolver.Store(spub, sjwt))
	url := natstest.Start(t, &server.Options{TrustedOperators: []*jwt.OperatorClaims{oclaims}, AccountResolver: resolver, SystemAccount: spub}).ClientURL()

	ukp, err := nkeys.CreateUser()
	require.NoError(t, err)
	upub, err := ukp.PublicKey()
	require.NoError(t, err)
	uc := jwt.NewUserClaims(upub)
	uc.Name = "leanprm worker"
	ujwt, err := uc.Encode(akp)
	require.NoError(t, err)
	seed, err := ukp.Seed()
	require.NoError(t, err)
	creds, err := jwt.FormatUserConfig(ujwt, seed)
	require.NoError(t, err)
	credsFile := filepath.Join(t.TempDir(), "leanprm.creds")
	require.NoError(t, os.WriteFile(credsFile, creds, 0o600))

	roundTrip(t, url, natsq.Security{Creds: credsFile})

	_, err = natsq.Connect(url, "anonymous", natsq.Security{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Authorization Violation")
}

// TestConnectSecurityMistakes: settings that cannot work are named before any dial.
func TestConnectSecurityMistakes(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		sec  natsq.Security
		want string
	}{
		{"a certificate without its key", natsq.Security{Cert: "c.pem"}, "needs its key"},
		{"a key without its certificate", natsq.Security{Key: "c.key"}, "needs its key"},
		{"creds and a token", natsq.Security{Creds: "u.creds", Token: "t"}, "name one"},
		{"a missing CA bundle", natsq.Security{CA: filepath.Join(dir, "ca.pem")}, "the NATS CA bundle: open " + filepath.Join(dir, "ca.pem")},
		{"a missing credentials file", natsq.Security{Creds: filepath.Join(dir, "u.creds")}, "the NATS credentials file: open"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := natsq.Connect("nats://127.0.0.1:1", "mistake", tc.sec)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), "nats://127.0.0.1:1")
		})
	}
}
