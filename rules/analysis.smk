# Stage 4: the pilot's record, rebuilt from the files (on the controller: it
# settles the ledger's journal and writes the database once).

localrules:
    pilot,


rule pilot:
    input:
        manifest=MANIFEST,
        assignment=ASSIGNMENT,
        runs=lambda w: run_paths(RUNS, "run.json"),
        receipts=lambda w: run_paths(RECEIPTS, "receipt.json"),
        judgements=lambda w: judge_score_paths(),
        code=stage_code("record"),
        # deviations from the freeze are stamped on the record (whitecollar.analysis.audit)
        protocol=_files("benchmark/protocol/*.csv", "benchmark/protocol/*.yaml"),
    output:
        directory(f"{RESULTS}/pilot"),
    params:
        envelope=config["budget"]["envelope_usd"],
    log:
        f"{LOGS}/pilot.log",
    shell:
        "{WC} record --assignment {input.assignment} --runs-root {RUNS} --receipts-root {RECEIPTS}"
        " --envelope {params.envelope} --judging-root {SCORES} --judges {JUDGES}"
        " --freeze {input.manifest} --audit-root {RESULTS}/audit"
        " --out {output} > {log} 2>&1; cat {output}/summary.txt"
