"""The BibTeX reader used to check a bibliography against a catalogue."""

from __future__ import annotations

import pytest

from whitecollar.office.bibtex import BibtexError, delatex, normalise_pages, parse, split_names

SAMPLE = r"""
% exported by a reference manager
@string{joe = "Journal of Econometrics"}
@comment{this is ignored {even with braces}}
@article{dechaisemartin2020,
  author = {de Chaisemartin, Cl{\'e}ment and D'Haultf{\oe}uille, Xavier},
  title = {{Two-Way Fixed Effects Estimators with Heterogeneous Treatment Effects}},
  journal = {American Economic Review},
  year = 2020, volume = {110}, number = {9},
  pages = {2964--2996},
}
@book{angrist2009,
  author = "Angrist, Joshua D. and Pischke, J{\"o}rn-Steffen",
  title = "Mostly Harmless {E}conometrics",
  publisher = {Princeton University Press},
  year = {2009}
}
@ARTICLE(sun2021,
  author = {Liyang Sun and Sarah Abraham},
  journal = joe # { (special issue)},
  pages = {175 -- 199}
)
"""


def test_entries_fields_accents_and_macros():
    entries = parse(SAMPLE)
    assert [e.key for e in entries] == ["dechaisemartin2020", "angrist2009", "sun2021"]
    d = entries[0]
    assert d.type == "article" and d.get("year") == "2020" and d.get("number") == "9"
    assert d.get("title") == "Two-Way Fixed Effects Estimators with Heterogeneous Treatment Effects"
    assert d.authors == [("de Chaisemartin", "Clément"), ("D'Haultfœuille", "Xavier")]
    assert entries[1].authors[1] == ("Pischke", "Jörn-Steffen")
    assert entries[1].get("title") == "Mostly Harmless Econometrics"
    assert entries[2].type == "article" and entries[2].get("journal") == "Journal of Econometrics (special issue)"
    assert entries[2].authors == [("Sun", "Liyang"), ("Abraham", "Sarah")]
    assert normalise_pages(entries[2].get("pages")) == "175-199"
    assert d.raw["pages"] == "2964--2996"


def test_helpers():
    assert delatex(r"{\O}rregaard, M{\o}ller \& Co.") == "Ørregaard, Møller & Co."
    assert delatex(r"Gar\c{c}on --- Na\"ive, \v{C}apek, \o ver") == "Garçon — Naïve, Čapek, øver"
    assert split_names("") == []
    assert split_names("Cameron, A. Colin and Douglas L. Miller") == [("Cameron", "A. Colin"), ("Miller", "Douglas L.")]
    assert normalise_pages("317–372") == "317-372"


def test_broken_syntax_says_where():
    with pytest.raises(BibtexError, match="line"):
        parse("@article{x,\n  title = {unclosed\n")
    with pytest.raises(BibtexError):
        parse("@article{x, title {no equals}}")
