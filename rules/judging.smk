# Stage 3b: the blind judge panel. Each run is rendered once into a text
# package (brief, rubric, deliverables; nothing about arm, model, node, cost
# or oracle), then scored by every configured judge, one file per run and
# judge. A judge job's params are that judge's slice of config.yaml only, so
# editing one judge reruns its scores and nothing else; no rule here is an
# input of a run or a receipt, so judging never reruns either. A judge job
# whose package was re-rendered to the same bytes hands back the judgement
# kept in the store (same package, prompt, rubric, settings and run) and asks
# no judge.
from whitecollar.config import ConfigError
from whitecollar.judges import settings as judge_settings

JUDGING = f"{RESULTS}/judging"
PACKAGES = f"{JUDGING}/packages"
SCORES = f"{JUDGING}/scores"
STORE = f"{JUDGING}/store"  # earlier judgements by what they were made from (judges/reuse.py)

try:
    JUDGES = judge_settings.judge_names(config)
except ConfigError as error:
    sys.exit(f"error: {error}")

wildcard_constraints:
    judge=r"[a-z0-9][a-z0-9_-]*",


def judge_inputs(w):
    """The package, and for the simulated judge (which is not blind) the receipt it derives scores from.

    The receipt is ancient(): present before the judge runs, never a reason to
    rerun it. A real judge never sees receipts, so a regraded receipt must not
    re-ask the simulated one either: changing an evaluator reruns receipts only.
    """
    run = f"{w.task}/{w.bundle}/{w.arm}/r{w.rep}"
    files = {
        "package": f"{PACKAGES}/{run}/package.txt",
        "prompt": f"{PACKAGES}/{run}/prompt.txt",
        "rubric": f"{PACKAGES}/{run}/rubric.json",
    }
    if judge_settings.judge_slice(config, w.judge)["backend"] == "simulated":
        files["receipt"] = ancient(f"{RECEIPTS}/{run}/receipt.json")
    return files


def judge_score_paths():
    """Every score file of the pilot: each assigned run x each configured judge."""
    return [p for judge in JUDGES for p in run_paths(SCORES, f"{judge}.json")]


rule render:
    input:
        run=f"{RUNS}/{RUN_PATH}/run.json",
        out=f"{RUNS}/{RUN_PATH}/out",
        rubric="benchmark/scenarios/{task}/rubric.yaml",
        brief=ancient(f"{BUNDLES}/{{task}}/BRIEF.md"),
        digest=ancient(f"{DIGESTS}/{{task}}.json"),
        code=f"{CODE_STAMPS}/render/all.json",
    output:
        package=f"{PACKAGES}/{RUN_PATH}/package.txt",
        prompt=f"{PACKAGES}/{RUN_PATH}/prompt.txt",
        rubric=f"{PACKAGES}/{RUN_PATH}/rubric.json",
    params:
        run_dir=lambda w: f"{RUNS}/{w.task}/{w.bundle}/{w.arm}/r{w.rep}",
    resources:
        mem_mb=1500,  # workbooks are recalculated (shared LibreOffice) to show their values
        runtime=15,
    log:
        f"{LOGS}/judging/packages/{RUN_PATH}.log",
    benchmark:
        f"{BENCH}/render/{RUN_PATH}.tsv"
    shell:
        "{WC} render {params.run_dir} --task {wildcards.task} --brief {input.brief} --rubric {input.rubric}"
        " --digest {input.digest} --out {output.package} --prompt {output.prompt} --rubric-json {output.rubric}"
        " > {log} 2>&1"


rule judge:
    input:
        unpack(judge_inputs),
    output:
        f"{SCORES}/{RUN_PATH}/{{judge}}.json",
    params:
        judge=lambda w: judge_settings.slice_json(config, w.judge),
    resources:
        mem_mb=1000,
        runtime=45,  # a command judge: up to max_attempts (3) answers of its timeout (600 s), and margin
    log:
        f"{LOGS}/judging/scores/{RUN_PATH}/{{judge}}.log",
    shell:
        "{WC} judge {input.package} --prompt {input.prompt} --rubric-json {input.rubric}"
        " --judge-json {params.judge:q} --run-key {wildcards.task}/{wildcards.bundle}/{wildcards.arm}/r{wildcards.rep}"
        " --receipt {RECEIPTS}/{wildcards.task}/{wildcards.bundle}/{wildcards.arm}/r{wildcards.rep}/receipt.json"
        " --store {STORE} --out {output} > {log} 2>&1"
