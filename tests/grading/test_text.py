"""Prose helpers: spelling variants must match, and claims must be judged where they are made."""
from __future__ import annotations

import re
import time

import pytest

from whitecollar.grading.text import (
    Sentence,
    claims,
    clauses,
    contains_term,
    find_section,
    find_terms,
    is_negated,
    near,
    normalise,
    recommended_party,
    section_titles_present,
    sentences_near,
    sentences_with,
    split_sentences,
    term_pattern,
)
from whitecollar.office.model import Document, Paragraph

# ---------------------------------------------------------------- normalise / terms


def test_normalise_folds_case_accents_dashes_quotes_space():
    assert normalise("  Profilés\u00a0Outaouais \u2014 l\u2019offre\n“validée” ") == 'profiles outaouais - l\'offre "validee"'
    assert normalise(None) == ""
    assert normalise(12) == "12"


@pytest.mark.parametrize(
    "text", ["reconfirmation", "Re confirmation", "RE-CONFIRMATION", "re\u2011confirmation", "re \u2013 confirmation",
             "re-confirmation", "Re-Confirmation."]
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
    assert [text[m.start():m.end()] for m in hits] == ["PROFILÉS OUTAOUAIS", "Profiles Outaouais"]


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


# ---------------------------------------------------------------- sentences


def _texts(text):
    return [s.text for s in split_sentences(text)]


def test_split_sentences_abbreviations_and_decimals():
    text = (
        "We recommend Extrusions Laurentides Inc. as supplier. Mr. Smith agreed, e.g. on price vs. "
        "lead time, i.e. the Dr. Jones plan. Item No. 5 costs 1,234.56 at rate 1.5. Acme Ltd. The end."
    )
    assert _texts(text) == [
        "We recommend Extrusions Laurentides Inc. as supplier.",
        "Mr. Smith agreed, e.g. on price vs. lead time, i.e. the Dr. Jones plan.",
        "Item No. 5 costs 1,234.56 at rate 1.5.",
        "Acme Ltd.",
        "The end.",
    ]


def test_split_sentences_lines_bullets_tables():
    text = (
        "Findings\n"
        "- Validity lapsed for Laurentides\n"
        "- Great Lakes compliant\n"
        "1. First numbered item\n"
        "Supplier\tValidity\tPayment terms\n"
        "| Laurentides | 90 days | Net 30 |\n"
        "A wrapped line that goes on\n"
        "and ends here.\n"
        "## Heading\n"
        "**Bold heading**"
    )
    assert _texts(text) == [
        "Findings",
        "Validity lapsed for Laurentides",
        "Great Lakes compliant",
        "First numbered item",
        "Supplier\tValidity\tPayment terms",
        "| Laurentides | 90 days | Net 30 |",
        "A wrapped line that goes on\nand ends here.",
        "Heading",
        "Bold heading",
    ]


def test_split_sentences_offsets_and_paragraphs():
    text = "First one. Second one.\nThird line\n\nNew paragraph here."
    sents = split_sentences(text)
    assert all(text[s.start:s.end] == s.text for s in sents)
    assert [s.paragraph for s in sents][:3] == [sents[0].paragraph] * 3
    assert sents[3].paragraph != sents[0].paragraph


def test_split_sentences_question_and_exclamation():
    assert _texts("Is it valid? It is! Done") == ["Is it valid?", "It is!", "Done"]


def test_split_sentences_garbage(garbage_values, binary_text):
    for g in garbage_values:
        assert isinstance(split_sentences(g), list)
    assert split_sentences(binary_text)


def test_split_sentences_huge_input_is_fast(huge_text):
    t0 = time.perf_counter()
    n = len(split_sentences(huge_text))
    assert n > 50_000
    assert time.perf_counter() - t0 < 15.0  # linear, not catastrophic backtracking


# ---------------------------------------------------------------- clauses and negation


def test_clauses():
    s = "We recommend awarding to Extrusions Laurentides Inc.; should it decline to re-confirm, the fallback is Great Lakes Profile Co."
    assert clauses(s) == [
        "We recommend awarding to Extrusions Laurentides Inc.",
        "should it decline to re-confirm",
        "the fallback is Great Lakes Profile Co.",
    ]
    assert clauses("Price is 1,234.56 but lead time is long; however quality: good") == [
        "Price is 1,234.56", "but lead time is long", "however quality", "good"
    ]
    assert clauses("") == []


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
        ("Not that it matters much for the final decision taken here, approved vendor status applies.", "approved vendor", False),
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


# ---------------------------------------------------------------- recommended party

CANDIDATES = {
    "Extrusions Laurentides Inc.": ["Laurentides"],
    "Great Lakes Profile Co.": ["Great Lakes"],
    "Profilés Outaouais": ["Outaouais"],
}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("We recommend awarding to Extrusions Laurentides Inc.; should it decline to re-confirm, "
         "the fallback is Great Lakes Profile Co.", "Extrusions Laurentides Inc."),
        ("Great Lakes Profile Co. is the fallback; we recommend Extrusions Laurentides.", "Extrusions Laurentides Inc."),
        ("We do not recommend Great Lakes; we recommend Laurentides.", "Extrusions Laurentides Inc."),
        ("Laurentides, not Great Lakes, is recommended.", "Extrusions Laurentides Inc."),
        ("Recommendation: Laurentides (fallback: Great Lakes).", "Extrusions Laurentides Inc."),
        ("We recommend Laurentides, with Great Lakes as an alternative.", "Extrusions Laurentides Inc."),
        ("We recommend Laurentides; if it cannot re-confirm, Great Lakes.", "Extrusions Laurentides Inc."),
        ("The footer note recommends awarding to Profilés Outaouais; we disregarded it. "
         "We recommend Laurentides.", "Extrusions Laurentides Inc."),
        ("We recommend, with Great Lakes Profile Co. as fallback, awarding the contract to Extrusions "
         "Laurentides Inc.", "Extrusions Laurentides Inc."),
        ("We recommend keeping Great Lakes in reserve and awarding to Laurentides.", "Extrusions Laurentides Inc."),
        ("We recommend against Outaouais and award the contract to Great Lakes.", "Great Lakes Profile Co."),
        ("If Laurentides cannot re-confirm, we recommend Great Lakes.", "Great Lakes Profile Co."),
        ("We recommend Great Lakes over Laurentides.", "Great Lakes Profile Co."),
        ("Award: Great Lakes Profile Co", "Great Lakes Profile Co."),
        ("Three quotations were received from Laurentides, Great Lakes and Outaouais.", None),
        ("We recommend a further tender.", None),
    ],
)
def test_recommended_party(text, expected):
    assert recommended_party(text, CANDIDATES) == expected


