"""Discovery files: how clients find running probes without being told a port.

Each probe writes ``<pid>.json`` (pid, app name, argv, url, port, token, inspector
token, versions, start time) into a per-user runtime folder that only the user can read.
Scripts and the MCP bridge connect with ``token``; the inspector with ``inspector_token``,
which also gives it the approval gate. Files of dead pids
are ignored and removed when listed. Shared by the probe (writes) and every client
(reads); plain stdlib, no Qt.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


def runtime_dir() -> Path:
    """``$QTMCP_RUNTIME_DIR``, else ``$XDG_RUNTIME_DIR/qtmcp``, else ``/tmp/qtmcp-<uid>``."""
    explicit = os.environ.get("QTMCP_RUNTIME_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if xdg and Path(xdg).is_dir():
        return Path(xdg) / "qtmcp"
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"qtmcp-{uid}"


@dataclass
class ProbeInfo:
    """One running probe as its discovery file describes it."""

    pid: int
    app: str
    url: str
    port: int
    token: str | None
    #: Admits a connection like ``token`` and gives it the inspector credential.
    inspector_token: str | None = None
    argv: list[str] = field(default_factory=list)
    qt: str = ""
    pyside: str = ""
    python: str = ""
    started: float = 0.0
    host: str = "127.0.0.1"
    path: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def label(self) -> str:
        """The app as a user names it (see :func:`app_label`)."""
        return app_label(self.app, self.argv)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ProbeInfo:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _started_at(pid: int) -> tuple[float, str] | None:
    """When process ``pid`` started (epoch seconds) and its state letter, from /proc (Linux);
    None where that cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        with open("/proc/stat", encoding="ascii") as fh:
            boot = next(float(line.split()[1]) for line in fh if line.startswith("btime"))
        return boot + int(fields[19]) / os.sysconf("SC_CLK_TCK"), fields[0]
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def probe_alive(info: ProbeInfo) -> bool:
    """Whether the process that wrote ``info`` still runs: its pid lives, is no zombie,
    and did not start after the probe did (a crashed app's pid given to another)."""
    if not pid_alive(info.pid):
        return False
    seen = _started_at(info.pid)
    if seen is None:
        return True
    started, state = seen
    return state not in ("Z", "X") and not (info.started and started > info.started + 2)


def ensure_dir(folder: Path | None = None) -> Path:
    """The runtime folder (or ``folder``), made if missing, readable by the user only.

    Everything qtmcp keeps there goes through here (discovery files, the agent CLI's
    session sockets), so how the folder is made safe is decided in one place."""
    folder = folder or runtime_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if folder.stat().st_uid == os.getuid():
        os.chmod(folder, 0o700)
    return folder


def write(info: ProbeInfo, folder: Path | None = None) -> Path:
    """Write the discovery file atomically with mode 0600 in a 0700 folder."""
    folder = ensure_dir(folder)
    path = path_for(info.pid, folder)
    info.path = str(path)
    tmp = folder / f".{info.pid}.json.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(info.to_json(), fh, indent=1)
    os.replace(tmp, path)
    return path


def path_for(pid: int, folder: Path | None = None) -> Path:
    """Where the probe of process ``pid`` keeps its discovery file."""
    return (folder or runtime_dir()) / f"{pid}.json"


def remove(path: str | Path) -> None:
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass


def list_probes(folder: Path | None = None, *, clean: bool = True) -> list[ProbeInfo]:
    """Running probes, oldest first; files of dead pids are removed when ``clean``."""
    folder = folder or runtime_dir()
    found: list[ProbeInfo] = []
    if not folder.is_dir():
        return found
    for path in folder.glob("*.json"):
        try:
            info = ProbeInfo.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError):
            continue
        if not probe_alive(info):
            if clean:  # a crashed or killed app's file, with its token
                remove(path)
            continue
        info.path = str(path)
        found.append(info)
    return sorted(found, key=lambda i: i.started)


def find(pid: int | None = None, app: str | None = None) -> list[ProbeInfo]:
    """Probes matching a pid and/or an app name (case-insensitive substring)."""
    probes = list_probes()
    if pid is not None:
        probes = [p for p in probes if p.pid == pid]
    if app:
        needle = app.lower()
        probes = [p for p in probes if needle in p.app.lower()]
    return probes


#: Names Qt gives an app run with ``python -m package`` or a bare interpreter.
_ANONYMOUS = frozenset({"", "__main__", "__main__.py", "python", "python3", "-c"})


def app_label(name: str, argv: list[str]) -> str:
    """The app as a user names it: its application name, unless that is Python's
    ``__main__.py`` (``python -m package`` names every app so); then the module
    (``pyqtgraph.examples``) or the script it runs."""
    if name not in _ANONYMOUS and not name.startswith("__main__"):
        return name
    script = Path(argv[0]) if argv and argv[0] not in ("", "-c", "-m") else None
    if script is None:
        return name or "python"
    if script.stem != "__main__":
        return script.name
    parts = []
    folder = script.parent
    while (folder / "__init__.py").exists() or (folder / "__main__.py").exists():
        parts.insert(0, folder.name)
        if not (folder.parent / "__init__.py").exists():
            break
        folder = folder.parent
    return ".".join(parts) or script.parent.name
