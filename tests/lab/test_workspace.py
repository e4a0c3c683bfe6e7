import json
import os

import pytest

from whitecollar import atomic
from whitecollar.hashing import tree_listing
from whitecollar.lab.integrity import check_workspace
from whitecollar.lab.workspace import ComposeError, compose, read_manifest


@pytest.fixture
def bundle(tmp_path):
    b = tmp_path / "bundle"
    (b / "inputs" / "sub").mkdir(parents=True)
    (b / "inputs" / "a.csv").write_text("x,y\n1,2\n")
    (b / "inputs" / "sub" / "b.md").write_text("# b\n")
    (b / "portal").mkdir()
    (b / "portal" / "portal.json").write_text("{}\n")
    (b / "BRIEF.md").write_text("brief\n")
    (b / "completion.schema.json").write_text("{}\n")
    atomic.write_json(
        b / "task.json",
        {
            "id": "PROC-01",
            "occupation": "Procurement",
            "organisation": "PRD",
            "title": "t",
            "version": "1.0",
            "required_deliverables": [{"path": "x.xlsx", "format": "xlsx"}],
            "applications": ["spreadsheet"],
            "seed": 7,
            "designed_features": {"planted_errors": 4},
            "designed_dependency_depth": 21,
            "difficulty_class": "standard",
        },
    )
    return b


def test_workspace_is_stripped_and_has_an_empty_out(bundle, tmp_path):
    ws = compose(bundle, tmp_path / "ws")
    task = json.loads((ws / "task.json").read_text())
    assert set(task) == {
        "id",
        "occupation",
        "organisation",
        "title",
        "version",
        "required_deliverables",
        "applications",
    }
    assert not (ws / "portal").exists()
    assert (ws / "out").is_dir() and not any((ws / "out").iterdir())
    manifest = read_manifest(ws)
    assert set(manifest) == {"BRIEF.md", "completion.schema.json", "inputs/a.csv", "inputs/sub/b.md", "task.json"}


def test_portal_description_only_for_portal_arms(bundle, tmp_path):
    ws = compose(bundle, tmp_path / "ws", portal=True)
    assert (ws / "portal" / "portal.json").is_file()
    assert "portal/portal.json" in read_manifest(ws)


def test_compose_refuses_a_bundle_that_differs_from_the_freeze(bundle, tmp_path):
    manifest = tmp_path / "manifest.json"
    atomic.write_json(manifest, {"scenarios": {"PROC-01": {"bundle": tree_listing(bundle)}}})
    compose(bundle, tmp_path / "ok", freeze_manifest=manifest)
    (bundle / "inputs" / "a.csv").write_text("x,y\n1,3\n")
    with pytest.raises(ComposeError, match="inputs/a.csv"):
        compose(bundle, tmp_path / "ws", freeze_manifest=manifest)
    assert not (tmp_path / "ws").exists()


def test_compose_refuses_a_scenario_missing_from_the_freeze(bundle, tmp_path):
    manifest = tmp_path / "manifest.json"
    atomic.write_json(manifest, {"scenarios": {}})
    with pytest.raises(ComposeError, match="not in the freeze manifest"):
        compose(bundle, tmp_path / "ws", freeze_manifest=manifest)


def test_integrity_intact_then_each_kind_of_change(bundle, tmp_path):
    ws = compose(bundle, tmp_path / "ws")
    (ws / "out" / "result.txt").write_text("deliverable")
    (ws / "scratch.txt").write_text("notes")
    ok = check_workspace(ws)
    assert ok.intact is True and "outside out/" in ok.detail
    (ws / "inputs" / "a.csv").write_text("tampered")
    (ws / "inputs" / "new.txt").write_text("added")
    os.remove(ws / "inputs" / "sub" / "b.md")
    bad = check_workspace(ws)
    assert bad.intact is False
    assert set(bad.changed) == {"modified: inputs/a.csv", "added: inputs/new.txt", "deleted: inputs/sub/b.md"}


def test_integrity_recorded_at_collection_is_used(tmp_path):
    atomic.write_json(tmp_path / "integrity.json", {"intact": False, "changed": ["modified: inputs/x"], "detail": "d"})
    assert check_workspace(tmp_path).changed == ["modified: inputs/x"]


def test_no_manifest_means_not_checked(tmp_path):
    assert check_workspace(tmp_path).intact is None
