"""Reading portal.json: what may be served, perturbations, and descriptions refused at start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from portal_helpers import CREDS, token_client

from whitecollar.lab.portal import PortalError
from whitecollar.lab.portal.app import create_app
from whitecollar.lab.portal.description import load


def _edit(ws: Path, change) -> None:
    path = ws / "portal" / "portal.json"
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_proc01_description_loads_with_everything_it_lists(portal_ws):
    d = load(portal_ws)
    assert len(d.documents) == 9 and [f.id for f in d.forms] == ["award"]
    assert [f.name for f in d.forms[0].fields] == [
        "recommended_supplier",
        "total_landed_cost_cad",
        "compliant_quotations",
        "conditions",
    ]
    assert all(d.document_file(doc).is_file() for doc in d.documents)


def test_the_lab_fields_written_at_start_are_ignored(portal_ws):
    _edit(portal_ws, lambda data: data.update(url="http://127.0.0.1:1/", username="u", password="p"))
    assert load(portal_ws).title


def test_misleading_document_title_is_shown_instead_of_the_real_one(portal_ws):
    path = "inputs/quotations/quotation-profiles-outaouais.pdf"
    _edit(portal_ws, lambda data: data["perturbations"].update(document_titles={path: "Approved vendor list 2026"}))
    d = load(portal_ws)
    assert d.document(path).title == "Approved vendor list 2026"
    c = token_client(create_app(d, CREDS))
    c.post("/login", data={"username": CREDS.username, "password": CREDS.password})
    page = c.get("/documents").get_data(as_text=True)
    assert "Approved vendor list 2026" in page and "Quotation — Profilés Outaouais Inc." not in page


def test_field_order_perturbation_reorders_the_form_and_keeps_the_others(portal_ws):
    _edit(
        portal_ws,
        lambda data: data["perturbations"].update(field_order={"award": ["conditions", "compliant_quotations"]}),
    )
    form = load(portal_ws).form("award")
    assert [f.name for f in form.fields] == [
        "conditions",
        "compliant_quotations",
        "recommended_supplier",
        "total_landed_cost_cad",
    ]
    c = token_client(create_app(load(portal_ws), CREDS))
    c.post("/login", data={"username": CREDS.username, "password": CREDS.password})
    page = c.get("/forms/award").get_data(as_text=True)
    assert (
        page.index('name="conditions"')
        < page.index('name="compliant_quotations"')
        < page.index('name="recommended_supplier"')
    )


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda d: d["documents"].append({"title": "x", "path": "task.json"}), "must point into inputs/"),
        (lambda d: d["documents"].append({"title": "x", "path": "inputs/../task.json"}), "not a plain path"),
        (lambda d: d["documents"].append({"title": "x", "path": "inputs/missing.pdf"}), "not a file"),
        (lambda d: d["documents"].append(dict(d["documents"][0])), "duplicate document path"),
        (lambda d: d["forms"][0]["fields"][0].update(type="date"), "has type 'date'"),
        (lambda d: d["forms"][0]["fields"][0].update(max_length=0), "positive integer max_length"),
        (lambda d: d["forms"][0].update(id="../award"), "short identifier"),
        (lambda d: d["records"][0]["rows"].append(["only one cell"]), "does not have 8 cells"),
        (lambda d: d["perturbations"].update(hidden_banner="x"), "unknown perturbation"),
        (lambda d: d["perturbations"].update(field_order={"award": ["nope"]}), "distinct fields of the form"),
        (lambda d: d["perturbations"].update(field_order={"nope": []}), "forms that do not exist"),
        (lambda d: d["perturbations"].update(document_titles={"inputs/other.pdf": "x"}), "not listed"),
        (lambda d: d.update(schema_version=99), "schema_version"),
    ],
)
def test_a_description_the_portal_cannot_serve_faithfully_is_refused(portal_ws, change, reason):
    _edit(portal_ws, change)
    with pytest.raises(PortalError, match=reason):
        load(portal_ws)


def test_a_listed_document_that_is_a_link_out_of_inputs_is_refused(portal_ws, tmp_path):
    outside = tmp_path / "secret.txt"
    outside.write_text("not for the worker")
    (portal_ws / "inputs" / "link.txt").symlink_to(outside)
    _edit(portal_ws, lambda d: d["documents"].append({"title": "x", "path": "inputs/link.txt"}))
    with pytest.raises(PortalError, match="leads out of inputs"):
        load(portal_ws)


def test_missing_or_broken_description_is_refused(portal_ws):
    (portal_ws / "portal" / "portal.json").write_text("{not json")
    with pytest.raises(PortalError, match="unreadable"):
        load(portal_ws)
    (portal_ws / "portal" / "portal.json").unlink()
    with pytest.raises(PortalError, match="no portal description"):
        load(portal_ws)
