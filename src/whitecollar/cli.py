"""Command line entry point (filled in by the modules it dispatches to)."""
import sys


def main(argv: list[str] | None = None) -> int:
    print("whitecollar: no command yet", file=sys.stderr)
    return 2
