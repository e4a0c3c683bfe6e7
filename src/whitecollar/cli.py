"""The `whitecollar` command: one verb per step of the pipeline.

Snakemake rules call these verbs, so everything a rule does can also be run
and debugged by hand. Errors a user can fix are printed as one line naming
the file and the fix, with exit status 2; a failed check exits with 1.
"""
from __future__ import annotations

import argparse
import functools
import json
import logging
import os
import sys
from pathlib import Path

from whitecollar import atomic
from whitecollar.config import ConfigError
from whitecollar.benchmark.scenario import ScenarioError


class UsageError(Exception):
    """A problem the user can fix; printed as one line."""


def _config_paths() -> dict[str, Path]:
    from whitecollar import config, paths

    cfg_file = paths.REPO_ROOT / "config.yaml"
    results, oracles = Path("results"), Path("results/restricted/oracles")
    if cfg_file.exists():
        cfg = config.load(cfg_file)
        results = Path(cfg["paths"]["results"])
        oracles = Path(cfg["paths"].get("oracles", results / "restricted" / "oracles"))
    return {"bundles": results / "bundles", "oracles": oracles, "validation": results / "validation"}


def cmd_generate(a: argparse.Namespace) -> int:
    from whitecollar.benchmark.generation import generate

    result = generate(a.task_id, Path(a.bundle), Path(a.oracle), seed=a.seed)
    if a.digest:
        atomic.write_json(a.digest, result.digest())
    print(f"{a.task_id}: seed {result.seed}, {len(result.bundle)} bundle files (sha256 {result.bundle_sha256[:12]}), "
          f"{len(result.oracle)} oracle files")
    return 0


def cmd_compose(a: argparse.Namespace) -> int:
    from whitecollar.lab.workspace import compose

    portal = a.portal or (a.arm or "").upper() in ("A3", "A4")
    compose(Path(a.bundle), Path(a.workspace), portal=portal,
            freeze_manifest=Path(a.freeze) if a.freeze else None, task_id=a.task_id)
    print(f"{a.task_id}: workspace composed at {a.workspace}{' (with portal)' if portal else ''}")
    return 0


def cmd_solve(a: argparse.Namespace) -> int:
    from whitecollar.benchmark.scenario import load_scenario

    sc = load_scenario(a.task_id)
    variants = list(getattr(sc.solver, "VARIANTS", []))
    if a.variant not in variants:
        raise UsageError(f"{sc.folder / 'solve.py'}: no variant {a.variant!r}; choose one of {', '.join(variants)}")
    ws = Path(a.workspace)
    if not (ws / "BRIEF.md").is_file():
        raise UsageError(f"{ws}: not a workspace (no BRIEF.md); compose one with `whitecollar compose`")
    (ws / "out").mkdir(exist_ok=True)
    sc.solver.solve(ws, a.variant)
    print(f"{a.task_id}: variant {a.variant} wrote {ws / 'out'}")
    return 0


def cmd_evaluate(a: argparse.Namespace) -> int:
    from whitecollar.bounded import Limits
    from whitecollar.grading.evaluation import evaluate_bounded

    ws = Path(a.workspace)
    out = Path(a.out) if a.out else ws / "out"
    run_json, owner = ws / "run.json", Path(a.oracle) / "BUNDLE.sha256"
    if run_json.is_file() and owner.is_file():
        ran = json.loads(run_json.read_text(encoding="utf-8")).get("bundle_sha256", "")
        owned = owner.read_text().strip()
        if ran != owned:
            raise UsageError(f"{a.oracle}: this oracle belongs to bundle {owned[:12]}, the run used "
                             f"{ran[:12]}; grade it with the oracle of its own bundle")
    from whitecollar.lab.session import not_launched_reason

    not_launched = not_launched_reason(ws)
    if not_launched is not None:
        from whitecollar.grading.evaluation import not_launched_receipt
        from whitecollar.benchmark.scenario import load_scenario

        receipt = not_launched_receipt(a.task_id, load_scenario(a.task_id).evaluator_version, not_launched)
        atomic.write_text(a.receipt, receipt.to_json())
        print(f"{a.task_id}: not launched, nothing to grade")
        return 0
    limits = Limits(wall_s=a.wall_s, cpu_s=a.cpu_s, memory_mb=a.memory_mb)
    receipt = evaluate_bounded(a.task_id, out, ws, Path(a.oracle), limits)
    atomic.write_text(a.receipt, receipt.to_json())
    verdict = "ERROR" if receipt.evaluator_error else ("success" if receipt.success else "failure")
    print(f"{a.task_id}: {verdict}, weighted score {receipt.weighted_score:.3f}, "
          f"failed {receipt.failed_criteria or 'none'}, violations {receipt.triggered or 'none'}")
    return 0


