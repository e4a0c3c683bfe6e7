import pytest

from whitecollar.lab.assignment import AssignmentError, caps, draw_runs, place

ARMS = {
    "A1": {"requires": []},
    "A2": {"requires": ["desktop-automation"]},
    "A3": {"requires": []},
    "A4": {"requires": ["browser"]},
}
FROZEN = {
    "ACC-01": {"bundle_sha256": "a" * 64, "time_limit_s": 3600, "budget_usd": 6.0},
    "PROC-01": {"bundle_sha256": "b" * 64, "time_limit_s": 1800, "budget_usd": 4.0},
}
GLOBAL = {"time_limit_s": 1800, "budget_usd": 4.0}


def test_caps_are_the_larger_of_global_and_scenario():
    assert caps(GLOBAL, {"time_limit_s": 3600, "budget_usd": 6.0}) == (3600, 6.0)
    assert caps(GLOBAL, {"time_limit_s": 600, "budget_usd": 1.0}) == (1800, 4.0)


def test_every_scenario_arm_repeat_in_a_seeded_order():
    runs = draw_runs(FROZEN, list(ARMS), 3, GLOBAL, seed=7)
    assert len(runs) == 2 * 4 * 3
    assert len({r.run_id for r in runs}) == len(runs)
    assert [r.run_id for r in runs] == [r.run_id for r in draw_runs(FROZEN, list(ARMS), 3, GLOBAL, seed=7)]
    assert [r.run_id for r in runs] != [r.run_id for r in draw_runs(FROZEN, list(ARMS), 3, GLOBAL, seed=8)]
    acc = next(r for r in runs if r.task_id == "ACC-01")
    assert (acc.time_limit_s, acc.budget_usd, acc.bundle) == (3600, 6.0, "a" * 12)


def test_placement_respects_capabilities_and_balances_arms():
    nodes = [
        {"name": "mac-a", "slots": 3, "capabilities": ["desktop-automation", "browser"]},
        {"name": "mac-b", "slots": 3, "capabilities": ["desktop-automation", "browser"]},
        {"name": "mac-c", "slots": 3, "capabilities": ["browser"]},
    ]
    runs = draw_runs(FROZEN, list(ARMS), 3, GLOBAL, seed=1)
    placed = place(runs, ARMS, nodes)
    assert set(placed) == {r.run_id for r in runs}
    for r in runs:
        if r.arm == "A2":
            assert placed[r.run_id] in ("mac-a", "mac-b")
    for arm in ARMS:
        counts = [sum(1 for r in runs if r.arm == arm and placed[r.run_id] == n["name"]) for n in nodes]
        eligible = [c for c, n in zip(counts, nodes) if set(ARMS[arm]["requires"]) <= set(n["capabilities"])]
        assert max(eligible) - min(eligible) <= 1, (arm, counts)


def test_an_impossible_draw_names_the_failing_constraint():
    nodes = [{"name": "linux", "slots": 3, "capabilities": ["browser"]}]
    with pytest.raises(AssignmentError, match="A2 requires \\['desktop-automation'\\]"):
        place(draw_runs(FROZEN, list(ARMS), 1, GLOBAL, seed=1), ARMS, nodes)


def test_the_frozen_scenarios_are_the_configured_ones_with_their_tasks_caps(tmp_path):
    import json

    from whitecollar.lab.assignment import assign, frozen_scenarios, runs_per_node

    digests = []
    for tid, frozen in FROZEN.items():
        (tmp_path / "bundles" / tid).mkdir(parents=True)
        task = {"time_limit_s": frozen["time_limit_s"], "budget_usd": frozen["budget_usd"]}
        (tmp_path / "bundles" / tid / "task.json").write_text(json.dumps(task))
        digests.append(tmp_path / f"{tid}.json")
        digests[-1].write_text(json.dumps({"task_id": tid, "bundle_sha256": frozen["bundle_sha256"]}))
    assert frozen_scenarios(digests, tmp_path / "bundles", {"ACC-01": {}, "PROC-01": {}}) == FROZEN
    only = frozen_scenarios(digests, tmp_path / "bundles", {"PROC-01": {}})
    assert only == {"PROC-01": FROZEN["PROC-01"]}  # a frozen scenario the config leaves out is not drawn
    cfg = {
        "arms": {"A1": {"requires": []}, "A3": {"requires": []}},
        "study": {"repeats": 2, "seed": 3},
        "caps": GLOBAL,
        "nodes": [{"name": "a", "slots": 2, "capabilities": []}, {"name": "b", "slots": 2, "capabilities": []}],
    }
    rows = assign(cfg, only)
    assert len(rows) == 1 * 2 * 2 and runs_per_node(rows) == {"a": 2, "b": 2}
    assert rows == assign(cfg, only)  # seeded
