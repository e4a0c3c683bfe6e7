"""scenario.yaml's contract, checked when a scenario is loaded."""

import shutil

import pytest

from whitecollar.benchmark.scenario import ScenarioError, list_scenarios, load_scenario
from whitecollar.paths import SCENARIOS


@pytest.mark.parametrize("task_id", list_scenarios())
def test_the_version_a_worker_reads_is_the_generators(task_id):
    sc = load_scenario(task_id)
    assert sc.task_metadata()["version"] == sc.generator_version


def test_a_version_behind_its_generator_is_refused_naming_the_file(tmp_path):
    shutil.copytree(SCENARIOS / "BANK-01", tmp_path / "BANK-01")
    meta = tmp_path / "BANK-01" / "scenario.yaml"
    text = meta.read_text(encoding="utf-8")
    meta.write_text(text.replace('\nversion: "', '\nversion: "0.', 1), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"scenario.yaml: version '0\..*' differs from generator_version"):
        load_scenario("BANK-01", root=tmp_path)
