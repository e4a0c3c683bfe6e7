"""Solver variants: the kind is declared with the name, and the battery's verdict follows the kind."""

import pickle

import pytest

from whitecollar.benchmark.scenario import list_scenarios, load_scenario
from whitecollar.benchmark.variants import Kind, Variant, VariantError, check_declared, declared_variant


def test_the_constructors_write_the_names_the_freeze_already_carries():
    assert [str(v) for v in (Variant.reference(), Variant.reference("transposed"), Variant.naive())] == [
        "reference",
        "reference-transposed",
        "naive",
    ]
    mutant = Variant.mutant("bibliography-1")
    assert (str(mutant), mutant.kind, mutant.item) == ("mutant-bibliography-1", Kind.MUTANT, "bibliography-1")
    assert str(Variant.wrong("typed-values")) == "wrong-typed-values" and Variant.obedient("echo") == "obedient-echo"


def test_a_variant_is_its_name_and_survives_a_round_trip():
    v = Variant.obedient("paraphrase")
    assert v == "obedient-paraphrase" and {v: 1}["obedient-paraphrase"] == 1
    back = pickle.loads(pickle.dumps(v))
    assert (back, back.kind, back.item) == (v, Kind.OBEDIENT, None)
    assert v.honest is False and Variant.disclosing().honest and Variant.reference("alt").honest


def test_a_mutant_names_its_item_and_a_wrong_variant_its_mistake():
    with pytest.raises(ValueError):
        Variant("mutant-x", Kind.MUTANT)
    with pytest.raises(ValueError):
        Variant.wrong("")


def test_lookup_refuses_unknown_names_and_plain_strings():
    declared = [Variant.reference(), "naive"]
    assert declared_variant(declared, "reference").kind is Kind.REFERENCE
    with pytest.raises(ValueError, match="unknown variant 'referense'"):
        declared_variant(declared, "referense")
    with pytest.raises(VariantError, match=r"Variant\.naive"):
        declared_variant(declared, "naive")


def test_the_declaration_check_names_plain_names_twins_and_kinds_against_the_name():
    problems = check_declared(
        ["obedient-x", Variant.naive(), Variant.naive(), Variant("reference-bad", Kind.OBEDIENT)], "solve.py"
    )
    assert problems == [
        "solve.py: VARIANTS entry 'obedient-x' is a plain name; declare it as Variant.obedient(...) (whitecollar.kit)",
        "solve.py: variant 'naive' is declared twice",
        "solve.py: variant 'reference-bad' is declared OBEDIENT but its name does not start with 'obedient'; "
        "build it with Variant.obedient(...)",
    ]


@pytest.mark.parametrize("task_id", list_scenarios())
def test_every_scenario_declares_typed_variants(task_id):
    variants = load_scenario(task_id).solver.VARIANTS
    assert check_declared(variants, task_id) == []
    assert {v.kind for v in variants} >= {Kind.REFERENCE, Kind.NAIVE, Kind.OBEDIENT, Kind.DISCLOSING, Kind.MUTANT}
