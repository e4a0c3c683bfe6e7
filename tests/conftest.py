"""Fixtures shared by the whole suite.

Scenarios are generated once per session. End-to-end tests work in scratch
copies of the repository ("labs"); the expensive states (a frozen benchmark,
a finished pilot) are built once per session and cloned, results and
Snakemake metadata included, for each test that needs one, so every such
test starts from the same state and may change its own clone freely.

Two things no test changes are started as soon as the tests are collected,
in the background at the lowest priority, on the core the serial tests
leave idle: the full lab (every scenario, labkit.FullLab), whose validation
reports the scenario tests read and whose freeze the full-build test
checks, and the challenge corpora at another seed (seed_corpora.py). A
test that needs one before it is done waits for it, and lends it its
priority.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from labkit import IGNORE, LAB_SCENARIOS, ROOT, FullLab, build, clone, configure
from seed_corpora import OTHER_SEED, SeedCorpora

from whitecollar.benchmark.generation import generate

#: the session's full lab, started once the tests are collected
FULL_LAB = pytest.StashKey[FullLab]()
#: the challenge corpora at another seed, started once the tests are collected
SEED_CORPORA = pytest.StashKey[SeedCorpora]()
#: the receipt cache folder this session made (and names in the environment until it ends)
OWN_RECEIPT_CACHE = pytest.StashKey[Path]()


def _receipt_cache(config: pytest.Config) -> Path:
    """One receipt cache for the session, inherited by every lab's Snakemake: a battery or corpus graded in one
    lab or test is not graded again by another (grading/receipt_cache.py)."""
    from whitecollar.grading.receipt_cache import ENV

    if os.environ.get(ENV, "").strip():
        return Path(os.environ[ENV])
    if OWN_RECEIPT_CACHE not in config.stash:
        folder = config._tmp_path_factory.mktemp("receipt-cache")
        os.environ[ENV] = str(folder)
        config.stash[OWN_RECEIPT_CACHE] = folder
    return config.stash[OWN_RECEIPT_CACHE]


def _users(session: pytest.Session, fixture: str) -> list[pytest.Item]:
    return [item for item in session.items if fixture in getattr(item, "fixturenames", ())]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start what the collected tests will read and nothing before them changes, in the background at the
    lowest priority, so it is built on the core the serial tests leave idle instead of while a test waits:
    the full lab (labkit.FullLab) and the challenge corpora at another seed (seed_corpora.py)."""
    if session.config.option.collectonly:
        return
    config = session.config
    users = _users(session, "full_lab")
    if users:
        _receipt_cache(config)
        root = config._tmp_path_factory.mktemp("lab-full") / "lab"
        shutil.copytree(ROOT, root, ignore=IGNORE)
        full = FullLab(
            root,
            {item.module.TASK for item in users if hasattr(item.module, "TASK")},
            freeze=any(not hasattr(item.module, "TASK") for item in users),
        )
        config.stash[FULL_LAB] = full
        full.start()
    corpora = {
        (item.module.TASK, OTHER_SEED) for item in _users(session, "seed_corpus") if hasattr(item.module, "TASK")
    }
    if corpora:
        _receipt_cache(config)
        config.stash[SEED_CORPORA] = SeedCorpora(config._tmp_path_factory.mktemp("seed-corpora"), corpora)
        config.stash[SEED_CORPORA].start()


def pytest_sessionfinish(session: pytest.Session) -> None:
    from whitecollar.grading.receipt_cache import ENV

    for key in (FULL_LAB, SEED_CORPORA):
        if key in session.config.stash:
            session.config.stash[key].stop()
    if OWN_RECEIPT_CACHE in session.config.stash:
        os.environ.pop(ENV, None)


@pytest.fixture(scope="session", autouse=True)
def receipt_cache_folder(request) -> Path:
    """The session's receipt cache folder (named by WHITECOLLAR_RECEIPT_CACHE for every test and lab)."""
    return _receipt_cache(request.config)


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """generated(task_id) -> (bundle_dir, oracle_dir), built once per task."""
    cache: dict[str, tuple[Path, Path]] = {}

    def build(task_id: str) -> tuple[Path, Path]:
        if task_id not in cache:
            root = tmp_path_factory.mktemp(task_id)
            generate(task_id, root / "bundle", root / "oracle")
            cache[task_id] = (root / "bundle", root / "oracle")
        return cache[task_id]

    return build


