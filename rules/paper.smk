# Stage 5, continued: the paper's tables and figures, each from one script under scripts/,
# and the manuscript PDF. Benchmark tables read the frozen metadata; results
# tables and figures read the pilot folder (results/pilot). Each job declares its
# script and the analysis library as input (Snakemake does not see imports), and
# receives only the config values it uses, as params.


# The paper is built on the controller under any executor: small scripts over the
# pilot's database, and the manuscript needs TeX, which compute nodes need not have.
localrules:
    table_taxonomy,
    table_organisations,
    table_pilot_scenarios,
    table_challenge,
    table_catalogue,
    fig_coverage,
    rulegraph,
    fig_architecture,
    results_table,
    results_figure,
    table_power,
    table_amendments,
    macros_pilot,
    manuscript,


GENERATED = "manuscript/generated"
PAPER = f"{RESULTS}/paper"
PAPER_LOGS = f"{LOGS}/paper"
PILOT = f"{RESULTS}/pilot"

WORKFLOW_FILES = ["Snakefile", *_files("rules/*.smk")]
FROZEN_DIGESTS = expand(f"{DIGESTS}/{{task}}.json", task=SCENARIOS)
FROZEN_BUNDLES = [ancient(b) for b in expand(f"{BUNDLES}/{{task}}", task=SCENARIOS)]

# The tables and figures built from the pilot: one script each, all with the same
# command (the pilot, the bundles, the bootstrap's settings and the arms' labels).
RESULTS_TABLES = [
    "table_results",
    "table_premium",
    "table_frontier",
    "table_minutes_sensitivity",
    "table_asking",
    "table_judges",
]
RESULTS_FIGURES = ["fig_premium", "fig_frontier"]
# the analysis plan alone says how many (a change to it is an amendment, benchmark/protocol/amendments.csv)
PLANNED_REPLICATES = planned_bootstrap_replicates(workflow.basedir)
RESULTS_PARAMS = {
    "bundles": BUNDLES,
    "bootstrap": {"seed": config["study"]["seed"], "replicates": PLANNED_REPLICATES},
    "arms": json.dumps({arm: spec["label"] for arm, spec in config["arms"].items()}, sort_keys=True),
}

TABLES = [
    "table_taxonomy",
    "table_organisations",
    "table_pilot_scenarios",
    "table_catalogue",
    "table_challenge",
    "table_results",
    "table_premium",
    "table_frontier",
    "table_minutes_sensitivity",
    "table_asking",
    "table_judges",
    "table_power",
    "table_amendments",
]
FIGURES = ["fig_coverage", "fig_architecture", "fig_frontier", "fig_premium"]
PAPER_PDF = f"{PAPER}/paper.pdf"


# -- the benchmark, from its metadata ------------------------------------------------------


rule table_taxonomy:
    input:
        script="scripts/table_taxonomy.py",
        registry="benchmark/registry.csv",
        manifest=MANIFEST,
        code=script_code("scripts/table_taxonomy.py"),
    output:
        tex=f"{GENERATED}/table_taxonomy.tex",
        csv=f"{GENERATED}/table_taxonomy.csv",
    log:
        f"{PAPER_LOGS}/table_taxonomy.log",
    conda:
        SOFTWARE
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --registry {input.registry} --manifest {input.manifest}'
        " --tex {output.tex} --csv {output.csv} > {log} 2>&1"


rule table_organisations:
    input:
        script="scripts/table_organisations.py",
        organisations="benchmark/organisations.csv",
        code=script_code("scripts/table_organisations.py"),
    output:
        tex=f"{GENERATED}/table_organisations.tex",
        csv=f"{GENERATED}/table_organisations.csv",
    log:
        f"{PAPER_LOGS}/table_organisations.log",
    conda:
        SOFTWARE
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --organisations {input.organisations} --tex {output.tex}'
        " --csv {output.csv} > {log} 2>&1"


