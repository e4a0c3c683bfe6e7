"""The scenario authors' one import: what every scenario folder writes with.

A scenario's generator, solver, evaluator and corpora import their shared
helpers from here rather than from the modules that implement them, so that
the ten folders write amounts, dates and names the same way and a helper is
never written twice (docs/SCENARIOS.md, "The kit"). Like the other entry
points it may import any part of the package, and no part of the package
imports it.
"""

from whitecollar.benchmark.reference import reference_text
from whitecollar.benchmark.variants import Kind, Variant, declared_variant
from whitecollar.formats import (
    MONTH_NUMBERS,
    MONTHS,
    MONTHS_FR,
    MONTHS_SHORT,
    NBSP,
    cents,
    cents_fr,
    count_in_words,
    dollars,
    iso,
    money,
    money_fr,
    person_name,
)

__all__ = [
    "reference_text",
    "Kind",
    "Variant",
    "declared_variant",
    "MONTHS",
    "MONTHS_FR",
    "MONTHS_SHORT",
    "MONTH_NUMBERS",
    "NBSP",
    "cents",
    "cents_fr",
    "count_in_words",
    "dollars",
    "iso",
    "money",
    "money_fr",
    "person_name",
]