@pytest.fixture(scope="session")
def frozen(generated, tmp_path_factory):
    """frozen(task_id) -> (bundle, oracle, manifest path): a one-scenario freeze manifest."""
    from whitecollar import atomic
    from whitecollar.hashing import listing_digest, tree_listing

    def build(task_id: str):
        bundle, oracle = generated(task_id)
        listing = tree_listing(bundle)
        path = tmp_path_factory.mktemp(f"freeze-{task_id}") / "manifest.json"
        atomic.write_json(
            path, {"format": 1, "scenarios": {task_id: {"bundle": listing, "bundle_sha256": listing_digest(listing)}}}
        )
        return bundle, oracle, path

    return build


@pytest.fixture(scope="session")
def lab_states(tmp_path_factory):
    """lab_states(state) -> a session-wide lab: "source", "frozen" or "piloted" (do not modify it)."""
    cache: dict[str, Path] = {}

    def state(name: str) -> Path:
        if name in cache:
            return cache[name]
        if name == "source":
            root = tmp_path_factory.mktemp("lab-source") / "lab"
            shutil.copytree(ROOT, root, ignore=IGNORE)
            configure(root, scenarios=LAB_SCENARIOS, repeats=1, seconds=0)
        elif name == "frozen":
            root = clone(state("source"), tmp_path_factory.mktemp("lab-frozen") / "lab")
            build(root, "freeze")
        elif name == "piloted":
            root = clone(state("frozen"), tmp_path_factory.mktemp("lab-piloted") / "lab")
            build(root, "results/pilot")
        else:
            raise KeyError(name)
        cache[name] = root
        return root

    return state


@pytest.fixture(scope="session")
def full_lab(request, tmp_path_factory) -> FullLab:
    """The repository with every scenario, whose freeze the full-build test checks and whose validation
    reports the scenario tests read (labkit.FullLab); do not modify it, clone it."""
    if FULL_LAB not in request.config.stash:  # not started at collection: built as the tests ask
        root = tmp_path_factory.mktemp("lab-full") / "lab"
        shutil.copytree(ROOT, root, ignore=IGNORE)
        request.config.stash[FULL_LAB] = FullLab(root, set())
    return request.config.stash[FULL_LAB]


@pytest.fixture(scope="session")
def seed_corpus(request, tmp_path_factory):
    """seed_corpus(task_id, seed) -> (oracle, corpus summary) of the scenario generated at that seed
    (scenario_helpers.corpus_at_seed), graded in the background when the seed is seed_corpora.OTHER_SEED."""
    corpora = request.config.stash.get(SEED_CORPORA, None) or SeedCorpora(
        tmp_path_factory.mktemp("seed-corpora"), set()
    )

    def result(task_id: str, seed: int) -> tuple[dict, dict]:
        return corpora.result(task_id, seed, tmp_path_factory.mktemp(f"corpus-{task_id}-{seed}"))

    return result


@pytest.fixture
def lab(lab_states, tmp_path):
    """lab(state) -> this test's own clone of a session lab, free to change."""
    count = iter(range(100))

    def make(state: str = "piloted") -> Path:
        return clone(lab_states(state), tmp_path / f"lab-{state}-{next(count)}")

    return make


@pytest.fixture(scope="session")
def samples(tmp_path_factory) -> dict[str, Path]:
    """One genuine file of each kind, written with the project's writers (the office and LibreOffice tests)."""
    import json

    import openpyxl
    from reportlab.platypus import Paragraph

    from whitecollar.office.docx import add_heading, add_table, new_document, save_document
    from whitecollar.office.pdf import build_pdf, paragraph_styles
    from whitecollar.office.xlsx import save_workbook

    d = tmp_path_factory.mktemp("samples")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    for i in range(1, 200):
        ws.append([f"Item {i}", i, i * 1.5, f"Description of item {i} for padding"])
    save_workbook(wb, d / "real.xlsx", title="Sample")

    doc = new_document()
    add_heading(doc, "Sample report", 0)
    for i in range(40):
        add_heading(doc, f"Section {i}", 1)
        doc.add_paragraph(f"Body text of section {i}. " * 10)
    add_table(doc, ["A", "B"], [["1", "2"]])
    save_document(doc, d / "real.docx")

    ss = paragraph_styles()
    build_pdf(
        d / "real.pdf",
        [Paragraph(f"Line {i} of the sample PDF.", ss["Body"]) for i in range(300)],
        title="Sample",
        author="Tests",
    )
    (d / "real.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    (d / "real.json").write_text(json.dumps({"a": [1, 2]}), encoding="utf-8")
    (d / "real.txt").write_text("hello\n", encoding="utf-8")
    return {p.suffix.lstrip("."): p for p in d.iterdir()}
