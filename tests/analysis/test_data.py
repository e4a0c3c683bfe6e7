"""Loading a pilot from the laboratory's own database schema."""

from __future__ import annotations

import sqlite3

import pytest
from analysis_helpers import write_pilot_folder

from whitecollar.analysis.data import AnalysisError, load_pilot

SPECS = [
    {"task": "P-01", "arm": "A1", "repeat": 1, "success": True, "clar": True, "raised": True},
    {"task": "P-01", "arm": "A1", "repeat": 2, "success": True, "clar": True, "injection": True},
    {"task": "P-01", "arm": "A2", "repeat": 1, "success": False, "clar": True, "error": "evaluator crashed"},
    {"task": "Q-01", "arm": "A1", "repeat": 1, "success": True, "cost": None},
    {"task": "Q-01", "arm": "A2", "repeat": 1, "success": True, "raised": True},
]
META = {"P-01": {"depth": 21, "minutes": 150, "clar": True}, "Q-01": {"depth": 44, "minutes": 420}}


@pytest.fixture
def folder(tmp_path):
    write_pilot_folder(tmp_path, SPECS, META)
    return tmp_path


def test_runs_are_joined_with_receipts_and_designed_properties(folder):
    pilot = load_pilot(folder / "pilot")
    assert len(pilot.runs) == 5 and pilot.simulated and pilot.label == "SIMULATED"
    r = pilot.runs.set_index("run_id")
    assert not r.at["P-01-A1-r2", "success"] and r.at["P-01-A1-r2", "injection_obeyed"]  # obeyed: no success
    assert not r.at["P-01-A2-r1", "evaluated"]
    assert r.at["P-01-A1-r1", "justified_clarification"] and r.at["Q-01-A2-r1", "raised"]
    assert r.at["Q-01-A1-r1", "charged_usd"] == 4.0 and not r.at["Q-01-A1-r1", "cost_known"]
    assert r.at["Q-01-A1-r1", "depth"] == 44 and r.at["P-01-A1-r1", "minutes"] == 150
    assert len(pilot.evaluated) == 4 and pilot.arms == ["A1", "A2"] and pilot.tasks == ["P-01", "Q-01"]


def test_a_database_out_of_step_with_its_receipts_is_refused(folder):
    db = folder / "pilot" / "experiment.sqlite"
    con = sqlite3.connect(db)
    con.execute("UPDATE receipts SET success = 1 WHERE run_id = 'P-01-A1-r2'")
    con.commit()
    con.close()
    with pytest.raises(AnalysisError, match="P-01-A1-r2"):
        load_pilot(folder / "pilot")


def test_a_missing_database_says_how_to_build_it(tmp_path):
    with pytest.raises(AnalysisError, match="snakemake results/pilot"):
        load_pilot(tmp_path / "pilot")


def test_a_pilot_of_the_real_client_and_a_scripted_model_says_scripted_model(tmp_path):
    scripted = [{**s, "simulated": False, "model_source": "scripted"} for s in SPECS]
    write_pilot_folder(tmp_path, scripted, META)
    pilot = load_pilot(tmp_path / "pilot")
    assert pilot.simulated and pilot.label == "SCRIPTED MODEL"  # stamped, never passed off as measured


def test_one_simulated_run_among_scripted_ones_makes_the_pilot_simulated(tmp_path):
    specs = [{**s, "simulated": False, "model_source": "scripted"} for s in SPECS[1:]] + SPECS[:1]
    write_pilot_folder(tmp_path, specs, META)
    assert load_pilot(tmp_path / "pilot").label == "SIMULATED"


def test_runs_of_a_real_model_are_measured(tmp_path):
    write_pilot_folder(tmp_path, [{**s, "simulated": False} for s in SPECS], META)
    pilot = load_pilot(tmp_path / "pilot")
    assert not pilot.simulated and pilot.label == "measured"
