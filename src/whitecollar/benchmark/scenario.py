"""One scenario folder: its metadata and its three pieces of code.

A scenario folder is self-contained (`benchmark/scenarios/<ID>/`): metadata
in scenario.yaml, `generate.py`, `solve.py`, `evaluate.py`, `rubric.yaml`
and a brief template. Folder names carry a hyphen, so the code is loaded by
path under a private module name rather than imported as a package.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import jsonschema
import yaml

from whitecollar import paths
from whitecollar.benchmark.interfaces import Corpus, Evaluator, Generator, Solver

CODE_FILES = ("generate.py", "solve.py", "evaluate.py")

#: task.json carries everything in scenario.yaml except what belongs to grading.
_NOT_IN_TASK_JSON = ("evaluator_version", "brief")

#: what a worker's workspace keeps of task.json (the rest would reveal the design).
WORKER_FIELDS = ("id", "occupation", "organisation", "title", "version", "required_deliverables", "applications")


class ScenarioError(ValueError):
    """A scenario folder that breaks the contract; the message names the file and the fix."""


def scenario_schema() -> dict:
    return json.loads(resources.files("whitecollar.schemas").joinpath("scenario.schema.json").read_text())


@dataclass
class Scenario:
    task_id: str
    folder: Path
    meta: dict[str, Any]
    seed_override: int | None = None

    @property
    def seed(self) -> int:
        return self.seed_override if self.seed_override is not None else int(self.meta["seed"])

    @property
    def generator_version(self) -> str:
        return str(self.meta["generator_version"])

    @property
    def evaluator_version(self) -> str:
        return str(self.meta["evaluator_version"])

    def task_metadata(self) -> dict[str, Any]:
        """The full public metadata written to the bundle's task.json."""
        meta = {k: v for k, v in self.meta.items() if k not in _NOT_IN_TASK_JSON}
        meta["seed"] = self.seed
        return meta

    def rubric_path(self) -> Path:
        return self.folder / "rubric.yaml"

    def _load(self, name: str) -> ModuleType:
        path = self.folder / f"{name}.py"
        if not path.exists():
            raise ScenarioError(f"{path}: missing; every scenario folder needs {name}.py")
        mod_name = f"whitecollar_scenarios.{self.task_id.replace('-', '_')}.{name}"
        if mod_name in sys.modules:
            return sys.modules[mod_name]
        spec = importlib.util.spec_from_file_location(mod_name, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = module
        try:
            spec.loader.exec_module(module)
        except Exception:
            del sys.modules[mod_name]
            raise
        return module

    @cached_property
    def generator(self) -> Generator:
        return cast(Generator, self._load("generate"))

    @cached_property
    def solver(self) -> Solver:
        return cast(Solver, self._load("solve"))

    @cached_property
    def evaluator(self) -> Evaluator:
        return cast(Evaluator, self._load("evaluate"))

    @property
    def challenge_file(self) -> Path:
        return self.folder / "challenge.py"

    @cached_property
    def challenge(self) -> Corpus:
        """The challenge corpus (`CASES`): reviewer-written deliverables with their expected verdicts."""
        return cast(Corpus, self._load("challenge"))

    @property
    def adversary_file(self) -> Path:
        return self.folder / "adversary.py"

    @cached_property
    def adversary(self) -> Corpus | None:
        """The corpus's adversarial section (`CASES`): work written to get a forbidden act past the evaluator.

        Kept in a file of its own because its writer never reads the
        evaluator: the section is graded with the rest of the corpus, and its
        file is hashed with it, so the freeze says which attacks it withstood.
        """
        return cast(Corpus, self._load("adversary")) if self.adversary_file.is_file() else None

    @property
    def corpus_files(self) -> list[Path]:
        """The files that write and judge the challenge corpus, in order."""
        return [p for p in (self.challenge_file, self.adversary_file) if p.is_file()]

    def corpus_cases(self) -> list[Any]:
        """Every case of the challenge corpus: the reviewer's, then the adversary's."""
        cases = list(getattr(self.challenge, "CASES", []))
        if self.adversary is not None:
            cases += list(getattr(self.adversary, "CASES", []))
        return cases


#: checked metadata by scenario.yaml's path and the bytes read: a process that loads a scenario for
#: every evaluation (the grading server's forks, a battery) parses and checks each version once
_CHECKED: dict[tuple[str, bytes], dict[str, Any]] = {}


def load_scenario(task_id: str, *, seed: int | None = None, root: Path | None = None) -> Scenario:
    folder = (root or paths.SCENARIOS) / task_id
    meta_path = folder / "scenario.yaml"
    if not meta_path.exists():
        raise ScenarioError(f"{meta_path}: not found; is {task_id!r} a folder under benchmark/scenarios/?")
    raw = meta_path.read_bytes()
    checked = _CHECKED.get((str(meta_path), raw))
    if checked is None:
        checked = _check_meta(task_id, meta_path, raw)
        _CHECKED[(str(meta_path), raw)] = checked
    return Scenario(task_id=task_id, folder=folder, meta=copy.deepcopy(checked), seed_override=seed)


def _check_meta(task_id: str, meta_path: Path, raw: bytes) -> dict[str, Any]:
    try:
        meta = yaml.safe_load(raw.decode("utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{meta_path}: not valid YAML ({exc.__class__.__name__}); fix the syntax") from None
    errors = sorted(
        jsonschema.Draft202012Validator(scenario_schema()).iter_errors(meta or {}),
        key=lambda e: list(e.absolute_path),
    )
    if errors:
        e = errors[0]
        where = ".".join(str(p) for p in e.absolute_path) or "(top level)"
        raise ScenarioError(f"{meta_path}: {where}: {e.message}; fix scenario.yaml")
    if meta["id"] != task_id:
        raise ScenarioError(f"{meta_path}: id {meta['id']!r} differs from the folder name {task_id!r}")
    if str(meta["version"]) != str(meta["generator_version"]):
        # the version a worker reads in task.json is the task handed over, which only the generator changes
        raise ScenarioError(
            f"{meta_path}: version {meta['version']!r} differs from generator_version "
            f"{meta['generator_version']!r}; set both to the generator's version"
        )
    return meta


def list_scenarios(root: Path | None = None) -> list[str]:
    root = root or paths.SCENARIOS
    return sorted(p.name for p in root.iterdir() if (p / "scenario.yaml").exists()) if root.exists() else []
