"""The `whitecollar` verbs of stage 2: workspaces, the run assignment, worker sessions, node probes and the portal.

Each verb parses its arguments, calls the library and prints one line; the work
is done in the library, where tests reach it without argv.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from whitecollar.cli.common import UsageError, load_config


def cmd_compose(a: argparse.Namespace) -> int:
    from whitecollar.lab.workspace import compose

    portal = a.portal or (a.arm or "").upper() in ("A3", "A4")
    compose(
        Path(a.bundle),
        Path(a.workspace),
        portal=portal,
        freeze_manifest=Path(a.freeze) if a.freeze else None,
        task_id=a.task_id,
    )
    print(f"{a.task_id}: workspace composed at {a.workspace}{' (with portal)' if portal else ''}")
    return 0


def cmd_assign(a: argparse.Namespace) -> int:
    from whitecollar.lab.assignment import AssignmentError, assign, frozen_scenarios, runs_per_node, write_assignment

    cfg = load_config(a.config, a.config_json)
    frozen = frozen_scenarios([Path(p) for p in a.digests], Path(a.bundles), cfg["scenarios"])
    try:
        rows = assign(cfg, frozen)
    except AssignmentError as exc:
        raise UsageError(str(exc)) from None
    write_assignment(a.out, rows)
    print(
        f"{len(rows)} runs ({len(frozen)} scenarios x {len(cfg['arms'])} arms x {cfg['study']['repeats']} repeats) "
        f"placed: {runs_per_node(rows)} -> {a.out}"
    )
    return 0


def cmd_run(a: argparse.Namespace) -> int:
    from whitecollar.lab.assignment import read_assignment
    from whitecollar.lab.backends import make_backend
    from whitecollar.lab.ledger import BudgetRefused, Ledger
    from whitecollar.lab.plan import CONTROLLER_ENV
    from whitecollar.lab.run_spec import RunSpec
    from whitecollar.lab.session import LabFailure, run_session
    from whitecollar.lab.transport import LocalTransport, Transport

    controller = a.controller_json if a.controller_json is not None else os.environ.get(CONTROLLER_ENV)
    cfg = load_config(a.config, controller)
    run_id = f"{a.task_id}-{a.arm}-r{a.repeat}"
    row = next(
        (r for r in read_assignment(a.assignment) if r["run_id"] == run_id and r["bundle"] == a.bundle_key), None
    )
    if row is None:
        raise UsageError(f"{a.assignment}: no run {run_id} for bundle {a.bundle_key}; re-run the assignment")
    arm = json.loads(a.arm_json)
    worker = json.loads(a.worker_json)
    spec = RunSpec(run_id, a.task_id, a.bundle_key, a.arm, a.repeat, row["node"], int(a.time_limit), float(a.budget))
    node = next((n for n in cfg["nodes"] if n["name"] == row["node"]), None)
    if node is None:
        raise UsageError(f"config.yaml: node {row['node']} of the assignment is no longer configured")
    transport: Transport | None = None
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

    try:
        if node["transport"] == "local":  # walled by bubblewrap unless the node says `sandbox: none`
            transport = LocalTransport.for_node(node, real_worker=worker["backend"] != "simulated")
        record = run_session(
            spec,
            bundle_dir=Path(a.bundle),
            freeze_manifest=Path(a.freeze),
            run_dir=Path(a.run_dir),
            arm=arm,
            backend=make_backend(
                worker, int(worker["study_seed"] if "study_seed" in worker else load_config(a.config)["study"]["seed"])
            ),
            ledger=ledger,
            work_root=Path(a.work_root),
            max_file_bytes=int(float(a.max_file_mb) * 2**20),
            max_run_bytes=int(float(a.max_run_mb) * 2**20),
            transport=transport,
        )
    except (BudgetRefused, LabFailure, SandboxUnavailable) as exc:
        print(f"whitecollar run: {exc}", file=sys.stderr)
        return 1
    from whitecollar.lab.run_spec import MEASURED_LABEL, worker_label

    label = "" if worker_label(record) == MEASURED_LABEL else f"{worker_label(record)} "
    if record["status"] == "not_launched":
        print(f"{label}{run_id}: {record['not_launched_reason']}")
        return 0
    cost = "unknown" if record["cost_usd"] is None else f"{record['cost_usd']:.4f} USD"
    print(
        f"{label}{run_id} on {record['node']}: {record['status']}, {len(record['deliverables'])} deliverable(s), "
        f"cost {cost}, {record['wall_s']:.1f} s"
    )
    return 0


def cmd_probe(a: argparse.Namespace) -> int:
    from whitecollar.lab.probe import ProbeError, format_report, probe_node

    cfg = load_config(a.config)
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


def add_parsers(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("compose", help="compose a worker workspace from a bundle")
    s.add_argument("task_id")
    s.add_argument("--bundle", required=True)
    s.add_argument("--workspace", required=True)
    s.add_argument("--arm", help="arm id; portal arms (A3, A4) get the portal description")
    s.add_argument("--portal", action="store_true", help="include the portal description")
    s.add_argument("--freeze", help="freeze manifest the bundle must match")
    s.set_defaults(fn=cmd_compose)
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
    s.add_argument(
        "--config",
        default="config.yaml",
        help="read when neither --controller-json nor $WHITECOLLAR_CONTROLLER is given",
    )
    s.add_argument(
        "--controller-json",
        help='{"envelope_usd": ..., "nodes": [...]} as JSON '
        "(default: $WHITECOLLAR_CONTROLLER, which the workflow sets)",
    )
    s.add_argument(
        "--envelope-usd",
        type=float,
        default=None,
        help="budget envelope for this launch (default: budget.envelope_usd of config.yaml)",
    )
    s.set_defaults(fn=cmd_run)
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