rule table_pilot_scenarios:
    input:
        script="scripts/table_pilot_scenarios.py",
        manifest=MANIFEST,
        digests=FROZEN_DIGESTS,
        bundles=FROZEN_BUNDLES,
        code=script_code("scripts/table_pilot_scenarios.py"),
    output:
        tex=f"{GENERATED}/table_pilot_scenarios.tex",
        csv=f"{GENERATED}/table_pilot_scenarios.csv",
    log:
        f"{PAPER_LOGS}/table_pilot_scenarios.log",
    conda:
        SOFTWARE
    params:
        bundles=lambda w, input: os.path.dirname(input.bundles[0]),  # the folder of the frozen bundles
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --manifest {input.manifest} --bundles {params.bundles}'
        " --tex {output.tex} --csv {output.csv}"
        " > {log} 2>&1"


rule table_challenge:
    input:
        script="scripts/table_challenge.py",
        manifest=MANIFEST,
        code=script_code("scripts/table_challenge.py"),
    output:
        tex=f"{GENERATED}/table_challenge.tex",
        csv=f"{GENERATED}/table_challenge.csv",
    log:
        f"{PAPER_LOGS}/table_challenge.log",
    conda:
        SOFTWARE
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --manifest {input.manifest} --tex {output.tex}'
        " --csv {output.csv} > {log} 2>&1"


rule table_catalogue:
    input:
        script="scripts/table_catalogue.py",
        manifest=MANIFEST,
        digests=FROZEN_DIGESTS,
        bundles=FROZEN_BUNDLES,
        code=script_code("scripts/table_catalogue.py"),
    output:
        tex=f"{GENERATED}/table_catalogue.tex",
        csv=f"{GENERATED}/table_catalogue.csv",
    log:
        f"{PAPER_LOGS}/table_catalogue.log",
    conda:
        SOFTWARE
    params:
        bundles=lambda w, input: os.path.dirname(input.bundles[0]),  # the folder of the frozen bundles
        caps=json.dumps(config["caps"], sort_keys=True),
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --manifest {input.manifest} --bundles {params.bundles}'
        " --caps {params.caps:q}"
        " --tex {output.tex} --csv {output.csv} > {log} 2>&1"


rule fig_coverage:
    input:
        script="scripts/fig_coverage.py",
        registry="benchmark/registry.csv",
        manifest=MANIFEST,
        digests=FROZEN_DIGESTS,
        bundles=FROZEN_BUNDLES,
        code=script_code("scripts/fig_coverage.py"),
    output:
        pdf=f"{GENERATED}/fig_coverage.pdf",
        png=f"{GENERATED}/fig_coverage.png",
    log:
        f"{PAPER_LOGS}/fig_coverage.log",
    conda:
        SOFTWARE
    params:
        bundles=lambda w, input: os.path.dirname(input.bundles[0]),  # the folder of the frozen bundles
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --registry {input.registry} --manifest {input.manifest}'
        " --bundles {params.bundles}"
        " --pdf {output.pdf} --png {output.png} > {log} 2>&1"


# The rule graph is asked of Snakemake itself (without the lock this run
# holds) once the pilot exists, so that the checkpoint-driven rules appear.
rule rulegraph:
    input:
        workflow=WORKFLOW_FILES,
        pilot=PILOT,
    output:
        f"{PAPER}/rulegraph.dot",
    log:
        f"{PAPER_LOGS}/rulegraph.log",
    conda:
        SOFTWARE
    shell:
        '"$WHITECOLLAR_PYTHON" -m snakemake --nolock --rulegraph dot'
        " -- paper > {output}.tmp 2> {log} && mv {output}.tmp {output}"


rule fig_architecture:
    input:
        script="scripts/fig_architecture.py",
        dot=rules.rulegraph.output[0],
        workflow=WORKFLOW_FILES,
        code=script_code("scripts/fig_architecture.py"),
    output:
        pdf=f"{GENERATED}/fig_architecture.pdf",
        png=f"{GENERATED}/fig_architecture.png",
    log:
        f"{PAPER_LOGS}/fig_architecture.log",
    conda:
        SOFTWARE
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --dot {input.dot} --workflow {input.workflow} --pdf {output.pdf}'
        " --png {output.png}"
        " > {log} 2>&1"


# -- the results, from the pilot ----------------------------------------------------------


