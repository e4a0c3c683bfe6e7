"""A simulated persona's work, acted out by the scripted model through the real client's tools.

The simulated worker produces a persona's deliverables by running the
scenario's solver variant inside the session. Here the same solver runs on
the controller, outside the wall, on a scratch copy of the run's workspace;
the script then has the real client put each deliverable in place with its
own tools: the Write tool for text, Bash with base64 for any other file
(in pieces, so no command line is too long), and, in portal arms, curl
posts of the solver's portal answers, signed in with the credentials the
laboratory wrote into portal/portal.json, as a worker would. A run of the
real client driven by this script must be graded exactly like the
simulated run of the same persona: that is the equivalence the pilot
`make pilot-real-client` checks.
"""

from __future__ import annotations

import shlex
import shutil
import tempfile
import uuid
from pathlib import Path
from typing import Any

from whitecollar.lab.scripted_model import Script, Turn, tool
from whitecollar.lab.simulated_worker import FAULT_PERSONAS, solver_variant
from whitecollar.lab.workspace import compose

#: base64 characters per Bash command (well under the kernel's limit on one argument)
CHUNK = 96_000
#: reads portal.json into U, PORTAL_USER and PORTAL_PASS for the curl commands that follow
PORTAL_VARS = (
    'eval "$(python3 -c \'import json, shlex; d = json.load(open("portal/portal.json")); '
    'print("U=" + shlex.quote(d["url"]), "PORTAL_USER=" + shlex.quote(d["username"]), '
    '"PORTAL_PASS=" + shlex.quote(d["password"]))\')"'
)


class PersonaScriptError(ValueError):
    """The persona cannot be acted out by a script; the message says why."""


def persona_output(task_id: str, bundle_dir: Path, persona: str, *, portal: bool) -> tuple[dict[str, bytes], dict]:
    """The deliverables (out/ relative path -> bytes) and portal answers of a persona, computed on the controller."""
    if persona in FAULT_PERSONAS:
        raise PersonaScriptError(
            f"persona {persona!r} is one of the fault personas, which only the simulated worker plays; "
            "use a solver persona in worker.simulated.personas"
        )
    from whitecollar.benchmark.scenario import load_scenario

    solver = load_scenario(task_id).solver
    variant = solver_variant(solver, persona)
    scratch = Path(tempfile.mkdtemp(prefix="persona-"))
    try:
        ws = compose(bundle_dir, scratch / "ws", portal=portal, task_id=task_id)
        if persona == "empty":
            return {}, {}
        solver.solve(ws, variant)
        files = {
            p.relative_to(ws / "out").as_posix(): p.read_bytes()
            for p in sorted((ws / "out").rglob("*"))
            if p.is_file() and not p.is_symlink()
        }
        answers_of = getattr(solver, "portal_answers", None)
        answers = answers_of(ws, variant) if portal and answers_of is not None else {}
        return files, dict(answers or {})
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _is_text(data: bytes) -> bool:
    """Whether the Write tool can carry the file unchanged: UTF-8, no NUL, no carriage return."""
    if b"\0" in data or b"\r" in data:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _binary_turns(workspace: Path, rel: str, data: bytes) -> list[Turn]:
    import base64

    encoded = base64.b64encode(data).decode("ascii")
    scratch = f"/tmp/deliver-{uuid.uuid4().hex[:12]}.b64"
    turns = [
        tool("Bash", command=f"printf %s '{encoded[i : i + CHUNK]}' >> {scratch}")
        for i in range(0, len(encoded), CHUNK)
    ] or [tool("Bash", command=f": > {scratch}")]
    target = shlex.quote(f"out/{rel}")
    parent = shlex.quote(str(Path("out") / Path(rel).parent))
    turns.append(
        tool("Bash", command=f"mkdir -p {parent} && base64 -d {scratch} > {target} && rm {scratch}", description=rel)
    )
    return turns


def _portal_turns(answers: dict[str, dict[str, Any]]) -> list[Turn]:
    jar = f"/tmp/portal-{uuid.uuid4().hex[:12]}.jar"

    def token(page: str) -> str:  # the first csrf_token of the page, as portal.json's recipe reads it
        return (
            f'T=$(curl -s -c {jar} -b {jar} "${{U}}{page}" | '
            'sed -n \'s/.*name="csrf_token" value="\\([^"]*\\)".*/\\1/p\' | head -n 1)'
        )

    post = f'curl -s -o /dev/null -w "%{{http_code}}\\n" -c {jar} -b {jar} -d "csrf_token=$T"'
    turns = [
        tool(
            "Bash",
            command=f"{PORTAL_VARS}; {token('login')}; "
            f'{post} --data-urlencode "username=$PORTAL_USER" --data-urlencode "password=$PORTAL_PASS" -L "${{U}}login"',
            description="Sign in to the portal",
        )
    ]
    for form_id, values in sorted(answers.items()):
        fields = " ".join(
            "--data-urlencode " + shlex.quote(f"{k}=" + ("" if v is None else str(v))) for k, v in values.items()
        )
        page = f"forms/{form_id}"
        turns.append(
            tool(
                "Bash",
                command=f'{PORTAL_VARS}; {token(page)}; {post} {fields} -L "${{U}}{page}"',
                description=f"Submit the {form_id} form",
            )
        )
    return turns


def persona_script(
    task_id: str, bundle_dir: Path, workspace: Path, persona: str, *, portal: bool
) -> tuple[Script, dict[str, Any]]:
    """The script of one run (tool uses on `workspace`, where the session runs) and what it delivers."""
    files, answers = persona_output(task_id, bundle_dir, persona, portal=portal)
    workspace = Path(workspace)
    turns = [tool("Read", say="I will read the brief first.", file_path=str(workspace / "BRIEF.md"))]
    for rel, data in sorted(files.items()):
        if _is_text(data):
            turns.append(tool("Write", file_path=str(workspace / "out" / rel), content=data.decode("utf-8")))
        else:
            turns += _binary_turns(workspace, rel, data)
    if answers:
        turns += _portal_turns(answers)
    summary = {"persona": persona, "files": sorted(files), "portal_forms": sorted(answers), "turns": len(turns)}
    return Script(turns, final=f"Delivered {len(files)} file(s) in out/."), summary
