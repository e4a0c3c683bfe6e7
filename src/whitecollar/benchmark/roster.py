"""The seeded roster of fictional people shared by all scenarios.

A person named in two scenarios must be the same person: same spelling,
same title, same e-mail address and telephone. Generators therefore never
invent names; they look people up in ``benchmark/roster.csv``, which this
module produces from a seed. The committed file is the reference and the
test suite regenerates it to prove that it still follows from the seed.

Determinism rests on three rules: the only source of randomness is one
``random.Random(seed)``; every pool is a tuple walked in its written order
(never a set, never anything ordered by ``hash()``); and people are drawn in
the fixed order of ``POSITIONS``. A consequence worth knowing: inserting a
position in the middle of ``POSITIONS`` reshuffles every name drawn after
it, so new positions go at the end of their organisation's block, and the
roster is regenerated and committed in the same change.

Usage: ``python -m whitecollar.benchmark.roster --seed 2025 --out benchmark/roster.csv``
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from random import Random

from whitecollar import atomic, paths
from whitecollar.benchmark.benchdata import ROSTER_COLUMNS, Organisation, Person, organisations

DEFAULT_SEED = 2025


@dataclass(frozen=True)
class Position:
    """A post to be filled: who employs it and what a signature says.

    ``gender`` is fixed only where an existing scenario already refers to
    the holder with a pronoun (the chief executive and the controller are
    "she" in the pilot briefs); elsewhere it is drawn.
    """

    organisation: str
    role: str
    department: str
    gender: str | None = None  # "F", "M" or None (drawn)


# Organisation blocks in a fixed order; within a block, the order gives the
# person_id sequence. Boréal Fenestration's staff are split between the company
# (BFI) and the three departments in which scenarios are set (ADM, HRD, PRD).
POSITIONS: tuple[Position, ...] = (
    # Office of the CEO, Boréal Fenestration Inc.
    Position("ADM", "chief executive officer", "Office of the CEO", "F"),
    Position("ADM", "executive assistant to the CEO", "Office of the CEO"),
    Position("ADM", "corporate secretary", "Office of the CEO"),
    # Boréal Fenestration Inc.
    Position("BFI", "vice-president of operations", "Operations"),
    Position("BFI", "vice-president of finance", "Finance"),
    Position("BFI", "controller", "Finance", "F"),
    Position("BFI", "vice-president of sales", "Sales"),
    Position("BFI", "plant manager", "Production"),
    Position("BFI", "production supervisor, day shift", "Production"),
    Position("BFI", "production supervisor, evening shift", "Production"),
    Position("BFI", "sales operations analyst", "Sales"),
    Position("BFI", "former bookkeeper", "Finance"),
    # Boréal Fenestration — Human Resources
    Position("HRD", "HR director", "Human Resources"),
    Position("HRD", "HR coordinator", "Human Resources"),
    Position("HRD", "payroll clerk", "Human Resources"),
    # Boréal Fenestration — Procurement
    Position("PRD", "procurement manager", "Procurement"),
    Position("PRD", "procurement analyst", "Procurement"),
    Position("PRD", "buyer", "Procurement"),
    # Lachance & Morin CPA Inc.
    Position("LMC", "engagement partner", "Assurance and Accounting"),
    Position("LMC", "manager", "Assurance and Accounting"),
    Position("LMC", "staff accountant", "Assurance and Accounting"),
    # Banque Commerciale de l'Outaouais
    Position("BCO", "senior manager, commercial credit", "Commercial Credit"),
    Position("BCO", "credit analyst", "Commercial Credit"),
    Position("BCO", "account manager", "Commercial Banking"),
    Position("BCO", "mortgage underwriter", "Residential Lending"),
    # Tremblay Roy Lévesque LLP
    Position("TRL", "partner", "Business Law"),
    Position("TRL", "junior associate", "Business Law"),
    Position("TRL", "legal assistant", "Business Law"),
    # Évaluations Rivière-Nord Inc.
    Position("EVP", "chief appraiser", "Appraisal"),
    Position("EVP", "appraiser", "Appraisal"),
    Position("EVP", "inspector", "Inspection"),
    # Nordvale Capital Partners
    Position("NVC", "managing partner", "Investments"),
    Position("NVC", "vice-president, industrials", "Industrials"),
    Position("NVC", "associate", "Industrials"),
    # Université du Quartier-Deschênes, Department of Administrative Sciences
    Position("UQD", "professor", "Department of Administrative Sciences"),
    Position("UQD", "research assistant", "Department of Administrative Sciences"),
    Position("UQD", "librarian", "Library"),
    Position("UQD", "data unit manager", "Research Data Unit"),
    # Hillcrest Strategy Group
    Position("HCS", "principal", "Strategy"),
    Position("HCS", "senior consultant", "Strategy"),
    Position("HCS", "research analyst", "Research"),
    # Bleu Marine Communications
    Position("BLM", "account director", "Client Services"),
    Position("BLM", "copywriter", "Creative"),
    Position("BLM", "media planner", "Media"),
    # Assurance Saint-Quentin
    Position("ASQ", "claims manager", "Claims"),
    Position("ASQ", "claims adjuster", "Claims"),
    Position("ASQ", "underwriter", "Underwriting"),
    # TransLaurentides Logistics
    Position("TLX", "operations manager", "Operations"),
    Position("TLX", "dispatcher", "Dispatch"),
    Position("TLX", "fleet coordinator", "Fleet"),
    # Municipalité de Grande-Cédrière
    Position("MGC", "director general", "Office of the Director General"),
    Position("MGC", "municipal clerk", "Clerk's Office"),
    Position("MGC", "records manager", "Clerk's Office"),
    # Nordique Télécom — Customer Operations
    Position("CSO", "customer operations manager", "Customer Operations"),
    Position("CSO", "senior case specialist", "Escalations"),
    Position("CSO", "customer service agent", "Customer Care"),
    # Le Courrier de l'Outaouais
    Position("JRN", "editor-in-chief", "Newsroom"),
    Position("JRN", "reporter", "Newsroom"),
    Position("JRN", "fact-checker", "Research Desk"),
)

# --------------------------------------------------------------------------- name pools
# Common Québec and Canadian names, combined at random. Family names that are
# also organisation names (Lachance, Morin, Tremblay, Roy, Lévesque,
# Deschênes) are left out so that a person is never mistaken for a firm, and
# so are the surnames most associated with Québec public figures.

GIVEN_FR_F = (
    "Marie-Ève",
    "Isabelle",
    "Geneviève",
    "Nathalie",
    "Catherine",
    "Julie",
    "Valérie",
    "Mélanie",
    "Sophie",
    "Anne-Sophie",
    "Émilie",
    "Chantal",
    "Josée",
    "Stéphanie",
    "Karine",
    "Véronique",
    "Audrey",
    "Marie-Claude",
    "Annie",
    "Caroline",
    "Élise",
    "Maude",
    "Noémie",
    "Roxanne",
    "Sylvie",
    "Hélène",
    "Francine",
    "Manon",
    "Brigitte",
    "Josiane",
)
GIVEN_FR_M = (
    "Jean-François",
    "Pierre-Luc",
    "Mathieu",
    "Étienne",
    "Olivier",
    "Sébastien",
    "Marc-André",
    "François",
    "Alexandre",
    "Maxime",
    "Simon",
    "Guillaume",
    "Philippe",
    "Luc",
    "Benoît",
    "Martin",
    "Yannick",
    "Frédéric",
    "Jérôme",
    "Nicolas",
    "Denis",
    "Réjean",
    "Gilles",
    "Sylvain",
    "Éric",
    "Vincent",
    "Jean-Philippe",
    "Hugo",
    "Louis",
    "Raphaël",
)
GIVEN_EN_F = (
    "Sarah",
    "Emily",
    "Jennifer",
    "Rachel",
    "Megan",
    "Laura",
    "Katherine",
    "Heather",
    "Amanda",
    "Rebecca",
    "Claire",
    "Fiona",
    "Grace",
    "Hannah",
    "Olivia",
    "Priya",
    "Aisha",
    "Mei",
    "Leah",
    "Natalie",
)
GIVEN_EN_M = (
    "David",
    "Michael",
    "Andrew",
    "James",
    "Daniel",
    "Ryan",
    "Kevin",
    "Brian",
    "Jason",
    "Colin",
    "Graham",
    "Owen",
    "Neil",
    "Patrick",
    "Gordon",
    "Samir",
    "Arjun",
    "Wei",
    "Thomas",
    "Ian",
)
FAMILY_FR = (
    "Gagnon",
    "Bouchard",
    "Côté",
    "Gauthier",
    "Pelletier",
    "Bélanger",
    "Bergeron",
    "Leblanc",
    "Paquette",
    "Girard",
    "Simard",
    "Boucher",
    "Caron",
    "Beaulieu",
    "Cloutier",
    "Dubé",
    "Poirier",
    "Fortin",
    "Ouellet",
    "Fournier",
    "Lapointe",
    "Lefebvre",
    "Gingras",
    "Thibault",
    "Mercier",
    "Charbonneau",
    "Proulx",
    "Lavoie",
    "Vaillancourt",
    "Rioux",
    "Turcotte",
    "Lachapelle",
    "Bérubé",
    "Deschamps",
    "Marchand",
    "Huard",
    "Tardif",
    "Nadeau",
    "Villeneuve",
    "Dufresne",
    "Arsenault",
    "Brisson",
    "Larivière",
    "Saint-Pierre",
    "Beauchemin",
    "Labelle",
    "Desrosiers",
    "Guérin",
    "Chartrand",
    "Plamondon",
    "Bisson",
    "Trottier",
    "Gosselin",
    "Hébert",
    "Lacasse",
    "Jolicoeur",
    "Aubin",
    "Champagne",
    "Thériault",
    "Lemay",
)
FAMILY_EN = (
    "Campbell",
    "MacDonald",
    "Fraser",
    "Thompson",
    "Wilson",
    "Murray",
    "Robertson",
    "Sinclair",
    "Gallagher",
    "O'Connor",
    "Reid",
    "Henderson",
    "Whitfield",
    "Ashworth",
    "Mackenzie",
    "Doyle",
    "Walsh",
    "Bennett",
    "Harrington",
    "Sutherland",
    "Fletcher",
    "Lawson",
    "Hughes",
    "Morrison",
    "Ellis",
    "Pritchard",
    "Holloway",
    "Kerr",
)
FAMILY_OTHER = (
    "Nguyen",
    "Haddad",
    "Chen",
    "Patel",
    "Khoury",
    "Diallo",
    "Benali",
    "Santos",
    "Kowalski",
    "Ferreira",
    "Abboud",
    "Tran",
    "Joseph",
    "Mensah",
)

# Share of French given names and of French / English family names, by
# province: the Québec offices are mostly francophone, the Ontario ones mostly not.
_MIX: dict[str, tuple[float, float, float]] = {
    # province: (P(French given name), P(French family name), P(English family name))
    "QC": (0.75, 0.72, 0.14),
    "ON": (0.20, 0.15, 0.60),
}
_HYPHENATED = 0.08  # compound family names such as "Gagnon-Bérubé"

#: Combinations of pool names that belong to well-known Canadian public
#: figures or are otherwise famous; a draw that lands on one is redrawn. The
#: list is best effort: it covers the combinations the pools make likely,
#: not every person who has ever been in the news.
NOT_FICTIONAL = (
    "Luc Lemay",
    "Véronique Cloutier",
    "Sophie Thibault",
    "Annie Villeneuve",
    "Éric Lapointe",
    "Stéphanie Lapointe",
    "Hugo Girard",
    "Éric Girard",
    "Nathalie Simard",
    "Chantal Hébert",
    "Jean-François Mercier",
    "Maude Guérin",
    "Catherine Fournier",
    "Sébastien Proulx",
    "Patrick Huard",
    "Louis Champagne",
    "Marc-André Bergeron",
    "Éric Bélanger",
    "Marie-Ève Pelletier",
    "Denis Villeneuve",
    "Michael Campbell",
    "Colin Campbell",
    "Graham Fraser",
    "Andrew Murray",
    "James Murray",
    "David Thompson",
    "Ian Ellis",
    "Simon Gauthier",
)


def ascii_fold(text: str) -> str:
    """Lower-case ASCII form of a name for an e-mail address.

    Accents are dropped (Côté -> cote), apostrophes removed (O'Connor ->
    oconnor) and hyphens kept, which is how Québec organisations usually
    build addresses; a name that still is not ASCII is a pool error.
    """
    text = text.replace("œ", "oe").replace("Œ", "Oe").replace("æ", "ae").replace("Æ", "Ae")
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    folded = stripped.replace("'", "").replace("\u2019", "").replace(" ", "-").lower()
    if not folded.isascii():
        raise ValueError(f"name {text!r} does not fold to ASCII")
    return folded


def email_for(given: str, family: str, domain: str) -> str:
    return f"{ascii_fold(given)}.{ascii_fold(family)}@{domain}"


# Compared in folded form so that a missing accent in the list cannot let a
# real name through.
_NOT_FICTIONAL_KEYS = frozenset(
    f"{ascii_fold(name.split(' ', 1)[0])}.{ascii_fold(name.split(' ', 1)[1])}" for name in NOT_FICTIONAL
)


class _Draw:
    """Name and extension draws that never hand out the same thing twice.

    Given names and family-name components are unique across the whole
    roster, not just full names, so that "Ms Gagnon" or "Julie" in a brief
    points at one person only.
    """

    def __init__(self, rng: Random) -> None:
        self.rng = rng
        self.used_given: set[str] = set()
        self.used_family: set[str] = set()
        self.used_email: set[str] = set()
        self.used_ext: dict[str, set[int]] = {}
        self.dept_block: dict[tuple[str, str], int] = {}

    def _pick(self, pool: tuple[str, ...], used: set[str]) -> str:
        free = [name for name in pool if ascii_fold(name) not in used]
        if not free:
            raise RuntimeError("name pool exhausted; add names to the pools in roster.py")
        return self.rng.choice(free)

    def given(self, gender: str, french: bool) -> str:
        if gender == "F":
            pool = GIVEN_FR_F if french else GIVEN_EN_F
        else:
            pool = GIVEN_FR_M if french else GIVEN_EN_M
        name = self._pick(pool, self.used_given)
        self.used_given.add(ascii_fold(name))
        return name

    def family(self, province: str) -> str:
        _, p_fr, p_en = _MIX[province]
        u = self.rng.random()
        pool = FAMILY_FR if u < p_fr else FAMILY_EN if u < p_fr + p_en else FAMILY_OTHER
        first = self._pick(pool, self.used_family)
        parts = [first]
        if self.rng.random() < _HYPHENATED:
            parts.append(self._pick(FAMILY_FR, self.used_family | {ascii_fold(first)}))
        for part in parts:
            self.used_family.add(ascii_fold(part))
        return "-".join(parts)

    def extension(self, phone: str, department: str) -> str:
        """Extensions grouped by department (one hundred per department).

        Keyed on the main number, so the company and its departments, which
        share a switchboard, never hand out the same extension twice.
        """
        key = (phone, department)
        if key not in self.dept_block:
            self.dept_block[key] = 1 + sum(1 for (ph, _d) in self.dept_block if ph == phone)
        block = self.dept_block[key]
        if block > 9:
            raise RuntimeError(f"more than nine departments behind {phone}")
        used = self.used_ext.setdefault(phone, set())
        free = [n for n in range(block * 100 + 1, block * 100 + 100) if n not in used]
        ext = self.rng.choice(free)
        used.add(ext)
        return f"{ext:03d}"


def build_roster(seed: int = DEFAULT_SEED) -> list[Person]:
    """Draw the roster for ``seed``; the same seed always gives the same people."""
    rng = Random(seed)
    orgs: dict[str, Organisation] = organisations()
    draw = _Draw(rng)
    counters: dict[str, int] = {}
    people: list[Person] = []
    for pos in POSITIONS:
        org = orgs[pos.organisation]
        p_fr_given = _MIX[org.province][0]
        gender = pos.gender or rng.choice(("F", "M"))
        while True:
            given = draw.given(gender, rng.random() < p_fr_given)
            family = draw.family(org.province)
            email = email_for(given, family, org.email_domain)
            if email not in draw.used_email and email.split("@")[0] not in _NOT_FICTIONAL_KEYS:
                break
        draw.used_email.add(email)
        counters[org.code] = counters.get(org.code, 0) + 1
        people.append(
            Person(
                person_id=f"{org.code}-{counters[org.code]:03d}",
                organisation=org.code,
                given_name=given,
                family_name=family,
                role=pos.role,
                department=pos.department,
                email=email,
                phone=org.phone,
                extension=draw.extension(org.phone, pos.department),
                city=org.city,
            )
        )
    return sorted(people, key=lambda p: p.person_id)


def to_csv(people: list[Person]) -> str:
    """The roster as committed: UTF-8 text, "\\n" line ends, sorted by person_id."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(ROSTER_COLUMNS)
    for p in sorted(people, key=lambda p: p.person_id):
        writer.writerow([getattr(p, col) for col in ROSTER_COLUMNS])
    return buf.getvalue()


def write_roster(out: str | Path, seed: int = DEFAULT_SEED) -> Path:
    return atomic.write_text(out, to_csv(build_roster(seed)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m whitecollar.benchmark.roster",
        description="Write the seeded roster of fictional people shared by all scenarios.",
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=paths.BENCHMARK / "roster.csv")
    args = parser.parse_args(argv)
    path = write_roster(args.out, args.seed)
    print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
