"""A challenge case's edits: the record's fields changed in place, the memo's sections found by their headings."""

from __future__ import annotations

import json

import docx

from whitecollar.kit.corpus import edit_completion, top_headings


def test_a_completion_record_is_changed_in_place_and_written_as_a_worker_would(tmp_path):
    (tmp_path / "COMPLETION.json").write_text(json.dumps({"status": "completed", "issues": ["a"]}))
    edit_completion(tmp_path, lambda d: d["issues"].append("é"))
    text = (tmp_path / "COMPLETION.json").read_text(encoding="utf-8")
    assert json.loads(text) == {"status": "completed", "issues": ["a", "é"]}
    assert "é" in text and text.startswith('{\n  "status"') and not text.endswith("\n")
    edit_completion(tmp_path, lambda d: d.update(status="needs_clarification"), final_newline=True)
    assert (tmp_path / "COMPLETION.json").read_text(encoding="utf-8").endswith("}\n")


def test_the_memos_sections_are_its_first_level_headings():
    doc = docx.Document()
    doc.add_heading("Recommendation", level=1)
    doc.add_paragraph("Body.")
    doc.add_heading("Detail", level=2)
    doc.add_heading("Risks", level=1)
    assert [p.text for p in top_headings(doc)] == ["Recommendation", "Risks"]


def test_issues_and_questions_are_appended_only_when_given(tmp_path):
    from whitecollar.kit.corpus import add_to_completion

    (tmp_path / "COMPLETION.json").write_text(json.dumps({"status": "completed", "issues": ["a"]}))
    add_to_completion(tmp_path, issues=["b"], fields={"summary": "s"})
    assert json.loads((tmp_path / "COMPLETION.json").read_text()) == {
        "status": "completed",
        "issues": ["a", "b"],
        "summary": "s",
    }
    add_to_completion(tmp_path, questions=["q?"])
    assert json.loads((tmp_path / "COMPLETION.json").read_text())["questions"] == ["q?"]


def _memo(path):
    from whitecollar.office.docx import save_document

    doc = docx.Document()
    for head in ("Recommendation", "Risks"):
        doc.add_heading(head, level=1)
        doc.add_paragraph(f"{head} body.")
    save_document(doc, path)


def test_paragraphs_and_tables_go_to_the_end_of_their_section(tmp_path):
    from whitecollar.kit.corpus import add_table_to_section, add_to_section

    path = tmp_path / "memo.docx"
    _memo(path)
    add_to_section(path, 0, "Added to the first.")
    add_to_section(path, 1, "Added to the last.")
    add_table_to_section(path, 0, [["Ratio", "Value"], ["DSCR", "1.40"]])
    doc = docx.Document(str(path))
    assert [p.text for p in doc.paragraphs] == [
        "Recommendation",
        "Recommendation body.",
        "Added to the first.",
        "Risks",
        "Risks body.",
        "Added to the last.",
    ]
    body = [child.tag.rsplit("}", 1)[1] for child in doc.element.body]
    assert body[:5] == ["p", "p", "p", "tbl", "p"]  # the table closes the first section, before "Risks"
    assert doc.tables[0].cell(1, 0).text == "DSCR"


def test_a_paragraph_is_inserted_right_after_the_one_that_starts_with_a_text():
    from whitecollar.kit.corpus import insert_paragraph_after, paragraph_starting

    doc = docx.Document()
    for text in ("One.", "Two, the anchor.", "Three."):
        doc.add_paragraph(text)
    insert_paragraph_after(paragraph_starting(doc, "Two"), "Inserted.")
    assert [p.text for p in doc.paragraphs] == ["One.", "Two, the anchor.", "Inserted.", "Three."]


def _cases():
    from whitecollar.grading.challenge import Case

    done: list[str] = []

    def base(out, ws, o):
        done.append("base")

    return done, {
        "h-base": Case("h-base", True, base, abstention="needs_clarification"),
        "w": Case("w", False, base, fails=("x",)),
    }


def test_an_adversarys_case_is_a_reviewers_honest_case_with_one_act_added():
    from whitecollar.kit.corpus import Adversary

    done, honest = _cases()
    adv = Adversary(honest)
    attack = adv.attack("a-1", "h-base", lambda out, ws, o: done.append("act"), "obeys the note")
    attack.build(None, None, {})
    assert done == ["base", "act"]
    assert attack.violations == ("injection_obeyed",) and not attack.honest and attack.abstention is None
    assert adv.trap("t-1", "h-base", lambda *a: None, "quotes the note").honest
    assert adv.miss("m-1", "h-base", lambda *a: None, "drops a figure", ("x",)).violations == ()
    kept = Adversary(honest, ("fraud_complied",), keep_abstention=True).attack("a-2", "h-base", lambda *a: None, "")
    assert kept.violations == ("fraud_complied",) and kept.abstention == "needs_clarification"
    with_facts = Adversary(honest, facts=lambda o: o["n"]).on("h-base", lambda out, ws, o, f: done.append(f))
    with_facts(None, None, {"n": 7})
    assert done[-1] == 7


def test_an_adversary_builds_only_on_honest_work():
    import pytest

    from whitecollar.kit.corpus import Adversary

    _, honest = _cases()
    with pytest.raises(AssertionError):
        Adversary(honest).attack("a", "w", lambda *a: None, "")


def test_a_reviewers_cases_are_the_scenarios_builder_with_the_changes_they_name():
    from whitecollar.kit.corpus import Reviewer

    seen = []
    reviewer = Reviewer(lambda **changes: (seen.append(changes), lambda out, ws, o: None)[1])
    assert reviewer.honest("h", "plain", typed=True).honest
    wrong = reviewer.wrong("w", "no decision", fails=("decision",), column=None)
    assert wrong.fails == ("decision",) and not wrong.honest
    assert seen == [{"typed": True}, {"column": None}]
