"""The budget envelope, enforced before every launch.

The journal is an append-only file of reservations (a run's money cap,
taken before it starts) and settlements (the cost its result event
reported). Spending is the sum of settled costs plus open reservations; a
run whose cap would take spending beyond the envelope is refused before it
starts. A run with no result event has an unknown cost: it is settled at its
cap, so the envelope stays conservative, and the journal says the cost is
unknown. Concurrent launches are serialised by a lock on the journal.
"""

from __future__ import annotations

import fcntl
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from whitecollar.lab.events import now_iso


class BudgetRefused(RuntimeError):
    pass


def envelope_usd(config: dict, override: float | None = None) -> float:
    """The envelope a run is launched against: `override` (the run command's
    --envelope-usd) when given, else config.yaml's budget.envelope_usd. Read
    at launch, never a param of the run rule, so raising it reruns no run."""
    return float(override if override is not None else config["budget"]["envelope_usd"])


@dataclass
class LedgerState:
    settled_usd: float
    reserved_usd: float
    open_runs: list[str]

    @property
    def committed_usd(self) -> float:
        return round(self.settled_usd + self.reserved_usd, 4)


class Ledger:
    def __init__(self, path: Path, envelope_usd: float, *, wait_s: float = 0.0):
        """wait_s: how long a launch waits for open runs to settle before it is refused (see reserve)."""
        self.path = Path(path)
        self.envelope_usd = float(envelope_usd)
        self.wait_s = float(wait_s)
        self.path.parent.mkdir(parents=True, exist_ok=True)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        with open(self.path.with_suffix(".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _entries(self) -> list[dict]:
        if not self.path.exists():
            return []
        return [json.loads(line) for line in self.path.read_text(encoding="utf-8").splitlines() if line.strip()]

    def _append(self, entry: dict) -> None:
        entry = {"at": now_iso(), **entry}
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, sort_keys=True) + "\n")
            fh.flush()

    def state(self) -> LedgerState:
        last: dict[str, dict] = {}
        for e in self._entries():
            if e["kind"] in ("reserve", "settle", "release"):
                last[e["run_id"]] = e
        settled = sum(e["charged_usd"] for e in last.values() if e["kind"] == "settle")
        open_runs = sorted(r for r, e in last.items() if e["kind"] == "reserve")
        reserved = sum(last[r]["usd"] for r in open_runs)
        return LedgerState(round(settled, 4), round(reserved, 4), open_runs)

    def reserve(
        self, run_id: str, cap_usd: float, *, simulated: bool, wait_s: float | None = None, poll_s: float = 0.5
    ) -> float:
        """Take the run's cap out of the envelope, or refuse; returns what remains after it.

        Slots launching at once are serialised by the lock, so their caps
        together never pass the envelope. When the cap does not fit only
        because other runs still hold their caps, the launch waits up to
        wait_s for them to settle (they usually cost far less than their
        caps) before it is refused: a refusal then means the envelope is
        spent, not that another slot happened to be running.
        """
        wait_s = self.wait_s if wait_s is None else float(wait_s)
        deadline = time.monotonic() + max(0.0, wait_s)
        while True:
            with self._locked():
                st = self.state()
                committed = st.committed_usd - (cap_usd if run_id in st.open_runs else 0.0)
                remaining = round(self.envelope_usd - committed, 4)
                others = [r for r in st.open_runs if r != run_id]
                if cap_usd <= remaining:
                    self._append({"kind": "reserve", "run_id": run_id, "usd": cap_usd, "simulated": simulated})
                    return round(remaining - cap_usd, 4)
                if not others or time.monotonic() >= deadline:
                    self._append(
                        {
                            "kind": "refuse",
                            "run_id": run_id,
                            "usd": cap_usd,
                            "remaining_usd": remaining,
                            "open_runs": len(others),
                            "simulated": simulated,
                        }
                    )
                    held = f" ({len(others)} run(s) still holding their caps after {wait_s:g} s)" if others else ""
                    raise BudgetRefused(
                        f"budget envelope: run {run_id} not launched; its cap of {cap_usd:.2f} USD exceeds the "
                        f"{remaining:.2f} USD remaining of {self.envelope_usd:.2f}{held} "
                        "(raise budget.envelope_usd in config.yaml)"
                    )
            time.sleep(poll_s)

    def settle(self, run_id: str, cost_usd: float | None, cap_usd: float, *, simulated: bool) -> None:
        with self._locked():
            self._append(
                {
                    "kind": "settle",
                    "run_id": run_id,
                    "cost_usd": cost_usd,
                    "cost_known": cost_usd is not None,
                    "charged_usd": cost_usd if cost_usd is not None else cap_usd,
                    "simulated": simulated,
                }
            )

    def release(self, run_id: str) -> None:
        """Give back a reservation for a run that never started (a laboratory failure)."""
        with self._locked():
            self._append({"kind": "release", "run_id": run_id})