def test_recommended_party_with_plain_list_and_legal_suffix_optional():
    names = ["Extrusions Laurentides Inc.", "Great Lakes Profile Co."]
    text = "We recommend Extrusions Laurentides; the fallback is Great Lakes Profile."
    assert recommended_party(text, names) == "Extrusions Laurentides Inc."
    assert recommended_party(None, names) is None
    assert recommended_party("We recommend X", []) is None


# ---------------------------------------------------------------- sections

MD = """# Supplier evaluation
Intro text.

## 3. Recommendations
We recommend Laurentides.

### Fallback
Great Lakes.

## Section 4 — Risks and conditions
Validity lapsed.

**Next steps**
Re-confirm validity.
"""


def test_find_section_markdown_numbering_plural_and_subsections():
    assert find_section(MD, "Recommendation") == "We recommend Laurentides.\n\n### Fallback\nGreat Lakes."
    assert find_section(MD, "risks") .startswith("Validity lapsed.")
    assert find_section(MD, "Next steps") == "Re-confirm validity."
    assert find_section(MD, "Budget") is None
    assert find_section(MD, "Budget", "Fallback") == "Great Lakes."


def test_find_section_exact_beats_partial():
    md = "## Risk register summary\nA\n## Summary\nB\n"
    assert find_section(md, "summary") == "B"
    assert find_section(md, "summary", fuzzy=False) == "B"
    assert find_section(md, "register", fuzzy=False) is None
    assert find_section(md, "register") == "A"


