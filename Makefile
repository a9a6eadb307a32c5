# Tablero: `make play` builds and serves the app; `make test` runs every check.
# Both install what is missing on a fresh Debian machine (run as root, or with sudo).

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
WHEELS := .cache/pyodide-wheels
CHROMIUM := /usr/bin/chromium
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Unit tests: tests/ plus the docstring examples (engine, UI) and the README's and docs/'
# `>>>` examples (pytest's doctests, see pyproject.toml).
UNIT_TESTS := tests engine web/ui README.md docs
# Engine tests that also run inside Pyodide (the browser's Python 3.14); the rest need CPython.
PYODIDE_TESTS := tests engine README.md docs --ignore=tests/web --ignore=tests/tools

.PHONY: help play dist test lint typecheck unit pyodide-test e2e bench clean

help:
	@echo "make play   build the site into dist/ and serve it at http://127.0.0.1:$(PORT)/"
	@echo "make test   lint, type-check, unit tests (CPython and Pyodide), end-to-end tests"
	@echo "make bench  start-up and engine benchmarks"

$(VENV)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(CHROMIUM):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium

$(WHEELS)/.installed: requirements-pyodide.txt $(VENV)/.installed
	rm -rf $(WHEELS) && mkdir -p $(WHEELS)
	$(BIN)/pip download --quiet --disable-pip-version-check --only-binary=:all: --no-deps \
		-d $(WHEELS) -r requirements-pyodide.txt
	touch $@

dist: node_modules/.installed
	$(PYTHON) tools/build.py

play: dist
	@echo "Open http://127.0.0.1:$(PORT)/ in a browser."
	$(PYTHON) tools/serve.py --port $(PORT)

test: lint typecheck unit pyodide-test e2e

lint: $(VENV)/.installed
	$(BIN)/ruff check engine web tests e2e bench tools
	$(BIN)/ruff format --check engine web tests e2e bench tools

typecheck: $(VENV)/.installed
	$(BIN)/mypy

unit: $(VENV)/.installed node_modules/.installed
	$(BIN)/pytest $(UNIT_TESTS) -q

pyodide-test: node_modules/.installed $(WHEELS)/.installed
	node tools/pyodide_run.mjs pytest $(PYODIDE_TESTS) -q

e2e: $(VENV)/.installed node_modules/.installed $(CHROMIUM)
	$(BIN)/pytest e2e -q

bench: $(VENV)/.installed node_modules/.installed $(CHROMIUM)
	$(BIN)/python bench/startup.py
	$(BIN)/python bench/stratego_ui.py
	$(BIN)/python bench/ideology_ui.py
	$(BIN)/python bench/computer_ui.py
	$(BIN)/python bench/ai_strength.py
	@for script in bench/*_speed.py; do \
		echo "== $$script (CPython)"; $(BIN)/python $$script; \
		echo "== $$script (Pyodide)"; node tools/pyodide_run.mjs script $$script; \
	done

clean:
	rm -rf dist .cache .pytest_cache .mypy_cache .ruff_cache e2e/screenshots
