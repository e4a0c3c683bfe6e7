"""Helpers shared by the scenario tests."""

from __future__ import annotations

from pathlib import Path


def scenario_module(task_id: str, name: str):
    """A scenario's module loaded by path, the way the library loads it."""
    from whitecollar.benchmark.scenario import load_scenario

    sc = load_scenario(task_id)
    return {"generate": sc.generator, "solve": sc.solver, "evaluate": sc.evaluator}[name]


def footer_text() -> str:
    """The committed working conventions every brief must end with."""
    return (Path(__file__).resolve().parents[2] / "benchmark" / "footer.md").read_text(encoding="utf-8").strip()


def holding_battery(task_id: str, bundle, oracle_dir, full_lab) -> tuple[dict, dict]:
    """The battery's result and its variants by name, once every variant is shown to hold and the verdict valid.

    The result is the freeze's own validation report (`whitecollar validate`,
    run by Snakemake in the session's full lab, tests/labkit.py FullLab): the
    same code grading the same bundle and oracle bytes this module's other
    tests read (checked first), so the battery runs once a session, not twice.
    """
    from whitecollar.hashing import tree_listing

    result = full_lab.validation(task_id)
    built = full_lab.root / "results"
    assert tree_listing(built / "bundles" / task_id) == tree_listing(bundle), "the freeze validated another bundle"
    assert tree_listing(built / "restricted" / "oracles" / task_id) == tree_listing(oracle_dir), (
        "the freeze validated against another oracle"
    )
    assert result["task_id"] == task_id
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

    from whitecollar.benchmark.generation import generate
    from whitecollar.benchmark.scenario import load_scenario
    from whitecollar.grading.challenge import run_corpus

    generate(task_id, root / "b", root / "o", seed=seed)
    oracle = json.loads((root / "o" / "oracle.json").read_text(encoding="utf-8"))
    (root / "work").mkdir()
    cases = load_scenario(task_id).corpus_cases()  # the adversary's section too
    return oracle, run_corpus(task_id, cases, root / "b", root / "o", oracle, root / "work")
