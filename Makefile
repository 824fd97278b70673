# Showdown: the commands a newcomer and CI need.
#   make run   - the service on 127.0.0.1:8080
#   make test  - every test (unit, property, golden, corpus replay, end to end)
SHELL := /bin/bash
CARGO ?= cargo
PYTHON ?= python3
VENV := tests/.venv
PY := $(VENV)/bin/python

.PHONY: run test lint fmt bench exhaustive crosscheck pydeps openapi load soak fuzz schemathesis hadolint ci

run:
	$(CARGO) run --release --bin showdown -- serve

test:
	$(CARGO) test --workspace

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

fmt:
	$(CARGO) fmt --all

bench:
	$(CARGO) bench --workspace

# All 133,784,560 seven-card hands, category counts (release mode).
exhaustive:
	$(CARGO) test --release -p showdown-cards --test exhaustive -- --ignored --nocapture

$(PY): tests/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r tests/requirements.txt
	touch $(PY)

pydeps: $(PY)

# Hand rankings against PokerKit 0.7.7 (independent implementation).
crosscheck: $(PY)
	$(PY) tests/crosscheck/pokerkit_crosscheck.py

# Write openapi/openapi.json from the code.
openapi:
	$(CARGO) run --quiet --bin showdown -- openapi > openapi/openapi.json

ci: test lint exhaustive crosscheck
