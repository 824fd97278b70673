# Showdown: the commands a newcomer and CI need.
#   make run   - the service on 127.0.0.1:8080
#   make test  - every test (unit, property, golden, corpus replay, end to end)
SHELL := /bin/bash
CARGO ?= cargo
PYTHON ?= python3
VENV := tests/.venv
PY := $(VENV)/bin/python

.PHONY: run test lint layers fmt bench exhaustive crosscheck equity-crosscheck all-in-ev-crosscheck betting-crosscheck icm-crosscheck pydeps openapi load soak fuzz schemathesis hadolint ci corpus clients fresh-clone attack

# The release profile, which `make test` shares: the service as it runs
# (about 0.9x the image's throughput), and the tests reuse every crate this
# builds (Cargo.toml). The image, the load tests and the benches build the
# `dist` profile instead.
run:
	$(CARGO) run --release --bin showdown -- serve

# Libraries' unit tests and integration tests; examples and benches are not
# run, so they are not built here, nor is criterion, the benches' library,
# behind the `bench` feature (make lint compiles every target). The
# `showdown` binary is built for the end-to-end tests; it has no tests of
# its own (`test = false`), so no harness of it is linked. First, in a
# second: no import circle between a crate's files, the server's layers
# in order, and the house's shape (tests/layers/, the `layers` target).
test: layers
	$(CARGO) test --release --workspace --lib --tests

lint: layers
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings

# No import circle between the files of a crate; the server's floors
# (settings, edge, routes, command line) import only downwards. The
# house's shape (tests/layers/structure.py): no .rs file over 600 lines,
# the settle route one folder a feature (DESIGN.md). And make run's
# crates resolve the same features in make test, so the test build
# reuses them (tests/build/shared_features.py; cargo tree, no build).
layers:
	$(PYTHON) tests/layers/import_circles.py
	$(PYTHON) tests/layers/structure.py
	$(PYTHON) tests/build/shared_features.py

fmt:
	$(CARGO) fmt --all

# The criterion benches sit behind each crate's `bench` feature, so the
# test build never compiles criterion.
bench:
	$(CARGO) bench --workspace --profile dist --features bench

# All 133,784,560 seven-card hands, category counts (release mode).
exhaustive:
	$(CARGO) test --release -p showdown-cards --test it -- --ignored --nocapture exhaustive

$(PY): tests/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r tests/requirements.txt
	touch $(PY)

pydeps: $(PY)

# Hand rankings against PokerKit 0.7.7 (independent implementation).
# 100,000 random pairs per kind of hand (tables of up to nine, seeded), on every core.
crosscheck: $(PY)
	mkdir -p target/crosscheck
	$(CARGO) run --quiet --release -p showdown-cards --example crosscheck_dump -- --pairs 100000 --seed 1 > target/crosscheck/hands.jsonl
	$(PY) tests/crosscheck/pokerkit_crosscheck.py target/crosscheck/hands.jsonl

# Exact equities (RULES.md §10) against PokerKit 0.7.7: every runout of
# 6 seeded flop and 6 turn spots a game (hold'em, short deck, the Omahas),
# a main and a side pot each, brute force in exact fractions; and 3
# hold'em spots before the flop against eval7.
equity-crosscheck: $(PY)
	mkdir -p target/crosscheck
	$(CARGO) run --quiet --release -p showdown-equity --example equity_dump -- --spots 6 --preflop 3 --seed 1 > target/crosscheck/equity.jsonl
	$(PY) tests/crosscheck/equity_crosscheck.py target/crosscheck/equity.jsonl

# All-in expectation (RULES.md §17) against PokerKit 0.7.7: 200 seeded
# all-in hands of hold'em, Omaha and Omaha hi-lo (side pots, folds, rake,
# chip units) settled by the release binary, and every allInEv entry
# counted again from the cards over every run-out, in exact fractions;
# 4 hold'em hands before the flop against eval7. About 30 s on 2 cores.
all-in-ev-crosscheck: $(PY)
	$(CARGO) build --quiet --release --bin showdown
	$(PY) tests/crosscheck/all_in_ev_crosscheck.py --bin target/release/showdown

