import threading

import pytest

from whitecollar.lab.ledger import BudgetRefused, Ledger


def test_reservations_settlements_and_refusal(tmp_path):
    led = Ledger(tmp_path / "journal.jsonl", envelope_usd=10.0)
    assert led.reserve("r1", 4.0, simulated=True) == pytest.approx(6.0)
    led.settle("r1", 1.5, 4.0, simulated=True)
    assert led.state().committed_usd == pytest.approx(1.5)
    led.reserve("r2", 4.0, simulated=True)
    led.reserve("r3", 4.0, simulated=True)
    with pytest.raises(BudgetRefused, match="r4 not launched"):
        led.reserve("r4", 4.0, simulated=True)
    assert "refuse" in (tmp_path / "journal.jsonl").read_text()


def test_unknown_cost_is_charged_at_the_cap_and_said_so(tmp_path):
    led = Ledger(tmp_path / "journal.jsonl", envelope_usd=10.0)
    led.reserve("r1", 4.0, simulated=False)
    led.settle("r1", None, 4.0, simulated=False)
    assert led.state().settled_usd == pytest.approx(4.0)
    assert '"cost_known": false' in (tmp_path / "journal.jsonl").read_text()


def test_a_relaunch_replaces_its_own_reservation(tmp_path):
    led = Ledger(tmp_path / "journal.jsonl", envelope_usd=8.0)
    led.reserve("r1", 4.0, simulated=True)
    led.reserve("r1", 4.0, simulated=True)  # the controller was killed and the run restarts
    assert led.state().reserved_usd == pytest.approx(4.0)


def test_concurrent_launches_never_exceed_the_envelope(tmp_path):
    led = Ledger(tmp_path / "journal.jsonl", envelope_usd=10.0)
    granted = []

    def launch(i):
        try:
            led.reserve(f"r{i}", 3.0, simulated=True)
            granted.append(i)
        except BudgetRefused:
            pass

    threads = [threading.Thread(target=launch, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(granted) == 3
