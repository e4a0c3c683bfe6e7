"""The architecture figure, drawn from the workflow's own rule graph.

`snakemake --rulegraph dot paper` prints the rules and their dependencies
as Graphviz text. Rather than install Graphviz for one figure, the graph is
laid out here: rules in layers by longest path from a source (so every
edge points rightwards), ordered within a layer by the barycentre of their
neighbours to reduce crossings, each box coloured by the rule file (the
stage) that defines it. Because the figure is drawn from the graph the
workflow reports, it cannot drift from the Snakefile: add a rule and the
figure grows a box.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Patch

from whitecollar.analysis.plotting import new_figure

_NODE = re.compile(r'^\s*(\d+)\s*\[\s*label\s*=\s*"([^"]+)"')
_EDGE = re.compile(r"^\s*(\d+)\s*->\s*(\d+)")
_RULE = re.compile(r"^(?:rule|checkpoint)\s+(\w+)\s*:", re.M)

STAGE_COLOURS = {
    "benchmark": "#0072B2", "runs": "#E69F00", "grading": "#009E73", "analysis": "#CC79A7",
    "paper": "#56B4E9", "judging": "#D55E00", "targets": "#7F7F7F",
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
        for i in (range(1, n_layers) if forward else range(n_layers - 2, -1, -1)):
            pos = positions()

            def key(n: str) -> tuple[float, float, str]:
                ps = [pos[p] for p in nbrs[n]]  # ties keep the current order (then the name)
                return (sum(ps) / len(ps) if ps else pos[n], pos[n], n)

            cols[i] = sorted(cols[i], key=key)
    return cols


def _tint(colour: str, strength: float) -> tuple[float, float, float]:
    """An opaque light version of a colour (boxes hide the edges that pass behind them)."""
    r, g, b = (int(colour[i:i + 2], 16) / 255.0 for i in (1, 3, 5))
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
        arrow = FancyArrowPatch((x0 + box_w / 2, y0), (x1 - box_w / 2, y1), arrowstyle="-|>", mutation_scale=7,
                                color="#A8A8A8", linewidth=0.7, shrinkA=0, shrinkB=1,
                                connectionstyle="arc3,rad=0.0", zorder=1)
        ax.add_patch(arrow)
    used = set()
    for name, (x, y) in pos.items():
        stage = stages.get(name, "targets")
        used.add(stage)
        colour = STAGE_COLOURS.get(stage, "#7F7F7F")
        ax.add_patch(FancyBboxPatch((x - box_w / 2, y - box_h / 2), box_w, box_h,
                                    boxstyle="round,pad=0.0,rounding_size=0.06", facecolor=_tint(colour, 0.22),
                                    edgecolor=colour, linewidth=1.1, zorder=2))
        ax.text(x, y, name, ha="center", va="center", fontsize=7 if len(name) < 20 else 6, zorder=3)
    ax.set_xlim(-0.6, len(cols) - 0.4)
    ax.set_ylim(-tallest / 2.0 - 0.2, tallest / 2.0 + 0.2)
    order = [s for s in STAGE_COLOURS if s in used] + sorted(used - set(STAGE_COLOURS))
    ax.legend(handles=[Patch(facecolor=_tint(STAGE_COLOURS.get(s, "#7F7F7F"), 0.22),
                             edgecolor=STAGE_COLOURS.get(s, "#7F7F7F"), label=s) for s in order],
              loc="upper center", bbox_to_anchor=(0.5, 1.02), ncol=len(order), fontsize=7)
    return fig
