"""Building the manuscript PDF with latexmk, or saying in one line how to get a TeX engine.

The build runs in a private temporary folder (auxiliary files never
litter `manuscript/`), with the source tree on TEXINPUTS so the sources'
`\\input{generated/...}` and `\\includegraphics` resolve, and with
SOURCE_DATE_EPOCH fixed so pdfTeX writes the same dates and document ID
every time: an unchanged manuscript gives an identical PDF.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from whitecollar import atomic

INSTALL_HINT = (
    "no TeX engine found (latexmk and pdflatex); install one with tools/install-system-packages.sh "
    "or: apt-get install texlive-latex-base texlive-latex-recommended latexmk"
)


def tex_engine() -> str | None:
    """Path of latexmk when it and pdflatex are both installed, else None."""
    latexmk, pdflatex = shutil.which("latexmk"), shutil.which("pdflatex")
    return latexmk if latexmk and pdflatex else None


class LatexError(RuntimeError):
    """latexmk failed; the message ends with the tail of its log."""


def build_pdf(main_tex: Path, out_pdf: Path, *, timeout: int = 300) -> Path:
    latexmk = tex_engine()
    if latexmk is None:
        raise LatexError(INSTALL_HINT)
    main_tex = Path(main_tex).resolve()
    src = main_tex.parent
    env = dict(
        os.environ,
        SOURCE_DATE_EPOCH="1735689600",
        FORCE_SOURCE_DATE="1",
        TEXINPUTS=f"{src}{os.pathsep}{src / 'generated'}{os.pathsep}",
    )
    with tempfile.TemporaryDirectory(prefix="manuscript-") as tmp:
        cmd = [
            latexmk,
            "-pdf",
            "-interaction=nonstopmode",
            "-halt-on-error",
            "-file-line-error",
            f"-outdir={tmp}",
            main_tex.name,
        ]
        proc = subprocess.run(cmd, cwd=src, env=env, capture_output=True, text=True, timeout=timeout)
        pdf = Path(tmp) / (main_tex.stem + ".pdf")
        if proc.returncode != 0 or not pdf.is_file():
            log = Path(tmp) / (main_tex.stem + ".log")
            tail = log.read_text(errors="replace")[-3000:] if log.is_file() else proc.stdout[-3000:]
            raise LatexError(f"latexmk failed on {main_tex} (exit {proc.returncode}):\n{tail}")
        print(proc.stdout[-2000:])
        atomic.write_bytes(out_pdf, pdf.read_bytes())
    return Path(out_pdf)
