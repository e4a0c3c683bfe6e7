# The white-collar laboratory. This file only loads and checks the config,
# includes one rule file per stage and names the targets; see
# docs/ARCHITECTURE.md for how rebuilds are decided.
#
# Software: every rule names envs/whitecollar.yaml (`conda:`), which declares the interpreter; the
# packages are the pinned .venv (`make bootstrap`) and tools/install-system-packages.sh. There is no
# container image, and `--sdm conda` is not supported: each command runs in the .venv's interpreter.
import os
import sys

# The library reads benchmark/ from the checkout that holds this Snakefile,
# so a copy of the repository builds its own scenarios.
os.environ.setdefault("WHITECOLLAR_ROOT", workflow.basedir)

from snakemake.utils import min_version

# the version requirements.lock pins: the rerun rules docs/ARCHITECTURE.md relies on are this version's
min_version("9.27")

from whitecollar import config as wc_config


configfile: "config.yaml"


# `--config` leaves the scalars nested in a mapping as strings; type them, so
# that `--config study={repeats: 2}` reaches every job as the number it is.
from snakemake.utils import update_config
from whitecollar.lab.plan import typed_overrides

update_config(config, typed_overrides(workflow.config_settings.config or {}))


try:
    wc_config.check(config)
except wc_config.ConfigError as error:
    sys.exit(f"error: {error}")


include: "rules/common.smk"
include: "rules/benchmark.smk"
include: "rules/runs.smk"
include: "rules/grading.smk"
include: "rules/judging.smk"
include: "rules/analysis.smk"
include: "rules/paper.smk"
include: "rules/restricted.smk"


rule all:
    default_target: True
    input:
        rules.freeze.output,
        f"{RESULTS}/pilot",


# The paper: every generated table and figure, the manuscript PDF, and the
# pilot folder with its dashboard.
rule paper:
    input:
        PAPER_PDF,
        f"{RESULTS}/pilot",
