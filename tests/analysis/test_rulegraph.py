"""The architecture figure's graph: parsed from Snakemake's dot output, laid out left to right."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from whitecollar.analysis.rulegraph import (
    DIAGRAM_BEGIN,
    DIAGRAM_END,
    RuleGraph,
    architecture_figure,
    current_diagram,
    diagram_block,
    layers,
    order_layers,
    parse_dot,
    replace_diagram,
    rule_stages,
    to_mermaid,
)

ROOT = Path(__file__).resolve().parents[2]

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


# -- the stage diagram of docs/ARCHITECTURE.md ---------------------------------------------------

STAGES = {
    "generate": "benchmark",
    "freeze": "benchmark",
    "pilot": "analysis",
    "manuscript": "paper",
    "table_organisations": "paper",
}

MERMAID = """flowchart LR
    subgraph stage_benchmark ["rules/benchmark.smk"]
        freeze
        generate
    end
    subgraph stage_analysis ["rules/analysis.smk"]
        pilot
    end
    subgraph stage_paper ["rules/paper.smk"]
        manuscript
        table_organisations
    end
    subgraph stage_targets ["Snakefile"]
        paper
    end
    freeze --> manuscript
    freeze --> pilot
    generate --> freeze
    manuscript --> paper
    pilot --> paper
    table_organisations --> manuscript
"""


def test_mermaid_has_a_subgraph_per_stage_in_order_and_sorted_rules_and_edges():
    titles = {
        "benchmark": "rules/benchmark.smk",
        "analysis": "rules/analysis.smk",
        "paper": "rules/paper.smk",
        "targets": "Snakefile",
    }
    text = to_mermaid(parse_dot(DOT), STAGES, order=["benchmark", "analysis", "paper", "targets"], titles=titles)
    assert text == MERMAID


def test_mermaid_puts_unnamed_stages_after_the_ordered_ones_and_refuses_mermaid_words():
    text = to_mermaid(parse_dot(DOT), STAGES)
    assert [line.split()[1] for line in text.splitlines() if line.lstrip().startswith("subgraph")] == [
        "stage_analysis",
        "stage_benchmark",
        "stage_paper",
        "stage_targets",
    ]
    with pytest.raises(ValueError, match="'end' cannot be a Mermaid identifier"):
        to_mermaid(RuleGraph(["end"], []), {})


def test_the_diagram_block_is_replaced_and_nothing_else():
    text = f"# Title\n\nbefore\n{DIAGRAM_BEGIN}\nold\n{DIAGRAM_END}\nafter\n"
    updated = replace_diagram(text, "flowchart LR\n")
    assert updated == f"# Title\n\nbefore\n{DIAGRAM_BEGIN}\n```mermaid\nflowchart LR\n```\n{DIAGRAM_END}\nafter\n"
    assert current_diagram(updated) == diagram_block("flowchart LR\n")
    assert replace_diagram(updated, "flowchart LR\n") == updated
    with pytest.raises(ValueError, match="doc.md: expected the line"):
        replace_diagram("no markers\n", "flowchart LR\n", "doc.md")
    with pytest.raises(ValueError, match="expected the line"):
        replace_diagram(f"{DIAGRAM_END}\n{DIAGRAM_BEGIN}\n", "flowchart LR\n")


def _diagram_main():
    """The script's `main`, loaded from its file (in-process: the test pays no interpreter start-up)."""
    spec = importlib.util.spec_from_file_location("architecture_diagram", ROOT / "scripts" / "architecture_diagram.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.main


def test_the_script_writes_the_block_and_check_finds_it_stale(tmp_path, capsys):
    main = _diagram_main()
    (tmp_path / "rules").mkdir()
    (tmp_path / "Snakefile").write_text(
        'include: "rules/benchmark.smk"\ninclude: "rules/analysis.smk"\n'
        'include: "rules/paper.smk"\nrule paper:\n    input: "x"\n'
    )
    (tmp_path / "rules" / "benchmark.smk").write_text("rule generate:\n    output: 'g'\ncheckpoint freeze:\n")
    (tmp_path / "rules" / "analysis.smk").write_text("rule pilot:\n")
    (tmp_path / "rules" / "paper.smk").write_text("rule manuscript:\nrule table_organisations:\n")
    (tmp_path / "g.dot").write_text(DOT)
    doc = tmp_path / "docs" / "ARCHITECTURE.md"
    doc.parent.mkdir()
    doc.write_text(f"# Architecture\n\n{DIAGRAM_BEGIN}\n{DIAGRAM_END}\n\nThe rest.\n")
    args = ["--root", str(tmp_path), "--dot", str(tmp_path / "g.dot")]
    assert main(args + ["--check"]) == 1
    assert capsys.readouterr().out == f"{doc}: the stage diagram is stale; run python scripts/architecture_diagram.py\n"
    assert main(args) == 0
    assert doc.read_text() == f"# Architecture\n\n{diagram_block(MERMAID)}\n\nThe rest.\n"
    assert main(args + ["--check"]) == 0
    (tmp_path / "rules" / "analysis.smk").write_text("rule pilot:\nrule dashboard:\n")
    capsys.readouterr()
    assert main(args + ["--check"]) == 2
    assert "rules in no target's graph: dashboard" in capsys.readouterr().err


@pytest.mark.slow
def test_the_architecture_document_carries_the_current_stage_diagram():
    """The repository's own document, against the rule graph Snakemake gives for a whole study."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "architecture_diagram.py"), "--check"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
