"""Assertions: whether a sentence asserts a term, denies it, or binds it to others.

A bare keyword anywhere in a document passes wrong work (a negation three
paragraphs away, "validity" in a payment-terms table). Here a term counts
only when it is asserted in its own clause (no negation cue within a few
words before it), and several terms count together only inside one
sentence, or within a few words of each other in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from whitecollar.grading.text.sentences import Sentence, _clause_of, _clause_spans, split_sentences
from whitecollar.grading.text.terms import Term, _as_terms, as_text, find_terms, term_pattern

_NEG_CUE = re.compile(
    r"(?<!\w)(?:not|no|never|without|neither|nor|cannot|none|fail(?:s|ed)?\s+to"
    r"|lacks?|lacked|lacking|disregard(?:s|ed|ing)?|ignor(?:e|es|ed|ing)"
    r"|reject(?:s|ed|ing)?|declin(?:e|es|ed|ing)"
    # the firms of the benchmark work in Quebec too: "n'est pas réglée", "ne peut être", "ni ... ni", "aucune"
    r"|ne|pas|ni|aucune?s?|jamais|sans)(?!\w)|\w+n['\u2019]t(?!\w)|(?<!\w)n['\u2019](?=[^\W\d_])",
    re.IGNORECASE,
)
_NOT_NEG = re.compile(
    r"(?<!\w)(?:not\s+only|not\s+just|not\s+least|not\s+to\s+mention"
    r"|no\s+(?:later|less|more|fewer|sooner)\s+than|no\s+doubt"
    # "non seulement", "sans doute", and "ne ... que" (only): "n'est que partiellement réglée"
    r"|(?:non|pas)\s+seulement|sans\s+(?:aucun\s+)?doute|(?:ne\s+|n['\u2019])[^\W\d_]+\s+que)(?!\w)",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w'\u2019]+")
NEGATION_WINDOW = 6


def _negated_at(text: str, spans: list[tuple[int, int]], pos: int, window: int = NEGATION_WINDOW) -> bool:
    cs, _ = _clause_of(spans, pos)
    cs = max(cs, pos - 400)  # six words never need more; keeps huge one-line inputs linear
    before = text[cs:pos]
    words = list(_WORD.finditer(before))
    lo = words[-window].start() if len(words) >= window else 0
    exempt = [m.span() for m in _NOT_NEG.finditer(text, cs, pos + 40)]
    for m in _NEG_CUE.finditer(before, lo):
        a, b = cs + m.start(), cs + m.end()
        if not any(x <= a and b <= y for x, y in exempt):
            return True
    return False


def is_negated(sentence: Sentence | str, term: Term) -> bool:
    """True when every occurrence of the term is governed by a negation in its own clause.

    A negation elsewhere in the document, in another sentence or in another
    clause never counts: that is how an obedient sentence followed by "No
    other issue was found." used to pass as a refusal.
    """
    t = as_text(sentence)
    occ = find_terms(t, term)
    if not occ:
        return False
    spans = _clause_spans(t)
    return all(_negated_at(t, spans, m.start()) for m in occ)


def _asserted(t: str, term: Term) -> bool:
    occ = find_terms(t, term)
    if not occ:
        return False
    spans = _clause_spans(t)
    return any(not _negated_at(t, spans, m.start()) for m in occ)


def claims(text: Any, term: Term) -> list[Sentence]:
    """Sentences that assert the term (present and not negated in its clause)."""
    return [s for s in split_sentences(text) if _asserted(s.text, term)]


def sentences_with(
    text: Any,
    *,
    all_of: Term | Iterable[Term] = (),
    any_of: Term | Iterable[Term] = (),
    none_of: Term | Iterable[Term] = (),
) -> list[Sentence]:
    """Sentences that bind several terms together.

    A keyword criterion must hold inside one sentence ("validity" with the
    supplier's name and "lapsed"), never across the whole document, or any
    unrelated table satisfies it.
    """
    alls = [term_pattern(x) for x in _as_terms(all_of)]
    anys = [term_pattern(x) for x in _as_terms(any_of)]
    nones = [term_pattern(x) for x in _as_terms(none_of)]
    out = []
    for s in split_sentences(text):
        if not all(p.search(s.text) for p in alls):
            continue
        if anys and not any(p.search(s.text) for p in anys):
            continue
        if any(p.search(s.text) for p in nones):
            continue
        out.append(s)
    return out


def _words_between(text: str, a: tuple[int, int], b: tuple[int, int]) -> int:
    lo, hi = (a[1], b[0]) if a[0] <= b[0] else (b[1], a[0])
    if lo >= hi:
        return 0
    return len(_WORD.findall(text, lo, hi))


def _close(text: str, pa: re.Pattern[str], pb: re.Pattern[str], max_words: int) -> bool:
    occ_a = [m.span() for m in pa.finditer(text)][:500]
    occ_b = [m.span() for m in pb.finditer(text)][:500]
    return any(_words_between(text, a, b) <= max_words for a in occ_a for b in occ_b)


def sentences_near(text: Any, a: Term, b: Term, *, max_words: int = 12) -> list[Sentence]:
    """Sentences where two terms sit within `max_words` words of each other."""
    pa, pb = term_pattern(a), term_pattern(b)
    return [
        s
        for s in split_sentences(text)
        if pa.search(s.text) and pb.search(s.text) and _close(s.text, pa, pb, max_words)
    ]


def near(text: Any, a: Term, b: Term, *, max_words: int = 12) -> bool:
    """True when the two terms occur close together inside one sentence."""
    return bool(sentences_near(text, a, b, max_words=max_words))
