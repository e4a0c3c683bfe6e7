"""Reproducible .eml messages (RFC 5322 / MIME) with the `email` package.

Every volatile header is supplied by the caller (Date, Message-ID,
Received, Authentication-Results...), so nothing depends on the clock or
the host name. The one random thing the `email` package would add is the
multipart boundary; it is derived here from `boundary_seed` (or, without a
seed, from the message content) so the same message gives the same bytes.
Lines end in CRLF (policy SMTP), as in a message saved from a mail client.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from email import policy
from email.message import EmailMessage
from pathlib import Path

from whitecollar.atomic import write_bytes

_MIME_HEADERS = {"mime-version", "content-type", "content-transfer-encoding", "content-disposition"}


def _boundary(
    seed: str, headers: Sequence[tuple[str, str]], body: str, attachments: Sequence[tuple[str, bytes, str]]
) -> str:
    h = hashlib.sha256()
    if seed:
        h.update(seed.encode("utf-8"))
    else:
        for name, value in headers:
            h.update(f"{name}\0{value}\0".encode())
        h.update(body.encode("utf-8"))
        for filename, data, mime in attachments:
            h.update(f"{filename}\0{mime}\0".encode())
            h.update(hashlib.sha256(data).digest())
    return f"=_Part_{h.hexdigest()[:32]}"


def _body_cte(body: str) -> str:
    """7bit when plain short-lined ASCII, else quoted-printable: readable in
    a text editor (unlike base64, which the `email` package may pick by
    itself) and safe for lines longer than the 998-octet SMTP limit."""
    ascii_ok = body.isascii() and all(len(line) <= 998 for line in body.splitlines())
    return "7bit" if ascii_ok else "quoted-printable"


def message_bytes(
    *,
    headers: Sequence[tuple[str, str]],
    body: str,
    attachments: Sequence[tuple[str, bytes, str]] = (),
    boundary_seed: str = "",
) -> bytes:
    """The bytes `write_eml` writes."""
    msg = EmailMessage(policy=policy.SMTP)
    for name, value in headers:
        if name.lower() in _MIME_HEADERS:
            raise ValueError(f"{name} is set from the body and attachments, not by the caller")
        msg[name] = value
    msg.set_content(body, charset="utf-8", cte=_body_cte(body))
    for filename, data, mime in attachments:
        maintype, _, subtype = mime.partition("/")
        if not subtype:
            raise ValueError(f"attachment {filename!r}: MIME type must be type/subtype, got {mime!r}")
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    if msg.is_multipart():
        for part in msg.iter_parts():
            del part["MIME-Version"]  # the email package repeats it per part; mail clients do not
        msg.set_boundary(_boundary(boundary_seed, headers, body, attachments))
    return msg.as_bytes(policy=policy.SMTP)


def write_eml(
    path: str | os.PathLike,
    *,
    headers: list[tuple[str, str]],
    body: str,
    attachments: Sequence[tuple[str, bytes, str]] = (),
    boundary_seed: str = "",
) -> Path:
    """Write a message with headers in the order given (Received lines first
    if the caller lists them first, as a real mailbox export shows them).

    attachments are (filename, content, MIME type such as "application/pdf").
    """
    return write_bytes(
        path, message_bytes(headers=headers, body=body, attachments=attachments, boundary_seed=boundary_seed)
    )
