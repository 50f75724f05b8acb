# The two commands a newcomer runs: `make demo` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup graphviz nodejs chromium browser lite demo test lint format diagrams notebooks schemas docs site bench fuzz deep mutation clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# A system tool a test needs: installed with apt-get when running as root, else a one-line hint.
# $(1) the command, $(2) the Debian package, $(3) what it is for.
define need_tool
	@if ! command -v $(1) >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installation de $(2) / installing $(2) (apt-get)"; \
	    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null; \
	  else \
	    echo "$(2) absent : sudo apt-get install $(2) / $(2) missing: sudo apt-get install $(2) ($(3))"; \
	  fi; \
	fi
endef

graphviz:  # `dot` renders the diagrams
	$(call need_tool,dot,graphviz,SVG diagrams)

nodejs:  # `node` runs the generic JavaScript interpreter of the export (fsm/js/) on the corpus
	$(call need_tool,node,nodejs,the JavaScript model)

chromium:  # a real headless browser drives the teaching pages (tests/test_pages.py)
	$(call need_tool,chromium,chromium,the teaching pages' browser tests)
	$(call need_tool,npm,npm,the browser tests' driver)

# playwright-core, pinned in tests/browser/package-lock.json, drives the system's chromium
BROWSER_STAMP := tests/browser/node_modules/.package-lock.json
$(BROWSER_STAMP): tests/browser/package-lock.json
	@if command -v npm >/dev/null 2>&1; then cd tests/browser && npm ci --no-audit --no-fund --loglevel=error; \
	else echo "npm absent : les tests du navigateur seront sautés / npm missing: the browser tests will be skipped"; fi

browser: chromium $(BROWSER_STAMP)

setup: $(STAMP) graphviz nodejs browser

# The site's notebooks in the browser (lite/, fsm/teach/lite.py): JupyterLite from the `site` extra, and
# from npm the Pyodide runtime and Graphviz compiled to WebAssembly, pinned in lite/package-lock.json.
# Without npm this fails: `make site` and `make deep` need them.
SITE_STAMP := $(VENV)/.installed-site
$(SITE_STAMP): $(STAMP) pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test,site]'
	touch $(SITE_STAMP)

LITE_STAMP := lite/node_modules/.package-lock.json
$(LITE_STAMP): lite/package-lock.json
	cd lite && npm ci --no-audit --no-fund --loglevel=error

lite: setup $(SITE_STAMP) $(LITE_STAMP)

demo: setup
	$(BIN)/python -m fsm demo

# The tests run on every core (pytest-xdist); what several tests read (the portable corpus, the pages,
# each notebook run) is built once per run and shared (tests/conftest.py). PYTEST_PARALLEL= runs them in one process.
PYTEST_PARALLEL ?= -n auto --dist worksteal

test: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m mypy fsm
	$(BIN)/python -m mypy --strict --follow-imports=silent fsm/engine
	$(BIN)/python -m pytest $(PYTEST_PARALLEL)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m mypy fsm
	$(BIN)/python -m mypy --strict --follow-imports=silent fsm/engine

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

diagrams: setup
	$(BIN)/python -m fsm diagrams --out diagrams

notebooks: setup
	$(BIN)/python notebooks/build.py

# The classroom site: every page, the teacher's board, the quizzes and sheets (HTML and PDF), the diagrams
# and the notebooks rendered, in one folder that opens from disk or any static host (README, first section);
# and the notebooks runnable in the browser (site/lite/, to be served over HTTP).
site: lite
	$(BIN)/python -m fsm site --out site

schemas: setup
	$(BIN)/python -m fsm schema --write

# The generated references (docs/guards.md, expressions.md, effects.md, decisions.md, coverage.md) and
# fsm/bridge/makers.py: fsm/interop/catalogue.py, fsm/interop/coverage.py.
docs: setup
	$(BIN)/python -c "from fsm.interop.catalogue import write; print(write())"

# 100,000 random event sequences against the properties every board keeps (tests/test_fuzz.py), and
# 100,000 that stack a second irregularity before the first is settled (tests/test_stacked.py), in one
# process each; `make deep` runs them too, in shards on every core.
fuzz: setup
	FSM_FUZZ_EXAMPLES=100000 $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_fuzz.py
	FSM_STACKED_EXAMPLES=100000 $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_stacked.py

# What is too heavy for `make test` and must not be lost (the tests marked `deep`: the whole of what
# `make test` samples: the 100,000-sequence fuzz, every notebook run, every page and every scenario in
# Chromium, the whole classroom site built and every link of it followed in Chromium, the whole random
# tier against its schema, 100,000 stacked irregularities, the mutation check of the law data,
# tests/mutation.py, one notebook run in the browser from the site's JupyterLite part): about 17 minutes
# on two cores, a few more for the site. CI runs it after `make test`.
deep: lite
	FSM_DEEP=1 $(BIN)/python -m pytest -p no:cacheprovider $(PYTEST_PARALLEL) -m deep

# The mutation check of the law data (tests/mutation.py): each single mutation of the machine's guards,
# actions, rules, options and decisions run on the corpus; prints the score and every survivor not listed
# in tests/data/mutants-equivalent.yaml. MUTATION_ARGS: e.g. --only guard-negated, --json out/mutation.json.
mutation: setup
	$(BIN)/python tests/mutation.py $(MUTATION_ARGS)

# Every figure beside its floor or peer and its target, in one run; the JSON goes to out/bench.json.
# BENCH_ARGS: e.g. another folder of PBN records, or --json. endplay (the `bench` extra) is a peer
# only: if it cannot be installed, its figures say "unavailable" and the rest is measured.
BENCH_STAMP := $(VENV)/.installed-bench
$(BENCH_STAMP): $(STAMP)
	@if $(BIN)/python -m pip install --quiet -e '.[test,bench]'; then touch $(BENCH_STAMP); \
	else echo "the bench extra (endplay) could not be installed: its figures will say unavailable"; fi

bench: setup $(BENCH_STAMP)
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) out site lite/node_modules .pytest_cache .ruff_cache