def cmd_validate(a: argparse.Namespace) -> int:
    from whitecollar.grading.validation import format_report, run_battery

    defaults = _config_paths()
    bundle = Path(a.bundle) if a.bundle else defaults["bundles"] / a.task_id
    oracle = Path(a.oracle) if a.oracle else defaults["oracles"] / a.task_id
    out = Path(a.out) if a.out else defaults["validation"] / f"{a.task_id}.json"
    for p in (bundle, oracle):
        if not p.is_dir():
            raise UsageError(f"{p}: not found; generate the scenario first (`whitecollar generate {a.task_id} ...` or `snakemake freeze`)")
    result = run_battery(a.task_id, bundle, oracle, keep=Path(a.keep_receipts) if a.keep_receipts else None)
    atomic.write_json(out, result)
    print(format_report(result))
    print(f"written: {out}")
    return 0 if result["verdict"] == "valid" else 1


def cmd_check_scenario(a: argparse.Namespace) -> int:
    from whitecollar.grading.scenario_check import check_scenario

    problems = check_scenario(a.task_id)
    for p in problems:
        print(f"{a.task_id}: {p}")
    if not problems:
        print(f"{a.task_id}: scenario contract holds")
    return 1 if problems else 0


def cmd_freeze(a: argparse.Namespace) -> int:
    from whitecollar import paths
    from whitecollar.freeze.manifest import FreezeError, build_manifest
    from whitecollar.freeze.protocol import ProtocolError, current

    digests = [json.loads(Path(p).read_text()) for p in a.digests]
    validations = [json.loads(Path(p).read_text()) for p in a.validations]
    try:
        protocol = current(paths.REPO_ROOT, _load_config(a.config or str(paths.REPO_ROOT / "config.yaml")),
                           [d["task_id"] for d in digests])
        manifest = build_manifest(digests, validations, protocol)
    except (FreezeError, ProtocolError) as exc:
        raise UsageError(str(exc)) from None
    atomic.write_json(a.out, manifest)
    print(f"froze {len(manifest['scenarios'])} scenario(s): {', '.join(manifest['scenarios'])}, "
          f"with their rubrics, the judges' prompt and panel, the analysis plan, the study design "
          f"and the amendments -> {a.out}")
    return 0


def _current_protocol(config_path: str | None, manifest_path: str) -> tuple[dict, dict[str, str]]:
    """The checkout's protocol record and evaluator versions, for the scenarios a manifest froze."""
    from whitecollar import paths
    from whitecollar.freeze.protocol import ProtocolError, current
    from whitecollar.benchmark.scenario import load_scenario

    try:
        frozen = sorted(json.loads(Path(manifest_path).read_text(encoding="utf-8"))["scenarios"])
    except FileNotFoundError:
        raise UsageError(f"{manifest_path}: no freeze manifest; run `snakemake freeze` first") from None
    except (KeyError, ValueError):
        raise UsageError(f"{manifest_path}: not a freeze manifest; restore it from the freeze or the package") from None
    cfg = _load_config(config_path or str(paths.REPO_ROOT / "config.yaml"))
    try:
        protocol = current(paths.REPO_ROOT, cfg, frozen)
    except ProtocolError as exc:
        raise UsageError(str(exc)) from None
    versions = {t: load_scenario(t).evaluator_version for t in frozen if (paths.SCENARIOS / t).is_dir()}
    return protocol, versions


def cmd_verify_freeze(a: argparse.Namespace) -> int:
    from whitecollar.freeze.manifest import FreezeError, verify

    defaults = _config_paths()
    bundles = Path(a.bundles) if a.bundles else defaults["bundles"]
    oracles = Path(a.oracles) if a.oracles else (defaults["oracles"] if defaults["oracles"].is_dir() else None)
    protocol, versions = (None, None) if a.trees_only else _current_protocol(a.config, a.manifest)
    try:
        problems = verify(Path(a.manifest), bundles, oracles, protocol, versions)
    except FreezeError as exc:
        raise UsageError(str(exc)) from None
    for p in problems:
        print(p)
    halves = "bundles and oracles" if oracles else "bundles"
    what = halves if a.trees_only else halves + ", rubrics, judges, analysis plan, study design and amendments"
    print(f"{a.manifest}: {'MISMATCH' if problems else 'all ' + what + ' match'} ({len(problems)} difference(s))")
    return 1 if problems else 0


def _load_config(path: str, inline: str | None = None) -> dict:
    """The configuration a job was given (`inline`, JSON from the workflow), else the file at `path`.

    Rules pass the slice of the configuration Snakemake was given, so
    `--config` and `--configfile` reach the job; the file is read only when
    the verb is run by hand without it.
    """
    from whitecollar import config

    if inline is not None:
        try:
            return json.loads(inline)
        except ValueError as exc:
            raise UsageError(f"the configuration given on the command line is not JSON ({exc}); "
                             "pass the slice the workflow writes") from None
    return config.load(Path(path))


