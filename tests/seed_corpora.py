"""Challenge corpora at other seeds, graded in the background while the suite runs.

A scenario's corpus writes its facts from the oracle, so each scenario test
checks it at a seed other than the frozen one (scenario_helpers.corpus_at_seed).
Nothing else grades those outputs, and nothing in them depends on the tests
before: the session starts them as soon as the tests are collected, in one
process at the lowest CPU priority, on the core the serial tests leave idle,
and each test reads its scenario's result (waiting for it if need be). The
code is the test's own helper; only the process differs. Run by hand:

    python tests/seed_corpora.py FOLDER RES-01:777 ACC-01:777 ...
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import traceback
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: the seed the scenario tests check their corpus at (another is graded in the test itself)
OTHER_SEED = 777


def _name(task_id: str, seed: int) -> str:
    return f"{task_id}-{seed}"


class SeedCorpora:
    """The corpora at (task, seed) the collected tests will read, graded by one background process."""

    def __init__(self, folder: Path, wanted: set[tuple[str, int]]):
        self.folder = Path(folder)
        self.wanted = set(wanted)
        self.background: subprocess.Popen | None = None

    def start(self) -> None:
        if not self.wanted or self.background is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        src = str(TESTS.parent / "src")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([src] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
        with open(self.folder / "background.log", "wb") as out:
            self.background = subprocess.Popen(
                [
                    sys.executable,
                    str(Path(__file__).resolve()),
                    str(self.folder),
                    *(f"{t}:{s}" for t, s in sorted(self.wanted)),
                ],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                preexec_fn=lambda: os.nice(19),
            )

    def stop(self) -> None:
        if self.background is not None and self.background.poll() is None:
            os.killpg(self.background.pid, signal.SIGKILL)
            self.background.wait()

    def result(self, task_id: str, seed: int, work: Path) -> tuple[dict, dict]:
        """(oracle, corpus summary) at this seed: the background's, or graded here when it was not asked for."""
        if (task_id, seed) not in self.wanted or self.background is None:
            from scenario_helpers import corpus_at_seed

            return corpus_at_seed(task_id, seed, work)
        done = self.folder / f"{_name(task_id, seed)}.json"
        error = self.folder / f"{_name(task_id, seed)}.error"
        if not done.is_file() and not error.is_file():
            from labkit import hurry

            hurry(self.background)
        while not done.is_file() and not error.is_file() and self.background.poll() is None:
            time.sleep(0.2)
        if done.is_file():
            found = json.loads(done.read_text(encoding="utf-8"))
            return found["oracle"], found["summary"]
        if error.is_file():
            raise AssertionError(f"{task_id} at seed {seed}: the corpus raised:\n{error.read_text(encoding='utf-8')}")
        log = (self.folder / "background.log").read_text(encoding="utf-8", errors="replace")[-4000:]
        raise AssertionError(f"{task_id} at seed {seed}: the background process ended without a result:\n{log}")


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(TESTS / "scenarios"))
    from scenario_helpers import corpus_at_seed

    from whitecollar import atomic

    folder = Path(argv[0])
    for item in argv[1:]:
        task_id, seed = item.rsplit(":", 1)
        name = _name(task_id, int(seed))
        try:
            work = folder / name
            work.mkdir(parents=True)
            oracle, summary = corpus_at_seed(task_id, int(seed), work)
            atomic.write_json(folder / f"{name}.json", {"oracle": oracle, "summary": summary})
        except Exception:  # noqa: BLE001 - the test reports it
            atomic.write_text(folder / f"{name}.error", traceback.format_exc())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
