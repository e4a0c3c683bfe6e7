"""A short fault campaign: a worker killed mid-session and a portal killed under its worker.

The worker's death is its own failure (recorded crashed, a failing
receipt); the portal's death is the laboratory's (the run is retried and
ends with the clean pilot's receipt). Nothing is lost or counted twice.
"""

from __future__ import annotations

import pytest

from whitecollar.lab.sandbox import available
from whitecollar.workflow.faults import campaign, format_verdicts


@pytest.mark.slow
def test_a_short_campaign_loses_nothing_and_counts_nothing_twice(tmp_path):
    verdicts = {v.kind: v for v in campaign(["worker_killed", "portal_killed"], tmp_path)}
    table = format_verdicts(list(verdicts.values()))
    for v in verdicts.values():
        assert (v.lost, v.twice, v.wrong) == (0, 0, 0), table
    killed = verdicts["worker_killed"].affected
    assert len(killed) == 1 and "recorded crashed" in next(iter(killed.values())) and "receipt failing" in table
    portal = verdicts["portal_killed"].affected
    assert len(portal) == 1 and "receipt as clean, 2 session(s) launched" in next(iter(portal.values())), table
    if available()[0]:
        assert not any("left running" in n for v in verdicts.values() for n in v.notes), table


def test_the_campaign_refuses_an_unknown_kind(tmp_path, capsys):
    from whitecollar.workflow.faults import main

    with pytest.raises(SystemExit):
        main(["--kinds", "meteor_strike"])
    assert "invalid choice" in capsys.readouterr().err


def _observed(**changes):
    from whitecollar.workflow.faults import Observed

    base = dict(
        status={"R-A1-r1": "completed", "R-A3-r1": "completed"},
        events={},
        receipt={"R-A1-r1": "a", "R-A3-r1": "b"},
        success={"R-A1-r1": True, "R-A3-r1": True},
        sessions={"R-A1-r1": 1, "R-A3-r1": 1},
        db_counts={"R-A1-r1": 1, "R-A3-r1": 1},
        summary_runs=2,
        pilot_ok=True,
    )
    return Observed(**{**base, **changes})


def test_the_verdict_counts_what_a_fault_did():
    from whitecollar.workflow.faults import judge

    clean = _observed()
    same = judge("k", clean, _observed(), None, None)
    assert (same.lost, same.twice, same.wrong, same.affected) == (0, 0, 0, {})
    lost = judge("k", clean, _observed(status={"R-A1-r1": "completed"}, summary_runs=1), None, None)
    assert lost.lost == 2 and "LOST" in lost.affected["R-A3-r1"]  # no run.json, and missing from the summary
    twice = judge("k", clean, _observed(db_counts={"R-A1-r1": 2, "R-A3-r1": 1}, summary_runs=3), None, None)
    assert twice.twice == 2
    retried = judge("k", clean, _observed(sessions={"R-A1-r1": 2, "R-A3-r1": 1}), None, None)
    assert retried.wrong == 0 and "2 session(s)" in retried.affected["R-A1-r1"]
    graded = judge(
        "k",
        clean,
        _observed(receipt={"R-A1-r1": "x", "R-A3-r1": "b"}, success={"R-A1-r1": False, "R-A3-r1": True}),
        None,
        None,
    )
    assert graded.wrong == 1 and "receipt failing" in graded.affected["R-A1-r1"]  # a lab fault charged to a worker
    crashed = _observed(
        status={"R-A1-r1": "crashed", "R-A3-r1": "completed"},
        receipt={"R-A1-r1": "x", "R-A3-r1": "b"},
        success={"R-A1-r1": False, "R-A3-r1": True},
    )
    assert judge("k", clean, crashed, "R-A1-r1", "crashed").wrong == 0  # a worker fault, recorded as one
    assert judge("k", clean, crashed, "R-A1-r1", "timeout").wrong == 1
    assert judge("k", clean, _observed(hit=False), None, None).wrong == 1  # a fault that hit nothing proves nothing
