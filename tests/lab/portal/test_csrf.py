"""Forged posts: a foreign Origin is refused with 403, a missing or wrong
CSRF token with 400, and nothing is written; the portal's own pages, a JSON
client sending the header, and a curl user following portal.json still post."""

from __future__ import annotations

import json
import shlex
import subprocess

import pytest
from portal_helpers import CREDS, submissions_path

from whitecollar.lab.portal.app import create_app
from whitecollar.lab.portal.description import load
from whitecollar.lab.portal.runner import start_portal

AWARD = {
    "recommended_supplier": "Extrusions Laurentides Inc.",
    "total_landed_cost_cad": "1,192,255.00",
    "compliant_quotations": "4",
    "conditions": "Re-confirmation of prices in writing before award.",
}
LOGIN = {"username": CREDS.username, "password": CREDS.password}
HERE = "http://localhost"  # the test client's own origin


def _nothing_written(ws) -> bool:
    return not submissions_path(ws).exists()


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://localhost:8080", "https://localhost"])
def test_a_form_post_from_another_origin_is_refused(signed_in, portal_ws, origin):
    r = signed_in.post("/forms/award", data=AWARD, headers={"Origin": origin})
    assert r.status_code == 403
    assert b"another site" in r.data
    assert _nothing_written(portal_ws)


def test_a_cross_site_fetch_is_refused_even_without_origin(signed_in, portal_ws):
    r = signed_in.post("/forms/award", data=AWARD, headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    assert _nothing_written(portal_ws)


def test_a_sign_in_from_another_origin_opens_no_session(client):
    r = client.post("/login", data=LOGIN, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and "Set-Cookie" not in r.headers
    assert client.get("/documents").status_code == 303


def test_a_form_post_without_the_token_is_refused(signed_in, portal_ws):
    r = signed_in.post("/forms/award", data=AWARD, token=None, headers={"Origin": HERE})
    assert r.status_code == 400
    assert b"CSRF token is missing" in r.data
    assert _nothing_written(portal_ws)


def test_a_sign_in_without_the_token_is_refused(client):
    r = client.post("/login", data=LOGIN, token=None)
    assert r.status_code == 400
    assert client.get("/documents").status_code == 303


def test_a_token_of_another_portal_or_session_is_refused(app, portal_ws, signed_in):
    other = create_app(load(portal_ws), CREDS)  # another run's portal: another secret
    other.test_client_class = type(signed_in)
    foreign = other.test_client().page_token("/login")
    assert signed_in.post("/forms/award", data=AWARD, token=foreign).status_code == 400
    before_sign_in = app.test_client().page_token("/login")  # bound to no session
    assert signed_in.post("/forms/award", data=AWARD, token=before_sign_in).status_code == 400
    assert signed_in.post("/forms/award", data=AWARD, token="forged.0000").status_code == 400
    assert _nothing_written(portal_ws)


def test_the_portals_own_form_posts_with_its_token_and_same_origin(signed_in, portal_ws):
    r = signed_in.post("/forms/award", data=AWARD, headers={"Origin": HERE})
    assert r.status_code == 303
    rec = json.loads(submissions_path(portal_ws).read_text(encoding="utf-8"))
    assert "csrf_token" not in rec["fields"]  # the token is checked, never recorded
    assert rec["fields"]["recommended_supplier"] == AWARD["recommended_supplier"]


def test_a_json_post_carries_the_token_in_a_header(signed_in, portal_ws):
    assert signed_in.post("/forms/award", json=AWARD, token=None).status_code == 400
    assert _nothing_written(portal_ws)
    assert signed_in.post("/forms/award", json=AWARD).status_code == 303


def test_every_form_of_the_portal_carries_a_token(signed_in):
    for page in ("/forms/award", "/documents"):  # the award form; the sign-out form on every page
        assert b'name="csrf_token"' in signed_in.get(page).data
    assert b'name="csrf_token"' in signed_in.application.test_client().get("/login").data


def test_a_curl_user_following_portal_json_signs_in_and_submits(portal_ws, tmp_path):
    """The recipe the worker reads in portal.json, run with real curl against the real server."""
    with start_portal(portal_ws, tmp_path / "portal.log") as running:
        published = json.loads((portal_ws / "portal" / "portal.json").read_text(encoding="utf-8"))
        how = published["how_to_post"]
        sign_in = how[how.index("T=$(curl") : how.index(" ; then")]
        submit = how[how.index("then submit a form: ") + len("then submit a form: ") : how.index(" ... ")]
        fields = " ".join(f"--data-urlencode {shlex.quote(k + '=' + v)}" for k, v in AWARD.items())
        script = "set -e; cd {}; {} >/dev/null; {} -o /dev/null -w '%{{http_code}}' {} {}forms/award".format(
            shlex.quote(str(tmp_path)),
            sign_in.replace("USER", shlex.quote(running.username)).replace("PASS", shlex.quote(running.password)),
            submit.replace("FORM_ID", "award").replace(" --data-urlencode FIELD=VALUE", ""),
            fields,
            running.url,
        )
        url = running.url
        done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
        assert done.stdout.strip() == "303", done.stderr
        forged = subprocess.run(
            [
                "curl",
                "-s",
                "-o",
                "/dev/null",
                "-w",
                "%{http_code}",
                "-b",
                str(tmp_path / "jar"),
                "-H",
                "Origin: http://evil.example",
                "-d",
                "recommended_supplier=x",
                f"{url}forms/award",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert forged.stdout.strip() == "403"
    lines = submissions_path(portal_ws).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["fields"]["compliant_quotations"] == 4
