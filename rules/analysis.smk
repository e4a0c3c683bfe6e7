# Stage 5: the pilot's record, rebuilt from the files (on the controller: it
# settles the ledger's journal and writes the database once).


localrules:
    pilot,


rule pilot:
    input:
        manifest=MANIFEST,
        configuration=CONFIGURATION,
        assignment=ASSIGNMENT,
        runs=lambda w: run_paths(RUNS, run_layout.RUN_JSON),
        receipts=lambda w: run_paths(RECEIPTS, run_layout.RECEIPT),
        judgements=lambda w: judge_score_paths(),
        code=stage_code("pilot"),
        # deviations from the freeze are stamped on the record (whitecollar.analysis.audit)
        protocol=_files("benchmark/protocol/*.csv", "benchmark/protocol/*.yaml"),
    output:
        directory(f"{RESULTS}/pilot"),
    log:
        f"{LOGS}/pilot.log",
    conda:
        SOFTWARE
    params:
        envelope=config["budget"]["envelope_usd"],
        judges=JUDGES,
        # the roots the record walks, on the controller (a local rule); functions, as the linter
        # takes a plain string that begins an input's path for a prefix a remote job would miss
        runs_root=lambda w: RUNS,
        receipts_root=lambda w: RECEIPTS,
        judging_root=lambda w: SCORES,
        audit_root=f"{RESULTS}/audit",
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar pilot --assignment {input.assignment} --runs-root {params.runs_root}'
        " --receipts-root {params.receipts_root} --envelope {params.envelope}"
        " --judging-root {params.judging_root} --judges {params.judges}"
        " --freeze {input.manifest} --configuration {input.configuration} --audit-root {params.audit_root}"
        " --out {output} > {log} 2>&1; cat {output}/summary.txt"
