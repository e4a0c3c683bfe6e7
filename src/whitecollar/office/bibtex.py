"""A small, tolerant BibTeX reader.

Research scenarios hand the worker a bibliography exported from a
reference manager and ask for it to be checked against a catalogue. The
generator's tests and the blind solver both need to read it the way a
careful person would: entry by entry, fields with their braces and LaTeX
accents resolved, author lists split into names. Only what such a check
needs is implemented: @string macros, "#" concatenation, braced or quoted
values, bare numbers; @comment and @preamble are skipped.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

_ACCENTS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "c": "\u0327",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
}
_SPECIAL = {
    r"\oe": "œ",
    r"\OE": "Œ",
    r"\ae": "æ",
    r"\AE": "Æ",
    r"\o": "ø",
    r"\O": "Ø",
    r"\aa": "å",
    r"\AA": "Å",
    r"\ss": "ß",
    r"\l": "ł",
    r"\L": "Ł",
    r"\i": "ı",
    r"\&": "&",
    r"\%": "%",
    r"\_": "_",
    r"\$": "$",
    r"\#": "#",
}
# Longest command first (\oe before \o); a control word ends at the first non-letter and swallows
# the spaces after it, a control symbol does not.
_SPECIAL_RES = [
    (re.compile(re.escape(cmd) + (r"(?![A-Za-z])\s*" if cmd[1:].isalpha() else "")), ch)
    for cmd, ch in sorted(_SPECIAL.items(), key=lambda kv: -len(kv[0]))
]
_WORD = re.compile(r"[^\s,{}=#\"()]+")


class BibtexError(ValueError):
    """The text is not BibTeX this reader can follow; the message says where."""


@dataclass
class Entry:
    type: str
    key: str
    fields: dict[str, str] = field(default_factory=dict)
    raw: dict[str, str] = field(default_factory=dict)  # values as written, braces included

    def get(self, name: str, default: str = "") -> str:
        return self.fields.get(name.lower(), default)

    @property
    def authors(self) -> list[tuple[str, str]]:
        """(family, given) pairs of the author field."""
        return split_names(self.get("author"))


def delatex(text: str) -> str:
    """Plain Unicode text from a BibTeX value: accents resolved, braces dropped, spaces collapsed."""
    t = text
    for pattern, ch in _SPECIAL_RES:
        t = pattern.sub(ch, t)

    def accent(m: re.Match[str]) -> str:
        base = m.group(2) or m.group(3) or ""
        base = {"\u0131": "i"}.get(base, base)
        return unicodedata.normalize("NFC", base + _ACCENTS[m.group(1)])

    t = re.sub(r"\\([`'^\"~=.]|[cuvH](?=[\s{]))\s*(?:\{([^{}]?)\}|([A-Za-z\u0131]))", accent, t)
    t = re.sub(r"\\(?:textit|textbf|emph|textsc|mkbibquote)\s*", "", t)
    t = t.replace("{", "").replace("}", "").replace("~", " ")
    t = t.replace("---", "\u2014").replace("--", "\u2013")
    return re.sub(r"\s+", " ", t).strip()


def split_names(value: str) -> list[tuple[str, str]]:
    """Names of an author field: "Last, First and First Last" -> [(Last, First), (Last, First)]."""
    if not value.strip():
        return []
    parts = re.split(r"\s+and\s+", value.strip())
    out = []
    for p in parts:
        p = delatex(p)
        if "," in p:
            family, given = (s.strip() for s in p.split(",", 1))
        else:
            words = p.split()
            family, given = (words[-1], " ".join(words[:-1])) if words else ("", "")
        out.append((family, given))
    return out


def normalise_pages(value: str) -> str:
    """ "317--372", "317–372", "317 - 372" -> "317-372"."""
    return re.sub(r"\s*[-\u2010-\u2015]+\s*", "-", delatex(value)).strip()


class _Reader:
    def __init__(self, text: str) -> None:
        self.t = text
        self.i = 0
        self.strings: dict[str, str] = {}

    def error(self, what: str) -> BibtexError:
        line = self.t.count("\n", 0, self.i) + 1
        return BibtexError(f"line {line}: {what}")

    def skip_ws(self) -> None:
        while self.i < len(self.t) and self.t[self.i].isspace():
            self.i += 1

    def braced(self) -> str:
        assert self.t[self.i] == "{"
        depth, start = 0, self.i
        while self.i < len(self.t):
            ch = self.t[self.i]
            if ch == "\\":
                self.i += 2
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    self.i += 1
                    return self.t[start + 1 : self.i - 1]
            self.i += 1
        raise self.error("unbalanced braces")

    def quoted(self) -> str:
        assert self.t[self.i] == '"'
        self.i += 1
        depth, start = 0, self.i
        while self.i < len(self.t):
            ch = self.t[self.i]
            if ch == "\\":
                self.i += 2
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == '"' and depth == 0:
                self.i += 1
                return self.t[start : self.i - 1]
            self.i += 1
        raise self.error("unterminated quoted value")

    def word(self) -> str:
        m = _WORD.match(self.t, self.i)
        if not m:
            raise self.error("expected a name")
        self.i = m.end()
        return m.group()

    def value(self) -> str:
        pieces = []
        while True:
            self.skip_ws()
            if self.i >= len(self.t):
                raise self.error("value expected")
            ch = self.t[self.i]
            if ch == "{":
                pieces.append(self.braced())
            elif ch == '"':
                pieces.append(self.quoted())
            else:
                w = self.word()
                pieces.append(w if w.isdigit() else self.strings.get(w.lower(), w))
            self.skip_ws()
            if self.i < len(self.t) and self.t[self.i] == "#":
                self.i += 1
                continue
            return "".join(pieces)

    def entries(self) -> list[Entry]:
        out: list[Entry] = []
        while True:
            at = self.t.find("@", self.i)
            if at < 0:
                return out
            self.i = at + 1
            kind = self.word().lower()
            self.skip_ws()
            if self.i >= len(self.t) or self.t[self.i] not in "{(":
                continue  # an "@" in free text between entries
            close = "}" if self.t[self.i] == "{" else ")"
            if kind in ("comment", "preamble"):
                self._skip_block(close)
                continue
            self.i += 1
            self.skip_ws()
            if kind == "string":
                self._string(close)
                continue
            out.append(self._entry(kind, close))

    def _skip_block(self, close: str) -> None:
        """A comment or preamble holds no entry: step over it whole, whichever bracket opens it."""
        if close == "}":
            self.braced()
        else:
            self.i = self.t.find(")", self.i) + 1 or len(self.t)

    def _string(self, close: str) -> None:
        """An @string definition, kept so that later fields can name it."""
        name = self.word().lower()
        self.skip_ws()
        if self.t[self.i] != "=":
            raise self.error("@string needs name = value")
        self.i += 1
        self.strings[name] = self.value()
        self.skip_ws()
        if self.t[self.i] == close:
            self.i += 1

    def _entry(self, kind: str, close: str) -> Entry:
        """One entry's key and fields, up to its closing bracket (an unclosed entry is an error, not a guess)."""
        key = self.word()
        self.skip_ws()
        entry = Entry(kind, key)
        while self.i < len(self.t):
            if self.t[self.i] == ",":
                self.i += 1
                self.skip_ws()
            if self.i < len(self.t) and self.t[self.i] == close:
                self.i += 1
                return entry
            name = self.word().lower()
            self.skip_ws()
            if self.i >= len(self.t) or self.t[self.i] != "=":
                raise self.error(f"field {name!r} of {key!r} needs '='")
            self.i += 1
            raw = self.value()
            entry.raw[name] = raw
            entry.fields[name] = delatex(raw)
            self.skip_ws()
        raise self.error(f"entry {key!r} is not closed")


def parse(text: str) -> list[Entry]:
    """The entries of a BibTeX text, in file order (raises BibtexError on broken syntax)."""
    return _Reader(text).entries()
