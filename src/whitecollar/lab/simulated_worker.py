"""The simulated worker: a stand-in session that needs no model and no key.

It is started by the laboratory exactly as a real worker is (a child
process in the workspace whose stdout is the event stream), speaks the same
stream-json protocol (an init event, assistant tool uses and their results,
a final result event with cost, turns and duration), and produces its
deliverables by running one of the scenario's own solver variants. Every
event it prints says `simulated: true`, and so does everything built from it.

A few personas exist only to exercise the laboratory's fault handling:
`crash` dies without a result event, `hang` never finishes, `tamper` edits
an input, `stray` writes outside out/, `overspend` reports a cost above its
cap, `retract` deletes the portal's submissions file after submitting.
They are never in the default persona mix.

The fault campaign (workflow/faults.py) injects faults into one chosen session
through `WHITECOLLAR_FAULT=<kind>:<seed>[:<seconds>]`: only the session
with that seed is touched, and without the variable nothing changes.
`kill` dies by SIGKILL mid-session, `hang` never finishes, `disk_full`
makes every further write fail (RLIMIT_FSIZE, as a full disk would),
`portal_pause` waits before using the portal.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from whitecollar.benchmark.interfaces import Solver

FAULT_PERSONAS = ("crash", "hang", "tamper", "stray", "overspend", "retract")
SIMULATED_MODEL = "simulated"


def emit(event: dict) -> None:
    sys.stdout.write(json.dumps(event, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def tool_use(i: int, name: str, inp: dict) -> None:
    emit(
        {
            "type": "assistant",
            "simulated": True,
            "message": {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": f"toolu_sim_{i:03d}", "name": name, "input": inp}],
            },
        }
    )
    emit(
        {
            "type": "user",
            "simulated": True,
            "message": {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": f"toolu_sim_{i:03d}", "content": "ok"}],
            },
        }
    )


def solver_variant(solver: Solver, persona: str) -> str:
    """The solver variant a persona runs; personas a scenario does not have fall back to reference."""
    variants = list(getattr(solver, "VARIANTS", []))
    if persona in FAULT_PERSONAS:
        return "reference"
    return persona if persona in variants else "reference"


def portal_step(ws: Path, solver: Solver, variant: str, i: int) -> int:
    """In a portal arm, enter the solver's own answers in the portal's forms, as a worker would.

    Only when the lab started a portal (portal/portal.json has a `url`) and
    the scenario's solver offers `portal_answers(workspace, variant)`; other
    scenarios skip it. A portal that refuses or fails is what a real worker
    could meet too, so it is reported on stderr and the session goes on.
    Returns the last tool-use number.
    """
    desc = ws / "portal" / "portal.json"
    if not desc.is_file():
        return i
    url = json.loads(desc.read_text(encoding="utf-8")).get("url")
    answers = getattr(solver, "portal_answers", None)
    if not url or answers is None:
        return i
    from whitecollar.lab.portal import PortalError
    from whitecollar.lab.portal.client import PortalClient

    try:
        client = PortalClient.for_workspace(ws)
        i += 1
        tool_use(i, "Bash", {"command": f"curl -c cookies.txt -d username=... -d password=... {url}login  # simulated"})
        client.login()
        for form_id, values in sorted(answers(ws, variant).items()):
            i += 1
            tool_use(
                i, "Bash", {"command": f"curl -b cookies.txt --data-urlencode ... {url}forms/{form_id}  # simulated"}
            )
            reply = client.submit(form_id, values)
            if reply.status != 200:
                print(f"portal refused the {form_id} form: HTTP {reply.status}", file=sys.stderr)
    except (PortalError, OSError) as exc:
        print(f"portal: {exc}", file=sys.stderr)
    return i


FAULT_ENV = "WHITECOLLAR_FAULT"


def injected_fault(seed: int) -> tuple[str, float]:
    """The fault the campaign asked this session to suffer (kind, seconds), or ("", 0) for every other session."""
    kind, _, rest = os.environ.get(FAULT_ENV, "").partition(":")
    target, _, seconds = rest.partition(":")
    return (kind, float(seconds or 0)) if kind and target == str(seed) else ("", 0.0)


def suffer(kind: str) -> None:
    """Mid-session faults, after the first tool uses: what the laboratory must record as a worker failure."""
    if kind == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if kind == "hang":
        while True:
            time.sleep(60)
    if kind == "disk_full":  # no further byte can be written: the solver's deliverables fail mid-write
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def _misbehave(persona: str, ws: Path, i: int) -> int:
    """The tampering personas' acts on the workspace before solving, each shown as a tool use; returns the last use's number."""
    if persona == "tamper":
        victim = sorted(p for p in (ws / "inputs").rglob("*") if p.is_file())[0]
        with open(victim, "ab") as fh:
            fh.write(b"\n")
        i += 1
        tool_use(i, "Edit", {"file_path": str(victim.relative_to(ws))})
    if persona == "stray":
        (ws / "scratch-notes.txt").write_text("working notes\n", encoding="utf-8")
        i += 1
        tool_use(i, "Write", {"file_path": "scratch-notes.txt"})
    return i


def _deliver(ws: Path, solver: Solver, variant: str, persona: str, fault: tuple[str, float], i: int) -> int:
    """Solve into out/, use the portal and show each delivered file as a tool use; returns the last use's number."""
    kind, seconds = fault
    (ws / "out").mkdir(exist_ok=True)
    solver.solve(ws, variant)
    if kind == "portal_pause":
        time.sleep(seconds)
    i = portal_step(ws, solver, variant, i)
    if persona == "retract":  # tries to take back what it submitted by deleting the portal's file
        (ws / "out" / "portal" / "submissions.jsonl").unlink(missing_ok=True)
        i += 1
        tool_use(i, "Bash", {"command": "rm out/portal/submissions.jsonl"})
    for f in sorted((ws / "out").rglob("*")):
        if f.is_file():
            i += 1
            tool_use(i, "Write", {"file_path": str(f.relative_to(ws))})
    return i


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="simulated worker session (stream-json on stdout)")
    p.add_argument("--task", required=True)
    p.add_argument("--persona", required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--cost-usd", type=float, required=True, help="mean simulated cost of a session")
    p.add_argument("--budget-usd", type=float, required=True)
    p.add_argument("--seconds", type=float, default=0.0, help="extra simulated session time")
    a = p.parse_args(argv)
    rng = random.Random(a.seed)
    ws = Path.cwd()
    t0 = time.monotonic()
    session = f"sim-{a.seed:x}"
    emit(
        {
            "type": "system",
            "subtype": "init",
            "simulated": True,
            "session_id": session,
            "model": SIMULATED_MODEL,
            "cwd": ".",
            "tools": ["Read", "Write", "Edit", "Glob", "Grep", "Bash"],
        }
    )
    i = 0
    for name, inp in (("Read", {"file_path": "BRIEF.md"}), ("Glob", {"pattern": "inputs/**/*"})):
        i += 1
        tool_use(i, name, inp)
    fault, fault_s = injected_fault(a.seed)
    suffer(fault)
    if a.persona == "crash":
        sys.stdout.write('{"type": "assistant", "message": {"role": "assis')
        sys.stdout.flush()
        return 3
    if a.persona == "hang":
        while True:
            time.sleep(60)
    i = _misbehave(a.persona, ws, i)
    from whitecollar.benchmark.scenario import load_scenario

    solver = load_scenario(a.task).solver
    variant = solver_variant(solver, a.persona)
    i += 1
    tool_use(i, "Bash", {"command": f"python solve.py --variant {variant}  # simulated"})
    if a.persona != "empty":
        i = _deliver(ws, solver, variant, a.persona, (fault, fault_s), i)
    if a.seconds:
        time.sleep(a.seconds)
    cost = round(a.cost_usd * rng.lognormvariate(0.0, 0.35), 4)
    if a.persona == "overspend":
        cost = round(a.budget_usd * 1.5, 4)
    turns = i + rng.randint(2, 12)
    emit(
        {
            "type": "result",
            "subtype": "success",
            "simulated": True,
            "is_error": False,
            "session_id": session,
            "num_turns": turns,
            "duration_ms": int((time.monotonic() - t0) * 1000),
            "total_cost_usd": cost,
            "result": f"SIMULATED session ({a.persona}) finished.",
        }
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
