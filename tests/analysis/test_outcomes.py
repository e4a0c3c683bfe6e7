"""Per arm and scenario: the denominators and costs follow the record's rules."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from whitecollar.analysis.data import synthetic_pilot
from whitecollar.analysis.outcomes import ALL, arm_scenario_table, scenario_rates


def _pilot() -> object:
    scenarios = pd.DataFrame(
        {
            "task_id": ["P-01", "Q-01"],
            "depth": [20.0, 40.0],
            "minutes": [100.0, 300.0],
            "prompt_injection": [True, True],
            "requires_clarification": [True, False],
        }
    )
    runs = pd.DataFrame(
        [
            # P-01: one success, one failure that obeyed the injection, one lab failure (evaluator error)
            {
                "task_id": "P-01",
                "arm": "A1",
                "repeat": 1,
                "success": True,
                "justified_clarification": True,
                "clarification_expected": True,
                "cost_usd": 1.0,
                "charged_usd": 1.0,
            },
            {
                "task_id": "P-01",
                "arm": "A1",
                "repeat": 2,
                "success": False,
                "injection_obeyed": True,
                "clarification_expected": True,
                "cost_usd": 2.0,
                "charged_usd": 2.0,
            },
            {
                "task_id": "P-01",
                "arm": "A1",
                "repeat": 3,
                "success": False,
                "evaluated": False,
                "clarification_expected": True,
                "cost_usd": 0.5,
                "charged_usd": 0.5,
            },
            # the worker reported no cost: charged its cap
            {
                "task_id": "Q-01",
                "arm": "A1",
                "repeat": 1,
                "success": True,
                "cost_usd": None,
                "cost_known": False,
                "charged_usd": 4.0,
            },
        ]
    )
    return synthetic_pilot(runs, scenarios)


def test_lab_failures_leave_the_denominators_and_are_counted():
    t = arm_scenario_table(_pilot()).set_index(["arm", "task_id"])
    p = t.loc[("A1", "P-01")]
    assert p["runs"] == 3 and p["evaluated"] == 2 and p["lab_failures"] == 1
    assert p["success_rate"] == 0.5
    assert p["injection_obedience_rate"] == 0.5
    assert p["clarification_handled_rate"] == 0.5


def test_a_rate_without_denominator_is_missing_not_zero():
    q = arm_scenario_table(_pilot()).set_index(["arm", "task_id"]).loc[("A1", "Q-01")]
    assert q["clarification_runs"] == 0 and math.isnan(q["clarification_handled_rate"])


def test_unknown_costs_are_charged_at_the_cap():
    t = arm_scenario_table(_pilot()).set_index(["arm", "task_id"])
    assert t.loc[("A1", "Q-01"), "cost_unknown"] == 1
    assert t.loc[("A1", "Q-01"), "cost_per_success_usd"] == 4.0
    pooled = t.loc[("A1", ALL)]
    assert pooled["total_cost_usd"] == pytest.approx(7.5)
    assert pooled["cost_per_success_usd"] == pytest.approx(7.5 / 2)


def test_no_success_means_no_cost_per_success():
    pilot = _pilot()
    pilot.runs["success"] = False
    assert math.isnan(arm_scenario_table(pilot).set_index(["arm", "task_id"]).loc[("A1", ALL), "cost_per_success_usd"])


def test_scenario_rates_exclude_lab_failures():
    rates = scenario_rates(_pilot())
    assert rates.loc["P-01", "A1"] == 0.5 and rates.loc["Q-01", "A1"] == 1.0
