"""What the workflow's input functions ask, answered in constant time per job.

Snakemake calls a rule's input, params and resource functions once per job,
and again for every job behind a checkpoint when that checkpoint completes.
With 2,400 runs (six jobs each) a function that reads the assignment or a
scenario's files per call turns planning from seconds into minutes. Here
each file is read once and kept, keyed by its path and its stat (size and
modification time), so a file rewritten mid-invocation (the `assign`
checkpoint completing) is read again, and an unchanged one never is.

The workflow (rules/common.smk) only wires these answers into rules.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from whitecollar.lab.assignment import read_assignment

T = TypeVar("T")

_CACHE: dict[tuple[str, str], tuple[tuple[int, int], Any]] = {}


def cached_read(path: str | Path, kind: str, read: Callable[[Path], T]) -> T:
    """`read(path)`, computed once per (path, size, mtime); raises OSError when the file is missing."""
    st = os.stat(path)
    key = (str(path), kind)
    stamp = (st.st_size, st.st_mtime_ns)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    value = read(Path(path))
    _CACHE[key] = (stamp, value)
    return value


def clear_cache() -> None:
    """Forget every file read (tests that rewrite a file within one mtime tick)."""
    _CACHE.clear()


@dataclass(frozen=True)
class Assignment:
    """The assignment's rows, in order, and an index by run path."""

    rows: tuple[dict[str, str], ...]
    by_key: dict[tuple[str, str, str, str], dict[str, str]]

    @classmethod
    def from_rows(cls, rows: Iterable[dict[str, str]]) -> Assignment:
        rows = tuple(rows)
        return cls(rows, {(r["task_id"], r["bundle"], r["arm"], str(r["repeat"])): r for r in rows})

    def row(self, task: str, bundle: str, arm: str, rep: str | int, source: str = "the assignment") -> dict[str, str]:
        """The row of one run (its node, caps and launch order); a run not drawn is an error naming the file."""
        try:
            return self.by_key[(task, bundle, arm, str(rep))]
        except KeyError:
            raise ValueError(
                f"{source}: no run {task}-{arm}-r{rep} for bundle {bundle}; "
                "re-run the assignment (snakemake results/plan/assignment.csv)"
            ) from None

    def run_paths(self, root: str, leaf: str) -> list[str]:
        """`root/<task>/<bundle>/<arm>/r<n>/leaf` for every run, in the assignment's order."""
        return [f"{root}/{r['task_id']}/{r['bundle']}/{r['arm']}/r{r['repeat']}/{leaf}" for r in self.rows]


def load_assignment(path: str | Path) -> Assignment:
    """The assignment at `path`, read and indexed once per version of the file."""
    return cached_read(path, "assignment", lambda p: Assignment.from_rows(read_assignment(p)))


def read_json(path: str | Path) -> Any:
    """A JSON file, parsed once per version (digests, the freeze manifest)."""
    return cached_read(path, "json", lambda p: json.loads(p.read_text(encoding="utf-8")))


def freeze_is_current(manifest: str | Path, digests: str | Path, tasks: Iterable[str]) -> bool:
    """Whether the freeze manifest holds exactly the bundles the digests describe."""
    try:
        frozen = read_json(manifest)["scenarios"]
        return all(frozen[t]["bundle_sha256"] == read_json(Path(digests) / f"{t}.json")["bundle_sha256"] for t in tasks)
    except (OSError, KeyError, TypeError, ValueError):
        return False


def oracle_sha256(digests: str | Path, task: str) -> str:
    """The oracle's hash from the scenario's digest ("" before it is generated)."""
    try:
        return read_json(Path(digests) / f"{task}.json")["oracle_sha256"]
    except OSError:
        return ""


def worker_slice(config: dict[str, Any], arm: str) -> str:
    """What a run reads of the worker settings: the backend and, when simulated, its arm's mix and cost."""
    worker: dict[str, Any] = {"backend": config["worker"]["backend"], "study_seed": config["study"]["seed"]}
    if worker["backend"] == "simulated":
        sim = config["worker"]["simulated"]
        worker["simulated"] = {
            "personas": {arm: sim["personas"][arm]},
            "cost_usd": {arm: sim["cost_usd"][arm]},
            "seconds": sim.get("seconds", 0),
        }
    else:
        worker["claude_code"] = config["worker"].get("claude_code") or {}
        if worker["claude_code"].get("scripted_model"):  # the scripted model plays the simulated run's persona
            worker["simulated"] = {"personas": {arm: config["worker"]["simulated"]["personas"][arm]}, "cost_usd": {}}
    return json.dumps(worker, sort_keys=True)


def assign_slice(config: dict[str, Any]) -> str:
    """Everything `whitecollar assign` reads of the configuration, as canonical JSON.

    It is the assign job's param, so changing the scenarios, arms, repeats,
    seed, caps or nodes redraws the runs, and nothing else does.
    """
    chosen = {k: config[k] for k in ("arms", "study", "caps", "nodes")}
    chosen["scenarios"] = sorted(config["scenarios"])  # a seed override reaches it through the digests
    return json.dumps(chosen, sort_keys=True, separators=(",", ":"))


#: The environment variable that carries `controller_slice` from the workflow to `whitecollar run`.
CONTROLLER_ENV = "WHITECOLLAR_CONTROLLER"


def controller_slice(config: dict[str, Any]) -> str:
    """What a run reads at launch that must never rerun a finished run: the envelope and the nodes.

    It reaches the job through the environment (`CONTROLLER_ENV`), which
    every job inherits from Snakemake: not as a param (Snakemake's params
    trigger would rerun every finished run when the envelope is raised) and
    not in the rule's command (its code trigger compares the command's
    text), so raising the envelope or editing a node's address reruns
    nothing that has finished.
    """
    return json.dumps(
        {"envelope_usd": config["budget"]["envelope_usd"], "nodes": config["nodes"]},
        sort_keys=True,
        separators=(",", ":"),
    )


def typed_overrides(given: dict[str, Any]) -> dict[str, Any]:
    """`--config` values with their nested scalars typed as YAML reads them.

    Snakemake types a top-level `--config key=value` but leaves every scalar
    nested inside a mapping a string (`study={repeats: 2}` gives "2"), which
    the configuration schema then refuses. Each such string is read as a
    YAML scalar (2, 0.5, false, or the string itself); a string YAML would
    read as a mapping or a list stays the string it was.
    """
    import yaml

    def typed(value: Any, nested: bool) -> Any:
        if isinstance(value, dict):
            return {k: typed(v, True) for k, v in value.items()}
        if isinstance(value, list):
            return [typed(v, True) for v in value]
        if nested and isinstance(value, str):
            try:
                read = yaml.safe_load(value)
            except yaml.YAMLError:
                return value
            return read if read is not None and not isinstance(read, (dict, list)) else value
        return value

    return {k: typed(v, False) for k, v in given.items()}


def per_job(function: Callable[..., T]) -> Callable[..., T]:
    """`function`, with its parameters inspected once rather than at every call.

    Snakemake inspects the signature of an input, params or resource
    function each time it calls it (`inspect.signature`, about as costly as
    the lookup itself); with six jobs per run that is a tenth of planning
    2,400 runs. Snakemake reads the parameters from this attribute first
    (`snakemake.common.overwrite_function_params`, Snakemake 9).
    """
    import inspect

    from snakemake.common import overwrite_function_params

    overwrite_function_params(function, inspect.signature(function).parameters)
    return function
