# Stage 3: grade every run with its scenario's deterministic evaluator.
# The oracle enters by its hash (a param) rather than by file dates, so
# regenerating a scenario never regrades runs of its previous bundle; the
# evaluator refuses an oracle that belongs to another bundle.
# Recalculated workbooks are shared by every job (grading, battery, rendering)
# through a content-addressed disk cache; named by an environment variable, so
# no rule's command or params change.
os.environ.setdefault("WHITECOLLAR_RECALC_CACHE", os.path.abspath(f"{RESULTS}/cache/recalc"))


rule evaluate_run:
    input:
        run=f"{RUNS}/{RUN_PATH}/run.json",
        integrity=f"{RUNS}/{RUN_PATH}/integrity.json",
        out=f"{RUNS}/{RUN_PATH}/out",
        oracle=ancient(f"{ORACLES}/{{task}}"),
        digest=ancient(f"{DIGESTS}/{{task}}.json"),
        code=lambda w: scenario_files(w.task, "scenario.yaml", "generate.py", "solve.py", "rubric.yaml", "challenge.py")
        + EVALUATOR_CODE,
    output:
        f"{RECEIPTS}/{RUN_PATH}/receipt.json",
    params:
        evaluator_version=lambda w: scenario(w.task).evaluator_version,
        oracle=lambda w: oracle_sha256(w.task),
        run_dir=lambda w: f"{RUNS}/{w.task}/{w.bundle}/{w.arm}/r{w.rep}",
    log:
        f"{LOGS}/receipts/{RUN_PATH}.log",
    shell:
        "{WC} evaluate {wildcards.task} --workspace {params.run_dir} --out {input.out}"
        " --oracle {input.oracle} --receipt {output} > {log} 2>&1"
