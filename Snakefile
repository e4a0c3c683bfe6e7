# The white-collar laboratory. This file only loads and checks the config,
# includes one rule file per stage and names the targets; see
# docs/ARCHITECTURE.md for how rebuilds are decided.
from whitecollar import config as wc_config


configfile: "config.yaml"


wc_config.check(config)


include: "rules/common.smk"
include: "rules/benchmark.smk"


rule all:
    default_target: True
    input:
        rules.freeze.output,
