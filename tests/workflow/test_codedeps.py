"""The import graph that gives each rule its code inputs (whitecollar/workflow/codedeps.py).

The unit tests build a small package with every import form the project
uses; the test against the real workflow runs each stage's command with
sys.modules recorded at exit and checks that every project module it loaded
is among the inputs Snakemake declares for that rule.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from labkit import LAB_SCENARIOS, ROOT, lab_env, snakemake

from whitecollar.workflow import codedeps
from whitecollar.workflow.codedeps import DATA, CodeGraph, stage_files


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


@pytest.fixture
def toy(tmp_path) -> CodeGraph:
    write(
        tmp_path,
        {
            "src/whitecollar/__init__.py": "",
            "src/whitecollar/__main__.py": "from .cli import main\n",
            "src/whitecollar/cli/__init__.py": """
            from whitecollar.cli import first, second

            def build_parser():
                for verbs in (first, second):
                    verbs.add_parsers(None)

            def main():
                build_parser()
            """,
            "src/whitecollar/cli/common.py": """
            def shared():
                from whitecollar.shared_lazy import z
            """,
            "src/whitecollar/cli/first.py": """
            import json
            from .. import atomic
            from whitecollar.cli.common import shared

            def _helper():
                from ..helped import x

            def cmd_one(a):
                from ..one import go
                _helper()
                shared()

            def add_parsers(sub):
                from whitecollar.parsing import p
                return [cmd_one]
            """,
            "src/whitecollar/cli/second.py": """
            def cmd_two(a):
                from whitecollar.two import go

            def add_parsers(sub):
                return [cmd_two]
            """,
            "src/whitecollar/shared_lazy.py": "",
            "src/whitecollar/parsing.py": "",
            "src/whitecollar/atomic.py": "",
            "src/whitecollar/helped.py": "x = 1\n",
            "src/whitecollar/one.py": "from .pkg import sub\nfrom whitecollar.pkg.deep import leaf\n",
            "src/whitecollar/two.py": "import whitecollar.unused\n",
            "src/whitecollar/unused.py": "",
            "src/whitecollar/pkg/__init__.py": "",
            "src/whitecollar/pkg/sub.py": "def f():\n    from ..lazy import y\n",
            "src/whitecollar/pkg/deep/__init__.py": "from . import leaf\n",
            "src/whitecollar/pkg/deep/leaf.py": "import numpy\n",
            "src/whitecollar/lazy.py": "from .benchmark.scenario import z\n",
            "src/whitecollar/benchmark/scenario.py": "",
            "src/whitecollar/schemas/scenario.schema.json": "{}",
            "benchmark/scenarios/T-01/evaluate.py": "from whitecollar import pkg\n",
            "benchmark/scenarios/T-01/brief.md.j2": "",
        },
    )
    return CodeGraph(tmp_path)


def test_a_verb_follows_relative_lazy_and_submodule_imports(toy):
    files = toy.files(commands=["one"])
    assert files == sorted(
        [
            "src/whitecollar/__init__.py",
            "src/whitecollar/__main__.py",
            "src/whitecollar/cli/__init__.py",
            "src/whitecollar/cli/common.py",
            "src/whitecollar/cli/first.py",
            "src/whitecollar/cli/second.py",
            "src/whitecollar/shared_lazy.py",
            "src/whitecollar/parsing.py",
            "src/whitecollar/atomic.py",
            "src/whitecollar/helped.py",
            "src/whitecollar/one.py",
            "src/whitecollar/pkg/__init__.py",
            "src/whitecollar/pkg/sub.py",
            "src/whitecollar/pkg/deep/__init__.py",
            "src/whitecollar/pkg/deep/leaf.py",
            "src/whitecollar/lazy.py",
            "src/whitecollar/benchmark/scenario.py",
            "src/whitecollar/schemas/scenario.schema.json",
        ]
    )


def test_a_verb_does_not_take_the_other_verbs_imports(toy):
    assert "src/whitecollar/two.py" not in toy.files(commands=["one"])
    assert "src/whitecollar/one.py" not in toy.files(commands=["two"])
    assert "src/whitecollar/unused.py" in toy.files(commands=["two"])
    assert "src/whitecollar/shared_lazy.py" not in toy.files(commands=["two"])  # a helper only `one` calls
    assert "src/whitecollar/parsing.py" in toy.files(commands=["two"])  # every verb's parser is built


def test_a_scenario_file_is_followed_and_its_data_declared(toy):
    codedeps.STAGES["toy"] = (("two",), ("evaluate.py", "brief.md.j2", "absent.py"))
    try:
        files = stage_files(toy, "toy", "T-01")
    finally:
        del codedeps.STAGES["toy"]
    assert "benchmark/scenarios/T-01/evaluate.py" in files
    assert "benchmark/scenarios/T-01/brief.md.j2" in files
    assert "src/whitecollar/pkg/__init__.py" in files
    assert "src/whitecollar/pkg/sub.py" not in files  # `from whitecollar import pkg` loads the package only


def test_the_summaries_cache_answers_from_content_and_follows_an_edit(toy, tmp_path):
    cache = tmp_path / "cache" / "codedeps.json"
    cold = CodeGraph(toy.root, cache=cache)
    assert cold.files(commands=["one"]) == toy.files(commands=["one"])
    assert cold.files(commands=["two"]) == toy.files(commands=["two"])
    kept = json.loads(cache.read_text())
    assert kept["format"] == codedeps.CACHE_FORMAT and len(kept["files"]) >= 8
    # a warm graph parses nothing: every summary is found by the file's SHA-256
    warm = CodeGraph(toy.root, cache=cache)
    warm_parse = []
    real_parse = codedeps.ast.parse
    codedeps.ast.parse = lambda *a, **k: warm_parse.append(a[1]) or real_parse(*a, **k)
    try:
        assert warm.files(commands=["two"]) == toy.files(commands=["two"])
        assert not [p for p in warm_parse if "/cli/" not in p]  # the command's modules are read per verb
        # an edit is a new content: parsed again, and its new import followed
        (toy.root / "src/whitecollar/two.py").write_text("import whitecollar.unused\nfrom . import helped\n")
        edited = CodeGraph(toy.root, cache=cache).files(commands=["two"])
        assert "src/whitecollar/helped.py" in edited
        assert any(p.endswith("two.py") for p in warm_parse)
    finally:
        codedeps.ast.parse = real_parse


def test_an_unreadable_summaries_cache_is_parsed_again(toy, tmp_path):
    cache = tmp_path / "codedeps.json"
    for junk in ("{", '{"format": 1, "files": {"x": [[1]]}}', '["a"]', '{"format": 99, "files": {}}'):
        cache.write_text(junk)
        assert CodeGraph(toy.root, cache=cache).files(commands=["one"]) == toy.files(commands=["one"])
    assert json.loads(cache.read_text())["format"] == codedeps.CACHE_FORMAT


def test_an_unknown_verb_is_refused(toy):
    with pytest.raises(KeyError, match="no verb"):
        toy.files(commands=["three"])


def _reads_data(source: str) -> bool:
    return bool(re.search(r"resources\.files\(|paths\.BENCHMARK|render_template\(|(?<![\w.])_path\(", source))


def test_every_module_that_reads_a_data_file_declares_it():
    """A module that opens package or benchmark data must say which files, in codedeps.DATA."""
    src = ROOT / "src"
    readers = sorted(
        ".".join(p.relative_to(src).with_suffix("").parts)
        for p in (src / "whitecollar").rglob("*.py")
        if "__pycache__" not in p.parts and _reads_data(p.read_text(encoding="utf-8"))
    )
    # roster.py and benchdata's own helpers are the writers' and readers' of benchmark/*.csv
    undeclared = [
        m
        for m in readers
        if m not in DATA and m not in {"whitecollar.benchmark.roster", "whitecollar.workflow.codedeps"}
    ]
    assert undeclared == []
    for module, patterns in DATA.items():
        assert CodeGraph(ROOT).module_file(module) is not None, module
        for pattern in patterns:
            assert sorted(ROOT.glob(pattern)), f"{module}: {pattern} matches no file"


# -- against the workflow's own rules ----------------------------------------------------------

RECORDER = textwrap.dedent("""
    import atexit, json, os, runpy, sys

    def _dump():
        files = sorted({m.__file__ for m in list(sys.modules.values()) if getattr(m, "__file__", None)})
        with open(os.environ["MODULES_OUT"], "w") as fh:
            json.dump(files, fh)

    atexit.register(_dump)
    target, sys.argv = sys.argv[1], sys.argv[1:]
    if target == "-m":
        sys.argv = sys.argv[1:]
        runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
    else:
        runpy.run_path(target, run_name="__main__")
