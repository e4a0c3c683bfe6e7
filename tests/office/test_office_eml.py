"""write_eml: parses back, header order kept, CRLF, deterministic boundary."""

from __future__ import annotations

import email
from email import policy

import pytest

from whitecollar.office import write_eml
from whitecollar.office.eml import message_bytes

HEADERS = [
    (
        "Received",
        "from mail.boreal.example (mail.boreal.example [203.0.113.5]) by mx.client.example "
        "with ESMTPS id 4F2A1; Mon, 20 Jan 2025 09:14:02 -0500",
    ),
    (
        "Authentication-Results",
        "mx.client.example; spf=pass smtp.mailfrom=boreal.example; dkim=pass header.d=boreal.example; dmarc=pass",
    ),
    ("Date", "Mon, 20 Jan 2025 09:14:00 -0500"),
    ("Message-ID", "<20250120091400.4F2A1@boreal.example>"),
    ("From", "Hélène Côté <helene.cote@boreal.example>"),
    ("To", "Marie Tremblay <marie@client.example>"),
    ("Subject", "Facture n° 2025-014 — relance"),
    ("X-Priority", "3"),
]
BODY = "Bonjour Marie,\n\nVeuillez trouver ci-joint la facture révisée (1 250,00 $).\n\nHélène\n"
ATTACHMENTS = [
    ("facture-2025-014.pdf", b"%PDF-1.4 not really\n", "application/pdf"),
    ("lignes.csv", b"compte;montant\n4000;1250,00\n", "text/csv"),
]


@pytest.fixture
def parsed(tmp_path):
    path = write_eml(tmp_path / "m.eml", headers=HEADERS, body=BODY, attachments=ATTACHMENTS, boundary_seed="case-7")
    data = path.read_bytes()
    return data, email.message_from_bytes(data, policy=policy.default)


def test_headers_in_the_order_given(parsed):
    _, msg = parsed
    given = [name for name, _ in HEADERS]
    assert msg.keys()[: len(given)] == given
    assert msg["Subject"] == "Facture n° 2025-014 — relance"
    assert msg["From"].addresses[0].display_name == "Hélène Côté"
    assert msg["Date"].datetime.isoformat() == "2025-01-20T09:14:00-05:00"


def test_body_and_attachments_round_trip(parsed):
    _, msg = parsed
    # MIME text is canonically CRLF-delimited; the decoded lines are the same
    assert msg.get_body(("plain",)).get_content().replace("\r\n", "\n") == BODY
    got = [(a.get_filename(), a.get_content_type(), a.get_payload(decode=True)) for a in msg.iter_attachments()]
    assert got == [(n, t, d) for n, d, t in ATTACHMENTS]


def test_crlf_line_ends_and_short_lines(parsed):
    data, _ = parsed
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert max(len(line) for line in data.split(b"\r\n")) <= 78
    assert b"Content-Transfer-Encoding: quoted-printable" in data
    assert data.count(b"MIME-Version") == 1


def test_boundary_depends_on_seed_only():
    a = message_bytes(headers=HEADERS, body=BODY, attachments=ATTACHMENTS, boundary_seed="s1")
    b = message_bytes(headers=HEADERS, body=BODY, attachments=ATTACHMENTS, boundary_seed="s1")
    c = message_bytes(headers=HEADERS, body=BODY, attachments=ATTACHMENTS, boundary_seed="s2")
    assert a == b and a != c
    unseeded = message_bytes(headers=HEADERS, body=BODY, attachments=ATTACHMENTS)
    assert unseeded == message_bytes(headers=HEADERS, body=BODY, attachments=ATTACHMENTS)


def test_plain_ascii_message_is_single_part_7bit():
    data = message_bytes(headers=[("From", "a@b.example"), ("Subject", "Hi")], body="Hello.\n")
    msg = email.message_from_bytes(data, policy=policy.default)
    assert not msg.is_multipart()
    assert msg["Content-Transfer-Encoding"] == "7bit"


def test_caller_may_not_set_mime_headers():
    with pytest.raises(ValueError):
        message_bytes(headers=[("Content-Type", "text/html")], body="x")
