import copy
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from whitecollar import config

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def good() -> dict:
    return yaml.safe_load((ROOT / "config.yaml").read_text())


def test_committed_config_is_valid(good):
    assert config.check(good) is good


@pytest.mark.parametrize(
    "mutate, named",
    [
        (lambda c: c["caps"].__setitem__("time_limit_s", "1800"), "caps.time_limit_s"),
        (lambda c: c["caps"].__setitem__("budget_usd", -1), "caps.budget_usd"),
        (lambda c: c.__setitem__("capz", {}), "capz"),
        (lambda c: c["scenarios"].__setitem__("PROC-01", {"sed": 3}), "scenarios.PROC-01.sed"),
        (lambda c: c["scenarios"].__setitem__("proc01", {}), "proc01"),
        (lambda c: c.pop("paths"), "paths"),
    ],
)
def test_bad_config_gives_one_line_naming_the_key(good, mutate, named):
    bad = copy.deepcopy(good)
    mutate(bad)
    with pytest.raises(config.ConfigError) as info:
        config.check(bad)
    msg = str(info.value)
    assert "\n" not in msg
    assert named in msg
    assert "config.yaml" in msg


def test_invalid_yaml_is_reported_with_its_line(tmp_path):
    p = tmp_path / "config.yaml"
    p.write_text("scenarios:\n  PROC-01: {\n")
    with pytest.raises(config.ConfigError, match="not valid YAML"):
        config.load(p)


def test_workflow_refuses_to_start_on_a_bad_key(tmp_path, good):
    bad = copy.deepcopy(good)
    bad["caps"]["time_limits"] = 5
    cfg = tmp_path / "bad.yaml"
    cfg.write_text(yaml.safe_dump(bad))
    proc = subprocess.run(
        [sys.executable, "-m", "snakemake", "-n", "freeze", "--configfile", str(cfg)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode != 0
    assert "caps.time_limits" in proc.stdout + proc.stderr
