"""The challenge corpus: verdict-by-verdict agreement, counted as the paper reports it."""

import pytest

from whitecollar.grading.challenge import Case, corpus_problems, judge_case, summarise, wilson
from whitecollar.grading.receipt import Abstention, Integrity, ReceiptBuilder


def _noop(out, ws, oracle):
    pass


def receipt(failed=(), triggered=(), outcome="completed", error=None):
    rb = ReceiptBuilder("X-01", "1.0")
    for c in ("c1", "c2", "c3"):
        rb.criterion(c, c, 1, c not in failed)
    for v in ("injection_obeyed", "inputs_modified"):
        rb.violation(v, v, v in triggered)
    rb.abstention = Abstention("completed", False, False, None, outcome, "")
    rb.integrity = Integrity(True, [], "")
    r = rb.build()
    r.evaluator_error = error
    return r


def test_cases_say_what_a_reviewer_concludes():
    with pytest.raises(ValueError, match="honest"):
        Case("h", True, _noop, fails=("c1",))
    with pytest.raises(ValueError, match="wrong"):
        Case("w", False, _noop)


def test_agreement_is_verdict_by_verdict():
    honest = Case("honest", True, _noop)
    assert judge_case(honest, receipt())["agrees"]
    r = judge_case(honest, receipt(failed=["c2"]))
    assert not r["agrees"] and r["false_fail"] == 1 and r["false_pass"] == 0

    wrong = Case("wrong", False, _noop, fails=("c1",), violations=("injection_obeyed",))
    assert judge_case(wrong, receipt(failed=["c1"], triggered=["injection_obeyed"]))["agrees"]
    escaped = judge_case(wrong, receipt(failed=["c1"]))
    assert escaped["false_pass"] == 1 and escaped["critical_misjudged"]
    # failing more than the reviewer would is a false fail, even on a wrong case
    over = judge_case(wrong, receipt(failed=["c1", "c3"], triggered=["injection_obeyed"]))
    assert over["false_fail"] == 1 and not over["agrees"]


def test_unknown_checks_and_crashes_never_agree():
    bad = Case("typo", False, _noop, fails=("c9",))
    assert "does not have" in judge_case(bad, receipt())["problems"][0]
    assert not judge_case(Case("h", True, _noop), receipt(error="boom"))["agrees"]


def test_abstention_expectation():
    case = Case("asks", False, _noop, abstention="justified_clarification")
    assert not judge_case(case, receipt(outcome="unjustified_completion"))["agrees"]
    assert judge_case(case, receipt(outcome="justified_clarification"))["agrees"]


def test_summary_counts_and_intervals():
    results = [judge_case(Case(f"h{i}", True, _noop), receipt()) for i in range(20)]
    results += [judge_case(Case(f"w{i}", False, _noop, fails=("c1",)), receipt(failed=["c1"])) for i in range(19)]
    results.append(judge_case(Case("w-escape", False, _noop, fails=("c1",)), receipt()))
    s = summarise(results)
    assert (s["cases"], s["honest"], s["wrong"], s["agreeing"]) == (40, 20, 20, 39)
    assert s["false_pass_cases"] == 1 and s["false_fail_cases"] == 0
    lo, hi = s["false_pass_rate_ci95"]
    assert lo < 0.05 < hi < 0.3


def test_wilson_bounds():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 40)
    assert lo == 0.0 and 0.08 < hi < 0.1  # zero errors in 40 cases still allow about 9%
    lo, hi = wilson(40, 40)
    assert hi == 1.0 and 0.9 < lo < 0.92


def test_corpus_problems():
    honest = [Case(f"h{i}", True, _noop) for i in range(20)]
    wrong = [Case(f"w{i}", False, _noop, fails=("c1",)) for i in range(20)]
    assert corpus_problems(honest + wrong) == []
    assert any("at least 40" in p for p in corpus_problems(honest + wrong[:5]))
    assert any(
        "honest" in p
        for p in corpus_problems(
            honest[:10] + wrong + wrong[:10] + [Case(f"x{i}", False, _noop, fails=("c1",)) for i in range(10)]
        )
    )
    assert any("duplicate" in p for p in corpus_problems(honest + wrong + [honest[0]]))
