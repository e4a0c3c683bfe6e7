"""Reading figures out of delivered documents without misreading them.

Agents write the same amount as "1,234.50", "1 234,50 $", "CAD 1,234.50",
"(1,234.50)" or "1.2k"; a grader that only understands one of these fails
correct work. The opposite mistake is as costly: reading "2025-11-17" as
three numbers, "Q3" as 3, or "PO-2025-0147" as 2025 lets a wrong report
"contain" the expected figure. So parsing here is strict about shape
(returning None rather than a guess) and generous about conventions.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Any

from whitecollar.grading.text.assertions import _words_between
from whitecollar.grading.text.sentences import split_sentences
from whitecollar.grading.text.terms import Term, as_text, term_pattern

# --------------------------------------------------------------------------
# Token grammar
# --------------------------------------------------------------------------

_CUR_SYM = r"(?:USD\$|CAD\$|US\$|CA\$|C\$|AU\$|A\$|NZ\$|\$|€|£|¥)"
_CUR_CODE = r"(?:CAD|USD|EUR|GBP|CHF|AUD|JPY|MXN|CNY|INR|NZD)(?![A-Za-z])"
_CUR = f"(?:{_CUR_SYM}|{_CUR_CODE})"
_SIGN = "[-+\u2212\u2013\u2012\ufe63\uff0d]"
_MINUS_CHARS = "-\u2212\u2013\u2012\ufe63\uff0d"
_GS = "[\u00a0\u202f\u2009\u2007]"
_SP = "[ \u00a0\u202f\u2009\u2007]?"


def _body(loose: bool) -> str:
    alts = [
        r"[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?",  # 1,234,567.89
        rf"[1-9]\d{{0,2}}(?:{_GS}\d{{3}})+(?:[.,]\d+)?",  # 1 234 567,89 (no-break/thin)
        r"[1-9]\d{0,2}(?: \d{3}){2,}(?:[.,]\d+)?",  # 1 234 567
        r"[1-9]\d{0,2} \d{3}[.,]\d+",  # 12 345,67
        rf"[1-9]\d{{0,2}} \d{{3}}(?=[ ]?(?:%|{_CUR}))",  # 12 500 $
        r"[1-9]\d{0,2}(?:\.\d{3})+,\d+",  # 1.234.567,89
        r"[1-9]\d{0,2}(?:\.\d{3}){2,}",  # 1.234.567
    ]
    if loose:  # a whole cell "12 500" is one number; inside prose it may be two
        alts.insert(2, r"[1-9]\d{0,2}(?: \d{3})+(?:[.,]\d+)?")
    alts += [r"\d+(?:[.,]\d+)?", r"\.\d+"]
    return "(?:" + "|".join(alts) + r")(?!\d)"


def _token(loose: bool) -> re.Pattern[str]:
    return re.compile(
        r"(?<![\w.,])"
        rf"(?P<open>\({_SP})?"
        rf"(?P<sign1>{_SIGN})?"
        rf"(?:(?P<cur1>{_CUR}){_SP})?"
        rf"(?P<sign2>{_SIGN})?"
        rf"(?P<body>{_body(loose)})"
        rf"(?:(?P<msp>{_SP})(?P<mult>millions?|billions?|thousands?|bn|mn|MM|[kKMmB])(?![A-Za-z]))?"
        rf"(?:{_SP}(?P<pct>%|percent(?!\w)|per[ ]?cent(?!\w)|pct(?!\w)))?"
        rf"(?:{_SP}(?P<cur2>{_CUR}))?"
        rf"(?P<close>{_SP}\))?"
    )


_TOKEN = _token(loose=False)
_TOKEN_LOOSE = _token(loose=True)

_MULT = {
    "million": 1e6,
    "millions": 1e6,
    "mn": 1e6,
    "MM": 1e6,
    "M": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "bn": 1e9,
    "B": 1e9,
    "thousand": 1e3,
    "thousands": 1e3,
    "k": 1e3,
    "K": 1e3,
}
_WORD_MULT = {"million", "millions", "billion", "billions", "thousand", "thousands", "bn", "mn"}
_GLUED_OK = _WORD_MULT | {"k", "K", "M", "MM"}


def _body_value(body: str) -> float:
    b = re.sub(r"[ \u00a0\u202f\u2009\u2007]", "", body)
    if "," in b and "." in b:
        if b.rfind(",") > b.rfind("."):
            b = b.replace(".", "").replace(",", ".")
        else:
            b = b.replace(",", "")
    elif "," in b:
        b = b.replace(",", "") if re.fullmatch(r"[1-9]\d{0,2}(?:,\d{3})+", b) else b.replace(",", ".")
    elif b.count(".") > 1:
        b = b.replace(".", "")
    return float(b)


def _mult_ok(m: re.Match[str]) -> bool:
    mult = m.group("mult")
    if not mult:
        return True
    has_cur = bool(m.group("cur1") or m.group("cur2"))
    if m.group("msp"):
        return mult in _WORD_MULT or has_cur
    return mult in _GLUED_OK or has_cur


# --------------------------------------------------------------------------
# Things that look like numbers and are not
# --------------------------------------------------------------------------

_MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|janvier|f[ée]vrier|mars"
    r"|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre)\b"
)
_MASK_PATTERNS = [
    re.compile(r"(?<![\w-])\d{4}-\d{2}(?![\w-])"),  # 2025-11, FY 2024-25
    re.compile(r"(?<![\w/])\d{1,2}/\d{4}(?![\w/])"),  # 11/2025
    re.compile(rf"{_MONTHS}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?(?!\d)"),
    re.compile(rf"(?<!\d)\d{{1,2}}(?:st|nd|rd|th|er)?\s+{_MONTHS}\.?(?:,?\s+\d{{4}})?(?!\d)"),
    re.compile(r"(?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?!\d)"),  # times
    re.compile(r"(?<![\d\w])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]\d{3}[\s.-]\d{4}(?!\d)"),  # phones
]
_CHAIN = re.compile(r"(?<![\w.])\d+(?:[./-]\d+){2,}(?![\w])")
_COMPOUND = re.compile(r"(?<![\w-])[A-Za-z0-9]+(?:[-_/#][A-Za-z0-9]+)+(?![\w])")


def _is_thousands_chain(tok: str) -> bool:
    return bool(re.fullmatch(r"[1-9]\d{0,2}(?:\.\d{3})+", tok))


def _is_identifier(tok: str) -> bool:
    parts = re.split(r"[-_/#]", tok)
    if not any(ch.isdigit() for ch in tok):
        return False
    mixed = any(re.search("[A-Za-z]", p) and re.search(r"\d", p) for p in parts)
    code = any(p.isalpha() and p.isupper() and len(p) >= 2 for p in parts)
    many = len(parts) >= 3 and any(p.isalpha() for p in parts)
    return mixed or code or many


_MASK_ANY = re.compile("|".join(f"(?:{p.pattern})" for p in _MASK_PATTERNS))


def _mask_spans(text: str) -> list[tuple[int, int]]:
    spans = [m.span() for m in _MASK_ANY.finditer(text)]
    spans += [m.span() for m in _CHAIN.finditer(text) if not _is_thousands_chain(m.group())]
    spans += [m.span() for m in _COMPOUND.finditer(text) if _is_identifier(m.group())]
    return sorted(spans)


class _Masks:
    def __init__(self, text: str) -> None:
        self.spans = _mask_spans(text)
        self.starts = [s for s, _ in self.spans]
        self.max_len = max((e - s for s, e in self.spans), default=0)

    def overlaps(self, a: int, b: int) -> bool:
        i = bisect.bisect_left(self.starts, a - self.max_len)
        while i < len(self.spans) and self.spans[i][0] < b:
            s, e = self.spans[i]
            if s < b and a < e:
                return True
            i += 1
        return False


# --------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class NumberMatch:
    """A figure found in text, with where it was and how it was written."""

    value: float
    raw: str
    start: int
    end: int
    is_percent: bool = False
    is_currency: bool = False
    currency: str | None = None


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def parse_number(s: Any) -> float | None:
    """The number a cell or short string states, or None when it is not one number.

    Returning None for "2025-11-17", "PO-2025-0147" or "+1 (514) 555-0199" is
    the point: a wrong number silently satisfies or fails a criterion, None
    makes the caller say "no figure found". "12.5 %" gives 12.5 (see
    `within_rate` for fraction/percent conventions); "(1,234.00)" is negative;
    "1,234" is one thousand two hundred and thirty-four (comma = thousands
    when followed by exactly three digits, decimal otherwise).
    """
    if s is None or isinstance(s, bool):
        return None
    if isinstance(s, (int, float, Decimal)):
        try:
            return _finite(float(s))
        except (OverflowError, ValueError):
            return None
    if not isinstance(s, str):
        return None
    t = s.strip()
    if not t or len(t) > 80:
        return None
    m = _TOKEN_LOOSE.fullmatch(t)
    if not m or bool(m.group("open")) != bool(m.group("close")) or not _mult_ok(m):
        return None
    return _body_value_safe(m, keep_mult=True, paren=bool(m.group("open")))


def _cell_like(text: str, start: int, end: int) -> bool:
    before = text[max(0, start - 2) : start]
    after = text[end : end + 2]
    left = start == 0 or before.endswith(("\t", "|", "\n", "  "))
    right = end == len(text) or after.startswith(("\t", "|", "\n", "  ", "\r"))
    return left and right


def _match_at(text: str, m: re.Match[str], masks: _Masks) -> NumberMatch | None:
    start, end = m.start(), m.end()
    has_open, has_close = bool(m.group("open")), bool(m.group("close"))
    mult_kept = bool(m.group("mult"))
    if mult_kept and not _mult_ok(m):
        end, has_close, mult_kept = m.end("body"), False, False  # "5 m": metres, not millions
    if has_close and not has_open:
        end = m.start("close")
    if has_open and not has_close:
        start = m.end("open")
    if end < len(text) and text[end].isalpha():
        return None  # 2nd, 12kg, 5x: glued to a word
    if end + 1 < len(text) and text[end] in ".," and text[end + 1].isdigit():
        return None  # 1,2,3 or 3.1.2: a chain, not a number
    if masks.overlaps(m.start("body"), m.end("body")):
        return None
    paren = has_open and has_close and _cell_like(text, start, end)
    if has_open and has_close and not paren:
        start, end = m.end("open"), m.start("close")
    v = _body_value_safe(m, keep_mult=mult_kept, paren=paren)
    if v is None:
        return None
    cur = m.group("cur1") or m.group("cur2")
    return NumberMatch(
        value=v,
        raw=text[start:end],
        start=start,
        end=end,
        is_percent=bool(m.group("pct")) and end >= m.end("pct"),
        is_currency=bool(cur),
        currency=cur,
    )


def _body_value_safe(m: re.Match[str], keep_mult: bool, paren: bool) -> float | None:
    try:
        v = _body_value(m.group("body"))
    except ValueError:
        return None
    if keep_mult and m.group("mult"):
        v *= _MULT[m.group("mult")]
    signs = (m.group("sign1") or "") + (m.group("sign2") or "")
    negative = any(c in _MINUS_CHARS for c in signs) or paren
    return _finite(-v if negative else v)


def find_numbers(text: Any) -> list[NumberMatch]:
    """Every figure stated in a text, skipping dates, times, phones and identifiers.

    Parentheses make a figure negative only where it stands alone like a
    table cell; in prose "(CAD 1,234)" is an aside, not a loss.
    """
    text = as_text(text)
    return list(_find_numbers(text)) if text else []


@lru_cache(maxsize=4096)
def _find_numbers(text: str) -> tuple[NumberMatch, ...]:
    """The figures of one text, read once: an evaluator asks for a sentence's figures once per keyword set."""
    tokens = list(_TOKEN.finditer(text))
    if not tokens:
        return ()
    masks = _Masks(text)
    out = []
    for m in tokens:
        nm = _match_at(text, m, masks)
        if nm is not None:
            out.append(nm)
    return tuple(out)


