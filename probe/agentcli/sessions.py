"""The CLI's side of a session: which app, which session, and one call through its socket.

A session is a small process of the user's (:mod:`probe.agentcli.daemon`) listening on
``cli-NAME.sock`` in the user's private runtime folder (:func:`probe.private.folder`,
0700; the socket 0600, and the session checks each caller's uid). The first command of a
session starts it and waits for its ``ready`` line; later ones connect, send one JSON
line and read one back. Stdlib only: this runs on every agent command.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from probe import discovery, private
from probe.exceptions import QtmcpError
from probe.mcp.waits import budget

SESSION_ENV = "QTMCP_SESSION"
DEFAULT = "default"
#: Seconds without a call after which a session ends itself (``$QTMCP_SESSION_IDLE``).
IDLE_ENV = "QTMCP_SESSION_IDLE"
IDLE_SECONDS = 900
#: How long a new session may take to say it listens (it imports the MCP bridge).
START_SECONDS = 60.0
#: Seconds the CLI waits beyond the bridge's own budget for a call (connecting, schema).
SLACK_SECONDS = 30.0
#: Longest path a Unix socket takes (108 bytes with its NUL on Linux, 104 on macOS).
_SOCKET_PATH_MAX = 103
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$")
_PREFIX = "cli-"


class BadName(ValueError):
    """A session name that is not one (bad usage)."""


class NoApp(QtmcpError):
    """No app, or more than one, for a call that named none; says how to choose."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(f"{message}; {hint}")
        self.message = message
        self.hint = hint

    def text(self) -> str:
        """As a tool error reads: ``NO_APP: …`` then ``hint: …``."""
        return f"NO_APP: {self.message}\nhint: {self.hint}"


@dataclass
class Answer:
    """A tool's answer as the session relays it: its text, whether it is an error, and
    its pictures (base64, mime)."""

    text: str
    error: bool = False
    images: list[tuple[str, str]] = field(default_factory=list)


def session_name(given: str | None) -> str:
    """``-s NAME``, else ``$QTMCP_SESSION``, else ``default``; BadName when not a name."""
    name = given or os.environ.get(SESSION_ENV) or DEFAULT
    if not _NAME.match(name):
        raise BadName(f"session name {name!r}: use up to 32 letters, digits, '.', '_' or "
                      "'-', starting with a letter or digit")
    return name


def socket_path(name: str) -> Path:
    return private.folder() / f"{_PREFIX}{name}.sock"


def lock_path(name: str) -> Path:
    return private.folder() / f"{_PREFIX}{name}.lock"


def log_path(name: str) -> Path:
    return private.folder() / f"{_PREFIX}{name}.log"


# ------------------------------------------------------------------ which app


def choose(pid: int | None = None, app: str | None = None, url: str | None = None,
           token: str | None = None) -> dict[str, Any]:
    """The app a call goes to, as the session keys it: by URL when given, else the one
    running app that matches ``pid`` / ``app`` (NoApp names them when not exactly one)."""
    if url:
        return {"url": url, "token": token}
    info = only_app(pid, app)
    return {"pid": info.pid, "started": info.started}


def only_app(pid: int | None = None, app: str | None = None) -> discovery.ProbeInfo:
    """The one running app with the probe that matches; NoApp says how to pick one."""
    probes = discovery.find(pid=pid, app=app)
    wanted = " and ".join(x for x in (f"--pid {pid}" if pid else "",
                                      f"--app {app}" if app else "") if x)
    wanted = f" for {wanted}" if wanted else ""
    if not probes:
        raise NoApp(f"no running app with the probe{wanted} (looked in "
                    f"{private.folder()})",
                    "start one with `qtmcp launch app.py` or `qtmcp demo`, or give --url "
                    "ws://127.0.0.1:PORT --token T")
    if len(probes) > 1:
        listing = ", ".join(f"{p.pid} ({p.label})" for p in probes)
        raise NoApp(f"{len(probes)} apps run with the probe{wanted}: {listing}",
                    "choose one with --pid PID or --app NAME (`qtmcp ls` lists them)")
    return probes[0]


# ------------------------------------------------------------------ one call


def call(name: str, tool: str, args: dict[str, Any], target: dict[str, Any],
         command: str | None = None) -> Answer:
    """Call ``tool`` in session ``name`` (started if it is not running); ``command``: the
    command line the user typed, which the traffic mirror shows for the call."""
    message = {"op": "call", "tool": tool, "args": args, "target": target}
    if command:
        message["command"] = command
    reply = request(name, message,
                    timeout=budget(args) + SLACK_SECONDS, start=True)
    return Answer(reply.get("text", ""), bool(reply.get("error")),
                  [(d, m) for d, m in reply.get("images", [])])


