"""Page images of generated documents, for people checking what a generator
produced (not for evaluators: this raises on failure, and LibreOffice's
rendering depends on the fonts installed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from whitecollar.libreoffice import soffice as _soffice
from whitecollar.office.model import Failure

_VIA_LIBREOFFICE = {".docx", ".xlsx", ".doc", ".xls", ".odt", ".ods", ".pptx", ".rtf"}


def to_pdf(path: Path, workdir: Path, *, timeout_s: float = 120) -> Path:
    """Convert an office document to PDF with a private LibreOffice profile."""
    exe = _soffice.find_soffice()
    if isinstance(exe, Failure):
        raise RuntimeError(exe.reason)
    indir, outdir = workdir / "in", workdir / "out"
    indir.mkdir(parents=True, exist_ok=True)
    outdir.mkdir(parents=True, exist_ok=True)
    src = indir / f"document{path.suffix.lower()}"
    shutil.copyfile(path, src)
    profile = _soffice.make_profile(workdir)
    run = _soffice.run_soffice(
        exe,
        ["--convert-to", "pdf", "--outdir", str(outdir), str(src)],
        profile=profile,
        timeout_s=timeout_s,
        cwd=workdir,
    )
    pdf = outdir / "document.pdf"
    if not pdf.is_file():
        why = "timed out" if run.timed_out else (run.stderr.strip() or run.stdout.strip())
        raise RuntimeError(f"LibreOffice could not convert {path} to PDF: {why}")
    return pdf


def render_pages(
    path: str | os.PathLike,
    outdir: str | os.PathLike,
    *,
    first: int = 1,
    last: int = 2,
    dpi: int = 80,
) -> list[Path]:
    """PNG images of pages first..last, named <stem>-<page>.png in outdir."""
    path, outdir = Path(path), Path(outdir)
    if not path.is_file():
        raise FileNotFoundError(path)
    if first < 1 or last < first:
        raise ValueError(f"bad page range {first}..{last}")
    if shutil.which("pdftoppm") is None:
        raise RuntimeError("pdftoppm (poppler-utils) not found; run `make bootstrap`")
    outdir.mkdir(parents=True, exist_ok=True)
    suffix = path.suffix.lower()
    with tempfile.TemporaryDirectory(prefix="whitecollar-preview-") as tmp:
        work = Path(tmp)
        if suffix == ".pdf":
            pdf = path
        elif suffix in _VIA_LIBREOFFICE:
            pdf = to_pdf(path, work)
        else:
            raise ValueError(f"cannot preview {suffix or 'extensionless'} files")
        prefix = work / "page"
        subprocess.run(
            ["pdftoppm", "-f", str(first), "-l", str(last), "-r", str(dpi), "-png", str(pdf), str(prefix)],
            check=True,
            capture_output=True,
            timeout=120,
        )
        produced = sorted(work.glob("page-*.png"), key=lambda q: int(q.stem.rsplit("-", 1)[1]))
        results = []
        for image in produced:
            number = int(image.stem.rsplit("-", 1)[1])
            target = outdir / f"{path.stem}-{number}.png"
            shutil.move(str(image), target)
            results.append(target)
    return results
