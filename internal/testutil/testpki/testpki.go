// Package testpki makes certificate authorities and certificates for tests that run TLS
// servers on loopback (NATS with TLS and mutual TLS). Not for production keys: they are
// written to the test's temporary directory and live for one test.
package testpki

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// CA is a certificate authority made for one test, and the PEM files of what it signed.
type CA struct {
	dir   string
	ca    *x509.Certificate
	caKey *ecdsa.PrivateKey
	// CAFile is the PEM file of the CA's certificate: the bundle clients verify servers with.
	CAFile string
	serial int64
}

// New makes a CA whose certificate is written to CAFile in a temporary directory.
func New(t testing.TB) *CA {
	t.Helper()
	p := &CA{dir: t.TempDir()}
	var err error
	p.caKey, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "leanprm test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &p.caKey.PublicKey, p.caKey)
	require.NoError(t, err)
	p.ca, err = x509.ParseCertificate(der)
	require.NoError(t, err)
	p.CAFile = p.write(t, "ca.pem", "CERTIFICATE", der)
	p.serial = 1
	return p
}

func (p *CA) write(t testing.TB, name, typ string, der []byte) string {
	t.Helper()
	path := filepath.Join(p.dir, name)
	require.NoError(t, os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600))
	return path
}

// Issue signs a certificate for 127.0.0.1 (a server) or for a client, and writes it and its
// key as PEM files named after name.
func (p *CA) Issue(t testing.TB, name string, client bool) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	p.serial++
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(p.serial), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
	}
	if client {
		tmpl.ExtKeyUsage, tmpl.IPAddresses = []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}, nil
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, p.ca, &key.PublicKey, p.caKey)
	require.NoError(t, err)
	kb, err := x509.MarshalECPrivateKey(key)
	require.NoError(t, err)
	return p.write(t, name+".pem", "CERTIFICATE", der), p.write(t, name+".key", "EC PRIVATE KEY", kb)
}
