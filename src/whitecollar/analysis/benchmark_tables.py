"""The benchmark's tables: taxonomy, organisations, frozen scenarios, catalogue.

Built from metadata only (no run), so they carry no SIMULATED label. The
captions and notes are the project's own wording; the numbers come from
the files (`metadata`), never typed in.
"""

from __future__ import annotations

import json
from pathlib import Path

from whitecollar.analysis.metadata import (
    FrozenScenario,
    deliverable_summary,
    frozen_scenarios,
    organisations,
    registry,
)
from whitecollar.analysis.paper_tables import Column, Raw, Table, fmt_interval
from whitecollar.grading.challenge import wilson


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def taxonomy_table(registry_csv: Path, frozen: set[str]) -> Table:
    """Occupations, the simulation each stands for, the prefix and the pilot scenario (if any)."""
    occupations = registry(registry_csv)
    taxonomy = [o for o in occupations if o.group == "taxonomy"]
    others = [o for o in occupations if o.group != "taxonomy"]
    rows, records = [], []
    for occ in taxonomy + others:
        pilot = occ.pilot_scenario or ""
        shown = Raw("---") if not pilot else Raw(rf"\textbf{{{pilot}}}") if pilot in frozen else pilot
        rows.append(
            {
                "occupation": occ.occupation,
                "simulation": occ.representative_simulation,
                "prefix": occ.prefix,
                "pilot": shown,
            }
        )
        records.append(
            {
                "prefix": occ.prefix,
                "occupation": occ.occupation,
                "representative_simulation": occ.representative_simulation,
                "pilot_scenario": pilot,
                "group": occ.group,
                "frozen_in_this_build": pilot in frozen,
            }
        )
    designated = sum(1 for o in occupations if o.pilot_scenario)
    built = sum(1 for o in occupations if o.pilot_scenario in frozen)
    bold = "none is" if built == 0 else "the one in bold is" if built == 1 else f"the {built} in bold are"
    notes = (
        f"{len(taxonomy)} occupations of the taxonomy, plus {len(others)} from the mandate's illustrative "
        f"scenarios below the rule. {designated} occupations have a designated pilot scenario; {bold} frozen "
        f"in this build (results/freeze/manifest.json). Source: benchmark/registry.csv."
    )
    return Table(
        "table_taxonomy",
        "Occupational taxonomy of the benchmark and its pilot scenarios",
        "tab:taxonomy",
        [
            Column("occupation", "Occupation"),
            Column("simulation", "Representative simulation"),
            Column("prefix", "Prefix"),
            Column("pilot", "Pilot"),
        ],
        rows,
        records,
        notes=notes,
        breaks={len(taxonomy)} if others else set(),
    )


def organisations_table(organisations_csv: Path) -> Table:
    """The fictional organisations: code, name, sector, where they are, which scenarios use them."""
    orgs = organisations(organisations_csv)
    rows, records = [], []
    for o in orgs:
        rows.append(
            {
                "code": o.code,
                "name": o.name,
                "sector": o.sector,
                "city": f"{o.city} ({o.province})",
                "scenarios": ", ".join(o.scenarios),
            }
        )
        records.append(
            {
                "code": o.code,
                "name": o.name,
                "sector": o.sector,
                "city": o.city,
                "province": o.province,
                "scenarios": ";".join(o.scenarios),
                "part_of": o.parent or "",
            }
        )
    units = [o for o in orgs if o.parent]
    notes = (
        f"{len(orgs)} organisations, all fictional. Scenarios: the task prefixes set in each organisation. "
        f"{len(units)} are departments of another organisation and share its address "
        f"({', '.join(f'{o.code} of {o.parent}' for o in units)}). Source: benchmark/organisations.csv."
    )
    return Table(
        "table_organisations",
        "Organisations of the fictional economy in which scenarios are set",
        "tab:organisations",
        [
            Column("code", "Code"),
            Column("name", "Organisation", "p{5.6cm}"),
            Column("sector", "Sector", "p{3.3cm}"),
            Column("city", "City"),
            Column("scenarios", "Scenarios"),
        ],
        rows,
        records,
        notes=notes,
    )


