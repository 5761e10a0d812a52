"""PySide6's check of every new import, answered without reading sources where the
answer is known (#41: a light start).

PySide6 replaces ``__import__``; after the first import of each module it reads the
module's whole source (``inspect.getsource``) to look for the word "PySide6", which
decides whether the module takes part in ``__feature__`` switching (snake_case, true
properties). The lines stay in ``linecache``: the ~110 modules the probe imports at
start cost the demo 4.5 MiB and ~10 ms that way, the methods' modules at the first
call more. The standard library's answer is known without reading: it never names
PySide6 (what the check would find; a module of a standard name found elsewhere, an app's
own, is checked). qtmcp's own modules never reach the check: they are in PySide6's table
before they are imported (``probe.core.objects.spellings.keep_qt_names``). Every other
module is checked as PySide6 checks it.

PySide6 names the check ``shibokensupport.feature._mod_uses_pyside``: a PySide6 without
it is left as it is.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import ModuleType

import PySide6  # noqa: F401  (loads the check: shibokensupport.feature)

#: The standard library's folder (its extension modules, lib-dynload, are under it).
_STDLIB = os.path.dirname(os.path.abspath(os.__file__)) + os.sep


def answer_without_sources() -> None:
    """From now on, answer PySide6's check for the standard library without reading its
    sources (once; a second call changes nothing)."""
    feature = sys.modules.get("shibokensupport.feature")
    check: Callable[[ModuleType], bool] | None = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or check is None or getattr(check, "__module__", "") == __name__:
        return
    feature._mod_uses_pyside = _answering(check)  # pyright: ignore[reportAttributeAccessIssue]  # PySide6 looks it up here


def _answering(check: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    """PySide6's ``check``, skipped for the modules whose answer is known."""

    def uses_pyside(module: ModuleType) -> bool:
        file = str(getattr(module, "__file__", None) or "")
        top = str(getattr(module, "__name__", "")).partition(".")[0]
        if top in sys.stdlib_module_names and (not file or file.startswith(_STDLIB)):
            return False  # (an app's own module named like one is checked)
        return check(module)

    return uses_pyside
