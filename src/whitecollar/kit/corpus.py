"""Edits a challenge case makes to a delivered package: the record's fields, the memo's sections.

A reviewer's case starts from an honest package and changes one thing; the
changes that every corpus makes (a field of COMPLETION.json, a paragraph
under one of the memo's headings) are written here once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any


def edit_completion(out: Path, change: Callable[[dict[str, Any]], None], *, final_newline: bool = False) -> None:
    """COMPLETION.json in `out`, read, changed in place by `change`, written back (two-space indent, UTF-8)."""
    path = Path(out) / "COMPLETION.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    text = json.dumps(data, indent=2, ensure_ascii=False)
    path.write_text(text + "\n" if final_newline else text, encoding="utf-8")


def top_headings(doc: Any) -> list[Any]:
    """A Word document's first-level headings (paragraphs styled Heading 1), in order: its sections."""
    return [p for p in doc.paragraphs if p.style is not None and p.style.name.startswith("Heading 1")]