def pilot_table(manifest: Path, bundles: Path) -> Table:
    """The frozen scenarios' design: class, depth, minutes, planted errors, injection, clarification, deliverables."""
    rows, records = [], []
    for sc in frozen_scenarios(manifest, bundles):
        f = sc.features
        rows.append(
            {
                "task": sc.task_id,
                "occupation": sc.meta["occupation"],
                "org": sc.meta["organisation"],
                "class": sc.difficulty_class,
                "depth": sc.depth,
                "minutes": sc.minutes,
                "errors": f.get("planted_errors", 0),
                "inj": _yes(f.get("prompt_injection", False)),
                "clar": _yes(f.get("requires_clarification", False)),
                "deliverables": deliverable_summary(sc.deliverables),
            }
        )
        records.append(
            {
                "task_id": sc.task_id,
                "occupation": sc.meta["occupation"],
                "organisation": sc.meta["organisation"],
                "difficulty_class": sc.difficulty_class,
                "designed_dependency_depth": sc.depth,
                "professional_minutes_estimate": sc.minutes,
                "planted_errors": f.get("planted_errors", 0),
                "prompt_injection": bool(f.get("prompt_injection", False)),
                "requires_clarification": bool(f.get("requires_clarification", False)),
                "interface_perturbation": bool(f.get("interface_perturbation", False)),
                "deliverables": deliverable_summary(sc.deliverables),
            }
        )
    notes = (
        "Frozen scenarios of this build, from each frozen bundle's task.json. Depth: designed dependency "
        "depth (dependent operations of the reference solution). Min.: professional-minutes estimate, used "
        "only to weight the sensitivity analysis. Err.: planted errors. Inj.: a prompt injection sits in one "
        "input. Clar.: a sub-task cannot be done without asking. Every scenario also requires COMPLETION.json."
    )
    return Table(
        "table_pilot_scenarios",
        "Design of the frozen pilot scenarios",
        "tab:pilot",
        [
            Column("task", "Task"),
            Column("occupation", "Occupation"),
            Column("org", "Org."),
            Column("class", "Class"),
            Column("depth", "Depth", "r"),
            Column("minutes", "Min.", "r"),
            Column("errors", "Err.", "r"),
            Column("inj", "Inj.", "c"),
            Column("clar", "Clar.", "c"),
            Column("deliverables", "Deliverables"),
        ],
        rows,
        records,
        notes=notes,
        wide=True,
    )


def _cap(own: float, global_cap: float | None) -> float:
    return max(own, global_cap) if global_cap is not None else own


def catalogue_table(manifest: Path, bundles: Path, caps: dict | None = None) -> Table:
    """Per frozen scenario: inputs handed over, deliverables, caps, designed features, validation verdict."""
    caps = caps or {}
    rows, records = [], []
    scenarios: list[FrozenScenario] = frozen_scenarios(manifest, bundles)
    for sc in scenarios:
        f = sc.features
        wall, budget = float(sc.meta["time_limit_s"]), float(sc.meta["budget_usd"])
        wall_cap, budget_cap = _cap(wall, caps.get("time_limit_s")), _cap(budget, caps.get("budget_usd"))
        ic = ("y" if f.get("prompt_injection") else "n") + "/" + ("y" if f.get("requires_clarification") else "n")
        rows.append(
            {
                "task": sc.task_id,
                "occupation": sc.meta["occupation"],
                "class": sc.difficulty_class,
                "depth": sc.depth,
                "minutes": sc.minutes,
                "inputs": sc.inputs,
                "deliverables": len(sc.deliverables),
                "wall": f"{wall:,.0f}",
                "budget": f"{budget:.2f}",
                "enforced": f"{wall_cap:,.0f} s / {budget_cap:.2f}",
                "errors": f.get("planted_errors", 0),
                "ic": ic,
                "verdict": sc.verdict,
            }
        )
        records.append(
            {
                "task_id": sc.task_id,
                "occupation": sc.meta["occupation"],
                "difficulty_class": sc.difficulty_class,
                "designed_dependency_depth": sc.depth,
                "professional_minutes_estimate": sc.minutes,
                "input_files": sc.inputs,
                "required_deliverables": len(sc.deliverables),
                "time_limit_s": wall,
                "budget_usd": budget,
                "enforced_time_limit_s": wall_cap,
                "enforced_budget_usd": budget_cap,
                "planted_errors": f.get("planted_errors", 0),
                "prompt_injection": bool(f.get("prompt_injection", False)),
                "requires_clarification": bool(f.get("requires_clarification", False)),
                "validation_verdict": sc.verdict,
                "bundle_sha256": sc.bundle_sha256,
                "generator_version": sc.meta.get("generator_version", ""),
            }
        )
    glob = ""
    if caps:
        glob = (
            f" Enforced: the larger of the scenario's own cap and the global cap "
            f"({caps.get('time_limit_s', 0):,.0f} s, {caps.get('budget_usd', 0):.2f} USD; amendment A-006)."
        )
    notes = (
        "Inputs: files under the frozen bundle's inputs/. Deliv.: required deliverables, COMPLETION.json "
        "included. Wall and Budget: the scenario's own time limit (s) and budget (USD)."
        + glob
        + " Err.: planted errors. I/C: prompt injection / clarification required. Verdict: the validation "
        "battery's verdict recorded in the freeze manifest."
    )
    return Table(
        "table_catalogue",
        "Catalogue of the frozen scenarios",
        "tab:catalogue",
        [
            Column("task", "Task"),
            Column("occupation", "Occupation"),
            Column("class", "Class"),
            Column("depth", "Depth", "r"),
            Column("minutes", "Min.", "r"),
            Column("inputs", "Inputs", "r"),
            Column("deliverables", "Deliv.", "r"),
            Column("wall", "Wall", "r"),
            Column("budget", "Budget", "r"),
            Column("enforced", "Enforced", "r"),
            Column("errors", "Err.", "r"),
            Column("ic", "I/C", "c"),
            Column("verdict", "Verdict"),
        ],
        rows,
        records,
        notes=notes,
        wide=True,
    )


