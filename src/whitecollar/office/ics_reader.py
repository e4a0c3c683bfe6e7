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
Lexing, unescaping and time-zone resolution are the maintained `icalendar`
package's; this module only maps its components to plain data.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import icalendar

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
        return v.astimezone(UTC)
    return None


def _first(component: Any, name: str) -> Any:
    value = component.get(name)
    return value[0] if isinstance(value, list) and value else value


def _text(value: Any) -> str:
    """A property's value as text: unescaped for TEXT values (and X- properties, TEXT by default), as written for the others."""
    if value is None:
        return ""
    if isinstance(value, icalendar.prop.vUnknown):
        return icalendar.parser.unescape_backslash(str(value))
    if isinstance(value, str):
        return str(value)
    to_ical = getattr(value, "to_ical", None)
    if to_ical is not None:
        raw = to_ical()
        return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    return str(value)


def _standard_offsets(cal: Any) -> dict[str, timezone]:
    """TZID -> the STANDARD offset of the file's own VTIMEZONE, for TZIDs zoneinfo does not know."""
    zones: dict[str, timezone] = {}
    for vtz in cal.walk("VTIMEZONE"):
        tzid = str(vtz.get("TZID", ""))
        for std in vtz.walk("STANDARD"):
            off = std.get("TZOFFSETTO")
            delta = getattr(off, "td", None)
            if tzid and isinstance(delta, timedelta):
                zones.setdefault(tzid, timezone(delta))
    return zones


def _zone(tzid: str, fallback: dict[str, timezone]):
    try:
        return ZoneInfo(tzid)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return fallback.get(tzid)


def _when(prop: Any, zones: dict[str, timezone]) -> tuple[date | datetime, str | None]:
    value = prop.dt
    tzid = prop.params.get("TZID") if hasattr(prop, "params") else None
    if not isinstance(value, datetime):
        if isinstance(value, date):
            return value, None
        raise ValueError(f"unreadable date-time {_text(prop)!r}")
    if tzid:
        tz = _zone(str(tzid), zones)
        naive = value.replace(tzinfo=None)
        return (naive.replace(tzinfo=tz) if tz is not None else naive), str(tzid)
    if value.tzinfo is not None:
        return value.astimezone(UTC), "UTC"
    return value, None


def _person(value: Any) -> tuple[str, str]:
    addr = str(value).strip()
    if addr.lower().startswith("mailto:"):
        addr = addr[7:]
    params = getattr(value, "params", {}) or {}
    return str(params.get("CN", "")), addr


def _all(component: Any, name: str) -> list[Any]:
    value = component.get(name)
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def parse_ics(text: str, path: str = "<text>") -> Calendar | Failure:
    """A Calendar from the text of an .ics file."""
    if not text.lstrip("\ufeff \t\r\n").upper().startswith("BEGIN:VCALENDAR"):
        return Failure(path, "not an iCalendar file: it does not begin with BEGIN:VCALENDAR")
    try:
        cal = icalendar.Calendar.from_ical(text)
        zones = _standard_offsets(cal)
        events = [_event(ev, zones) for ev in cal.walk("VEVENT")]
        timezones = [str(tz.get("TZID", "")) for tz in cal.walk("VTIMEZONE")]
        return Calendar(path, _text(cal.get("X-WR-CALNAME")), _text(cal.get("PRODID")), events, timezones)
    except Exception as exc:  # noqa: BLE001 - a reader never raises
        return Failure(path, f"malformed iCalendar ({type(exc).__name__}: {exc})")


def _event(ev: Any, zones: dict[str, timezone]) -> CalendarEvent:
    if ev.get("DTSTART") is None:
        raise ValueError(f"event {_text(ev.get('UID')) or '?'!r} has no DTSTART")
    start, tzid = _when(_first(ev, "DTSTART"), zones)
    all_day = not isinstance(start, datetime)
    duration = _first(ev, "DURATION")
    if ev.get("DTEND") is not None:
        end, _ = _when(_first(ev, "DTEND"), zones)
    elif duration is not None and isinstance(getattr(duration, "dt", None), timedelta):
        end = start + duration.dt  # type: ignore[operator]
    else:
        end = start + timedelta(days=1) if all_day else start  # type: ignore[operator]
    text = {str(name).upper(): _text(_first(ev, name)) for name in ev}
    organizer = _person(_first(ev, "ORGANIZER")) if ev.get("ORGANIZER") is not None else None
    attendees = [(*_person(a), str((getattr(a, "params", {}) or {}).get("PARTSTAT", ""))) for a in _all(ev, "ATTENDEE")]
    categories = [str(c) for v in _all(ev, "CATEGORIES") for c in getattr(v, "cats", [v]) if str(c)]
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
