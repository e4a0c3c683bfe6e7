"""The architecture figure, drawn from the workflow's own rule graph.

`snakemake --rulegraph dot paper` prints the rules and their dependencies
as Graphviz text. Rather than install Graphviz for one figure, the graph is
laid out here: rules in layers by longest path from a source (so every
edge points rightwards), ordered within a layer by the barycentre of their
neighbours to reduce crossings, each box coloured by the rule file (the
stage) that defines it. Because the figure is drawn from the graph the
workflow reports, it cannot drift from the Snakefile: add a rule and the
figure grows a box.

The same graph, as Mermaid text (`to_mermaid`), is the stage diagram of
docs/ARCHITECTURE.md, written between two marker lines by
scripts/architecture_diagram.py; `workflow_rulegraph` asks Snakemake for
the graph of a whole study, independent of what results/ holds, so the
document can be checked against the Snakefile by comparing bytes.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Patch

from whitecollar.analysis.plotting import new_figure

_NODE = re.compile(r'^\s*(\d+)\s*\[\s*label\s*=\s*"([^"]+)"')
_EDGE = re.compile(r"^\s*(\d+)\s*->\s*(\d+)")
_RULE = re.compile(r"^(?:rule|checkpoint)\s+(\w+)\s*:", re.M)

STAGE_COLOURS = {
    "benchmark": "#0072B2",
    "runs": "#E69F00",
    "grading": "#009E73",
    "analysis": "#CC79A7",
    "paper": "#56B4E9",
    "judging": "#D55E00",
    "targets": "#7F7F7F",
}


@dataclass(frozen=True)
class RuleGraph:
    nodes: list[str]
    edges: list[tuple[str, str]]


def parse_dot(text: str) -> RuleGraph:
    """Rules and edges of `snakemake --rulegraph dot` output (other lines ignored)."""
    ids: dict[str, str] = {}
    edges = []
    for line in text.splitlines():
        m = _NODE.match(line)
        if m:
            ids[m.group(1)] = m.group(2)
            continue
        m = _EDGE.match(line)
        if m:
            edges.append((m.group(1), m.group(2)))
    named = sorted({(ids[a], ids[b]) for a, b in edges if a in ids and b in ids})
    return RuleGraph(sorted(set(ids.values())), named)


def rule_stages(workflow_files: list[Path]) -> dict[str, str]:
    """Rule name -> stage, the stem of the rule file that defines it (the Snakefile's rules are targets)."""
    stages = {}
    for path in workflow_files:
        stage = "targets" if Path(path).name == "Snakefile" else Path(path).stem
        for name in _RULE.findall(Path(path).read_text(encoding="utf-8")):
            stages[name] = stage
    return stages


def _neighbours(graph: RuleGraph) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Predecessors and successors of every rule."""
    preds: dict[str, list[str]] = defaultdict(list)
    succs: dict[str, list[str]] = defaultdict(list)
    for a, b in graph.edges:
        preds[b].append(a)
        succs[a].append(b)
    return preds, succs


def layers(graph: RuleGraph) -> dict[str, int]:
    """Layer of each rule: longest path from a source, then each rule moved as far right as its
    successors allow (so a rule that only feeds the manuscript sits beside it, not at the far left)."""
    preds, succs = _neighbours(graph)
    depth: dict[str, int] = {}

    def visit(node: str, stack: tuple[str, ...] = ()) -> int:
        if node in depth:
            return depth[node]
        if node in stack:
            raise ValueError(f"the rule graph has a cycle through {node}")
        depth[node] = 1 + max((visit(p, stack + (node,)) for p in preds[node]), default=-1)
        return depth[node]

    for n in graph.nodes:
        visit(n)
    for node in sorted(graph.nodes, key=lambda n: (-depth[n], n)):  # sinks first
        if succs[node]:
            depth[node] = max(depth[node], min(depth[s] for s in succs[node]) - 1)
    return depth


def order_layers(graph: RuleGraph, layer: dict[str, int], sweeps: int = 8) -> list[list[str]]:
    """Rules per layer, ordered by the barycentre heuristic (alternating sweeps).

    A rule's barycentre is the mean vertical position of all its neighbours
    on the side the sweep comes from, in whatever layer they are, so that
    long edges (generate -> a benchmark table) pull their ends together too.
    """
    n_layers = max(layer.values(), default=-1) + 1
    cols = [sorted(n for n in graph.nodes if layer[n] == i) for i in range(n_layers)]
    preds, succs = _neighbours(graph)

    def positions() -> dict[str, float]:
        return {n: (k + 0.5) / len(col) for col in cols for k, n in enumerate(col)}

    for sweep in range(sweeps):
        forward = sweep % 2 == 0
        nbrs = preds if forward else succs
        for i in range(1, n_layers) if forward else range(n_layers - 2, -1, -1):
            pos = positions()

            def key(n: str, pos: dict[str, float] = pos, nbrs: dict[str, list[str]] = nbrs) -> tuple[float, float, str]:
                ps = [pos[p] for p in nbrs[n]]  # ties keep the current order (then the name)
                return (sum(ps) / len(ps) if ps else pos[n], pos[n], n)

            cols[i] = sorted(cols[i], key=key)
    return cols


def _tint(colour: str, strength: float) -> tuple[float, float, float]:
    """An opaque light version of a colour (boxes hide the edges that pass behind them)."""
    r, g, b = (int(colour[i : i + 2], 16) / 255.0 for i in (1, 3, 5))
    return (1 - strength * (1 - r), 1 - strength * (1 - g), 1 - strength * (1 - b))


def architecture_figure(graph: RuleGraph, stages: dict[str, str]) -> Figure:
    layer = layers(graph)
    cols = order_layers(graph, layer)
    tallest = max((len(c) for c in cols), default=1)
    width = max(7.0, 1.45 * len(cols))
    height = max(3.0, 0.36 * tallest + 1.0)
    fig = new_figure(width, height)
    ax = fig.subplots()
    ax.set_axis_off()
    pos: dict[str, tuple[float, float]] = {}
    for i, col in enumerate(cols):
        for k, name in enumerate(col):
            y = (len(col) - 1) / 2.0 - k
            pos[name] = (float(i), y)
    box_w, box_h = 0.82, 0.26
    for a, b in graph.edges:
        (x0, y0), (x1, y1) = pos[a], pos[b]
        arrow = FancyArrowPatch(
            (x0 + box_w / 2, y0),
            (x1 - box_w / 2, y1),
            arrowstyle="-|>",
            mutation_scale=7,
            color="#A8A8A8",
            linewidth=0.7,
            shrinkA=0,
            shrinkB=1,
            connectionstyle="arc3,rad=0.0",
            zorder=1,
        )
        ax.add_patch(arrow)
    used = set()
    for name, (x, y) in pos.items():
        stage = stages.get(name, "targets")
        used.add(stage)
        colour = STAGE_COLOURS.get(stage, "#7F7F7F")
        ax.add_patch(
            FancyBboxPatch(
                (x - box_w / 2, y - box_h / 2),
                box_w,
                box_h,
                boxstyle="round,pad=0.0,rounding_size=0.06",
                facecolor=_tint(colour, 0.22),
                edgecolor=colour,
                linewidth=1.1,
                zorder=2,
            )
        )
        ax.text(x, y, name, ha="center", va="center", fontsize=7 if len(name) < 20 else 6, zorder=3)
    ax.set_xlim(-0.6, len(cols) - 0.4)
    ax.set_ylim(-tallest / 2.0 - 0.2, tallest / 2.0 + 0.2)
    order = [s for s in STAGE_COLOURS if s in used] + sorted(used - set(STAGE_COLOURS))
    ax.legend(
        handles=[
            Patch(
                facecolor=_tint(STAGE_COLOURS.get(s, "#7F7F7F"), 0.22),
                edgecolor=STAGE_COLOURS.get(s, "#7F7F7F"),
                label=s,
            )
            for s in order
        ],
        loc="upper center",
        bbox_to_anchor=(0.5, 1.02),
        ncol=len(order),
        fontsize=7,
    )
    return fig


# -- the stage diagram of docs/ARCHITECTURE.md ---------------------------------------------------

#: The lines between which docs/ARCHITECTURE.md holds the generated stage diagram.
DIAGRAM_BEGIN = "<!-- stage diagram: generated by scripts/architecture_diagram.py; do not edit -->"
DIAGRAM_END = "<!-- end of stage diagram -->"

#: Words Mermaid reads as its own syntax: they cannot name a node or a subgraph.
_MERMAID_WORDS = frozenset(
    {
        "end",
        "graph",
        "flowchart",
        "subgraph",
        "style",
        "class",
        "classdef",
        "click",
        "linkstyle",
        "direction",
        "default",
    }
)
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_INCLUDE = re.compile(r'^include:\s*["\']([^"\']+)["\']', re.M)


def workflow_files(root: Path) -> list[Path]:
    """The rule files in the order the Snakefile includes them (the pipeline's order), then the Snakefile."""
    snakefile = Path(root) / "Snakefile"
    included = [Path(root) / name for name in _INCLUDE.findall(snakefile.read_text(encoding="utf-8"))]
    return included + [snakefile]


def _mermaid_id(name: str, what: str) -> str:
    if not _IDENTIFIER.match(name) or name.lower() in _MERMAID_WORDS:
        raise ValueError(f"{what} {name!r} cannot be a Mermaid identifier; rename it")
    return name


def to_mermaid(
    graph: RuleGraph, stages: dict[str, str], order: Sequence[str] = (), titles: Mapping[str, str] | None = None
) -> str:
    """The rule graph as a Mermaid flowchart: one subgraph per stage (rule file), left to right.

    Subgraphs follow `order` (stages it does not name come after, sorted);
    within each, rules are sorted, and the edges follow, sorted: the same
    graph always gives the same bytes, so a generated block in a document
    can be checked for staleness by comparing text. A rule without a stage
    goes to `targets`, as in the figure.
    """
    members: dict[str, list[str]] = defaultdict(list)
    for rule in graph.nodes:
        members[stages.get(rule, "targets")].append(_mermaid_id(rule, "rule"))
    ranked = [s for s in dict.fromkeys(order) if s in members] + sorted(set(members) - set(order))
    lines = ["flowchart LR"]
    for stage in ranked:
        title = (titles or {}).get(stage, stage).replace('"', "#quot;")
        lines.append(f'    subgraph stage_{_mermaid_id(stage, "stage")} ["{title}"]')
        lines += [f"        {rule}" for rule in sorted(members[stage])]
        lines.append("    end")
    lines += [f"    {a} --> {b}" for a, b in sorted(graph.edges)]
    return "\n".join(lines) + "\n"


def diagram_block(mermaid: str) -> str:
    """The generated block, marker lines included, as it stands in the document."""
    return f"{DIAGRAM_BEGIN}\n```mermaid\n{mermaid}```\n{DIAGRAM_END}"


def _block_span(text: str, source: str) -> tuple[int, int]:
    """Where the generated block lies in `text` (from its first marker to the end of its last)."""
    lines = text.split("\n")
    begins = [i for i, line in enumerate(lines) if line.strip() == DIAGRAM_BEGIN]
    ends = [i for i, line in enumerate(lines) if line.strip() == DIAGRAM_END]
    if len(begins) != 1 or len(ends) != 1 or ends[0] < begins[0]:
        raise ValueError(
            f"{source}: expected the line {DIAGRAM_BEGIN!r} once, followed by the line "
            f"{DIAGRAM_END!r} once; put that pair where the stage diagram goes"
        )
    start = sum(len(line) + 1 for line in lines[: begins[0]])
    stop = sum(len(line) + 1 for line in lines[: ends[0]]) + len(lines[ends[0]])
    return start, stop


def current_diagram(text: str, source: str = "the document") -> str:
    """The block the document holds now, marker lines included."""
    start, stop = _block_span(text, source)
    return text[start:stop]


def replace_diagram(text: str, mermaid: str, source: str = "the document") -> str:
    """`text` with its generated block replaced by `mermaid`'s; everything else byte for byte."""
    start, stop = _block_span(text, source)
    return text[:start] + diagram_block(mermaid) + text[stop:]


#: The targets whose graphs together hold every rule: the default target (freeze and pilot),
#: the paper and the restricted package.
WORKFLOW_TARGETS = ("all", "paper", "restricted")


def _placeholder_study(scratch: Path, config: dict) -> None:
    """Files that make Snakemake see a study already generated, frozen and assigned.

    Before the `assign` and `freeze` checkpoints have run, Snakemake cannot
    know the per-run jobs (run, evaluate_run, render, judge, code_stamp), so
    the rule graph of an empty checkout lacks them and that of a laboratory
    depends on what results/ holds. Placeholders of what those checkpoints
    and their upstream jobs write (empty bundles, digests, validations, a
    manifest and an assignment of one run per arm), stamped newer than every
    source file, make every upstream job finished and the checkpoints done,
    so the graph is always that of a whole study, whatever results/ holds.
    Only the structure is asked of Snakemake; no job runs.
    """
    from whitecollar.lab.assignment import FIELDS

    stamp = time.time() + 60  # newer than every file of the checkout
    results, oracles = scratch / "results", scratch / "results" / "restricted" / "oracles"
    tasks, arms = sorted(config["scenarios"]), sorted(config["arms"])

    def place(path: Path, text: str | None, offset: int) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if text is None:
            path.mkdir(exist_ok=True)
        else:
            path.write_text(text, encoding="utf-8")
        os.utime(path, (stamp + offset, stamp + offset))

    for task in tasks:
        place(results / "bundles" / task / "BRIEF.md", "", 0)
        place(results / "bundles" / task, None, 0)
        place(oracles / task, None, 0)
        place(
            results / "digests" / f"{task}.json", json.dumps({"bundle_sha256": "0" * 64, "oracle_sha256": "0" * 64}), 0
        )
        place(results / "validation" / f"{task}.json", "{}", 10)
    place(results / "freeze" / "configuration.json", "{}", 5)
    place(results / "freeze" / "manifest.json", "{}", 20)
    rows = [
        {
            "order": i,
            "run_id": f"{tasks[0]}-{arm}-r1",
            "task_id": tasks[0],
            "bundle": "0" * 12,
            "arm": arm,
            "repeat": 1,
            "node": config["nodes"][0]["name"],
            "time_limit_s": 60,
            "budget_usd": 1,
        }
        for i, arm in enumerate(arms, start=1)
    ]
    lines = [",".join(FIELDS)] + [",".join(str(row[f]) for f in FIELDS) for row in rows]
    place(results / "plan" / "assignment.csv", "\n".join(lines) + "\n", 20)


def workflow_rulegraph(root: Path, targets: Sequence[str] = WORKFLOW_TARGETS) -> str:
    """`snakemake --rulegraph dot <targets>` of the checkout at `root`, for a whole study.

    Snakemake runs in a scratch folder that links every entry of the
    checkout but its results/ and .snakemake/, with placeholders of a
    generated, frozen and assigned study (`_placeholder_study`), so the
    answer depends on the workflow's code and config.yaml only.
    """
    from whitecollar import config as wc_config
    from whitecollar.bounded import child_env

    root = Path(root).resolve()
    config = wc_config.load(root / "config.yaml")
    with tempfile.TemporaryDirectory(prefix="rulegraph-") as tmp:
        scratch = Path(tmp)
        for entry in sorted(root.iterdir()):
            if entry.name not in ("results", ".snakemake", ".git"):
                (scratch / entry.name).symlink_to(entry)
        _placeholder_study(scratch, config)
        env = {k: v for k, v in child_env(root / "src").items() if not k.startswith("WHITECOLLAR_")}
        paths = json.dumps({"results": "results", "oracles": "results/restricted/oracles"})
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "snakemake",
                "--nolock",
                "--config",
                f"paths={paths}",
                "--rulegraph",
                "dot",
                *targets,
            ],
            cwd=scratch,
            env=env,
            capture_output=True,
            text=True,
        )
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuntimeError(f"snakemake --rulegraph failed in a scratch copy of {root}: {last}")
    return proc.stdout


def missing_rules(graph: RuleGraph, stages: dict[str, str]) -> list[str]:
    """Rules the workflow files define that the graph does not hold (a target is missing)."""
    return sorted(set(stages) - set(graph.nodes))
