import pytest

from whitecollar import atomic
from whitecollar.freeze.manifest import FreezeError, build_manifest, verify
from whitecollar.hashing import listing_digest, tree_listing


def _digest(tid, bundle, oracle):
    b, o = tree_listing(bundle), tree_listing(oracle)
    return {
        "task_id": tid,
        "seed": 1,
        "generator_version": "1.0",
        "bundle": b,
        "oracle": o,
        "bundle_sha256": listing_digest(b),
        "oracle_sha256": listing_digest(o),
    }


def _validation(tid, verdict="valid", agreeing=40):
    challenge = {
        "sha256": "cd" * 32,
        "cases": 40,
        "honest": 20,
        "wrong": 20,
        "agreeing": agreeing,
        "agreement": agreeing / 40,
        "false_pass_verdicts": 0,
        "false_fail_verdicts": 40 - agreeing,
        "critical_misjudged": 0,
        "results": [{"case": "honest-a", "receipt_sha256": "ef" * 32}],
    }
    return {
        "task_id": tid,
        "evaluator_version": "1.1",
        "verdict": verdict,
        "variants": [{"variant": "reference", "receipt_sha256": "ab" * 32}],
        "challenge": challenge,
    }


@pytest.fixture
def trees(tmp_path):
    for half in ("bundles", "oracles"):
        d = tmp_path / half / "X-01"
        d.mkdir(parents=True)
        (d / "f.txt").write_text(half)
    return tmp_path


def test_manifest_records_versions_hashes_and_receipts(trees):
    m = build_manifest([_digest("X-01", trees / "bundles" / "X-01", trees / "oracles" / "X-01")], [_validation("X-01")])
    entry = m["scenarios"]["X-01"]
    assert entry["evaluator_version"] == "1.1" and entry["seed"] == 1
    assert entry["validation"]["receipts"] == {"reference": "ab" * 32}
    corpus = entry["validation"]["challenge"]
    assert corpus["sha256"] == "cd" * 32 and corpus["cases"] == 40 and corpus["agreement"] == 1.0
    assert corpus["receipts"] == {"honest-a": "ef" * 32}


def test_freeze_refuses_a_corpus_not_fully_agreed(trees):
    digest = _digest("X-01", trees / "bundles" / "X-01", trees / "oracles" / "X-01")
    with pytest.raises(FreezeError, match="challenge corpus"):
        build_manifest([digest], [_validation("X-01", agreeing=39)])
    no_corpus = _validation("X-01")
    del no_corpus["challenge"]
    with pytest.raises(FreezeError, match="X-01"):
        build_manifest([digest], [no_corpus])


def test_freeze_refuses_an_invalid_battery(trees):
    with pytest.raises(FreezeError, match="X-01"):
        build_manifest(
            [_digest("X-01", trees / "bundles" / "X-01", trees / "oracles" / "X-01")], [_validation("X-01", "invalid")]
        )
    with pytest.raises(FreezeError, match="no validation"):
        build_manifest([_digest("X-01", trees / "bundles" / "X-01", trees / "oracles" / "X-01")], [])


def test_verify_detects_changed_missing_and_extra_files(trees):
    m = build_manifest([_digest("X-01", trees / "bundles" / "X-01", trees / "oracles" / "X-01")], [_validation("X-01")])
    path = trees / "manifest.json"
    atomic.write_json(path, m)
    assert verify(path, trees / "bundles", trees / "oracles") == []
    (trees / "bundles" / "X-01" / "f.txt").write_text("changed")
    (trees / "oracles" / "X-01" / "extra.txt").write_text("x")
    problems = verify(path, trees / "bundles", trees / "oracles")
    assert any("f.txt differs" in p for p in problems)
    assert any("unexpected extra.txt" in p for p in problems)
    (trees / "bundles" / "X-01" / "f.txt").unlink()
    assert any("lacks f.txt" in p for p in verify(path, trees / "bundles"))


def _protocol(rubric_sha="11" * 32, plan_sha="22" * 32):
    item = {"path": "x", "sha256": "00" * 32}
    return {
        "amendments": item,
        "analysis_plan": {"path": "benchmark/protocol/analysis_plan.yaml", "sha256": plan_sha},
        "judge_panel": {"sha256": "33" * 32, "settings": [{"name": "j"}]},
        "judge_prompt": {"sha256": "44" * 32},
        "rubrics": {"X-01": {"path": "benchmark/scenarios/X-01/rubric.yaml", "sha256": rubric_sha}},
        "study_design": {"sha256": "55" * 32, "settings": {"repeats": 2}},
    }


def test_manifest_holds_the_protocol_and_refuses_a_scenario_without_rubric(trees):
    digest = _digest("X-01", trees / "bundles" / "X-01", trees / "oracles" / "X-01")
    m = build_manifest([digest], [_validation("X-01")], _protocol())
    assert m["protocol"] == _protocol() and m["format"] == 2
    no_rubric = _protocol()
    no_rubric["rubrics"] = {}
    with pytest.raises(FreezeError, match="X-01: no rubric"):
        build_manifest([digest], [_validation("X-01")], no_rubric)


def test_verify_names_every_protocol_item_and_evaluator_that_differs(trees):
    m = build_manifest(
        [_digest("X-01", trees / "bundles" / "X-01", trees / "oracles" / "X-01")], [_validation("X-01")], _protocol()
    )
    path = trees / "manifest.json"
    atomic.write_json(path, m)
    assert verify(path, trees / "bundles", trees / "oracles", _protocol(), {"X-01": "1.1"}) == []
    problems = verify(path, trees / "bundles", trees / "oracles", _protocol("66" * 32, "77" * 32), {"X-01": "1.2"})
    assert problems == [
        "protocol: analysis plan (benchmark/protocol/analysis_plan.yaml) differs from the freeze",
        "protocol: rubric of X-01 (benchmark/scenarios/X-01/rubric.yaml) differs from the freeze "
        "(sha256 666666666666 != 111111111111)",
        "X-01: evaluator version 1.2 differs from the frozen 1.1",
    ]


def test_verify_refuses_a_missing_manifest_in_one_line(tmp_path):
    with pytest.raises(FreezeError, match="no freeze manifest"):
        verify(tmp_path / "manifest.json", None)
