"""Running LibreOffice headless safely: own profile, bounded time.

Two soffice processes sharing a user profile interfere (the second one
hands its job to the first, or fails on the profile lock), so every call
gets a fresh profile directory. The profile is also where recalculation is
forced: by default LibreOffice keeps the cached values it finds in an
.xlsx, so a workbook carrying a false cached value would be graded on that
value. The settings below were measured to make it recalculate (a planted
999 for =SUM(A1:A2) becomes 5 with them, stays 999 without).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from whitecollar.office.model import Failure
from whitecollar.processes import signal_group

_SETTINGS = (
    ("/org.openoffice.Office.Calc/Formula/Load", "OOXMLRecalcMode", "0"),  # 0 = always
    ("/org.openoffice.Office.Calc/Formula/Load", "ODFRecalcMode", "0"),
    ("/org.openoffice.Office.Calc/Content/Update", "Link", "1"),  # 1 = never
    ("/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", "3"),
    ("/org.openoffice.Office.Common/Security/Scripting", "DisableMacrosExecution", "true"),
    ("/org.openoffice.Office.Common/Misc", "FirstRun", "false"),
)
REGISTRY = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry"'
    ' xmlns:xs="http://www.w3.org/2001/XMLSchema"'
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
    + "".join(
        f'<item oor:path="{path}"><prop oor:name="{name}" oor:op="fuse"><value>{value}</value></prop></item>\n'
        for path, name, value in _SETTINGS
    )
    + "</oor:items>\n"
)
# Link=1: never update external links (a delivered workbook must not make
# LibreOffice read other files); macros are disabled for the same reason.


def find_soffice() -> str | Failure:
    """The soffice executable: $WHITECOLLAR_SOFFICE, else soffice on PATH."""
    configured = os.environ.get("WHITECOLLAR_SOFFICE")
    if configured:
        if os.path.isfile(configured) and os.access(configured, os.X_OK):
            return configured
        return Failure(
            "soffice",
            f"WHITECOLLAR_SOFFICE={configured} is not an executable file; run `make bootstrap` to install LibreOffice",
        )
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found:
        return found
    return Failure("soffice", "LibreOffice (soffice) not found on PATH; run `make bootstrap`")


def make_profile(root: Path) -> Path:
    """A fresh user installation under `root` with the recalculation settings.

    Written before the first start: LibreOffice creates the rest of the
    profile around an existing user/registrymodifications.xcu.
    """
    profile = root / "profile"
    (profile / "user").mkdir(parents=True, exist_ok=True)
    (profile / "user" / "registrymodifications.xcu").write_text(REGISTRY, encoding="utf-8")
    return profile


@dataclass
class RunResult:
    returncode: int | None  # None when killed on timeout
    stdout: str
    stderr: str
    timed_out: bool


def run_soffice(
    soffice: str, args: list[str], *, profile: Path, timeout_s: float, cwd: Path | None = None
) -> RunResult:
    """Run soffice headless in its own process group; on timeout kill the
    whole group (soffice is a launcher script that starts soffice.bin, and
    killing only the launcher would leave the real process running)."""
    cmd = [
        soffice,
        "--headless",
        "--norestore",
        "--nologo",
        "--nodefault",
        "--nolockcheck",
        f"-env:UserInstallation={profile.resolve().as_uri()}",
        *args,
    ]
    env = dict(os.environ)
    env.setdefault("HOME", str(profile.parent))
    env["SAL_USE_VCLPLUGIN"] = "svp"
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
        env=env,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout_s)
        return RunResult(proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), False)
    except subprocess.TimeoutExpired:
        signal_group(proc.pid)
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            out, err = b"", b""
        return RunResult(None, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), True)
    except BaseException:
        signal_group(proc.pid)
        proc.wait()
        raise
