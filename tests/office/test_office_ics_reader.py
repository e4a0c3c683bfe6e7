"""read_ics: the calendars write_ics writes read back, with their time zones."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from whitecollar.office import write_ics
from whitecollar.office.ics_reader import parse_ics, read_ics
from whitecollar.office.model import Failure

STAMP = datetime(2025, 11, 1, 12, 0, tzinfo=UTC)
TOR, VAN = ZoneInfo("America/Toronto"), ZoneInfo("America/Vancouver")


def _events():
    return [
        {
            "uid": "a@x",
            "dtstamp": STAMP,
            "start": datetime(2025, 12, 3, 10, tzinfo=TOR),
            "end": datetime(2025, 12, 3, 11, tzinfo=TOR),
            "summary": "Meeting; booth, 1412",
            "location": "Vancouver Convention Centre",
            "description": "Line 1\nLine 2 — très long " * 6,
            "organizer": ("Élise Murray", "elise@x.example"),
            "attendees": [{"name": "Olivia Doyle", "email": "o@x.example", "partstat": "ACCEPTED"}],
            "categories": ["Expo", "Sales"],
            "status": "confirmed",
        },
        {
            "uid": "b@x",
            "dtstamp": STAMP,
            "start": datetime(2025, 12, 3, 18, 30, tzinfo=VAN),
            "end": datetime(2025, 12, 3, 21, tzinfo=VAN),
            "summary": "Dinner",
        },
        {"uid": "c@x", "dtstamp": STAMP, "start": date(2025, 12, 3), "end": date(2025, 12, 5), "summary": "Expo"},
        {"uid": "d@x", "dtstamp": STAMP, "start": datetime(2025, 12, 1, 15, tzinfo=UTC), "summary": "UTC"},
    ]


def test_round_trip_with_time_zones(tmp_path):
    p = write_ics(tmp_path / "c.ics", events=_events(), prodid="-//Test//EN", calname="Élise — calendrier")
    cal = read_ics(p)
    assert not isinstance(cal, Failure), cal
    assert cal.name == "Élise — calendrier" and set(cal.timezones) == {"America/Toronto", "America/Vancouver"}
    a, b, c, d = cal.events
    assert a.summary == "Meeting; booth, 1412" and a.tzid == "America/Toronto"
    assert a.start_utc == datetime(2025, 12, 3, 15, tzinfo=UTC)
    assert a.description.startswith("Line 1\nLine 2 — très long")
    assert a.organizer == ("Élise Murray", "elise@x.example")
    assert a.attendees == [("Olivia Doyle", "o@x.example", "ACCEPTED")]
    assert a.categories == ["Expo", "Sales"] and a.status == "CONFIRMED"
    assert b.tzid == "America/Vancouver" and b.start_utc == datetime(2025, 12, 4, 2, 30, tzinfo=UTC)
    assert c.all_day and c.days() == [date(2025, 12, 3), date(2025, 12, 4)] and c.start_utc is None
    assert d.tzid == "UTC" and d.end == d.start


def test_duration_and_unknown_zone_fall_back_to_the_file():
    text = "\r\n".join(
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "BEGIN:VTIMEZONE",
            "TZID:Custom Eastern",
            "BEGIN:STANDARD",
            "DTSTART:19701101T020000",
            "TZOFFSETFROM:-0400",
            "TZOFFSETTO:-0500",
            "END:STANDARD",
            "END:VTIMEZONE",
            "BEGIN:VEVENT",
            "UID:x",
            "DTSTART;TZID=Custom Eastern:20251124T100000",
            "DURATION:PT1H30M",
            "SUMMARY:Folded sum",
            " mary",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ]
    )
    cal = parse_ics(text)
    ev = cal.events[0]
    assert ev.summary == "Folded summary"
    assert ev.end - ev.start == timedelta(minutes=90)
    assert ev.start_utc == datetime(2025, 11, 24, 15, tzinfo=UTC)


def test_garbage_is_a_failure(tmp_path):
    (tmp_path / "a.ics").write_text("hello")
    (tmp_path / "b.ics").write_text(
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:1\nSUMMARY:no start\nEND:VEVENT\nEND:VCALENDAR\n"
    )
    (tmp_path / "c.ics").write_bytes(b"\x00\x01")
    os.symlink("/etc/hostname", tmp_path / "d.ics")
    for name in "abcd":
        assert isinstance(read_ics(tmp_path / f"{name}.ics"), Failure), name


def test_calendar_name_is_unescaped_like_any_text_value():
    cal = parse_ics(
        "BEGIN:VCALENDAR\r\nPRODID:-//x//y//EN\r\nX-WR-CALNAME:Board\\, 24 November\r\n"
        "BEGIN:VEVENT\r\nUID:a\r\nDTSTART;VALUE=DATE:20251124\r\nSUMMARY:Review\\; draft\r\n"
        "END:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    assert cal.name == "Board, 24 November"
    assert cal.events[0].summary == "Review; draft" and cal.events[0].days()
