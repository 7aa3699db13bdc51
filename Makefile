# leanprm — see README.md. Two commands set everything up on a fresh machine:
#   make demo   runs the main job on embedded defaults
#   make test   runs the tests (with the race detector)
GO      ?= go
BIN     := bin/leanprm
PKGS    := ./...
BENCHTIME ?= 1x

.PHONY: all build test bench demo lint lean e2e model fuzz clean deploy-check same-output

all: build

build:
	$(GO) build -ldflags "-X main.commit=$$(git rev-parse HEAD 2>/dev/null)" -o $(BIN) ./cmd/leanprm

test:
	$(GO) test -race -timeout 30m $(PKGS)

# Speed and memory are measured here, never in timed tests.
bench:
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

demo: build
	@./scripts/demo.sh $(BIN)

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

# Real Lean: installs elan when missing, then fetches and builds the pinned REPL in lean-project/.
# Needs the internet. MATHLIB=1 sets up the Mathlib variant too (gigabytes; see lean-project/mathlib).
lean: build
	./scripts/install-elan.sh
	PATH="$$HOME/.elan/bin:$$PATH" $(BIN) lean setup --lean-project lean-project
	@if [ "$(MATHLIB)" = "1" ]; then \
		(cd lean-project/mathlib && PATH="$$HOME/.elan/bin:$$PATH" lake update && \
			PATH="$$HOME/.elan/bin:$$PATH" lake exe cache get) && \
		PATH="$$HOME/.elan/bin:$$PATH" $(BIN) lean setup --lean-project lean-project/mathlib; fi

# Tests against real Lean (build tag `lean`). They need `lake` on PATH and `make lean` done.
# E2E_TIMEOUT is go test's -timeout: its default of 10 minutes is too short with -race and real
# REPL starts; the Mathlib job (import Mathlib in every worker and kernel replay) sets more.
E2E_TIMEOUT ?= 50m
e2e:
	@if command -v lake >/dev/null 2>&1 || [ -x "$$HOME/.elan/bin/lake" ]; then \
		PATH="$$HOME/.elan/bin:$$PATH" $(GO) test -race -tags lean -count=1 -timeout $(E2E_TIMEOUT) -run 'Lean' $(PKGS); \
	else \
		echo "make e2e: lake was not found on PATH or in ~/.elan/bin, so the real-Lean tests did not run."; \
		echo "          Run 'make lean' on a machine with internet access first."; \
		exit 1; \
	fi

# Regenerates hybrid/prm/embedded/model.bin from ../shared/data, byte for byte (same data, same seed).
model: build
	$(BIN) train --data ../shared/data --seed 1 --out hybrid/prm/embedded/model.bin

# The deployment artefacts in deploy/: every manifest decoded strictly into the Kubernetes API
# types and checked (no cluster, no Docker daemon needed); then the Dockerfile through a linter
# when one is installed: hadolint, else dockerfile-utils (npm install -g dockerfile-utils).
deploy-check:
	$(GO) test -race -count=1 ./deploy/
	@if command -v hadolint >/dev/null 2>&1; then hadolint --failure-threshold error deploy/Dockerfile; \
	elif command -v dockerfile-utils >/dev/null 2>&1; then dockerfile-utils lint deploy/Dockerfile && echo "deploy-check: dockerfile-utils lint: no problems"; \
	else echo "deploy-check: no Dockerfile linter installed (hadolint, dockerfile-utils); the Dockerfile was checked by the Go tests only"; fi

# Byte-identical behaviour against another commit on all of ../shared/data (check, translate,
# eval, verify-proof): for refactors that must change nothing a user sees. BASE=main by default.
BASE ?= main
same-output:
	./scripts/same-output.sh $(BASE)

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzDecoder -fuzztime 30s ./leanbridge/repl/

clean:
	rm -rf bin
