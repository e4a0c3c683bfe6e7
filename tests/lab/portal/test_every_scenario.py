"""Acceptance: every frozen scenario's portal.json serves every page and its forms submit."""

from __future__ import annotations

import json

import pytest
from portal_helpers import CREDS, submissions_path, token_client

from whitecollar.lab.portal.app import create_app
from whitecollar.lab.portal.description import load
from whitecollar.lab.workspace import compose
from whitecollar.paths import BENCHMARK

FROZEN = sorted(json.loads((BENCHMARK / "manifest.json").read_text(encoding="utf-8"))["scenarios"])
VALID = {"text": "Sample entry", "textarea": "Line one.\nLine two.", "number": "1234.5", "integer": "3"}


@pytest.mark.parametrize("task_id", FROZEN)
def test_frozen_scenario_portal_serves_and_its_forms_submit(generated, tmp_path, task_id):
    bundle, _ = generated(task_id)
    ws = compose(bundle, tmp_path / "ws", portal=True, task_id=task_id)
    d = load(ws)
    c = token_client(create_app(d, CREDS))
    c.post("/login", data={"username": CREDS.username, "password": CREDS.password})
    for page in ["/documents", "/records", "/forms"]:
        assert c.get(page).status_code == 200, page
    for doc in d.documents:
        assert c.get(f"/documents/{doc.path}").data == (ws / doc.path).read_bytes(), doc.path
    for rec in d.records:
        assert c.get(f"/records/{rec.id}").status_code == 200, rec.id
    for n, form in enumerate(d.forms, start=1):
        assert c.get(f"/forms/{form.id}").status_code == 200
        values = {f.name: VALID[f.type][: f.max_length] for f in form.fields}
        r = c.post(f"/forms/{form.id}", data=values)
        assert r.status_code == 303, (form.id, r.get_data(as_text=True)[:2000])
        assert c.get(r.headers["Location"]).status_code == 200
        assert len(submissions_path(ws).read_text().splitlines()) == n
