"""The fault campaign (`make faults`): the simulated pilot driven through one fault at a time.

In a scratch copy of the repository (no results, a small pilot: one
scenario, two arms, one repeat, a short wall limit) the freeze is built
once and a clean pilot is run; then, for each kind of fault, a copy of the
frozen lab runs the pilot again while the fault is injected into one chosen
run, and is resumed the way the README tells an operator to when the
controller stops (`--unlock`, then `--rerun-incomplete`). Each kind is
judged against the clean pilot:

- runs lost: a run of the assignment with no run.json or no receipt, or
  missing from the summary's counts;
- runs counted twice: a run in the experiment database or the summary more
  than once;
- receipts wrong: a receipt that differs from the clean pilot's, except the
  target's under a worker fault, which must be a failing receipt of a run
  recorded as that worker failure (a laboratory fault must leave no trace in
  any grade: its run is retried, not charged to the worker).

A fault that found nothing to hit counts as a wrong receipt: it proved
nothing. How each affected run was recorded (status, sessions launched,
the laboratory's notes that met the fault) is printed.

Injection reaches only the temporary lab: `WHITECOLLAR_FAULT` read by the
simulated worker for one seed (lab/simulated_worker.py: killed, hung, disk
full, a pause before the portal), SIGKILL to processes the campaign itself
started (its controller's descendants, an office started from the scratch
lab's folders, the connections of its own loopback sshd), and a judge added
to the scratch lab's panel whose command never answers.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from whitecollar.lab.run_spec import RunSpec, run_seed
from whitecollar.processes import signal_group
from whitecollar.runs.layout import RECEIPT, RunFolder, run_path
from whitecollar.runs.record import read_run_record

REPO = Path(__file__).resolve().parents[3]
IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "results", ".snakemake", "__pycache__", ".pytest_cache", "*.egg-info", "generated"
)
SCENARIO = "PROC-01"
ARMS = ("A1", "A3")  # files only, and a portal arm
#: the campaign's wall limit: long enough for a clean session on a busy machine, short enough to wait for a hang
TIME_LIMIT_S = 60
WORKER_FAULTS = {
    "worker_killed": ("kill", "crashed"),
    "worker_hung": ("hang", "timeout"),
    "disk_full": ("disk_full", "crashed"),
}
#: an SSH connection cut (its sshd connection killed on the node's side) in one step: what the step's remote
#: command line holds, and the status the cut run must get (None: the step is retried and nothing shows)
SSH_CUTS = {
    "ssh_cut_push": ("-xf -", None),
    "ssh_cut_session": ("whitecollar.lab.simulated_worker", "crashed"),
    "ssh_cut_pull": ("tar -cf - .", None),
}
KINDS = (
    "worker_killed",
    "worker_hung",
    "disk_full",
    "portal_killed",
    "controller_killed",
    "libreoffice_killed",
    "judge_hangs",
    *SSH_CUTS,
)
#: the judge added to the panel by `judge_hangs`: a command that never answers, cut at its wall limit
HUNG_JUDGE: dict[str, Any] = {"name": "judge-hung", "backend": "command", "command": ["sleep", "3600"], "timeout_s": 5}


@dataclass
class Observed:
    """What a pilot left: per run, its status, receipt digest and sessions; and the record's counts."""

    status: dict[str, str]
    events: dict[str, list[str]]
    receipt: dict[str, str]
    success: dict[str, bool]
    sessions: dict[str, int]
    db_counts: dict[str, int]
    summary_runs: int
    pilot_ok: bool
    notes: list[str] = field(default_factory=list)
    hit: bool = True


@dataclass
class Verdict:
    kind: str
    lost: int
    twice: int
    wrong: int
    affected: dict[str, str]
    notes: list[str]


