"""Reading .eml messages (RFC 5322 / MIME) into plain data, never raising.

The counterpart of `eml.write_eml` for solvers and evaluators: a saved
message becomes a `Mail` with its headers in file order, the addresses
parsed, the date as an aware datetime, the plain-text body decoded (HTML
reduced to text when there is no plain part), the attachments listed, and
the verdicts of the first Authentication-Results header (spf, dkim, dmarc)
read into a dict. A file that is not a message, a link, an empty or huge
file is a `Failure` whose reason a receipt can quote.

Message identifiers are compared without their angle brackets and without
case (`message_id_key`), because people and agents write them every way.
"""

from __future__ import annotations

import email
import html
import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr, parsedate_to_datetime
from typing import cast

from whitecollar.office.guard import DEFAULT_MAX_BYTES, read_guarded
from whitecollar.office.model import Failure

_AUTH_METHODS = ("spf", "dkim", "dmarc", "arc")


@dataclass(frozen=True)
class Attachment:
    filename: str
    content_type: str
    data: bytes = field(repr=False)

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class Mail:
    """One message: what a mail client shows, plus the headers it hides."""

    path: str
    headers: list[tuple[str, str]]
    message_id: str  # without angle brackets
    subject: str
    from_name: str
    from_addr: str
    to: list[tuple[str, str]]
    cc: list[tuple[str, str]]
    reply_to: list[tuple[str, str]]
    date: datetime | None
    in_reply_to: str
    references: list[str]
    body: str
    attachments: list[Attachment]
    authentication: dict[str, str]

    def __bool__(self) -> bool:
        return True

    def header(self, name: str) -> str | None:
        """The first header of that name (case-insensitive), or None."""
        want = name.casefold()
        return next((v for k, v in self.headers if k.casefold() == want), None)

    def header_all(self, name: str) -> list[str]:
        want = name.casefold()
        return [v for k, v in self.headers if k.casefold() == want]

    @property
    def from_domain(self) -> str:
        return self.from_addr.rpartition("@")[2].casefold()

    @property
    def recipients(self) -> list[str]:
        return [addr for _, addr in self.to + self.cc]


def message_id_key(value: str) -> str:
    """An identifier reduced for comparison: no brackets, no spaces, no case."""
    v = (value or "").strip()
    v = re.sub(r"^(?:%3c|<)+|(?:%3e|>)+$", "", v, flags=re.IGNORECASE)
    return re.sub(r"\s+", "", v).casefold()


def authentication_results(value: str) -> dict[str, str]:
    """{"spf": "pass", "dkim": "fail", "dmarc": "fail"} from one header value.

    The first word is the authserv-id; each method=result that follows is
    kept (the first occurrence of a method wins). Unknown text is ignored.
    """
    out: dict[str, str] = {}
    for m in re.finditer(r"(?<![\w.-])(" + "|".join(_AUTH_METHODS) + r")\s*=\s*([a-z]+)", value or "", re.IGNORECASE):
        out.setdefault(m.group(1).casefold(), m.group(2).casefold())
    return out


def _addresses(values: list[str]) -> list[tuple[str, str]]:
    return [(name, addr) for name, addr in getaddresses(values) if addr]


def _html_to_text(text: str) -> str:
    text = re.sub(r"(?is)<(script|style)\b.*?</\1>", "", text)
    text = re.sub(r"(?i)<br\s*/?>|</p>|</div>|</tr>|</h\d>", "\n", text)
    text = re.sub(r"<[^>]+>", "", text)
    return html.unescape(text)


def _body(msg: EmailMessage) -> str:
    part = msg.get_body(("plain", "html"))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, ValueError, AssertionError):
        payload = cast("bytes | None", part.get_payload(decode=True)) or b""
        content = payload.decode("utf-8", errors="replace")
    if not isinstance(content, str):
        content = content.decode("utf-8", errors="replace") if isinstance(content, bytes) else str(content)
    if part.get_content_type() == "text/html":
        content = _html_to_text(content)
    return content.replace("\r\n", "\n").replace("\r", "\n")


def _attachments(msg: EmailMessage) -> list[Attachment]:
    out = []
    for part in msg.iter_attachments():
        data = cast("bytes | None", part.get_payload(decode=True))  # bytes, or None for a multipart part
        if data is None:
            continue
        out.append(Attachment(part.get_filename() or "", part.get_content_type(), data))
    return out


def parse_eml(data: bytes, path: str = "<bytes>") -> Mail | Failure:
    """A Mail from the bytes of a saved message."""
    head = data[:4096].lstrip()
    if data.startswith(b"PK\x03\x04") or data.startswith(b"%PDF"):
        return Failure(path, "not an e-mail message (a zip archive or a PDF)")
    if not re.match(rb"(?im)^[!-9;-~]+:", head):
        return Failure(path, "not an e-mail message: no header line at the start")
    try:
        msg = email.message_from_bytes(data, policy=policy.default)
        headers = [(k, str(v)) for k, v in msg.items()]
        if not any(k.casefold() in ("from", "date", "message-id", "subject") for k, _ in headers):
            return Failure(path, "not an e-mail message: none of From, Date, Message-ID, Subject")
        date = None
        if msg.get("Date"):
            try:
                date = parsedate_to_datetime(str(msg["Date"]))
            except (TypeError, ValueError, IndexError):
                date = None
        from_name, from_addr = parseaddr(str(msg.get("From", "")))
        auth = authentication_results(str(msg.get("Authentication-Results", "")))
        refs = re.findall(r"<[^<>]+>", str(msg.get("References", "")))
        return Mail(
            path=path,
            headers=headers,
            message_id=re.sub(r"^<|>$", "", str(msg.get("Message-ID", "")).strip()),
            subject=str(msg.get("Subject", "")),
            from_name=from_name,
            from_addr=from_addr,
            to=_addresses(msg.get_all("To", [])),
            cc=_addresses(msg.get_all("Cc", [])),
            reply_to=_addresses(msg.get_all("Reply-To", [])),
            date=date,
            in_reply_to=re.sub(r"^<|>$", "", str(msg.get("In-Reply-To", "")).strip()),
            references=[r[1:-1] for r in refs],
            body=_body(msg),
            attachments=_attachments(msg),
            authentication=auth,
        )
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        return Failure(path, f"malformed message ({type(exc).__name__}: {exc})")


def read_eml(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES) -> Mail | Failure:
    """A saved message (.eml), or why it cannot be read."""
    data = read_guarded(path, max_bytes)
    if isinstance(data, Failure):
        return data
    return parse_eml(data, str(path))
