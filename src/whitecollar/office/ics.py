"""Reproducible iCalendar (.ics, RFC 5545) files.

Time zones are written from fixed rules rather than from the machine's tz
database, whose version (and so the generated VTIMEZONE) differs between
machines and years. The rules below are the ones in force since 2007 in
North America and since 1996 in the EU, which covers every date the
laboratory's scenarios use.

An event is a dict:
  uid (str), dtstamp (aware datetime, written in UTC), start, end:
    date                       -> all-day (VALUE=DATE)
    aware datetime in UTC      -> 20250120T140000Z
    aware datetime (ZoneInfo)  -> TZID=<key>, wall-clock time as given
    naive datetime + "tzid"    -> TZID=<tzid>
    naive datetime, no "tzid"  -> floating time
  summary, location, description, status (TENTATIVE/CONFIRMED/CANCELLED),
  organizer ("a@b", "Name <a@b>" or (name, email)),
  attendees: list of the same, or dicts {name, email, role, partstat, rsvp},
  optional sequence (int), categories (list[str]), url (str).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from email.utils import parseaddr
from pathlib import Path
from typing import Any

from whitecollar.atomic import write_bytes

CRLF = "\r\n"
MAX_OCTETS = 75

# name -> [(kind, dtstart, rrule, offset_from, offset_to, tzname)]
_TZ_RULES: dict[str, list[tuple[str, str, str, str, str, str]]] = {
    "America/Toronto": [
        ("DAYLIGHT", "19700308T020000", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "-0500", "-0400", "EDT"),
        ("STANDARD", "19701101T020000", "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "-0400", "-0500", "EST"),
    ],
    "America/Vancouver": [
        ("DAYLIGHT", "19700308T020000", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "-0800", "-0700", "PDT"),
        ("STANDARD", "19701101T020000", "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "-0700", "-0800", "PST"),
    ],
    "Europe/Paris": [
        ("DAYLIGHT", "19700329T020000", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "+0100", "+0200", "CEST"),
        ("STANDARD", "19701025T030000", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "+0200", "+0100", "CET"),
    ],
}
SUPPORTED_TIMEZONES = tuple(_TZ_RULES)
_STATUSES = {"TENTATIVE", "CONFIRMED", "CANCELLED"}


def escape_text(value: str) -> str:
    """TEXT escaping of RFC 5545 §3.3.11 (backslash first, then ; , newline)."""
    value = value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return value.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n")


def fold(line: str) -> str:
    """Fold a content line into physical lines of at most 75 octets.

    Continuation lines start with one space, which counts toward the 75.
    A UTF-8 sequence is never split: a reader decoding line by line (many
    do) would otherwise see invalid bytes in "Montréal".
    """
    out: list[str] = []
    current: list[str] = []
    size, limit = 0, MAX_OCTETS
    for ch in line:
        n = len(ch.encode("utf-8"))
        if size + n > limit:
            out.append("".join(current))
            current, size, limit = [" "], 1, MAX_OCTETS
        current.append(ch)
        size += n
    out.append("".join(current))
    return CRLF.join(out)


def unfold(text: str) -> list[str]:
    """Content lines of an iCalendar text (the inverse of `fold`)."""
    return text.replace("\r\n ", "").replace("\r\n\t", "").split("\r\n")


def _param(value: str) -> str:
    value = value.replace('"', "'")
    return f'"{value}"' if any(c in value for c in ":;,") else value


def _utc(dt: datetime) -> str:
    if dt.tzinfo is None or dt.utcoffset() is None:
        raise ValueError(f"DTSTAMP must be timezone-aware, got naive {dt!r}")
    return dt.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def _is_utc(dt: datetime) -> bool:
    key = getattr(dt.tzinfo, "key", None)
    return dt.tzinfo is UTC or key in ("UTC", "Etc/UTC") or (key is None and dt.utcoffset() == timedelta(0))


def _dt_property(name: str, value: date | datetime, tzid: str | None) -> tuple[str, str | None]:
    """(content line, time zone it needs or None)."""
    if not isinstance(value, datetime):
        return f"{name};VALUE=DATE:{value:%Y%m%d}", None
    stamp = f"{value:%Y%m%dT%H%M%S}"
    if value.tzinfo is not None:
        if _is_utc(value):
            return f"{name}:{stamp}Z", None
        key = getattr(value.tzinfo, "key", None)
        if key is None:
            raise ValueError(f"{name}: tzinfo {value.tzinfo!r} has no IANA key; use ZoneInfo or UTC")
        tzid = key
    if tzid:
        if tzid not in _TZ_RULES:
            raise ValueError(f"{name}: time zone {tzid!r} not supported ({', '.join(_TZ_RULES)})")
        return f"{name};TZID={tzid}:{stamp}", tzid
    return f"{name}:{stamp}", None


def _address(who: Any) -> tuple[str, str, dict[str, Any]]:
    if isinstance(who, dict):
        return who.get("name", ""), who["email"], who
    if isinstance(who, (tuple, list)):
        return who[0], who[1], {}
    name, addr = parseaddr(str(who))
    return name, addr or str(who), {}


def _person(prop: str, who: Any) -> str:
    name, addr, extra = _address(who)
    params = ""
    if name:
        params += f";CN={_param(name)}"
    if prop == "ATTENDEE":
        params += f";ROLE={extra.get('role', 'REQ-PARTICIPANT')}"
        params += f";PARTSTAT={extra.get('partstat', 'NEEDS-ACTION')}"
        if extra.get("rsvp", False):
            params += ";RSVP=TRUE"
    return f"{prop}{params}:mailto:{addr}"


def _vtimezone(tzid: str) -> list[str]:
    lines = ["BEGIN:VTIMEZONE", f"TZID:{tzid}"]
    for kind, start, rrule, off_from, off_to, name in _TZ_RULES[tzid]:
        lines += [
            f"BEGIN:{kind}",
            f"DTSTART:{start}",
            f"RRULE:{rrule}",
            f"TZOFFSETFROM:{off_from}",
            f"TZOFFSETTO:{off_to}",
            f"TZNAME:{name}",
            f"END:{kind}",
        ]
    return lines + ["END:VTIMEZONE"]


_EVENT_KEYS = frozenset(
    {
        "uid",
        "dtstamp",
        "start",
        "end",
        "tzid",
        "summary",
        "location",
        "description",
        "organizer",
        "attendees",
        "status",
        "sequence",
        "categories",
        "url",
    }
)


def _vevent(event: dict[str, Any], needed: set[str]) -> list[str]:
    unknown = set(event) - _EVENT_KEYS
    if unknown:
        raise ValueError(f"unknown event keys {sorted(unknown)} (known: {sorted(_EVENT_KEYS)})")
    lines = ["BEGIN:VEVENT", f"UID:{event['uid']}", f"DTSTAMP:{_utc(event['dtstamp'])}"]
    lines += _event_times(event, needed)
    if "sequence" in event:
        lines.append(f"SEQUENCE:{int(event['sequence'])}")
    lines += _event_texts(event)
    if event.get("organizer"):
        lines.append(_person("ORGANIZER", event["organizer"]))
    lines += [_person("ATTENDEE", who) for who in event.get("attendees", ())]
    if event.get("status"):
        lines.append(_event_status(event))
    return lines + ["END:VEVENT"]


def _event_times(event: dict[str, Any], needed: set[str]) -> list[str]:
    """DTSTART (required) and DTEND, noting each time zone used so that its VTIMEZONE is written once."""
    lines = []
    for prop, key in (("DTSTART", "start"), ("DTEND", "end")):
        if event.get(key) is None:
            if key == "start":
                raise ValueError(f"event {event['uid']}: start is required")
            continue
        line, tz = _dt_property(prop, event[key], event.get("tzid"))
        lines.append(line)
        if tz:
            needed.add(tz)
    return lines


def _event_texts(event: dict[str, Any]) -> list[str]:
    """The escaped text properties, in the order calendar clients write them."""
    lines = [
        f"{prop}:{escape_text(event[key])}"
        for prop, key in (("SUMMARY", "summary"), ("LOCATION", "location"), ("DESCRIPTION", "description"))
        if event.get(key)
    ]
    if event.get("categories"):
        lines.append("CATEGORIES:" + ",".join(escape_text(c) for c in event["categories"]))
    if event.get("url"):
        lines.append(f"URL:{event['url']}")
    return lines


def _event_status(event: dict[str, Any]) -> str:
    status = event["status"].upper()
    if status not in _STATUSES:
        raise ValueError(f"event {event['uid']}: status {status!r} not in {sorted(_STATUSES)}")
    return f"STATUS:{status}"


def calendar_text(
    *,
    events: Sequence[dict[str, Any]],
    prodid: str,
    calname: str = "",
    timezones: Iterable[str] = (),
    method: str = "",
) -> str:
    """The text `write_ics` writes (CRLF line ends, folded)."""
    needed = set(timezones)
    for tz in needed:
        if tz not in _TZ_RULES:
            raise ValueError(f"time zone {tz!r} not supported ({', '.join(_TZ_RULES)})")
    bodies = [_vevent(e, needed) for e in events]
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{prodid}", "CALSCALE:GREGORIAN"]
    if method:
        lines.append(f"METHOD:{method}")
    if calname:
        lines.append(f"X-WR-CALNAME:{escape_text(calname)}")
    for tz in sorted(needed, key=list(_TZ_RULES).index):
        lines += _vtimezone(tz)
    for body in bodies:
        lines += body
    lines.append("END:VCALENDAR")
    return CRLF.join(fold(line) for line in lines) + CRLF


def write_ics(
    path: str | os.PathLike,
    *,
    events: list[dict[str, Any]],
    prodid: str,
    calname: str = "",
    timezones: Sequence[str] = (),
    method: str = "",
) -> Path:
    """Write a calendar; VTIMEZONEs for every TZID the events use are added
    even when not listed in `timezones` (a TZID without its VTIMEZONE is
    invalid and Outlook rejects it)."""
    text = calendar_text(events=events, prodid=prodid, calname=calname, timezones=timezones, method=method)
    return write_bytes(path, text.encode("utf-8"))
