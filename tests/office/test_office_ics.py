"""write_ics: folding, escaping, time zones from fixed rules."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from whitecollar.office import write_ics
from whitecollar.office.ics import _TZ_RULES, escape_text, fold, unfold

STAMP = datetime(2025, 1, 2, 12, 0, tzinfo=UTC)
LONG = (
    "Ordre du jour : revue budgétaire T3 ; écarts > 5 %, dépôts de Montréal, Québec et "
    "Trois-Rivières\nDocuments : C:\\Partage\\Budget\\T3.xlsx — voir aussi « Annexe B »."
)


def _parse(text: str) -> list[tuple[str, dict[str, str], str]]:
    """A tiny RFC 5545 content-line parser: (name, params, value)."""
    out = []
    for line in unfold(text):
        if not line:
            continue
        head, _, value = line.partition(":")
        while head.count('"') % 2:  # a colon inside a quoted parameter value
            more, _, value = value.partition(":")
            head += ":" + more
        name, *params = head.split(";")
        out.append((name, dict(p.split("=", 1) for p in params), value))
    return out


def _unescape(value: str) -> str:
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out.append("\n" if value[i + 1] in "nN" else value[i + 1])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


@pytest.fixture
def calendar(tmp_path):
    events = [
        {
            "uid": "budget-1@boreal.example",
            "dtstamp": STAMP,
            "start": datetime(2025, 1, 20, 9, 30, tzinfo=ZoneInfo("America/Toronto")),
            "end": datetime(2025, 1, 20, 10, 30, tzinfo=ZoneInfo("America/Toronto")),
            "summary": "Revue budgétaire, T3; urgent",
            "location": "Salle 4.12, Montréal",
            "description": LONG,
            "status": "confirmed",
            "organizer": "Hélène Côté <helene.cote@boreal.example>",
            "attendees": [
                ("Marie Tremblay", "marie@client.example"),
                {
                    "name": "Dupont, Jean",
                    "email": "jd@boreal.example",
                    "role": "OPT-PARTICIPANT",
                    "partstat": "ACCEPTED",
                    "rsvp": True,
                },
            ],
        },
        {
            "uid": "call-2@boreal.example",
            "dtstamp": STAMP,
            "start": datetime(2025, 1, 21, 15, 0, tzinfo=UTC),
            "end": datetime(2025, 1, 21, 15, 30, tzinfo=UTC),
            "summary": "Appel",
        },
        {
            "uid": "floating-3@boreal.example",
            "dtstamp": STAMP,
            "start": datetime(2025, 1, 22, 8, 0),
            "summary": "Rappel",
        },
        {
            "uid": "vancouver-4@boreal.example",
            "dtstamp": STAMP,
            "start": datetime(2025, 1, 23, 9, 0),
            "tzid": "America/Vancouver",
            "summary": "Ouest",
        },
        {
            "uid": "holiday-5@boreal.example",
            "dtstamp": STAMP,
            "start": date(2025, 2, 17),
            "end": date(2025, 2, 18),
            "summary": "Jour de la famille",
        },
    ]
    path = write_ics(
        tmp_path / "c.ics",
        events=events,
        prodid="-//Boreal//Agenda 1.0//FR",
        calname="Comité de direction",
        timezones=["Europe/Paris"],
    )
    return path.read_bytes()


def test_crlf_and_folded_lines_at_most_75_octets(calendar):
    assert calendar.endswith(b"\r\n")
    assert b"\n" not in calendar.replace(b"\r\n", b"")
    lines = calendar.split(b"\r\n")
    assert max(len(line) for line in lines) <= 75
    assert any(line.startswith(b" ") for line in lines)  # something was folded
    for line in lines:
        line.decode("utf-8")  # no UTF-8 sequence split across physical lines


def test_unfolding_restores_escaped_text(calendar):
    props = _parse(calendar.decode("utf-8"))
    descriptions = [v for n, _, v in props if n == "DESCRIPTION"]
    assert _unescape(descriptions[0]) == LONG
    summaries = [_unescape(v) for n, _, v in props if n == "SUMMARY"]
    assert summaries[0] == "Revue budgétaire, T3; urgent"


def test_date_time_forms(calendar):
    props = [(n, p, v) for n, p, v in _parse(calendar.decode()) if n in ("DTSTART", "DTEND")]
    assert ("DTSTART", {"TZID": "America/Toronto"}, "20250120T093000") in props
    assert ("DTSTART", {}, "20250121T150000Z") in props
    assert ("DTSTART", {}, "20250122T080000") in props
    assert ("DTSTART", {"TZID": "America/Vancouver"}, "20250123T090000") in props
    assert ("DTSTART", {"VALUE": "DATE"}, "20250217") in props
    assert all(v.endswith("Z") for n, _, v in _parse(calendar.decode()) if n == "DTSTAMP")


def test_people_and_status(calendar):
    props = _parse(calendar.decode())
    organizer = next((p, v) for n, p, v in props if n == "ORGANIZER")
    assert organizer == ({"CN": "Hélène Côté"}, "mailto:helene.cote@boreal.example")
    attendees = [(p, v) for n, p, v in props if n == "ATTENDEE"]
    assert attendees[1][0]["CN"] == '"Dupont, Jean"'
    assert attendees[1][0]["RSVP"] == "TRUE" and attendees[1][0]["PARTSTAT"] == "ACCEPTED"
    assert ("STATUS", {}, "CONFIRMED") in props


def test_vtimezones_for_used_and_requested_zones_only(calendar):
    tzids = [v for n, _, v in _parse(calendar.decode()) if n == "TZID"]
    assert tzids == ["America/Toronto", "America/Vancouver", "Europe/Paris"]
    text = calendar.decode()
    assert text.index("END:VTIMEZONE") < text.index("BEGIN:VEVENT")
    assert "TZNAME:EDT" in text and "TZNAME:CEST" in text


def _nth_sunday(year: int, month: int, nth: int) -> date:
    if nth > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(6 - first.weekday()) % 7 + 7 * (nth - 1))
    last = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - 6) % 7)


@pytest.mark.parametrize("tzid", sorted(_TZ_RULES))
@pytest.mark.parametrize("year", [2024, 2025, 2026, 2027])
def test_fixed_rules_agree_with_the_tz_database(tzid, year):
    """The written rules match the IANA database for the years scenarios use
    (the database is consulted only here, never by the writer)."""
    zone = ZoneInfo(tzid)
    for _kind, start, rrule, off_from, off_to, name in _TZ_RULES[tzid]:
        parts = dict(p.split("=") for p in rrule.split(";"))
        nth = int(parts["BYDAY"][:-2])
        day = _nth_sunday(year, int(parts["BYMONTH"]), nth)
        hour = int(start[9:11])
        after = datetime(day.year, day.month, day.day, hour, 0) + timedelta(hours=2)
        before = datetime(day.year, day.month, day.day) - timedelta(hours=12)

        def offset(dt):
            total = int(dt.replace(tzinfo=zone).utcoffset().total_seconds() // 60)
            sign = "-" if total < 0 else "+"
            return f"{sign}{abs(total) // 60:02d}{abs(total) % 60:02d}"

        assert offset(before) == off_from
        assert offset(after) == off_to
        assert after.replace(tzinfo=zone).tzname() == name


def test_fold_and_escape_helpers():
    line = "DESCRIPTION:" + "é" * 100
    folded = fold(line)
    assert all(len(p.encode()) <= 75 for p in folded.split("\r\n"))
    assert unfold(folded) == [line]
    assert escape_text("a\\b;c,d\ne") == "a\\\\b\\;c\\,d\\ne"


def test_unknown_time_zone_and_naive_dtstamp_are_errors(tmp_path):
    with pytest.raises(ValueError):
        write_ics(
            tmp_path / "x.ics",
            prodid="p",
            events=[{"uid": "u", "dtstamp": STAMP, "start": datetime(2025, 1, 1), "tzid": "Asia/Tokyo"}],
        )
    with pytest.raises(ValueError):
        write_ics(
            tmp_path / "x.ics",
            prodid="p",
            events=[{"uid": "u", "dtstamp": datetime(2025, 1, 1), "start": date(2025, 1, 1)}],
        )
