"""Helpers shared by the scenario tests."""
from __future__ import annotations


def scenario_module(task_id: str, name: str):
    """A scenario's module loaded by path, the way the library loads it."""
    from whitecollar.scenario import load_scenario

    sc = load_scenario(task_id)
    return {"generate": sc.generator, "solve": sc.solver, "evaluate": sc.evaluator}[name]
