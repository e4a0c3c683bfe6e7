"""Run Snakemake quietly: a line per stage with its counts, the full log in a file.

`make pilot` used to print Snakemake's whole job log (thousands of lines)
before the summary. This wrapper runs the Snakemake command it is given,
writes everything it prints to a log file, and shows only what was planned,
each stage's count as it completes (with a live bar on a terminal), and, at
the end, where the full log is. When a job fails it prints Snakemake's
error blocks and the log's last lines, so the cause is on screen.
`--verbose` (VERBOSE=1 in the Makefile) also passes the full log through.

    python -m whitecollar.workflow.progress --log-dir results/logs/snakemake -- snakemake --cores 2 results/pilot
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

_STATS_ROW = re.compile(r"^(\S+)\s+(\d+)$")
_FINISHED = re.compile(r"^Finished jobid: \d+ \(Rule: ([^)]+)\)")
_STEPS = re.compile(r"^(\d+) of (\d+) steps \((\d+%)\) done")


@dataclass
class Progress:
    """Counts read from Snakemake's log, line by line."""

    planned: dict[str, int] = field(default_factory=dict)
    done: dict[str, int] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    steps: tuple[int, int] = (0, 0)
    nothing_to_do: bool = False
    errors: list[str] = field(default_factory=list)
    planned_next: dict[str, int] = field(default_factory=dict)
    _in_stats: bool = False
    _error_lines: int = 0

    def feed(self, line: str) -> list[str]:
        """Read one log line; return the lines to show for it (a stage just completed, the plan)."""
        text = line.rstrip("\n")
        stripped = text.strip()
        shown: list[str] = []
        if self._error_lines:
            self.errors.append(text)
            self._error_lines -= 1
        if stripped == "Job stats:":
            self._in_stats, self.planned_next = True, {}
            return shown
        if self._in_stats:
            self._feed_stats(stripped, shown)
            return shown
        if "Nothing to be done" in stripped:
            self.nothing_to_do = True
        m = _FINISHED.match(stripped)
        if m:
            self._feed_finished(m.group(1), shown)
            return shown
        m = _STEPS.match(stripped)
        if m:
            self.steps = (int(m.group(1)), int(m.group(2)))
            return shown
        if stripped.startswith("Error in rule"):
            self.errors.append(text)
            self._error_lines = 12
        return shown

    def _feed_stats(self, stripped: str, shown: list[str]) -> None:
        """Read one row of a "Job stats:" table; its total row turns the table into the plan (shown the first time)."""
        m = _STATS_ROW.match(stripped)
        if m and m.group(1) == "total":
            self._in_stats = False
            first = not self.planned
            for rule, n in self.planned_next.items():
                self.planned[rule] = self.done.get(rule, 0) + n if not first else n
                if rule not in self.order:
                    self.order.append(rule)
            if first:
                listing = ", ".join(f"{r} {n}" for r, n in self.planned_next.items())
                shown.append(f"planned: {m.group(2)} jobs ({listing})")
        elif m:
            self.planned_next[m.group(1)] = int(m.group(2))

    def _feed_finished(self, rule: str, shown: list[str]) -> None:
        """Count one finished job of `rule`; its stage line is shown when the last planned job is done."""
        self.done[rule] = self.done.get(rule, 0) + 1
        if rule not in self.order:
            self.order.append(rule)
        if self.done[rule] == self.planned.get(rule):
            shown.append(self.stage_line(rule))

    def stage_line(self, rule: str) -> str:
        total = self.planned.get(rule)
        count = f"{self.done.get(rule, 0)}/{total}" if total else str(self.done.get(rule, 0))
        return f"  {rule:<16} {count:>11} done"

    def bar(self, width: int = 30) -> str:
        done, total = self.steps
        filled = int(width * done / total) if total else 0
        running = next((r for r in self.order if self.done.get(r, 0) < self.planned.get(r, 0)), "")
        return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} steps {running}"

    def unfinished(self) -> Iterable[str]:
        """Stages that did not complete every planned job (shown at the end)."""
        return [self.stage_line(r) for r in self.order if self.done.get(r, 0) != self.planned.get(r, 0)]


def run(command: list[str], log_path: Path, verbose: bool = False, out: IO[str] = sys.stdout) -> int:
    """Run `command`, its output to `log_path`; show progress (or everything, when verbose) on `out`."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    live = out.isatty() and not verbose
    progress = Progress()
    with open(log_path, "w", encoding="utf-8") as log:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        assert proc.stdout is not None
        last_bar = 0.0
        for line in proc.stdout:
            log.write(line)
            if verbose:
                out.write(line)
                continue
            for shown in progress.feed(line):
                out.write(("\r\033[K" if live else "") + shown + "\n")
            if live and time.monotonic() - last_bar > 0.2:
                out.write("\r\033[K" + progress.bar())
                last_bar = time.monotonic()
            out.flush()
        status = proc.wait()
    if live:
        out.write("\r\033[K")
    if not verbose:
        for line in progress.unfinished():
            out.write(line + "\n")
        if progress.nothing_to_do:
            out.write("nothing to be done: every output is up to date\n")
        if status != 0:
            out.write("".join(line + "\n" for line in progress.errors[:40]))
            tail = log_path.read_text(encoding="utf-8").splitlines()[-15:]
            out.write("last lines of the log:\n" + "".join(f"  {t}\n" for t in tail))
    out.write(f"full Snakemake log: {log_path}\n")
    out.flush()
    return status


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m whitecollar.workflow.progress", description=__doc__.splitlines()[0])
    p.add_argument("--log-dir", default="results/logs/snakemake", help="where the full log is written")
    p.add_argument("--name", default="snakemake", help="the log file's name, before its timestamp")
    p.add_argument("--verbose", action="store_true", help="also print the full log")
    p.add_argument("command", nargs=argparse.REMAINDER, help="-- then the Snakemake command")
    a = p.parse_args(argv)
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not command:
        p.error("give the Snakemake command after --")
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    return run(command, Path(a.log_dir) / f"{a.name}-{stamp}.log", verbose=a.verbose)


if __name__ == "__main__":
    sys.exit(main())
