"""Every figure built from simulated runs carries SIMULATED; figures of metadata or measured runs do not."""

from __future__ import annotations

import json

import pytest

from whitecollar import paths
from whitecollar.analysis.frontier import frontiers
from whitecollar.analysis.frontier_plot import frontier_figure
from whitecollar.analysis.outcomes import arm_scenario_table
from whitecollar.analysis.plotting import save
from whitecollar.analysis.premium import premium_table
from whitecollar.analysis.result_plots import premium_figure, spending_figure, success_by_arm_figure
from whitecollar.benchmark.scenario import load_scenario


def _texts(fig) -> str:
    return " ".join(
        [fig.get_suptitle(), *(t.get_text() for t in fig.texts), *(t.get_text() for ax in fig.axes for t in ax.texts)]
    )


def _figures(pilot):
    return [
        frontier_figure(pilot, frontiers(pilot, replicates=100, seed=1)),
        premium_figure(pilot, premium_table(pilot, replicates=100, seed=1)),
        success_by_arm_figure(pilot, arm_scenario_table(pilot)),
    ]


@pytest.mark.parametrize("simulated", [True, False])
def test_result_figures_are_stamped_when_simulated(make_pilot, simulated):
    pilot = make_pilot(4, 2, lambda i, a, d: 0.5, arms=("A1", "A2"))
    pilot.runs["simulated"] = simulated
    for fig in _figures(pilot):
        assert ("SIMULATED" in _texts(fig)) is simulated


def test_spending_figure_is_stamped_when_simulated():
    import pandas as pd

    ledger = pd.DataFrame({"cumulative_usd": [1.0, 2.5, 3.0]})
    assert "SIMULATED" in _texts(spending_figure(ledger, 10.0, True))
    assert "SIMULATED" not in _texts(spending_figure(ledger, 10.0, False))


def test_saved_figures_are_byte_stable(make_pilot, tmp_path):
    pilot = make_pilot(3, 2, lambda i, a, d: 0.5)
    for name in ("a", "b"):
        save(
            premium_figure(pilot, premium_table(pilot, replicates=50, seed=1)),
            tmp_path / f"{name}.pdf",
            tmp_path / f"{name}.png",
        )
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_coverage_figure_draws_frozen_scenarios_without_a_stamp(tmp_path):
    from whitecollar.analysis.coverage import coverage_figure

    bundle = tmp_path / "bundles" / "PROC-01"
    bundle.mkdir(parents=True)
    (bundle / "task.json").write_text(json.dumps(load_scenario("PROC-01").task_metadata()))
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"scenarios": {"PROC-01": {"validation": {"verdict": "valid"}}}}))
    fig = coverage_figure(paths.BENCHMARK / "registry.csv", manifest, tmp_path / "bundles")
    text = _texts(fig)
    assert "PROC-01  depth 21" in text and "SIMULATED" not in text
    assert "1 of 21 occupations" in " ".join(ax.get_title(loc="left") for ax in fig.axes)
