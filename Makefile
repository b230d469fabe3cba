# Task Surface: one entry point for building, demoing, testing and measuring.
# The README's two commands are `make demo` (the keyless dsh demo) and `make test`.
# The loops, fastest first: `make check` (a few minutes: vet, Go tests, the host shim's unit
# tests, generated code current), `make test` (every test; progress at least every 30 s), and
# `make release-check` (the six-platform bundle build and its reproducibility; CI runs it too).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go
BIN := bin
PLUGIN := $(BIN)/task-surface-plugin
SURFACE ?= compare-options
FUZZTIME ?= 20s
# make test runs each race (a submit against a composer message, a dismiss against a submit, two
# submits) and kills dsh web after an accept (tests/e2e from Node, tests/browser with the Dock in
# Chromium) fewer times than the issue's counts (100 rounds of each race, 20 kills at each of 5
# delays), so that it stays within 15 minutes (a kill costs about 6 s, a round 0.6-1.7 s);
# make release-check, which CI runs too, runs the races and the kills in Chromium in full.
RACE_ROUNDS ?= 15
KILL_RUNS ?= 1
BROWSER_KILL_RUNS ?= 1
# The generated files `make generate` writes and test-generated holds current.
GENERATED := sdk/internal/tsproto3 host-shim/src/wire/words.gen.js client-bundle/src/contract/words.gen.ts \
	host-shim/src/wire/rpc.js client-bundle/src/contract/rpc.gen.ts client-bundle/src/contract/model.gen.ts
# Long targets run each step through tools/step.sh: the step's name and the time elapsed since
# the target began, and a heartbeat while a step is silent.
STEP := tools/step.sh
ifndef TASK_SURFACE_T0
export TASK_SURFACE_T0 := $(shell date +%s)
endif

.PHONY: gofmt all build bundle demo demo-check demo-go check check-go check-shim test test-go test-generated \
	test-fuzz test-node test-browser release release-check screenshots fuzz bench generate clean

all: build

## build: the plugin binary for this machine, with its SHA-256 beside it
build:
	@mkdir -p $(BIN)
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags="-s -w" -o $(PLUGIN) ./plugin/cmd/task-surface-plugin
	sha256sum $(PLUGIN) | cut -d' ' -f1 > $(PLUGIN).sha256

## bundle: the npm tarball in dist/ with the plugin for linux, darwin and windows (amd64, arm64),
## the browser half built by client-bundle's own build, and manifest.json with every SHA-256:
## the offline install (dsh plugin --profile web add ./dist/dsh-task-surface-<version>.tgz)
bundle:
	tools/bundle/build.sh --out dist --platforms all --client build

## release: the seven npm packages of this version in dist/release (tools/release.sh): the main
## package (no binary, at most 1 MiB) and one dsh-task-surface-<platform> per binary with its os
## and cpu; reproducible, checked, and the order to publish them in printed last
release:
	tools/release.sh --out dist/release

## demo: the bundle inside a real `dsh web` with a scripted keyless model; prints the URL and
## runs until Ctrl-C. SURFACE=<example name>|<model file>|all picks what the model opens;
## PORT, PATCH (a patch layer, e.g. examples/demo/limits.patch.yml) are optional.
demo:
	SURFACE="$(SURFACE)" examples/demo/demo.sh

## demo-check: the demo driven end to end in headless Chromium (every example unless SURFACE
## is given); exits 0 or 1. `DEMO_CHECK=1 make demo` is the same for SURFACE alone.
demo-check:
	DEMO_CHECK=1 SURFACE="$(if $(filter file,$(origin SURFACE)),all,$(SURFACE))" examples/demo/demo.sh

## demo-go: the Go harness example: launch the plugin, open SURFACE, submit it. SURFACE takes the
## same forms as for make demo (examples/demo/surfaces.mjs resolves it): an example's name, a model
## file, or all (each example in turn)
demo-go: build
	@files="$$(node examples/demo/surfaces.mjs "$(SURFACE)")"; \
	while IFS= read -r file; do \
	  echo "== make demo-go: $$file"; \
	  $(GO) run ./examples/go-harness -plugin $(PLUGIN) -sha256 "$$(cat $(PLUGIN).sha256)" -surface "$$file"; \
	done <<< "$$files"

## check: the inner loop, in a few minutes: the generated code current, go vet, every Go test
## (unit, conformance, integration and faults; without -race) and the host shim's unit tests
check: test-generated check-go check-shim