def request(name: str, message: dict[str, Any], *, timeout: float = SLACK_SECONDS,
            start: bool = False) -> dict[str, Any]:
    """Send one message to session ``name`` and return its reply; with ``start``, start
    the session when none listens. QtmcpError when it cannot be reached or answers
    nothing."""
    sock = _connect(name)
    if sock is None:
        if not start:
            raise QtmcpError(f"no session {name!r} is running")
        sock = _start(name)
    with sock:
        sock.settimeout(timeout)
        try:
            sock.sendall(json.dumps(message).encode("utf-8") + b"\n")
            sock.shutdown(socket.SHUT_WR)
            raw = _read_all(sock)
        except TimeoutError:
            raise QtmcpError(f"session {name!r} gave no answer within {timeout:g} s (its "
                             f"log: {log_path(name)})") from None
        except OSError as exc:
            raise QtmcpError(f"session {name!r} dropped the call: {exc}") from None
    try:
        return json.loads(raw)
    except ValueError:
        raise QtmcpError(f"session {name!r} answered no JSON (its log: {log_path(name)})"
                         ) from None


def _read_all(sock: socket.socket) -> bytes:
    chunks = []
    while chunk := sock.recv(1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def _connect(name: str) -> socket.socket | None:
    """A connection to the session's socket, or None when nothing listens there."""
    path = socket_path(name)
    if len(os.fsencode(path)) > _SOCKET_PATH_MAX:
        raise QtmcpError(f"the session's socket path {path} is too long for a Unix socket; "
                         "set QTMCP_RUNTIME_DIR to a shorter folder")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(path))
    except (FileNotFoundError, ConnectionRefusedError):
        sock.close()
        return None
    except OSError as exc:
        sock.close()
        raise QtmcpError(f"cannot reach the session {name!r} at {path}: {exc}") from None
    return sock


def _start(name: str) -> socket.socket:
    """Start session ``name`` and connect to it once it listens.

    A start that finds the session already starting or ending (another command's, at the
    same moment) waits a little for it to listen, then starts again."""
    path = socket_path(name)
    deadline = time.monotonic() + START_SECONDS
    while True:
        said = _spawn(name)
        patience = time.monotonic() + (START_SECONDS if said == "ready" else 2.0)
        while time.monotonic() < min(patience, deadline):
            sock = _connect(name)
            if sock is not None:
                return sock
            time.sleep(0.05)
        if time.monotonic() >= deadline:
            raise QtmcpError(f"the session {name!r} does not listen on {path} (its log: "
                             f"{log_path(name)})")


def _spawn(name: str) -> str:
    """Run the session's process; what it says: ``ready`` (it listens) or ``running``
    (another process is that session). QtmcpError with its log when it fails."""
    folder = private.folder()
    # appended to: a second process of a running session must not cut the first's log
    # (the one that takes the session empties it)
    log = os.open(log_path(name), os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW
                  | os.O_CLOEXEC, 0o600)
    isolated = ["-P"] if sys.version_info >= (3, 11) else []  # no cwd on sys.path
    try:
        proc = subprocess.Popen(
            [sys.executable, *isolated, "-m", "probe.agentcli.daemon", name],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log, cwd=folder,
            start_new_session=True, close_fds=True)
    finally:
        os.close(log)
    assert proc.stdout is not None
    with proc.stdout:
        ready, _, _ = select.select([proc.stdout], [], [], START_SECONDS)
        line = proc.stdout.readline().decode("utf-8", "replace").strip() if ready else ""
    if line in ("ready", "running"):
        return line
    tail = ""
    with contextlib.suppress(OSError):
        tail = log_path(name).read_text(encoding="utf-8", errors="replace")[-1500:]
    raise QtmcpError(f"the session {name!r} did not start ({line or 'no answer'}); its log "
                     f"{log_path(name)} says:\n{tail}")


# ------------------------------------------------------------- list and close


def running_names() -> list[str]:
    """Names of the sessions that have a socket in the runtime folder."""
    folder = private.folder()
    if not folder.is_dir():
        return []
    return sorted(p.name[len(_PREFIX):-len(".sock")] for p in folder.glob(f"{_PREFIX}*.sock"))


def list_sessions() -> list[dict[str, Any]]:
    """Each running session's status; sockets nobody listens on are removed."""
    rows = []
    for name in running_names():
        try:
            rows.append(request(name, {"op": "status"}, timeout=5))
        except QtmcpError:
            _remove_stale(name)
    return rows


def close_sessions(names: list[str] | None = None) -> list[str]:
    """End the sessions ``names`` (None: all); the names that were running."""
    closed = []
    for name in names if names is not None else running_names():
        try:
            request(name, {"op": "close"}, timeout=10)
        except QtmcpError:
            _remove_stale(name)
            continue
        closed.append(name)
    return closed


def _remove_stale(name: str) -> None:
    """Remove the socket of a session that no longer listens (it crashed)."""
    sock = _connect(name)
    if sock is not None:  # it listens after all (a slow answer): leave it
        sock.close()
        return
    with contextlib.suppress(FileNotFoundError):
        socket_path(name).unlink()
