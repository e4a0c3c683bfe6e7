"""The coverage figure: which occupations the frozen benchmark reaches, how deep, in which class.

One row per occupation of the registry. A frozen scenario is a bar as long
as its designed dependency depth, coloured by difficulty class; an
occupation with a designated pilot scenario that is not in this freeze, or
with none yet, is marked as such, so the figure shows the gaps as plainly
as the coverage. Above the rows, the depth range of each difficulty class
of the authoring specification, so a reader can see whether a scenario's
depth fits its class. Metadata only: no run, no SIMULATED stamp.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure

from whitecollar.analysis.metadata import frozen_scenarios, registry
from whitecollar.analysis.plotting import CLASS_COLOURS, new_figure

#: designed-depth range of each difficulty class (authoring specification)
CLASS_DEPTHS = {"short": (5, 12), "standard": (12, 25), "complex": (25, 40), "workflow": (30, 60)}
MISSING = "#BDBDBD"


def coverage_figure(registry_csv: Path, manifest: Path, bundles: Path) -> Figure:
    occupations = registry(registry_csv)
    frozen = {s.task_id: s for s in frozen_scenarios(manifest, bundles)}
    n = len(occupations)
    fig = new_figure(7.0, 1.4 + 0.24 * n)
    top, ax = fig.subplots(2, 1, sharex=True, height_ratios=[1.0, 0.24 * n])
    for i, (cls, (lo, hi)) in enumerate(CLASS_DEPTHS.items()):
        top.barh(i, hi - lo, left=lo, height=0.6, color=CLASS_COLOURS[cls])
        top.text(hi + 0.8, i, f"{cls} {lo}\u2013{hi}", va="center", fontsize=7, color="#333333")
    top.set_ylim(len(CLASS_DEPTHS) - 0.4, -0.6)
    top.set_yticks([])
    top.set_title(
        "Difficulty classes by designed depth (authoring specification)", loc="left", fontsize=8, color="#333333"
    )
    top.grid(False)
    top.spines[["left"]].set_visible(False)
    xmax = max([64.0] + [s.depth + 14.0 for s in frozen.values()])
    for row, occ in enumerate(occupations):
        sc = frozen.get(occ.pilot_scenario or "")
        if sc is not None:
            ax.barh(row, sc.depth, height=0.62, color=CLASS_COLOURS.get(sc.difficulty_class, "#777777"))
            ax.text(sc.depth + 0.8, row, f"{sc.task_id}  depth {sc.depth}, {sc.minutes} min", va="center", fontsize=7)
        elif occ.pilot_scenario:
            ax.text(
                0.8,
                row,
                f"{occ.pilot_scenario}: designated, not in this freeze",
                va="center",
                fontsize=7,
                color="#757575",
                style="italic",
            )
        else:
            ax.text(0.8, row, "no scenario yet", va="center", fontsize=7, color=MISSING, style="italic")
    ax.set_yticks(range(n), [f"{o.occupation} ({o.prefix})" for o in occupations])
    ax.set_ylim(n - 0.5, -0.5)
    ax.set_xlim(0, xmax)
    ax.set_xlabel("designed dependency depth (dependent operations)")
    ax.grid(axis="y", visible=False)
    taxonomy = sum(1 for o in occupations if o.group == "taxonomy")
    if taxonomy < n:
        ax.axhline(taxonomy - 0.5, color="#999999", linewidth=0.6, linestyle=":")
    covered = sum(1 for o in occupations if (o.pilot_scenario or "") in frozen)
    ax.set_title(f"{covered} of {n} occupations covered by a frozen scenario", loc="left", fontsize=9)
    ax.set_axisbelow(True)
    return fig
