"""The shared benchmark data: taxonomy, organisations, footer, completion schema.

These files are read by every scenario generator, so a malformed row here
turns up as an inconsistency in many bundles at once; the checks below are
the properties generators rely on without re-checking them.
"""

from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path

import jsonschema
import pytest

from whitecollar import paths
from whitecollar.benchmark import benchdata

PILOTS = {
    "ACC-01",
    "ADM-01",
    "BANK-01",
    "BI-01",
    "FIN-01",
    "HR-01",
    "LEGAL-01",
    "PROC-01",
    "RE-01",
    "RES-01",
}
FICTIONAL_TLDS = {"example", "test", "invalid", "localhost"}

PHONE_RE = re.compile(r"^(\d{3})-555-01\d\d$")
# Canada Post: no D, F, I, O, Q, U anywhere; no W or Z as the first letter.
POSTAL_RE = re.compile(r"^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$")
GST_RE = re.compile(r"^\d{9}RT0001$")
QST_RE = re.compile(r"^\d{10}TQ0001$")
AREA_CODES = {
    "QC": {"263", "354", "367", "418", "438", "450", "468", "514", "579", "581", "819", "873"},
    "ON": {
        "226",
        "249",
        "289",
        "343",
        "365",
        "382",
        "416",
        "437",
        "519",
        "548",
        "613",
        "647",
        "683",
        "705",
        "742",
        "753",
        "807",
        "905",
    },
}
POSTAL_FIRST_LETTER = {"QC": set("GHJ"), "ON": set("KLMNP")}


# --------------------------------------------------------------------------- registry


def test_registry_has_twenty_occupations_plus_executive_administration():
    rows = benchdata.registry()
    assert len(rows) == 21
    assert [r.group for r in rows].count("taxonomy") == 20
    mandate = [r for r in rows if r.group == "mandate"]
    assert [r.prefix for r in mandate] == ["ADM"]
    assert mandate[0].occupation == "Executive administration"


def test_registry_prefixes_unique():
    prefixes = [r.prefix for r in benchdata.registry()]
    assert len(set(prefixes)) == len(prefixes)


def test_registry_pilots_are_the_ten_and_match_their_prefix():
    rows = benchdata.registry()
    pilots = [r for r in rows if r.is_pilot]
    assert {r.pilot_scenario for r in pilots} == PILOTS
    assert len(pilots) == 10
    for r in pilots:
        assert r.pilot_scenario.startswith(r.prefix + "-"), r
        assert re.fullmatch(rf"{r.prefix}-\d\d", r.pilot_scenario), r
    # Empty cells load as None, not "", so `is_pilot` means what it says.
    assert all(r.pilot_scenario is None for r in rows if not r.is_pilot)


def test_registry_text_fields_filled():
    for r in benchdata.registry():
        assert r.occupation.strip() and r.representative_simulation.strip(), r
    adm = next(r for r in benchdata.registry() if r.prefix == "ADM")
    assert adm.representative_simulation == "Inbox, calendar and project triage"


# --------------------------------------------------------------------------- organisations


def test_seventeen_organisations_with_unique_codes():
    orgs = benchdata.organisations()
    assert len(orgs) == 17
    assert list(orgs) == [o.code for o in orgs.values()]
    assert orgs["BFI"].name == "Boréal Fenestration Inc."
    assert orgs["UQD"].scenarios == ("RES", "EDU")
    assert orgs["BFI"].scenarios == ("ACC", "PROC", "BI", "PM")


def test_every_scenario_prefix_is_in_the_registry():
    prefixes = {r.prefix for r in benchdata.registry()}
    for org in benchdata.organisations().values():
        assert org.scenarios, org.code
        for s in org.scenarios:
            assert s in prefixes, f"{org.code}: scenario prefix {s} not in registry.csv"


def test_every_registry_prefix_has_an_organisation():
    used = {s for o in benchdata.organisations().values() for s in o.scenarios}
    missing = {r.prefix for r in benchdata.registry()} - used
    # Economics and data science have no organisation of their own yet.
    assert missing == {"ECON", "DS"}


@pytest.mark.parametrize("org", list(benchdata.organisations().values()), ids=lambda o: o.code)
def test_organisation_formats(org: benchdata.Organisation):
    m = PHONE_RE.match(org.phone)
    assert m, org.phone
    assert org.province in AREA_CODES, org.province
    assert m.group(1) in AREA_CODES[org.province], (org.code, org.phone)
    assert POSTAL_RE.match(org.postal_code), org.postal_code
    assert org.postal_code[0] in POSTAL_FIRST_LETTER[org.province], (org.code, org.postal_code)
    assert GST_RE.match(org.gst_number), org.gst_number
    assert QST_RE.match(org.qst_number), org.qst_number
    assert org.email_domain.rsplit(".", 1)[-1] in FICTIONAL_TLDS, org.email_domain
    assert org.website == f"https://www.{org.email_domain}"
    assert org.street and org.city


