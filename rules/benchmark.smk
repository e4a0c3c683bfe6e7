# Stage 1: generate each scenario, validate it, freeze the benchmark.


rule generate:
    input:
        code=lambda w: stage_code("generate", w.task),
    output:
        bundle=directory(f"{BUNDLES}/{{task}}"),
        oracle=directory(f"{ORACLES}/{{task}}"),
        digest=f"{DIGESTS}/{{task}}.json",
    params:
        metadata=lambda w: generation_params(w.task),
        seed=lambda w: scenario(w.task).seed,
    log:
        f"{LOGS}/generate/{{task}}.log",
    benchmark:
        f"{BENCH}/generate/{{task}}.tsv"
    shell:
        "{WC} generate {wildcards.task} --bundle {output.bundle} --oracle {output.oracle}"
        " --seed {params.seed} --digest {output.digest} > {log} 2>&1"


rule validate:
    input:
        digest=f"{DIGESTS}/{{task}}.json",
        bundle=ancient(f"{BUNDLES}/{{task}}"),
        oracle=ancient(f"{ORACLES}/{{task}}"),
        code=lambda w: stage_code("validate", w.task),
    output:
        f"{VALIDATION}/{{task}}.json",
    params:
        evaluator_version=lambda w: scenario(w.task).evaluator_version,
    log:
        f"{LOGS}/validate/{{task}}.log",
    benchmark:
        f"{BENCH}/validate/{{task}}.tsv"
    shell:
        "{WC} -v validate {wildcards.task} --bundle {input.bundle} --oracle {input.oracle}"
        " --out {output} > {log} 2>&1"


# A checkpoint, so that the pilot's runs are only drawn once the freeze exists.
checkpoint freeze:
    input:
        digests=expand(f"{DIGESTS}/{{task}}.json", task=SCENARIOS),
        validations=expand(f"{VALIDATION}/{{task}}.json", task=SCENARIOS),
        # The protocol the freeze also records (whitecollar.protocol). ancient(): read, never a
        # reason to re-freeze, so an edit after the freeze stays a visible deviation until an
        # amendment is recorded and the benchmark is frozen again (--forcerun freeze).
        protocol=ancient(["benchmark/protocol/amendments.csv", "benchmark/protocol/analysis_plan.yaml"]
                         + expand("benchmark/scenarios/{task}/rubric.yaml", task=SCENARIOS)),
        code=stage_code("freeze"),
    output:
        f"{RESULTS}/freeze/manifest.json",
    log:
        f"{LOGS}/freeze.log",
    shell:
        "{WC} freeze --digests {input.digests} --validations {input.validations} --out {output} > {log} 2>&1"
