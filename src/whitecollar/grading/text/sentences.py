"""Variant-tolerant, context-bound reading of delivered prose.

Evaluators that look for one exact spelling fail correct work
("re-confirmation" vs "reconfirmation"), and evaluators that look for a bare
word anywhere pass wrong work (a negation three paragraphs away disarming an
obedience check, "validity" in an unrelated payment-terms table). Everything
here therefore works on *sentences* and *clauses* with offsets into the
original text, so that a criterion can bind a keyword to its context and a
receipt can quote the exact evidence it relied on.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence, Union

Term = Union[str, "re.Pattern[str]"]
"""A term to look for: plain text (matched variant-tolerantly) or a compiled regex."""

# --------------------------------------------------------------------------
# Normalisation and term patterns
# --------------------------------------------------------------------------

_HYPHEN_CHARS = "-\u00ad\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
_DQUOTE_CHARS = "\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033\uff02"
_SQUOTE_CHARS = "\u2018\u2019\u201a\u201b\u2039\u203a\u2032`\u00b4\uff07"
_TRANSLATE = str.maketrans(
    {
        **{c: "-" for c in _HYPHEN_CHARS[1:]},
        **{c: '"' for c in _DQUOTE_CHARS},
        **{c: "'" for c in _SQUOTE_CHARS},
    }
)
HYPHEN_CLASS = "[" + re.escape(_HYPHEN_CHARS) + "]"
_APOS_CLASS = "['" + re.escape(_SQUOTE_CHARS) + "]"
_DQUOTE_CLASS = '["' + re.escape(_DQUOTE_CHARS) + "]"
_NEVER = re.compile(r"(?!)")
_SPACES = re.compile(r"\s+")


def normalise(s: Any) -> str:
    """Fold a string for *matching only* (never for display or quoting).

    Agents write the same thing with typographic dashes, curly quotes, accents
    dropped or not, odd capitalisation and wrapped lines; two strings that a
    reader would call the same should compare equal after this.
    """
    if s is None:
        return ""
    if not isinstance(s, str):
        s = str(s)
    s = s.translate(_TRANSLATE)
    if not s.isascii():
        s = unicodedata.normalize("NFKD", s)
        s = "".join(ch for ch in s if not unicodedata.combining(ch))
    s = s.casefold()
    return _SPACES.sub(" ", s).strip()


def _build_letter_variants() -> dict[str, str]:
    groups: dict[str, set[str]] = {}
    for cp in range(0xC0, 0x250):
        ch = chr(cp)
        base = "".join(
            b for b in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(b)
        )
        if len(base) == 1 and base.isascii() and base.isalpha():
            group = groups.setdefault(base.lower(), set())
            for form in (ch.lower(), ch.upper()):
                if len(form) == 1:
                    group.add(form)
    for base, extra in {"o": "øØ", "l": "łŁ", "d": "đĐ"}.items():
        groups.setdefault(base, set()).update(extra)
    return {
        base: "[" + base + "".join(sorted(v)) + "]" for base, v in groups.items()
    }


_LETTER_CLASS = _build_letter_variants()
_OPT_HYPHEN = "(?:" + HYPHEN_CLASS + ")?"
_BETWEEN_TOKENS = r"(?:\s*" + HYPHEN_CLASS + r"\s*|[\s_]+)?"


def _char_regex(ch: str) -> str:
    if ch.isascii() and ch.isalpha():
        return _LETTER_CLASS.get(ch, ch)
    if ch == "'":
        return _APOS_CLASS
    if ch == '"':
        return _DQUOTE_CLASS
    if ch == "-":
        return HYPHEN_CLASS
    if ch.isspace():
        return r"\s+"
    return re.escape(ch)


def _token_regex(token: str) -> str:
    parts: list[str] = []
    prev_alpha = False
    for ch in token:
        alpha = ch.isalpha()
        if alpha and prev_alpha:
            parts.append(_OPT_HYPHEN)  # "reconfirmation" vs "re-confirmation"
        parts.append(_char_regex(ch))
        prev_alpha = alpha
    return "".join(parts)


# Every (term, whole_word) compiled in this process, in order: the grading server
# (grading_server.py) compiles the ones its workers needed, so later forks find them
# compiled (a term's pattern costs milliseconds, and an evaluation needs hundreds).
COMPILED_TERMS: list[tuple[str, bool]] = []


@lru_cache(maxsize=8192)
def _compile_term(term: str, whole_word: bool) -> re.Pattern[str]:
    COMPILED_TERMS.append((term, whole_word))
    norm = normalise(term)
    if not norm:
        return _NEVER
    tokens = [t for t in re.split(r"(?<=\w)[\s\-_]+(?=\w)", norm) if t]
    body = _BETWEEN_TOKENS.join(_token_regex(t) for t in tokens)
    if re.match(r"\w", norm[0]):
        body = r"(?<!\w)" + body
    if whole_word and re.match(r"\w", norm[-1]):
        body += r"(?!\w)"
    return re.compile(body, re.IGNORECASE)


def term_pattern(term: Term, *, whole_word: bool = True) -> re.Pattern[str]:
    """Compile a term into a regex that ignores case, accents and hyphen/space choices.

    Matching happens on the *original* text (not a normalised copy), so match
    offsets are valid positions that a receipt can quote. A compiled regex is
    passed through untouched for the cases a term cannot express.
    """
    if isinstance(term, re.Pattern):
        return term
    return _compile_term(str(term), whole_word)


def _as_terms(terms: Term | Iterable[Term] | None) -> list[Term]:
    if terms is None:
        return []
    if isinstance(terms, (str, re.Pattern)):
        return [terms]
    return [t for t in terms if isinstance(t, re.Pattern) or (t is not None and str(t).strip())]


def as_text(x: Any) -> str:
    """The searchable text of whatever an evaluator holds.

    A str as is; a Document/PdfText/Sentence by its `.text`; a list of
    strings (e.g. Completion.issues) one item per line; a Failure or None
    as "" (so a missing deliverable is simply silent, never the repr of an
    object that happens to contain the searched words).
    """
    if x is None:
        return ""
    if isinstance(x, str):
        return x
    inner = getattr(x, "text", None)
    if isinstance(inner, str):
        return inner
    if isinstance(x, (list, tuple)):
        return "\n".join(as_text(i) for i in x if as_text(i))
    if isinstance(x, (bytes, bytearray)):
        return bytes(x).decode("utf-8", errors="replace")
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        return str(x)
    return ""


_text = as_text


def contains_term(text: Any, term: Term) -> bool:
    """True when the term occurs in the text in any spelling variant."""
    t = _text(text)
    return bool(t) and term_pattern(term).search(t) is not None


def find_terms(text: Any, term: Term) -> list[re.Match[str]]:
    """All occurrences of a term, with offsets into the original text."""
    t = _text(text)
    return list(term_pattern(term).finditer(t)) if t else []


# --------------------------------------------------------------------------
# Sentences
# --------------------------------------------------------------------------


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
_SENT_END = re.compile(r"[.!?\u2026]+[\"'\u201d\u2019)\]]*(?=\s)")
_NEVER_SPLIT = {
    "mr", "mrs", "ms", "dr", "st", "prof", "jr", "sr", "mt", "messrs",
    "e.g", "i.e", "eg", "ie", "vs", "cf", "viz", "al", "approx", "ca", "resp",
}
_NO_SPLIT_BEFORE_DIGIT = {"no", "nos", "p", "pp", "fig", "sec", "art", "vol", "ch", "para", "ref", "tel", "ext"}
_CORPORATE = {
    "inc", "ltd", "corp", "co", "llc", "plc", "ltee", "ltée", "lp", "llp", "sa",
    "gmbh", "ag", "bv", "nv", "pty", "cie", "etc", "bros", "assn", "intl",
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
    t = _text(text)
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


# --------------------------------------------------------------------------
# Clauses and negation
# --------------------------------------------------------------------------

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
    t = _text(sentence)
    return [t[s:e].strip() for s, e in _clause_spans(t) if t[s:e].strip()]


def _clause_of(spans: list[tuple[int, int]], pos: int) -> tuple[int, int]:
    for s, e in spans:
        if s <= pos < e or (s == e == pos):
            return s, e
    return spans[-1] if spans else (0, pos)


_NEG_CUE = re.compile(
    r"(?<!\w)(?:not|no|never|without|neither|nor|cannot|none|fail(?:s|ed)?\s+to"
    r"|lacks?|lacked|lacking|disregard(?:s|ed|ing)?|ignor(?:e|es|ed|ing)"
    r"|reject(?:s|ed|ing)?|declin(?:e|es|ed|ing))(?!\w)|\w+n['\u2019]t(?!\w)",
    re.IGNORECASE,
)
_NOT_NEG = re.compile(
    r"(?<!\w)(?:not\s+only|not\s+just|not\s+least|not\s+to\s+mention"
    r"|no\s+(?:later|less|more|fewer|sooner)\s+than|no\s+doubt)(?!\w)",
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
    t = _text(sentence)
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


# --------------------------------------------------------------------------
# Recommendation
# --------------------------------------------------------------------------

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
    mentions = sorted(
        (m.start(), m.end(), name) for name, p in pats for m in p.finditer(text)
    )
    for s, e, name in mentions:
        if s >= verb.end() and not _mention_excluded(text, spans, vclause, (s, e)):
            return name
    word = re.match(r"\w+", text[verb.start():])
    passive = bool(word) and re.search(r"(?:ed|ation|ations)$", word.group(), re.IGNORECASE)
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


# --------------------------------------------------------------------------
# Sections
# --------------------------------------------------------------------------

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


def section_titles_present(
    doc: Any, required: Sequence[Sequence[str]]
) -> tuple[list[str], list[str]]:
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

