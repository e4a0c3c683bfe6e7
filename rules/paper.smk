# Stage 5: the paper's tables and figures, each from one script under scripts/,
# and the manuscript PDF. Benchmark tables read the frozen metadata; results
# tables read the pilot folder (results/pilot). Each rule declares its script
# and the analysis library as input (Snakemake does not see imports), and
# receives only the config values it uses, as params.

# The paper is built on the controller under any executor: small scripts over the
# pilot's database, and the manuscript needs TeX, which compute nodes need not have.
localrules:
    table_taxonomy, table_organisations, table_pilot_scenarios, table_challenge, table_catalogue,
    fig_coverage, rulegraph, fig_architecture, table_results, table_premium, fig_premium, fig_frontier,
    table_frontier, table_minutes_sensitivity, table_asking, table_judges, table_power, table_amendments,
    macros_pilot, manuscript,

GENERATED = "manuscript/generated"
PAPER = f"{RESULTS}/paper"
PAPER_LOGS = f"{LOGS}/paper"
PILOT = f"{RESULTS}/pilot"
PY = f'"{sys.executable}"'

WORKFLOW_FILES = ["Snakefile"] + _files("rules/*.smk")
FROZEN_DIGESTS = expand(f"{DIGESTS}/{{task}}.json", task=SCENARIOS)
FROZEN_BUNDLES = [ancient(b) for b in expand(f"{BUNDLES}/{{task}}", task=SCENARIOS)]
ARM_LABELS = json.dumps({arm: spec["label"] for arm, spec in config["arms"].items()}, sort_keys=True)
BOOTSTRAP = {"seed": config["study"]["seed"], "replicates": 2000}

TABLES = [
    "table_taxonomy", "table_organisations", "table_pilot_scenarios", "table_catalogue", "table_challenge",
    "table_results",
    "table_premium", "table_frontier", "table_minutes_sensitivity", "table_asking", "table_judges", "table_power",
    "table_amendments",
]
FIGURES = ["fig_coverage", "fig_architecture", "fig_frontier", "fig_premium"]
PAPER_PDF = f"{PAPER}/paper.pdf"


def table_out(name):
    return {"tex": f"{GENERATED}/{name}.tex", "csv": f"{GENERATED}/{name}.csv"}


def figure_out(name):
    return {"pdf": f"{GENERATED}/{name}.pdf", "png": f"{GENERATED}/{name}.png"}


def results_shell(script, outputs):
    """The command of a script that reads the pilot: bootstrap settings and arm labels as params."""
    return (
        "{PY} " + script + " --pilot {input.pilot} --bundles " + BUNDLES
        + " --seed {params.bootstrap[seed]} --replicates {params.bootstrap[replicates]} --arms {params.arms:q} "
        + outputs + " > {log} 2>&1"
    )


# -- the benchmark, from its metadata ------------------------------------------------------

rule table_taxonomy:
    input:
        script="scripts/table_taxonomy.py",
        registry="benchmark/registry.csv",
        manifest=MANIFEST,
        code=script_code("scripts/table_taxonomy.py"),
    output:
        **table_out("table_taxonomy"),
    log:
        f"{PAPER_LOGS}/table_taxonomy.log",
    shell:
        "{PY} {input.script} --registry {input.registry} --manifest {input.manifest}"
        " --tex {output.tex} --csv {output.csv} > {log} 2>&1"


rule table_organisations:
    input:
        script="scripts/table_organisations.py",
        organisations="benchmark/organisations.csv",
        code=script_code("scripts/table_organisations.py"),
    output:
        **table_out("table_organisations"),
    log:
        f"{PAPER_LOGS}/table_organisations.log",
    shell:
        "{PY} {input.script} --organisations {input.organisations} --tex {output.tex} --csv {output.csv} > {log} 2>&1"


rule table_pilot_scenarios:
    input:
        script="scripts/table_pilot_scenarios.py",
        manifest=MANIFEST,
        digests=FROZEN_DIGESTS,
        bundles=FROZEN_BUNDLES,
        code=script_code("scripts/table_pilot_scenarios.py"),
    output:
        **table_out("table_pilot_scenarios"),
    log:
        f"{PAPER_LOGS}/table_pilot_scenarios.log",
    shell:
        "{PY} {input.script} --manifest {input.manifest} --bundles {BUNDLES} --tex {output.tex} --csv {output.csv}"
        " > {log} 2>&1"


