# Stage 6: the restricted package a
# replicator rebuilds the paper from (`make replicate RESTRICTED=...`; see
# src/whitecollar/replication/restricted.py and replicate.py).


localrules:
    restricted,


RESTRICTED_TAR = f"{RESULTS}/restricted/whitecollar-restricted.tar"
PROTOCOL_FILES = ["benchmark/protocol/amendments.csv", "benchmark/protocol/analysis_plan.yaml"]


# One deterministic archive: public part (bundles, freeze, protocol, rubrics,
# evaluators' versions, assignment) and restricted part (oracles, validation,
# runs, receipts, judges' packages and scores, ledger), a SHA-256 per member.
rule restricted:
    input:
        manifest=MANIFEST,
        configuration=CONFIGURATION,
        pilot=PILOT,
        protocol=PROTOCOL_FILES,
        rubrics=expand("benchmark/scenarios/{task}/rubric.yaml", task=SCENARIOS),
        code=stage_code("restricted"),
    output:
        RESTRICTED_TAR,
    log:
        f"{LOGS}/restricted.log",
    benchmark:
        f"{BENCH}/restricted.tsv"
    conda:
        SOFTWARE
    params:
        # a function: the linter takes a plain string that begins an input's path for a prefix
        results=lambda w: RESULTS,
        oracles=ORACLES,
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar restricted --results {params.results} --oracles {params.oracles}'
        " --out {output} > {log} 2>&1"
