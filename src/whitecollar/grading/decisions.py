"""Decisions read from a short controlled list, the way a reviewer reads a form.

A brief that wants a decision graded asks for it as one value from a list
it prints (Decision: Award / Reject; Classification: Settled / Duplicate /
Timing difference; Action: Reply / File / Forward / Hold). Workers write
those values with their own capitalisation, hyphenation, accents and
qualifiers ("Compliant - no exceptions", "NON-COMPLIANT (M1)", "Yes, with
conditions"). `read_choice` maps such a cell to the list's canonical key,
or to None when the cell names no choice or names two at the same place.
Nothing here searches free prose for a decision.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from whitecollar.grading.text import normalise

Choices = Mapping[str, Sequence[str]]
"""Canonical key -> the spellings a worker may use for it (the key itself need not be listed)."""

_LEAD = re.compile(r"^[\s\-\*\u2022\u2013\u2014:;.,#>\[\(\"']*")


def _norm(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None or isinstance(value, (_dt.date, _dt.datetime)):
        return ""
    t = normalise(value)
    t = _JOINERS.sub(" ", t)
    return _SPACES.sub(" ", t).strip()


_JOINERS = re.compile(r"[_\-/]+")
_SPACES = re.compile(r"\s+")
#: every spelling compiled by this process, in order: a forked evaluation reports its new ones to the
#: grading server, which compiles them for later forks (grading_server.py), as for text.terms.COMPILED_TERMS
COMPILED_ALIASES: list[str] = []


@lru_cache(maxsize=8192)
def _alias_rx(alias: str) -> re.Pattern[str]:
    """A spelling as whole words; a last word of three letters or more also in its plain inflections (awarded, retains)."""
    COMPILED_ALIASES.append(alias)
    words = _norm(alias).split()
    tail = r"(?:s|es|d|ed|ing)?" if words and len(words[-1]) >= 3 and words[-1].isalpha() else ""
    return re.compile(r"(?<![a-z0-9])" + r"\s*".join(re.escape(w) for w in words) + tail + r"(?![a-z0-9])")


_NEGATION = re.compile(
    r"(?<![a-z0-9])(?:not|no|never|cannot|(?:can|don|doesn|won|isn|shouldn|mustn)'?\s?t|without)"
    r"(?:\s+[a-z]+){0,2}\s*$"
)


@dataclass(frozen=True)
class ChoiceHit:
    key: str
    alias: str
    start: int


def choice_hits(value: Any, choices: Choices) -> list[ChoiceHit]:
    """Every choice named in a short value, earliest first; a longer spelling wins where two overlap."""
    text = _LEAD.sub("", _norm(value))
    if not text:
        return []
    found: list[tuple[int, int, str, str]] = []
    for key, aliases in choices.items():
        for alias in {key, *aliases}:
            if not _norm(alias):
                continue
            for m in _alias_rx(alias).finditer(text):
                found.append((m.start(), m.end(), key, alias))
    found.sort(key=lambda t: (t[0], -(t[1] - t[0])))
    hits: list[ChoiceHit] = []
    covered_to = -1
    for start, end, key, alias in found:
        if start < covered_to:
            continue  # inside a longer spelling ("compliant" in "non compliant")
        hits.append(ChoiceHit(key, alias, start))
        covered_to = end
    return hits


def read_choice(value: Any, choices: Choices) -> str | None:
    """The choice a cell states: the first one named, read as a whole label.

    "Non-compliant - fails M1" is non-compliant (the longer spelling covers
    "compliant"); "Compliant, no exceptions" is compliant; a cell naming two
    choices reads as the first ("Reject (not Award)"), as a reviewer would.
    A choice the cell negates ("Do not award", "Not to be awarded") is not
    stated: the cell reads as None unless a list spells the negated form
    itself ("Not retained"), which then wins as the longer spelling.
    """
    hits = choice_hits(value, choices)
    if not hits:
        return None
    text = _LEAD.sub("", _norm(value))
    if _NEGATION.search(text[: hits[0].start]):
        return None
    return hits[0].key
