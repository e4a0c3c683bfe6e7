"""The portal application at HTTP level (Flask's test client): the happy path and every refusal.

Each refusal must come with its own status and leave nothing in out/.
"""

from __future__ import annotations

import json

import pytest
from portal_helpers import CREDS, submissions_path

AWARD = {
    "recommended_supplier": "Extrusions Laurentides Inc.",
    "total_landed_cost_cad": "1,192,255.00",
    "compliant_quotations": "4",
    "conditions": "Re-confirmation of prices in writing before award.",
}


def _nothing_written(ws) -> bool:
    return not (ws / "out" / "portal").exists() and not any((ws / "out").iterdir())


# -- signing in ------------------------------------------------------------------------


def test_login_page_is_public_and_sets_no_session(client):
    r = client.get("/login")
    assert r.status_code == 200
    assert b'name="password"' in r.data
    assert "Set-Cookie" not in r.headers


def test_correct_credentials_open_a_session_with_a_safe_cookie(client):
    r = client.post("/login", data={"username": CREDS.username, "password": CREDS.password})
    assert r.status_code == 303 and r.headers["Location"].endswith("/documents")
    cookie = r.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert client.get("/documents").status_code == 200


@pytest.mark.parametrize(
    "username, password",
    [
        (CREDS.username, "wrong"),
        ("someone-else", CREDS.password),
        ("", ""),
        (CREDS.username, CREDS.password + " "),
    ],
)
def test_wrong_credentials_are_refused_with_401(client, portal_ws, username, password):
    r = client.post("/login", data={"username": username, "password": password})
    assert r.status_code == 401
    assert b"not correct" in r.data
    assert client.get("/documents").status_code == 303  # still no session
    assert _nothing_written(portal_ws)


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/documents",
        "/documents/inputs/evaluation-criteria.md",
        "/records",
        "/records/suppliers",
        "/forms",
        "/forms/award",
        "/no/such/page",
    ],
)
def test_every_page_needs_a_session(client, path):
    r = client.get(path)
    assert r.status_code == 303
    assert "/login?next=" in r.headers["Location"]


def test_unauthenticated_submission_is_refused_with_401(client, portal_ws):
    r = client.post("/forms/award", data=AWARD)
    assert r.status_code == 401
    assert _nothing_written(portal_ws)


def test_login_returns_to_the_page_asked_for_but_never_off_site(client):
    ok = client.post("/login?next=/records/suppliers", data={"username": CREDS.username, "password": CREDS.password})
    assert ok.headers["Location"].endswith("/records/suppliers")
    client.post("/logout")
    off = client.post("/login?next=//evil.example/x", data={"username": CREDS.username, "password": CREDS.password})
    assert off.headers["Location"].endswith("/documents")


def test_logout_ends_the_session(signed_in):
    assert signed_in.post("/logout").status_code == 303
    assert signed_in.get("/documents").status_code == 303


# -- loopback only -----------------------------------------------------------------------


@pytest.mark.parametrize("addr", ["10.0.0.5", "192.168.1.20", "8.8.8.8", "::ffff:10.0.0.5", "fe80::1", None])
def test_requests_from_outside_loopback_are_refused_with_403(app, portal_ws, addr):
    c = app.test_client()
    env = {"REMOTE_ADDR": addr}
    assert c.get("/login", environ_base=env).status_code == 403
    r = c.post("/login", data={"username": CREDS.username, "password": CREDS.password}, environ_base=env)
    assert r.status_code == 403 and "Set-Cookie" not in r.headers
    assert _nothing_written(portal_ws)