def cmd_assign(a: argparse.Namespace) -> int:
    from whitecollar.lab.assignment import (
        AssignmentError,
        assignment_rows,
        draw_runs,
        place,
        write_assignment,
    )

    cfg = _load_config(a.config, a.config_json)
    frozen = {}
    for path in a.digests:
        digest = json.loads(Path(path).read_text(encoding="utf-8"))
        tid = digest["task_id"]
        if tid not in cfg["scenarios"]:
            continue
        task = json.loads(Path(a.bundles, tid, "task.json").read_text(encoding="utf-8"))
        frozen[tid] = {"bundle_sha256": digest["bundle_sha256"], "time_limit_s": task["time_limit_s"],
                       "budget_usd": task["budget_usd"]}
    runs = draw_runs(frozen, list(cfg["arms"]), cfg["study"]["repeats"], cfg["caps"], cfg["study"]["seed"])
    try:
        placement = place(runs, cfg["arms"], cfg["nodes"])
    except AssignmentError as exc:
        raise UsageError(str(exc)) from None
    rows = assignment_rows(runs, placement)
    write_assignment(a.out, rows)
    per_node: dict[str, int] = {}
    for r in rows:
        per_node[r["node"]] = per_node.get(r["node"], 0) + 1
    print(f"{len(rows)} runs ({len(frozen)} scenarios x {len(cfg['arms'])} arms x {cfg['study']['repeats']} repeats) "
          f"placed: {per_node} -> {a.out}")
    return 0


def cmd_run(a: argparse.Namespace) -> int:
    from whitecollar.lab.assignment import read_assignment
    from whitecollar.lab.backends import make_backend
    from whitecollar.lab.run_spec import RunSpec
    from whitecollar.lab.ledger import BudgetRefused, Ledger
    from whitecollar.lab.session import LabFailure, run_session

    from whitecollar.lab.plan import CONTROLLER_ENV

    controller = a.controller_json if a.controller_json is not None else os.environ.get(CONTROLLER_ENV)
    cfg = _load_config(a.config, controller)
    run_id = f"{a.task_id}-{a.arm}-r{a.repeat}"
    row = next((r for r in read_assignment(a.assignment) if r["run_id"] == run_id and r["bundle"] == a.bundle_key), None)
    if row is None:
        raise UsageError(f"{a.assignment}: no run {run_id} for bundle {a.bundle_key}; re-run the assignment")
    arm = json.loads(a.arm_json)
    worker = json.loads(a.worker_json)
    spec = RunSpec(run_id, a.task_id, a.bundle_key, a.arm, a.repeat, row["node"], int(a.time_limit), float(a.budget))
    node = next((n for n in cfg["nodes"] if n["name"] == row["node"]), None)
    if node is None:
        raise UsageError(f"config.yaml: node {row['node']} of the assignment is no longer configured")
    transport = None
    if node["transport"] == "ssh":
        from whitecollar.lab.ssh import SshTransport

        transport = SshTransport(node)
    from whitecollar.lab.ledger import envelope_usd

    if a.envelope_usd is not None:
        envelope = a.envelope_usd
    else:
        envelope = cfg["envelope_usd"] if controller is not None else envelope_usd(cfg)
    # a launch that finds the envelope held by open runs waits for them, at most one run's time limit
    ledger = Ledger(Path(a.ledger), float(envelope), wait_s=float(a.time_limit))
    from whitecollar.lab.sandbox import SandboxUnavailable
    from whitecollar.lab.transport import LocalTransport

    try:
        if node["transport"] == "local":  # walled by bubblewrap unless the node says `sandbox: none`
            transport = LocalTransport.for_node(node, real_worker=worker["backend"] != "simulated")
        record = run_session(
            spec, bundle_dir=Path(a.bundle), freeze_manifest=Path(a.freeze), run_dir=Path(a.run_dir), arm=arm,
            backend=make_backend(worker, int(worker["study_seed"] if "study_seed" in worker
                                             else _load_config(a.config)["study"]["seed"])), ledger=ledger,
            work_root=Path(a.work_root), max_file_bytes=int(float(a.max_file_mb) * 2**20),
            max_run_bytes=int(float(a.max_run_mb) * 2**20), transport=transport,
        )
    except (BudgetRefused, LabFailure, SandboxUnavailable) as exc:
        print(f"whitecollar run: {exc}", file=sys.stderr)
        return 1
    label = "SIMULATED " if record.get("simulated") else ""
    if record["status"] == "not_launched":
        print(f"{label}{run_id}: {record['not_launched_reason']}")
        return 0
    cost = "unknown" if record["cost_usd"] is None else f"{record['cost_usd']:.4f} USD"
    print(f"{label}{run_id} on {record['node']}: {record['status']}, {len(record['deliverables'])} deliverable(s), "
          f"cost {cost}, {record['wall_s']:.1f} s")
    return 0