check-go: gofmt
	$(STEP) "go vet" $(GO) vet ./...
	$(STEP) "go test" $(GO) test -count=1 ./...

## check-shim: the host shim's unit tests and the fold twin's vectors (installs Node 22 and the
## npm workspace's dependencies on first use)
check-shim:
	$(STEP) "host shim unit tests" tests/e2e/run.sh 'host-shim/test/**/*.test.js'

## test: every test: generated code current, Go (unit, conformance, integration, faults) with the
## race detector, every fuzz target for a short bounded time, the host shim and the real harness
## (the bundle built for this machine, installed into dsh), the demo check, the client bundle in
## Chromium against the real harness. Each step prints its elapsed time; silent steps a heartbeat.
## It leaves `git status` as it was (screenshots go to an ignored folder).
test: test-generated test-go test-fuzz test-node test-browser
	@echo "== [$$(( ($$(date +%s) - $(TASK_SURFACE_T0)) / 60 )) min] make test: every step passed"

## gofmt: every tracked Go file as gofmt writes it
gofmt:
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

test-go: gofmt
	$(STEP) "go vet" $(GO) vet ./...
	$(STEP) "go test -race" $(GO) test -race -count=1 ./...

## test-generated: the committed generated code is what the pinned generators produce
## (the Go code of the wire contract and the contract words for the host shim and the client)
test-generated:
	$(STEP) "generated code" ./tools/protogen.sh
	@if [ -n "$$(git status --porcelain -- $(GENERATED))" ]; then \
	  git status --short -- $(GENERATED); \
	  echo "generated code is stale: run make generate and commit"; exit 1; \
	fi

## test-node: the host shim's unit tests, the real-harness suite and the demo check (installs
## Node 22, pnpm and dsh 0.1.0-rc.8 into .cache on first use)
test-node:
	TASK_SURFACE_RACE_ROUNDS=$(RACE_ROUNDS) TASK_SURFACE_KILL_RUNS=$(KILL_RUNS) $(STEP) "host shim and real harness" tests/e2e/run.sh

## test-browser: the client bundle (committed build current, types, components) and the whole
## flow in Debian's Chromium against the real dsh web; screenshots in tests/browser/artifacts/
test-browser:
	TASK_SURFACE_BROWSER_KILL_RUNS=$(BROWSER_KILL_RUNS) $(STEP) "browser" tests/browser/run.sh

## release-check: the release build, slow: the bundle for all six platforms, stripped, with
## the digests the shim checks, and reproducible (built twice, and once more from another folder
## with an empty Go build cache); `make release`'s seven packages, checked and the same bytes
## from another folder; the Windows x64 binary under Wine (version, validate, describe); the
## three races of one outcome and the kills of dsh web after an accept at their full counts; the
## Dock's window-size sweep in full.
## .ci/run runs it after `make test`.
release-check:
	$(STEP) "release build, packages, registry install, Wine" tests/e2e/run.sh 'tests/e2e/release/*.test.mjs'
	$(STEP) "one outcome (3 races, 100 rounds each), in full" tests/e2e/run.sh tests/e2e/one-outcome.test.mjs
	$(STEP) "accepted answers in the log once or given back in the Dock (100 kills of dsh web, Chromium), in full" tests/browser/run.sh tests/browser/dock-kills.test.mjs
	TASK_SURFACE_SIZES=full $(STEP) "the Dock at every window size (every 40 px from 320 to 2560, four heights, every example), in full" tests/browser/run.sh tests/browser/dock-sizes.test.mjs

## screenshots: rewrite the committed screenshots the README shows (tests/browser/screenshots/)
## by running the browser flow with its screenshots pointed there; commit the result on purpose
screenshots:
	TASK_SURFACE_SCREENSHOTS=tests/browser/screenshots $(STEP) "screenshots" tests/browser/run.sh tests/browser/task-surface.test.mjs tests/browser/people.test.mjs tests/browser/typed-inputs.test.mjs tests/browser/decisions.test.mjs tests/browser/interview.test.mjs tests/browser/dock-sizes.test.mjs

## fuzz: each fuzz target for FUZZTIME (default 20s)
fuzz:
	./tools/fuzz.sh $(FUZZTIME)

test-fuzz:
	$(STEP) "fuzz 8s each" ./tools/fuzz.sh 8s

## bench: every benchmark, with ratios against references measured in the same run
bench: build
	./tools/bench.sh

## generate: regenerate the code of the wire contract (tools/protogen.sh)
generate:
	./tools/protogen.sh

clean:
	rm -rf $(BIN)
