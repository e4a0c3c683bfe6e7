"""One judge's judgement of one run: ask, validate, retry, record.

A judgement is a file per run and judge. It records every attempt (what
went wrong, what it cost), so a judge that needed three tries, or never
produced a usable answer, is visible in the record rather than silently
retried or dropped. A judge that keeps answering garbage ends as a
`failed` judgement after `max_attempts`: a finding about the judge, kept
in the denominators, never a crash of the workflow. A command that cannot
be started at all is a set-up problem and is raised instead
(`JudgeLaunchError`), so no score file is written and the job can be
rerun once the config is fixed.

Each record names what it was made from (`reuse.made_from`: the hashes of
the package, prompt, rubric and settings, and the run key), so the judge
command can hand back an earlier judgement instead of asking again.
"""

from __future__ import annotations

from typing import Any

from whitecollar.judges.answer import AnswerError, parse_answer, read_cost
from whitecollar.judges.backends import CommandJudge, Reply, Request, SimulatedJudge
from whitecollar.judges.reuse import made_from

FORMAT = 2  # 2: records what it was made from (rubric, settings, run key besides package and prompt)
EXCERPT_CHARS = 2000


def _attempt_record(
    number: int, reply: Reply, error: str | None, cost: float | None, simulated: bool
) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "attempt": number,
        "ok": error is None,
        "error": error,
        "cost_usd": cost,
        "exit_code": reply.exit_code,
    }
    if not simulated:
        rec["wall_s"] = reply.wall_s
    if error is not None:
        rec["stdout_excerpt"] = reply.stdout[:EXCERPT_CHARS]
        rec["stderr_excerpt"] = reply.stderr[-EXCERPT_CHARS:]
    return rec


def judge_run(
    settings: dict[str, Any], request: Request, *, receipt: dict[str, Any] | None = None, run_key: str = ""
) -> dict[str, Any]:
    """The judgement record of one judge on one package (see module docstring)."""
    simulated = settings["backend"] == "simulated"
    if simulated:
        if receipt is None:
            raise ValueError(f"judge {settings['name']}: the simulated judge needs the run's receipt")
        backend: SimulatedJudge | CommandJudge = SimulatedJudge(settings, receipt, run_key)
        max_attempts = 1
    else:
        backend = CommandJudge(settings)
        max_attempts = int(settings.get("max_attempts", 3))
    rubric = request.rubric
    attempts: list[dict[str, Any]] = []
    scores = None
    for number in range(1, max_attempts + 1):
        reply = backend.ask(request)
        cost = read_cost(reply.stdout)
        error = None
        if reply.timed_out:
            error = f"no answer within {getattr(backend, 'timeout_s', 0):g} s; the command was killed"
        elif reply.exit_code != 0:
            tail = reply.stderr.strip().splitlines()[-1:] or [""]
            error = f"the command exited with status {reply.exit_code} {tail[0][:300]}".strip()
        else:
            try:
                answer = parse_answer(reply.stdout, rubric)
                scores, cost = answer.scores, answer.cost_usd
            except AnswerError as exc:
                error = str(exc)
        attempts.append(_attempt_record(number, reply, error, cost, simulated))
        if scores is not None:
            break
    costs = [a["cost_usd"] for a in attempts]
    known = all(c is not None for c in costs)
    criteria = (
        None
        if scores is None
        else {
            c.id: {"weight": c.weight, "score": scores[c.id]["score"], "reason": scores[c.id]["reason"]}
            for c in rubric.criteria
        }
    )
    return {
        "format": FORMAT,
        "label": "SIMULATED" if simulated else "measured",
        "simulated": simulated,
        "judge": settings["name"],
        "backend": settings["backend"],
        "model": settings.get("model") or None,
        "status": "scored" if scores is not None else "failed",
        "criteria": criteria,
        "weighted_score": None
        if scores is None
        else rubric.weighted_score({cid: v["score"] for cid, v in scores.items()}),
        "weights": rubric.weights,
        "max_attempts": max_attempts,
        "attempts": attempts,
        "cost_usd": round(sum(c for c in costs if c is not None), 6),
        "cost_known": known,
        **made_from(request, settings, run_key),
    }
