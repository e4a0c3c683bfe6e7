"""Terms (grading/text/terms.py): spelling variants must match, and any deliverable reads as text."""

from __future__ import annotations

import re

import pytest

from whitecollar.grading.text.assertions import sentences_with
from whitecollar.grading.text.sentences import split_sentences
from whitecollar.grading.text.terms import as_text, contains_term, find_terms, normalise, term_pattern
from whitecollar.office.model import Document, Failure, Paragraph


def test_normalise_folds_case_accents_dashes_quotes_space():
    assert (
        normalise("  Profilés\u00a0Outaouais \u2014 l\u2019offre\n“validée” ")
        == 'profiles outaouais - l\'offre "validee"'
    )
    assert normalise(None) == ""
    assert normalise(12) == "12"


@pytest.mark.parametrize(
    "text",
    [
        "reconfirmation",
        "Re confirmation",
        "RE-CONFIRMATION",
        "re\u2011confirmation",
        "re \u2013 confirmation",
        "re-confirmation",
        "Re-Confirmation.",
    ],
)
def test_term_pattern_hyphen_space_case_variants(text):
    assert term_pattern("re-confirmation").search(text)


@pytest.mark.parametrize("text", ["landed-cost", "Landed  Cost", "landed\ncost", "LANDED COST", "landedcost"])
def test_term_pattern_multiword(text):
    assert contains_term(text, "landed cost")


@pytest.mark.parametrize("text", ["preconfirmation", "reconfirmations", "confirmation", "re-confirm", "unlanded costs"])
def test_term_pattern_word_boundaries(text):
    assert not (contains_term(text, "re-confirmation") or contains_term(text, "landed cost"))


def test_term_pattern_unhyphenated_term_matches_hyphenated_text():
    assert contains_term("the re-confirmation of validity", "reconfirmation")


def test_term_pattern_accents_both_ways_and_offsets():
    text = "Offer from PROFILÉS OUTAOUAIS and Profiles Outaouais."
    hits = find_terms(text, "Profilés Outaouais")
    assert [text[m.start() : m.end()] for m in hits] == ["PROFILÉS OUTAOUAIS", "Profiles Outaouais"]


def test_term_pattern_apostrophes_and_regex_passthrough():
    assert contains_term("the supplier\u2019s offer", "supplier's offer")
    rx = re.compile(r"approved\s+vendor", re.I)
    assert term_pattern(rx) is rx
    assert contains_term("Approved  Vendor", rx)


def test_term_pattern_empty_never_matches():
    assert not contains_term("anything", "")
    assert not contains_term("anything", "  -- ")
    assert not contains_term(None, "x")


def test_term_pattern_prefix_mode():
    assert term_pattern("lapse", whole_word=False).search("lapsed")
    assert not term_pattern("lapse").search("lapsed")


def test_helpers_accept_documents_lists_and_failures():
    doc = Document(
        "m.docx", [Paragraph("The validity of Laurentides has lapsed.")], [[["Payment terms", "validity 90 days"]]]
    )
    assert [s.text for s in sentences_with(doc, all_of=["Laurentides", "validity"])] == [
        "The validity of Laurentides has lapsed."
    ]
    assert contains_term(["first issue", "validity lapsed"], "validity")
    failure = Failure("out/memo.docx", "not delivered")
    assert as_text(failure) == "" and split_sentences(failure) == []
    assert not contains_term(failure, "memo")  # never the repr of the object