rule table_challenge:
    input:
        script="scripts/table_challenge.py",
        manifest=MANIFEST,
        code=script_code("scripts/table_challenge.py"),
    output:
        **table_out("table_challenge"),
    log:
        f"{PAPER_LOGS}/table_challenge.log",
    shell:
        "{PY} {input.script} --manifest {input.manifest} --tex {output.tex} --csv {output.csv} > {log} 2>&1"


rule table_catalogue:
    input:
        script="scripts/table_catalogue.py",
        manifest=MANIFEST,
        digests=FROZEN_DIGESTS,
        bundles=FROZEN_BUNDLES,
        code=script_code("scripts/table_catalogue.py"),
    output:
        **table_out("table_catalogue"),
    params:
        caps=json.dumps(config["caps"], sort_keys=True),
    log:
        f"{PAPER_LOGS}/table_catalogue.log",
    shell:
        "{PY} {input.script} --manifest {input.manifest} --bundles {BUNDLES} --caps {params.caps:q}"
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
        **figure_out("fig_coverage"),
    log:
        f"{PAPER_LOGS}/fig_coverage.log",
    shell:
        "{PY} {input.script} --registry {input.registry} --manifest {input.manifest} --bundles {BUNDLES}"
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
    shell:
        "{PY} -m snakemake --nolock --rulegraph dot -- paper > {output}.tmp 2> {log} && mv {output}.tmp {output}"


rule fig_architecture:
    input:
        script="scripts/fig_architecture.py",
        dot=rules.rulegraph.output[0],
        workflow=WORKFLOW_FILES,
        code=script_code("scripts/fig_architecture.py"),
    output:
        **figure_out("fig_architecture"),
    log:
        f"{PAPER_LOGS}/fig_architecture.log",
    shell:
        "{PY} {input.script} --dot {input.dot} --workflow {input.workflow} --pdf {output.pdf} --png {output.png}"
        " > {log} 2>&1"


# -- the results, from the pilot ----------------------------------------------------------

rule table_results:
    input:
        script="scripts/table_results.py",
        pilot=PILOT,
        code=script_code("scripts/table_results.py"),
    output:
        **table_out("table_results"),
    params:
        bootstrap=BOOTSTRAP,
        arms=ARM_LABELS,
    log:
        f"{PAPER_LOGS}/table_results.log",
    shell:
        results_shell("{input.script}", "--tex {output.tex} --csv {output.csv}")


rule table_premium:
    input:
        script="scripts/table_premium.py",
        pilot=PILOT,
        code=script_code("scripts/table_premium.py"),
    output:
        **table_out("table_premium"),
    params:
        bootstrap=BOOTSTRAP,
        arms=ARM_LABELS,
    log:
        f"{PAPER_LOGS}/table_premium.log",
    shell:
        results_shell("{input.script}", "--tex {output.tex} --csv {output.csv}")


rule fig_premium:
    input:
        script="scripts/fig_premium.py",
        pilot=PILOT,
        code=script_code("scripts/fig_premium.py"),
    output:
        **figure_out("fig_premium"),
    params:
        bootstrap=BOOTSTRAP,
        arms=ARM_LABELS,
    log:
        f"{PAPER_LOGS}/fig_premium.log",
    shell:
        results_shell("{input.script}", "--pdf {output.pdf} --png {output.png}")


rule fig_frontier:
    input:
        script="scripts/fig_frontier.py",
        pilot=PILOT,
        code=script_code("scripts/fig_frontier.py"),
    output:
        **figure_out("fig_frontier"),
    params:
        bootstrap=BOOTSTRAP,
        arms=ARM_LABELS,
    log:
        f"{PAPER_LOGS}/fig_frontier.log",
    shell:
        results_shell("{input.script}", "--pdf {output.pdf} --png {output.png}")


rule table_frontier:
    input:
        script="scripts/table_frontier.py",
        pilot=PILOT,
        code=script_code("scripts/table_frontier.py"),
    output:
        **table_out("table_frontier"),
    params:
        bootstrap=BOOTSTRAP,
        arms=ARM_LABELS,
    log:
        f"{PAPER_LOGS}/table_frontier.log",
    shell:
        results_shell("{input.script}", "--tex {output.tex} --csv {output.csv}")


