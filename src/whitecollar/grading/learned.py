"""Patterns a forked evaluation compiled, handed back to the grading server.

A bounded child forked by the grading server compiles the regular
expressions of its terms (`text.terms.term_pattern`) and choice spellings
(`decisions._alias_rx`) and exits with them. So it reports what it compiled,
by text, and the server compiles the same for later forks: each kind of
pattern once per server instead of once per job. Every kind is listed in
KINDS, read the same way on both sides; what a report holds is untrusted
text, capped and checked before the server compiles it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitecollar.grading import decisions
from whitecollar.grading.text import terms

MAX_ITEMS = 8192  # the size of each compiled-pattern cache
MAX_CHARS = 400


def _term(item: Any) -> None:
    if (
        isinstance(item, list)
        and len(item) == 2
        and isinstance(item[0], str)
        and isinstance(item[1], bool)
        and len(item[0]) <= MAX_CHARS
    ):
        terms.term_pattern(item[0], whole_word=item[1])


def _alias(item: Any) -> None:
    if isinstance(item, str) and len(item) <= MAX_CHARS:
        decisions._alias_rx(item)


#: kind -> (the process's list of what it compiled, in order; how the server compiles one item)
KINDS: dict[str, tuple[list, Callable[[Any], None]]] = {
    "terms": (terms.COMPILED_TERMS, _term),
    "aliases": (decisions.COMPILED_ALIASES, _alias),
}


def mark() -> dict[str, int]:
    """How much of each kind this process has compiled so far."""
    return {kind: len(done) for kind, (done, _) in KINDS.items()}


def since(start: dict[str, int]) -> dict[str, list]:
    """What this process compiled after `mark()` gave `start`, as JSON-ready lists."""
    return {
        kind: [list(i) if isinstance(i, tuple) else i for i in done[start.get(kind, 0) :]]
        for kind, (done, _) in KINDS.items()
    }


def extend(into: dict[str, list], report: Any) -> None:
    """Add a child's report to `into` (a malformed one adds nothing)."""
    if isinstance(report, dict):
        for kind in KINDS:
            if isinstance(report.get(kind), list):
                into.setdefault(kind, []).extend(report[kind])


def compile_all(report: Any) -> None:
    """Compile what a report names, within the caps; an item that fails is left to the next fork."""
    if not isinstance(report, dict):
        return
    for kind, (done, compile_one) in KINDS.items():
        items = report.get(kind)
        for item in items[:MAX_ITEMS] if isinstance(items, list) else []:
            if len(done) >= MAX_ITEMS:
                break
            try:
                compile_one(item)
            except Exception:  # noqa: BLE001 - a worker compiles it again and reports
                continue
