# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: help venv test lint typecheck demo run bench migrate clean

help:  ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z]+):.*## (.*)/\1|\2/' | awk -F'|' '{ printf "  make %-10s %s\n", $$1, $$2 }'

$(STAMP): pyproject.toml Makefile
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,postgres,tools]'
	touch $(STAMP)

venv: $(STAMP)  ## create .venv and install the project with its tools

lint: $(STAMP)  ## ruff and the import contracts
	$(BIN)/ruff check .
	$(BIN)/lint-imports

typecheck: $(STAMP)  ## mypy
	$(BIN)/mypy engine bot cogs web

test: $(STAMP)  ## lint, typecheck and the whole test suite
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy engine bot cogs web
	$(BIN)/python -m pytest

demo: $(STAMP)  ## play an offline game of each variant; maps in out/
	$(BIN)/python -m tools.demo

run: $(STAMP)  ## start the bot (.venv/bin/python -m bot run)
	$(BIN)/python -m bot run

migrate: $(STAMP)  ## create or upgrade the database (.venv/bin/python -m bot migrate)
	$(BIN)/python -m bot migrate

bench: $(STAMP)  ## measure every budget (tools/bench.py)
	$(BIN)/python -m tools.bench

clean:  ## remove .venv and the build files
	rm -rf $(VENV) build *.egg-info