class Lab:
    """A scratch copy of the repository with its own results, driven by its own Snakemake."""

    def __init__(self, root: Path):
        self.root = root

    def env(self, **extra: str) -> dict[str, str]:
        return {**os.environ, "WHITECOLLAR_ROOT": str(self.root), "PYTHONPATH": str(self.root / "src"), **extra}

    def snakemake_argv(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "snakemake", "--cores", "2", *args]

    def snakemake(self, *args: str, **extra: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            self.snakemake_argv(*args),
            cwd=self.root,
            env=self.env(**extra),
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )

    def resume(self) -> bool:
        """What the README tells an operator to do after an interrupted pilot."""
        self.snakemake("--unlock", "results/pilot")
        return self.snakemake("--rerun-incomplete", "results/pilot").returncode == 0

    def assignment(self) -> list[dict[str, str]]:
        with open(self.root / "results" / "plan" / "assignment.csv", newline="", encoding="utf-8") as fh:
            return list(csv.DictReader(fh))

    def clone(self, dest: Path) -> Lab:
        """A copy whose pilot grades from cold: without the recalculation cache the freeze's battery
        warmed, every evaluation needs LibreOffice (and LibreOffice can be killed during it)."""
        shutil.copytree(self.root, dest, symlinks=True, ignore=shutil.ignore_patterns("cache"))
        return Lab(dest)


