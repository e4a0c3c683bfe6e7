"""The seeded roster: reproducible, unambiguous, consistent with the organisations.

A name that appears in two scenarios must denote the same person, which only
holds if the committed roster is exactly what the seed produces and if no two
entries can be confused with each other.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from whitecollar import paths
from whitecollar.benchmark import benchdata, roster

COMMITTED = paths.BENCHMARK / "roster.csv"

REQUIRED_ROLES = {
    "BFI": [
        "chief executive officer",
        "executive assistant to the CEO",
        "corporate secretary",
        "vice-president of operations",
        "vice-president of finance",
        "controller",
        "vice-president of sales",
        "procurement manager",
        "procurement analyst",
        "buyer",
        "HR director",
        "HR coordinator",
        "payroll clerk",
        "plant manager",
        "production supervisor, day shift",
        "production supervisor, evening shift",
        "sales operations analyst",
        "former bookkeeper",
    ],
    "LMC": ["engagement partner", "staff accountant", "manager"],
    "BCO": ["senior manager, commercial credit", "credit analyst", "account manager"],
    "TRL": ["partner", "junior associate"],
    "EVP": ["chief appraiser", "appraiser", "inspector"],
    "NVC": ["vice-president, industrials", "associate"],
    "UQD": ["professor", "research assistant", "librarian"],
}


@pytest.fixture(scope="module")
def people() -> list[benchdata.Person]:
    return benchdata.roster()


def test_committed_file_is_what_the_seed_produces():
    assert COMMITTED.read_bytes() == roster.to_csv(roster.build_roster(2025)).encode("utf-8")


def test_cli_writes_the_committed_bytes(tmp_path: Path):
    out = tmp_path / "roster.csv"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}  # hash order must not matter
    subprocess.run(
        [sys.executable, "-m", "whitecollar.benchmark.roster", "--seed", "2025", "--out", str(out)],
        check=True,
        env=env,
        capture_output=True,
    )
    assert out.read_bytes() == COMMITTED.read_bytes()
    assert b"\r\n" not in out.read_bytes()


def test_build_is_deterministic_and_seed_sensitive():
    assert roster.build_roster(2025) == roster.build_roster(2025)
    other = roster.build_roster(7)
    assert [p.full_name for p in other] != [p.full_name for p in roster.build_roster(2025)]
    # Identifiers and posts do not depend on the seed, only who fills them.
    assert [(p.person_id, p.role) for p in other] == [(p.person_id, p.role) for p in roster.build_roster(2025)]


@pytest.mark.parametrize("seed", [1, 2, 3, 99, 31337])
def test_other_seeds_also_satisfy_the_invariants(seed: int):
    ppl = roster.build_roster(seed)
    assert len({p.full_name for p in ppl}) == len(ppl)
    assert len({p.email for p in ppl}) == len(ppl)
    ceo = next(p for p in ppl if p.role == "chief executive officer")
    assert ceo.given_name in roster.GIVEN_FR_F + roster.GIVEN_EN_F


def test_sorted_and_unique(people):
    ids = [p.person_id for p in people]
    assert ids == sorted(ids)
    assert len(set(ids)) == len(ids)
    for attr in ("email",):
        values = [getattr(p, attr) for p in people]
        assert len(set(values)) == len(values), attr
    names = [roster.ascii_fold(p.full_name) for p in people]
    assert len(set(names)) == len(names)


def test_given_and_family_names_are_not_reused(people):
    """'Ms Gagnon' or 'Julie' in a brief should point at one person only."""
    given = [roster.ascii_fold(p.given_name) for p in people]
    family_parts = [
        part for p in people for part in roster.ascii_fold(p.family_name).split("-") if part not in ("saint",)
    ]
    assert len(set(given)) == len(given)
    assert len(set(family_parts)) == len(family_parts)


def test_every_organisation_has_people(people):
    for code in benchdata.organisations():
        assert benchdata.people(code), code
    assert {p.organisation for p in people} == set(benchdata.organisations())


@pytest.mark.parametrize("org", sorted(REQUIRED_ROLES))
def test_required_roles_exist(org: str):
    for role in REQUIRED_ROLES[org]:
        p = benchdata.person(org, role)
        assert p.role == role


def test_ceo_is_a_woman_as_the_briefs_assume():
    ceo = benchdata.person("BFI", "chief executive officer")
    assert ceo.given_name in roster.GIVEN_FR_F + roster.GIVEN_EN_F
    controller = benchdata.person("BFI", "controller")
    assert controller.given_name in roster.GIVEN_FR_F + roster.GIVEN_EN_F


def test_department_lookups(people):
    hr = benchdata.people("HRD")
    assert {p.role for p in hr} == {"HR director", "HR coordinator", "payroll clerk"}
    assert set(hr) <= set(benchdata.people("BFI"))
    # A department can name anyone in its company.
    assert benchdata.person("HRD", "controller") == benchdata.person("BFI", "controller")
    assert benchdata.person("ADM", "chief executive officer").organisation == "ADM"


def test_unknown_role_error_lists_roles():
    with pytest.raises(KeyError) as exc:
        benchdata.person("BFI", "production supervisor")
    msg = str(exc.value)
    assert "roster.csv" in msg and "production supervisor, day shift" in msg
    with pytest.raises(KeyError, match="organisations.csv"):
        benchdata.people("NOPE")


def test_contact_details_agree_with_organisation(people):
    orgs = benchdata.organisations()
    for p in people:
        org = orgs[p.organisation]
        assert p.email.endswith("@" + org.email_domain), p
        assert p.phone == org.phone, p
        assert p.city == org.city, p
        assert re.fullmatch(r"\d{3}", p.extension), p
        assert p.phone_with_extension == f"{org.phone} ext. {p.extension}"


def test_extensions_unique_per_switchboard(people):
    seen: dict[tuple[str, str], str] = {}
    for p in people:
        key = (p.phone, p.extension)
        assert key not in seen, (p.person_id, seen.get(key))
        seen[key] = p.person_id


def test_email_is_folded_given_dot_family(people):
    for p in people:
        local = p.email.split("@")[0]
        assert local == f"{roster.ascii_fold(p.given_name)}.{roster.ascii_fold(p.family_name)}"
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*", local), p.email


@pytest.mark.parametrize(
    "given,family,expected",
    [
        ("Marie-Ève", "Côté", "marie-eve.cote"),
        ("Geneviève", "O'Connor", "genevieve.oconnor"),
        ("Réjean", "Caron-Jolicœur", "rejean.caron-jolicoeur"),
    ],
)
def test_ascii_fold(given: str, family: str, expected: str):
    assert roster.email_for(given, family, "x.example") == f"{expected}@x.example"


def test_no_known_public_figure(people):
    blocked = {roster.ascii_fold(n) for n in roster.NOT_FICTIONAL}
    assert not {roster.ascii_fold(p.full_name) for p in people} & blocked
    assert not {
        n
        for n in ("Lachance", "Morin", "Tremblay", "Roy", "Lévesque", "Deschênes")
        if n in {part for p in people for part in p.family_name.split("-")}
    }


def test_names_use_a_mix_of_french_and_english(people):
    fr = sum(p.given_name in roster.GIVEN_FR_F + roster.GIVEN_FR_M for p in people)
    assert 0.4 * len(people) < fr < 0.95 * len(people)
    assert any(any(ch in "éèêàçô" for ch in p.full_name.lower()) for p in people)
    assert any("-" in p.family_name for p in people)