def cmd_record(a: argparse.Namespace) -> int:
    import shutil

    from whitecollar.lab.assignment import read_assignment
    from whitecollar.analysis.record import (
        LEDGER_FIELDS,
        NOT_LAUNCHED_FIELDS,
        SUMMARY_FIELDS,
        build_database,
        format_table,
        ledger_rows,
        load,
        not_launched_line,
        split_not_launched,
        summarise,
    )
    from whitecollar.office.csvio import write_dict_csv as write_csv

    rows = read_assignment(a.assignment)
    pairs = []
    for r in rows:
        rel = Path(r["task_id"], r["bundle"], r["arm"], f"r{r['repeat']}")
        pairs.append((Path(a.runs_root) / rel / "run.json", Path(a.receipts_root) / rel / "receipt.json"))
    records, skipped = split_not_launched(load(pairs))
    launched_ids = {run["run_id"] for run, _ in records}
    rows = [r for r in rows if r["run_id"] in launched_ids]
    judged = None
    if a.judges:  # the judge panel's score files, one per run and judge
        from whitecollar.judges.store import load_judgements

        if not a.judging_root:
            raise UsageError("--judges needs --judging-root, the folder of the judges' score files")
        judged = load_judgements(rows, a.judging_root, a.judges)
    injection_ids = {"injection_obeyed"}
    for _, rc in records:
        injection_ids |= {v["id"] for v in rc["violations"] if "injection" in v["id"]}
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    build_database(out / "experiment.sqlite", records, judged)
    summary = summarise(records, injection_ids)
    write_csv(out / "summary.csv", SUMMARY_FIELDS, summary)
    write_csv(out / "ledger.csv", LEDGER_FIELDS, ledger_rows(records, float(a.envelope), judged))
    shutil.copyfile(a.assignment, out / "assignment.csv")
    table = format_table(summary)
    from whitecollar.analysis.record import unwalled_stamp

    table = unwalled_stamp(records) + table  # a worker that ran without its sandbox is said on the summary
    if a.freeze:  # deviations from the freeze and re-gradings, stamped on the summary and the dashboard
        from whitecollar.freeze.manifest import verify
        from whitecollar.analysis.record import audit_pilot, stamp

        protocol, versions = _current_protocol(a.config, a.freeze)
        deviations = verify(Path(a.freeze), None, None, protocol, versions)
        table = stamp(table, audit_pilot(out, records, Path(a.receipts_root), Path(a.audit_root), deviations))
    if judged is not None:
        from whitecollar.judges.agreement import JUDGES_FIELDS, agreement_rows, format_agreement

        agreement = agreement_rows([(r["run_id"], r["task_id"]) for r in rows], judged,
                                   {run["run_id"]: rc for run, rc in records}, list(a.judges),
                                   simulated=any(run.get("simulated") for run, _ in records))
        write_csv(out / "judges.csv", JUDGES_FIELDS, agreement)
        table += "\n\n" + format_agreement(agreement)
    write_csv(out / "not_launched.csv", NOT_LAUNCHED_FIELDS, skipped)
    ending = not_launched_line(skipped, float(a.envelope))
    if ending:
        table += "\n\n" + ending
    atomic.write_text(out / "summary.txt", table + "\n")
    print(table)
    print(f"summary: {out / 'summary.csv'}  database: {out / 'experiment.sqlite'}  ledger: {out / 'ledger.csv'}")
    from whitecollar.dashboard import build_dashboard  # last: it reads what was written above
    print(f"dashboard: {build_dashboard(out, float(a.envelope))}")
    if ending:
        print(ending)  # the pilot's last line
    return 0


def cmd_render(a: argparse.Namespace) -> int:
    """The blind package of one run (package.txt), the judge's prompt and the rubric as JSON beside it."""
    from whitecollar.judges.prompt import build_prompt
    from whitecollar.judges.render import RenderError, check_bundle, render_package
    from whitecollar.judges.rubric import RubricError, load_rubric
    from whitecollar.lab.session import NOT_LAUNCHED_PACKAGE, not_launched_reason

    run_dir, out = Path(a.run_dir), Path(a.out)
    if not run_dir.is_dir():
        raise UsageError(f"{run_dir}: not a run folder (expected the folder holding out/ and run.json)")
    try:
        rubric = load_rubric(a.rubric)
        if a.digest:
            check_bundle(run_dir / "run.json", Path(a.digest), Path(a.brief))
        text = render_package(run_dir / "out", Path(a.brief), rubric, a.task_id)
        not_launched = not_launched_reason(run_dir)
        if not_launched is not None:  # nothing to judge: the judge jobs see the marker and ask no judge
            text = NOT_LAUNCHED_PACKAGE + not_launched + "\n"
    except (RubricError, RenderError) as exc:
        raise UsageError(str(exc)) from None
    prompt = Path(a.prompt) if a.prompt else out.with_name("prompt.txt")
    rubric_json = Path(a.rubric_json) if a.rubric_json else out.with_name("rubric.json")
    atomic.write_text(rubric_json, rubric.to_json())
    atomic.write_text(prompt, build_prompt(text, rubric))
    atomic.write_text(out, text)
    print(f"{a.task_id}: blind package of {len(text):,} characters -> {out}; prompt {prompt}; rubric {rubric_json}")
    return 0