def prepare(dest: Path) -> Lab:
    """The scratch lab: the repository without results, one scenario, two arms, one repeat, a short wall limit."""
    shutil.copytree(REPO, dest, ignore=IGNORE)
    cfg_path = dest / "config.yaml"
    cfg = yaml.safe_load(cfg_path.read_text(encoding="utf-8"))
    cfg["scenarios"] = {SCENARIO: {}}
    cfg["study"]["repeats"] = 1
    cfg["arms"] = {a: cfg["arms"][a] for a in ARMS}
    cfg["caps"]["time_limit_s"] = TIME_LIMIT_S
    cfg_path.write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True), encoding="utf-8")
    meta = dest / "benchmark" / "scenarios" / SCENARIO / "scenario.yaml"  # the run's cap is the larger of the two
    meta.write_text(
        "".join(
            f"time_limit_s: {TIME_LIMIT_S}\n" if line.startswith("time_limit_s:") else line
            for line in meta.read_text(encoding="utf-8").splitlines(keepends=True)
        ),
        encoding="utf-8",
    )
    lab = Lab(dest)
    proc = lab.snakemake("freeze")
    if proc.returncode != 0:
        raise RuntimeError(f"the campaign's freeze failed:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    proc = lab.snakemake(str(Path("results") / "plan" / "assignment.csv"))
    if proc.returncode != 0:
        raise RuntimeError(f"the campaign's assignment failed:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    return lab


def _run_path(row: dict[str, str]) -> Path:
    return Path(run_path(row["task_id"], row["bundle"], row["arm"], row["repeat"]))


def observe(lab: Lab, pilot_ok: bool) -> Observed:
    rows = lab.assignment()
    status, events, receipt, success = {}, {}, {}, {}
    sessions: dict[str, int] = {}
    for row in rows:
        rid = row["run_id"]
        folder = RunFolder(lab.root / "results" / "runs" / _run_path(row))
        events[rid] = _lab_notes(folder.events)
        rc = lab.root / "results" / "receipts" / _run_path(row) / RECEIPT
        if folder.finished():
            status[rid] = read_run_record(folder.run_json).status
        if rc.is_file():
            receipt[rid] = hashlib.sha256(rc.read_bytes()).hexdigest()
            success[rid] = bool(json.loads(rc.read_text(encoding="utf-8")).get("success"))
    journal = lab.root / "results" / "ledger" / "journal.jsonl"
    if journal.is_file():
        for line in journal.read_text(encoding="utf-8").splitlines():
            e = json.loads(line) if line.strip() else {}
            if e.get("kind") == "reserve":
                sessions[e["run_id"]] = sessions.get(e["run_id"], 0) + 1
    db_counts: dict[str, int] = {}
    db = lab.root / "results" / "pilot" / "experiment.sqlite"
    if db.is_file():
        with sqlite3.connect(db) as con:
            db_counts = dict(con.execute("SELECT run_id, COUNT(*) FROM runs GROUP BY run_id").fetchall())
    summary_runs = 0
    notes = [f"left running after the pilot, then killed: {x}" for x in leftovers(lab)]
    summary = lab.root / "results" / "pilot" / "summary.csv"
    if summary.is_file():
        with open(summary, newline="", encoding="utf-8") as fh:
            summary_runs = sum(int(r["runs"]) for r in csv.DictReader(fh) if r["task_id"] == "ALL")
    return Observed(status, events, receipt, success, sessions, db_counts, summary_runs, pilot_ok, notes)


#: the laboratory's notes in a run's events that tell how a fault was met
TELLING = ("ssh_retry", "connection_lost", "pull_failed", "wall_limit", "portal_submissions_restored", "egress_refused")


def _lab_notes(events: Path) -> list[str]:
    out = []
    if events.is_file():
        for line in events.read_text(encoding="utf-8").splitlines():
            note = json.loads(line).get("laboratory", {}) if line.strip() else {}
            if note.get("kind") in TELLING:
                out.append(f"{note['kind']}({note['step']})" if "step" in note else note["kind"])
    return out


def _cmdlines() -> list[str]:
    out = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            out.append(cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace"))
        except OSError:
            continue
    return out


def leftovers(lab: Lab) -> list[str]:
    """Processes still running from this lab once its pilot is over (an orphaned worker or portal), killed here.

    The shared office of the recalculation cache, its prefetcher and the grading server are the
    laboratory's own services, which outlive a pilot on purpose (each ends itself when idle): they are stopped
    first, through their own stop, and are then no leftovers; anything still running after that is.
    """
    from whitecollar.libreoffice import prefetcher, shared_office
    from whitecollar.workflow import grading_server

    cache = lab.root / "results" / "cache" / "recalc"
    prefetcher.stop_all(cache)  # before the office it feeds
    shared_office.stop_all(cache)
    for folder in sorted(cache.glob("grading-*")):  # the grading server, the same kind of service
        grading_server.stop(folder)
    deadline = time.monotonic() + 6  # the office's reaper sees it gone within two seconds; the server ends on SIGTERM
    while time.monotonic() < deadline and any(
        ("uno_client.py reap" in c or "grading_server" in c) and str(lab.root) in c for c in _cmdlines()
    ):
        time.sleep(0.2)
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if str(lab.root) in text:
                os.kill(int(cmdline.parent.name), signal.SIGKILL)
                found.append(text[:120])
        except (OSError, ValueError):
            continue
    return found


def judge(kind: str, clean: Observed, seen: Observed, target: str | None, expected_status: str | None) -> Verdict:
    """Lost, counted twice and wrong receipts of one faulted pilot against the clean one."""
    runs = sorted(clean.status)
    lost = [r for r in runs if r not in seen.status or r not in seen.receipt]
    lost_from_summary = max(0, len(runs) - seen.summary_runs)
    twice = [r for r in runs if seen.db_counts.get(r, 0) > 1]
    twice_in_summary = max(0, seen.summary_runs - len(runs))
    wrong, affected = [], {}
    for r in runs:
        if r in lost:
            continue
        same = seen.receipt[r] == clean.receipt[r]
        if r == target and expected_status is not None:  # a worker fault: a failing receipt of that failure
            ok = seen.status[r] == expected_status and not seen.success[r]
        else:
            ok = same and seen.status[r] == clean.status[r]
        if not ok:
            wrong.append(r)
        if r == target or not same or seen.sessions.get(r, 0) != 1 or seen.events.get(r):
            affected[r] = (
                f"recorded {seen.status[r]} (clean: {clean.status[r]}), receipt "
                f"{'as clean' if same else ('failing' if not seen.success[r] else 'passing, differs')}, "
                f"{seen.sessions.get(r, 0)} session(s) launched"
                + (f"; events: {', '.join(seen.events[r])}" if seen.events.get(r) else "")
            )
    for r in lost:
        affected[r] = "LOST: " + ("no run.json" if r not in seen.status else "no receipt")
    notes = list(seen.notes)
    if not seen.hit:
        wrong.append("(the fault was not injected)")
    if not seen.pilot_ok:
        notes.append("the pilot did not complete even after resuming")
    return Verdict(kind, len(lost) + lost_from_summary, len(twice) + twice_in_summary, len(wrong), affected, notes)


def _descendants(pid: int) -> list[tuple[list[int], str]]:
    """Every live descendant of `pid`, from /proc: its lineage of process ids below `pid` (outermost first, itself
    last) and the lineage's command lines joined by " >> ".

    The campaign hits only processes it started itself, told apart by what
    started them (an evaluation's LibreOffice, not a worker's), never
    another user's processes of the same name.
    """
    children: dict[int, list[int]] = {}
    cmd: dict[int, str] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
            cmd[int(stat.parent.name)] = (
                (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            )
        except (OSError, ValueError):
            continue
        fields = text[text.rfind(")") + 2 :].split()
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    out: list[tuple[list[int], str]] = []
    todo: list[tuple[int, list[int], str]] = [(pid, [], "")]
    while todo:
        parent, pids, lineage = todo.pop()
        for child in children.get(parent, []):
            entry = ([*pids, child], f"{lineage} >> {cmd.get(child, '')}")
            out.append(entry)
            todo.append((child, *entry))
    return out


def _mentioning(text: str) -> list[tuple[list[int], str]]:
    """Every live process whose command line mentions `text` (the scratch lab's unique path), as a lineage of one.

    A process the lab detaches (a shared office started in its cache
    folder) is no descendant of the controller, but it is the lab's.
    """
    out = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            cmd = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if text in cmd:
                out.append(([int(cmdline.parent.name)], f" >> {cmd}"))
        except (OSError, ValueError):
            continue
    return out


def _last(lineage: str) -> str:
    return lineage.rsplit(" >> ", 1)[-1]


def _pilot_with_killer(
    lab: Lab,
    want: Callable[[str], bool],
    *,
    kill_group: bool = False,
    root_pid: int | None = None,
    outermost: bool = False,
    timeout_s: float = 1200,
    **extra_env: str,
) -> tuple[bool, list[str], str]:
    """The pilot, with the first process whose lineage `want`s killed by SIGKILL, once.

    Processes are looked for below the controller, or below `root_pid`
    (the campaign's own sshd: `outermost` then kills the connection's
    first process under the listener, which drops that connection). With
    `kill_group` the controller's whole process group is killed instead
    (the controller killed mid-pilot). A pilot that stops is resumed as
    the README says. Returns whether the pilot completed, notes, and the
    lineage of the process the fault hit ("" when it hit nothing).
    """
    proc = subprocess.Popen(
        lab.snakemake_argv("results/pilot"),
        cwd=lab.root,
        env=lab.env(**extra_env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    notes: list[str] = []
    hit: list[str] = []
    killed = threading.Event()

    def watch() -> None:
        while proc.poll() is None and not killed.is_set():
            found = _descendants(root_pid or proc.pid) + ([] if root_pid else _mentioning(str(lab.root)))
            for pids, lineage in found:
                if want(lineage):
                    if kill_group:
                        signal_group(proc.pid)
                        continue
                    try:
                        os.kill(pids[0] if outermost else pids[-1], signal.SIGKILL)
                    except ProcessLookupError:
                        continue
                    victim = (
                        f"the controller (process group {proc.pid}) while it ran"
                        if kill_group
                        else ("the SSH connection running" if outermost else "")
                    )
                    notes.append(f"killed {victim} {' '.join(_last(lineage).split())[:110]}".replace("  ", " "))
                    hit.append(lineage)
                    killed.set()
                    return
            time.sleep(0.02)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        code = proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        signal_group(proc.pid)
        code = proc.wait()
        notes.append(f"the pilot did not finish within {timeout_s:g} s and was killed")
    killed.set()
    watcher.join()
    if not hit:
        notes.append("NOT HIT: the fault found no such process while the pilot ran")
    if code != 0:
        notes.append("the pilot stopped; resumed with --unlock, then --rerun-incomplete")
        ok = lab.resume()
    else:
        ok = True
    return ok, notes, hit[0] if hit else ""


def _pilot_with_hung_judge(lab: Lab, cfg: dict[str, Any]) -> tuple[bool, list[str], str]:
    """Run the pilot with a judge that never answers on the panel; returns whether it completed, notes and the hit."""
    cfg["judges"]["panel"].append(HUNG_JUDGE)
    cfg["judges"]["max_attempts"] = 1
    (lab.root / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True), encoding="utf-8")
    t0 = time.monotonic()
    ok = lab.snakemake("results/pilot").returncode == 0 or lab.resume()
    notes = [
        f"judge {HUNG_JUDGE['name']} ({' '.join(HUNG_JUDGE['command'])}, cut at {HUNG_JUDGE['timeout_s']} s) "
        f"on the panel; the pilot took {time.monotonic() - t0:.0f} s"
    ]
    db = lab.root / "results" / "pilot" / "experiment.sqlite"
    if db.is_file():
        with sqlite3.connect(db) as con:
            for run_id, status, error in con.execute(
                "SELECT j.run_id, j.status, a.error FROM judgements j LEFT JOIN judge_attempts a ON "
                "a.run_id = j.run_id AND a.judge = j.judge WHERE j.judge = ? ORDER BY j.run_id",
                (HUNG_JUDGE["name"],),
            ):
                notes.append(f"{run_id}: judgement by {HUNG_JUDGE['name']} recorded {status} ({error})")
    hit = "judgement" if len(notes) > 1 else ""
    return ok, notes, hit


def inject(kind: str, lab: Lab) -> tuple[Observed, str | None, str | None]:
    """Run the faulted pilot in `lab`; returns what it left, the target run and the status a worker fault must get."""
    rows = lab.assignment()
    cfg = yaml.safe_load((lab.root / "config.yaml").read_text(encoding="utf-8"))

    def seed_of(row: dict[str, str]) -> int:
        spec = RunSpec(
            row["run_id"],
            row["task_id"],
            row["bundle"],
            row["arm"],
            int(row["repeat"]),
            row["node"],
            int(row["time_limit_s"]),
            float(row["budget_usd"]),
        )
        return run_seed(int(cfg["study"]["seed"]), spec)

    files_run = next(r for r in rows if r["arm"] == "A1")
    portal_run = next(r for r in rows if r["arm"] == "A3")
    status: str | None  # the status a worker fault or an SSH cut must give its run
    if kind in WORKER_FAULTS:
        hook, status = WORKER_FAULTS[kind]
        proc = lab.snakemake("results/pilot", WHITECOLLAR_FAULT=f"{hook}:{seed_of(files_run)}")
        ok = proc.returncode == 0 or lab.resume()
        seen = observe(lab, ok)
        seen.notes.append(f"injected {hook} into {files_run['run_id']}")
        return seen, files_run["run_id"], status
    if kind == "portal_killed":
        # the worker waits before the portal's forms, so that the portal dies under it, mid-session
        ok, notes, hit = _pilot_with_killer(
            lab,
            lambda c: "-m whitecollar portal" in _last(c) and portal_run["run_id"] in c,
            WHITECOLLAR_FAULT=f"portal_pause:{seed_of(portal_run)}:3",
        )
        target = portal_run["run_id"]
    elif kind in SSH_CUTS:
        marker, status = SSH_CUTS[kind]
        sshd = _loopback_sshd(lab.root.parent / f"{kind}-sshd")
        try:  # every run on a loopback SSH node; the node's python imports the lab's package
            cfg["nodes"] = [sshd.node("loopback", environment=["WHITECOLLAR_ROOT", "PYTHONPATH"])]
            (lab.root / "config.yaml").write_text(
                yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True), encoding="utf-8"
            )
            ok, notes, hit = _pilot_with_killer(
                lab, lambda c: marker in _last(c) and "sshd" in c, root_pid=sshd.proc.pid, outermost=True
            )
        finally:
            sshd.stop()
        found = re.search(rf"{SCENARIO}-A\d+-r\d+", hit)
        seen = observe(lab, ok)
        seen.notes.extend(notes)
        seen.hit = bool(found)
        return seen, found.group(0) if found else None, status
    elif kind == "controller_killed":
        ok, notes, hit = _pilot_with_killer(
            lab, lambda c: "whitecollar.lab.simulated_worker" in _last(c), kill_group=True
        )
        target = None
    elif kind == "judge_hangs":
        ok, notes, hit = _pilot_with_hung_judge(lab, cfg)
        target = None
    elif kind == "libreoffice_killed":

        def office(c: str) -> bool:  # an evaluation's LibreOffice, or an office the lab runs from its own folders
            last = _last(c)
            ours = "-m whitecollar evaluate" in c or (str(lab.root) in last and "/results/work/" not in last)
            return ("soffice" in last or "oosplash" in last) and ours and "bwrap" not in c  # never a worker's

        ok, notes, hit = _pilot_with_killer(lab, office)
        target = None
    else:
        raise ValueError(f"unknown fault kind {kind!r}; known: {', '.join(KINDS)}")
    seen = observe(lab, ok)
    seen.notes.extend(notes)
    seen.hit = bool(hit)
    return seen, target, None


def _loopback_sshd(root: Path):  # noqa: ANN202 (the class lives in the tests' fakes)
    """A real OpenSSH server on 127.0.0.1 with throwaway keys: the one the SSH transport's tests use."""
    import importlib.util

    path = REPO / "tests" / "lab" / "fakes" / "loopback_sshd.py"
    spec = importlib.util.spec_from_file_location("whitecollar_faults_sshd", path)
    if spec is None or spec.loader is None or not path.is_file():
        raise RuntimeError(f"{path}: missing; the SSH faults need the repository's loopback sshd")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    why = module.available()
    if why:
        raise RuntimeError(f"the SSH faults cannot run here: {why}")
    return module.LoopbackSshd(root).start()


def format_verdicts(verdicts: list[Verdict]) -> str:
    lines = [
        "SIMULATED pilot, one fault at a time "
        f"({SCENARIO}, arms {' '.join(ARMS)}, 1 repeat, wall limit {TIME_LIMIT_S} s)",
        f"{'fault':<20} {'lost':>5} {'twice':>6} {'wrong':>6}",
    ]
    for v in verdicts:
        lines.append(f"{v.kind:<20} {v.lost:>5} {v.twice:>6} {v.wrong:>6}")
        for run, how in sorted(v.affected.items()):
            lines.append(f"    {run}: {how}")
        for note in v.notes:
            lines.append(f"    note: {note}")
    return "\n".join(lines)


def campaign(kinds: list[str], workdir: Path) -> list[Verdict]:
    base = prepare(workdir / "base")
    clean_lab = base.clone(workdir / "clean")
    proc = clean_lab.snakemake("results/pilot")
    if proc.returncode != 0:
        raise RuntimeError(f"the clean pilot failed:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    clean = observe(clean_lab, True)
    verdicts = []
    for kind in kinds:
        lab = base.clone(workdir / kind)
        seen, target, status = inject(kind, lab)
        verdicts.append(judge(kind, clean, seen, target, status))
        print(format_verdicts(verdicts[-1:]).splitlines()[2:][0], flush=True, file=sys.stderr)
    return verdicts


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="the fault campaign: the simulated pilot, one injected fault at a time")
    p.add_argument("--kinds", nargs="+", default=list(KINDS), choices=list(KINDS))
    p.add_argument("--keep", action="store_true", help="keep the scratch labs (their path is printed)")
    a = p.parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="whitecollar-faults-"))
    try:
        verdicts = campaign(a.kinds, workdir)
    finally:
        if a.keep:
            print(f"scratch labs kept in {workdir}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    print(format_verdicts(verdicts))
    bad = [v.kind for v in verdicts if v.lost or v.twice or v.wrong]
    if bad:
        print(f"faults not absorbed: {', '.join(bad)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