def _coerce(x: Any) -> float | None:
    if isinstance(x, NumberMatch):
        return _finite(x.value)
    return parse_number(x)


def within(actual: Any, expected: Any, *, abs_tol: float = 0.0, rel_tol: float = 0.0) -> bool:
    """True when `actual` is within tolerance of `expected`; False for anything unreadable.

    Strings are parsed, so a number stored as text still counts. A floor of
    one part in 10^9 absorbs binary rounding so that "exact" checks do not
    fail a correctly computed 0.1 + 0.2.
    """
    a, e = _coerce(actual), _coerce(expected)
    if a is None or e is None:
        return False
    tol = max(abs(abs_tol or 0.0), abs(rel_tol or 0.0) * abs(e), 1e-9 * max(1.0, abs(e)))
    return abs(a - e) <= tol


def percent_equivalents(fraction: Any) -> tuple[float, ...]:
    """The two ways one rate is written: (0.125, 12.5) for 0.125; () when unreadable."""
    f = _coerce(fraction)
    return () if f is None else (f, f * 100.0)


def within_rate(
    actual: Any,
    expected_fraction: Any,
    *,
    abs_tol_pp: float = 0.0,
    convention: str = "either",
) -> bool:
    """Compare a stated rate to an expected fraction, whichever convention it uses.

    A value written with "%" (a string or a NumberMatch flagged is_percent) is
    read as a percentage; a bare number is accepted as a fraction or a
    percentage according to `convention` ("either", "fraction", "percent").
    The tolerance is in percentage points.
    """
    e = _coerce(expected_fraction)
    if e is None:
        return False
    tol_pp = abs(abs_tol_pp or 0.0)
    explicit_pct = (isinstance(actual, NumberMatch) and actual.is_percent) or (
        isinstance(actual, str) and "%" in actual
    )
    a = _coerce(actual)
    if a is None:
        return False
    if explicit_pct:
        return within(a, e * 100.0, abs_tol=tol_pp)
    as_fraction = within(a, e, abs_tol=tol_pp / 100.0)
    as_percent = within(a, e * 100.0, abs_tol=tol_pp)
    if convention == "fraction":
        return as_fraction
    if convention == "percent":
        return as_percent
    return as_fraction or as_percent


