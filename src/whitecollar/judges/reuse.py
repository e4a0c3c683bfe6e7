"""Earlier judgements, kept by what they were made from, so that no judge is asked the same question twice.

A judgement depends on four files and one key: the package, the prompt, the
rubric (as JSON), the judge's settings slice, and the run it is about. Its
score file records the SHA-256 of each (`made_from`). The judge command
first looks for a judgement made from exactly those in a content-addressed
store under results/judging/store/, and only asks the judge when there is
none. Snakemake still schedules a judge job whenever its package is
rewritten (in one invocation it reruns everything downstream of a job that
ran, even when the bytes came out the same), but a re-rendered package
with the same bytes then costs a file read, not a paid panel, and the score
file comes back byte for byte.

The run key is part of the key on purpose: two runs that delivered the
same files are still two judgements (a real judge's answer is a draw, and
the simulated judge's noise is seeded per run), so one run's scores are
never handed to another. The receipt, which only the simulated judge
reads, is not: a regraded receipt does not re-ask a judge, as in the
workflow, where the receipt is an `ancient()` input of the judge job.

Entries are written atomically; an entry that cannot be read, or that does
not match what it is filed under, is ignored and replaced by a fresh
judgement. To re-ask a judge on purpose, change its settings, or delete its
score file and the store entry named in the judge's log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from whitecollar import atomic
from whitecollar.freeze.judge_settings import settings_json
from whitecollar.hashing import sha256_bytes, sha256_file
from whitecollar.judges.backends import Request

BASIS = ("package_sha256", "prompt_sha256", "rubric_sha256", "settings_sha256", "run_key")


def made_from(request: Request, settings: dict[str, Any], run_key: str) -> dict[str, str]:
    """What one judgement depends on: the hashes of its inputs and the run it is about."""
    return {
        "package_sha256": sha256_file(request.package),
        "prompt_sha256": sha256_file(request.prompt),
        "rubric_sha256": sha256_file(request.rubric_json),
        "settings_sha256": sha256_bytes(settings_json(settings).encode("utf-8")),
        "run_key": run_key,
    }


def basis_of(record: dict[str, Any]) -> dict[str, Any]:
    return {k: record.get(k) for k in BASIS}


def store_key(basis: dict[str, str]) -> str:
    return sha256_bytes(json.dumps({k: basis[k] for k in BASIS}, sort_keys=True).encode("utf-8"))


class JudgementStore:
    """Score records filed under the SHA-256 of what they were made from (`<root>/<2 hex>/<key>.json`)."""

    def __init__(self, root: str | Path):
        self.root = Path(root)

    def entry(self, basis: dict[str, str]) -> Path:
        key = store_key(basis)
        return self.root / key[:2] / f"{key}.json"

    def find(self, basis: dict[str, str], record_format: int) -> dict[str, Any] | None:
        """The stored judgement made from exactly `basis`, or None (missing, unreadable or not matching)."""
        try:
            record = json.loads(self.entry(basis).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(record, dict) or record.get("format") != record_format or basis_of(record) != basis:
            return None
        return record

    def keep(self, record: dict[str, Any]) -> Path:
        return atomic.write_json(self.entry(basis_of(record)), record)
