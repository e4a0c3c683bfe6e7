# Shared definitions: paths, the scenario list, and the code each stage depends on.
import json
import os
import shlex
import sys
from pathlib import Path

from whitecollar.workflow import codedeps, grading_client
from whitecollar.lab import plan
from whitecollar.runs import layout as run_layout
from whitecollar.benchmark.scenario import load_scenario
from whitecollar.freeze.protocol import planned_bootstrap_replicates, protocol_configuration

RESULTS = config["paths"]["results"]
ORACLES = config["paths"].get("oracles", f"{RESULTS}/restricted/oracles")
BUNDLES = f"{RESULTS}/bundles"
DIGESTS = f"{RESULTS}/digests"
VALIDATION = f"{RESULTS}/validation"
CONFIGURATION = f"{RESULTS}/freeze/configuration.json"
LOGS = f"{RESULTS}/logs"
BENCH = f"{RESULTS}/benchmarks"
SCENARIOS = sorted(config["scenarios"])

# Every command runs the interpreter running Snakemake (the project's .venv), named
# "$WHITECOLLAR_PYTHON" through the environment every job inherits, as in
# `"$WHITECOLLAR_PYTHON" -m whitecollar ...`: not a param, whose trigger would
# rerun every job when the checkout or its .venv moves.
os.environ.update(WHITECOLLAR_PYTHON=sys.executable)
# The rules' software (envs/whitecollar.yaml; see the Snakefile's head), relative to rules/.
SOFTWARE = "../envs/whitecollar.yaml"


def evaluate_client():
    """The grading server's light client as `grading_client.command()` starts it, after the
    interpreter: it hands the job to `whitecollar evaluate` in its own process when no server
    answers. Its flags are the param; the script, wherever the package is installed, is
    "$WHITECOLLAR_GRADING_CLIENT" (set below), so no param or command names an install path."""
    *flags, script = grading_client.command(sys.executable)[1:]
    os.environ.update(WHITECOLLAR_GRADING_CLIENT=script)
    return shlex.join(flags) + ' "$WHITECOLLAR_GRADING_CLIENT"'


wildcard_constraints:
    task=r"[A-Z]{2,5}-[0-9]{2}",


def seed_override(task):
    return (config["scenarios"].get(task) or {}).get("seed")


def scenario(task):
    """The scenario as loaded from its folder, read once per version of its scenario.yaml."""
    return plan.cached_read(
        f"benchmark/scenarios/{task}/scenario.yaml",
        f"scenario:{seed_override(task)}",
        lambda _: load_scenario(task, seed=seed_override(task)),
    )


def _files(*patterns):
    return sorted(str(p) for pattern in patterns for p in Path(".").glob(pattern) if p.is_file())


# Code each stage runs. Snakemake tracks the files a rule names, not the
# modules a command imports, so each rule declares its code as input,
# computed from the import graph of what it runs (whitecollar/workflow/codedeps.py,
# parsed once per invocation, each file's imports cached by its SHA-256 in
# results/cache/codedeps.json); checksums, not mtimes, decide reruns.
CODE_GRAPH = codedeps.CodeGraph(".", cache=f"{RESULTS}/cache/codedeps.json")
CODE_STAMPS = f"{RESULTS}/code"


wildcard_constraints:
    stage=r"evaluate|render",
    scope=r"all|[A-Z]{2,5}-[0-9]{2}",


def stage_code(stage, task=None):
    return codedeps.stage_files(CODE_GRAPH, stage, task)


def script_code(script):
    """A script under scripts/ and the project code it imports."""
    return CODE_GRAPH.files(scripts=[script])


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
# a run's folder under RUNS (and its receipt's under RECEIPTS), and the leaf names in it: whitecollar.runs.layout
RUN_PATH = run_layout.RUN_PATTERN


def run_folder(root):
    """The folder of the run the job's wildcards name, under root (RUNS, RECEIPTS, PACKAGES)."""
    return lambda w: f"{root}/{run_layout.run_path(w.task, w.bundle, w.arm, w.rep)}"


