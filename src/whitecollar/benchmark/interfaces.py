"""What each piece of a scenario folder offers the laboratory: the generator, the solver, the evaluator, the corpus.

The folders' files are loaded by path (their names carry a hyphen), so
nothing but these protocols says what the library may call on them; the
scenario check (`whitecollar check-scenario`) holds every folder to them
(`conformance`), and the loader returns each file typed by its protocol.

The evaluator returns a grading receipt and the corpus holds challenge
cases, both of a later stage than this one: they are typed here by what the
benchmark stage asks of them, and checked by the grading stage.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from whitecollar.benchmark.variants import Variant


class Generator(Protocol):
    """`generate.py`: the bundle a worker receives and the oracle it is graded against, from one seed."""

    def generate(self, seed: int, bundle_dir: Path, oracle_dir: Path) -> None: ...


class Solver(Protocol):
    """`solve.py`: the scenario's own deliverables, honest and wrong, that prove its evaluator (the battery)."""

    VARIANTS: Sequence[Variant]

    def solve(self, workspace: Path, variant: str) -> None: ...

    def key_values(self, workspace: Path) -> dict[str, Any]: ...


class Evaluator(Protocol):
    """`evaluate.py`: the receipt of one delivered out/ folder (a whitecollar.grading.receipt.Receipt)."""

    def evaluate(self, out_dir: Path, workspace_dir: Path, oracle: dict[str, Any]) -> Any: ...


class Corpus(Protocol):
    """`challenge.py` and `adversary.py`: reviewer-written deliverables with their verdicts
    (whitecollar.grading.challenge.Case)."""

    CASES: list[Any]


#: the functions each protocol's module must define, with the leading parameters they must take
SIGNATURES: dict[str, dict[str, tuple[str, ...]]] = {
    "generate.py": {"generate": ("seed", "bundle_dir", "oracle_dir")},
    "solve.py": {"solve": ("workspace", "variant"), "key_values": ("workspace",)},
    "evaluate.py": {"evaluate": ("out_dir", "workspace_dir", "oracle")},
}


def conformance(module: ModuleType, file_name: str) -> list[str]:
    """Problems with a loaded scenario file against its protocol: each function present, with its parameters."""
    problems = []
    for function, params in SIGNATURES.get(file_name, {}).items():
        f = getattr(module, function, None)
        if f is None:
            problems.append(f"{module.__file__}: no function {function}()")
        elif tuple(inspect.signature(f).parameters)[: len(params)] != params:
            problems.append(f"{module.__file__}: {function}() must take ({', '.join(params)})")
    return problems
