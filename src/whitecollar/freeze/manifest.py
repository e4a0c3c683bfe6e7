"""The freeze manifest: the benchmark as preregistered.

Per scenario it records the seed, the generator and evaluator versions, the
SHA-256 of every bundle and oracle file, the battery's verdict and the
SHA-256 of every battery receipt, and the challenge corpus it was graded
against (the corpus file's hash, its agreement, each case's receipt hash):
a scenario whose corpus is missing or not fully agreed is refused. Bundles are written with stored zip
entries and uncompressed PDF streams, so the raw file hashes are the same on
any machine; that is what lets a replicator regenerate the benchmark and
compare it with the committed copy byte for byte.

The manifest's `protocol` section (whitecollar.freeze.protocol) holds the hashes of
what else decides a score: rubrics, the judges' prompt template and panel,
the analysis plan, the study design and the amendments. `verify` names every
item, file or setting that differs from a manifest.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from whitecollar.hashing import listing_digest, tree_listing

FORMAT = 2


class FreezeError(RuntimeError):
    pass


def build_manifest(
    digests: list[dict[str, Any]], validations: list[dict[str, Any]], protocol: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The manifest of the validated scenarios, with the protocol record when given."""
    by_id = {v["task_id"]: v for v in validations}
    scenarios: dict[str, Any] = {}
    refused = []
    for d in sorted(digests, key=lambda d: d["task_id"]):
        tid = d["task_id"]
        v = by_id.get(tid)
        if v is None:
            raise FreezeError(f"{tid}: no validation result; run `whitecollar validate {tid}`")
        ch = v.get("challenge") or {}
        if v["verdict"] != "valid" or not ch.get("cases") or ch.get("agreeing") != ch.get("cases"):
            refused.append(tid)
            continue
        scenarios[tid] = {
            "seed": d["seed"],
            "generator_version": d["generator_version"],
            "evaluator_version": v["evaluator_version"],
            "bundle_sha256": d["bundle_sha256"],
            "oracle_sha256": d["oracle_sha256"],
            "bundle": d["bundle"],
            "oracle": d["oracle"],
            "validation": {
                "verdict": v["verdict"],
                "receipts": {x["variant"]: x["receipt_sha256"] for x in v["variants"]},
                "challenge": _challenge_record(v.get("challenge") or {}),
            },
        }
    if refused:
        raise FreezeError(
            "battery or challenge corpus does not hold for "
            + ", ".join(refused)
            + "; see results/validation/<ID>.json and fix the scenario before freezing"
        )
    manifest: dict[str, Any] = {"format": FORMAT, "scenarios": scenarios}
    if protocol is not None:
        missing = sorted(set(scenarios) - set(protocol.get("rubrics", {})))
        if missing:
            raise FreezeError(
                f"{missing[0]}: no rubric in the protocol record; add benchmark/scenarios/{missing[0]}/rubric.yaml"
            )
        manifest["protocol"] = protocol
    return manifest


def _challenge_record(ch: dict[str, Any]) -> dict[str, Any]:
    """What the freeze keeps of a challenge corpus: its identity, its agreement, and each case's receipt hash."""
    return {
        "sha256": ch.get("sha256", ""),
        "cases": ch.get("cases", 0),
        "honest": ch.get("honest", 0),
        "wrong": ch.get("wrong", 0),
        "agreement": ch.get("agreement", 0.0),
        "false_pass_verdicts": ch.get("false_pass_verdicts", 0),
        "false_fail_verdicts": ch.get("false_fail_verdicts", 0),
        "false_pass_cases": ch.get("false_pass_cases", 0),
        "false_fail_cases": ch.get("false_fail_cases", 0),
        "critical_misjudged": ch.get("critical_misjudged", 0),
        "receipts": {r["case"]: r["receipt_sha256"] for r in ch.get("results", [])},
    }


def verify(
    manifest_path: Path,
    bundles_root: Path | None,
    oracles_root: Path | None = None,
    protocol: dict[str, Any] | None = None,
    evaluator_versions: dict[str, str] | None = None,
) -> list[str]:
    """Differences between the checkout and the manifest, one line per item (empty when they agree).

    Trees are compared file by file; `protocol` (whitecollar.freeze.protocol.current)
    item by item; `evaluator_versions` (scenario.yaml's) scenario by scenario.
    """
    from whitecollar.freeze.protocol import differences, evaluator_differences

    try:
        manifest = json.loads(Path(manifest_path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FreezeError(f"{manifest_path}: no freeze manifest; run `snakemake freeze` first") from None
    except json.JSONDecodeError:
        raise FreezeError(f"{manifest_path}: not a JSON manifest; restore it from the freeze or the package") from None
    problems = []
    if protocol is not None:
        problems += differences(manifest.get("protocol"), protocol)
    if evaluator_versions is not None:
        problems += evaluator_differences(manifest, evaluator_versions)
    if bundles_root is None:
        return problems
    for tid, entry in sorted(manifest["scenarios"].items()):
        halves = [("bundle", Path(bundles_root) / tid)]
        if oracles_root is not None:
            halves.append(("oracle", Path(oracles_root) / tid))
        for half, root in halves:
            problems += _half_problems(tid, half, root, entry)
    return problems


def _listing_problems(tid: str, half: str, actual: dict[str, str], want: dict[str, str]) -> list[str]:
    """Each file missing, unexpected or changed in a tree against its frozen listing, in path order."""
    problems = []
    for path in sorted(set(actual) | set(want)):
        if path not in actual:
            problems.append(f"{tid}: {half} lacks {path}")
        elif path not in want:
            problems.append(f"{tid}: {half} has unexpected {path}")
        elif actual[path] != want[path]:
            problems.append(f"{tid}: {half} file {path} differs (sha256 {actual[path][:12]} != {want[path][:12]})")
    return problems


def _half_problems(tid: str, half: str, root: Path, entry: dict[str, Any]) -> list[str]:
    """How one half (bundle or oracle) of a scenario differs from the manifest, so verify can list each half in turn."""
    if not root.is_dir():
        return [f"{tid}: {half} folder {root} is missing"]
    actual = tree_listing(root)
    want = entry[half]
    problems = _listing_problems(tid, half, actual, want)
    if listing_digest(want) != entry[f"{half}_sha256"]:
        problems.append(f"{tid}: manifest's {half}_sha256 does not match its own listing")
    return problems
