"""Helpers shared by the scenario tests."""
from __future__ import annotations

from pathlib import Path


def scenario_module(task_id: str, name: str):
    """A scenario's module loaded by path, the way the library loads it."""
    from whitecollar.scenario import load_scenario

    sc = load_scenario(task_id)
    return {"generate": sc.generator, "solve": sc.solver, "evaluate": sc.evaluator}[name]


def footer_text() -> str:
    """The committed working conventions every brief must end with."""
    return (Path(__file__).resolve().parents[2] / "benchmark" / "footer.md").read_text(encoding="utf-8").strip()


def holding_battery(task_id: str, bundle, oracle_dir) -> tuple[dict, dict]:
    """The battery's result and its variants by name, once every variant is shown to hold and the verdict valid."""
    from whitecollar.validation import run_battery

    result = run_battery(task_id, bundle, oracle_dir)
    bad = [(v["variant"], v["problems"]) for v in result["variants"] if not v["holds"]]
    assert not bad
    assert result["verdict"] == "valid"
    return result, {v["variant"]: v for v in result["variants"]}


def corpus_at_seed(task_id: str, seed: int, root: Path) -> tuple[dict, dict]:
    """(oracle, corpus summary) of the scenario generated at another seed.

    A corpus writes its facts from the oracle, so it must hold at any seed,
    not only the frozen one: a researcher may change the seed in config.yaml.
    """
    import json

    from whitecollar.challenge import run_corpus
    from whitecollar.generation import generate
    from whitecollar.scenario import load_scenario

    generate(task_id, root / "b", root / "o", seed=seed)
    oracle = json.loads((root / "o" / "oracle.json").read_text(encoding="utf-8"))
    (root / "work").mkdir()
    cases = list(load_scenario(task_id).challenge.CASES)
    return oracle, run_corpus(task_id, cases, root / "b", root / "o", oracle, root / "work")
