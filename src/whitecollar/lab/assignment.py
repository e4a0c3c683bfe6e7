"""Drawing the pilot's runs and placing them on executor nodes.

Runs are every frozen scenario x arm x repeat, launched in a seeded random
order (so that time of day, node warm-up or a model update mid-pilot cannot
line up with an arm). Placement is an integer program solved by CBC through
PuLP: each run goes to exactly one node that has the capabilities its arm
requires, and each arm's runs are spread over its eligible nodes in
proportion to their slots, so that no arm is confounded with a node.
"""

from __future__ import annotations

import csv
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pulp

from whitecollar.office.csvio import write_dict_csv

FIELDS = ["order", "run_id", "task_id", "bundle", "arm", "repeat", "node", "time_limit_s", "budget_usd"]


class AssignmentError(RuntimeError):
    """An impossible draw; the message names the constraint that fails."""


@dataclass(frozen=True)
class Run:
    task_id: str
    bundle: str  # first 12 hex digits of the frozen bundle's SHA-256
    arm: str
    repeat: int
    time_limit_s: int
    budget_usd: float

    @property
    def run_id(self) -> str:
        return f"{self.task_id}-{self.arm}-r{self.repeat}"


def bundle_key(bundle_sha256: str) -> str:
    return bundle_sha256[:12]


def caps(global_caps: dict[str, Any], scenario: dict[str, Any]) -> tuple[int, float]:
    """Amendment A-006: the larger of the global cap and the scenario's own."""
    return (
        max(int(global_caps["time_limit_s"]), int(scenario["time_limit_s"])),
        round(max(float(global_caps["budget_usd"]), float(scenario["budget_usd"])), 2),
    )


def draw_runs(
    frozen: dict[str, dict[str, Any]], arms: list[str], repeats: int, global_caps: dict[str, Any], seed: int
) -> list[Run]:
    """Every scenario x arm x repeat, in a seeded random order.

    `frozen` maps task id to {"bundle_sha256", "time_limit_s", "budget_usd"}.
    """
    runs = []
    for tid in sorted(frozen):
        t, b = caps(global_caps, frozen[tid])
        for arm in sorted(arms):
            for rep in range(1, repeats + 1):
                runs.append(Run(tid, bundle_key(frozen[tid]["bundle_sha256"]), arm, rep, t, b))
    random.Random(seed).shuffle(runs)
    return runs


def place(runs: list[Run], arms: dict[str, dict[str, Any]], nodes: list[dict[str, Any]]) -> dict[str, str]:
    """run_id -> node name, by integer program; raises AssignmentError when infeasible."""
    if not runs:
        return {}
    eligible: dict[str, list[str]] = {}
    for arm, spec in arms.items():
        need = set(spec.get("requires", []))
        eligible[arm] = [n["name"] for n in nodes if need <= set(n.get("capabilities", []))]
        if not eligible[arm] and any(r.arm == arm for r in runs):
            have = {n["name"]: n.get("capabilities", []) for n in nodes}
            raise AssignmentError(
                f"arm {arm} requires {sorted(need)}, and no node in config.yaml has it (nodes: {have}); "
                "add the capability to a node or remove the arm"
            )
    slots = {n["name"]: int(n.get("slots", 3)) for n in nodes}
    prob = pulp.LpProblem("placement", pulp.LpMinimize)
    x = {
        (r.run_id, n): pulp.LpVariable(f"x_{i}_{j}", cat="Binary")
        for i, r in enumerate(runs)
        for j, n in enumerate(slots)
        if n in eligible[r.arm]
    }
    dev = {}
    for arm in sorted({r.arm for r in runs}):
        arm_runs = [r for r in runs if r.arm == arm]
        total_slots = sum(slots[n] for n in eligible[arm])
        for n in eligible[arm]:
            target = len(arm_runs) * slots[n] / total_slots
            d = pulp.LpVariable(f"dev_{arm}_{n.replace('-', '_')}", lowBound=0)
            count = pulp.lpSum(x[(r.run_id, n)] for r in arm_runs)
            prob += count - target <= d
            prob += target - count <= d
            dev[(arm, n)] = d
    prob += pulp.lpSum(dev.values())
    for r in runs:
        prob += pulp.lpSum(x[(r.run_id, n)] for n in eligible[r.arm]) == 1, f"one_node_{r.run_id.replace('-', '_')}"
    status = prob.solve(pulp.PULP_CBC_CMD(msg=False))
    if pulp.LpStatus[status] != "Optimal":
        raise AssignmentError(
            f"placement is {pulp.LpStatus[status]}: check nodes, slots and arm requirements in config.yaml"
        )
    out = {}
    for r in runs:
        out[r.run_id] = next(n for n in eligible[r.arm] if x[(r.run_id, n)].value() > 0.5)
    return out


def assignment_rows(runs: list[Run], placement: dict[str, str]) -> list[dict[str, Any]]:
    return [
        {
            "order": i,
            "run_id": r.run_id,
            "task_id": r.task_id,
            "bundle": r.bundle,
            "arm": r.arm,
            "repeat": r.repeat,
            "node": placement[r.run_id],
            "time_limit_s": r.time_limit_s,
            "budget_usd": f"{r.budget_usd:.2f}",
        }
        for i, r in enumerate(runs, start=1)
    ]


def write_assignment(path, rows: list[dict[str, Any]]) -> None:
    write_dict_csv(path, FIELDS, rows)


def frozen_scenarios(digests: list[Path], bundles: Path, scenarios: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The configured scenarios among the frozen ones: each bundle's SHA-256 and its task's caps."""
    frozen = {}
    for path in digests:
        digest = json.loads(Path(path).read_text(encoding="utf-8"))
        tid = digest["task_id"]
        if tid not in scenarios:
            continue
        task = json.loads(Path(bundles, tid, "task.json").read_text(encoding="utf-8"))
        frozen[tid] = {
            "bundle_sha256": digest["bundle_sha256"],
            "time_limit_s": task["time_limit_s"],
            "budget_usd": task["budget_usd"],
        }
    return frozen


def assign(cfg: dict[str, Any], frozen: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The pilot's runs, drawn from the study design and placed on the nodes, as assignment rows."""
    runs = draw_runs(frozen, list(cfg["arms"]), cfg["study"]["repeats"], cfg["caps"], cfg["study"]["seed"])
    return assignment_rows(runs, place(runs, cfg["arms"], cfg["nodes"]))


def runs_per_node(rows: list[dict[str, Any]]) -> dict[str, int]:
    per_node: dict[str, int] = {}
    for r in rows:
        per_node[r["node"]] = per_node.get(r["node"], 0) + 1
    return per_node


def read_assignment(path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))