rule table_minutes_sensitivity:
    input:
        script="scripts/table_minutes_sensitivity.py",
        pilot=PILOT,
        code=script_code("scripts/table_minutes_sensitivity.py"),
    output:
        **table_out("table_minutes_sensitivity"),
    params:
        bootstrap=BOOTSTRAP,
        arms=ARM_LABELS,
    log:
        f"{PAPER_LOGS}/table_minutes_sensitivity.log",
    shell:
        results_shell("{input.script}", "--tex {output.tex} --csv {output.csv}")


rule table_asking:
    input:
        script="scripts/table_asking.py",
        pilot=PILOT,
        code=script_code("scripts/table_asking.py"),
    output:
        **table_out("table_asking"),
    params:
        bootstrap=BOOTSTRAP,
        arms=ARM_LABELS,
    log:
        f"{PAPER_LOGS}/table_asking.log",
    shell:
        results_shell("{input.script}", "--tex {output.tex} --csv {output.csv}")


rule table_judges:
    input:
        script="scripts/table_judges.py",
        pilot=PILOT,
        code=script_code("scripts/table_judges.py"),
    output:
        **table_out("table_judges"),
    params:
        bootstrap=BOOTSTRAP,
        arms=ARM_LABELS,
    log:
        f"{PAPER_LOGS}/table_judges.log",
    shell:
        results_shell("{input.script}", "--tex {output.tex} --csv {output.csv}")


rule table_power:
    input:
        script="scripts/table_power.py",
        manifest=MANIFEST,
        code=script_code("scripts/table_power.py"),
    output:
        **table_out("table_power"),
    params:
        repeats=config["study"]["repeats"],
        seed=config["study"]["seed"],
    log:
        f"{PAPER_LOGS}/table_power.log",
    benchmark:
        f"{BENCH}/paper/table_power.tsv"
    shell:
        "{PY} {input.script} --manifest {input.manifest} --repeats {params.repeats} --seed {params.seed}"
        " --tex {output.tex} --csv {output.csv} > {log} 2>&1"


# The amendments to the design, read from the protocol (benchmark/protocol/amendments.csv).
rule table_amendments:
    input:
        script="scripts/table_amendments.py",
        amendments="benchmark/protocol/amendments.csv",
        code=script_code("scripts/table_amendments.py"),
    output:
        **table_out("table_amendments"),
    log:
        f"{PAPER_LOGS}/table_amendments.log",
    shell:
        "{PY} {input.script} --amendments {input.amendments} --tex {output.tex} --csv {output.csv} > {log} 2>&1"


rule macros_pilot:
    input:
        script="scripts/macros_pilot.py",
        pilot=PILOT,
        code=script_code("scripts/macros_pilot.py"),
    output:
        tex=f"{GENERATED}/macros_pilot.tex",
    params:
        study=json.dumps({"seed": config["study"]["seed"], "repeats": config["study"]["repeats"]}, sort_keys=True),
    log:
        f"{PAPER_LOGS}/macros_pilot.log",
    shell:
        "{PY} {input.script} --pilot {input.pilot} --bundles {BUNDLES} --study {params.study:q} --tex {output.tex}"
        " > {log} 2>&1"


# -- the manuscript -----------------------------------------------------------------------

# Without a TeX engine the job stops at once with one line saying how to install one.
rule manuscript:
    input:
        script="scripts/manuscript_pdf.py",
        sources=_files("manuscript/*.tex", "manuscript/*.bib"),
        tables=[table_out(t)["tex"] for t in TABLES],
        figures=[figure_out(f)["pdf"] for f in FIGURES],
        macros=rules.macros_pilot.output.tex,
        code=script_code("scripts/manuscript_pdf.py"),
    output:
        PAPER_PDF,
    log:
        f"{PAPER_LOGS}/manuscript.log",
    benchmark:
        f"{BENCH}/paper/manuscript.tsv"
    shell:
        "{PY} {input.script} --check && {PY} {input.script} --main manuscript/paper.tex --out {output} > {log} 2>&1"
