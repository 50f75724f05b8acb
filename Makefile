# The two commands a newcomer runs: `make demo` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup graphviz nodejs demo test lint format diagrams notebooks schemas docs bench fuzz clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Graphviz's `dot` renders the diagrams: installed with apt-get when running as root, else a hint.
graphviz:
	@if ! command -v dot >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installation de Graphviz / installing Graphviz (apt-get)"; \
	    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null; \
	  else \
	    echo "Graphviz absent : sudo apt-get install graphviz (diagrammes SVG) / Graphviz missing: sudo apt-get install graphviz (SVG diagrams)"; \
	  fi; \
	fi

# Node.js runs the independent JavaScript model (examples/js/) on the exported corpus: apt-get as root, else a hint.
nodejs:
	@if ! command -v node >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installation de Node.js / installing Node.js (apt-get)"; \
	    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null; \
	  else \
	    echo "Node.js absent : sudo apt-get install nodejs (modèle JavaScript, examples/js) / Node.js missing: sudo apt-get install nodejs (JavaScript model, examples/js)"; \
	  fi; \
	fi

setup: $(STAMP) graphviz nodejs

demo: setup
	$(BIN)/python -m fsm demo

test: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

diagrams: setup
	$(BIN)/python -m fsm diagrams --out diagrams

notebooks: setup
	$(BIN)/python notebooks/build.py

schemas: setup
	$(BIN)/python -m fsm schema --write

docs: setup
	$(BIN)/python -c "from fsm.catalogue import write; print(write())"

# 100,000 random event sequences against the properties every board keeps (tests/test_fuzz.py).
fuzz: setup
	FSM_FUZZ_EXAMPLES=100000 $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_fuzz.py

bench: setup
	$(BIN)/python benchmarks/bench_machine.py
	$(BIN)/python benchmarks/bench_diagrams.py
	$(BIN)/python benchmarks/bench_pbn.py

clean:
	rm -rf $(VENV) out .pytest_cache .ruff_cache
