"""Discovery files: how clients find running probes without being told a port.

Each probe writes ``<pid>.json`` (pid, app name, argv, url, port, token, inspector
token, versions, start time) into the user's private qtmcp folder
(:func:`probe.private.folder`, the same for every process of the user). Scripts and the
MCP bridge connect with ``token``; the inspector with ``inspector_token``, which also
gives it the approval gate. Readers skip what another user could have planted: files they
do not own, files whose pid is not their name, and files of dead pids (removed when
listed). Shared by the probe (writes) and every client (reads); plain stdlib, no Qt.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from probe import private

#: ``<pid>.json``: the only names read (temporary files and anything else are not).
_NAME = re.compile(r"([1-9][0-9]{0,9})\.json")


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


def running(pid: int) -> bool:
    """Whether process ``pid`` runs: it lives and is no zombie (an exited child its
    parent has not reaped yet)."""
    if not pid_alive(pid):
        return False
    seen = _started_at(pid)
    return seen is None or seen[1] not in ("Z", "X")


def probe_alive(info: ProbeInfo) -> bool:
    """Whether the process that wrote ``info`` still runs: its pid lives, is no zombie,
    and did not start after the probe did (a crashed app's pid given to another)."""
    if not running(info.pid):
        return False
    seen = _started_at(info.pid)
    return seen is None or not (info.started and seen[0] > info.started + 2)


def write(info: ProbeInfo, folder: Path | None = None) -> Path:
    """Write the discovery file atomically, mode 0600, in the user's private folder
    (UnsafeFolder when ``folder`` is not the user's own)."""
    path = path_for(info.pid, folder)
    info.path = str(path)
    return private.write(path, json.dumps(info.to_json(), indent=1).encode())


def path_for(pid: int, folder: Path | None = None) -> Path:
    """Where the probe of process ``pid`` keeps its discovery file."""
    return (folder or private.folder()) / f"{pid}.json"


def remove(path: str | Path) -> None:
    private.remove(Path(path))


def list_probes(folder: Path | None = None, *, clean: bool = True) -> list[ProbeInfo]:
    """Running probes, oldest first. A file is read only when the user owns it, no one
    else may write it and its pid is its name; files of dead pids are removed when
    ``clean``. UnsafeFolder when ``folder`` is not the user's own."""
    if folder is None:
        folder = private.folder()
    elif not os.path.lexists(folder):
        return []
    else:
        private.check(folder)
    found: list[ProbeInfo] = []
    for name in sorted(os.listdir(folder)):
        match = _NAME.fullmatch(name)
        data = private.read(folder / name) if match else None
        if match is None or data is None:
            continue
        try:
            info = ProbeInfo.from_json(json.loads(data))
        except (ValueError, TypeError):
            continue
        if type(info.pid) is not int or info.pid != int(match.group(1)):  # names another
            continue
        if not probe_alive(info):
            if clean:  # a crashed or killed app's file, with its token
                remove(folder / name)
            continue
        info.path = str(folder / name)
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
