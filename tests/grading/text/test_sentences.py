"""Sentences and clauses (grading/text/sentences.py): the units a claim is judged in, with offsets."""

from __future__ import annotations

import time

from whitecollar.grading.text.sentences import Sentence, clauses, split_sentences


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
    assert all(text[s.start : s.end] == s.text for s in sents)
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


def test_clauses():
    s = "We recommend awarding to Extrusions Laurentides Inc.; should it decline to re-confirm, the fallback is Great Lakes Profile Co."
    assert clauses(s) == [
        "We recommend awarding to Extrusions Laurentides Inc.",
        "should it decline to re-confirm",
        "the fallback is Great Lakes Profile Co.",
    ]
    assert clauses("Price is 1,234.56 but lead time is long; however quality: good") == [
        "Price is 1,234.56",
        "but lead time is long",
        "however quality",
        "good",
    ]
    assert clauses("") == []


def test_sentence_str():
    assert str(Sentence("a", 0, 1)) == "a"
