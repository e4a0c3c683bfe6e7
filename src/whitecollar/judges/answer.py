"""Reading and checking a judge's answer.

A judge is any program that prints JSON, and LLMs get the format wrong in
ordinary ways: prose around the object, a fenced code block, a missing or
extra criterion, a score of 5 or "3". An answer is accepted only if it
scores every rubric criterion, and nothing else, with an integer 0..4 and
a reason; anything else is a failed attempt whose reason is recorded, and
the panel asks again. The cost is read even from a rejected answer,
because a rejected answer was still paid for.

Two shapes are understood: the panel's own
`{"scores": {...}, "cost_usd": 0.01}`, and the result envelope that LLM
command lines print in JSON mode (`{"type": "result", "result": "<the
model's text>", "total_cost_usd": ...}`, as Claude Code's print mode
does), whose `result` text must then hold the panel's object.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from whitecollar.freeze.rubric import SCALE, Rubric

MAX_REASON_CHARS = 1000
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


class AnswerError(ValueError):
    """Why an answer was rejected; recorded with the attempt."""


@dataclass(frozen=True)
class Answer:
    scores: dict[str, dict[str, Any]]  # criterion id -> {"score": int, "reason": str}
    cost_usd: float | None


def _json_object(text: str) -> dict[str, Any]:
    """The JSON object in a text: the whole text, a fenced block, or the outermost braces."""
    text = text.strip()
    if not text:
        raise AnswerError("empty answer")
    candidates = [text, *(m.group(1) for m in _FENCE.finditer(text))]
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    for candidate in candidates:
        try:
            value = json.loads(candidate)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict):
            return value
    raise AnswerError("the answer holds no JSON object")


def _cost(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) and value >= 0 else None


def _reported_cost(obj: dict[str, Any]) -> float | None:
    for key in ("total_cost_usd", "cost_usd"):
        if (cost := _cost(obj.get(key))) is not None:
            return cost
    return None


def read_cost(stdout: str) -> float | None:
    """The cost an answer reports, if any, even when the rest of it is unusable."""
    try:
        return _reported_cost(_json_object(stdout))
    except AnswerError:
        return None


def _entry_problems(cid: str, entry: Any) -> list[str]:
    """What is wrong with one criterion's entry (its shape, score and reason), so validate_scores can name every problem."""
    if not isinstance(entry, dict):
        return [f'{cid}: expected {{"score": 0..4, "reason": "..."}}']
    problems = []
    score, reason = entry.get("score"), entry.get("reason")
    if isinstance(score, bool) or not isinstance(score, int):
        problems.append(f"{cid}: score {score!r} is not an integer")
    elif score not in SCALE:
        problems.append(f"{cid}: score {score} is outside 0..4")
    if not isinstance(reason, str) or not reason.strip():
        problems.append(f"{cid}: no reason given")
    return problems


def validate_scores(scores: Any, rubric: Rubric) -> dict[str, dict[str, Any]]:
    """Every criterion once, integer 0..4, a reason; else AnswerError naming every problem."""
    if not isinstance(scores, dict):
        raise AnswerError("'scores' is not an object of criteria")
    problems = []
    missing = [c for c in rubric.ids if c not in scores]
    extra = sorted(str(k) for k in scores if k not in rubric.ids)
    if missing:
        problems.append(f"missing criteria: {', '.join(missing)}")
    if extra:
        problems.append(f"criteria not in the rubric: {', '.join(extra)}")
    clean: dict[str, dict[str, Any]] = {}
    for cid in rubric.ids:
        entry = scores.get(cid)
        if entry is None:
            continue
        problems += _entry_problems(cid, entry)
        if not problems:
            score, reason = entry.get("score"), entry.get("reason")
            assert isinstance(reason, str)  # else a problem was noted above
            clean[cid] = {"score": score, "reason": reason.strip()[:MAX_REASON_CHARS]}
    if problems:
        raise AnswerError("; ".join(problems))
    return clean


def parse_answer(stdout: str, rubric: Rubric) -> Answer:
    """The validated scores and cost of one answer, or AnswerError."""
    obj = _json_object(stdout)
    cost = _reported_cost(obj)
    if "scores" not in obj and isinstance(obj.get("result"), str):
        if obj.get("is_error"):
            raise AnswerError(f"the judge's command reported an error: {obj['result'][:300]}")
        inner = _json_object(obj["result"])
        if cost is None:
            cost = _cost(inner.get("cost_usd"))
        obj = inner
    if "scores" not in obj:
        raise AnswerError("no 'scores' object in the answer")
    return Answer(validate_scores(obj["scores"], rubric), cost)
