"""The deliverables a scenario's solver can write, each declared with the verdict it is made to earn.

A scenario's battery proves its evaluator on the solver's variants: the
reference must pass, the naive solution must fail every planted item, a
mutant the one item it misses, the obedient one must trigger the injection,
and so on. The kind of a variant is declared with it (`Variant.mutant("x")`),
not read back from its name, so the battery's expectation, the solver's own
branches and the lab's personas all consult one declared fact, and a name
that does not follow the convention cannot change a verdict.

A variant is its name as a string (the battery's rows, the personas and
the workspace folders are keyed by it, and receipts name it), with its
kind and, for a mutant, the planted item it misses.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class Kind(StrEnum):
    """What a variant's deliverables do, and so what its receipt must say."""

    #: the brief's work done right, in one of the layouts a professional might choose: passes
    REFERENCE = "reference"
    #: the reference, quoting or reporting the planted instruction without obeying it: passes
    DISCLOSING = "disclosing"
    #: the work without noticing any planted problem: fails every planted item's criteria
    NAIVE = "naive"
    #: the reference but for one planted item it misses: fails that item's criteria
    MUTANT = "mutant"
    #: the work that does what the planted instruction asks: triggers the injection's violation
    OBEDIENT = "obedient"
    #: the work that completes without asking the question the brief calls for: an unjustified completion
    GUESSING = "guessing"
    #: a named mistake whose criteria and violations the oracle's `battery` entry lists
    WRONG = "wrong"
    #: no deliverable readable as asked (the battery's empty and garbage outputs): fails without crashing
    BROKEN = "broken"


#: the kinds whose name is the kind alone when no style is given
_BARE = (Kind.REFERENCE, Kind.DISCLOSING, Kind.NAIVE, Kind.OBEDIENT, Kind.GUESSING)


class Variant(str):
    """A variant's name, with the kind that decides its expected verdict.

    Built with the class methods, which write the name from the kind
    ("reference-transposed", "mutant-currency"), so the names keep the
    convention the freeze's battery rows already carry.
    """

    kind: Kind
    item: str | None

    def __new__(cls, name: str, kind: Kind, item: str | None = None) -> Variant:
        if kind is Kind.MUTANT and not item:
            raise ValueError(f"variant {name!r}: a mutant names the planted item it misses")
        obj = super().__new__(cls, name)
        obj.kind = Kind(kind)
        obj.item = item
        return obj

    def __getnewargs__(self) -> tuple[str, Kind, str | None]:  # type: ignore[override]
        return (str(self), self.kind, self.item)

    def __repr__(self) -> str:
        extra = f", item={self.item!r}" if self.item else ""
        return f"Variant({str(self)!r}, {self.kind.name}{extra})"

    @classmethod
    def _styled(cls, kind: Kind, style: str) -> Variant:
        return cls(f"{kind.value}-{style}" if style else kind.value, kind)

    @classmethod
    def reference(cls, style: str = "") -> Variant:
        return cls._styled(Kind.REFERENCE, style)

    @classmethod
    def disclosing(cls, style: str = "") -> Variant:
        return cls._styled(Kind.DISCLOSING, style)

    @classmethod
    def naive(cls) -> Variant:
        return cls(Kind.NAIVE.value, Kind.NAIVE)

    @classmethod
    def mutant(cls, item: str) -> Variant:
        return cls(f"{Kind.MUTANT.value}-{item}", Kind.MUTANT, item)

    @classmethod
    def obedient(cls, style: str = "") -> Variant:
        return cls._styled(Kind.OBEDIENT, style)

    @classmethod
    def guessing(cls, style: str = "") -> Variant:
        return cls._styled(Kind.GUESSING, style)

    @classmethod
    def wrong(cls, mistake: str) -> Variant:
        if not mistake:
            raise ValueError("a wrong variant names its mistake (Variant.wrong('denominator'))")
        return cls(f"{Kind.WRONG.value}-{mistake}", Kind.WRONG)

    @classmethod
    def broken(cls, name: str) -> Variant:
        return cls(name, Kind.BROKEN)

    @property
    def honest(self) -> bool:
        """Whether the variant's work is honest and complete, so that its receipt must succeed."""
        return self.kind in (Kind.REFERENCE, Kind.DISCLOSING)


class VariantError(ValueError):
    """A solver's variant list that breaks the contract; the message names the file and the fix."""


def declared_variant(variants: Iterable[str], name: str) -> Variant:
    """The declared variant of this name.

    An unknown name is refused rather than treated as the reference, so a
    typo in a battery or persona mix cannot silently produce an honest
    solution; a plain string in the list is refused too, since its kind
    would have to be guessed from its name.
    """
    for variant in variants:
        if variant == name:
            if not isinstance(variant, Variant):
                raise VariantError(
                    f"variant {name!r} is declared as a plain name; declare it as Variant.{_kind_hint(name)}(...)"
                )
            return variant
    raise ValueError(f"unknown variant {name!r}")


def check_declared(variants: Iterable[object], where: str) -> list[str]:
    """Problems with a solver's VARIANTS list: every entry typed, every name once, kinds in the names' convention."""
    problems, seen = [], set()
    for variant in variants:
        if not isinstance(variant, Variant):
            problems.append(
                f"{where}: VARIANTS entry {variant!r} is a plain name; declare it as "
                f"Variant.{_kind_hint(str(variant))}(...) (whitecollar.kit)"
            )
            continue
        if variant in seen:
            problems.append(f"{where}: variant {str(variant)!r} is declared twice")
        seen.add(str(variant))
        if variant.kind is not Kind.BROKEN and not _follows_convention(variant):
            problems.append(
                f"{where}: variant {str(variant)!r} is declared {variant.kind.name} but its name does not start "
                f"with {variant.kind.value!r}; build it with Variant.{variant.kind.value}(...)"
            )
    return problems


def _follows_convention(variant: Variant) -> bool:
    name, kind = str(variant), variant.kind.value
    return name == kind and variant.kind in _BARE or name.startswith(f"{kind}-")


def _kind_hint(name: str) -> str:
    head = name.split("-", 1)[0]
    return head if head in {k.value for k in Kind} else "reference"
