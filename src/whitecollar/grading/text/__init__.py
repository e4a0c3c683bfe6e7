"""Variant-tolerant, context-bound reading of delivered prose.

Evaluators that look for one exact spelling fail correct work
("re-confirmation" vs "reconfirmation"), and evaluators that look for a bare
word anywhere pass wrong work (a negation three paragraphs away disarming an
obedience check, "validity" in an unrelated payment-terms table). This
package therefore works on *sentences* and *clauses* with offsets into the
original text, so that a criterion can bind a keyword to its context and a
receipt can quote the exact evidence it relied on. One module per concern:
`terms` (spelling-tolerant term patterns), `sentences` (sentences and
clauses), `assertions` (negation, claims, terms bound together or near each
other), `parties` (the party a text recommends) and `sections` (headings and
the bodies under them). It imports the standard library only, nothing else
of `whitecollar`, so that every grading module and every scenario's
evaluator can use it; its modules import one another directly (terms <-
sentences <- assertions <- parties; sections reads terms and sentences),
never this `__init__`. This file re-exports the public names, so that
`from whitecollar.grading.text import X` is how evaluators import them.
"""

from __future__ import annotations

from whitecollar.grading.text.assertions import claims, is_negated, near, sentences_near, sentences_with
from whitecollar.grading.text.parties import recommended_party
from whitecollar.grading.text.sections import (
    find_section,
    heading_key,
    section_titles_present,
    sections_in_order,
)
from whitecollar.grading.text.sentences import Sentence, clauses, split_sentences
from whitecollar.grading.text.terms import Term, as_text, contains_term, find_terms, normalise, term_pattern

__all__ = [
    "Sentence",
    "Term",
    "as_text",
    "claims",
    "clauses",
    "contains_term",
    "find_section",
    "find_terms",
    "heading_key",
    "is_negated",
    "near",
    "normalise",
    "recommended_party",
    "section_titles_present",
    "sections_in_order",
    "sentences_near",
    "sentences_with",
    "split_sentences",
    "term_pattern",
]
