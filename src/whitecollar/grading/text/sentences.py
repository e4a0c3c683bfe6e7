"""Sentences and clauses: the units a claim is made in, with offsets into the source.

A claim is judged where it is made: one sentence, bullet item, heading or
table row, and inside it the clause that carries it (a "not" in a
neighbouring clause is about something else). Offsets let a receipt quote
the exact evidence; the split is cached because every criterion of an
evaluator re-reads the same deliverable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from whitecollar.grading.text.terms import as_text


@dataclass(frozen=True)
class Sentence:
    """A unit of claim: one sentence, bullet item, heading or table row.

    `text == source[start:end]`; `paragraph` lets a check look at the
    neighbouring sentence of the same paragraph and no further.
    """

    text: str
    start: int
    end: int
    paragraph: int = 0

    def __str__(self) -> str:
        return self.text


_BULLET = re.compile(
    r"[ \t]*(?:[-*\u2022\u00b7\u2023\u25aa\u25e6\u25cf\u25a0\u2013\u2014+]"
    r"|\(?\d{1,3}[.)]|\(?[a-z][.)]"
    r"|\(?(?:i{1,3}|iv|vi{0,3}|ix|xi{0,3}|xiv|xv|xx)[.)]|\([A-Za-z0-9]{1,3}\))[ \t]+"
)
_HEADING_LINE = re.compile(r"[ \t]*#{1,6}[ \t]+")
_BOLD_LINE = re.compile(r"\s*(\*\*|__)(?P<t>.+?)\1\s*:?\s*$")
_SENT_END = re.compile(r"(?<![.!?\u2026])[.!?\u2026]++[\"'\u201d\u2019)\]]*+(?=\s)")
_NEVER_SPLIT = {
    "mr",
    "mrs",
    "ms",
    "dr",
    "st",
    "prof",
    "jr",
    "sr",
    "mt",
    "messrs",
    "e.g",
    "i.e",
    "eg",
    "ie",
    "vs",
    "cf",
    "viz",
    "al",
    "approx",
    "ca",
    "resp",
}
_NO_SPLIT_BEFORE_DIGIT = {"no", "nos", "p", "pp", "fig", "sec", "art", "vol", "ch", "para", "ref", "tel", "ext"}
_CORPORATE = {
    "inc",
    "ltd",
    "corp",
    "co",
    "llc",
    "plc",
    "ltee",
    "ltée",
    "lp",
    "llp",
    "sa",
    "gmbh",
    "ag",
    "bv",
    "nv",
    "pty",
    "cie",
    "etc",
    "bros",
    "assn",
    "intl",
}


def _line_kind(line: str) -> str:
    if "\t" in line or line.lstrip().startswith("|"):
        return "table"
    if _HEADING_LINE.match(line) or _BOLD_LINE.match(line):
        return "heading"
    if _BULLET.match(line):
        return "bullet"
    return "prose"


def _starts_lowercase(line: str) -> bool:
    s = line.lstrip()
    return bool(s) and s[0].islower()


def _blocks(text: str) -> list[tuple[int, int, int, bool]]:
    """(start, end, paragraph, standalone) units before sentence splitting."""
    out: list[tuple[int, int, int, bool]] = []
    para, prev = 0, "blank"
    cur: list[int] | None = None  # [start, end, para]
    pos = 0
    for line in text.split("\n"):
        lstart, lend = pos, pos + len(line)
        pos = lend + 1
        if not line.strip():
            if cur:
                out.append((cur[0], cur[1], cur[2], False))
                cur = None
            prev = "blank"
            continue
        kind = _line_kind(line)
        if kind == "prose" and cur and prev in ("prose", "bullet") and _starts_lowercase(line):
            cur[1] = lend  # a hard-wrapped line continues the sentence
            continue
        if cur:
            out.append((cur[0], cur[1], cur[2], False))
            cur = None
        if kind in ("table", "heading"):
            para += 1
            out.append((lstart, lend, para, True))
        elif kind == "bullet":
            para += 1
            m = _BULLET.match(line)
            cur = [lstart + (m.end() if m else 0), lend, para]
        else:
            if prev != "prose":
                para += 1
            cur = [lstart, lend, para]
        prev = kind
    if cur:
        out.append((cur[0], cur[1], cur[2], False))
    return out


def _token_before(text: str, lo: int, pos: int) -> str:
    k = pos
    while k > lo and (text[k - 1].isalnum() or text[k - 1] == "."):
        k -= 1
    return text[k:pos].lower().strip(".")


def _should_split(text: str, lo: int, m: re.Match[str], nxt: str) -> bool:
    if nxt.islower():
        return False
    if not m.group().startswith("."):
        return True
    tok = _token_before(text, lo, m.start())
    if tok in _NEVER_SPLIT:
        return False
    if tok in _NO_SPLIT_BEFORE_DIGIT and nxt.isdigit():
        return False
    if tok in _CORPORATE:
        return nxt.isupper()
    return True


def _emit(text: str, s: int, e: int, para: int, out: list[Sentence]) -> None:
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    if s < e:
        out.append(Sentence(text[s:e], s, e, para))


def _split_block(text: str, start: int, end: int, para: int, out: list[Sentence]) -> None:
    seg = start
    for m in _SENT_END.finditer(text, start, end):
        j = m.end()
        while j < end and text[j].isspace():
            j += 1
        if j >= end:
            break
        if _should_split(text, seg, m, text[j]):
            _emit(text, seg, m.end(), para, out)
            seg = j
    _emit(text, seg, end, para, out)


def _heading_span(text: str, s: int, e: int) -> tuple[int, int]:
    line = text[s:e]
    m = _HEADING_LINE.match(line)
    if m:
        return s + m.end(), e
    m = _BOLD_LINE.match(line)
    if m:
        return s + m.start("t"), s + m.end("t")
    return s, e


def split_sentences(text: Any) -> list[Sentence]:
    """Cut text into the units a claim lives in, with offsets.

    A claim must be judged where it is made: one sentence, one bullet, one
    table row. Abbreviations (Inc., e.g., No. 5) and decimals do not cut; a
    newline followed by a capitalised line or a bullet does, because Word
    paragraphs and list items carry no final punctuation.
    """
    t = as_text(text)
    return list(_split_cached(t)) if t else []


@lru_cache(maxsize=64)
def _split_cached(t: str) -> tuple[Sentence, ...]:
    """Cached because every criterion of an evaluator re-reads the same deliverable."""
    out: list[Sentence] = []
    for start, end, para, standalone in _blocks(t):
        if standalone:
            s, e = _heading_span(t, start, end)
            _emit(t, s, e, para, out)
        else:
            _split_block(t, start, end, para, out)
    return tuple(out)


_CLAUSE_BOUNDARY = re.compile(
    r";|:(?!\d)|(?<!\d):|,(?!\d)|(?<!\d),|[()\[\]]|\s[\u2014\u2013-]\s|\u2014"
    r"|(?<!\w)(?=(?:but|however|whereas|although|though|while)(?!\w))",
    re.IGNORECASE,
)


def _clause_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _CLAUSE_BOUNDARY.finditer(text):
        if m.start() > pos or not spans:
            spans.append((pos, m.start()))
        pos = m.end()
    spans.append((pos, len(text)))
    return [(s, e) for s, e in spans if s <= e]


def clauses(sentence: Sentence | str) -> list[str]:
    """Split a sentence where its claims change (; : , but/however/whereas/...).

    Negation and disregard cues only count inside the clause that carries the
    claim; a "not" in a neighbouring clause is about something else.
    """
    t = as_text(sentence)
    return [t[s:e].strip() for s, e in _clause_spans(t) if t[s:e].strip()]


def _clause_of(spans: list[tuple[int, int]], pos: int) -> tuple[int, int]:
    for s, e in spans:
        if s <= pos < e or (s == e == pos):
            return s, e
    return spans[-1] if spans else (0, pos)
