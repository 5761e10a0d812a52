"""Which Qt release an app runs, and whether a PySide6 can join it.

PySide6's modules bind to the ``libQt6Core`` already in the process (one per process), and
they import only when that Qt is exactly their own release: PySide6 6.11.3 in an app whose
PyQt6 loaded Qt 6.11.2 fails with an undefined private symbol (``…QtPrivate_6_11_3``).
So before the probe imports PySide6 it reads the loaded release (``qVersion()``, a plain C
function of ``libQt6Core``) and the release of the PySide6 that would be imported (its
``__init__.py``, not imported), and says what to install when they differ.
No Qt import here: this runs before any PySide6 may load, inside the app and out.
"""

from __future__ import annotations

import ctypes
import importlib.util
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from probe.bootstrap import runtime

_CORE = re.compile(r"\s(/\S*libQt6Core\.so[.\d]*)$")
_LDD_CORE = re.compile(r"libQt6Core\.so\S*\s+=>\s+(\S+)")
_VERSION = re.compile(r'^__version__\s*=\s*"([^"]+)"', re.MULTILINE)


def release_of(version: str) -> str:
    """``6.8.0.2`` (a PySide6 rebuild) -> ``6.8.0``: the Qt release a PySide6 binds to."""
    return ".".join(version.split(".")[:3])


def core_library(pid: int | str = "self") -> Path | None:
    """The ``libQt6Core`` mapped into process ``pid``, if it has loaded one."""
    try:
        with open(f"/proc/{pid}/maps", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                found = _CORE.search(line.rstrip("\n"))
                if found:
                    return Path(found.group(1))
    except OSError:
        return None
    return None


def loaded_release() -> tuple[str, Path] | None:
    """``(release, library)`` of the Qt this process has loaded, or None before any Qt.

    The library is already mapped, so opening it again only returns its handle."""
    library = core_library()
    if library is None:
        return None
    qversion = ctypes.CDLL(str(library)).qVersion
    qversion.restype = ctypes.c_char_p
    return qversion().decode(), library


def library_release(library: Path | str, python: str | None = None) -> str:
    """The release of the ``libQt6Core`` file ``library``, asked in a child Python (loading
    a second Qt here would clash with the PySide6 this process may load)."""
    code = ("import ctypes, sys; f = ctypes.CDLL(sys.argv[1]).qVersion; "
            "f.restype = ctypes.c_char_p; print(f().decode())")
    run = subprocess.run([python or sys.executable, "-c", code, str(library)],
                         capture_output=True, text=True, timeout=60)
    if run.returncode != 0 or not run.stdout.strip():
        raise RuntimeError(f"cannot read the Qt release of {library}: "
                           f"{(run.stderr or run.stdout).strip()[-300:]}")
    return run.stdout.strip()


def linked_core(binary: Path | str) -> Path | None:
    """The ``libQt6Core`` an executable would load (``ldd``), or None when it links none."""
    try:
        out = subprocess.run(["ldd", str(binary)], capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = _LDD_CORE.search(out)
    return Path(found.group(1)) if found and found.group(1) != "not" else None


def pyside_version(paths: list[str] | None = None) -> str | None:
    """The version of the PySide6 ``import PySide6`` would load (from ``paths``, default
    ``sys.path``), read from its ``__init__.py`` without importing it."""
    if paths is None:
        spec = importlib.util.find_spec("PySide6") if "PySide6" not in sys.modules else None
        if "PySide6" in sys.modules:
            return str(getattr(sys.modules["PySide6"], "__version__", "")) or None
        origin = spec.origin if spec is not None else None
    else:
        found = [Path(p) / "PySide6" / "__init__.py" for p in paths]
        origin = next((str(f) for f in found if f.is_file()), None)
    if not origin:
        return None
    try:
        match = _VERSION.search(Path(origin).read_text(encoding="utf-8"))
    except OSError:
        return None
    return match.group(1) if match else None


def install_command(release: str) -> str:
    """What the user runs to get the PySide6 of ``release`` into the app's Python."""
    return f"pip install 'PySide6-Essentials=={release}.*'"


@dataclass(frozen=True)
class Mismatch:
    """The app runs Qt ``app`` (from ``library``); the PySide6 at hand is ``pyside``."""

    app: str
    library: Path
    pyside: str | None

    def message(self) -> str:
        have = (f"the PySide6 this Python imports is {self.pyside}" if self.pyside
                else "this Python has no PySide6")
        return (f"this app runs Qt {self.app} ({self.library}) and {have}; the probe needs "
                f"PySide6 of exactly Qt's release (its modules bind to the Qt already "
                f"loaded). Install it into the app's Python: {install_command(self.app)} — "
                f"or prepare a copy once, found by every app on Qt {self.app}: "
                f"qtmcp runtime {self.app}")


def prepare_import() -> Mismatch | None:
    """Make ``import PySide6`` bind to the Qt this process loaded, or say why it cannot.

    Nothing to do before any Qt is loaded (PySide6 brings its own) or once PySide6 is
    imported. A loaded Qt of another release than the importable PySide6 is matched with
    a prepared runtime (``qtmcp runtime``) put first on ``sys.path``; without one, the
    mismatch is returned and nothing is imported."""
    if "PySide6.QtCore" in sys.modules:
        return None
    loaded = loaded_release()
    if loaded is None:
        return None
    release, library = loaded
    pyside = pyside_version()
    if pyside is not None and release_of(pyside) == release:
        return None
    prepared = runtime.find(release)
    if prepared is None or "PySide6" in sys.modules:
        return Mismatch(release, library, pyside)
    sys.path.insert(0, str(prepared))
    importlib.invalidate_caches()
    return None

