# Stage 2: draw the runs, then run each worker session.
# Both stay on the controller under any executor: the assignment is a small
# integer program, and a session needs its node slot, the ledger's lock, the
# sandbox and (A3, A4) its portal next to it (docs/ARCHITECTURE.md, "On a cluster").


localrules:
    assign,
    run,


# The assignment depends on the bundles (their digests) only. It does not
# wait for the freeze: a run refuses at launch a bundle the freeze manifest
# does not hold, and a re-validated evaluator must not redraw the runs. Its
# param is the slice of the configuration it reads (scenarios, arms, study,
# caps, nodes), which it receives as such: `--config` overrides reach it.
checkpoint assign:
    input:
        digests=expand(f"{DIGESTS}/{{task}}.json", task=SCENARIOS),
        code=stage_code("assign"),
    output:
        ASSIGNMENT,
    log:
        f"{LOGS}/assign.log",
    conda:
        SOFTWARE
    params:
        config=plan.assign_slice(config),
        bundles=BUNDLES,
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar assign --digests {input.digests} --bundles {params.bundles}'
        " --config-json {params.config:q}"
        " --out {output} > {log} 2>&1"


# A run is precious: its outputs are protected and it has no input files.
# It reads the frozen bundle, the freeze manifest and the assignment when it
# starts (the bundle's content is fixed by the hash in its path and checked
# against the manifest), so no upstream rebuild, evaluator or judge change
# can ever make Snakemake rerun it. The envelope and the nodes reach it
# through the environment (plan.controller_slice), not as params.
rule run:
    output:
        run=protected(f"{RUNS}/{RUN_PATH}/{run_layout.RUN_JSON}"),
        events=protected(f"{RUNS}/{RUN_PATH}/{run_layout.EVENTS}"),
        integrity=protected(f"{RUNS}/{RUN_PATH}/{run_layout.INTEGRITY}"),
        out=protected(directory(f"{RUNS}/{RUN_PATH}/{run_layout.OUT}")),
    log:
        f"{LOGS}/runs/{RUN_PATH}.log",
    priority: per_job(lambda w: 100000 - int(assigned(w)["order"]))
    retries: 1
    conda:
        SOFTWARE
    resources:
        **node_resources(),
        # the worker slot: what one session and its portal need, for as long as its wall limit
        mem_mb=4000,
        runtime=per_job(lambda w: -(-int(assigned(w)["time_limit_s"]) // 60) + 10),
    params:
        arm=per_job(lambda w: json.dumps(config["arms"][w.arm], sort_keys=True)),
        worker=per_job(lambda w: worker_slice(w.arm)),
        time_limit=per_job(lambda w: assigned(w)["time_limit_s"]),
        budget=per_job(lambda w: assigned(w)["budget_usd"]),
        collect=config["collect"],
        run_dir=per_job(run_folder(RUNS)),
        bundle=per_job(lambda w: f"{BUNDLES}/{w.task}"),
        freeze=MANIFEST,
        assignment=ASSIGNMENT,
        work_root=WORK,
        ledger=LEDGER,
    shell:
        '"$WHITECOLLAR_PYTHON" -m whitecollar run {wildcards.task} --bundle-key {wildcards.bundle}'
        " --arm {wildcards.arm} --repeat {wildcards.rep}"
        " --bundle {params.bundle} --freeze {params.freeze} --assignment {params.assignment}"
        " --run-dir {params.run_dir} --work-root {params.work_root} --ledger {params.ledger}"
        " --arm-json {params.arm:q} --worker-json {params.worker:q}"
        " --time-limit {params.time_limit} --budget {params.budget}"
        " --max-file-mb {params.collect[max_file_mb]} --max-run-mb {params.collect[max_run_mb]} > {log} 2>&1"
