import multiprocessing
import threading
import time

import pytest

from whitecollar.lab.ledger import BudgetRefused, Ledger, envelope_usd


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


def _slot(journal: str, run_id: str, cap: float, cost: float, start_at: float, granted) -> None:
    """One run slot of its own process: reserve at a common instant, spend, settle."""
    led = Ledger(journal, envelope_usd=6.0)
    time.sleep(max(0.0, start_at - time.time()))
    try:
        led.reserve(run_id, cap, simulated=True)
    except BudgetRefused:
        return
    granted.append(run_id)
    led.settle(run_id, cost, cap, simulated=True)


def test_three_slots_launching_at_once_never_pass_the_envelope(tmp_path):
    """Three processes take 2.50-USD caps out of 6.00 at the same instant, twice over: caps of 15.00 in all.

    Whatever the interleaving, what is charged plus what is still reserved never
    exceeds the envelope, and a refused run leaves a refusal in the journal.
    """
    journal = str(tmp_path / "journal.jsonl")
    ctx = multiprocessing.get_context("fork")
    with ctx.Manager() as manager:
        granted = manager.list()
        for wave in range(2):
            start_at = time.time() + 0.5
            procs = [
                ctx.Process(target=_slot, args=(journal, f"w{wave}-s{i}", 2.50, 1.75, start_at, granted))
                for i in range(3)
            ]
            for p in procs:
                p.start()
            for p in procs:
                p.join(30)
        granted = list(granted)
    state = Ledger(journal, envelope_usd=6.0).state()
    assert state.committed_usd <= 6.0
    # wave 0: two caps fit (5.00), the third is refused; wave 1: 2.50 of 2.50 remaining after settling at 1.75
    assert len([g for g in granted if g.startswith("w0")]) == 2
    assert len(granted) == 3
    refusals = [line for line in (tmp_path / "journal.jsonl").read_text().splitlines() if '"refuse"' in line]
    assert len(refusals) == 3


def test_the_envelope_comes_from_the_launch_or_the_config():
    assert envelope_usd({"budget": {"envelope_usd": 6}}) == 6.0
    assert envelope_usd({"budget": {"envelope_usd": 6}}, 9.5) == 9.5


def test_a_launch_waits_for_open_runs_to_settle_before_it_is_refused(tmp_path):
    journal = tmp_path / "journal.jsonl"
    first = Ledger(journal, envelope_usd=6.0)
    first.reserve("a", 4.0, simulated=True)
    settler = threading.Timer(1.0, lambda: first.settle("a", 1.0, 4.0, simulated=True))
    settler.start()
    try:
        remaining = Ledger(journal, envelope_usd=6.0, wait_s=30).reserve("b", 4.0, simulated=True, poll_s=0.1)
    finally:
        settler.join()
    assert remaining == pytest.approx(1.0)
    with pytest.raises(BudgetRefused, match="c not launched.*1.00 USD remaining"):
        Ledger(journal, envelope_usd=6.0, wait_s=0.3).reserve("c", 4.0, simulated=True, poll_s=0.1)
    assert '"open_runs": 1' in journal.read_text()  # b still held its cap when c gave up