def cmd_judge(a: argparse.Namespace) -> int:
    """One judge's score file for one package; an earlier judgement made from the same inputs is reused."""
    from whitecollar.judges.backends import JudgeLaunchError, Request
    from whitecollar.judges.panel import FORMAT, judge_run
    from whitecollar.judges.reuse import JudgementStore, made_from
    from whitecollar.judges.rubric import RubricError, load_rubric
    from whitecollar.judges.settings import judge_slice

    if a.judge_json:
        settings = json.loads(a.judge_json)
    elif a.judge:
        settings = judge_slice(_load_config(a.config), a.judge)
    else:
        raise UsageError("name the judge (--judge NAME, from config.yaml) or give its settings (--judge-json)")
    package = Path(a.package)
    prompt = Path(a.prompt) if a.prompt else package.with_name("prompt.txt")
    rubric_json = Path(a.rubric_json) if a.rubric_json else package.with_name("rubric.json")
    for p in (package, prompt, rubric_json):
        if not p.is_file():
            raise UsageError(f"{p}: not found; render the run first (`whitecollar render`)")
    from whitecollar.lab.session import NOT_LAUNCHED_PACKAGE

    head = package.read_text(encoding="utf-8")[:len(NOT_LAUNCHED_PACKAGE) + 2000]
    if head.startswith(NOT_LAUNCHED_PACKAGE):  # the run never ran: no judge is asked, nothing is spent
        atomic.write_json(a.out, {"judge": settings["name"], "run_key": a.run_key or str(package.parent),
                                  "status": "not_launched", "detail": head[len(NOT_LAUNCHED_PACKAGE):].strip(),
                                  "cost_usd": 0.0, "simulated": settings["backend"] == "simulated"})
        print(f"judge {settings['name']}: run not launched, not judged -> {a.out}")
        return 0
    try:
        request = Request(package, prompt, rubric_json, load_rubric(rubric_json))
    except RubricError as exc:
        raise UsageError(str(exc)) from None
    run_key = a.run_key or str(package.parent)
    store = JudgementStore(a.store) if a.store else None
    basis = made_from(request, settings, run_key)
    record = store.find(basis, FORMAT) if store else None
    if record is not None:  # the same package, prompt, rubric and settings for this run: no judge is asked
        atomic.write_json(a.out, record)
        print(f"judge {record['judge']}: reused the judgement made from the same package, prompt, rubric and "
              f"settings ({store.entry(basis)}); the judge was not asked -> {a.out}")
        return 0
    receipt = None
    if settings["backend"] == "simulated":  # only the simulated judge reads the receipt; real ones are blind
        if not a.receipt or not Path(a.receipt).is_file():
            raise UsageError(f"judge {settings['name']} is simulated and derives its scores from the receipt; "
                             f"give --receipt (not found: {a.receipt})")
        receipt = json.loads(Path(a.receipt).read_text(encoding="utf-8"))
    try:
        record = judge_run(settings, request, receipt=receipt, run_key=run_key)
    except JudgeLaunchError as exc:
        raise UsageError(str(exc)) from None
    if store:
        store.keep(record)
    atomic.write_json(a.out, record)
    label = "SIMULATED " if record["simulated"] else ""
    score = "-" if record["weighted_score"] is None else f"{record['weighted_score']:.3f}"
    print(f"{label}judge {record['judge']}: {record['status'].upper()}, weighted score {score}, "
          f"{len(record['attempts'])} attempt(s), cost {record['cost_usd']:.4f} USD"
          f"{'' if record['cost_known'] else ' (incomplete: an attempt reported no cost)'} -> {a.out}")
    return 0


