"""`whitecollar portal-screenshots OUTDIR`: a picture of every page type, for people to look at.

The pages are only ever seen by agents in a run, so nobody would otherwise
notice an ugly or broken page. This generates the scenario's bundle into a
temporary folder, composes a portal workspace, starts the portal exactly as
the laboratory does, and saves one PNG per page type: sign-in, document
library, a record table, a form, a submission confirmation and an error
page (plus the form refusing a submission). The real workspace of any run
is never touched: the submission lands in the temporary one.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from whitecollar.lab.portal import PortalError
from whitecollar.lab.portal.browser import launch
from whitecollar.lab.portal.description import Form, load
from whitecollar.lab.portal.runner import start_portal

VIEWPORT = {"width": 1280, "height": 800}


def _sample_values(form: Form) -> dict[str, str]:
    """Plausible values for a generic form, used when the scenario's solver has no portal_answers."""
    sample = {"number": "1234.50", "integer": "3", "text": "Sample entry", "textarea": "Sample notes."}
    return {f.name: sample[f.type] for f in form.fields}


def take_screenshots(task_id: str, outdir: Path) -> dict[str, Path]:
    from playwright.sync_api import sync_playwright

    from whitecollar.benchmark.generation import generate
    from whitecollar.benchmark.scenario import load_scenario
    from whitecollar.lab.workspace import compose

    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    shots: dict[str, Path] = {}
    with tempfile.TemporaryDirectory(prefix=f"portal-shots-{task_id}-") as tmp:
        root = Path(tmp)
        generate(task_id, root / "bundle", root / "oracle")
        ws = compose(root / "bundle", root / "ws", portal=True, task_id=task_id)
        if not (ws / "portal" / "portal.json").is_file():
            raise PortalError(f"{task_id}: the bundle has no portal/portal.json")
        desc = load(ws)
        solver = load_scenario(task_id).solver
        answers = {}
        if hasattr(solver, "portal_answers"):
            (ws / "out").mkdir(exist_ok=True)
            answers = solver.portal_answers(ws, "reference")
        with start_portal(ws, root / "portal.log") as portal, sync_playwright() as pw:
            browser = launch(pw)
            try:
                page = browser.new_page(viewport=VIEWPORT)

                def shot(name: str) -> None:
                    path = outdir / f"{name}.png"
                    page.screenshot(path=str(path), full_page=True)
                    shots[name] = path

                page.goto(portal.url + "login")
                shot("1-login")
                page.fill("#username", portal.username)
                page.fill("#password", portal.password)
                page.click("button.primary")
                page.wait_for_url("**/documents")
                shot("2-library")
                if desc.records:
                    page.goto(portal.url + f"records/{desc.records[0].id}")
                    shot("3-record-table")
                if desc.forms:
                    form = desc.forms[0]
                    page.goto(portal.url + f"forms/{form.id}")
                    shot("4-form")
                    values = {k: str(v) for k, v in (answers.get(form.id) or _sample_values(form)).items()}
                    numeric = next((f for f in form.fields if f.type in ("number", "integer")), None)
                    if numeric is not None:  # a value the server refuses, to show the refusal
                        for f in form.fields:
                            page.fill(f"#f-{f.name}", "about two million" if f is numeric else values.get(f.name, ""))
                        page.click("button.primary")
                        page.wait_for_selector(".notice.bad")
                        shot("5-form-refused")
                    for f in form.fields:
                        page.fill(f"#f-{f.name}", values.get(f.name, ""))
                    page.click("button.primary")
                    page.wait_for_selector("#confirmation")
                    shot("6-submission-confirmation")
                page.goto(portal.url + "documents/inputs/not-in-the-library.pdf")
                shot("7-error")
            finally:
                browser.close()
    return shots
