"""The two jobs of the judging stage: a run rendered blind, and one judge's score for it.

`render_run` writes a run's blind package with the judge's prompt and the
rubric beside it; `score_package` asks one judge for its scores, reusing
an earlier judgement made from the same inputs, and asks nobody for a run
that was never launched. The `render` and `judge` verbs only parse
arguments and print what these return.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitecollar import atomic


class JudgingError(ValueError):
    """A judge job given inputs it cannot use; the message names the file and the fix."""


@dataclass(frozen=True)
class Scored:
    """A judge job's score record, how it was made ('not_launched', 'reused', 'judged') and, when
    reused, where the store keeps the judgement it came from."""

    record: dict[str, Any]
    how: str
    reused_from: str | None = None


def render_run(
    run_dir: Path,
    task_id: str,
    brief: Path,
    rubric_path: Path,
    out: Path,
    *,
    prompt: Path | None = None,
    rubric_json: Path | None = None,
    digest: Path | None = None,
) -> tuple[str, Path, Path]:
    """Write the blind package of one run (`out`), the prompt and the rubric as JSON; returns them.

    The package of a run the envelope never launched is a marker: the
    judge jobs see it and ask no judge. Raises `RubricError`, `RenderError`
    or `JudgingError` for inputs that cannot be used.
    """
    from whitecollar.freeze.prompt import build_prompt
    from whitecollar.freeze.rubric import load_rubric
    from whitecollar.judges.render import check_bundle, render_package
    from whitecollar.lab.session import NOT_LAUNCHED_PACKAGE
    from whitecollar.runs.layout import RunFolder
    from whitecollar.runs.record import not_launched_reason

    run_dir, out = Path(run_dir), Path(out)
    folder = RunFolder(run_dir)
    if not run_dir.is_dir():
        raise JudgingError(f"{run_dir}: not a run folder (expected the folder holding out/ and run.json)")
    rubric = load_rubric(rubric_path)
    if digest:
        check_bundle(folder.run_json, Path(digest), Path(brief))
    text = render_package(folder.out, Path(brief), rubric, task_id)
    not_launched = not_launched_reason(run_dir)
    if not_launched is not None:
        text = NOT_LAUNCHED_PACKAGE + not_launched + "\n"
    prompt = Path(prompt) if prompt else out.with_name("prompt.txt")
    rubric_json = Path(rubric_json) if rubric_json else out.with_name("rubric.json")
    atomic.write_text(rubric_json, rubric.to_json())
    atomic.write_text(prompt, build_prompt(text, rubric))
    atomic.write_text(out, text)
    return text, prompt, rubric_json


def score_package(
    settings: dict[str, Any],
    package: Path,
    *,
    prompt: Path | None = None,
    rubric_json: Path | None = None,
    run_key: str | None = None,
    store: Path | None = None,
    receipt: Path | None = None,
) -> Scored:
    """One judge's score record for one package, and how it was made.

    A record made from the same package, prompt, rubric, settings and run is
    taken from `store` and the judge is not asked; a new one is kept there.
    Only the simulated judge reads the run's receipt; real judges are blind.
    Raises `JudgingError`, `RubricError` or `JudgeLaunchError`.
    """
    from whitecollar.freeze.rubric import load_rubric
    from whitecollar.judges.backends import Request
    from whitecollar.judges.panel import FORMAT, judge_run
    from whitecollar.judges.reuse import JudgementStore, made_from
    from whitecollar.lab.session import NOT_LAUNCHED_PACKAGE

    package = Path(package)
    prompt = Path(prompt) if prompt else package.with_name("prompt.txt")
    rubric_json = Path(rubric_json) if rubric_json else package.with_name("rubric.json")
    for p in (package, prompt, rubric_json):
        if not p.is_file():
            raise JudgingError(f"{p}: not found; render the run first (`whitecollar render`)")
    head = package.read_text(encoding="utf-8")[: len(NOT_LAUNCHED_PACKAGE) + 2000]
    if head.startswith(NOT_LAUNCHED_PACKAGE):  # the run never ran: no judge is asked, nothing is spent
        return Scored(
            {
                "judge": settings["name"],
                "run_key": run_key or str(package.parent),
                "status": "not_launched",
                "detail": head[len(NOT_LAUNCHED_PACKAGE) :].strip(),
                "cost_usd": 0.0,
                "simulated": settings["backend"] == "simulated",
            },
            "not_launched",
        )
    request = Request(package, prompt, rubric_json, load_rubric(rubric_json))
    run_key = run_key or str(package.parent)
    kept = JudgementStore(store) if store else None
    basis = made_from(request, settings, run_key)
    record = kept.find(basis, FORMAT) if kept else None
    if record is not None:  # the same package, prompt, rubric and settings for this run: no judge is asked
        assert kept is not None  # a record comes from the store
        return Scored(record, "reused", str(kept.entry(basis)))
    scored = None
    if settings["backend"] == "simulated":  # only the simulated judge reads the receipt; real ones are blind
        if not receipt or not Path(receipt).is_file():
            raise JudgingError(
                f"judge {settings['name']} is simulated and derives its scores from the receipt; "
                f"give --receipt (not found: {receipt})"
            )
        scored = json.loads(Path(receipt).read_text(encoding="utf-8"))
    record = judge_run(settings, request, receipt=scored, run_key=run_key)
    if kept:
        kept.keep(record)
    return Scored(record, "judged")
