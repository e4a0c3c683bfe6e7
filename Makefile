# Entry points of the laboratory. Every target bootstraps what it needs:
# the Debian packages (tools/install-system-packages.sh), a pinned .venv and
# the pinned Claude Code client (tools/install-claude-code.sh).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CORES ?= 2
SNAKEMAKE := $(BIN)/snakemake --cores $(CORES)

.PHONY: claude-client pilot pilot-real-client freeze paper restricted replicate test test-fast lint bootstrap system-packages bench faults clean-venv cluster-test

# Quiet by default: a line per stage with its counts, the full Snakemake log in
# results/logs/snakemake/ (named at the end); VERBOSE=1 prints the full log too.
PROGRESS := $(BIN)/python -m whitecollar.workflow.progress --log-dir results/logs/snakemake $(if $(VERBOSE),--verbose)

pilot: bootstrap
	@$(PROGRESS) --name pilot -- $(SNAKEMAKE) results/pilot
	@echo "summary: results/pilot/summary.csv (database: results/pilot/experiment.sqlite, ledger: results/pilot/ledger.csv)"
	@cat results/pilot/summary.txt

# The study of config/real-client.yaml twice (results-real-client/): simulated workers, then the pinned
# Claude Code client driven by a scripted model acting out the same personas; every receipt and judging
# package compared (whitecollar.workflow.real_client). Its figures say SCRIPTED MODEL.
pilot-real-client: bootstrap
	$(BIN)/python -m whitecollar.workflow.real_client --cores $(CORES)

freeze: bootstrap
	$(SNAKEMAKE) freeze
	@echo "freeze manifest: results/freeze/manifest.json"

paper: bootstrap
	$(SNAKEMAKE) paper
	@echo "paper: results/paper/paper.pdf (tables and figures: manuscript/generated/, dashboard: results/pilot/dashboard/index.html)"

restricted: bootstrap
	$(SNAKEMAKE) restricted
	@echo "restricted: results/restricted/whitecollar-restricted.tar (SHA-256 beside it)"

# Rebuild the paper from a restricted package in this (fresh) clone: hashes checked,
# runs and judges' scores restored, no worker or judge ever started.
replicate: bootstrap
	@test -n "$(RESTRICTED)" || { echo "usage: make replicate RESTRICTED=path/to/whitecollar-restricted.tar" >&2; exit 2; }
	$(BIN)/python -m whitecollar replicate "$(RESTRICTED)" --cores $(CORES)

test: bootstrap
	$(BIN)/pytest -q

test-fast: bootstrap
	$(BIN)/pytest -q -m "not slow"

# The linters `make test` runs too (tests/test_lint.py), settings in pyproject.toml.
lint: bootstrap
	$(BIN)/ruff check . && $(BIN)/ruff format --check . && $(BIN)/snakefmt --check Snakefile rules
	$(BIN)/mypy
	PYTHONPATH=src $(BIN)/snakemake --lint

# Each benchmark prints its figures and keeps them in results/perf/<name>.txt: measured times live there,
# not in the documentation, which states the goals.
BENCHES := bench_freeze bench_pilot bench_replicate bench_planning bench_evaluation
bench: bootstrap
	@mkdir -p results/perf
	@set -o pipefail; for b in $(BENCHES); do \
	  $(BIN)/python perf/$$b.py | tee results/perf/$$b.txt.tmp && mv results/perf/$$b.txt.tmp results/perf/$$b.txt || exit 1; \
	done

faults: bootstrap
	$(BIN)/python -m whitecollar.workflow.faults

# The freeze and the simulated pilot on a real single-node SLURM started here for the occasion
# (root; tools/slurm-single-node.sh), through profiles/slurm, compared file by file with the same
# study run locally: prints `identical N/N`. SCENARIOS="ACC-01 PROC-01", REPEATS=2 widen the study;
# PROFILE=cluster-generic drives sbatch through the generic cluster plugin instead.
cluster-test: bootstrap
	$(BIN)/python -m whitecollar.workflow.cluster$(if $(SCENARIOS), --scenarios $(SCENARIOS))$(if $(REPEATS), --repeats $(REPEATS))$(if $(PROFILE), --profile $(PROFILE))

bootstrap: system-packages $(STAMP) claude-client

system-packages:
	@tools/install-system-packages.sh

# The pinned Claude Code client the real worker runs (tools/claude-code/, lab/claude_client.py).
claude-client:
	@tools/install-claude-code.sh

$(STAMP): pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -r requirements.lock
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	touch $(STAMP)

clean-venv:
	rm -rf $(VENV)
