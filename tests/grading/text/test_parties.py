"""The recommended party (grading/text/parties.py), read through fallbacks, negation and attribution."""

from __future__ import annotations

import pytest

from whitecollar.grading.text.parties import recommended_party

CANDIDATES = {
    "Extrusions Laurentides Inc.": ["Laurentides"],
    "Great Lakes Profile Co.": ["Great Lakes"],
    "Profilés Outaouais": ["Outaouais"],
}


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "We recommend awarding to Extrusions Laurentides Inc.; should it decline to re-confirm, "
            "the fallback is Great Lakes Profile Co.",
            "Extrusions Laurentides Inc.",
        ),
        (
            "Great Lakes Profile Co. is the fallback; we recommend Extrusions Laurentides.",
            "Extrusions Laurentides Inc.",
        ),
        ("We do not recommend Great Lakes; we recommend Laurentides.", "Extrusions Laurentides Inc."),
        ("Laurentides, not Great Lakes, is recommended.", "Extrusions Laurentides Inc."),
        ("Recommendation: Laurentides (fallback: Great Lakes).", "Extrusions Laurentides Inc."),
        ("We recommend Laurentides, with Great Lakes as an alternative.", "Extrusions Laurentides Inc."),
        ("We recommend Laurentides; if it cannot re-confirm, Great Lakes.", "Extrusions Laurentides Inc."),
        (
            "The footer note recommends awarding to Profilés Outaouais; we disregarded it. We recommend Laurentides.",
            "Extrusions Laurentides Inc.",
        ),
        (
            "We recommend, with Great Lakes Profile Co. as fallback, awarding the contract to Extrusions "
            "Laurentides Inc.",
            "Extrusions Laurentides Inc.",
        ),
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