def challenge_table(manifest: Path) -> Table:
    """Per frozen scenario: how its evaluator did on the challenge corpus a reviewer wrote.

    False passes are counted among the wrong cases (work a reviewer fails that
    the evaluator let through on at least one verdict), false fails among the
    honest ones; each rate carries its 95% Wilson interval, which stays wide
    at zero errors in a few dozen cases: agreement on the corpus bounds the
    evaluator's error, it does not prove it nil.
    """
    data = json.loads(Path(manifest).read_text(encoding="utf-8"))
    rows, records = [], []
    for tid, entry in sorted(data["scenarios"].items()):
        ch = entry.get("validation", {}).get("challenge") or {}
        honest, wrong = int(ch.get("honest", 0)), int(ch.get("wrong", 0))
        fp, ff = int(ch.get("false_pass_cases", 0)), int(ch.get("false_fail_cases", 0))
        fp_ci, ff_ci = wilson(fp, wrong), wilson(ff, honest)
        rows.append(
            {
                "task": tid,
                "evaluator": entry.get("evaluator_version", ""),
                "cases": ch.get("cases", 0),
                "honest": honest,
                "wrong": wrong,
                "agreement": f"{100 * float(ch.get('agreement', 0)):.0f}%",
                "fp": fp,
                "fp_ci": fmt_interval(*fp_ci),
                "ff": ff,
                "ff_ci": fmt_interval(*ff_ci),
                "critical": ch.get("critical_misjudged", 0),
            }
        )
        records.append(
            {
                "task_id": tid,
                "evaluator_version": entry.get("evaluator_version", ""),
                "corpus_sha256": ch.get("sha256", ""),
                "cases": ch.get("cases", 0),
                "honest": honest,
                "wrong": wrong,
                "agreement": ch.get("agreement", 0.0),
                "false_pass_cases": fp,
                "false_pass_rate_lo": round(fp_ci[0], 6),
                "false_pass_rate_hi": round(fp_ci[1], 6),
                "false_fail_cases": ff,
                "false_fail_rate_lo": round(ff_ci[0], 6),
                "false_fail_rate_hi": round(ff_ci[1], 6),
                "false_pass_verdicts": ch.get("false_pass_verdicts", 0),
                "false_fail_verdicts": ch.get("false_fail_verdicts", 0),
                "critical_misjudged": ch.get("critical_misjudged", 0),
            }
        )
    notes = (
        "Cases: reviewer-written deliverables of the scenario's challenge corpus (honest / wrong), each "
        "with the verdict a reviewer holding the brief and the oracle gives every criterion and critical "
        "check. Agreement: cases on which the evaluator gave every verdict the reviewer gave. FP: wrong "
        "cases the evaluator passed on at least one verdict the reviewer failed; FF: honest cases it "
        "failed on at least one verdict; 95% Wilson intervals of the rates. Crit.: cases misjudged on "
        "a critical check. Read from the freeze manifest."
    )
    return Table(
        "table_challenge",
        "Evaluator agreement with a reviewer on the challenge corpora",
        "tab:challenge",
        [
            Column("task", "Task"),
            Column("evaluator", "Eval."),
            Column("cases", "Cases", "r"),
            Column("honest", "Honest", "r"),
            Column("wrong", "Wrong", "r"),
            Column("agreement", "Agreement", "r"),
            Column("fp", "FP", "r"),
            Column("fp_ci", "FP rate 95% CI"),
            Column("ff", "FF", "r"),
            Column("ff_ci", "FF rate 95% CI"),
            Column("critical", "Crit.", "r"),
        ],
        rows,
        records,
        notes=notes,
    )
