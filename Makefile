# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv test lint typecheck demo run bench migrate clean

$(STAMP): pyproject.toml Makefile
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,postgres,tools]'
	touch $(STAMP)

venv: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy engine bot cogs web

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy engine bot cogs web
	$(BIN)/python -m pytest

demo: $(STAMP)
	$(BIN)/python -m tools.demo

run: $(STAMP)
	$(BIN)/python -m bot run

migrate: $(STAMP)
	$(BIN)/python -m bot migrate

bench: $(STAMP)
	$(BIN)/python -m tools.bench

clean:
	rm -rf $(VENV) build *.egg-info
