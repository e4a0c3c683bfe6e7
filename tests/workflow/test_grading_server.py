"""The grading server: the same receipts as an evaluation in the job's own
process, a fallback to that evaluation whenever the server is missing or
breaks, never stale code, and hostile output stopped by the same bounds."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from whitecollar.benchmark.scenario import load_scenario
from whitecollar.bounded import Limits, _children_by_parent
from whitecollar.grading import evaluation
from whitecollar.grading.evaluation import evaluate_bounded
from whitecollar.lab.workspace import compose
from whitecollar.libreoffice import recalc, recalc_cache, shared_office
from whitecollar.workflow import grading_client, grading_server

SCENARIOS = ("ACC-01", "ADM-01", "PROC-01", "RES-01")
SRC = Path(grading_server.__file__).resolve().parents[2]
REPO = SRC.parent


@pytest.fixture(scope="module")
def references(generated, tmp_path_factory):
    """task -> (workspace with the reference output, oracle dir)."""
    root = tmp_path_factory.mktemp("server-runs")
    spaces = {}
    for task in SCENARIOS:
        bundle, oracle = generated(task)
        ws = compose(bundle, root / task, portal=False)
        load_scenario(task).solver.solve(ws, "reference")
        spaces[task] = (ws, oracle)
    return spaces


def _env(cache: Path | None, *, server: bool, src: Path = SRC, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != recalc_cache.ENV}
    env["PYTHONPATH"] = str(src)
    env[grading_server.SWITCH_ENV] = "1" if server else "0"
    if cache is not None:
        env[recalc_cache.ENV] = str(cache)
    env.update(extra)
    return env


def _client(env: dict[str, str]) -> list[str]:
    """The workflow's evaluation command (rules/common.smk) for the package the environment names."""
    command = grading_client.command()
    src = Path(env["PYTHONPATH"].split(os.pathsep)[0])
    return [*command[:-1], str(src / "whitecollar" / "workflow" / "grading_client.py")]


def _evaluate(
    task: str, ws: Path, oracle: Path, receipt: Path, env: dict[str, str], *bounds: str
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            *_client(env),
            "evaluate",
            task,
            "--workspace",
            str(ws),
            "--out",
            str(ws / "out"),
            "--oracle",
            str(oracle),
            "--receipt",
            str(receipt),
            *bounds,
        ],
        env=env,
        capture_output=True,
        text=True,
        cwd=REPO,
    )


def _server_pid(cache: Path) -> int | None:
    for folder in sorted(cache.glob("grading-*")):
        try:
            return int((folder / "server.pid").read_text().split("\n")[0])
        except (OSError, ValueError):
            pass
    return None


def _stop(cache: Path) -> None:
    for folder in sorted(cache.glob("grading-*")):
        grading_server.stop(folder)
    shared_office.stop_all(cache)


def test_the_client_names_the_cache_variable_of_the_recalculation_cache():
    assert grading_server.CACHE_ENV == recalc_cache.ENV


