# Entry points of the laboratory. Every target bootstraps what it needs:
# the Debian packages (tools/install-system-packages.sh) and a pinned .venv.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CORES ?= 2
SNAKEMAKE := $(BIN)/snakemake --cores $(CORES)

.PHONY: pilot freeze paper test test-fast bootstrap system-packages bench clean-venv

pilot: bootstrap
	$(SNAKEMAKE) results/pilot
	@cat results/pilot/summary.txt
	@echo "summary: results/pilot/summary.csv (database: results/pilot/experiment.sqlite, ledger: results/pilot/ledger.csv)"

freeze: bootstrap
	$(SNAKEMAKE) freeze
	@echo "freeze manifest: results/freeze/manifest.json"

paper: bootstrap
	$(SNAKEMAKE) paper
	@echo "paper: results/paper/paper.pdf (tables and figures: manuscript/generated/, dashboard: results/pilot/dashboard/index.html)"

test: bootstrap
	$(BIN)/pytest -q

test-fast: bootstrap
	$(BIN)/pytest -q -m "not slow"

bench: bootstrap
	$(BIN)/python benchmarks/bench_freeze.py
	$(BIN)/python benchmarks/bench_pilot.py
	$(BIN)/python benchmarks/bench_evaluation.py

bootstrap: system-packages $(STAMP)

system-packages:
	@tools/install-system-packages.sh

$(STAMP): pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -r requirements.lock
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	touch $(STAMP)

clean-venv:
	rm -rf $(VENV)