def test_a_signed_in_session_is_still_refused_from_outside_loopback(signed_in, portal_ws):
    r = signed_in.post("/forms/award", data=AWARD, environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert r.status_code == 403
    assert _nothing_written(portal_ws)


@pytest.mark.parametrize("addr", ["127.0.0.1", "127.8.9.10", "::1"])
def test_loopback_addresses_are_served(app, addr):
    assert app.test_client().get("/login", environ_base={"REMOTE_ADDR": addr}).status_code == 200


def test_a_foreign_host_header_is_refused(client):
    assert client.get("/login", headers={"Host": "portal.evil.example"}).status_code == 400


# -- the document library ----------------------------------------------------------------


def test_library_lists_every_document_with_a_link_that_serves_the_input(signed_in, portal_ws):
    desc = json.loads((portal_ws / "portal" / "portal.json").read_text())
    page = signed_in.get("/documents").get_data(as_text=True)
    for doc in desc["documents"]:
        assert doc["title"] in page
        assert f'href="/documents/{doc["path"]}"' in page
        r = signed_in.get(f"/documents/{doc['path']}")
        assert r.status_code == 200, doc["path"]
        assert r.data == (portal_ws / doc["path"]).read_bytes()


def test_text_documents_show_inline_and_office_files_download(signed_in):
    md = signed_in.get("/documents/inputs/evaluation-criteria.md")
    assert md.headers["Content-Type"].startswith("text/plain") and "attachment" not in md.headers.get(
        "Content-Disposition", ""
    )
    docx = signed_in.get("/documents/inputs/RFQ-PRD-2025-041.docx")
    assert "attachment" in docx.headers["Content-Disposition"]
    assert docx.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(
    "path, codes",
    [
        ("/documents/inputs/../task.json", {404}),
        ("/documents/inputs/../../../../etc/passwd", {404}),
        ("/documents/inputs/quotations/../../BRIEF.md", {404}),
        ("/documents/inputs%2F..%2Ftask.json", {400}),
        ("/documents/inputs%2f..%2ftask.json", {400}),
        ("/documents/inputs/%2e%2e/task.json", {404}),
        ("/documents/inputs%252F..%252Ftask.json", {400}),
        ("/documents/inputs/%252e%252e/task.json", {400}),
        ("/documents//etc/passwd", {404}),
        ("/documents/%2Fetc%2Fpasswd", {400}),
        ("/documents/etc/passwd", {404}),
        ("/documents/portal/portal.json", {404}),
        ("/documents/MANIFEST.sha256", {404}),
        ("/documents/inputs", {404}),
        ("/documents/inputs/quotations", {404}),
        ("/documents/inputs/quotations/QUOTATION-ALUMIFORM-ONTARIO.PDF", {404}),
        ("/documents/inputs\\..\\task.json", {400, 404}),
        ("/documents/inputs/%5c..%5ctask.json", {400}),
        ("/documents/inputs/evaluation-criteria.md%00.pdf", {400}),
    ],
)
def test_paths_outside_the_library_are_refused(signed_in, path, codes):
    r = signed_in.get(path)
    assert r.status_code in codes, (path, r.status_code)
    assert b"task.json" not in r.data or r.status_code != 200


def test_an_input_that_is_not_listed_is_not_served(signed_in, portal_ws):
    (portal_ws / "inputs" / "unlisted.txt").write_text("not in portal.json")
    assert signed_in.get("/documents/inputs/unlisted.txt").status_code == 404


def test_a_listed_input_replaced_by_a_link_out_of_inputs_is_not_served(signed_in, portal_ws):
    target = portal_ws / "inputs" / "evaluation-criteria.md"
    target.unlink()
    target.symlink_to(portal_ws / "task.json")
    assert signed_in.get("/documents/inputs/evaluation-criteria.md").status_code == 404


# -- record tables ------------------------------------------------------------------------


def test_record_table_shows_every_row_and_column(signed_in, portal_ws):
    desc = json.loads((portal_ws / "portal" / "portal.json").read_text())
    rec = desc["records"][0]
    page = signed_in.get(f"/records/{rec['id']}").get_data(as_text=True)
    for col in rec["columns"]:
        assert f"<th>{col}</th>" in page
    for row in rec["rows"]:
        for cell in row:
            assert f"<td>{cell}</td>" in page
    assert rec["title"] in signed_in.get("/records").get_data(as_text=True)


def test_unknown_record_table_is_404(signed_in):
    assert signed_in.get("/records/nope").status_code == 404


# -- forms -------------------------------------------------------------------------------


def test_form_renders_every_field_with_its_limits(signed_in):
    page = signed_in.get("/forms/award").get_data(as_text=True)
    for name, limit in (
        ("recommended_supplier", 200),
        ("total_landed_cost_cad", 30),
        ("compliant_quotations", 5),
        ("conditions", 2000),
    ):
        assert f'name="{name}"' in page and f'maxlength="{limit}"' in page
    assert "<textarea" in page


def test_a_valid_submission_is_recorded_once_typed_and_confirmed(signed_in, portal_ws):
    r = signed_in.post("/forms/award", data=AWARD)
    assert r.status_code == 303 and r.headers["Location"].endswith("/forms/award/submissions/1")
    lines = submissions_path(portal_ws).read_text().splitlines()
    assert len(lines) == 1
    rec = json.loads(lines[0])
    assert rec["form_id"] == "award" and rec["id"] == 1 and rec["user"] == CREDS.username
    assert rec["fields"] == {
        "recommended_supplier": "Extrusions Laurentides Inc.",
        "total_landed_cost_cad": 1192255.0,
        "compliant_quotations": 4,
        "conditions": "Re-confirmation of prices in writing before award.",
    }
    assert rec["received_at"].endswith("Z")
    page = signed_in.get(r.headers["Location"]).get_data(as_text=True)
    assert "Submission 1 recorded" in page and "Extrusions Laurentides Inc." in page
    second = signed_in.post("/forms/award", data=dict(AWARD, conditions=""))
    assert second.headers["Location"].endswith("/submissions/2")
    assert [json.loads(x)["id"] for x in submissions_path(portal_ws).read_text().splitlines()] == [1, 2]
    assert json.loads(submissions_path(portal_ws).read_text().splitlines()[1])["fields"]["conditions"] == ""


def test_a_json_submission_is_accepted_too(signed_in, portal_ws):
    r = signed_in.post("/forms/award", json={**AWARD, "compliant_quotations": 4})
    assert r.status_code == 303
    assert json.loads(submissions_path(portal_ws).read_text())["fields"]["compliant_quotations"] == 4


def test_unknown_form_is_404(signed_in, portal_ws):
    assert signed_in.get("/forms/nope").status_code == 404
    assert signed_in.post("/forms/nope", data=AWARD).status_code == 404
    assert signed_in.get("/forms/award/submissions/1").status_code == 404
    assert _nothing_written(portal_ws)


@pytest.mark.parametrize(
    "change, field, reason",
    [
        ({"recommended_supplier": ""}, "recommended_supplier", "is required"),
        ({"recommended_supplier": "   "}, "recommended_supplier", "is required"),
        ({"total_landed_cost_cad": None}, "total_landed_cost_cad", "is required"),
        ({"recommended_supplier": "x" * 201}, "recommended_supplier", "more than the 200 allowed"),
        ({"conditions": "y" * 2001}, "conditions", "more than the 2000 allowed"),
        ({"total_landed_cost_cad": "about 1.2M"}, "total_landed_cost_cad", "is not a number"),
        ({"total_landed_cost_cad": "1.2.3"}, "total_landed_cost_cad", "is not a number"),
        ({"total_landed_cost_cad": "nan"}, "total_landed_cost_cad", "is not a number"),
        ({"compliant_quotations": "4.5"}, "compliant_quotations", "is not a whole number"),
        ({"compliant_quotations": "four"}, "compliant_quotations", "is not a whole number"),
        ({"recommended_supplier": "Alumiform\nOntario"}, "recommended_supplier", "single line"),
        ({"conditions": "bell\x07"}, "conditions", "control characters"),
        ({"approved_by": "me"}, "", "unknown field"),
    ],
)
def test_invalid_submissions_are_refused_with_422_and_the_reason(signed_in, portal_ws, change, field, reason):
    data = {k: v for k, v in {**AWARD, **change}.items() if v is not None}
    r = signed_in.post("/forms/award", data=data)
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "The submission was not recorded" in page and reason in page
    assert _nothing_written(portal_ws)


def test_a_field_given_twice_is_refused(signed_in, portal_ws):
    body = "&".join(f"{k}={v}" for k, v in AWARD.items() if k != "conditions") + "&compliant_quotations=5"
    r = signed_in.post("/forms/award", data=body, content_type="application/x-www-form-urlencoded")
    assert r.status_code == 422 and b"more than once" in r.data
    assert _nothing_written(portal_ws)


def test_a_malformed_json_submission_is_refused(signed_in, portal_ws):
    assert signed_in.post("/forms/award", data="[1, 2", content_type="application/json").status_code == 400
    assert signed_in.post("/forms/award", json={**AWARD, "conditions": {"x": 1}}).status_code == 422
    assert _nothing_written(portal_ws)


def test_an_oversized_body_is_refused_with_413(signed_in, portal_ws):
    r = signed_in.post("/forms/award", data={**AWARD, "conditions": "z" * 200_000})
    assert r.status_code == 413
    assert _nothing_written(portal_ws)


def test_refused_form_keeps_what_was_typed_escaped(signed_in):
    r = signed_in.post("/forms/award", data={**AWARD, "compliant_quotations": "<b>x</b>"})
    assert r.status_code == 422
    assert b"&lt;b&gt;x&lt;/b&gt;" in r.data and b"<b>x</b>" not in r.data


def test_pages_forbid_scripts_and_framing(signed_in):
    csp = signed_in.get("/documents").headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp and "script-src" not in csp
