"""The real worker: the Claude Code CLI in headless mode.

A session is one command. Everything that decides what the worker may do is
on that command line, built here from the arm (config.yaml `arms`) and the
client settings (`worker.claude_code`), so the argv of a run is the whole
record of its tool configuration and can be asserted in a test:

- headless print mode with the event stream as JSON lines on stdout (the
  stream the laboratory records; the CLI refuses stream-json in print mode
  without --verbose);
- nothing of the node's or the controller's configuration reaches the
  worker: no settings source is read (`--setting-sources ""`, which also
  stops CLAUDE.md files above the workspace from being loaded), only the
  MCP servers given on the command line (none), and the client's home and
  configuration folder are a fresh, empty folder per run (`environment`),
  so no user settings, hooks, plugins, MCP servers or memory exist there;
  the client's own traffic other than the model's API (updates, telemetry,
  error reports) is switched off. Bare mode is not used: in the pinned
  client it cuts the tool set to Bash, Edit and Read whatever --tools
  asks, so no arm would get its tools;
- the tool set restricted to the arm's tools (--tools) and the same tools
  pre-approved (--allowedTools), the arm's denied families refused
  (--disallowedTools, patterns such as `Bash(osascript:*)`), and no
  permission prompt ever (`dontAsk`: what is not pre-approved is refused
  rather than asked about, since nobody is there to answer);
- a turn cap and the run's money cap;
- the arm's documentation appended to the client's system prompt;
- the model named in config.

With `scripted_model: true` the client is the real one but the model is
not: each run gets a scripted model on loopback (lab/scripted_model.py)
that acts out the persona the simulated worker would have played in the
same run (lab/persona_script.py), and run.json says `model_source:
scripted`.

The flag spellings live in `FLAGS` only; they follow the client's CLI
reference (code.claude.com/docs/en/cli-reference) and its headless-mode
page (code.claude.com/docs/en/headless). An Agent or Task tool is never
handed to a worker: a session cannot start sub-agents.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from whitecollar.lab.claude_client import ClientNotInstalled, client_executable
from whitecollar.lab.run_spec import RunSpec

#: Every flag the laboratory passes to the client, by what it is for.
FLAGS: dict[str, str] = {
    "print": "--print",  # headless: run the prompt, print, exit
    "output_format": "--output-format",  # with "stream-json": one JSON event per line
    "verbose": "--verbose",  # required by stream-json in print mode
    "setting_sources": "--setting-sources",  # with "": no user, project or local settings, no CLAUDE.md
    "strict_mcp_config": "--strict-mcp-config",  # only the MCP servers of --mcp-config, of which there are none
    "model": "--model",
    "tools": "--tools",  # the built-in tools that exist in the session
    "allowed_tools": "--allowedTools",  # rules that run without asking
    "disallowed_tools": "--disallowedTools",  # rules that are always refused
    "permission_mode": "--permission-mode",
    "max_turns": "--max-turns",
    "max_budget_usd": "--max-budget-usd",
    "append_system_prompt": "--append-system-prompt",
    "version": "--version",
}

OUTPUT_FORMAT = "stream-json"

#: `dontAsk` refuses whatever no allow rule covers; the other modes would
#: prompt (and a headless session cannot answer) or approve everything.
PERMISSION_MODES = ("dontAsk", "default", "acceptEdits", "bypassPermissions", "plan")
DEFAULT_PERMISSION_MODE = "dontAsk"

#: Tools that start sub-agents; never given to a worker.
SUBAGENT_TOOLS = frozenset({"Agent", "Task"})

#: The only instruction a worker receives on the command line; the assignment is in BRIEF.md.
PROMPT = (
    "Your assignment is described in BRIEF.md in the current directory. Read it and carry it out, "
    "working only in the current directory."
)

#: The client's own traffic besides the model's API, switched off in every session.
QUIET_ENVIRONMENT: dict[str, str] = {
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "DISABLE_BUG_COMMAND": "1",
}

_TOOL_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(\(.*\))?$")


#: run.json's `model_source` for a run whose model was the scripted stand-in (lab/scripted_model.py)
SCRIPTED = "scripted"
#: the requests a scripted model received, in the run folder
MODEL_REQUESTS = "model_requests.jsonl"


class PersonaDraw(Protocol):
    """Who a run's worker plays (the simulated backend's draw, so a scripted run plays the simulated run's persona)."""

    def persona(self, run: RunSpec) -> str: ...


class ClaudeCodeConfigError(ValueError):
    """worker.claude_code or an arm cannot give a valid command; the message names the key."""


def _rules(items: list[str], what: str) -> str:
    """The comma-separated form of a rule list (one argument, so the prompt can never be taken for a rule)."""
    for item in items:
        if not _TOOL_NAME.match(item) or "," in item:
            raise ClaudeCodeConfigError(f"config.yaml: {what}: {item!r} is not a tool name or a Tool(pattern) rule")
    return ",".join(items)


def _money(usd: float) -> str:
    return f"{float(usd):.2f}"