""")


def declared_inputs(log: str) -> dict[str, set[str]]:
    """rule -> union of the input files Snakemake printed for its jobs in a dry run.

    A code stamp (results/code/...) stands for the files its own job declares.
    """
    jobs: list[tuple[str, set[str], set[str]]] = []
    for line in log.splitlines():
        m = re.match(r"^(?:local)?(?:rule|checkpoint) (\w+):$", line.strip())
        if m:
            jobs.append((m.group(1), set(), set()))
        elif jobs and re.match(r"^(input|output):", line.strip()):
            kind, files = line.strip().split(":", 1)
            jobs[-1][1 if kind == "input" else 2].update(p.strip() for p in files.split(","))
    stamps = {out: inputs for rule, inputs, outputs in jobs if rule == "code_stamp" for out in outputs}
    found: dict[str, set[str]] = {}
    for rule, inputs, _ in jobs:
        found.setdefault(rule, set()).update(inputs, *(stamps.get(p, ()) for p in inputs))
    return found


def loaded(root: Path, tmp: Path, argv: list[str]) -> set[str]:
    """Project files (relative to the lab) a command loaded, from sys.modules at its exit."""
    recorder = tmp / "record_modules.py"
    recorder.write_text(RECORDER)
    out = tmp / f"modules-{len(list(tmp.glob('modules-*')))}.json"
    env = dict(lab_env(root), MODULES_OUT=str(out))
    proc = subprocess.run([sys.executable, str(recorder), *argv], cwd=root, env=env, capture_output=True, text=True)
    assert proc.returncode in (0, 1), proc.stdout[-2000:] + proc.stderr[-2000:]  # validate exits 1 on findings
    files = json.loads(out.read_text())
    return {
        str(Path(f).resolve().relative_to(root.resolve()))
        for f in files
        if Path(f).resolve().is_relative_to(root.resolve())
    }


@pytest.mark.slow
def test_each_rule_declares_every_project_module_its_command_loads(lab_states, tmp_path):
    """Every stage's command, run on the shared piloted lab: loaded modules within the rule's code inputs.

    The per-run rules declare a code stamp, whose job declares the files.
    Two rules declare no code by design: `run` (a finished run never reruns)
    and `judge` (a judgement reruns only on its package, rubric, prompt or
    settings); their commands are not checked here.
    """
    root = lab_states("piloted")
    task = LAB_SCENARIOS[0]
    dry = [
        snakemake(root, "-n", "--nolock", "--forceall", "freeze"),
        snakemake(root, "-n", "--nolock", "-f", "results/plan/assignment.csv"),
        snakemake(
            root, "-n", "--nolock", "--forcerun", "code_stamp", "evaluate_run", "render", "pilot", "--", "results/pilot"
        ),
    ]
    for proc in dry:
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    declared = declared_inputs("\n".join(p.stdout + p.stderr for p in dry))
    paper = snakemake(root, "-n", "--nolock", "paper")  # no paper output exists yet: every paper job is planned
    assert paper.returncode == 0, paper.stdout[-3000:] + paper.stderr[-3000:]
    declared.update({r: s for r, s in declared_inputs(paper.stdout + paper.stderr).items() if r not in declared})

    digest = f"results/digests/{task}.json"
    bundle, oracle = f"results/bundles/{task}", f"results/restricted/oracles/{task}"
    run = sorted((root / "results" / "runs" / task).glob("*/*/r1"))[0]
    wc = ["-m", "whitecollar"]
    commands = {
        "generate": wc + ["generate", task, "--bundle", str(tmp_path / "b"), "--oracle", str(tmp_path / "o")],
        "validate": wc + ["validate", task, "--bundle", bundle, "--oracle", oracle, "--out", str(tmp_path / "v.json")],
        "freeze": wc
        + [
            "freeze",
            "--digests",
            digest,
            "--validations",
            f"results/validation/{task}.json",
            "--configuration",
            "results/freeze/configuration.json",
            "--out",
            str(tmp_path / "m.json"),
        ],
        "assign": wc
        + [
            "assign",
            "--digests",
            digest,
            "--bundles",
            "results/bundles",
            "--config-json",
            json.dumps(_assign_slice(root)),
            "--out",
            str(tmp_path / "a.csv"),
        ],
        "evaluate_run": wc
        + [
            "evaluate",
            task,
            "--workspace",
            str(run),
            "--out",
            str(run / "out"),
            "--oracle",
            oracle,
            "--receipt",
            str(tmp_path / "receipt.json"),
        ],
        "render": wc
        + [
            "render",
            str(run),
            "--task",
            task,
            "--brief",
            f"{bundle}/BRIEF.md",
            "--rubric",
            f"benchmark/scenarios/{task}/rubric.yaml",
            "--digest",
            digest,
            "--out",
            str(tmp_path / "p.txt"),
            "--prompt",
            str(tmp_path / "q.txt"),
            "--rubric-json",
            str(tmp_path / "r.json"),
        ],
        "pilot": wc
        + [
            "pilot",
            "--assignment",
            "results/plan/assignment.csv",
            "--runs-root",
            "results/runs",
            "--receipts-root",
            "results/receipts",
            "--envelope",
            "250",
            "--judging-root",
            "results/judging/scores",
            "--judges",
            "judge-a",
            "judge-b",
            "judge-c",
            "--out",
            str(tmp_path / "pilot"),
        ],
    }
    # A paper script is checked as far as its imports go (`--help`), against the rule that runs it.
    for script in sorted((root / "scripts").glob("*.py")):
        rel = str(script.relative_to(root))
        rule = next((r for r, inputs in declared.items() if rel in inputs), None)
        if "whitecollar" in script.read_text() and rule is not None:
            commands[rule] = [rel, "--help"]
    missing = {}
    for rule, argv in commands.items():
        assert rule in declared, f"no job of rule {rule} in the dry runs"
        extra = loaded(root, tmp_path, argv) - declared[rule]
        if extra:
            missing[rule] = sorted(extra)
    assert missing == {}, f"loaded but not declared (rule: files): {missing}"


def _assign_slice(root: Path) -> dict:
    import yaml

    from whitecollar.lab.plan import assign_slice

    return json.loads(assign_slice(yaml.safe_load((root / "config.yaml").read_text())))
