"""Receipts kept by the hash of everything they depend on.

A scenario's battery and challenge corpus grade the same outputs again
and again: the scenario's tests grade them, the freeze's `validate` job
grades them once more in a copied laboratory. An evaluation is a pure
function of its inputs, so its receipt can be stored under a key that
covers every one of them and handed back whenever the same inputs come
again, byte for byte what the evaluation would produce.

The key (`receipt_key`) covers: the task id; the code (every file of the
`whitecollar` package and of the scenario's folder, by relative path and
SHA-256); the oracle folder; the workspace (every entry's relative path,
kind and bytes, `out/` and the inputs included, symbolic links by their
target, never followed) and where out/ lies in it; the LibreOffice engine
that recalculates workbooks (or its absence); every installed distribution
and its version; and the Python version. Paths of this machine never enter
it, so a copied laboratory finds what the tests stored.

The cache is off unless `WHITECOLLAR_RECEIPT_CACHE` names a folder. Only
receipts without an evaluator error are stored; entries are written
atomically, and an entry that does not read back as the receipt it
records (truncated, edited, another key) is discarded and recomputed.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
import sys
from importlib import metadata
from pathlib import Path

from whitecollar import atomic
from whitecollar.grading.receipt import Receipt
from whitecollar.hashing import SNAKEMAKE_MARKER

ENV = "WHITECOLLAR_RECEIPT_CACHE"
FORMAT = 1
PACKAGE = Path(__file__).resolve().parents[1]


def cache_root() -> Path | None:
    """The cache folder named by the environment, or None (off)."""
    value = os.environ.get(ENV, "").strip()
    return Path(value) if value else None


def tree_digest(root: Path, *, skip_at_root: tuple[str, ...] = ()) -> str:
    """SHA-256 over every entry under root: relative path, kind, and bytes (or link target).

    Links are recorded, never followed; folders are recorded too, so an
    empty out/ differs from a missing one. Files named *.pyc and folders
    named __pycache__ are left out (the interpreter's, not the project's),
    and so are the names in skip_at_root directly under root.
    """
    root = Path(root)
    h = hashlib.sha256()
    if not root.is_dir() or root.is_symlink():
        h.update(b"missing\0" if not os.path.lexists(root) else b"not-a-folder\0")
        return h.hexdigest()
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        here = Path(dirpath)
        rel_dir = here.relative_to(root).as_posix()
        h.update(b"d\0" + rel_dir.encode("utf-8", "surrogateescape") + b"\0")
        names = sorted(set(filenames) | {d for d in os.listdir(here) if (here / d).is_symlink()})
        for name in names:
            if name.endswith(".pyc") or (here == root and name in skip_at_root):
                continue
            path = here / name
            rel = path.relative_to(root).as_posix().encode("utf-8", "surrogateescape")
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                h.update(b"l\0" + rel + b"\0" + os.readlink(path).encode("utf-8", "surrogateescape") + b"\0")
            elif stat.S_ISREG(st.st_mode):
                h.update(b"f\0" + rel + b"\0" + _file_sha256(path) + b"\0")
            else:
                h.update(b"o\0" + rel + b"\0")
    return h.hexdigest()


def _file_sha256(path: Path) -> bytes:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.digest()


@functools.lru_cache(maxsize=1)
def library_versions() -> str:
    """Every installed distribution and its version, sorted: the readers' libraries and all they use."""
    # PackageMetadata.get is typed from Python 3.12 on; 3.11's metadata is an email Message, which has it
    seen = sorted({(str(d.metadata.get("Name") or "").lower(), d.version or "") for d in metadata.distributions()})  # type: ignore[attr-defined]
    return json.dumps(seen)


@functools.lru_cache(maxsize=1)
def engine() -> str:
    """The identity of the LibreOffice that recalculates workbooks, or why there is none."""
    from whitecollar.libreoffice import recalc_cache, recalc_inputs, soffice

    exe = soffice.find_soffice()
    if not isinstance(exe, str):
        return f"none: {exe.reason}"
    return recalc_cache.engine_identity(exe, soffice.REGISTRY + recalc_inputs.FILTER)


def _fixed_parts(
    task_id: str, oracle_dir: Path, *, scenario_dir: Path, package: Path, engine_identity: str | None
) -> dict:
    """What every evaluation of one task against one oracle shares: digested once per batch of lookups."""
    return {
        "format": FORMAT,
        "task_id": task_id,
        "package": tree_digest(package),
        "scenario": tree_digest(scenario_dir),
        # Snakemake marks a folder it built with an empty file; the freeze's listings leave it out too
        "oracle": tree_digest(oracle_dir, skip_at_root=(SNAKEMAKE_MARKER,)),
        "engine": engine() if engine_identity is None else engine_identity,
        "libraries": library_versions(),
        "python": [sys.version, sys.implementation.name, sys.byteorder],
    }


