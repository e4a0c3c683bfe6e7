# Stage 4: the blind judge panel. Each run is rendered once into a text
# package (brief, rubric, deliverables; nothing about arm, model, node, cost
# or oracle), then scored by every configured judge, one file per run and
# judge. A judge job's params are that judge's slice of config.yaml only, so
# editing one judge reruns its scores and nothing else; no rule here is an
# input of a run or a receipt, so judging never reruns either. A judge job
# whose package was re-rendered to the same bytes hands back the judgement
# kept in the store (same package, prompt, rubric, settings and run) and asks
# no judge.


rule render:
    input:
        run=f"{RUNS}/{RUN_PATH}/{run_layout.RUN_JSON}",
        out=f"{RUNS}/{RUN_PATH}/{run_layout.OUT}",
        rubric="benchmark/scenarios/{task}/rubric.yaml",
        brief=ancient(f"{BUNDLES}/{{task}}/BRIEF.md"),
        digest=ancient(f"{DIGESTS}/{{task}}.json"),
        code=f"{CODE_STAMPS}/render/all.json",
    output:
        package=f"{PACKAGES}/{RUN_PATH}/package.txt",
        prompt=f"{PACKAGES}/{RUN_PATH}/prompt.txt",
        rubric=f"{PACKAGES}/{RUN_PATH}/rubric.json",
    log:
        f"{LOGS}/judging/packages/{RUN_PATH}.log",
    benchmark:
        f"{BENCH}/render/{RUN_PATH}.tsv"
    conda:
        SOFTWARE
    resources:
        mem_mb=1500,  # workbooks are recalculated (shared LibreOffice) to show their values
        runtime=15,
    params:
        run_dir=run_folder(RUNS),
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar render {params.run_dir} --task {wildcards.task} --brief {input.brief}'
        " --rubric {input.rubric}"
        " --digest {input.digest} --out {output.package} --prompt {output.prompt} --rubric-json {output.rubric}"
        " > {log} 2>&1"


rule judge:
    input:
        unpack(judge_inputs),
    output:
        f"{SCORES}/{RUN_PATH}/{{judge}}.json",
    log:
        f"{LOGS}/judging/scores/{RUN_PATH}/{{judge}}.log",
    conda:
        SOFTWARE
    resources:
        mem_mb=1000,
        runtime=45,  # a command judge: up to max_attempts (3) answers of its timeout (600 s), and margin
    params:
        judge=lambda w: judge_settings.slice_json(config, w.judge),
        receipt=lambda w: f"{run_folder(RECEIPTS)(w)}/{run_layout.RECEIPT}",
        store=STORE,
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar judge {input.package} --prompt {input.prompt}'
        " --rubric-json {input.rubric}"
        " --judge-json {params.judge:q} --run-key {wildcards.task}/{wildcards.bundle}/{wildcards.arm}/r{wildcards.rep}"
        " --receipt {params.receipt} --store {params.store} --out {output} > {log} 2>&1"
