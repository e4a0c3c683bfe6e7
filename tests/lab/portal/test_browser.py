"""The portal in a real headless Chromium (Debian's chromium driven by Playwright, no browser download).

One portal and one browser for the module: a worker of arm A4 signs in,
opens documents, reads the supplier table and submits PROC-01's award form,
and the submission is found in out/portal/submissions.jsonl.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright
from portal_helpers import TASK, submissions_path

from whitecollar.benchmark.scenario import load_scenario
from whitecollar.lab.portal.browser import chromium_available, launch
from whitecollar.lab.portal.runner import start_portal
from whitecollar.lab.workspace import compose

pytestmark = pytest.mark.skipif(
    not chromium_available(), reason="/usr/bin/chromium missing: run tools/install-system-packages.sh"
)


@pytest.fixture(scope="module")
def ws(generated, tmp_path_factory) -> Path:
    bundle, _ = generated(TASK)
    return compose(bundle, tmp_path_factory.mktemp("browser") / "ws", portal=True, task_id=TASK)


@pytest.fixture(scope="module")
def portal(ws, tmp_path_factory):
    with start_portal(ws, tmp_path_factory.mktemp("run") / "portal.log") as handle:
        yield handle


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as pw:
        b = launch(pw)
        yield b
        b.close()


@pytest.fixture(scope="module")
def page(browser, portal):
    context = browser.new_context()
    page = context.new_page()
    page.goto(portal.url + "documents")
    assert "/login" in page.url  # no session yet
    page.fill("#username", portal.username)
    page.fill("#password", portal.password)
    page.click("button.primary")
    page.wait_for_url("**/documents")
    yield page
    context.close()


def test_wrong_password_stays_on_the_sign_in_page(browser, portal):
    context = browser.new_context()
    p = context.new_page()
    p.goto(portal.url + "login")
    p.fill("#username", portal.username)
    p.fill("#password", "not the password")
    with p.expect_response(lambda r: r.url.endswith("/login") and r.request.method == "POST") as resp:
        p.click("button.primary")
    assert resp.value.status == 401
    assert "not correct" in p.inner_text("[role=alert]")
    assert not any(c["name"] == "portal_session" for c in context.cookies())
    context.close()


def test_session_cookie_is_httponly_and_strict(page):
    cookie = next(c for c in page.context.cookies() if c["name"] == "portal_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"


def test_open_documents_from_the_library(page, portal, ws):
    page.goto(portal.url + "documents")
    rows = page.locator("#documents tbody tr")
    assert rows.count() == 9
    page.click("text=Evaluation criteria")
    page.wait_for_url("**/documents/inputs/evaluation-criteria.md")
    assert page.inner_text("body").startswith("# Evaluation criteria")
    page.goto(portal.url + "documents")
    with page.expect_response(lambda r: r.url.endswith(".pdf")) as resp:
        page.click("text=Quotation — Alumiform Ontario Ltd.")
    assert resp.value.status == 200 and resp.value.headers["content-type"] == "application/pdf"
    pdf = page.context.request.get(resp.value.url)  # same cookies as the page
    assert pdf.body() == (ws / "inputs" / "quotations" / "quotation-alumiform-ontario.pdf").read_bytes()


def test_read_the_supplier_record_table(page, portal, ws):
    page.goto(portal.url + "records")
    page.click("text=Suppliers who answered RFQ")
    table = page.locator("#record-suppliers")
    headers = table.locator("thead th").all_inner_texts()
    rows = [r.locator("td").all_inner_texts() for r in table.locator("tbody tr").all()]
    desc = json.loads((ws / "portal" / "portal.json").read_text())["records"][0]
    assert [h.casefold() for h in headers] == [c.casefold() for c in desc["columns"]]
    assert rows == desc["rows"]


def test_submit_the_award_form_and_find_it_collected(page, portal, ws):
    answers = load_scenario(TASK).solver.portal_answers(ws, "reference")["award"]
    page.goto(portal.url + "forms")
    page.click("text=Award recommendation")
    page.fill("#f-recommended_supplier", answers["recommended_supplier"])
    page.fill("#f-total_landed_cost_cad", "not a number")
    page.fill("#f-compliant_quotations", answers["compliant_quotations"])
    page.fill("#f-conditions", answers["conditions"])
    page.click("button.primary")
    assert "not a number" in page.inner_text(".notice.bad")
    assert not submissions_path(ws).exists()
    page.fill("#f-total_landed_cost_cad", answers["total_landed_cost_cad"])
    page.click("button.primary")
    page.wait_for_selector("#confirmation")
    assert "recorded" in page.inner_text("#confirmation")
    assert page.inner_text("dd[data-field=recommended_supplier]") == answers["recommended_supplier"]
    recs = [json.loads(x) for x in submissions_path(ws).read_text().splitlines()]
    assert len(recs) == 1 and recs[0]["form_id"] == "award"
    assert recs[0]["fields"]["recommended_supplier"] == answers["recommended_supplier"]
    assert recs[0]["fields"]["total_landed_cost_cad"] == pytest.approx(float(answers["total_landed_cost_cad"]))
    assert recs[0]["fields"]["compliant_quotations"] == int(answers["compliant_quotations"])
    assert recs[0]["fields"]["conditions"] == answers["conditions"]


def test_the_forms_own_post_carries_its_token_and_origin(page, portal, ws):
    before = submissions_path(ws).read_text().count("\n") if submissions_path(ws).exists() else 0
    answers = load_scenario(TASK).solver.portal_answers(ws, "reference")["award"]
    page.goto(portal.url + "forms/award")
    for name, value in answers.items():
        page.fill(f"#f-{name}", str(value))
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/forms/award")) as req:
        page.click("button.primary")
    page.wait_for_selector("#confirmation")
    assert "csrf_token=" in (req.value.post_data or "")
    assert req.value.headers.get("origin") == portal.url.rstrip("/")
    assert submissions_path(ws).read_text().count("\n") == before + 1


def test_a_page_of_another_site_cannot_post_to_the_portal(page, portal, ws):
    """A foreign page in the signed-in browser posts a complete award form: refused, nothing recorded."""
    before = submissions_path(ws).read_text() if submissions_path(ws).exists() else ""
    fields = "".join(
        f'<input name="{k}" value="1">'
        for k in ("recommended_supplier", "total_landed_cost_cad", "compliant_quotations", "conditions")
    )
    html = (
        f'<form id="f" method="post" action="{portal.url}forms/award">{fields}'
        '<input name="csrf_token" value="guessed.0"></form>'
    )
    page.route(
        "http://foreign.example/**", lambda route: route.fulfill(status=200, content_type="text/html", body=html)
    )
    page.goto("http://foreign.example/")
    with page.expect_response(lambda r: r.url.endswith("/forms/award")) as resp:
        page.eval_on_selector("#f", "f => f.submit()")
    assert resp.value.status == 403
    after = submissions_path(ws).read_text() if submissions_path(ws).exists() else ""
    assert after == before
    page.unroute("http://foreign.example/**")


def test_sign_out_posts_its_token(browser, portal):
    context = browser.new_context()
    p = context.new_page()
    p.goto(portal.url + "login")
    p.fill("#username", portal.username)
    p.fill("#password", portal.password)
    p.click("button.primary")
    p.wait_for_url("**/documents")
    with p.expect_response(lambda r: r.url.endswith("/logout") and r.request.method == "POST") as resp:
        p.click("text=Sign out")
    assert resp.value.status == 303
    p.goto(portal.url + "documents")
    assert "/login" in p.url
    context.close()