wildcard_constraints:
    bundle=r"[0-9a-f]{12}",
    arm=r"A[0-9]+",
    rep=r"[0-9]+",


# What a run reads at launch that must not rerun a finished run (the envelope,
# the nodes): through the environment, which jobs inherit, not as a param
# (a param change would rerun every finished run) nor in the rule's command
# (Snakemake's code trigger compares its text). `whitecollar run` reads it.
os.environ[plan.CONTROLLER_ENV] = plan.controller_slice(config)


# Jobs an executor plugin sends elsewhere receive it too: the SLURM plugin exports
# the submitting environment, others (the generic cluster plugin) declare what is named here.
envvars:
    plan.CONTROLLER_ENV,


def node_resource(name):
    return f"node_{name.replace('-', '_')}"


# Concurrent sessions per node: one resource per node, worth its slots,
# unless given on the command line.
for _node in config["nodes"]:
    if node_resource(_node["name"]) not in workflow.global_resources:
        workflow.register_resource(node_resource(_node["name"]), int(_node.get("slots", 3)))


def pilot_runs():
    """The runs of the pilot, drawn only from a frozen benchmark.

    Both gates are checkpoints: `assign` is up to date once every bundle is
    generated; if the manifest does not yet hold those bundles, the freeze
    runs first. Runs have no input files (nothing may ever rerun them), so
    these gates are what keeps a worker from starting on an unfrozen bundle.
    When only an evaluator changed, neither gate is closed and a dry run
    shows the receipts to regrade.
    """
    drawn = plan.load_assignment(checkpoints.assign.get().output[0])
    if not plan.freeze_is_current(MANIFEST, DIGESTS, SCENARIOS):
        checkpoints.freeze.get()
    return drawn


# Input, params and resource functions of the per-run rules: see plan.per_job.
per_job = plan.per_job


def oracle_sha256(task):
    return plan.oracle_sha256(DIGESTS, task)


def assigned(w):
    """A run's row of the assignment (its jobs exist only once `assign` is done): one dict lookup."""
    return plan.load_assignment(ASSIGNMENT).row(w.task, w.bundle, w.arm, w.rep, ASSIGNMENT)


def run_paths(root, leaf):
    return pilot_runs().run_paths(root, leaf)


def node_resources():
    return {
        node_resource(n["name"]): per_job(lambda w, n=n["name"]: 1 if assigned(w)["node"] == n else 0)
        for n in config["nodes"]
    }


def worker_slice(arm):
    return plan.worker_slice(config, arm)


# -- the judge panel (rules/judging.smk) -------------------------------------------------
from whitecollar.config import ConfigError
from whitecollar.freeze import judge_settings

JUDGING = f"{RESULTS}/judging"
PACKAGES = f"{JUDGING}/packages"
SCORES = f"{JUDGING}/scores"
STORE = f"{JUDGING}/store"  # earlier judgements by what they were made from (judges/reuse.py)

try:
    JUDGES = judge_settings.judge_names(config)
except ConfigError as error:
    sys.exit(f"error: {error}")


wildcard_constraints:
    judge=r"[a-z0-9][a-z0-9_-]*",


def judge_inputs(w):
    """The package, and for the simulated judge (which is not blind) the receipt it derives scores from.

    The receipt is ancient(): present before the judge runs, never a reason to
    rerun it. A real judge never sees receipts, so a regraded receipt must not
    re-ask the simulated one either: changing an evaluator reruns receipts only.
    """
    run = run_layout.run_path(w.task, w.bundle, w.arm, w.rep)
    files = {
        "package": f"{PACKAGES}/{run}/package.txt",
        "prompt": f"{PACKAGES}/{run}/prompt.txt",
        "rubric": f"{PACKAGES}/{run}/rubric.json",
    }
    if judge_settings.judge_slice(config, w.judge)["backend"] == "simulated":
        files["receipt"] = ancient(f"{RECEIPTS}/{run}/{run_layout.RECEIPT}")
    return files


def judge_score_paths():
    """Every score file of the pilot: each assigned run x each configured judge."""
    return [p for judge in JUDGES for p in run_paths(SCORES, f"{judge}.json")]
