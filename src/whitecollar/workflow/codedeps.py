"""The project files a command runs: its import graph, read from the source.

Snakemake reruns a job when a file it names changes, not when a module its
command imports does, so every rule declares its code as input. Those lists
are computed here, never written by hand: given what a rule runs (a verb of
the `whitecollar` command, a scenario's generate/solve/evaluate/challenge
file, a script under scripts/), `CodeGraph.files` follows every import of
the package, statically (the AST, no module is executed): absolute and
relative imports, `from package import submodule`, imports inside function
bodies (the library imports lazily), and the `__init__.py` of every package
on the way, as Python runs them.

Two things the AST cannot see are declared in this module, deliberately:

- data files the code reads (schemas, benchmark/*.csv, footer.md,
  templates): `DATA`, keyed by the module that reads them;
- the scenario files a stage loads by path (`Scenario._load`): the caller
  names them as entry files.

The `whitecollar` command (the package `cli`) dispatches every verb, so it
is read per verb: the module-level imports of its modules, `main`, the
verb's `cmd_*` function and the helpers that function calls; never the
other verbs' lazy imports. tests/workflow/test_codedeps.py runs each
stage's command and checks that every project module it loaded is declared.
"""

from __future__ import annotations

import ast
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

PACKAGE = "whitecollar"
CLI = "whitecollar.cli"

#: Data files read by a module, as paths (or glob patterns) relative to the repository root.
DATA: dict[str, tuple[str, ...]] = {
    "whitecollar.benchmark.scenario": ("src/whitecollar/schemas/scenario.schema.json",),
    "whitecollar.config": ("src/whitecollar/schemas/config.schema.json",),
    "whitecollar.grading.receipt": ("src/whitecollar/schemas/receipt.schema.json",),
    "whitecollar.runs.record": ("src/whitecollar/schemas/run.schema.json",),
    "whitecollar.grading.completion": ("benchmark/completion.schema.json",),
    "whitecollar.benchmark.generation": ("benchmark/completion.schema.json",),
    "whitecollar.benchmark.benchdata": (
        "benchmark/registry.csv",
        "benchmark/organisations.csv",
        "benchmark/roster.csv",
        "benchmark/footer.md",
        "benchmark/completion.schema.json",
    ),
    "whitecollar.dashboard.build": ("src/whitecollar/dashboard/template.html.j2",),
    "whitecollar.lab.portal.app": ("src/whitecollar/lab/portal/templates/*.html",),
}


#: One import statement: (is a `from` import, relative level, module after `from`, imported names).
Statement = tuple[bool, int, "str | None", tuple[str, ...]]
CACHE_FORMAT = 1

#: The fields of a statement that hold statements (an import is a statement, never an expression).
_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def import_statements(tree: ast.AST) -> Iterable[ast.Import | ast.ImportFrom]:
    """Every import statement of `tree`, at any depth of blocks; expressions are not visited.

    `ast.walk` visits every node of the file, expressions included; the
    statements alone are a few percent of them, and planning parses every
    module of the package at each invocation.
    """
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
            continue
        for field in _BODIES:
            block = getattr(node, field, None)
            if block:
                todo.extend(block)


def summarise(tree: ast.AST) -> list[Statement]:
    """The import statements of a parsed file, as plain tuples (what the cache keeps)."""
    out: list[Statement] = []
    for node in import_statements(tree):
        if isinstance(node, ast.Import):
            out.append((False, 0, None, tuple(alias.name for alias in node.names)))
        else:
            out.append((True, node.level, node.module, tuple(alias.name for alias in node.names)))
    return out


