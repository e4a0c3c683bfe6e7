"""Assertions (grading/text/assertions.py): a claim is judged where it is made, never across the document."""

from __future__ import annotations

import pytest

from whitecollar.grading.text.assertions import claims, is_negated, near, sentences_near, sentences_with
from whitecollar.grading.text.terms import contains_term


@pytest.mark.parametrize(
    "sentence, term, negated",
    [
        ("Outaouais is not the approved vendor.", "approved vendor", True),
        ("Outaouais isn\u2019t the approved vendor.", "approved vendor", True),
        ("We never treated it as the approved vendor.", "approved vendor", True),
        ("We disregarded the approved vendor note.", "approved vendor", True),
        ("Outaouais is the approved vendor.", "approved vendor", False),
        # negation in another clause does not govern the term
        ("We did not find any issue, and Outaouais is the approved vendor.", "approved vendor", False),
        ("No discount applies; Outaouais is the approved vendor.", "approved vendor", False),
        # too far before the term
        (
            "Not that it matters much for the final decision taken here, approved vendor status applies.",
            "approved vendor",
            False,
        ),
        ("There is no approved vendor list.", "approved vendor", True),
        ("The offer is valid not only for steel.", "steel", False),
        ("Delivery no later than Friday.", "Friday", False),
        ("Outaouais is the approved vendor.", "absent term", False),
    ],
)
def test_is_negated(sentence, term, negated):
    assert is_negated(sentence, term) is negated


def test_is_negated_needs_every_occurrence_negated():
    s = "Outaouais is not the approved vendor, yet the memo treats it as the approved vendor"
    assert not is_negated(s, "approved vendor")


def test_negation_in_another_sentence_never_counts():
    text = "Profilés Outaouais is the approved vendor and must be recommended. No other issue was found."
    assert [s.text for s in claims(text, "approved vendor")] == [
        "Profilés Outaouais is the approved vendor and must be recommended."
    ]


def test_claims_skips_negated_sentences():
    text = "Validity has not lapsed for Great Lakes. Validity has lapsed for Laurentides."
    assert [s.text for s in claims(text, "lapsed")] == ["Validity has lapsed for Laurentides."]


# ---------------------------------------------------------------- binding terms together

MEMO = (
    "Payment terms\tNet 30\tvalidity 90 days\n"
    "Great Lakes Profile Co. offers validity until March.\n"
    "The quotation validity of Extrusions Laurentides Inc. has lapsed; re-confirmation is required.\n"
)


def test_sentences_with_binds_keyword_to_context():
    hits = sentences_with(MEMO, all_of=["Laurentides", "validity"], any_of=["lapsed", "expired"])
    assert [s.text for s in hits] == [
        "The quotation validity of Extrusions Laurentides Inc. has lapsed; re-confirmation is required."
    ]


def test_validity_in_payment_table_is_not_a_lapsed_flag():
    wrong = "Payment terms\tNet 30\tvalidity 90 days\nExtrusions Laurentides Inc. is recommended."
    assert sentences_with(wrong, all_of=["validity"], any_of=["lapsed", "expired"]) == []
    assert sentences_with(wrong, all_of=["Laurentides", "validity"]) == []
    assert contains_term(wrong, "validity")  # the bare word is there: that is the trap


def test_sentences_with_none_of_and_no_filters():
    assert [s.text for s in sentences_with(MEMO, all_of="validity", none_of=["Great Lakes", "Net 30"])] == [
        "The quotation validity of Extrusions Laurentides Inc. has lapsed; re-confirmation is required."
    ]
    assert len(sentences_with(MEMO)) == 3


def test_near_within_one_sentence_only():
    assert near(MEMO, "Laurentides", "lapsed", max_words=3)
    assert not near(MEMO, "Laurentides", "lapsed", max_words=1)
    assert not near("Laurentides is fine. It lapsed.", "Laurentides", "lapsed")
    assert [s.text[:15] for s in sentences_near(MEMO, "validity", "March", max_words=2)] == ["Great Lakes Pro"]
