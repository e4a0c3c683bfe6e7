"""What decides a score, as the freeze records it.

The freeze manifest is the study's preregistration. Besides the bundles and
oracles it holds the hash of everything else that decides a score or its
analysis: each scenario's rubric, the judges' prompt template, the judge
panel's settings, the analysis plan, the study design (seed, repeats, caps,
arms and their tools) and the amendments file. `current()` computes that
record from the checkout and its config; `differences()` names every item
where two records disagree, so an edit made after the freeze is visible
rather than silently absorbed.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
import re
from pathlib import Path
from typing import Any

import yaml

from whitecollar.hashing import sha256_bytes

PROTOCOL_DIR = Path("benchmark") / "protocol"
AMENDMENTS = PROTOCOL_DIR / "amendments.csv"
ANALYSIS_PLAN = PROTOCOL_DIR / "analysis_plan.yaml"
AMENDMENT_FIELDS = ["id", "date", "section", "change", "reason"]
#: arm settings that are presentation only, not part of the design
ARM_COSMETIC = ("label",)


class ProtocolError(ValueError):
    """A protocol file that cannot be used; the message names the file and the fix."""


def rubric_path(task_id: str) -> Path:
    return Path("benchmark") / "scenarios" / task_id / "rubric.yaml"


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def load_amendments(path: str | Path) -> list[dict[str, str]]:
    """The amendments, checked: the five fields, unique ids A-NNN, ISO dates, nothing empty."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProtocolError(
            f"{path}: not found; the protocol needs its amendments file (may hold the header only)"
        ) from None
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames != AMENDMENT_FIELDS:
        raise ProtocolError(f"{path}: header must be {','.join(AMENDMENT_FIELDS)}")
    rows, seen = [], set()
    for line, row in enumerate(reader, start=2):
        if None in row or any(v is None for v in row.values()):
            raise ProtocolError(f"{path}:{line}: expected {len(AMENDMENT_FIELDS)} fields; quote text that holds commas")
        row = {k: v.strip() for k, v in row.items()}
        if not re.fullmatch(r"A-\d{3}", row["id"]):
            raise ProtocolError(f"{path}:{line}: id {row['id']!r} is not of the form A-NNN")
        if row["id"] in seen:
            raise ProtocolError(f"{path}:{line}: amendment {row['id']} is listed twice")
        seen.add(row["id"])
        try:
            _dt.date.fromisoformat(row["date"])
        except ValueError:
            raise ProtocolError(f"{path}:{line}: date {row['date']!r} of {row['id']} is not YYYY-MM-DD") from None
        empty = [k for k in AMENDMENT_FIELDS if not row[k]]
        if empty:
            raise ProtocolError(f"{path}:{line}: {row['id']} has no {empty[0]}")
        rows.append(row)
    return sorted(rows, key=lambda r: r["id"])


def load_analysis_plan(path: str | Path) -> dict[str, Any]:
    """The analysis plan, checked for the parts the study relies on."""
    path = Path(path)
    try:
        plan = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ProtocolError(f"{path}: not found; the protocol needs its analysis plan") from None
    except yaml.YAMLError as exc:
        raise ProtocolError(f"{path}: not valid YAML ({type(exc).__name__}); fix the file") from None
    missing = [
        k
        for k in ("outcomes", "estimands", "tests", "intervals", "power", "scale_up")
        if not isinstance(plan, dict) or k not in plan
    ]
    if missing:
        raise ProtocolError(f"{path}: no {missing[0]!r} section; the plan must state it")
    target = plan["power"].get("target") if isinstance(plan["power"], dict) else None
    if not isinstance(target, (int, float)) or not 0 < target < 1:
        raise ProtocolError(f"{path}: power.target must be a probability, e.g. 0.80")
    if not (plan["scale_up"] or {}).get("decision_rule"):
        raise ProtocolError(f"{path}: scale_up.decision_rule is missing; state when a stage may start")
    return plan


def planned_bootstrap_replicates(root: str | Path) -> int:
    """The cluster bootstrap's replicate count the analysis plan preregisters.

    The paper's rules read it from the plan alone (no copy in config.yaml to
    drift from it), so an edit to the count is an edit to the plan: a
    deviation until it is recorded as an amendment.
    """
    plan = load_analysis_plan(Path(root) / ANALYSIS_PLAN)
    try:
        return int(plan["intervals"]["bootstrap"]["replicates"])
    except (KeyError, TypeError, ValueError):
        raise ProtocolError(f"{ANALYSIS_PLAN}: intervals.bootstrap.replicates must be a whole number") from None


#: The top-level keys of the configuration the freeze records and the record audits against it.
PROTOCOL_KEYS = ("arms", "caps", "judges", "scenarios", "study")


def protocol_configuration(config: dict[str, Any]) -> dict[str, Any]:
    """The slice of the workflow's configuration the protocol is built from (study design, panel, scenarios).

    The workflow writes it to a file from the configuration Snakemake was
    given (`--configfile` and `--config` included), and the freeze and the
    record read that file, so neither reads config.yaml from disk.
    """
    missing = [k for k in PROTOCOL_KEYS if k not in config]
    if missing:
        raise ProtocolError(f"the configuration has no {', '.join(missing)}; give the whole study configuration")
    return {k: config[k] for k in PROTOCOL_KEYS}


