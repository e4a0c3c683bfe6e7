"""How documents write amounts, dates, names and months: the scenarios (through the kit) and the readers.

Every generator, solver and corpus writes the same few forms (1,234.56;
$1,235; 1 234,56 $ in Québec French; 2025-03-31; "March"); written once
here, a form is the same in the brief, the reference solution and the
challenge cases that imitate it. Amounts in cents are formatted from the
integer, never through a float, so an amount of any size keeps its cents.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Protocol

NBSP = "\u00a0"

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
MONTHS_SHORT = tuple(name[:3] for name in MONTHS)
MONTHS_FR = (
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
)
#: an English month name, lower case, to its number ("march" -> 3)
MONTH_NUMBERS = {name.lower(): number for number, name in enumerate(MONTHS, start=1)}


_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen"
).split()
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def count_in_words(n: int) -> str:
    """A count as a memo writes it: "seven", "twenty-one"; from 100 on, or below 0, in digits."""
    if 0 <= n < 20:
        return _UNITS[n]
    if 20 <= n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _UNITS[n % 10])
    return str(n)


def money(amount: Any, decimals: int = 2, *, symbol: str = "") -> str:
    """1,234.56 (or $1,234.56 with `symbol`); the sign before the symbol's digits, as Python writes it."""
    return f"{symbol}{amount:,.{decimals}f}"


def dollars(amount: Any, decimals: int = 2) -> str:
    """$1,234.56."""
    return money(amount, decimals, symbol="$")


def money_fr(amount: Any, decimals: int = 2, *, symbol: bool = True, space: str = NBSP) -> str:
    """1 234,56 $ (Québec French: a space between thousands, a decimal comma, the dollar sign after)."""
    text = f"{amount:,.{decimals}f}".replace(",", space).replace(".", ",")
    return f"{text}{space}$" if symbol else text


def cents(amount: int) -> str:
    """An amount in cents as 1,234.56, exact at any size."""
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    return f"{sign}{amount // 100:,}.{amount % 100:02d}"


def cents_fr(amount: int, symbol: bool = True, *, space: str = NBSP) -> str:
    """An amount in cents as 1 234,56 $ (Québec French), exact at any size."""
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    text = f"{sign}{amount // 100:,}".replace(",", space) + f",{amount % 100:02d}"
    return f"{text}{space}$" if symbol else text


def iso(day: date) -> str:
    """2025-03-31."""
    return day.isoformat()


class Named(Protocol):
    given_name: str
    family_name: str


def person_name(person: Named) -> str:
    """Given name, then family name, as a letter's signature writes them."""
    return f"{person.given_name} {person.family_name}"
