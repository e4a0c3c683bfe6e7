"""Per-run evaluation time beside the batched LibreOffice floor, printed as figures (not a test).

The runs are the PROC-01 and ACC-01 solver variants whose workbooks hold
formulas, one run per distinct workbook (N runs). The floor is what
LibreOffice itself needs for those N workbooks in one `soffice --convert-to`
call, divided by N. Against it:

- the workflow's way, one `whitecollar evaluate` process per run: without
  the shared cache and office (every job starts its own LibreOffice, as
  before), with an empty cache and a private soffice per job (no UNO), with
  an empty cache, the shared long-lived office and the prefetcher that the
  first job to miss the cache starts (a re-grade on a cold cache: the
  finished runs' workbooks converted in batches while the jobs grade), and
  with a warm cache (re-grading after an evaluator amendment on the
  controller that graded them first: no LibreOffice at all);
- the same, each `whitecollar evaluate` answered by the grading server
  (`grading_server.py`: started by the first job, a fork per run), with an
  empty cache (its start-up included) and with a warm cache; each job runs
  the rules' command, the server's light client (`grading_client.command()`);
- the battery's and challenge corpus's way, many evaluations in one process
  after one batched recalculation: cold, and warm from the disk cache.

The process start-up (interpreter and imports) is printed too: it bounds
what a one-process-per-run job can reach.

Each solver variant's run is replicated (`--replicates`, 4) with workbooks
that differ in their bytes only (the document properties' description), as
every run of a re-grade has a workbook of its own: so the start-up of the
office, the prefetcher and the grading server weighs on each run as little
as it would in a re-grade of many runs. The jobs come in a shuffled order
(seeded), as Snakemake's scheduler picks ready jobs, not in the runs
folder's order, which the prefetcher walks. The modes of before (own
soffice per job) run on one replicate only: they take seconds per run.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from whitecollar.benchmark.generation import generate  # noqa: E402
from whitecollar.benchmark.scenario import load_scenario  # noqa: E402
from whitecollar.grading.evaluation import evaluate  # noqa: E402
from whitecollar.lab.workspace import compose  # noqa: E402
from whitecollar.libreoffice import prefetcher, recalc, recalc_cache, recalc_inputs, shared_office, soffice  # noqa: E402
from whitecollar.workflow import grading_client, grading_server  # noqa: E402

SCENARIOS = ("PROC-01", "ACC-01")
CACHE = recalc_cache.ENV
ORDER_SEED = 20261202


def _replicate_workbook(path: Path, k: int) -> None:
    """The same workbook with other bytes: its document properties say which replicate it is."""
    data = path.read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            part = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                part = part.replace(
                    b"</cp:coreProperties>",
                    f"<dc:description>replicate {k}</dc:description></cp:coreProperties>".encode(),
                )
            dst.writestr(info, part)
    path.write_bytes(out.getvalue())


def replicate(runs: list[tuple[str, Path, Path]], n: int) -> list[tuple[str, Path, Path]]:
    """n copies of every run, workbooks made distinct (replicate 0 is the run itself)."""
    copies = list(runs)
    for k in range(1, n):
        for task, ws, oracle in runs:
            twin = ws.with_name(f"{ws.name}-r{k}")
            shutil.copytree(ws, twin, symlinks=True)
            for book in sorted((twin / "out").rglob("*.xlsx")):
                _replicate_workbook(book, k)
            copies.append((task, twin, oracle))
    return copies


def build_runs(tmp: Path) -> list[tuple[str, Path, Path]]:
    """(task, workspace, oracle) per solver variant with a formula workbook not seen before."""
    runs, seen = [], set()
    for task in SCENARIOS:
        bundle, oracle = tmp / "gen" / task / "bundle", tmp / "gen" / task / "oracle"
        generate(task, bundle, oracle)
        solver = load_scenario(task).solver
        for variant in solver.VARIANTS:
            ws = compose(bundle, tmp / "runs" / f"{task}-{variant}", portal=False)
            solver.solve(ws, variant)
            # a finished run, as the prefetcher recognises one (and as the evaluate command checks it)
            bundle_sha = (oracle / "BUNDLE.sha256").read_text().strip()
            (ws / "run.json").write_text(json.dumps({"bundle_sha256": bundle_sha, "status": "completed"}) + "\n")
            books = [p.read_bytes() for p in sorted((ws / "out").rglob("*.xlsx"))]
            digests = {hashlib.sha256(b).hexdigest() for b in books if recalc_inputs.has_formulas(b)}
            if digests and not digests & seen:
                seen |= digests
                runs.append((task, ws, oracle))
            else:
                shutil.rmtree(ws)
    return runs


def batched_floor(books: list[Path], tmp: Path) -> tuple[float, float]:
    """Seconds for one soffice call over all books, and for one call over the first alone."""
    exe = soffice.find_soffice()
    if not isinstance(exe, str):
        sys.exit(f"LibreOffice is needed: {exe.reason}")
    timings = []
    for name, batch in (("batch", books), ("single", books[:1])):
        root = tmp / f"floor-{name}"
        (root / "in").mkdir(parents=True)
        inputs = []
        for i, book in enumerate(batch):
            inputs.append(str(shutil.copy(book, root / "in" / f"{i:03d}.xlsx")))
        profile = soffice.make_profile(root)
        t0 = time.perf_counter()
        run = soffice.run_soffice(
            exe,
            ["--convert-to", recalc_inputs.FILTER, "--outdir", str(root / "out"), *inputs],
            profile=profile,
            timeout_s=600,
        )
        timings.append(time.perf_counter() - t0)
        made = len(list((root / "out").glob("*.xlsx")))
        if made != len(batch):
            sys.exit(f"LibreOffice converted {made} of {len(batch)} workbooks: {run.stderr[-500:]}")
    return timings[0], timings[1]


STEADY: dict[str, float] = {}  # per mode: mean seconds of the jobs after the first (one at a time only)


def cli_per_run(runs, env: dict[str, str], tmp: Path, label: str, jobs: int = 1) -> float:
    """Mean wall-clock seconds per run of one `whitecollar evaluate` process per run, `jobs` at a time.

    One at a time, the mean of the jobs after the first is kept too (STEADY): the first job alone
    starts the grading server, the office and the prefetcher, a cost a re-grade pays once.
    """
    times: list[float] = []
    # the rules' command (the grading server's client); the modes of before ran the library's
    served = env.get(grading_server.SWITCH_ENV) != "0"
    entry = grading_client.command() if served else [sys.executable, "-m", "whitecollar"]

    def one(item) -> None:
        i, (task, ws, oracle) = item
        t0 = time.perf_counter()
        proc = subprocess.run(
            [
                *entry,
                "evaluate",
                task,
                "--workspace",
                str(ws),
                "--out",
                str(ws / "out"),
                "--oracle",
                str(oracle),
                "--receipt",
                str(tmp / "receipts" / label / f"{ws.name}.json"),
            ],
            env=env,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            sys.exit(f"evaluate failed: {proc.stdout[-1000:]}{proc.stderr[-1000:]}")
        times.append(time.perf_counter() - t0)

    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, enumerate(runs)))
    if jobs == 1 and len(times) > 1:
        STEADY[label] = sum(times[1:]) / (len(times) - 1)
    return (time.perf_counter() - t0) / len(runs)


def stop_services(cache: Path) -> None:
    """End the prefetcher, the offices and the grading server of one cache folder."""
    prefetcher.stop_all(cache)
    shared_office.stop_all(cache)
    for folder in cache.glob("grading-*"):
        grading_server.stop(folder)


def in_process_per_run(runs) -> float:
    """Mean seconds per run when one process recalculates all in one batch, then grades each."""
    t0 = time.perf_counter()
    recalc.prefetch([p for _, ws, _ in runs for p in sorted((ws / "out").rglob("*.xlsx"))])
    for task, ws, oracle in runs:
        evaluate(task, ws / "out", ws, oracle)
    return (time.perf_counter() - t0) / len(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=4, help="copies of each run, workbooks distinct")
    parser.add_argument(
        "--floors", type=int, default=3, help="floor measurements spread over the bench (their median is the floor)"
    )
    parser.add_argument(
        "--cold-runs",
        type=int,
        default=3,
        help="cold re-grades through the server, each on an empty cache (their median is printed)",
    )
    parser.add_argument(
        "--server-only",
        action="store_true",
        help="skip the one-process-per-run modes of before (minutes of own soffice starts)",
    )
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-evaluation-"))
    try:
        base_runs = build_runs(tmp)
        runs = replicate(base_runs, args.replicates)
        random.Random(ORDER_SEED).shuffle(runs)
        n = len(runs)
        books = [
            p
            for _, ws, _ in runs
            for p in sorted((ws / "out").rglob("*.xlsx"))
            if recalc_inputs.has_formulas(p.read_bytes())
        ]
        floors: list[float] = []

        def measure_floor() -> float:
            """One floor measurement; taken before, between and after the modes: the machine's speed drifts."""
            batch, single = batched_floor(books, tmp / f"floor-{len(floors)}")
            floors.append(batch / len(books))
            return single

        single = measure_floor()

        base = {k: v for k, v in os.environ.items() if k != CACHE}
        base["PYTHONPATH"] = str(ROOT / "src")
        base[grading_server.SWITCH_ENV] = "0"  # the modes of before: no grading server
        startup_t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", "import whitecollar.cli, whitecollar.grading.evaluation, whitecollar.office"],
            env=base,
            check=True,
        )
        startup = time.perf_counter() - startup_t0

        caches = [
            tmp / "cache-private",
            tmp / "cache",
            tmp / "cache-in-process",
            tmp / "cache-server",
            tmp / "cache-server-2",
        ]
        private = dict(base, **{CACHE: str(caches[0]), shared_office.UNO_PYTHON_ENV: str(tmp / "no-uno")})
        # the workflow's way: the shared office, and the prefetcher of the finished runs' workbooks
        shared = dict(base, **{CACHE: str(caches[1]), prefetcher.ROOT_ENV: str(tmp / "runs")})
        before = [r for r in runs if r in base_runs]
        if args.server_only:
            no_cache = private_cold = cold = warm = None
        else:
            no_cache = cli_per_run(before, base, tmp, "none")
            private_cold = cli_per_run(before, private, tmp, "private")
            cold = cli_per_run(before, shared, tmp, "cold")
            warm = cli_per_run(before, shared, tmp, "warm")
        served = dict(shared, **{CACHE: str(caches[3]), grading_server.SWITCH_ENV: "1"})
        colds: list[tuple[float, float]] = []  # (all runs, runs after the first) per cold re-grade
        cold_labels = []
        for k in range(max(1, args.cold_runs)):
            label = "server-cold" if k == 0 else f"server-cold-{k + 1}"
            cache = caches[3] if k == 0 else tmp / f"cache-{label}"
            cold_labels.append(label)
            colds.append((cli_per_run(runs, dict(served, **{CACHE: str(cache)}), tmp, label), STEADY[label]))
            if k:
                caches.append(cache)
                stop_services(cache)  # idle now; the first stays for the warm re-grade
        server_cold = statistics.median_high(c for c, _ in colds)
        server_steady = statistics.median_high(s for _, s in colds)
        server_warm = cli_per_run(runs, served, tmp, "server-warm")
        for _ in range(max(0, args.floors - 2)):
            measure_floor()
        served_2 = dict(served, **{CACHE: str(caches[4])})
        server_cold_2 = cli_per_run(runs, served_2, tmp, "server-two-jobs", jobs=2)
        modes = ("none", "private", "cold", "warm", *cold_labels, "server-warm", "server-two-jobs")
        same = all(
            len(
                {
                    (tmp / "receipts" / m / f.name).read_bytes()
                    for m in modes
                    if (tmp / "receipts" / m / f.name).is_file()
                }
            )
            == 1
            for f in (tmp / "receipts" / "server-cold").iterdir()
        )

        os.environ[CACHE] = str(caches[2])
        recalc.clear_cache()
        batch_cold = in_process_per_run(runs)
        recalc.clear_cache()
        batch_warm = in_process_per_run(runs)
        if args.floors > 1:
            measure_floor()
        floor = statistics.median_high(floors)
        for cache in caches:
            stop_services(cache)

        m, k = len(before), n
        rows = [
            ("one soffice call, one workbook", single, None),
            (
                f"batched floor: one soffice call over {len(books)} workbooks, per workbook, median of "
                f"{len(floors)} ({', '.join(f'{f:.3f}' for f in floors)})",
                floor,
                1.0,
            ),
            ("process start-up and imports (no evaluation)", startup, startup / floor),
            *(
                []
                if args.server_only
                else [
                    (f"per run ({m}), one process each, own soffice, no cache (before)", no_cache, no_cache / floor),
                    (f"per run ({m}), one process each, own soffice, empty cache", private_cold, private_cold / floor),
                    (f"per run ({m}), one process each, shared office, empty cache, prefetcher", cold, cold / floor),
                    (f"per run ({m}), one process each, shared office, warm cache", warm, warm / floor),
                ]
            ),
            (
                f"per run ({k}), grading server, empty cache, prefetcher: COLD RE-GRADE, median of {len(colds)} "
                f"({', '.join(f'{c:.3f}' for c, _ in colds)})",
                server_cold,
                server_cold / floor,
            ),
            (
                f"  the same, the {k - 1} runs after the first (which starts server, office and prefetcher), "
                f"median ({', '.join(f'{s:.3f}' for _, s in colds)})",
                server_steady,
                server_steady / floor,
            ),
            (f"per run ({k}), grading server, warm cache (re-grading)", server_warm, server_warm / floor),
            (
                f"per run ({k}), grading server, empty cache, prefetcher, two jobs at a time (wall-clock)",
                server_cold_2,
                server_cold_2 / floor,
            ),
            (
                f"per run ({k}), one process for all, one batch to the shared office (battery, corpus)",
                batch_cold,
                batch_cold / floor,
            ),
            (f"per run ({k}), one process for all, warm shared cache (re-validation)", batch_warm, batch_warm / floor),
        ]
        width = max(len(r[0]) for r in rows)
        print(
            f"Evaluation of {n} runs of {', '.join(SCENARIOS)} ({len(base_runs)} solver variants with formula "
            f"workbooks x {args.replicates} replicates, shuffled); goal: at most 2x the floor"
        )
        print(f"{'measure':<{width}}  seconds  x floor")
        for name, secs, ratio in rows:
            print(f"{name:<{width}}  {secs:7.3f}  {'' if ratio is None else f'{ratio:6.2f}'}")
        print(
            f"receipts byte-identical across the {len(modes) - 4 * args.server_only} per-process runs: "
            f"{'yes' if same else 'NO'}"
        )
        if not same:
            sys.exit(1)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