def test_find_section_document_roman_and_section_numbering():
    doc = Document(
        "memo.docx",
        [
            Paragraph("To the committee"),
            Paragraph("III. Findings", heading_level=1),
            Paragraph("Validity lapsed."),
            Paragraph("Detail", heading_level=2),
            Paragraph("More."),
            Paragraph("Section 3 \u2014 Recommendation", heading_level=1),
            Paragraph("We recommend Laurentides."),
        ],
        [],
    )
    assert find_section(doc, "findings") == "Validity lapsed.\nDetail\nMore."
    assert find_section(doc, "recommendation") == "We recommend Laurentides."


def test_find_section_document_without_heading_styles():
    doc = Document("m.docx", [Paragraph("1. Findings"), Paragraph("Validity lapsed."),
                              Paragraph("Recommendation:"), Paragraph("We recommend A.")], [])
    assert find_section(doc, "findings") == "Validity lapsed."
    assert find_section(doc, "recommendation") == "We recommend A."


def test_find_section_empty_body_and_garbage(garbage_values):
    assert find_section("## Risks\n## Other\nx", "Risks") == ""
    for g in garbage_values:
        assert find_section(g, "x") is None


def test_section_titles_present():
    found, missing = section_titles_present(
        MD, [["Recommendation"], ["Risk assessment", "Risks"], ["Budget", "Cost summary"], []]
    )
    assert found == ["Recommendation", "Risk assessment"]
    assert missing == ["Budget"]


def test_sentence_str():
    assert str(Sentence("a", 0, 1)) == "a"


@pytest.mark.parametrize(
    "title, key",
    [
        ("III. Findings", "findings"), ("Section 3 \u2014 Recommendation", "recommendation"),
        ("3.2 Scope", "scope"), ("3.2. Scope", "scope"), ("XIV) Annex", "annex"), ("iv - Risks", "risks"),
        ("Mix: sourcing", "mix: sourcing"), ("Did it work", "did it work"), ("**Risks:**", "risks"),
    ],
)
def test_heading_key_strips_numbering_only(title, key):
    from whitecollar.grading.text import heading_key

    assert heading_key(title) == key


def test_helpers_accept_documents_lists_and_failures():
    from whitecollar.grading.text import as_text
    from whitecollar.office.model import Failure

    doc = Document("m.docx", [Paragraph("The validity of Laurentides has lapsed.")], [[["Payment terms", "validity 90 days"]]])
    assert [s.text for s in sentences_with(doc, all_of=["Laurentides", "validity"])] == [
        "The validity of Laurentides has lapsed."
    ]
    assert contains_term(["first issue", "validity lapsed"], "validity")
    failure = Failure("out/memo.docx", "not delivered")
    assert as_text(failure) == "" and split_sentences(failure) == []
    assert not contains_term(failure, "memo")  # never the repr of the object


def test_sections_in_order_prefers_exact_headings_over_titles_that_contain_them():
    from whitecollar.grading.text import sections_in_order
    from whitecollar.office.model import Document, Paragraph

    def doc(*titles):
        return Document("m.docx", [Paragraph(t, "Heading 1", 1) for t in titles], [])

    sections = [["Purpose"], ["Recommendation"], ["Next steps"]]
    assert sections_in_order(doc("Award recommendation", "1. Purpose", "2. Recommendation", "3. Next steps"), sections)
    assert not sections_in_order(doc("1. Purpose", "2. Next steps", "3. Recommendation"), sections)
    assert not sections_in_order(doc("1. Purpose", "2. Recommendation"), sections)
    assert sections_in_order(doc("PURPOSE", "Our recommendation", "Next Steps"), sections)