class ClaudeCodeBackend:
    """Builds the Claude Code command of a run; the transport runs it in the workspace."""

    name = "claude-code"
    simulated = False

    def __init__(self, settings: dict[str, Any], *, personas: PersonaDraw | None = None):
        settings = dict(settings or {})
        self.scripted = bool(settings.get("scripted_model"))
        if self.scripted and personas is None:
            raise ClaudeCodeConfigError(
                "config.yaml: worker.claude_code.scripted_model needs worker.simulated.personas "
                "(the personas the scripted model acts out)"
            )
        self.personas = personas
        try:  # unset: the project's own pinned client (tools/claude-code/)
            self.executable = client_executable(settings.get("executable"))
        except ClientNotInstalled as exc:
            raise ClaudeCodeConfigError(str(exc)) from None
        self.model = settings.get("model")
        if not self.model:
            raise ClaudeCodeConfigError(
                "config.yaml: worker.claude_code.model is required (the model every worker uses)"
            )
        self.max_turns = int(settings.get("max_turns") or 0)
        if self.max_turns < 1:
            raise ClaudeCodeConfigError("config.yaml: worker.claude_code.max_turns is required (a positive turn cap)")
        self.permission_mode = str(settings.get("permission_mode") or DEFAULT_PERMISSION_MODE)
        if self.permission_mode not in PERMISSION_MODES:
            raise ClaudeCodeConfigError(
                f"config.yaml: worker.claude_code.permission_mode must be one of "
                f"{', '.join(PERMISSION_MODES)}, not {self.permission_mode!r}"
            )
        self.extra_args = [str(a) for a in settings.get("extra_args") or []]

    def argv(self, run: RunSpec, arm: dict[str, Any], *, prompt: str = PROMPT) -> list[str]:
        tools = list(arm.get("tools") or [])
        given = sorted(SUBAGENT_TOOLS & {t.split("(", 1)[0] for t in tools})
        if given:
            raise ClaudeCodeConfigError(
                f"config.yaml: arm {run.arm} gives {', '.join(given)}; a worker may not start "
                "sub-agents, remove it from the arm's tools"
            )
        allowed = _rules(tools, f"arms.{run.arm}.tools")
        denied = list(arm.get("denied") or [])
        documentation = str(arm.get("documentation") or "").strip()
        argv = [
            self.executable,
            FLAGS["print"],
            prompt,
            FLAGS["setting_sources"],
            "",
            FLAGS["strict_mcp_config"],
            FLAGS["output_format"],
            OUTPUT_FORMAT,
            FLAGS["verbose"],
            FLAGS["model"],
            str(self.model),
            FLAGS["tools"],
            allowed,
            FLAGS["allowed_tools"],
            allowed,
        ]
        if denied:
            argv += [FLAGS["disallowed_tools"], _rules(denied, f"arms.{run.arm}.denied")]
        argv += [
            FLAGS["permission_mode"],
            self.permission_mode,
            FLAGS["max_turns"],
            str(self.max_turns),
            FLAGS["max_budget_usd"],
            _money(run.budget_usd),
        ]
        if documentation:
            argv += [FLAGS["append_system_prompt"], documentation]
        return argv + self.extra_args

    def environment(self, home: Path) -> dict[str, str]:
        """The variables a session adds to the controller's: a fresh home and no traffic but the model's.

        `home` is an empty folder made for this run (inside the wall, the
        wall's own private home replaces it); the client's configuration
        folder is inside it, so whatever the controller's user has
        configured never reaches the worker.
        """
        return {**QUIET_ENVIRONMENT, "HOME": str(home), "CLAUDE_CONFIG_DIR": str(Path(home) / ".claude")}

    @contextmanager
    def model_server(
        self, run: RunSpec, bundle_dir: Path, workspace: Path, arm: dict[str, Any], run_dir: Path
    ) -> Iterator[dict[str, str]]:
        """With `scripted_model`, the run's own scripted model, acting out the run's persona; else nothing.

        The requests the client sent are kept in the run folder
        (`model_requests.jsonl`); the client is pointed at the server by
        the variables this yields.
        """
        if not self.scripted:
            yield {}
            return
        from whitecollar.lab.persona_script import PersonaScriptError, persona_script
        from whitecollar.lab.scripted_model import ScriptedModel

        assert self.personas is not None
        try:
            script, _ = persona_script(
                run.task_id, bundle_dir, workspace, self.personas.persona(run), portal=bool(arm.get("portal"))
            )
        except PersonaScriptError as exc:
            raise OSError(f"the scripted model has no script for this run: {exc}") from exc
        with ScriptedModel(Path(run_dir) / MODEL_REQUESTS, script) as server:
            yield server.environment()

    def describe(self, run: RunSpec) -> dict[str, Any]:
        described = {
            "backend": self.name,
            "simulated": False,
            "model": self.model,
            "client": self.executable,
            "max_turns": self.max_turns,
            "permission_mode": self.permission_mode,
        }
        if self.scripted and self.personas is not None:  # the real client, but no real model behind it
            described |= {"model_source": SCRIPTED, "persona": self.personas.persona(run), "requests": MODEL_REQUESTS}
        return described
