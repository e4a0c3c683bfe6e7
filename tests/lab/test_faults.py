"""A short fault campaign: a worker killed mid-session and a portal killed under its worker.

The worker's death is its own failure (recorded crashed, a failing
receipt); the portal's death is the laboratory's (the run is retried and
ends with the clean pilot's receipt). Nothing is lost or counted twice.
"""
from __future__ import annotations

import pytest

from whitecollar.lab.faults import campaign, format_verdicts
from whitecollar.lab.sandbox import available


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
    from whitecollar.lab.faults import main

    with pytest.raises(SystemExit):
        main(["--kinds", "meteor_strike"])
    assert "invalid choice" in capsys.readouterr().err
