"""Sections: a document's headings and the bodies under them, however they are numbered or marked up.

Agents number and word headings freely ("3. Recommendation", "III —
Recommendations", "**Recommendation**", a Word heading style or none); a
section check compares headings by their words alone and reads a section's
body with its subsections.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from whitecollar.grading.text.sentences import _BOLD_LINE, _line_kind
from whitecollar.grading.text.terms import contains_term, normalise

_ROMAN = r"(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})"  # i..xxxix: "Mix" or "Did" are words, not numbers
_NUMBERING = re.compile(
    r"^\s*(?:(?:section|part|chapter|article|appendix|annex|schedule)\s+)?"
    rf"(?:(?:\d+(?:\.\d+)*|{_ROMAN}|[a-z])(?:[.):](?!\d)|\s+[-\u2013\u2014:])|(?:\d+(?:\.\d+)*|{_ROMAN})(?=\s))\s*",
    re.IGNORECASE,
)
_SETEXT = re.compile(r"^\s*(={3,}|-{3,})\s*$")


@dataclass
class _Section:
    title: str
    level: int
    body_lines: list[str]


def heading_key(title: str) -> str:
    """A heading reduced to its words: numbering, markup and trailing colons removed."""
    t = re.sub(r"[*_#`]+", " ", title or "")
    t = _NUMBERING.sub("", t, count=1)
    return normalise(t).rstrip(":.- ").strip()


def _nest(flat: list[tuple[str, int | None, str]]) -> list[_Section]:
    """Turn (text, heading_level|None, raw) items into sections whose bodies include subsections."""
    sections: list[_Section] = []
    open_: list[_Section] = []
    for text, level, raw in flat:
        if level is not None:
            while open_ and open_[-1].level >= level:
                open_.pop()
            for s in open_:
                s.body_lines.append(raw)
            sec = _Section(text, level, [])
            sections.append(sec)
            open_.append(sec)
        else:
            for s in open_:
                s.body_lines.append(raw)
    return sections


def _markdown_items(text: str) -> list[tuple[str, int | None, str]]:
    lines = text.split("\n")
    items: list[tuple[str, int | None, str]] = []
    skip: set[int] = set()
    for i, line in enumerate(lines):
        if i in skip:
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        m = re.match(r"\s*(#{1,6})\s+(.*?)\s*#*\s*$", line)
        b = _BOLD_LINE.match(line)
        if m:
            items.append((m.group(2), len(m.group(1)), line))
        elif b:
            items.append((b.group("t"), 9, line))
        elif line.strip() and _line_kind(line) == "prose" and _SETEXT.match(nxt) and not _SETEXT.match(line):
            items.append((line.strip(), 1 if nxt.strip().startswith("=") else 2, line))
            skip.add(i + 1)
        else:
            items.append((line, None, line))
    return items


_PSEUDO_NUMBERED = re.compile(
    rf"^\s*(?:(?:section|part|chapter)\s+\w+|\d+(?:\.\d+)*[.)]?|{_ROMAN}[.)])\s+\S", re.IGNORECASE
)


def _pseudo_heading(line: str) -> bool:
    s = line.strip()
    if not s or len(s.split()) > 10 or s[-1] in ".;,!?" or "\t" in s:
        return False
    if s.endswith(":"):
        return True
    return bool(_PSEUDO_NUMBERED.match(s))


def _sections_of(doc: Any) -> list[_Section]:
    if doc is None:
        return []
    if isinstance(doc, str):
        items = _markdown_items(doc)
    elif hasattr(doc, "paragraphs"):
        items = [(p.text, p.heading_level, p.text) for p in doc.paragraphs]
    else:
        return []
    if not any(level is not None for _, level, _ in items):
        items = [(t, 5 if _pseudo_heading(t) else None, raw) for t, _, raw in items]
    return _nest(items)


def _singular(key: str) -> str:
    return re.sub(r"(?<=[a-z]{3})(?<!s)s\b", "", key)


def _heading_quality(title: str, name: str) -> int:
    """2 when the heading is the name (numbering, plural, hyphens aside), 1 when it contains it."""
    key, want = _singular(heading_key(title)), _singular(heading_key(name))
    if not key or not want:
        return 0
    if key == want or re.sub(r"[\s-]", "", key) == re.sub(r"[\s-]", "", want):
        return 2
    return 1 if contains_term(key, want) else 0


def _best_section(sections: list[_Section], names: Sequence[str], fuzzy: bool) -> _Section | None:
    for name in names:
        scored = [(_heading_quality(s.title, name), i) for i, s in enumerate(sections)]
        best = max(scored, key=lambda x: (x[0], -x[1]), default=(0, -1))
        if best[0] == 2 or (fuzzy and best[0] == 1):
            return sections[best[1]]
    return None


def find_section(doc: Any, *names: str, fuzzy: bool = True) -> str | None:
    """Body text of the first section whose heading matches one of the names.

    Agents number and word headings freely ("3. Recommendation",
    "III — Recommendations", "**Recommendation**"); a section check must not
    depend on that. Bodies include subsections. Returns "" for a heading
    with an empty body and None when no heading matches. When a document has
    no styled headings at all, short numbered or colon-terminated lines stand
    in for headings. Document tables are not placed in sections (the model
    does not record where they sit).
    """
    sec = _best_section(_sections_of(doc), [n for n in names if n], fuzzy)
    if sec is None:
        return None
    return "\n".join(sec.body_lines).strip()


def section_titles_present(doc: Any, required: Sequence[Sequence[str]]) -> tuple[list[str], list[str]]:
    """(found, missing) required sections, each named by its first synonym.

    Each required section is a list of acceptable headings, so that
    "Risks" and "Risk assessment" both satisfy a "risks" requirement.
    """
    sections = _sections_of(doc)
    found: list[str] = []
    missing: list[str] = []
    for synonyms in required:
        names = [s for s in synonyms if s]
        if not names:
            continue
        (found if _best_section(sections, names, True) else missing).append(names[0])
    return found, missing


def sections_in_order(doc: Any, sections: Sequence[Sequence[str]]) -> bool:
    """Whether the prescribed sections appear in order among a document's headings.

    Each section is a list of acceptable titles. An exact heading wins over a
    heading that merely contains the title, so a document title such as
    "Award recommendation" is not taken for the "Recommendation" section.
    """
    keys = [heading_key(p.text) for p in getattr(doc, "headings", [])]
    positions = []
    for syns in sections:
        want = [heading_key(s) for s in syns]
        pos = next((i for i, k in enumerate(keys) if k in want), None)
        if pos is None:
            pos = next((i for i, k in enumerate(keys) if any(w in k for w in want)), None)
        if pos is None:
            return False
        positions.append(pos)
    return positions == sorted(positions)