def _keyword_patterns(keywords: Term | Iterable[Term]) -> list[re.Pattern[str]]:
    kws = [keywords] if isinstance(keywords, (str, re.Pattern)) else list(keywords or ())
    return [term_pattern(k) for k in kws if k]


def numbers_near_in_sentence(
    sentence: str, patterns: Sequence[re.Pattern[str]], *, max_words: int = 8
) -> list[NumberMatch]:
    """Figures within `max_words` words of a keyword match, inside one already-cut sentence."""
    hits = [m.span() for p in patterns for m in p.finditer(sentence)][:200]
    if not hits:
        return []
    return [
        n
        for n in find_numbers(sentence)
        if any(_words_between(sentence, (n.start, n.end), h) <= max_words for h in hits)
    ]


def numbers_near(text: Any, keywords: Term | Iterable[Term], *, max_words: int = 8) -> list[NumberMatch]:
    """Figures stated within `max_words` words of a keyword, in the same sentence.

    A numeric criterion that accepts any number anywhere in a report passes a
    report that merely contains the figure in an unrelated table; binding the
    figure to its keyword ("landed cost ... 1,234") closes that escape.
    Offsets are relative to the whole text.
    """
    text = as_text(text)
    pats = _keyword_patterns(keywords)
    if not text or not pats:
        return []
    out: list[NumberMatch] = []
    for s in split_sentences(text):
        for n in numbers_near_in_sentence(s.text, pats, max_words=max_words):
            out.append(
                NumberMatch(n.value, n.raw, n.start + s.start, n.end + s.start, n.is_percent, n.is_currency, n.currency)
            )
    return out


def any_within(
    values: Sequence[Any] | Iterable[Any], expected: Any, *, abs_tol: float = 0.0, rel_tol: float = 0.0
) -> bool:
    """True when at least one of the values matches the expected figure."""
    return any(within(v, expected, abs_tol=abs_tol, rel_tol=rel_tol) for v in values)