# The betting route's next action (RULES.md §16.2-16.4, §16.7) against
# PokerKit 0.7.7's own betting: 300 seeded hands each of nine games (flop,
# stud and draw, the three betting structures) played in PokerKit, every
# decision asked of the release
# binary's POST /v1/betting, the flop games' hands also as OHH (the two
# readings must answer alike). Where PokerKit and RULES.md read the rules
# apart, each case is checked against the rule (the script's header lists
# them). About 30 s.
betting-crosscheck: $(PY)
	$(CARGO) build --quiet --release --bin showdown
	$(PY) tests/crosscheck/betting_crosscheck.py --bin target/release/showdown

# ICM deals (RULES.md §14.5-14.7) against a computation apart: every icm
# golden deal divided again in Python, exact fractions up to ten players,
# 600-bit fixed point above (the twenty-player one takes most of a minute).
icm-crosscheck:
	$(PYTHON) tests/crosscheck/icm_crosscheck.py

# Replay a PHH archive of recorded hands (CORPUS=path/to/hands.tar.gz,
# e.g. the public PHH dataset's 10,088 hands; not kept in the repository)
# and check every final stack against the record: `showdown replay`, then
# the corpus test that lists the odd-chip and skipped hands. Unpacks into
# git-ignored tests/corpus-data.
CORPUS ?=
corpus:
	@test -n "$(CORPUS)" || { echo "make corpus: set CORPUS to a PHH .tar.gz archive (make corpus CORPUS=path/to/hands.tar.gz)" >&2; exit 2; }
	@test -r "$(CORPUS)" || { echo "make corpus: cannot read $(CORPUS)" >&2; exit 2; }
	rm -rf tests/corpus-data && mkdir -p tests/corpus-data && tar xzf "$(CORPUS)" -C tests/corpus-data
	$(CARGO) run --quiet --release --bin showdown -- replay tests/corpus-data
	@# The flags of make test, so its build is reused: with -p, cargo resolves
	@# the dependencies' features for one crate and builds them all again.
	SHOWDOWN_CORPUS="$(abspath $(CORPUS))" $(CARGO) test --release --workspace --lib --tests corpus:: -- --nocapture

# Write openapi/openapi.json from the code, then API.md's field tables
# from its descriptions (the DTOs' doc comments: one place a field is
# described; crates/server/tests/it/api_tables.rs checks them).
openapi:
	$(CARGO) run --quiet --release --bin showdown -- openapi > openapi/openapi.json.tmp
	mv openapi/openapi.json.tmp openapi/openapi.json
	UPDATE_API_TABLES=1 $(CARGO) test --quiet --release -p showdown-server --test it api_tables::api_md_field_tables

# Two real clients of openapi/openapi.json: the TypeScript types that
# openapi-typescript generates must compile a small program under
# tsc --strict and reject a wrong variant; openapi-core (Python) must
# accept every golden request and answer.
clients: $(PY)
	@command -v npm >/dev/null || (apt-get update -qq && apt-get install -y -qq nodejs npm)
	cd tests/clients/ts && npm ci --no-audit --no-fund --loglevel=error && npm run --silent check
	$(PY) tests/clients/python/validate_golden.py

# Clone HEAD into an empty folder and time make run and make test there.
fresh-clone:
	tests/fresh_clone.sh

# CI itself: a fresh clone timed (make run, make test), then every check
# above in that clone (.ci/run).
ci:
	.ci/run

# --- Operations: docker/, tests/load/, tests/schemathesis/, fuzz/ ---------
.PHONY: audit image-check manifests image push
FUZZ_TARGETS ?= settle_json settle_structured http_request
FUZZ_RUNS ?= 1000000

# Lint docker/Dockerfile (make image-check builds it), type-check its
# build stage from the same files (docker/dry-build.sh); check compose.yaml
# against its schema, offline. The Kubernetes manifests: make manifests.
hadolint: $(PY)
	$(VENV)/bin/hadolint docker/Dockerfile
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.compose-spec docker/compose.yaml
	docker/dry-build.sh

# Every kustomization under docker/k8s (the base, overlays/production)
# rendered by `kubectl kustomize` and validated strictly for Kubernetes 1.30
# and 1.33 (kubernetes-validate; the ServiceMonitor against our own schema,
# tests/k8s/servicemonitor.schema.json), then checked for a safe rollout:
# tests/k8s/manifests.py, whose self-test breaks a copy each way first.
# kubectl comes with the machine (an apt package); else Debian's.
manifests: $(PY)
	@command -v kubectl >/dev/null || (apt-get update -qq && apt-get install -y -qq kubernetes-client)
	$(PY) tests/k8s/manifests.py --self-test
	$(PY) tests/k8s/manifests.py

