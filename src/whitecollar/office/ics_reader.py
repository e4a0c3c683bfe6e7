"""Reading iCalendar files (.ics, RFC 5545) into plain data, never raising.

The counterpart of `ics.write_ics` for solvers and evaluators. Each VEVENT
becomes a `CalendarEvent` whose start and end are:

- a `date` for all-day events (VALUE=DATE), the end exclusive as in the file;
- an aware `datetime` for timed events: UTC ("...Z") or TZID=<IANA key>,
  resolved with zoneinfo; a TZID that zoneinfo does not know falls back to
  the STANDARD offset of the file's own VTIMEZONE;
- a naive `datetime` for floating times.

The TZID as written is kept (`tzid`), because "entered in the wrong time
zone" is a property of the entry, not of the instant. A missing DTEND is
derived from DURATION, or is the start (timed) / the next day (all-day).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from whitecollar.office.guard import DEFAULT_MAX_BYTES
from whitecollar.office.model import Failure
from whitecollar.office.text_reader import read_text


@dataclass
class CalendarEvent:
    uid: str
    summary: str
    start: date | datetime
    end: date | datetime
    all_day: bool
    tzid: str | None
    location: str = ""
    description: str = ""
    status: str = ""
    organizer: tuple[str, str] | None = None
    attendees: list[tuple[str, str, str]] = field(default_factory=list)  # (name, address, partstat)
    categories: list[str] = field(default_factory=list)
    properties: dict[str, str] = field(default_factory=dict)  # first value of every property, unescaped

    @property
    def start_utc(self) -> datetime | None:
        """The start as an aware UTC datetime (None for all-day and floating events)."""
        return _to_utc(self.start)

    @property
    def end_utc(self) -> datetime | None:
        return _to_utc(self.end)

    def days(self) -> list[date]:
        """The calendar dates an all-day event covers (end exclusive)."""
        if not self.all_day:
            return []
        d, out = self.start, []
        while d < self.end:  # type: ignore[operator]
            out.append(d)  # type: ignore[arg-type]
            d = d + timedelta(days=1)  # type: ignore[operator]
        return out or [self.start]  # type: ignore[list-item]


@dataclass
class Calendar:
    path: str
    name: str
    prodid: str
    events: list[CalendarEvent]
    timezones: list[str]

    def __bool__(self) -> bool:
        return True


def _to_utc(v: date | datetime) -> datetime | None:
    if isinstance(v, datetime) and v.tzinfo is not None:
        return v.astimezone(timezone.utc)
    return None


def unescape_text(value: str) -> str:
    out, i = [], 0
    while i < len(value):
        ch = value[i]
        if ch == "\\" and i + 1 < len(value):
            nxt = value[i + 1]
            out.append("\n" if nxt in "nN" else nxt)
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _content_lines(text: str) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = re.sub(r"\n[ \t]", "", text)  # unfold
    return [line for line in text.split("\n") if line.strip()]


def _split(line: str) -> tuple[str, dict[str, str], str]:
    """(NAME, params, value), honouring colons inside quoted parameter values."""
    in_quote = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_quote = not in_quote
        elif ch == ":" and not in_quote:
            head, value = line[:i], line[i + 1:]
            break
    else:
        return line.upper(), {}, ""
    parts = re.findall(r'(?:[^;"]|"[^"]*")+', head)
    name = parts[0].upper() if parts else ""
    params = {}
    for p in parts[1:]:
        k, _, v = p.partition("=")
        params[k.upper()] = v.strip('"')
    return name, params, value


_DURATION = re.compile(r"^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$")


def _duration(value: str) -> timedelta | None:
    m = _DURATION.match(value.strip())
    if not m:
        return None
    sign, w, d, h, mi, s = m.groups()
    td = timedelta(weeks=int(w or 0), days=int(d or 0), hours=int(h or 0), minutes=int(mi or 0), seconds=int(s or 0))
    return -td if sign == "-" else td


def _zone(tzid: str, fallback: dict[str, timezone]):
    try:
        return ZoneInfo(tzid)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return fallback.get(tzid)


def _offset(text: str) -> timezone | None:
    m = re.fullmatch(r"([+-])(\d{2})(\d{2})(\d{2})?", text.strip())
    if not m:
        return None
    delta = timedelta(hours=int(m.group(2)), minutes=int(m.group(3)), seconds=int(m.group(4) or 0))
    return timezone(-delta if m.group(1) == "-" else delta)


def _when(value: str, params: dict[str, str], zones: dict[str, timezone]) -> tuple[date | datetime, str | None]:
    v = value.strip()
    if params.get("VALUE", "").upper() == "DATE" or re.fullmatch(r"\d{8}", v):
        return datetime.strptime(v[:8], "%Y%m%d").date(), None
    m = re.fullmatch(r"(\d{8})T(\d{4})(\d{2})?(Z)?", v)
    if not m:
        raise ValueError(f"unreadable date-time {value!r}")
    naive = datetime.strptime(m.group(1) + m.group(2) + (m.group(3) or "00"), "%Y%m%d%H%M%S")
    if m.group(4):
        return naive.replace(tzinfo=timezone.utc), "UTC"
    tzid = params.get("TZID")
    if tzid:
        tz = _zone(tzid, zones)
        return (naive.replace(tzinfo=tz) if tz is not None else naive), tzid
    return naive, None


def _person(value: str, params: dict[str, str]) -> tuple[str, str]:
    addr = re.sub(r"(?i)^mailto:", "", value.strip())
    return params.get("CN", ""), addr


def parse_ics(text: str, path: str = "<text>") -> Calendar | Failure:
    """A Calendar from the text of an .ics file."""
    try:
        lines = _content_lines(text)
        if not lines or lines[0].strip().upper() != "BEGIN:VCALENDAR":
            return Failure(path, "not an iCalendar file: it does not begin with BEGIN:VCALENDAR")
        zones: dict[str, timezone] = {}
        calname = prodid = ""
        timezones: list[str] = []
        raw_events: list[list[tuple[str, dict[str, str], str]]] = []
        stack: list[str] = []
        current: list[tuple[str, dict[str, str], str]] | None = None
        tz_name, tz_kind = "", ""
        for line in lines:
            name, params, value = _split(line)
            if name == "BEGIN":
                stack.append(value.upper())
                if value.upper() == "VEVENT":
                    current = []
                elif value.upper() in ("STANDARD", "DAYLIGHT"):
                    tz_kind = value.upper()
                continue
            if name == "END":
                closing = value.upper()
                if stack and stack[-1] == closing:
                    stack.pop()
                if closing == "VEVENT" and current is not None:
                    raw_events.append(current)
                    current = None
                if closing in ("STANDARD", "DAYLIGHT"):
                    tz_kind = ""
                continue
            inside = stack[-1] if stack else ""
            if inside == "VCALENDAR":
                if name == "X-WR-CALNAME":
                    calname = unescape_text(value)
                elif name == "PRODID":
                    prodid = value
            elif inside == "VTIMEZONE" and name == "TZID":
                tz_name = value
                timezones.append(value)
            elif inside == "STANDARD" and tz_kind == "STANDARD" and name == "TZOFFSETTO" and tz_name:
                off = _offset(value)
                if off is not None:
                    zones.setdefault(tz_name, off)
            elif inside == "VEVENT" and current is not None:
                current.append((name, params, value))
        events = []
        for props in raw_events:
            events.append(_event(props, zones))
        return Calendar(path, calname, prodid, events, timezones)
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        return Failure(path, f"malformed iCalendar ({type(exc).__name__}: {exc})")


def _event(props: list[tuple[str, dict[str, str], str]], zones: dict[str, timezone]) -> CalendarEvent:
    first: dict[str, tuple[dict[str, str], str]] = {}
    for name, params, value in props:
        first.setdefault(name, (params, value))
    if "DTSTART" not in first:
        raise ValueError(f"event {first.get('UID', ({}, '?'))[1]!r} has no DTSTART")
    start, tzid = _when(first["DTSTART"][1], first["DTSTART"][0], zones)
    all_day = not isinstance(start, datetime)
    if "DTEND" in first:
        end, _ = _when(first["DTEND"][1], first["DTEND"][0], zones)
    elif "DURATION" in first and _duration(first["DURATION"][1]) is not None:
        end = start + _duration(first["DURATION"][1])  # type: ignore[operator]
    else:
        end = start + timedelta(days=1) if all_day else start  # type: ignore[operator]
    text = {k: unescape_text(v) for k, (_, v) in first.items()}
    organizer = _person(first["ORGANIZER"][1], first["ORGANIZER"][0]) if "ORGANIZER" in first else None
    attendees = [(*_person(v, p), p.get("PARTSTAT", "")) for n, p, v in props if n == "ATTENDEE"]
    categories = [unescape_text(c) for n, _, v in props if n == "CATEGORIES" for c in re.split(r"(?<!\\),", v) if c]
    return CalendarEvent(
        uid=text.get("UID", ""),
        summary=text.get("SUMMARY", ""),
        start=start,
        end=end,
        all_day=all_day,
        tzid=tzid,
        location=text.get("LOCATION", ""),
        description=text.get("DESCRIPTION", ""),
        status=text.get("STATUS", "").upper(),
        organizer=organizer,
        attendees=attendees,
        categories=categories,
        properties=text,
    )


def read_ics(path: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES) -> Calendar | Failure:
    """A calendar file, or why it cannot be read."""
    text = read_text(path, max_bytes)
    if isinstance(text, Failure):
        return text
    return parse_ics(text, str(path))
