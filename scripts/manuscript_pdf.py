"""The manuscript PDF: latexmk on manuscript/paper.tex, or one line saying how to install TeX."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from whitecollar.analysis.latex_build import INSTALL_HINT, LatexError, build_pdf, tex_engine


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--check", action="store_true", help="only check that a TeX engine is installed")
    p.add_argument("--main", default="manuscript/paper.tex")
    p.add_argument("--out", help="PDF to write")
    a = p.parse_args()
    if tex_engine() is None:
        print(f"error: {INSTALL_HINT}", file=sys.stderr)
        return 1
    if a.check:
        return 0
    if not a.out:
        p.error("--out is required unless --check")
    try:
        build_pdf(Path(a.main), Path(a.out))
    except LatexError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"written: {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
