"""How a run's figures are labelled (lab/run_spec.py): no stand-in passes for a measurement."""

from __future__ import annotations

from whitecollar.lab.run_spec import records_label, worker_label


def test_each_kind_of_worker_has_its_label():
    assert worker_label({"simulated": True}) == "SIMULATED"
    assert worker_label({"simulated": False, "model_source": "scripted"}) == "SCRIPTED MODEL"
    assert worker_label({"simulated": False, "model": "claude-sonnet-4-5"}) == "measured"
    assert worker_label({}) == "measured"


def test_figures_from_mixed_runs_carry_the_strongest_stand_in():
    scripted, measured = {"model_source": "scripted"}, {"model": "m"}
    assert records_label([measured, scripted]) == "SCRIPTED MODEL"
    assert records_label([scripted, {"simulated": True}, measured]) == "SIMULATED"
    assert records_label([measured]) == "measured"
    assert records_label([]) == "measured"
