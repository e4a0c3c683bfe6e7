"""REFERENCE.md, the oracle's account for a human reader, and its dependent operations.

Every scenario's reference ends on the operations a worker must chain to
reach the oracle's figures, numbered; the scenario check compares their
count with the design's dependency depth. The generator hands them over as
a list (`reference_text`) and the check reads the same list back
(`operations_in`), so the section is written and read in one place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

OPERATIONS_HEADING = "## Dependent operations"

_SECTION = re.compile(r"^#+\s*Dependent operations.*?$(.*?)(?=^#+\s|\Z)", re.M | re.S | re.I)
_ITEM = re.compile(r"^\s*\d+\.\s+(\S.*)$", re.M)


def reference_text(lines: Sequence[str], operations: Sequence[str]) -> str:
    """REFERENCE.md: the scenario's own lines, then its dependent operations under their heading, numbered."""
    numbered = [f"{i}. {op}" for i, op in enumerate(operations, start=1)]
    return "\n".join([*lines, OPERATIONS_HEADING, "", *numbered]) + "\n"


def operations_in(reference_md: str) -> list[str]:
    """The numbered operations under the 'Dependent operations' heading (any level), in order."""
    m = _SECTION.search(reference_md)
    return [] if m is None else _ITEM.findall(m.group(1))
