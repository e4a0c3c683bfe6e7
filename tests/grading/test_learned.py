"""What a forked evaluation compiled goes back to the grading server as text, and the server compiles
the same patterns; a malformed or oversized report compiles nothing."""

from __future__ import annotations

import json

from whitecollar.grading import decisions, learned
from whitecollar.grading.text import terms


def test_a_report_round_trips_and_the_server_compiles_what_it_names():
    start = learned.mark()
    terms.term_pattern("landed cost zq-learned", whole_word=True)
    decisions._alias_rx("approve zq learned")
    report = json.loads(json.dumps(learned.since(start)))
    assert report["terms"] == [["landed cost zq-learned", True]]
    assert report["aliases"] == ["approve zq learned"]
    gathered: dict[str, list] = {}
    learned.extend(gathered, report)
    learned.extend(gathered, "not a report")
    assert gathered == report
    terms._compile_term.cache_clear()
    decisions._alias_rx.cache_clear()
    before = learned.mark()
    learned.compile_all(gathered)
    assert learned.since(before) == report  # compiled again, from the text alone


def test_malformed_or_oversized_items_are_not_compiled():
    before = learned.mark()
    learned.compile_all(
        {
            "terms": [["x" * (learned.MAX_CHARS + 1), True], ["ok", "yes"], 7],
            "aliases": [None, "y" * (learned.MAX_CHARS + 1)],
        }
    )
    learned.compile_all(["terms"])
    assert learned.since(before) == {"terms": [], "aliases": []}
