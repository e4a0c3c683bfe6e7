"""The enterprise portal of the portal arms (A3, A4).

A small server-rendered web application started for one run on the loopback
interface. It serves only what the run's workspace already holds (the
documents under inputs/, the record tables and forms of portal/portal.json)
and collects form submissions into out/portal/submissions.jsonl, where
collection picks them up with the other deliverables.

Modules: `description` (reading and checking portal.json), `forms`
(validating a submission), `submissions` (the submissions file, written by
the portal and read by evaluators), `app` (the Flask application), `server`
(the `whitecollar portal` command), `runner` (starting and stopping it from
the laboratory), `client` (a minimal scripted user), `browser` (the headless
Chromium settings) and `screenshots` (pictures of every page type).
Part of the laboratory: it imports the foundation, `benchmark` and its
siblings in `lab` (events, workspaces), never a later stage.
"""

from __future__ import annotations

#: The line `whitecollar portal` prints once it is bound, followed by its address.
READY_PREFIX = "portal listening on "


class PortalError(RuntimeError):
    """The portal cannot be started or used as described; the message says why."""


__all__ = ["READY_PREFIX", "PortalError"]
