"""The architecture figure's graph: parsed from Snakemake's dot output, laid out left to right."""
from __future__ import annotations

from pathlib import Path

from whitecollar.analysis.rulegraph import architecture_figure, layers, order_layers, parse_dot, rule_stages

DOT = """digraph snakemake_dag {
    graph[bgcolor=white, margin=0];
	0[label = "paper", color = "0.28 0.6 0.85", style="rounded"];
	1[label = "manuscript", color = "0.25 0.6 0.85", style="rounded"];
	2[label = "freeze", color = "0.16 0.6 0.85", style="rounded"];
	3[label = "generate", color = "0.18 0.6 0.85", style="rounded"];
	4[label = "table_organisations", color = "0.51 0.6 0.85", style="rounded"];
	5[label = "pilot", color = "0.30 0.6 0.85", style="rounded"];
	1 -> 0
	5 -> 0
	2 -> 1
	4 -> 1
	3 -> 2
	2 -> 5
}
"""


def test_parse_dot_reads_rules_and_edges():
    g = parse_dot(DOT)
    assert g.nodes == sorted(["paper", "manuscript", "freeze", "generate", "table_organisations", "pilot"])
    assert ("generate", "freeze") in g.edges and len(g.edges) == 6


def test_every_edge_points_right_and_sources_sit_beside_their_consumer():
    g = parse_dot(DOT)
    layer = layers(g)
    assert all(layer[a] < layer[b] for a, b in g.edges)
    assert layer["table_organisations"] == layer["manuscript"] - 1  # not at the far left
    cols = order_layers(g, layer)
    assert sorted(n for c in cols for n in c) == g.nodes


def test_stages_come_from_the_rule_files():
    root = Path(__file__).resolve().parents[2]
    stages = rule_stages([root / "Snakefile", *sorted((root / "rules").glob("*.smk"))])
    assert stages["generate"] == "benchmark" and stages["table_taxonomy"] == "paper"
    assert stages["paper"] == "targets" and stages["pilot"] == "analysis"


def test_figure_has_a_box_per_rule():
    fig = architecture_figure(parse_dot(DOT), {"generate": "benchmark"})
    texts = {t.get_text() for t in fig.axes[0].texts}
    assert texts >= {"paper", "manuscript", "freeze", "generate", "table_organisations", "pilot"}
