# Shared definitions: paths, the scenario list, and the code each stage depends on.
import json
import os
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
# The office writers (not the readers, which only grading uses).
OFFICE_WRITERS = [f"src/whitecollar/office/{m}.py" for m in (
    "__init__", "model", "zipcanon", "xlsx", "docx", "pdf", "eml", "ics", "csvio", "png")]
GENERATOR_CODE = _files(*OFFICE_WRITERS,
    "src/whitecollar/bundle.py", "src/whitecollar/generation.py",
    "src/whitecollar/scenario.py", "src/whitecollar/benchdata.py", "src/whitecollar/roster.py",
    "src/whitecollar/hashing.py", "src/whitecollar/atomic.py", "src/whitecollar/schemas/scenario.schema.json",
) + SHARED_DATA
EVALUATOR_CODE = _files(
    "src/whitecollar/office/*.py", "src/whitecollar/grading/*.py", "src/whitecollar/schemas/receipt.schema.json",
    "src/whitecollar/schemas/scenario.schema.json",
    "src/whitecollar/evaluation.py", "src/whitecollar/scenario.py", "src/whitecollar/lab/workspace.py",
    "src/whitecollar/hashing.py", "src/whitecollar/atomic.py", "src/whitecollar/portal/submissions.py",
    "src/whitecollar/paths.py", "benchmark/completion.schema.json",
)
BATTERY_CODE = EVALUATOR_CODE + _files(
    "src/whitecollar/validation.py", "src/whitecollar/garbage.py", "src/whitecollar/scenario_check.py",
    "src/whitecollar/challenge.py",
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

# -- the pilot ------------------------------------------------------------------------------
MANIFEST = f"{RESULTS}/freeze/manifest.json"
PLAN = f"{RESULTS}/plan"
ASSIGNMENT = f"{PLAN}/assignment.csv"
RUNS = f"{RESULTS}/runs"
RECEIPTS = f"{RESULTS}/receipts"
WORK = f"{RESULTS}/work"
LEDGER = f"{RESULTS}/ledger/journal.jsonl"
RUN_PATH = "{task}/{bundle}/{arm}/r{rep}"

wildcard_constraints:
    bundle=r"[0-9a-f]{12}",
    arm=r"A[0-9]+",
    rep=r"[0-9]+",

# The envelope is read by each run when it is launched (through the
# environment, not as a param), so raising it never reruns a finished run.
os.environ["WHITECOLLAR_ENVELOPE_USD"] = str(config["budget"]["envelope_usd"])


def node_resource(name):
    return "node_" + name.replace("-", "_")


# Concurrent sessions per node: one resource per node, worth its slots,
# unless given on the command line.
for _node in config["nodes"]:
    if node_resource(_node["name"]) not in workflow.global_resources:
        workflow.register_resource(node_resource(_node["name"]), int(_node.get("slots", 3)))


def assignment():
    """Rows of the assignment (the `assign` checkpoint must be up to date)."""
    from whitecollar.lab.assignment import read_assignment

    return read_assignment(checkpoints.assign.get().output[0])


def freeze_is_current():
    """Whether the freeze manifest holds exactly the bundles the digests describe."""
    try:
        manifest = json.loads(Path(MANIFEST).read_text())["scenarios"]
        return all(
            manifest[t]["bundle_sha256"] == json.loads(Path(f"{DIGESTS}/{t}.json").read_text())["bundle_sha256"]
            for t in SCENARIOS
        )
    except (OSError, KeyError, ValueError):
        return False


def pilot_runs():
    """The runs of the pilot, drawn only from a frozen benchmark.

    Both gates are checkpoints: `assign` is up to date once every bundle is
    generated; if the manifest does not yet hold those bundles, the freeze
    runs first. Runs have no input files (nothing may ever rerun them), so
    these gates are what keeps a worker from starting on an unfrozen bundle.
    When only an evaluator changed, neither gate is closed and a dry run
    shows the receipts to regrade.
    """
    rows = assignment()
    if not freeze_is_current():
        checkpoints.freeze.get()
    return rows


def oracle_sha256(task):
    path = Path(f"{DIGESTS}/{task}.json")
    return json.loads(path.read_text())["oracle_sha256"] if path.exists() else ""


def assigned(w):
    run_id = f"{w.task}-{w.arm}-r{w.rep}"
    for row in assignment():
        if row["run_id"] == run_id and row["bundle"] == w.bundle:
            return row
    raise ValueError(f"{run_id} ({w.bundle}) is not in {ASSIGNMENT}")


def run_paths(root, leaf):
    return [f"{root}/{r['task_id']}/{r['bundle']}/{r['arm']}/r{r['repeat']}/{leaf}" for r in pilot_runs()]


def node_resources():
    return {
        node_resource(n["name"]): (lambda w, n=n["name"]: 1 if assigned(w)["node"] == n else 0)
        for n in config["nodes"]
    }


def worker_slice(arm):
    """What a run reads of the worker settings: the backend and, when simulated, its arm's mix and cost."""
    worker = {"backend": config["worker"]["backend"], "study_seed": config["study"]["seed"]}
    if worker["backend"] == "simulated":
        sim = config["worker"]["simulated"]
        worker["simulated"] = {
            "personas": {arm: sim["personas"][arm]},
            "cost_usd": {arm: sim["cost_usd"][arm]},
            "seconds": sim.get("seconds", 0),
        }
    else:
        worker["claude_code"] = config["worker"].get("claude_code") or {}
    return json.dumps(worker, sort_keys=True)


RUN_CODE = _files(
    "src/whitecollar/lab/*.py", "src/whitecollar/hashing.py", "src/whitecollar/atomic.py",
)

# -- the judges -----------------------------------------------------------------------------
# Code that turns a run's out/ into its blind package: a change re-renders the
# packages, and a judge reruns only if its package's bytes actually changed.
JUDGE_CODE = _files(
    "src/whitecollar/judges/render.py", "src/whitecollar/judges/files.py", "src/whitecollar/judges/rubric.py",
    "src/whitecollar/judges/prompt.py", "src/whitecollar/office/*.py", "src/whitecollar/hashing.py",
    "src/whitecollar/atomic.py",
)

# What the pilot's record is built with: the database, ledger, summary,
# judge agreement and dashboard are rebuilt when this code changes.
RECORD_CODE = _files(
    "src/whitecollar/lab/record.py", "src/whitecollar/lab/assignment.py", "src/whitecollar/judges/store.py",
    "src/whitecollar/judges/agreement.py", "src/whitecollar/dashboard/*.py", "src/whitecollar/analysis/*.py",
)
