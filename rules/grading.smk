# Stage 3: grade every run with its scenario's deterministic evaluator.
# The oracle enters by its hash (a param) rather than by file dates, so
# regenerating a scenario never regrades runs of its previous bundle; the
# evaluator refuses an oracle that belongs to another bundle.
# Recalculated workbooks are shared by every job (grading, battery, rendering)
# through a content-addressed disk cache; named by environment variables, so
# no rule's command or params change.
import dataclasses

from whitecollar.bounded import Limits  # the bounds when config.yaml gives none

os.environ.setdefault("WHITECOLLAR_RECALC_CACHE", os.path.abspath(f"{RESULTS}/cache/recalc"))
# The first job that misses that cache starts a prefetcher converting every finished run's
# workbooks, those jobs wait for first (libreoffice/prefetcher.py): recalculation shared across jobs.
os.environ.setdefault("WHITECOLLAR_PREFETCH_ROOT", os.path.abspath(RUNS))


localrules:
    code_stamp,


# Each evaluation is bounded (config.yaml `evaluation:`); its cluster job asks for
# that bound plus room for the command itself and the shared LibreOffice.
EVALUATION_BOUNDS = {**dataclasses.asdict(Limits()), **config.get("evaluation", {})}


rule evaluate_run:
    input:
        run=f"{RUNS}/{RUN_PATH}/{run_layout.RUN_JSON}",
        integrity=f"{RUNS}/{RUN_PATH}/{run_layout.INTEGRITY}",
        out=f"{RUNS}/{RUN_PATH}/{run_layout.OUT}",
        oracle=ancient(f"{ORACLES}/{{task}}"),
        digest=ancient(f"{DIGESTS}/{{task}}.json"),
        code=f"{CODE_STAMPS}/evaluate/{{task}}.json",
    output:
        f"{RECEIPTS}/{RUN_PATH}/{run_layout.RECEIPT}",
    log:
        f"{LOGS}/receipts/{RUN_PATH}.log",
    conda:
        SOFTWARE
    resources:
        mem_mb=int(EVALUATION_BOUNDS["memory_mb"]) + 1024,
        runtime=-(-int(EVALUATION_BOUNDS["wall_s"]) // 60) + 10,
    params:
        evaluator_version=per_job(lambda w: scenario(w.task).evaluator_version),
        oracle=per_job(lambda w: oracle_sha256(w.task)),
        run_dir=per_job(run_folder(RUNS)),
        bounds="--wall-s {wall_s} --cpu-s {cpu_s} --memory-mb {memory_mb}".format(**EVALUATION_BOUNDS),
        client=evaluate_client(),
    shell:
        '"$WHITECOLLAR_PYTHON" {params.client} evaluate {wildcards.task} --workspace {params.run_dir} --out {input.out}'
        " --oracle {input.oracle} --receipt {output} {params.bounds} > {log} 2>&1"


# The code of a per-run stage, as one small file: the SHA-256 of each file
# the stage's import graph names. Per-run rules declare this stamp rather
# than dozens of files per job (planning 2,400 runs stays near Snakemake's
# own speed); a code change rewrites the stamp and reruns every job naming it.
rule code_stamp:
    input:
        code=lambda w: stage_code(w.stage, None if w.scope == "all" else w.scope),
    output:
        f"{CODE_STAMPS}/{{stage}}/{{scope}}.json",
    log:
        f"{LOGS}/code/{{stage}}/{{scope}}.log",
    conda:
        SOFTWARE
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar.workflow.codedeps --out {output} {input.code} > {log} 2>&1'