class CodeGraph:
    """The import graph of the package under `root/src`, parsed lazily, each file once."""

    def __init__(self, root: str | Path = ".", cache: str | Path | None = None) -> None:
        self.root = Path(root)
        self.src = self.root / "src"
        self.cache = Path(cache) if cache else None
        self._edges: dict[str, frozenset[str]] = {}
        self._files: dict[str, Path | None] = {}
        self._cli: dict[str, ast.Module] | None = None
        self.memo: dict[tuple[str, str | None], list[str]] = {}
        self._summaries: dict[str, list[Statement]] = self._load_cache()
        self._dirty = False
        self._used: set[str] = set()

    # -- the summaries' cache --------------------------------------------------------------------
    def _load_cache(self) -> dict[str, list[Statement]]:
        """Import summaries by SHA-256 of the source bytes (a summary depends on nothing else)."""
        if self.cache is None:
            return {}
        try:
            raw = json.loads(self.cache.read_text(encoding="utf-8"))
            if raw.get("format") != CACHE_FORMAT:
                return {}
            return {k: [(bool(f), int(lv), m, tuple(ns)) for f, lv, m, ns in v] for k, v in raw["files"].items()}
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return {}  # no cache, or an unreadable one: parse again

    def save(self) -> None:
        """Write the summaries this graph used to its cache, when it had to parse one.

        Only the summaries of files read in this process are kept, so the
        cache never grows beyond the sources of the day.
        """
        if self.cache is None or not self._dirty:
            return
        from whitecollar import atomic

        self.cache.parent.mkdir(parents=True, exist_ok=True)
        kept = {k: v for k, v in sorted(self._summaries.items()) if k in self._used}
        atomic.write_json(self.cache, {"format": CACHE_FORMAT, "files": kept})
        self._dirty = False

    # -- module names and files ---------------------------------------------------------------
    def module_file(self, name: str) -> Path | None:
        """The source file of a project module, or None when `name` is not one."""
        if name not in self._files:
            self._files[name] = None
            if name == PACKAGE or name.startswith(PACKAGE + "."):
                base = self.src.joinpath(*name.split("."))
                for candidate in (base.with_suffix(".py"), base / "__init__.py"):
                    if candidate.is_file():
                        self._files[name] = candidate
                        break
        return self._files[name]

    def _is_package(self, name: str) -> bool:
        return (self.src.joinpath(*name.split(".")) / "__init__.py").is_file()

    def _parents(self, name: str) -> list[str]:
        parts = name.split(".")
        return [".".join(parts[:i]) for i in range(1, len(parts))]

    # -- imports -------------------------------------------------------------------------------
    def _resolve(self, node: Statement, module: str | None) -> set[str]:
        """Project modules one import statement loads (parents included)."""
        found: set[str] = set()
        is_from, level, name, names = node
        if not is_from:
            targets = list(names)
        else:
            if level:
                if module is None:
                    return found
                anchor = module if self._is_package(module) else module.rpartition(".")[0]
                for _ in range(level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{name}" if name else anchor
            else:
                base = name or ""
            targets = [base] + [f"{base}.{alias}" for alias in names if alias != "*"]
        for target in targets:
            if self.module_file(target) is not None:
                found.add(target)
                found.update(p for p in self._parents(target) if self.module_file(p) is not None)
        return found

    def _imports(self, tree: ast.AST | list[Statement], module: str | None) -> set[str]:
        statements = tree if isinstance(tree, list) else summarise(tree)
        return {m for node in statements for m in self._resolve(node, module)}

    def _file_imports(self, path: Path) -> list[Statement]:
        """The import statements of a source file, from the cache when its bytes are known."""
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()
        self._used.add(key)
        if key not in self._summaries:
            self._summaries[key] = summarise(ast.parse(data, str(path)))
            self._dirty = True
        return self._summaries[key]

    def edges(self, module: str) -> frozenset[str]:
        """Every project module `module` imports, anywhere in its file."""
        if module not in self._edges:
            path = self.module_file(module)
            self._edges[module] = frozenset(self._imports(self._file_imports(path) if path else [], module))
        return self._edges[module]

    def _cli_modules(self) -> dict[str, ast.Module]:
        """The `whitecollar` command's modules (the package `cli` and its verb modules), parsed."""
        if self._cli is None:
            self._cli = {}
            folder = self.src.joinpath(*CLI.split("."))
            for path in sorted(folder.glob("*.py")):
                name = CLI if path.name == "__init__.py" else f"{CLI}.{path.stem}"
                self._cli[name] = ast.parse(path.read_text(encoding="utf-8"), str(path))
        return self._cli

    def is_cli(self, module: str) -> bool:
        return module == CLI or module.startswith(CLI + ".")

    def verb_imports(self, command: str) -> set[str]:
        """What the `whitecollar` command imports to run one verb (`cmd_<command>`).

        Every command module is loaded (the parser names every verb), with its
        module-level imports and its `add_parsers`; of the functions, only the
        verb's own, `main` and `build_parser`, and the helpers they call (in
        their module, or imported by name from another command module) are
        read, never the other verbs' lazy imports.
        """
        trees = self._cli_modules()
        functions = {
            m: {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
            for m, tree in trees.items()
        }
        seed = f"cmd_{command.replace('-', '_')}"
        owners = [m for m in sorted(functions) if seed in functions[m]]
        if not owners:
            raise KeyError(f"{CLI}: no verb {command!r} (no function {seed})")
        found: set[str] = set(trees)
        named: dict[str, dict[str, str]] = {}  # module -> name imported from another command module -> that module
        for m, tree in trees.items():
            found |= self._imports(ast.Module([n for n in tree.body if n not in functions[m].values()], []), m)
            named[m] = {
                a.asname or a.name: n.module
                for n in tree.body
                if isinstance(n, ast.ImportFrom) and n.module in trees
                for a in n.names
            }
        todo = [(owners[0], seed), (CLI, "main"), (CLI, "build_parser")]
        todo += [(m, "add_parsers") for m in sorted(trees) if "add_parsers" in functions[m]]
        seen: set[tuple[str, str]] = set()
        while todo:
            module, name = todo.pop()
            if (module, name) in seen or name not in functions[module]:
                continue
            seen.add((module, name))
            node = functions[module][name]
            found |= self._imports(node, module)
            if name in ("build_parser", "add_parsers"):  # name every verb, to dispatch; call none of them
                continue
            for ref in (n.id for n in ast.walk(node) if isinstance(n, ast.Name) and not n.id.startswith("cmd_")):
                if ref in functions[module]:
                    todo.append((module, ref))
                elif ref in named[module]:
                    todo.append((named[module][ref], ref))
        return found

    # -- closure -------------------------------------------------------------------------------
    def closure(self, modules: Iterable[str]) -> set[str]:
        """`modules` and every project module they import, transitively (the command never expanded whole)."""
        done: set[str] = set()
        todo = list(modules)
        while todo:
            m = todo.pop()
            if m in done:
                continue
            done.add(m)
            if not self.is_cli(m):
                todo += self.edges(m)
        return done

    def files(
        self, commands: Iterable[str] = (), scripts: Iterable[str | Path] = (), modules: Iterable[str] = ()
    ) -> list[str]:
        """Sorted project files (code and data) that run for these verbs, script files and modules.

        `commands` are verbs of `python -m whitecollar`; `scripts` are files
        run or loaded by path (a scenario's evaluate.py, scripts/table_catalogue.py),
        relative to the root; `modules` are importable project modules.
        """
        start: set[str] = set(modules)
        out: set[str] = set()
        for command in commands:
            start |= {PACKAGE, f"{PACKAGE}.__main__"} | self.verb_imports(command)
        for script in scripts:
            path = self.root / script
            out.add(str(Path(script)))
            start |= self._imports(self._file_imports(path), None)
        for m in self.closure(start):
            found = self.module_file(m)
            if found is not None:
                out.add(str(found.relative_to(self.root)))
            for pattern in DATA.get(m, ()):
                out.update(str(p.relative_to(self.root)) for p in sorted(self.root.glob(pattern)) if p.is_file())
        self.save()
        return sorted(out)


#: What each stage runs: verbs of the `whitecollar` command, and the files of the
#: scenario's folder it loads by path (Python files are followed, the rest are data).
#: scenario.yaml is in none: each rule receives the slice of it that it reads as params.
STAGES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "generate": (("generate",), ("generate.py", "brief.md.j2", "rubric.yaml")),
    "validate": (
        ("validate",),
        ("solve.py", "evaluate.py", "challenge.py", "adversary.py", "brief.md.j2", "rubric.yaml"),
    ),
    "freeze": (("freeze",), ()),
    "assign": (("assign",), ()),
    "evaluate": (("evaluate",), ("evaluate.py",)),
    "render": (("render",), ()),
    "pilot": (("pilot",), ()),
    "restricted": (("restricted",), ()),
}


def stage_files(graph: CodeGraph, stage: str, task: str | None = None) -> list[str]:
    """The code and data inputs of one stage (for one scenario when the stage loads its files)."""
    key = (stage, task)
    if key in graph.memo:
        return graph.memo[key]
    commands, scenario = STAGES[stage]
    scripts = []
    if scenario:
        if task is None:
            raise ValueError(f"stage {stage} loads a scenario's files: name the scenario")
        folder = Path("benchmark/scenarios") / task
        scripts = [folder / name for name in scenario if (graph.root / folder / name).is_file()]
    python = [s for s in scripts if s.suffix == ".py"]
    data = [str(s) for s in scripts if s.suffix != ".py"]
    graph.memo[key] = sorted(set(graph.files(commands=commands, scripts=python)) | set(data))
    return graph.memo[key]


def write_stamp(out: str | Path, files: Iterable[str | Path]) -> dict[str, str]:
    """Write `out`: the SHA-256 of each code file, sorted; the one code input of a per-run rule.

    A rule with thousands of jobs declares this one file rather than its
    whole code list, which keeps planning near Snakemake's own speed; the
    stamp's job declares the list, so a code change rewrites the stamp and
    reruns exactly the jobs that name it.
    """
    from whitecollar import atomic
    from whitecollar.hashing import sha256_file

    listing = {str(Path(f)): sha256_file(f) for f in sorted({str(Path(f)) for f in files})}
    atomic.write_json(out, {"files": listing})
    return listing


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(
        prog="python -m whitecollar.workflow.codedeps",
        description="Write the code stamp of a stage: the SHA-256 of each of its code files.",
    )
    p.add_argument("--out", required=True)
    p.add_argument("files", nargs="+")
    a = p.parse_args(argv)
    listing = write_stamp(a.out, a.files)
    print(f"{len(listing)} code files -> {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
