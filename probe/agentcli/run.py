"""``qtmcp page``, ``qtmcp session list``, ``qtmcp skill``…: one agent command run, with
the exit status the issue asks for (0 success, 1 an error answer, 2 bad usage)."""

from __future__ import annotations

import argparse
import sys

from probe.agentcli import commands, sessions, skill
from probe.exceptions import QtmcpError


def run(ns: argparse.Namespace) -> int:
    """Run one agent subcommand: 0 on success, 1 on an error answer, 2 on bad usage."""
    if ns.command == "session":
        return _session_command(ns)
    if ns.command == "skill":
        return skill.command(ns.install)
    cmd = commands.COMMANDS[ns.command]
    try:
        tool, args = cmd.call(ns)
        name = sessions.session_name(ns.session)
    except (commands.Usage, sessions.BadName) as exc:
        print(f"qtmcp {cmd.name}: {exc}", file=sys.stderr)
        return 2
    try:
        target = sessions.choose(pid=ns.pid, app=ns.app, url=ns.url, token=ns.token)
        answer = sessions.call(name, tool, args, target,
                               command=commands.said(getattr(ns, "argv", [])))
    except sessions.NoApp as exc:
        print(exc.text(), file=sys.stderr)
        return 1
    except QtmcpError as exc:  # the session could not be started or reached
        print(f"SESSION_FAILED: {exc}\nhint: `qtmcp session close {name}` ends it (the next "
              "command starts it again); `qtmcp session list` shows the sessions",
              file=sys.stderr)
        return 1
    if answer.error:
        print(answer.text, file=sys.stderr)
        return 1
    try:
        print(cmd.output(answer, ns) if cmd.output is not None else answer.text)
    except commands.Failed as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


def _session_command(ns: argparse.Namespace) -> int:
    if ns.action == "list":
        rows = sessions.list_sessions()
        if not rows:
            print("no sessions")
            return 0
        print(f"{'SESSION':<16} {'PID':>7} {'IDLE':>6} {'CALLS':>6}  APPS")
        for r in rows:
            apps = ", ".join(f"{a['pid']} ({a['app']})" for a in r.get("apps", [])) or "-"
            print(f"{r['session']:<16} {r['pid']:>7} {r['idle']:>5.0f}s {r['calls']:>6}  "
                  f"{apps}")
        return 0
    try:
        names = None if ns.all else [sessions.session_name(ns.name)]
    except sessions.BadName as exc:
        print(f"qtmcp session: {exc}", file=sys.stderr)
        return 2
    closed = sessions.close_sessions(names)
    if names and not closed:
        print(f"qtmcp session: no session {names[0]!r} is running", file=sys.stderr)
        return 1
    for n in closed:
        print(f"closed {n}")
    return 0
