"""`whitecollar dashboard-screenshot`: the dashboard as a PNG, rendered by headless Chromium.

A page nobody looks at goes wrong unnoticed, and not everyone reading the
results has a browser at hand (CI artefacts, a review by e-mail). This opens
the built page from the file system in the same Debian Chromium the portal
tests use (no network: the page loads nothing external), checks that it
rendered what a dashboard must show, and saves a full-page screenshot.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from whitecollar.lab.portal.browser import launch

VIEWPORT = {"width": 1360, "height": 900}


@dataclass(frozen=True)
class Rendered:
    """What the browser saw: enough for a test to know the page is a dashboard."""

    screenshot: Path
    title: str
    run_rows: int
    has_simulated_banner: bool
    banner_text: str
    images_loaded: int
    images: int


def screenshot(page_path: str | Path, out: str | Path, *, full_page: bool = True) -> Rendered:
    from playwright.sync_api import sync_playwright

    page_path = Path(page_path).resolve()
    if not page_path.is_file():
        raise FileNotFoundError(page_path)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(page_path.as_uri(), wait_until="load")
            run_rows = page.locator("#run-table tbody tr").count()
            banner = page.locator("#simulated-banner")
            has_banner = banner.count() > 0 and banner.is_visible()
            images = page.eval_on_selector_all("img", "els => els.map(e => e.complete && e.naturalWidth > 0)")
            page.screenshot(path=str(out), full_page=full_page)
            return Rendered(
                out,
                page.title(),
                run_rows,
                has_banner,
                banner.inner_text() if has_banner else "",
                sum(bool(i) for i in images),
                len(images),
            )
        finally:
            browser.close()
