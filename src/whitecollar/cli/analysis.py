"""The `whitecollar` verbs of stage 5: the pilot's record, the power analysis and the dashboard's picture.

Each verb parses its arguments, calls the library and prints one line; the work
is done in the library, where tests reach it without argv.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from whitecollar.cli.common import UsageError, current_protocol, load_config


def cmd_pilot(a: argparse.Namespace) -> int:
    from whitecollar.analysis.pilot import RecordError, write_record

    deviations = None
    if a.freeze:  # deviations from the freeze and re-gradings, stamped on the summary and the dashboard
        from whitecollar.freeze.manifest import verify

        protocol, versions = current_protocol(a.config, a.freeze, a.configuration)
        deviations = verify(Path(a.freeze), None, None, protocol, versions)
    out = Path(a.out)
    try:
        table, ending = write_record(
            Path(a.assignment),
            Path(a.runs_root),
            Path(a.receipts_root),
            out,
            float(a.envelope),
            judging_root=Path(a.judging_root) if a.judging_root else None,
            judges=list(a.judges),
            deviations=deviations,
            audit_root=Path(a.audit_root),
        )
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    print(table)
    print(f"summary: {out / 'summary.csv'}  database: {out / 'experiment.sqlite'}  ledger: {out / 'ledger.csv'}")
    from whitecollar.dashboard import build_dashboard  # last: it reads what was written above

    print(f"dashboard: {build_dashboard(out, float(a.envelope))}")
    if ending:
        print(ending)  # the pilot's last line
    return 0


def cmd_power(a: argparse.Namespace) -> int:
    """Power to detect an arm premium: one design, or (--configured) the grid for config.yaml's design."""
    from whitecollar.analysis.power import Design, power_grid, simulate_power

    if a.configured:
        cfg = load_config(a.config)
        manifest = Path(cfg["paths"]["results"]) / "freeze" / "manifest.json"
        frozen = (
            len(json.loads(manifest.read_text(encoding="utf-8"))["scenarios"])
            if manifest.is_file()
            else len(cfg["scenarios"])
        )
        grid = power_grid(frozen, cfg["study"]["repeats"], sims=a.sims, seed=a.seed, baseline=a.baseline)
        print(
            f"power for {frozen} frozen scenario(s) x {cfg['study']['repeats']} repeats (and the scale-up sizes); "
            f"{a.sims} simulated studies per cell, seed {a.seed}"
        )
        cols = ["scenarios", "repeats", "premium", "heterogeneity", "premium_heterogeneity", "power", "mcse"]
        print(grid[cols].to_string(index=False, float_format=lambda v: f"{v:.3f}"))
        return 0
    try:
        res = simulate_power(
            Design(
                premium=a.premium,
                scenarios=a.scenarios,
                repeats=a.repeats,
                heterogeneity=a.heterogeneity,
                premium_heterogeneity=a.premium_heterogeneity,
                baseline=a.baseline,
            ),
            sims=a.sims,
            seed=a.seed,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    d = res.design
    print(
        f"premium {d.premium:.3f} over A1 (baseline {d.baseline:.2f}), {d.scenarios} scenario{'s' * (d.scenarios != 1)}"
        f" x {d.repeats} repeat{'s' * (d.repeats != 1)}, "
        f"heterogeneity {d.heterogeneity:g} (premium {d.tau_premium:g}) on the logit scale"
    )
    if res.note:
        print(f"power: not defined ({res.note})")
        return 0
    print(
        f"power {res.power:.3f} (Monte Carlo SE {res.mcse:.3f}; {res.sims} simulated studies, seed {res.seed}); "
        f"mean estimate {res.mean_estimate:.3f}"
    )
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


def add_parsers(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("pilot", help="rebuild the pilot's database, ledger and summary from the files")
    s.add_argument("--assignment", required=True)
    s.add_argument("--runs-root", required=True)
    s.add_argument("--receipts-root", required=True)
    s.add_argument("--envelope", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--judging-root", help="folder of the judges' score files (results/judging/scores)")
    s.add_argument("--judges", nargs="*", default=[], help="judge names whose scores to record")
    s.add_argument("--freeze", help="the freeze manifest: stamp any deviation from it and any re-grading")
    s.add_argument("--audit-root", default="results/audit", help="where verdict snapshots per evaluator version live")
    s.add_argument("--config", help="by hand: the study configuration the audit compares with the freeze")
    s.add_argument("--configuration", help="the workflow's configuration slice (rule configuration writes it)")
    s.set_defaults(fn=cmd_pilot)
    s = sub.add_parser("power", help="probability of detecting an arm premium (Monte Carlo)")
    s.add_argument("--premium", type=float, default=0.10, help="premium over A1, difference in success rate")
    s.add_argument("--scenarios", type=int, default=10)
    s.add_argument("--repeats", type=int, default=3, help="runs per arm and scenario")
    s.add_argument("--heterogeneity", type=float, default=0.5, help="SD of scenario difficulty, logit scale")
    s.add_argument(
        "--premium-heterogeneity",
        type=float,
        help="SD of the premium across scenarios, logit scale (default: half the heterogeneity)",
    )
    s.add_argument("--baseline", type=float, default=0.5, help="A1's success rate on a median scenario")
    s.add_argument("--sims", type=int, default=2000, help="simulated studies")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument(
        "--configured",
        action="store_true",
        help="the table for config.yaml's design (its repeats, the frozen scenarios)",
    )
    s.add_argument("--config", default="config.yaml")
    s.set_defaults(fn=cmd_power)
    s = sub.add_parser("dashboard-screenshot", help="save a full-page PNG of the pilot's dashboard (headless Chromium)")
    s.add_argument("dashboard", nargs="?", default="results/pilot/dashboard", help="the dashboard folder or page")
    s.add_argument("--out", default="results/dashboard-screenshots/dashboard.png")
    s.set_defaults(fn=cmd_dashboard_screenshot)
