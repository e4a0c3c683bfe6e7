# Shared definitions: paths, the scenario list, and the code each stage depends on.
import json
import sys
from pathlib import Path

from whitecollar.scenario import load_scenario

RESULTS = config["paths"]["results"]
ORACLES = config["paths"].get("oracles", f"{RESULTS}/restricted/oracles")
BUNDLES = f"{RESULTS}/bundles"
DIGESTS = f"{RESULTS}/digests"
VALIDATION = f"{RESULTS}/validation"
LOGS = f"{RESULTS}/logs"
BENCH = f"{RESULTS}/benchmarks"
SCENARIOS = sorted(config["scenarios"])

# The command line of the library, run by the interpreter running Snakemake
# (the project's .venv), so no PATH setup is needed.
WC = f'"{sys.executable}" -m whitecollar'

wildcard_constraints:
    task=r"[A-Z]{2,5}-[0-9]{2}",


def seed_override(task):
    return (config["scenarios"].get(task) or {}).get("seed")


def scenario(task):
    return load_scenario(task, seed=seed_override(task))


def _files(*patterns):
    return sorted(str(p) for pattern in patterns for p in Path(".").glob(pattern) if p.is_file())


# Library code each stage runs. Snakemake tracks the files a rule names, not
# the modules a command imports, so the code is declared as input; its
# checksums (not its mtimes) decide reruns.
SHARED_DATA = _files("benchmark/footer.md", "benchmark/organisations.csv", "benchmark/registry.csv", "benchmark/roster.csv")
GENERATOR_CODE = _files(
    "src/whitecollar/office/*.py", "src/whitecollar/bundle.py", "src/whitecollar/generation.py",
    "src/whitecollar/scenario.py", "src/whitecollar/benchdata.py", "src/whitecollar/roster.py",
    "src/whitecollar/hashing.py", "src/whitecollar/atomic.py", "src/whitecollar/schemas/scenario.schema.json",
) + SHARED_DATA
EVALUATOR_CODE = _files(
    "src/whitecollar/office/*.py", "src/whitecollar/grading/*.py", "src/whitecollar/schemas/*.json",
    "src/whitecollar/evaluation.py", "src/whitecollar/scenario.py", "src/whitecollar/lab/workspace.py",
    "src/whitecollar/hashing.py", "src/whitecollar/atomic.py",
)
BATTERY_CODE = EVALUATOR_CODE + _files(
    "src/whitecollar/validation.py", "src/whitecollar/garbage.py", "src/whitecollar/scenario_check.py",
)


def scenario_files(task, *exclude):
    """Files of a scenario folder, minus the ones a stage does not use."""
    folder = Path("benchmark/scenarios") / task
    return sorted(
        str(p) for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.name not in exclude
    )


def generation_params(task):
    """What generation reads from scenario.yaml (and config's seed override), as one
    canonical string: editing the evaluator version does not regenerate bundles."""
    return json.dumps(scenario(task).task_metadata(), sort_keys=True)
