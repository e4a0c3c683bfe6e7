"""Terms: how a word or phrase of a criterion is found in prose, whatever its spelling.

Agents write "re-confirmation", "Re confirmation" and "reconfirmation",
with curly quotes, typographic dashes and accents kept or dropped; a
criterion names the term once. A term compiles to a regex that accepts
those variants and runs on the *original* text, so its match offsets are
positions a receipt can quote. Compiled patterns are cached and recorded
(COMPILED_TERMS) for the grading server, which compiles them for later forks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Union

Term = Union[str, "re.Pattern[str]"]
"""A term to look for: plain text (matched variant-tolerantly) or a compiled regex."""


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
        base = "".join(b for b in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(b))
        if len(base) == 1 and base.isascii() and base.isalpha():
            group = groups.setdefault(base.lower(), set())
            for form in (ch.lower(), ch.upper()):
                if len(form) == 1:
                    group.add(form)
    for base, extra in {"o": "øØ", "l": "łŁ", "d": "đĐ"}.items():
        groups.setdefault(base, set()).update(extra)
    return {base: "[" + base + "".join(sorted(v)) + "]" for base, v in groups.items()}


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


def contains_term(text: Any, term: Term) -> bool:
    """True when the term occurs in the text in any spelling variant."""
    t = as_text(text)
    return bool(t) and term_pattern(term).search(t) is not None


def find_terms(text: Any, term: Term) -> list[re.Match[str]]:
    """All occurrences of a term, with offsets into the original text."""
    t = as_text(text)
    return list(term_pattern(term).finditer(t)) if t else []
