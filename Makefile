# Task Surface: one entry point for building, demoing, testing and measuring.
# The README's two commands are `make demo` (the keyless dsh demo) and `make test`.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go
BIN := bin
PLUGIN := $(BIN)/task-surface-plugin
SURFACE ?= examples/surfaces/compare-options.json
FUZZTIME ?= 20s

.PHONY: all build bundle demo demo-check demo-go test test-go test-generated test-fuzz test-node test-browser fuzz bench generate clean

all: build

## build: the plugin binary for this machine, with its SHA-256 beside it
build:
	@mkdir -p $(BIN)
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags="-s -w" -o $(PLUGIN) ./plugin/cmd/task-surface-plugin
	sha256sum $(PLUGIN) | cut -d' ' -f1 > $(PLUGIN).sha256

## bundle: the npm tarball in dist/ with the plugin for linux, darwin and windows (amd64, arm64),
## the browser half built by client-bundle's own build, and manifest.json with every SHA-256
bundle:
	tools/bundle/build.sh --out dist --platforms all --client build

## demo: the bundle inside a real `dsh web` with a scripted keyless model; prints the URL and
## runs until Ctrl-C. SURFACE=<example name>|<model file>|all picks what the model opens;
## PORT, PATCH (a patch layer, e.g. examples/demo/limits.patch.yml) are optional.
demo:
	SURFACE="$(SURFACE)" examples/demo/demo.sh

## demo-check: the demo driven end to end in headless Chromium (every example unless SURFACE
## is given); exits 0 or 1. `DEMO_CHECK=1 make demo` is the same for SURFACE alone.
demo-check:
	DEMO_CHECK=1 SURFACE="$(if $(filter file,$(origin SURFACE)),all,$(SURFACE))" examples/demo/demo.sh

## demo-go: the Go harness example: launch the plugin, open SURFACE, submit it
demo-go: build
	$(GO) run ./examples/go-harness -plugin $(PLUGIN) -sha256 "$$(cat $(PLUGIN).sha256)" -surface $(SURFACE)

## test: every test: generated code current, Go (unit, conformance, integration, faults),
## every fuzz target for a short bounded time, the host shim and the real harness, the client
## bundle in Chromium against the real harness
test: test-generated test-go test-fuzz test-node test-browser

test-go:
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

## test-generated: the committed generated code is what the pinned generators produce
test-generated:
	./tools/protogen.sh
	git diff --exit-code -- sdk/internal/tsproto1 || { echo "generated code is stale: run make generate and commit"; exit 1; }

## test-node: the host shim's unit tests and the real-harness suite (installs Node 22, pnpm and
## dsh 0.1.0-rc.8 into .cache on first use)
test-node:
	tests/e2e/run.sh

## test-browser: the client bundle (committed build current, types, components) and the whole
## flow in Debian's Chromium against the real dsh web
test-browser:
	tests/browser/run.sh

## fuzz: each fuzz target for FUZZTIME (default 20s)
fuzz:
	./tools/fuzz.sh $(FUZZTIME)

test-fuzz:
	./tools/fuzz.sh 8s

## bench: every benchmark, with ratios against references measured in the same run
bench: build
	./tools/bench.sh

## generate: regenerate the Go code of the wire contract
generate:
	./tools/protogen.sh

clean:
	rm -rf $(BIN)
