"""A stand-in judge executable for the `command` backend's tests.

Usage: stand_in_judge.py MODE RUBRIC_JSON STATE_FILE [PACKAGE]

It answers like an LLM command line would, in the way MODE says: a good
answer, a malformed one (then a good one on the next call), a partial one,
out-of-range scores, garbage every time, a Claude-Code-style result
envelope, an error exit, or no answer at all (sleeps). STATE_FILE counts
the calls, so a test can see how many attempts the panel made, and `echo`
records the argv, the working folder and stdin it received. Every call also
appends one line (the package's path) to STATE_FILE.calls, in one write, so
jobs running in parallel are all counted.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path


def scores(rubric: dict, value: int = 3) -> dict:
    return {c["id"]: {"score": value, "reason": f"stand-in reason for {c['id']}"} for c in rubric["criteria"]}


def main() -> int:
    mode, rubric_path, state_path = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    prompt = sys.stdin.read()
    calls = int(state_path.read_text()) + 1 if state_path.exists() else 1
    state_path.write_text(str(calls))
    fd = os.open(f"{state_path}.calls", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, f"{sys.argv[4] if len(sys.argv) > 4 else '-'}\n".encode())
    finally:
        os.close(fd)
    rubric = json.loads(rubric_path.read_text(encoding="utf-8"))
    good = {"scores": scores(rubric), "cost_usd": 0.012}
    if mode == "good":
        print(json.dumps(good))
    elif mode == "malformed-then-good":
        print(json.dumps(good) if calls > 1 else '{"scores": {"method_fidelity": {"score": 3, "rea')
    elif mode == "partial":
        partial = scores(rubric)
        partial.pop(rubric["criteria"][-1]["id"])
        print(json.dumps({"scores": partial, "cost_usd": 0.01}))
    elif mode == "out-of-range":
        bad = scores(rubric)
        first, second = rubric["criteria"][0]["id"], rubric["criteria"][1]["id"]
        bad[first]["score"], bad[second]["score"] = 5, "3"
        bad["made_up_criterion"] = {"score": 2, "reason": "not in the rubric"}
        print(json.dumps({"scores": bad, "cost_usd": 0.01}))
    elif mode == "garbage":
        print("I think the work is quite good overall! Score: high.")
    elif mode == "envelope":
        inner = json.dumps({"scores": scores(rubric, 2)}, indent=1)
        print(
            json.dumps(
                {
                    "type": "result",
                    "subtype": "success",
                    "is_error": False,
                    "result": f"Here is my grading:\n```json\n{inner}\n```",
                    "total_cost_usd": 0.0437,
                }
            )
        )
    elif mode == "envelope-error":
        print(json.dumps({"type": "result", "is_error": True, "result": "API rate limit", "total_cost_usd": 0.001}))
    elif mode == "exit-error":
        print("backend unavailable", file=sys.stderr)
        return 3
    elif mode == "sleep":
        time.sleep(30)
    elif mode == "echo":
        state_path.with_suffix(".echo.json").write_text(
            json.dumps({"argv": sys.argv, "cwd": os.getcwd(), "stdin": prompt})
        )
        print(json.dumps(good))
    else:
        print(f"unknown mode {mode}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
