# Stage 1: generate each scenario, validate it, freeze the benchmark.
# Generation and validation may run on a cluster's compute nodes; the freeze
# (one small manifest) runs on the controller (docs/ARCHITECTURE.md, "On a cluster").


localrules:
    configuration,
    freeze,


rule generate:
    input:
        code=lambda w: stage_code("generate", w.task),
    output:
        bundle=directory(f"{BUNDLES}/{{task}}"),
        oracle=directory(f"{ORACLES}/{{task}}"),
        digest=f"{DIGESTS}/{{task}}.json",
    log:
        f"{LOGS}/generate/{{task}}.log",
    benchmark:
        f"{BENCH}/generate/{{task}}.tsv"
    conda:
        SOFTWARE
    resources:
        mem_mb=1000,
        runtime=15,
    params:
        metadata=lambda w: generation_params(w.task),
        seed=lambda w: scenario(w.task).seed,
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar generate {wildcards.task} --bundle {output.bundle}'
        " --oracle {output.oracle}"
        " --seed {params.seed} --digest {output.digest} > {log} 2>&1"


rule validate:
    input:
        digest=f"{DIGESTS}/{{task}}.json",
        bundle=ancient(f"{BUNDLES}/{{task}}"),
        oracle=ancient(f"{ORACLES}/{{task}}"),
        code=lambda w: stage_code("validate", w.task),
    output:
        f"{VALIDATION}/{{task}}.json",
    log:
        f"{LOGS}/validate/{{task}}.log",
    benchmark:
        f"{BENCH}/validate/{{task}}.tsv"
    conda:
        SOFTWARE
    resources:
        mem_mb=3000,  # the battery and the challenge corpus, with LibreOffice recalculating their workbooks
        runtime=60,
    params:
        evaluator_version=lambda w: scenario(w.task).evaluator_version,
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar -v validate {wildcards.task} --bundle {input.bundle}'
        " --oracle {input.oracle}"
        " --out {output} > {log} 2>&1"


# A checkpoint, so that the pilot's runs are only drawn once the freeze exists.
# Modules whose output the freeze records as protocol (whitecollar.freeze.protocol hashes what they build).
PROTOCOL_CODE = {
    "src/whitecollar/freeze/prompt.py",
    "src/whitecollar/freeze/rubric.py",
    "src/whitecollar/freeze/judge_settings.py",
}


# The configuration Snakemake was given (`--configfile`, `--config` included), the slice the protocol
# is built from, as a file: the freeze reads it as ancient() (a design change after the freeze stays a
# deviation until an amendment and `--forcerun freeze -- freeze`), the record as a plain input (it audits it).
rule configuration:
    output:
        CONFIGURATION,
    log:
        f"{LOGS}/configuration.log",
    conda:
        SOFTWARE
    params:
        # a function: the slice holds braces (a judge command's {rubric}) that are not wildcards
        configuration=lambda wildcards: json.dumps(protocol_configuration(config), sort_keys=True),
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar configuration --json {params.configuration:q} --out {output} > {log} 2>&1'


checkpoint freeze:
    input:
        digests=expand(f"{DIGESTS}/{{task}}.json", task=SCENARIOS),
        configuration=ancient(CONFIGURATION),
        validations=expand(f"{VALIDATION}/{{task}}.json", task=SCENARIOS),
        # The protocol the freeze also records (whitecollar.freeze.protocol). ancient(): read, never a
        # reason to re-freeze, so an edit after the freeze stays a visible deviation until an
        # amendment is recorded and the benchmark is frozen again (--forcerun freeze).
        # The judges' prompt, rubric rendering and panel settings are protocol too: the code that
        # makes them is read the same way, and the rest of the freeze's code is its code.
        protocol=ancient(
            ["benchmark/protocol/amendments.csv", "benchmark/protocol/analysis_plan.yaml"]
            + expand("benchmark/scenarios/{task}/rubric.yaml", task=SCENARIOS)
            + [f for f in stage_code("freeze") if f in PROTOCOL_CODE]
        ),
        code=[f for f in stage_code("freeze") if f not in PROTOCOL_CODE],
    output:
        f"{RESULTS}/freeze/manifest.json",
    log:
        f"{LOGS}/freeze.log",
    conda:
        SOFTWARE
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar freeze --digests {input.digests} --validations {input.validations}'
        " --configuration {input.configuration} --out {output} > {log} 2>&1"