def study_design(config: dict[str, Any]) -> dict[str, Any]:
    """The design the freeze fixes: seed, repeats, caps, and every arm's settings but its label."""
    arms = {
        arm: {k: v for k, v in sorted(spec.items()) if k not in ARM_COSMETIC}
        for arm, spec in sorted(config["arms"].items())
    }
    return {
        "seed": config["study"]["seed"],
        "repeats": config["study"]["repeats"],
        "caps": dict(sorted(config["caps"].items())),
        "arms": arms,
    }


def judge_panel(config: dict[str, Any]) -> list[dict[str, Any]]:
    """Every judge's settings, as each judge job receives them."""
    from whitecollar.freeze.judge_settings import judge_names, judge_slice

    return [judge_slice(config, name) for name in judge_names(config)]


def judge_prompt_template() -> str:
    """The judges' prompt with a placeholder package and a one-criterion placeholder rubric.

    What a judge is told apart from the package and the rubric themselves: a
    change to the instructions or the answer format changes this text.
    """
    from whitecollar.freeze.prompt import build_prompt
    from whitecollar.freeze.rubric import from_dict

    rubric = from_dict(
        {
            "scale": "{scale}",
            "criteria": [
                {
                    "id": "{criterion}",
                    "weight": 1,
                    "description": "{description}",
                    "anchors": {k: f"{{anchor {k}}}" for k in range(5)},
                }
            ],
        },
        "placeholder rubric",
    )
    return build_prompt("{package}", rubric)


def _file_item(root: Path, rel: Path) -> dict[str, str]:
    path = root / rel
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ProtocolError(f"{path}: not found; restore it or remove the scenario from config.yaml") from None
    return {"path": rel.as_posix(), "sha256": sha256_bytes(data)}


def _value_item(value: Any) -> dict[str, Any]:
    return {"sha256": sha256_bytes(canonical(value).encode("utf-8")), "settings": value}


def current(root: str | Path, config: dict[str, Any], scenarios: list[str] | None = None) -> dict[str, Any]:
    """The protocol record of a checkout: one entry per item, each with its SHA-256."""
    root = Path(root)
    load_amendments(root / AMENDMENTS)
    load_analysis_plan(root / ANALYSIS_PLAN)
    tasks = sorted(scenarios if scenarios is not None else config["scenarios"])
    return {
        "amendments": _file_item(root, AMENDMENTS),
        "analysis_plan": _file_item(root, ANALYSIS_PLAN),
        "judge_panel": _value_item(judge_panel(config)),
        "judge_prompt": {"sha256": sha256_bytes(judge_prompt_template().encode("utf-8"))},
        "rubrics": {t: _file_item(root, rubric_path(t)) for t in tasks},
        "study_design": _value_item(study_design(config)),
    }


LABELS = {
    "amendments": "amendments file",
    "analysis_plan": "analysis plan",
    "judge_panel": "judge panel",
    "judge_prompt": "judge prompt template",
    "study_design": "study design",
}


def _setting_paths(a: Any, b: Any, prefix: str = "") -> list[str]:
    """Dotted paths of the settings where two values differ (for a readable message)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b), key=str):
            out += _setting_paths(a.get(k), b.get(k), f"{prefix}.{k}" if prefix else str(k))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            name = x.get("name") if isinstance(x, dict) and x.get("name") == (y or {}).get("name") else str(i)
            out += _setting_paths(x, y, f"{prefix}[{name}]")
        return out
    return [] if a == b else [prefix or "(value)"]


def differences(frozen: dict[str, Any] | None, now: dict[str, Any]) -> list[str]:
    """One line per item of `now` that differs from the frozen record (empty when they agree)."""
    if not frozen:
        return [
            "protocol: the manifest records no protocol (frozen before rubrics, judges, plan and design "
            "were part of the freeze); freeze again"
        ]
    out = []
    for key in ("study_design", "judge_panel", "judge_prompt", "analysis_plan", "amendments"):
        was, now_item = frozen.get(key) or {}, now[key]
        if was.get("sha256") == now_item["sha256"]:
            continue
        where = f" ({now_item['path']})" if "path" in now_item else ""
        detail = ""
        if "settings" in now_item and "settings" in was:
            paths = _setting_paths(was["settings"], now_item["settings"])
            detail = f": {', '.join(paths)} changed" if paths else ""
        out.append(f"protocol: {LABELS[key]}{where} differs from the freeze{detail}")
    frozen_rubrics, rubrics = frozen.get("rubrics") or {}, now["rubrics"]
    for task in sorted(set(frozen_rubrics) | set(rubrics)):
        if task not in rubrics:
            out.append(f"protocol: rubric of {task} is frozen but {task} is not in the study")
        elif task not in frozen_rubrics:
            out.append(f"protocol: rubric of {task} ({rubrics[task]['path']}) was not frozen")
        elif frozen_rubrics[task]["sha256"] != rubrics[task]["sha256"]:
            out.append(
                f"protocol: rubric of {task} ({rubrics[task]['path']}) differs from the freeze "
                f"(sha256 {rubrics[task]['sha256'][:12]} != {frozen_rubrics[task]['sha256'][:12]})"
            )
    return out


def evaluator_differences(manifest: dict[str, Any], versions: dict[str, str]) -> list[str]:
    """Scenarios whose evaluator version (scenario.yaml) is not the frozen one."""
    out = []
    for task, version in sorted(versions.items()):
        entry = manifest.get("scenarios", {}).get(task)
        if entry is not None and entry.get("evaluator_version") != version:
            out.append(f"{task}: evaluator version {version} differs from the frozen {entry.get('evaluator_version')}")
    return out