def cmd_probe(a: argparse.Namespace) -> int:
    from whitecollar.lab.probe import ProbeError, format_report, probe_node

    cfg = _load_config(a.config)
    node = next((n for n in cfg["nodes"] if n["name"] == a.node), None)
    if node is None:
        raise UsageError(f"{a.config}: no node {a.node!r} (configured: {', '.join(n['name'] for n in cfg['nodes'])})")
    out = Path(a.out) if a.out else Path(cfg["paths"]["results"]) / "probes"
    try:
        report = probe_node(node, cfg, out, budget_usd=a.budget, time_limit_s=a.time_limit, min_free_gb=a.min_free_gb)
    except (ProbeError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    print(format_report(report))
    print(f"written: {out / (a.node + '.json')}")
    return 0 if report["ok"] else 1


def cmd_portal(a: argparse.Namespace) -> int:
    from whitecollar.lab.portal import PortalError
    from whitecollar.lab.portal.server import serve

    try:
        return serve(Path(a.workspace), port=a.port, log_path=Path(a.log) if a.log else None)
    except PortalError as exc:
        raise UsageError(str(exc)) from None


def cmd_portal_screenshots(a: argparse.Namespace) -> int:
    from whitecollar.lab.portal import PortalError
    from whitecollar.lab.portal.screenshots import take_screenshots

    try:
        shots = take_screenshots(a.task, Path(a.outdir))
    except PortalError as exc:
        raise UsageError(str(exc)) from None
    for name, path in shots.items():
        print(f"{name}: {path}")
    return 0


def cmd_power(a: argparse.Namespace) -> int:
    """Power to detect an arm premium: one design, or (--configured) the grid for config.yaml's design."""
    from whitecollar.analysis.power import Design, power_grid, simulate_power

    if a.configured:
        cfg = _load_config(a.config)
        manifest = Path(cfg["paths"]["results"]) / "freeze" / "manifest.json"
        frozen = (len(json.loads(manifest.read_text(encoding="utf-8"))["scenarios"]) if manifest.is_file()
                  else len(cfg["scenarios"]))
        grid = power_grid(frozen, cfg["study"]["repeats"], sims=a.sims, seed=a.seed, baseline=a.baseline)
        print(f"power for {frozen} frozen scenario(s) x {cfg['study']['repeats']} repeats (and the scale-up sizes); "
              f"{a.sims} simulated studies per cell, seed {a.seed}")
        cols = ["scenarios", "repeats", "premium", "heterogeneity", "premium_heterogeneity", "power", "mcse"]
        print(grid[cols].to_string(index=False, float_format=lambda v: f"{v:.3f}"))
        return 0
    try:
        res = simulate_power(Design(premium=a.premium, scenarios=a.scenarios, repeats=a.repeats,
                                    heterogeneity=a.heterogeneity, premium_heterogeneity=a.premium_heterogeneity,
                                    baseline=a.baseline), sims=a.sims, seed=a.seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    d = res.design
    print(f"premium {d.premium:.3f} over A1 (baseline {d.baseline:.2f}), {d.scenarios} scenario{'s' * (d.scenarios != 1)}"
          f" x {d.repeats} repeat{'s' * (d.repeats != 1)}, "
          f"heterogeneity {d.heterogeneity:g} (premium {d.tau_premium:g}) on the logit scale")
    if res.note:
        print(f"power: not defined ({res.note})")
        return 0
    print(f"power {res.power:.3f} (Monte Carlo SE {res.mcse:.3f}; {res.sims} simulated studies, seed {res.seed}); "
          f"mean estimate {res.mean_estimate:.3f}")
    return 0


def cmd_dashboard_screenshot(a: argparse.Namespace) -> int:
    """A full-page PNG of a pilot's dashboard, rendered by headless Chromium."""
    from whitecollar.dashboard.screenshot import screenshot
    from whitecollar.lab.portal import PortalError

    page = Path(a.dashboard)
    page = page / "index.html" if page.is_dir() else page
    if not page.is_file():
        raise UsageError(f"{page}: no dashboard; build the pilot first (snakemake results/pilot)")
    try:
        shot = screenshot(page, Path(a.out))
    except PortalError as exc:
        raise UsageError(str(exc)) from None
    banner = "with the SIMULATED banner" if shot.has_simulated_banner else "no SIMULATED banner"
    print(f"{shot.screenshot}: {shot.run_rows} run rows, {shot.images_loaded}/{shot.images} figures, {banner}")
    return 0


def cmd_package(a: argparse.Namespace) -> int:
    """The restricted package: one deterministic tar, public and restricted parts, a SHA-256 per member."""
    from whitecollar import paths
    from whitecollar.paper.restricted import PackageError, build_package

    try:
        info = build_package(Path(a.results), Path(a.oracles), paths.REPO_ROOT, Path(a.out))
    except PackageError as exc:
        raise UsageError(str(exc)) from None
    print(f"{a.out}: {info['scenarios']} scenario(s), {info['runs']} run(s), {info['files']} files, "
          f"{info['bytes']:,} bytes, sha256 {info['sha256']}")
    return 0


def cmd_replicate(a: argparse.Namespace) -> int:
    """Rebuild receipts, records, tables, figures and the paper from a package, with no worker or judge."""
    from whitecollar import paths
    from whitecollar.paper.replicate import ReplicationError, replicate

    root = Path(a.root) if a.root else paths.REPO_ROOT
    try:
        rep = replicate(Path(a.package), root, cores=a.cores)
    except ReplicationError as exc:
        raise UsageError(str(exc)) from None
    jobs = ", ".join(f"{k} {v}" for k, v in sorted(rep.planned.items()))
    print(f"{a.package}: {rep.members} members verified; {rep.runs} run(s) restored; rebuilt without a worker or a "
          f"judge ({jobs})")
    same = rep.receipts_compared - len(rep.receipts_differing)
    print(f"receipts: {same}/{rep.receipts_compared} rebuilt byte for byte as archived")
    for rel in rep.receipts_differing:
        print(f"receipt differs from the archived one: {rel}")
    print(f"paper: {root / 'results' / 'paper' / 'paper.pdf'}  report: {root / 'results' / 'replication' / 'report.json'}")
    return 1 if rep.receipts_differing else 0


def _add_replication_parsers(sub) -> None:
    s = sub.add_parser("package", help="write the restricted package (what `snakemake restricted` runs)")
    s.add_argument("--results", default="results")
    s.add_argument("--oracles", default="results/restricted/oracles")
    s.add_argument("--out", required=True)
    s.set_defaults(fn=cmd_package)

    s = sub.add_parser("replicate", help="rebuild the paper from a restricted package, never starting a worker or judge")
    s.add_argument("package", help="the .tar written by `snakemake restricted`")
    s.add_argument("--root", help="the fresh clone to rebuild in (default: this checkout)")
    s.add_argument("--cores", type=int, default=2)
    s.set_defaults(fn=cmd_replicate)


def build_parser() -> argparse.ArgumentParser:
    from whitecollar.bounded import Limits  # the evaluation bounds when none are given

    p = argparse.ArgumentParser(prog="whitecollar", description=__doc__.splitlines()[0])
    p.add_argument("-v", "--verbose", action="store_true", help="progress messages on stderr")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("generate", help="write a scenario's public bundle and hidden oracle")
    s.add_argument("task_id")
    s.add_argument("--bundle", required=True)
    s.add_argument("--oracle", required=True)
    s.add_argument("--seed", type=int, help="override the seed of scenario.yaml")
    s.add_argument("--digest", help="also write the SHA-256 listing of both halves to this JSON file")
    s.set_defaults(fn=cmd_generate)

    s = sub.add_parser("compose", help="compose a worker workspace from a bundle")
    s.add_argument("task_id")
    s.add_argument("--bundle", required=True)
    s.add_argument("--workspace", required=True)
    s.add_argument("--arm", help="arm id; portal arms (A3, A4) get the portal description")
    s.add_argument("--portal", action="store_true", help="include the portal description")
    s.add_argument("--freeze", help="freeze manifest the bundle must match")
    s.set_defaults(fn=cmd_compose)

    s = sub.add_parser("solve", help="run one of the scenario's solver variants in a workspace")
    s.add_argument("task_id")
    s.add_argument("--workspace", required=True)
    s.add_argument("--variant", required=True)
    s.set_defaults(fn=cmd_solve)

    s = sub.add_parser("evaluate", help="grade a workspace's out/ and write a receipt")
    s.add_argument("task_id")
    s.add_argument("--workspace", required=True)
    s.add_argument("--oracle", required=True)
    s.add_argument("--receipt", required=True)
    s.add_argument("--out", help="graded folder, if not WORKSPACE/out")
    s.add_argument("--wall-s", type=float, default=Limits.wall_s, help="wall-clock bound of the evaluation (seconds)")
    s.add_argument("--cpu-s", type=int, default=Limits.cpu_s, help="CPU-time bound of the evaluation (seconds)")
    s.add_argument("--memory-mb", type=int, default=Limits.memory_mb, help="address-space bound of the evaluation (MB)")
    s.set_defaults(fn=cmd_evaluate)

    s = sub.add_parser("validate", help="run the validation battery of a scenario")
    s.add_argument("task_id")
    s.add_argument("--bundle")
    s.add_argument("--oracle")
    s.add_argument("--out")
    s.add_argument("--keep-receipts", help="folder to keep every variant's receipt in")
    s.set_defaults(fn=cmd_validate)

    s = sub.add_parser("check-scenario", help="check a scenario folder against the contract")
    s.add_argument("task_id")
    s.set_defaults(fn=cmd_check_scenario)

    s = sub.add_parser("freeze", help="write the freeze manifest from digests and validations")
    s.add_argument("--digests", nargs="+", required=True)
    s.add_argument("--validations", nargs="+", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--config", help="study design and judge panel to freeze (default: the checkout's config.yaml)")
    s.set_defaults(fn=cmd_freeze)

    s = sub.add_parser("assign", help="draw the pilot's runs and place them on nodes")
    s.add_argument("--digests", nargs="+", required=True, help="results/digests/<ID>.json of the frozen scenarios")
    s.add_argument("--bundles", required=True)
    s.add_argument("--config", default="config.yaml", help="read when --config-json is not given")
    s.add_argument("--config-json", help="the configuration's slice (scenarios, arms, study, caps, nodes) as JSON")
    s.add_argument("--out", required=True)
    s.set_defaults(fn=cmd_assign)

    s = sub.add_parser("run", help="one worker session: compose, launch, collect, record")
    s.add_argument("task_id")
    s.add_argument("--bundle-key", required=True)
    s.add_argument("--arm", required=True)
    s.add_argument("--repeat", type=int, required=True)
    s.add_argument("--bundle", required=True)
    s.add_argument("--freeze", required=True)
    s.add_argument("--assignment", required=True)
    s.add_argument("--run-dir", required=True)
    s.add_argument("--work-root", required=True)
    s.add_argument("--ledger", required=True)
    s.add_argument("--arm-json", required=True)
    s.add_argument("--worker-json", required=True)
    s.add_argument("--time-limit", required=True)
    s.add_argument("--budget", required=True)
    s.add_argument("--max-file-mb", required=True)
    s.add_argument("--max-run-mb", required=True)
    s.add_argument("--config", default="config.yaml",
                   help="read when neither --controller-json nor $WHITECOLLAR_CONTROLLER is given")
    s.add_argument("--controller-json", help='{"envelope_usd": ..., "nodes": [...]} as JSON '
                   "(default: $WHITECOLLAR_CONTROLLER, which the workflow sets)")
    s.add_argument("--envelope-usd", type=float, default=None,
                   help="budget envelope for this launch (default: budget.envelope_usd of config.yaml)")
    s.set_defaults(fn=cmd_run)

    s = sub.add_parser("record", help="rebuild the pilot's database, ledger and summary from the files")
    s.add_argument("--assignment", required=True)
    s.add_argument("--runs-root", required=True)
    s.add_argument("--receipts-root", required=True)
    s.add_argument("--envelope", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--judging-root", help="folder of the judges' score files (results/judging/scores)")
    s.add_argument("--judges", nargs="*", default=[], help="judge names whose scores to record")
    s.add_argument("--freeze", help="the freeze manifest: stamp any deviation from it and any re-grading")
    s.add_argument("--audit-root", default="results/audit", help="where verdict snapshots per evaluator version live")
    s.add_argument("--config", help="the study design and judge panel (default: the checkout's config.yaml)")
    s.set_defaults(fn=cmd_record)

    s = sub.add_parser("render", help="render a run's deliverables as a blind text package for the judges")
    s.add_argument("run_dir", help="the run folder (holding out/)")
    s.add_argument("--task", dest="task_id", required=True)
    s.add_argument("--brief", required=True, help="the bundle's BRIEF.md")
    s.add_argument("--rubric", required=True, help="the scenario's rubric.yaml")
    s.add_argument("--out", required=True, help="the package file to write")
    s.add_argument("--prompt", help="where to write the judge's prompt (default: prompt.txt beside the package)")
    s.add_argument("--rubric-json", help="where to write the rubric as JSON (default: rubric.json beside it)")
    s.add_argument("--digest", help="results/digests/<ID>.json: refuse a brief of another bundle than the run's")
    s.set_defaults(fn=cmd_render)

    s = sub.add_parser("judge", help="one judge's scores for one rendered package")
    s.add_argument("package", help="package.txt (prompt.txt and rubric.json are read beside it)")
    s.add_argument("--judge", help="judge name in config.yaml")
    s.add_argument("--judge-json", help="the judge's settings as JSON (what the workflow passes)")
    s.add_argument("--config", default="config.yaml")
    s.add_argument("--prompt")
    s.add_argument("--rubric-json")
    s.add_argument("--receipt", help="the run's receipt: read by the simulated judge only")
    s.add_argument("--run-key", help="task/bundle/arm/rN: seeds the simulated judge's noise")
    s.add_argument("--store", help="folder of earlier judgements (results/judging/store): one made from the same "
                                   "package, prompt, rubric, settings and run is reused, and new ones are kept there")
    s.add_argument("--out", required=True)
    s.set_defaults(fn=cmd_judge)

    s = sub.add_parser("verify-freeze", help="check bundles, oracles and the protocol against a freeze manifest")
    s.add_argument("manifest")
    s.add_argument("--bundles")
    s.add_argument("--oracles")
    s.add_argument("--config", help="the study design and judge panel to check (default: the checkout's config.yaml)")
    s.add_argument("--trees-only", action="store_true", help="compare bundles and oracles only, not the protocol")
    s.set_defaults(fn=cmd_verify_freeze)

    s = sub.add_parser("probe", help="check a node: client, tool restrictions, LibreOffice, Chromium, Python, disk")
    s.add_argument("node", help="a node name from config.yaml")
    s.add_argument("--config", default="config.yaml")
    s.add_argument("--out", help="folder of the reports (default: <results>/probes)")
    s.add_argument("--budget", type=float, default=0.25, help="money cap of each probe session, USD")
    s.add_argument("--time-limit", type=float, default=300, help="wall limit of each probe session, seconds")
    s.add_argument("--min-free-gb", type=float, default=5.0, help="free disk the node must have")
    s.set_defaults(fn=cmd_probe)

    s = sub.add_parser("portal", help="serve a workspace's enterprise portal on 127.0.0.1 until SIGTERM")
    s.add_argument("workspace")
    s.add_argument("--port", type=int, default=0, help="port to bind (0: a free one)")
    s.add_argument("--log", help="the portal's own log file (default: stderr)")
    s.set_defaults(fn=cmd_portal)

    s = sub.add_parser("portal-screenshots", help="save a PNG of every portal page type of a scenario")
    s.add_argument("outdir", nargs="?", default="results/portal-screenshots")
    s.add_argument("--task", default="PROC-01")
    s.set_defaults(fn=cmd_portal_screenshots)

    s = sub.add_parser("power", help="probability of detecting an arm premium (Monte Carlo)")
    s.add_argument("--premium", type=float, default=0.10, help="premium over A1, difference in success rate")
    s.add_argument("--scenarios", type=int, default=10)
    s.add_argument("--repeats", type=int, default=3, help="runs per arm and scenario")
    s.add_argument("--heterogeneity", type=float, default=0.5, help="SD of scenario difficulty, logit scale")
    s.add_argument("--premium-heterogeneity", type=float, help="SD of the premium across scenarios, logit scale "
                   "(default: half the heterogeneity)")
    s.add_argument("--baseline", type=float, default=0.5, help="A1's success rate on a median scenario")
    s.add_argument("--sims", type=int, default=2000, help="simulated studies")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--configured", action="store_true",
                   help="the table for config.yaml's design (its repeats, the frozen scenarios)")
    s.add_argument("--config", default="config.yaml")
    s.set_defaults(fn=cmd_power)

    s = sub.add_parser("dashboard-screenshot", help="save a full-page PNG of the pilot's dashboard (headless Chromium)")
    s.add_argument("dashboard", nargs="?", default="results/pilot/dashboard", help="the dashboard folder or page")
    s.add_argument("--out", default="results/dashboard-screenshots/dashboard.png")
    s.set_defaults(fn=cmd_dashboard_screenshot)
    _add_replication_parsers(sub)
    return p


@functools.lru_cache(maxsize=1)
def _parser() -> argparse.ArgumentParser:
    """Built once per process: the grading server builds it before forking its workers."""
    return build_parser()


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    try:
        return args.fn(args)
    except (UsageError, ConfigError, ScenarioError) as exc:
        print(f"whitecollar {args.command}: {exc}", file=sys.stderr)
        return 2
    except FileNotFoundError as exc:
        print(f"whitecollar {args.command}: {exc.filename}: not found", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