def test_the_client_imports_no_grading_module(tmp_path):
    code = (
        "import sys; from whitecollar.workflow import grading_client; "
        "print(sorted(m for m in sys.modules if m.startswith(('whitecollar.', 'yaml', 'jsonschema', 'json', "
        "'pathlib', 'subprocess'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=_env(None, server=True), capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "['whitecollar.workflow', 'whitecollar.workflow.grading_client']"


def test_the_job_s_interpreter_loads_only_built_in_modules_and_hands_over_when_unserved(tmp_path):
    """The client as the rules run it: no site, no runpy, no hashlib or socket (the job's start-up cost).

    No server is offered here, so the script hands the job to `python -m whitecollar`, whose
    answer (the verb's help) proves the hand-over; -X importtime lists the client's own imports.
    """
    command = grading_client.command()
    assert command[1:3] == ["-I", "-S"] and command[3] == str(Path(grading_client.__file__).resolve())
    proc = subprocess.run(
        [command[0], "-X", "importtime", *command[1:], "evaluate", "--help"],
        env=_env(None, server=False),
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 0 and "--workspace" in proc.stdout, proc.stderr[-2000:]
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    assert "_socket" in imported
    heavy = {
        "site",
        "runpy",
        "hashlib",
        "_hashlib",
        "socket",
        "enum",
        "selectors",
        "json",
        "pathlib",
        "subprocess",
        "fcntl",
    }
    assert not imported & heavy and not {m for m in imported if m.startswith("whitecollar")}


def test_server_names_are_stable_short_hashes():
    assert grading_client.name_hash("") == "cbf29ce484222325"  # the FNV-1a offset basis
    assert grading_client.name_hash("a") == "af63dc4c8601ec8c"  # the published FNV-1a 64 value of "a"
    assert grading_client.address("/x/y").startswith("\0whitecollar-grading-")
    assert grading_client.address("/x/y") != grading_client.address("/x/z")


def test_no_server_where_its_folder_cannot_be_made(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be\n")
    monkeypatch.setenv(recalc_cache.ENV, str(blocker))
    monkeypatch.setenv(grading_server.SWITCH_ENV, "1")
    assert grading_server.serve([sys.argv[0], "evaluate", "ACC-01"]) is None
    monkeypatch.setenv(recalc_cache.ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(grading_server.SWITCH_ENV, "0")
    assert grading_server.serve([sys.argv[0], "evaluate", "ACC-01"]) is None
    assert not (tmp_path / "cache").exists()


@pytest.mark.slow
def test_receipts_through_the_server_are_byte_identical(references, tmp_path):
    cache = tmp_path / "cache"
    try:
        for task, (ws, oracle) in sorted(references.items()):
            alone = _evaluate(task, ws, oracle, tmp_path / f"{task}-alone.json", _env(cache, server=False))
            served = _evaluate(task, ws, oracle, tmp_path / f"{task}-served.json", _env(cache, server=True))
            assert alone.returncode == served.returncode == 0, alone.stderr + served.stderr
            assert served.stdout == alone.stdout and served.stderr == alone.stderr
            assert (tmp_path / f"{task}-served.json").read_bytes() == (tmp_path / f"{task}-alone.json").read_bytes()
            assert _server_pid(cache) is not None  # served, not fallen back
        # a usage error is the server's answer too, with the command line's status and message
        bad = _evaluate(
            "ACC-01", *references["ACC-01"], tmp_path / "x.json", _env(cache, server=True), "--wall-s", "soon"
        )
        assert bad.returncode == 2 and "--wall-s" in bad.stderr
    finally:
        _stop(cache)


@pytest.mark.slow
def test_a_worker_killed_mid_request_falls_back_to_the_job_s_own_process(references, tmp_path):
    ws, oracle = references["ACC-01"]
    cache = tmp_path / "cache"
    expected = tmp_path / "alone.json"
    assert _evaluate("ACC-01", ws, oracle, expected, _env(tmp_path / "other", server=False)).returncode == 0
    shared_office.stop_all(tmp_path / "other")
    client = subprocess.Popen(
        [
            *_client(_env(cache, server=True)),
            "evaluate",
            "ACC-01",
            "--workspace",
            str(ws),
            "--out",
            str(ws / "out"),
            "--oracle",
            str(oracle),
            "--receipt",
            str(tmp_path / "served.json"),
        ],
        env=_env(cache, server=True),
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    killed = None
    try:
        deadline = time.monotonic() + 60
        while killed is None and time.monotonic() < deadline and client.poll() is None:
            server = _server_pid(cache)
            for pid in _children_by_parent().get(server, []) if server else []:
                os.kill(pid, signal.SIGKILL)  # a worker (its bounded child dies with it)
                killed = pid
            time.sleep(0.005)
        out, _ = client.communicate(timeout=300)
        assert killed is not None, "the server never forked a worker"
        assert client.returncode == 0 and "ACC-01: success" in out
        assert (tmp_path / "served.json").read_bytes() == expected.read_bytes()
    finally:
        if client.poll() is None:
            client.kill()
        _stop(cache)


def _edit_evaluate(path: Path, note: str) -> None:
    """Append to a module a wrapper of its `evaluate` that adds a note to every receipt."""
    with path.open("a", encoding="utf-8") as fh:
        fh.write(
            f"\n\n_unedited_{len(note)} = evaluate\n\n\ndef evaluate(*args, **kwargs):\n"
            f"    receipt = _unedited_{len(note)}(*args, **kwargs)\n"
            f"    receipt.notes.append({note!r})\n    return receipt\n"
        )


@pytest.mark.slow
def test_an_edited_evaluator_or_library_is_never_served_stale(references, tmp_path):
    """Copies of the package and the scenarios, edited between two evaluations by one server."""
    src, root = tmp_path / "src", tmp_path / "root"
    shutil.copytree(SRC / "whitecollar", src / "whitecollar", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "benchmark", root / "benchmark", ignore=shutil.ignore_patterns("__pycache__"))
    ws, oracle = references["RES-01"]
    cache = tmp_path / "cache"
    env = _env(cache, server=True, src=src, WHITECOLLAR_ROOT=str(root))

    def grade(name: str) -> dict:
        proc = _evaluate("RES-01", ws, oracle, tmp_path / name, env)
        assert proc.returncode == 0, proc.stderr
        return json.loads((tmp_path / name).read_text(encoding="utf-8"))

    try:
        before = grade("before.json")
        first_server = _server_pid(cache)
        assert first_server is not None
        _edit_evaluate(root / "benchmark" / "scenarios" / "RES-01" / "evaluate.py", "scenario edited")
        scenario_edit = grade("scenario.json")
        assert scenario_edit["notes"] == before["notes"] + ["scenario edited"]
        assert _server_pid(cache) == first_server  # a scenario edit reloads the evaluators; the server goes on
        _edit_evaluate(src / "whitecollar" / "grading" / "evaluation.py", "library edited")
        library_edit = grade("library.json")
        assert library_edit["notes"] == before["notes"] + ["scenario edited", "library edited"]
        assert _server_pid(cache) not in (None, first_server)  # the stale server was replaced
    finally:
        _stop(cache)


@pytest.mark.slow
@pytest.mark.parametrize(
    "limits, reason",
    [
        (Limits(wall_s=0.5, cpu_s=120, memory_mb=2048), "evaluation exceeded 0.5 s (wall clock)"),
        (Limits(wall_s=120, cpu_s=120, memory_mb=64), "evaluation exceeded 64 MB of memory"),
    ],
)
def test_a_forked_bounded_child_gives_the_same_failing_receipt(references, monkeypatch, limits, reason):
    ws, oracle = references["PROC-01"]
    monkeypatch.delenv(recalc_cache.ENV, raising=False)
    started = evaluate_bounded("PROC-01", ws / "out", ws, oracle, limits).to_json()
    monkeypatch.setattr(evaluation, "FORK_CHILDREN", True)
    recalc.clear_cache()
    forked = evaluate_bounded("PROC-01", ws / "out", ws, oracle, limits).to_json()
    assert reason in forked
    assert forked == started


def _limits_of(pid: int) -> dict[str, str]:
    rows = Path(f"/proc/{pid}/limits").read_text().splitlines()[1:]
    return {
        name: row[26:].split()[0]
        for row in rows
        for name in ("Max cpu time", "Max address space")
        if row.startswith(name)
    }


@pytest.mark.skipif(
    not recalc.soffice_available() or shared_office.uno_python() is None,
    reason="LibreOffice and python3-uno needed (make bootstrap)",
)
def test_the_shared_office_does_not_inherit_an_evaluation_s_bounds(tmp_path):
    import openpyxl

    from whitecollar.bounded import run_forked
    from whitecollar.libreoffice import soffice

    book = tmp_path / "in.xlsx"
    wb = openpyxl.Workbook()
    wb.active["A1"], wb.active["A2"] = 2, "=A1*3"
    wb.save(book)
    state = shared_office.state_folder(tmp_path / "cache", "test")

    def recalculate() -> int:
        made = shared_office.convert(soffice.find_soffice(), state, [(book, tmp_path / "out.xlsx")], 120)
        return 0 if made is not None and (tmp_path / "out.xlsx").is_file() else 3

    try:
        outcome = run_forked(recalculate, Limits(wall_s=120, cpu_s=100, memory_mb=4096))
        assert outcome.kind == "ok", outcome.stderr_tail
        office = int((state / "office.pid").read_text().split("\n")[0])
        assert _limits_of(office) == _limits_of(os.getpid())  # not 100 s and 4096 MB
    finally:
        shared_office.stop(state)