# The image, labelled with its version, commit and source (OCI labels), and
# pushed: make push IMAGE=registry.example.com/showdown:1.1.0. ENGINE=podman
# builds with Podman (in the Docker format, which keeps the HEALTHCHECK).
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
IMAGE ?= showdown:$(VERSION)
ENGINE ?= docker
IMAGE_SOURCE ?= $(or $(shell git remote get-url origin 2>/dev/null),unknown)
image:
	$(ENGINE) build $(if $(filter podman,$(ENGINE)),--format docker) -f docker/Dockerfile \
		--build-arg VERSION=$(VERSION) --build-arg REVISION=$$(git rev-parse HEAD) \
		--build-arg SOURCE=$(IMAGE_SOURCE) -t $(IMAGE) .

push: image
	$(ENGINE) push $(IMAGE)

# Build docker/Dockerfile for real (Podman here, Docker elsewhere) and check
# the running image; stand-in base images when no registry can be reached
# (REBUILD_BASES=1 remakes them). What it proves: docker/README.md.
REBUILD_BASES ?= 0
image-check:
	REBUILD_BASES=$(REBUILD_BASES) docker/image-check.sh

# Showdown vs the bare-axum ceiling, wrk over loopback, 8 and 64 connections.
load:
	@command -v wrk >/dev/null || apt-get install -y -qq wrk || (apt-get update -qq && apt-get install -y -qq wrk)
	tests/load/load.sh

# The release binary on loopback under five connection-level attacks
# (tests/attack/attack.py, about 90 s): probes' success and p99, peak RSS;
# the equity flood; 400 stalled bodies of 1 MiB, with and without tokens
# (tests/attack/body_flood.py, about 60 s); and the HTTP/2 preface, two
# Host lines and slow readers (tests/attack/http_attacks.py, about 50 s);
# /healthz beside four worst cases of each heavy route, and twenty clients
# that never read a large settle (tests/attack/heavy_probe.py, about 85 s).
# Every attack runs even when one misses its target; the target fails at
# the end, naming the ones that missed.
ATTACKS = attack equity_flood deal_flood body_flood http_attacks heavy_probe
attack:
	$(CARGO) build --release --bin showdown
	@missed=; for a in $(ATTACKS); do $(PYTHON) tests/attack/$$a.py || missed="$$missed $$a"; done; \
	if [ -n "$$missed" ]; then echo "make attack: targets missed by:$$missed" >&2; exit 1; fi

# A few minutes of load with hostile bodies mixed in: errors and memory.
soak:
	@command -v wrk >/dev/null || apt-get install -y -qq wrk || (apt-get update -qq && apt-get install -y -qq wrk)
	tests/load/soak.sh

# libFuzzer on stable (RUSTC_BOOTSTRAP), FUZZ_RUNS executions per target.
fuzz:
	@command -v cargo-fuzz >/dev/null || $(CARGO) install --locked cargo-fuzz
	fuzz/run.sh $(FUZZ_RUNS) $(FUZZ_TARGETS)

# The running service against its own /openapi.json: no 5xx, schemas hold.
schemathesis: $(PY)
	tests/schemathesis/run.sh

# Licenses, banned crates, sources (offline). Advisories need GitHub.
audit:
	@command -v cargo-deny >/dev/null || $(CARGO) install --locked cargo-deny
	$(CARGO) deny --offline check licenses bans sources
	@if [ "$${AUDIT_ADVISORIES:-0}" = 1 ]; then $(CARGO) deny check advisories; else echo "advisories skipped: the RustSec database is fetched from GitHub, unreachable here (AUDIT_ADVISORIES=1 to run it)"; fi

# --- Heads-up preflop table (crates/equity/data/, crates/equity/README.md) ---
# Every heads-up preflop matchup of hold'em and short deck up to suit
# permutation and player order, enumerated by the equity crate's own walk on
# every core. hu-table rewrites the committed files; hu-table-check writes
# them into target/hu-table/ and compares them byte for byte.
.PHONY: hu-table hu-table-check
HU_TABLE_GEN = $(CARGO) run --quiet --release -p showdown-equity --example hu_table --

hu-table:
	$(HU_TABLE_GEN) crates/equity/data

hu-table-check:
	$(HU_TABLE_GEN) target/hu-table
	cmp target/hu-table/hu_holdem.bin crates/equity/data/hu_holdem.bin
	cmp target/hu-table/hu_short_deck.bin crates/equity/data/hu_short_deck.bin