def _key(fixed: dict, out_dir: Path, workspace_dir: Path) -> str:
    out_dir, workspace_dir = Path(out_dir), Path(workspace_dir)
    try:
        out_place = ["inside", out_dir.relative_to(workspace_dir).as_posix()]
    except ValueError:
        out_place = ["outside", tree_digest(out_dir)]
    parts = {**fixed, "workspace": tree_digest(workspace_dir), "out": out_place}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


def receipt_key(
    task_id: str,
    out_dir: Path,
    workspace_dir: Path,
    oracle_dir: Path,
    *,
    scenario_dir: Path,
    package: Path = PACKAGE,
    engine_identity: str | None = None,
) -> str:
    """The SHA-256 naming everything the receipt of this evaluation depends on."""
    fixed = _fixed_parts(
        task_id, oracle_dir, scenario_dir=scenario_dir, package=package, engine_identity=engine_identity
    )
    return _key(fixed, out_dir, workspace_dir)


class ReceiptCache:
    """Receipts on disk under <root>/receipts/<key[:2]>/<key>.json."""

    def __init__(self, root: Path):
        self.folder = Path(root) / "receipts"

    def entry(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> Receipt | None:
        """The stored receipt, or None; a damaged entry is removed."""
        path = self.entry(key)
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        try:
            entry = json.loads(raw.decode("utf-8"))
            text = entry["receipt"]
            if entry.get("format") != FORMAT or entry.get("key") != key:
                raise ValueError("another key or format")
            if hashlib.sha256(text.encode("utf-8")).hexdigest() != entry.get("receipt_sha256"):
                raise ValueError("receipt digest differs")
            receipt = Receipt.from_dict(json.loads(text))
            if receipt.to_json() != text or receipt.evaluator_error:
                raise ValueError("does not read back as the receipt stored")
            return receipt
        except Exception:  # noqa: BLE001 - any damage: forget the entry, evaluate again
            path.unlink(missing_ok=True)
            return None

    def put(self, key: str, receipt: Receipt) -> None:
        """Store a receipt without an evaluator error; an unwritable folder only costs speed."""
        if receipt.evaluator_error:
            return
        text = receipt.to_json()
        entry = {
            "format": FORMAT,
            "key": key,
            "receipt": text,
            "receipt_sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        }
        try:
            atomic.write_json(self.entry(key), entry)
        except OSError:
            pass


def lookup(task_id: str, out_dir: Path, workspace_dir: Path, oracle_dir: Path) -> tuple[str | None, Receipt | None]:
    """(key, stored receipt or None); (None, None) when the cache is off."""
    return lookup_all(task_id, {"": Path(workspace_dir)}, oracle_dir, out_dirs={"": Path(out_dir)})[""]


def lookup_all(
    task_id: str, workspaces: dict[str, Path], oracle_dir: Path, *, out_dirs: dict[str, Path] | None = None
) -> dict[str, tuple[str | None, Receipt | None]]:
    """`lookup` for many workspaces of one task and oracle (each one's out/ unless `out_dirs` names it):
    the package, scenario and oracle are digested once, not once per workspace."""
    root = cache_root()
    if root is None:
        return {name: (None, None) for name in workspaces}
    from whitecollar.benchmark.scenario import load_scenario

    fixed = _fixed_parts(
        task_id, oracle_dir, scenario_dir=load_scenario(task_id).folder, package=PACKAGE, engine_identity=None
    )
    cache = ReceiptCache(root)
    found: dict[str, tuple[str | None, Receipt | None]] = {}
    for name, ws in workspaces.items():
        key = _key(fixed, (out_dirs or {}).get(name, Path(ws) / "out"), ws)
        found[name] = (key, cache.get(key))
    return found


def evaluate(task_id: str, out_dir: Path, workspace_dir: Path, oracle_dir: Path, *, key: str | None = None) -> Receipt:
    """`evaluation.evaluate`, answered from the cache when the same inputs were graded before.

    `key`, when given, is the one `lookup` returned for these inputs (computed
    before anything else ran, so a miss is not hashed twice).
    """
    from whitecollar.grading.evaluation import evaluate as fresh

    root = cache_root()
    if root is None:
        return fresh(task_id, out_dir, workspace_dir, oracle_dir)
    cache = ReceiptCache(root)
    if key is None:
        key, hit = lookup(task_id, out_dir, workspace_dir, oracle_dir)
        if hit is not None:
            return hit
    receipt = fresh(task_id, out_dir, workspace_dir, oracle_dir)
    if key is not None:
        cache.put(key, receipt)
    return receipt
