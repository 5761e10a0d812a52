"""Prepared PySide6 copies, one per Qt release: the Python side of PyQt6 and C++ apps.

An app on Qt 6.4.2 (a C++ app on Debian 12's Qt, a PyQt6 app on PyQt6-Qt6 6.4.2) needs
a PySide6 of exactly that release in the probe's ``sys.path``. ``qtmcp runtime 6.4.2``
installs it once with pip into ``<cache>/pyside6/6.4.2`` (only PySide6 and shiboken6,
so nothing else of the app's Python is shadowed); launch, attach and in-app install find
it there. The cache is ``$QTMCP_CACHE``, else ``$XDG_CACHE_HOME/qtmcp``, else
``~/.cache/qtmcp``. No Qt import here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

_RELEASE = re.compile(r"^6\.\d+\.\d+$")
_VERSION = re.compile(r'^__version__\s*=\s*"([^"]+)"', re.MULTILINE)


class PrepareError(RuntimeError):
    """A runtime could not be prepared; the message says what to run instead."""


def is_release(text: str) -> bool:
    """``6.4.2``: a Qt 6 release as ``qtmcp runtime`` takes it."""
    return bool(_RELEASE.match(text))


def cache_dir() -> Path:
    """Where qtmcp keeps what it prepares (PySide6 copies, the built shim)."""
    given = os.environ.get("QTMCP_CACHE")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "qtmcp"


def folder(release: str) -> Path:
    return cache_dir() / "pyside6" / release


def _version_in(path: Path) -> str | None:
    try:
        found = _VERSION.search((path / "PySide6" / "__init__.py").read_text("utf-8"))
    except OSError:
        return None
    return found.group(1) if found else None


def find(release: str) -> Path | None:
    """The prepared folder holding the PySide6 of Qt ``release``, or None."""
    path = folder(release)
    version = _version_in(path)
    if version is None or ".".join(version.split(".")[:3]) != release:
        return None
    return path


def prepared() -> dict[str, Path]:
    """Every prepared release and its folder."""
    base = cache_dir() / "pyside6"
    if not base.is_dir():
        return {}
    return {p.name: p for p in sorted(base.iterdir()) if find(p.name) == p}


def command(release: str) -> str:
    return f"qtmcp runtime {release}"


def prepare(release: str, *, python: str | None = None, quiet: bool = True) -> Path:
    """Install the PySide6 of Qt ``release`` into its folder (once) and return the folder.

    pip picks the newest PySide6-Essentials build of that release (6.8.0 -> 6.8.0.2);
    it goes into a temporary folder first, so an interrupted download leaves nothing
    that looks prepared."""
    if not is_release(release):
        raise PrepareError(f"{release!r} is not a Qt 6 release (give major.minor.patch, "
                            "e.g. 6.4.2)")
    done = find(release)
    if done is not None:
        return done
    target = folder(release)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{release}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    cmd = [python or sys.executable, "-m", "pip", "install", "--disable-pip-version-check",
           "--no-warn-conflicts", "--target", str(partial), f"PySide6-Essentials=={release}.*"]
    if quiet:
        cmd.insert(4, "-q")
    run = subprocess.run(cmd, capture_output=quiet, text=True)
    if run.returncode != 0 or _version_in(partial) is None:
        shutil.rmtree(partial, ignore_errors=True)
        why = ((run.stderr or "") + (run.stdout or "")).strip().splitlines()[-3:]
        raise PrepareError(
            f"pip could not install PySide6 for Qt {release} ({' / '.join(why) or 'no output'})."
            f" PySide6 {release} must exist on PyPI for this Python "
            f"({sys.version.split()[0]}): `pip index versions PySide6-Essentials` lists "
            "them; PySide6 6.4 supports Python up to 3.11.")
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)
    return target