def test_independent_organisations_do_not_share_particulars():
    orgs = [o for o in benchdata.organisations().values() if o.parent is None]
    for field in ("phone", "email_domain", "gst_number", "qst_number", "street"):
        values = [getattr(o, field) for o in orgs]
        assert len(set(values)) == len(values), field


def test_departments_share_parent_particulars():
    orgs = benchdata.organisations()
    shared = (
        "street",
        "city",
        "province",
        "postal_code",
        "phone",
        "email_domain",
        "website",
        "gst_number",
        "qst_number",
    )
    for unit, parent in benchdata.UNITS.items():
        for field in shared:
            assert getattr(orgs[unit], field) == getattr(orgs[parent], field), (unit, field)


def test_fixed_locations():
    orgs = benchdata.organisations()
    assert (orgs["BFI"].city, orgs["BFI"].province) == ("Gatineau", "QC")
    assert orgs["LMC"].city == orgs["BCO"].city == "Gatineau"
    assert orgs["TRL"].city == "Montréal"
    assert orgs["NVC"].city == "Toronto"
    assert orgs["UQD"].city == "Québec"


def test_no_real_domain_anywhere_in_organisations_csv():
    text = (paths.BENCHMARK / "organisations.csv").read_text(encoding="utf-8")
    hosts = re.findall(r"(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*", text, flags=re.IGNORECASE)
    hosts = [h for h in hosts if not re.fullmatch(r"[\d.]+", h)]
    assert hosts, "the domain scan found nothing; the pattern is broken"
    for h in hosts:
        assert h.rsplit(".", 1)[-1].lower() in FICTIONAL_TLDS, h


def test_organisation_lookup_and_error():
    assert benchdata.organisation("BCO").name == "Banque Commerciale de l'Outaouais"
    with pytest.raises(KeyError, match="organisations.csv"):
        benchdata.organisation("XYZ")


def test_address_follows_canada_post_layout():
    bfi = benchdata.organisation("BFI")
    assert bfi.address_lines[1] == f"Gatineau QC  {bfi.postal_code}"
    assert bfi.address.startswith(bfi.street + ", ")


def test_malformed_header_is_reported_with_file_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    shutil.copytree(paths.BENCHMARK, tmp_path / "benchmark", ignore=shutil.ignore_patterns("scenarios"))
    bad = tmp_path / "benchmark" / "registry.csv"
    bad.write_text(bad.read_text(encoding="utf-8").replace("prefix,", "code,", 1), encoding="utf-8")
    monkeypatch.setattr(paths, "BENCHMARK", tmp_path / "benchmark")
    with pytest.raises(benchdata.BenchDataError, match="registry.csv"):
        benchdata.registry()


# --------------------------------------------------------------------------- footer


def test_footer_states_the_conventions():
    text = benchdata.footer()
    assert text.startswith("#")
    for needle in ("out/", "inputs/", "COMPLETION.json", "needs_clarification", "abstained", "completion.schema.json"):
        assert needle in text, needle
    for field in ("status", "summary", "delivered", "assumptions", "questions", "issues"):
        assert f"`{field}`" in text, field
    bullets = [line for line in text.splitlines() if line.startswith("- ")]
    assert 6 <= len(bullets) <= 9


def test_footer_gives_nothing_away():
    text = benchdata.footer().lower()
    for word in ("injection", "planted", "grade", "evaluat", "tolerance", "hidden"):
        assert word not in text, word


# --------------------------------------------------------------------------- completion schema

GOOD = {
    "status": "needs_clarification",
    "summary": "Reconciled all twelve months; one supplier credit could not be traced.",
    "delivered": ["out/reconciliation.xlsx", "out/report.docx"],
    "assumptions": ["Cheques are dated on the day they were written."],
    "questions": ["Was the March credit note from the supplier ever applied?"],
    "issues": ["Invoice 1043 is recorded twice in the ledger."],
    "extra_field": "allowed",
}


def _validator() -> jsonschema.Draft202012Validator:
    schema = benchdata.completion_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_schema_is_documented():
    schema = benchdata.completion_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema.get("title")
    assert set(schema["required"]) == {"status", "summary", "delivered", "assumptions", "questions", "issues"}
    for name, prop in schema["properties"].items():
        assert prop.get("description"), name
    assert set(schema["properties"]["status"]["enum"]) == {"completed", "needs_clarification", "abstained"}


def test_schema_accepts_a_good_record():
    _validator().validate(GOOD)
    for status in ("completed", "abstained"):
        _validator().validate({**GOOD, "status": status})


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(status="done"),
        lambda d: d.update(questions="What is the rate?"),
        lambda d: d.update(delivered=[1, 2]),
        lambda d: d.pop("issues"),
        lambda d: d.update(summary=["a", "b"]),
    ],
    ids=["bad-status", "string-for-list", "non-string-items", "missing-field", "list-for-string"],
)
def test_schema_rejects_bad_records(mutate):
    bad = copy.deepcopy(GOOD)
    mutate(bad)
    with pytest.raises(jsonschema.ValidationError):
        _validator().validate(bad)
