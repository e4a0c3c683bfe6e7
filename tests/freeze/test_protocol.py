"""The protocol files and the protocol record the freeze keeps (whitecollar.freeze.protocol)."""

from __future__ import annotations

import inspect
import shutil

import pytest
import yaml
from labkit import ROOT

from whitecollar import config as wc_config
from whitecollar.analysis.bootstrap import DEFAULT_REPLICATES
from whitecollar.analysis.paper_tables import render_latex
from whitecollar.analysis.power import Design
from whitecollar.analysis.premium import premium_table
from whitecollar.analysis.protocol_tables import amendments_table
from whitecollar.freeze import prompt as judge_prompt
from whitecollar.freeze.protocol import (
    AMENDMENTS,
    ANALYSIS_PLAN,
    ProtocolError,
    current,
    differences,
    load_amendments,
    load_analysis_plan,
    planned_bootstrap_replicates,
)

HEADER = "id,date,section,change,reason\n"


@pytest.fixture
def checkout(tmp_path):
    """The files the protocol record reads, copied: benchmark/protocol and PROC-01's rubric."""
    shutil.copytree(ROOT / "benchmark" / "protocol", tmp_path / "benchmark" / "protocol")
    rubric = tmp_path / "benchmark" / "scenarios" / "PROC-01" / "rubric.yaml"
    rubric.parent.mkdir(parents=True)
    shutil.copyfile(ROOT / "benchmark" / "scenarios" / "PROC-01" / "rubric.yaml", rubric)
    return tmp_path


@pytest.fixture
def cfg():
    return wc_config.load(ROOT / "config.yaml")


def test_the_amendments_of_the_design_are_recorded():
    rows = load_amendments(ROOT / AMENDMENTS)
    assert [r["id"] for r in rows] == ["A-002", "A-003", "A-005", "A-006", "A-007"]
    assert all(r["date"] and r["section"] and r["change"] and r["reason"] for r in rows)
    assert "larger of" in next(r for r in rows if r["id"] == "A-006")["change"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("id,date,change,reason\n", "header must be"),
        (HEADER + "A-1,2026-01-01,s,c,r\n", "not of the form A-NNN"),
        (HEADER + "A-001,2026-01-01,s,c,r\nA-001,2026-01-02,s,c,r\n", "listed twice"),
        (HEADER + "A-001,01/02/2026,s,c,r\n", "is not YYYY-MM-DD"),
        (HEADER + "A-001,2026-01-01,s,,r\n", "has no change"),
        (HEADER + "A-001,2026-01-01,s,a change, with a comma,r\n", "quote text that holds commas"),
    ],
)
def test_a_bad_amendments_file_is_refused_with_the_line(tmp_path, text, message):
    path = tmp_path / "amendments.csv"
    path.write_text(text)
    with pytest.raises(ProtocolError, match=message) as err:
        load_amendments(path)
    assert str(path) in str(err.value)


def test_the_analysis_plan_states_what_the_analysis_code_does():
    plan = load_analysis_plan(ROOT / ANALYSIS_PLAN)
    assert plan["intervals"]["bootstrap"]["replicates"] == DEFAULT_REPLICATES
    assert plan["intervals"]["level"] == inspect.signature(premium_table).parameters["level"].default
    assert plan["tests"]["alpha"] == plan["power"]["alpha"] == Design().alpha_level
    assert plan["power"]["premium"] == Design().premium and 0 < plan["power"]["target"] < 1
    assert len(plan["scale_up"]["stages"]) == 3 and plan["scale_up"]["decision_rule"]
    assert {e["id"] for e in plan["estimands"]} >= {"success_rate", "premium", "frontier"}


def test_the_paper_rules_draw_the_replicates_the_plan_preregisters(tmp_path):
    assert planned_bootstrap_replicates(ROOT) == 2000
    assert "bootstrap_replicates" not in (ROOT / "config.yaml").read_text()  # one home: the plan
    assert 'replicates": PLANNED_REPLICATES' in (ROOT / "rules" / "paper.smk").read_text()
    plan = yaml.safe_load((ROOT / ANALYSIS_PLAN).read_text())
    plan["intervals"]["bootstrap"]["replicates"] = "many"
    (tmp_path / ANALYSIS_PLAN).parent.mkdir(parents=True)
    (tmp_path / ANALYSIS_PLAN).write_text(yaml.safe_dump(plan))
    with pytest.raises(ProtocolError, match="replicates must be a whole number"):
        planned_bootstrap_replicates(tmp_path)


def test_an_analysis_plan_without_a_decision_rule_is_refused(tmp_path):
    plan = yaml.safe_load((ROOT / ANALYSIS_PLAN).read_text())
    del plan["scale_up"]["decision_rule"]
    path = tmp_path / "plan.yaml"
    path.write_text(yaml.safe_dump(plan))
    with pytest.raises(ProtocolError, match="decision_rule"):
        load_analysis_plan(path)


def test_the_record_is_the_same_for_the_same_files(checkout, cfg):
    assert current(checkout, cfg, ["PROC-01"]) == current(checkout, cfg, ["PROC-01"])
    assert differences(current(checkout, cfg, ["PROC-01"]), current(checkout, cfg, ["PROC-01"])) == []


def test_every_item_that_decides_a_score_is_named_when_it_changes(checkout, cfg, monkeypatch):
    frozen = current(checkout, cfg, ["PROC-01"])
    rubric = checkout / "benchmark" / "scenarios" / "PROC-01" / "rubric.yaml"
    rubric.write_text(rubric.read_text().replace("weight: 3", "weight: 4", 1))
    plan = checkout / ANALYSIS_PLAN
    plan.write_text(plan.read_text().replace("target: 0.80", "target: 0.90"))
    (checkout / AMENDMENTS).write_text((checkout / AMENDMENTS).read_text() + "A-008,2026-12-01,Caps,c,r\n")
    monkeypatch.setattr(judge_prompt, "INSTRUCTIONS", judge_prompt.INSTRUCTIONS.replace("lower score", "higher score"))
    cfg["study"]["repeats"] += 1
    cfg["arms"]["A2"]["tools"] = cfg["arms"]["A2"]["tools"] + ["WebFetch"]
    cfg["judges"]["panel"][1]["noise_sd"] = 0.1
    found = "\n".join(differences(frozen, current(checkout, cfg, ["PROC-01"])))
    assert "rubric of PROC-01 (benchmark/scenarios/PROC-01/rubric.yaml) differs" in found
    assert "analysis plan (benchmark/protocol/analysis_plan.yaml) differs" in found
    assert "amendments file" in found and "judge prompt template differs" in found
    assert "study design differs from the freeze: arms.A2.tools, repeats changed" in found
    assert "judge panel differs from the freeze: [judge-b].noise_sd changed" in found
    assert len(found.splitlines()) == 6


def test_a_label_is_not_part_of_the_design(checkout, cfg):
    frozen = current(checkout, cfg, ["PROC-01"])
    cfg["arms"]["A1"]["label"] = "Another name"
    assert differences(frozen, current(checkout, cfg, ["PROC-01"])) == []


def test_a_manifest_frozen_without_a_protocol_says_so(checkout, cfg):
    assert "records no protocol" in differences(None, current(checkout, cfg, ["PROC-01"]))[0]


def test_the_amendments_table_lists_the_file():
    tex = render_latex(amendments_table(ROOT / AMENDMENTS))
    for amendment in ("A-002", "A-003", "A-005", "A-006", "A-007"):
        assert amendment in tex
    assert r"\label{tab:amendments}" in tex
