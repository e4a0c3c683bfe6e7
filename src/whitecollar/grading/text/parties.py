"""The recommended party: which candidate a text actually recommends.

A recommendation line often names a fallback, an alternative or a rejected
bidder beside the chosen one; reading "any candidate in a recommendation
sentence" picks the wrong one or none. This reads the candidate that the
recommendation verb governs, clause by clause.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from whitecollar.grading.text.assertions import _negated_at
from whitecollar.grading.text.sentences import _clause_of, _clause_spans, split_sentences
from whitecollar.grading.text.terms import _as_terms, term_pattern

_LEGAL_SUFFIX = re.compile(
    r"[\s,]+(?:inc|ltd|ltée|ltee|corp|co|llc|plc|lp|llp|gmbh|sa|ag|limited|incorporated|corporation|company)\.?$",
    re.IGNORECASE,
)
_FALLBACK_CUE = re.compile(
    r"(?<!\w)(?:fall[\s-]*back|back[\s-]*up|alternat(?:e|ive|ively)|second(?:ary)?|runner[\s-]*up"
    r"|contingency|otherwise|failing\s+(?:that|which|this)|in\s+case|in\s+the\s+event|reserve|plan\s+b"
    r"|unless|instead\s+of|rather\s+than|next[\s-]+best)(?!\w)",
    re.IGNORECASE,
)
_CONDITIONAL_NEG = re.compile(
    r"(?<!\w)(?:if|should|in\s+case|in\s+the\s+event|where)(?!\w).{0,80}?(?<!\w)"
    r"(?:not|no\s+longer|unable|fails?|failed|declines?|declined|cannot|can't|refuses?|refused"
    r"|withdraws?|lapses?|unavailable|decline)(?!\w)",
    re.IGNORECASE,
)
_AGAINST = re.compile(
    r"(?<!\w)(?:against|over|versus|vs\.?|excluding|except|rather\s+than|instead\s+of)\s+(?:\S+\s+){0,2}$",
    re.IGNORECASE,
)
_DISOWNED = re.compile(
    r"(?<!\w)(?:disregard\w*|ignor\w*|not\s+followed|injection|embedded\s+instruction|unsolicited|suspicious)(?!\w)",
    re.IGNORECASE,
)
_ATTRIBUTED = re.compile(
    r"(?<!\w)(?:note|footer|footnote|instruction|comment|annotation|memo|e-?mail|message|letter"
    r"|request|header|sender|supplier|vendor)s?(?!\w)",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"(?<!\w)(?:we|i|our|my|us)(?!\w)", re.IGNORECASE)


def _candidate_patterns(candidates: Sequence[str] | Mapping[str, Sequence[str]]) -> list[tuple[str, re.Pattern[str]]]:
    if isinstance(candidates, Mapping):
        items = [(str(k), [str(k), *[str(a) for a in _as_terms(v)]]) for k, v in candidates.items()]
    else:
        items = [(str(c), [str(c)]) for c in candidates]
    out = []
    for canonical, aliases in items:
        for alias in aliases:
            for form in {alias.strip(), _LEGAL_SUFFIX.sub("", alias.strip())}:
                if form:
                    out.append((canonical, term_pattern(form)))
    return out


_COORDINATION = re.compile(r"(?<!\w)(?:and|or|then)(?!\w)", re.IGNORECASE)


def _segment(text: str, cs: int, ce: int, pos: int) -> tuple[int, int]:
    """The part of a clause around pos between coordinations ("keep X in reserve | and award Y")."""
    lo, hi = cs, ce
    for m in _COORDINATION.finditer(text, cs, ce):
        if m.end() <= pos:
            lo = m.start()
        elif m.start() > pos:
            hi = m.start()
            break
    return lo, hi


def _mention_excluded(text: str, spans: list[tuple[int, int]], verb_clause: int, m: tuple[int, int]) -> bool:
    idx = next((i for i, (s, e) in enumerate(spans) if s <= m[0] < e), len(spans) - 1)
    cs, ce = spans[idx]
    ss, se = _segment(text, cs, ce, m[0])
    if _FALLBACK_CUE.search(text, ss, se) or _DISOWNED.search(text, ss, se):
        return True
    for s, e in spans[verb_clause + 1 : idx]:
        if _CONDITIONAL_NEG.search(text[s:e]) or _FALLBACK_CUE.search(text, s, e):
            return True
    if _negated_at(text, spans, m[0]):
        return True
    return bool(_AGAINST.search(text[cs : m[0]]))


def _verb_attributed(text: str, spans: list[tuple[int, int]], vpos: int) -> bool:
    cs, _ = _clause_of(spans, vpos)
    before = text[cs:vpos]
    return bool(_ATTRIBUTED.search(before)) and not _FIRST_PERSON.search(before)


def _party_for_verb(
    text: str, spans: list[tuple[int, int]], verb: re.Match[str], pats: list[tuple[str, re.Pattern[str]]]
) -> str | None:
    vclause = next((i for i, (s, e) in enumerate(spans) if s <= verb.start() < e), 0)
    mentions = sorted((m.start(), m.end(), name) for name, p in pats for m in p.finditer(text))
    for s, e, name in mentions:
        if s >= verb.end() and not _mention_excluded(text, spans, vclause, (s, e)):
            return name
    word = re.match(r"\w+", text[verb.start() :])
    passive = word is not None and re.search(r"(?:ed|ation|ations)$", word.group(), re.IGNORECASE)
    if not passive:
        return None
    for s, e, name in reversed(mentions):
        if e <= verb.start():
            idx = next((i for i, (a, b) in enumerate(spans) if a <= s < b), 0)
            if not _mention_excluded(text, spans, idx, (s, e)):
                return name
    return None


def recommended_party(
    text: Any,
    candidates: Sequence[str] | Mapping[str, Sequence[str]],
    *,
    verbs: Sequence[str] = ("recommend", "award"),
) -> str | None:
    """The party the text actually recommends, or None.

    A recommendation line often names a fallback after the chosen party
    ("...; should it decline, the fallback is X"); reading "any candidate in
    a recommendation sentence" picks the wrong one or none. The first
    candidate named after the recommendation verb wins, skipping mentions
    introduced as fallback/alternative/conditional, negated ("not X",
    "against X"), or in a recommendation attributed to a note or supplier.
    Candidates may be a list of names or a mapping name -> aliases; legal
    suffixes (Inc., Ltd., Co.) are optional in the text.
    """
    pats = _candidate_patterns(candidates)
    verb_pats = [term_pattern(v, whole_word=False) for v in _as_terms(verbs)]
    if not pats or not verb_pats:
        return None
    for sent in split_sentences(text):
        t = sent.text
        verbs_found = sorted((m for p in verb_pats for m in p.finditer(t)), key=lambda m: m.start())
        if not verbs_found:
            continue
        spans = _clause_spans(t)
        for verb in verbs_found:
            if _verb_attributed(t, spans, verb.start()):
                continue
            party = _party_for_verb(t, spans, verb, pats)
            if party:
                return party
    return None
