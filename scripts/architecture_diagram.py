"""The stage diagram of docs/ARCHITECTURE.md, generated from the workflow's own rule graph.

Asks Snakemake for the rule graph of a whole study (`snakemake --rulegraph
dot all paper restricted`, in a scratch copy: see
`whitecollar.analysis.rulegraph.workflow_rulegraph`), or reads it from
`--dot`, renders it as a Mermaid flowchart with one subgraph per rule file,
and rewrites the block between the document's two marker lines, atomically.
`--check` rewrites nothing: it exits 1, with one line, when the block is
stale, so a test can hold the document to the Snakefile.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from whitecollar import atomic
from whitecollar.analysis.rulegraph import (
    current_diagram,
    diagram_block,
    missing_rules,
    parse_dot,
    replace_diagram,
    rule_stages,
    to_mermaid,
    workflow_files,
    workflow_rulegraph,
)

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", type=Path, default=ROOT, help="the checkout whose workflow is drawn")
    p.add_argument("--dot", type=Path, help="read the rule graph from this file instead of asking Snakemake")
    p.add_argument("--doc", type=Path, help="the document to update (default: ROOT/docs/ARCHITECTURE.md)")
    p.add_argument("--check", action="store_true", help="exit 1 if the document's diagram is stale; write nothing")
    a = p.parse_args(argv)
    doc = a.doc or a.root / "docs" / "ARCHITECTURE.md"
    try:
        files = workflow_files(a.root)
        stages = rule_stages(files)
        dot = a.dot.read_text(encoding="utf-8") if a.dot else workflow_rulegraph(a.root)
        graph = parse_dot(dot)
        missing = missing_rules(graph, stages)
        if missing:
            raise ValueError(
                f"rules in no target's graph: {', '.join(missing)}; add their target to "
                "WORKFLOW_TARGETS in whitecollar/analysis/rulegraph.py"
            )
        titles = {
            stage: ("Snakefile" if f.name == "Snakefile" else f.relative_to(a.root).as_posix())
            for f in files
            for stage in [("targets" if f.name == "Snakefile" else f.stem)]
        }
        mermaid = to_mermaid(graph, stages, order=list(titles), titles=titles)
        text = doc.read_text(encoding="utf-8")
        if a.check:
            if current_diagram(text, str(doc)) != diagram_block(mermaid):
                print(f"{doc}: the stage diagram is stale; run python scripts/architecture_diagram.py")
                return 1
            print(f"{doc}: the stage diagram is current ({len(graph.nodes)} rules, {len(graph.edges)} edges)")
            return 0
        updated = replace_diagram(text, mermaid, str(doc))
        if updated != text:
            atomic.write_text(doc, updated)
        print(f"{doc}: stage diagram of {len(graph.nodes)} rules and {len(graph.edges)} edges")
        return 0
    except (OSError, ValueError, RuntimeError) as exc:
        print(f"architecture_diagram: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
