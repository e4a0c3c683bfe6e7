"""read_eml: the messages write_eml writes read back; garbage is a Failure."""

from __future__ import annotations

import os

from whitecollar.office import write_eml
from whitecollar.office.eml_reader import authentication_results, message_id_key, parse_eml, read_eml
from whitecollar.office.model import Failure

HEADERS = [
    (
        "Received",
        "from mail.bank.example (mail.bank.example [203.0.113.9]) by mx.boreal.example "
        "with ESMTPS id 7A1; Wed, 19 Nov 2025 09:05:12 -0500",
    ),
    (
        "Authentication-Results",
        "mx.boreal.example; spf=softfail smtp.mailfrom=bank.example; "
        "dkim=fail (signature did not verify) header.d=bank.example; dmarc=fail header.from=bank.example",
    ),
    ("Date", "Wed, 19 Nov 2025 09:05:10 -0500"),
    ("Message-ID", "<20251119090510.7A1@mail.bank.example>"),
    ("From", "Valérie Hébert-Fortin <valerie@bank.example>"),
    ("Reply-To", "securite@other.example"),
    ("To", "Élise Murray <elise@boreal.example>"),
    ("Cc", "A B <a@boreal.example>, c@boreal.example"),
    ("Subject", "Validation requise — accès suspendu"),
    ("In-Reply-To", "<abc@x.example>"),
    ("References", "<zzz@x.example> <abc@x.example>"),
]
BODY = "Bonjour,\n\nVeuillez confirmer les signataires autorisés d'ici 24 heures.\n\nV. H.-F.\n819-555-0199\n"


def test_round_trip(tmp_path):
    p = write_eml(
        tmp_path / "m.eml", headers=HEADERS, body=BODY, attachments=[("note.pdf", b"%PDF-1.4 x", "application/pdf")]
    )
    m = read_eml(p)
    assert not isinstance(m, Failure), m
    assert m.message_id == "20251119090510.7A1@mail.bank.example"
    assert m.from_name == "Valérie Hébert-Fortin" and m.from_addr == "valerie@bank.example"
    assert m.from_domain == "bank.example"
    assert m.to == [("Élise Murray", "elise@boreal.example")]
    assert [a for _, a in m.cc] == ["a@boreal.example", "c@boreal.example"]
    assert m.reply_to == [("", "securite@other.example")]
    assert m.date.isoformat() == "2025-11-19T09:05:10-05:00"
    assert m.subject == "Validation requise — accès suspendu"
    assert m.body == BODY
    assert m.in_reply_to == "abc@x.example" and m.references == ["zzz@x.example", "abc@x.example"]
    assert [(a.filename, a.content_type, a.size) for a in m.attachments] == [("note.pdf", "application/pdf", 10)]
    assert m.authentication == {"spf": "softfail", "dkim": "fail", "dmarc": "fail"}
    assert m.header("received").startswith("from mail.bank.example")
    assert [k for k, _ in m.headers][:3] == ["Received", "Authentication-Results", "Date"]


def test_authentication_results_and_ids():
    assert authentication_results("mx; spf=pass smtp.mailfrom=a.example; dkim=none; dmarc=pass (p=REJECT)") == {
        "spf": "pass",
        "dkim": "none",
        "dmarc": "pass",
    }
    assert authentication_results("") == {}
    for v in ("<ABC.1@x.example>", "abc.1@X.example", " <abc.1@x.example> ", "%3Cabc.1@x.example%3E"):
        assert message_id_key(v) == "abc.1@x.example"


def test_garbage_is_a_failure(tmp_path):
    (tmp_path / "a.eml").write_bytes(b"PK\x03\x04junk")
    (tmp_path / "b.eml").write_text("just some words\nno headers at all\n")
    (tmp_path / "c.eml").write_bytes(b"")
    os.symlink("/etc/hostname", tmp_path / "d.eml")
    for name in "abcd":
        assert isinstance(read_eml(tmp_path / f"{name}.eml"), Failure), name
    assert isinstance(read_eml(tmp_path / "missing.eml"), Failure)
    assert isinstance(parse_eml(b"X-Only: header\n\nbody"), Failure)
