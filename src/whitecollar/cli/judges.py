"""The `whitecollar` verbs of stage 4: a run rendered blind for the judges, and one judge's scores.

Each verb parses its arguments, calls the library and prints one line; the work
is done in the library, where tests reach it without argv.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from whitecollar import atomic
from whitecollar.cli.common import UsageError, load_config


def cmd_render(a: argparse.Namespace) -> int:
    """The blind package of one run (package.txt), the judge's prompt and the rubric as JSON beside it."""
    from whitecollar.freeze.rubric import RubricError
    from whitecollar.judges.jobs import JudgingError, render_run
    from whitecollar.judges.render import RenderError

    try:
        text, prompt, rubric_json = render_run(
            Path(a.run_dir),
            a.task_id,
            Path(a.brief),
            Path(a.rubric),
            Path(a.out),
            prompt=a.prompt,
            rubric_json=a.rubric_json,
            digest=a.digest,
        )
    except (JudgingError, RubricError, RenderError) as exc:
        raise UsageError(str(exc)) from None
    print(f"{a.task_id}: blind package of {len(text):,} characters -> {a.out}; prompt {prompt}; rubric {rubric_json}")
    return 0


def cmd_judge(a: argparse.Namespace) -> int:
    """One judge's score file for one package; an earlier judgement made from the same inputs is reused."""
    from whitecollar.freeze.judge_settings import judge_slice
    from whitecollar.freeze.rubric import RubricError
    from whitecollar.judges.backends import JudgeLaunchError
    from whitecollar.judges.jobs import JudgingError, score_package

    if a.judge_json:
        settings = json.loads(a.judge_json)
    elif a.judge:
        settings = judge_slice(load_config(a.config), a.judge)
    else:
        raise UsageError("name the judge (--judge NAME, from config.yaml) or give its settings (--judge-json)")
    try:
        scored = score_package(
            settings,
            Path(a.package),
            prompt=a.prompt,
            rubric_json=a.rubric_json,
            run_key=a.run_key,
            store=a.store,
            receipt=a.receipt,
        )
    except (JudgingError, RubricError, JudgeLaunchError) as exc:
        raise UsageError(str(exc)) from None
    record = scored.record
    atomic.write_json(a.out, record)
    if scored.how == "not_launched":
        print(f"judge {settings['name']}: run not launched, not judged -> {a.out}")
    elif scored.how == "reused":
        print(
            f"judge {record['judge']}: reused the judgement made from the same package, prompt, rubric and "
            f"settings ({scored.reused_from}); the judge was not asked -> {a.out}"
        )
    else:
        label = "SIMULATED " if record["simulated"] else ""
        score = "-" if record["weighted_score"] is None else f"{record['weighted_score']:.3f}"
        print(
            f"{label}judge {record['judge']}: {record['status'].upper()}, weighted score {score}, "
            f"{len(record['attempts'])} attempt(s), cost {record['cost_usd']:.4f} USD"
            f"{'' if record['cost_known'] else ' (incomplete: an attempt reported no cost)'} -> {a.out}"
        )
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("render", help="render a run's deliverables as a blind text package for the judges")
    s.add_argument("run_dir", help="the run folder (holding out/)")
    s.add_argument("--task", dest="task_id", required=True)
    s.add_argument("--brief", required=True, help="the bundle's BRIEF.md")
    s.add_argument("--rubric", required=True, help="the scenario's rubric.yaml")
    s.add_argument("--out", required=True, help="the package file to write")
    s.add_argument("--prompt", help="where to write the judge's prompt (default: prompt.txt beside the package)")
    s.add_argument("--rubric-json", help="where to write the rubric as JSON (default: rubric.json beside it)")
    s.add_argument("--digest", help="results/digests/<ID>.json: refuse a brief of another bundle than the run's")
    s.set_defaults(fn=cmd_render)
    s = sub.add_parser("judge", help="one judge's scores for one rendered package")
    s.add_argument("package", help="package.txt (prompt.txt and rubric.json are read beside it)")
    s.add_argument("--judge", help="judge name in config.yaml")
    s.add_argument("--judge-json", help="the judge's settings as JSON (what the workflow passes)")
    s.add_argument("--config", default="config.yaml")
    s.add_argument("--prompt")
    s.add_argument("--rubric-json")
    s.add_argument("--receipt", help="the run's receipt: read by the simulated judge only")
    s.add_argument("--run-key", help="task/bundle/arm/rN: seeds the simulated judge's noise")
    s.add_argument(
        "--store",
        help="folder of earlier judgements (results/judging/store): one made from the same "
        "package, prompt, rubric, settings and run is reused, and new ones are kept there",
    )
    s.add_argument("--out", required=True)
    s.set_defaults(fn=cmd_judge)
