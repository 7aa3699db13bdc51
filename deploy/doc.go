// Package deploy holds leanprm's deployment artefacts and the tests that keep them honest; it
// has no code of its own.
//
//   - Dockerfile (+ Dockerfile.dockerignore): the image, multi-stage, with or without Lean.
//   - k8s/: plain Kubernetes manifests, one object per file, applied with `kubectl apply -f`.
//   - nats-values.yaml: values for the official NATS Helm chart (JetStream, three servers).
//   - README.md: building, applying, the scale-out recipe, sizing rules, security notes.
//
// The tests decode every manifest strictly into the Kubernetes API types (k8s.io/api), and
// KEDA's ScaledObject, a custom resource, into a local mirror of the part of KEDA's spec the
// manifests use: a misspelt or wrongly cased field fails `go test ./deploy/`. They then check
// what the API server would accept but the deployment would get wrong: selectors that match no
// pod, probes on undeclared ports, a worker whose CPU request is not its REPL capacity, a
// Secret or ConfigMap that is referenced but not shipped, `:latest` images, a leanprm.yaml
// that leanprm itself would refuse. `make deploy-check` runs them (and hadolint when present).
package deploy
