"""A JSON file read with one clear error, whatever went wrong with it.

Every file the laboratory reads back (a receipt, a run's record, a portal
description) can be missing, cut short by a crash, or edited into
something else. Each reader turns that into its own error type with a
one-line message that names the file and says how to fix it; this is the
one place that catches the ways a read can fail.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def read_json(path: str | Path, error: type[Exception], *, missing: str, unreadable: str) -> Any:
    """The file's JSON value, or `error("<path>: <missing>")` / `error("<path>: <unreadable>")`.

    `unreadable` may name the failure: `{kind}` is its exception's type name
    and `{exc}` its message.
    """
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"{path}: {missing}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise error(f"{path}: {unreadable.format(kind=type(exc).__name__, exc=exc)}") from None
