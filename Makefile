# Task runner. `make serve` and `make test` are the two commands in README.md;
# both install what they need first (idempotent, stamped).

VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
HOST   := 127.0.0.1
export NO_MKDOCS_2_WARNING := 1
PORT   := 8000

.PHONY: setup lock serve build test lint native-tests site-tests bench chromium clean

# --- installation -----------------------------------------------------------

# The Python side is installed from requirements-dev.lock (pip-tools: exact versions and
# hashes, pip and setuptools included), as the npm side is from package-lock.json; then the
# project itself, editable, with nothing more.
$(BIN)/.installed: pyproject.toml requirements-dev.lock
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --require-hashes -r requirements-dev.lock
	$(PY) -m pip install -q --no-deps --no-build-isolation -e .
	touch $@

# Rewrite the lock from pyproject.toml (after changing a dependency there).
lock: $(BIN)/.installed
	$(BIN)/pip-compile -q --extra dev --build-deps-for editable --generate-hashes \
	  --allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links \
	  -o requirements-dev.lock pyproject.toml

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Front-end bundles built from npm packages: the editor (CodeMirror) into build/js/, the
# service worker (Workbox) into build/sw/.
build/js/.built: node_modules/.installed $(wildcard frontend/*)
	npm run --silent build
	touch $@

setup: $(BIN)/.installed build/js/.built

# Debian's Chromium for the browser tests (Playwright drives it; it cannot download one here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "Chromium is missing: run 'sudo apt-get install chromium' (Debian/Ubuntu) and retry."; exit 1; \
	  fi; }

# --- the site ---------------------------------------------------------------

serve: setup
	$(BIN)/mkdocs serve -a $(HOST):$(PORT)

build: setup
	$(BIN)/mkdocs build --strict

# --- tests ------------------------------------------------------------------

lint: $(BIN)/.installed
	$(BIN)/ruff check pysrc tests site_tests bench
	$(BIN)/mypy pysrc/flipcards pysrc/flipcards_site
	for f in docs/javascripts/*.mjs docs/javascripts/*.js frontend/*.mjs frontend/*.js; do \
		node --check "$$f" || exit 1; done

# The site-build tests draw preview pictures with a font from the npm packages.
native-tests: setup
	$(BIN)/pytest -q tests pysrc/flipcards README.md

# addopts is emptied: the project's doctest options do not apply to the browser tests.
site-tests: setup chromium
	$(BIN)/pytest -q -o addopts= -p no:cacheprovider site_tests

test: lint native-tests build site-tests

bench: setup chromium
	$(PY) bench/model_bench.py
	$(PY) bench/build_bench.py
	$(PY) bench/browser_bench.py
	$(PY) bench/playground_bench.py

clean:
	rm -rf site build