rule results_table:
    input:
        script="scripts/{name}.py",
        pilot=PILOT,
        code=lambda w: script_code(f"scripts/{w.name}.py"),
    output:
        tex=f"{GENERATED}/{{name}}.tex",
        csv=f"{GENERATED}/{{name}}.csv",
    log:
        f"{PAPER_LOGS}/{{name}}.log",
    wildcard_constraints:
        name="|".join(RESULTS_TABLES),
    conda:
        SOFTWARE
    params:
        **RESULTS_PARAMS,
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --pilot {input.pilot} --bundles {params.bundles}'
        " --seed {params.bootstrap[seed]} --replicates {params.bootstrap[replicates]} --arms {params.arms:q}"
        " --tex {output.tex} --csv {output.csv} > {log} 2>&1"


rule results_figure:
    input:
        script="scripts/{name}.py",
        pilot=PILOT,
        code=lambda w: script_code(f"scripts/{w.name}.py"),
    output:
        pdf=f"{GENERATED}/{{name}}.pdf",
        png=f"{GENERATED}/{{name}}.png",
    log:
        f"{PAPER_LOGS}/{{name}}.log",
    wildcard_constraints:
        name="|".join(RESULTS_FIGURES),
    conda:
        SOFTWARE
    params:
        **RESULTS_PARAMS,
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --pilot {input.pilot} --bundles {params.bundles}'
        " --seed {params.bootstrap[seed]} --replicates {params.bootstrap[replicates]} --arms {params.arms:q}"
        " --pdf {output.pdf} --png {output.png} > {log} 2>&1"


rule table_power:
    input:
        script="scripts/table_power.py",
        manifest=MANIFEST,
        code=script_code("scripts/table_power.py"),
    output:
        tex=f"{GENERATED}/table_power.tex",
        csv=f"{GENERATED}/table_power.csv",
    log:
        f"{PAPER_LOGS}/table_power.log",
    benchmark:
        f"{BENCH}/paper/table_power.tsv"
    conda:
        SOFTWARE
    params:
        repeats=config["study"]["repeats"],
        seed=config["study"]["seed"],
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --manifest {input.manifest} --repeats {params.repeats}'
        " --seed {params.seed}"
        " --tex {output.tex} --csv {output.csv} > {log} 2>&1"


# The amendments to the design, read from the protocol (benchmark/protocol/amendments.csv).
rule table_amendments:
    input:
        script="scripts/table_amendments.py",
        amendments="benchmark/protocol/amendments.csv",
        code=script_code("scripts/table_amendments.py"),
    output:
        tex=f"{GENERATED}/table_amendments.tex",
        csv=f"{GENERATED}/table_amendments.csv",
    log:
        f"{PAPER_LOGS}/table_amendments.log",
    conda:
        SOFTWARE
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --amendments {input.amendments} --tex {output.tex}'
        " --csv {output.csv} > {log} 2>&1"


rule macros_pilot:
    input:
        script="scripts/macros_pilot.py",
        pilot=PILOT,
        code=script_code("scripts/macros_pilot.py"),
    output:
        tex=f"{GENERATED}/macros_pilot.tex",
    log:
        f"{PAPER_LOGS}/macros_pilot.log",
    conda:
        SOFTWARE
    params:
        bundles=BUNDLES,
        study=json.dumps({"seed": config["study"]["seed"], "repeats": config["study"]["repeats"]}, sort_keys=True),
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --pilot {input.pilot} --bundles {params.bundles}'
        " --study {params.study:q} --tex {output.tex}"
        " > {log} 2>&1"


# -- the manuscript -----------------------------------------------------------------------


# Without a TeX engine the job stops at once with one line saying how to install one.
rule manuscript:
    input:
        script="scripts/manuscript_pdf.py",
        sources=_files("manuscript/*.tex", "manuscript/*.bib"),
        tables=expand(f"{GENERATED}/{{name}}.tex", name=TABLES),
        figures=expand(f"{GENERATED}/{{name}}.pdf", name=FIGURES),
        macros=rules.macros_pilot.output.tex,
        code=script_code("scripts/manuscript_pdf.py"),
    output:
        PAPER_PDF,
    log:
        f"{PAPER_LOGS}/manuscript.log",
    benchmark:
        f"{BENCH}/paper/manuscript.tsv"
    conda:
        SOFTWARE
    shell:
        '"$WHITECOLLAR_PYTHON" {input.script} --check && "$WHITECOLLAR_PYTHON" {input.script}'
        " --main manuscript/paper.tex --out {output} > {log} 2>&1"
