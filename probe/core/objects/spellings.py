"""Qt's spelling in an app that chose snake_case: the probe's own modules keep Qt's names,
and the app's overrides of Qt's virtual methods are found by the probe too.

PySide6 lets each module choose Qt's spelling (``from __feature__ import snake_case``) and
keeps the choices in a table by module name; code of a module the table does not name
(imported with ``importlib``, or still running its top level) gets the spelling chosen
last, which in a snake_case app is the app's: the probe's ``model.roleNames()`` raised
AttributeError there. :func:`keep_qt_names` enters every module of the probe in the
table as using Qt's names, before any is imported.

A model written in such a module overrides ``row_count``, ``header_data``; Qt's own calls
from the app's event loop look them up under that spelling and find them. The probe calls
them from its own modules, under Qt's names: ``model.rowCount()`` reached the C++ base, so
the probe read no rows (a pure virtual: NotImplementedError) and numbered the headers the
app titles. :func:`adopt` gives each such override Qt's name as well, on the app's class:
the same function, so the app's code and Qt's calls are unchanged, and the probe reads
what the user sees. Only classes of modules that chose snake_case: elsewhere a method
named ``row_count`` is just the app's own. GUI thread (before each job: cheap unless the
app's modules changed or a second passed).
"""

from __future__ import annotations

import os
import sys
import time
import weakref
from typing import Any

from shiboken6 import Shiboken

from probe.overrides import camel

#: How often classes are looked at again while the app's modules are unchanged (s): a
#: class made inside a function has no module import to announce it.
RESCAN_SECONDS = 1.0
#: PySide6's selection bit of snake_case (``__feature__``'s first feature).
_SNAKE = 0x01
_done: weakref.WeakSet[type] = weakref.WeakSet()
_last = {"modules": -1, "at": 0.0}


def _selections() -> dict[str, Any] | None:
    """PySide6's table of each module's chosen spelling (None: a PySide6 without one)."""
    table = getattr(sys.modules.get("shibokensupport.feature"), "pyside_feature_dict", None)
    return table if isinstance(table, dict) else None


def keep_qt_names() -> None:
    """Every module of the probe, imported or not yet, in PySide6's table as using Qt's
    names (0, what PySide6 gives a module that names it), not the app's last choice."""
    table = _selections()
    if table is None:
        return
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parent = os.path.dirname(package)
    for folder, dirs, files in os.walk(package):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        dotted = os.path.relpath(folder, parent).replace(os.sep, ".")
        for file in files:
            if file.endswith(".py"):
                name = dotted if file == "__init__.py" else f"{dotted}.{file[:-3]}"
                if not isinstance(table.get(name), int) or table[name] < 0:
                    table[name] = 0


def adopt() -> int:
    """Give the snake_case overrides of the app's classes Qt's names too; how many new."""
    selections = _selections()
    if selections is None:
        return 0
    now = time.monotonic()
    if len(selections) == _last["modules"] and now - _last["at"] < RESCAN_SECONDS:
        return 0
    _last["modules"], _last["at"] = len(selections), now
    snake = {name for name, chosen in list(selections.items())
             if isinstance(chosen, int) and chosen > 0 and chosen & _SNAKE}
    if not snake:
        return 0
    added = 0
    for cls in _classes():
        if cls.__module__ in snake and cls not in _done:
            added += _name_overrides(cls)
            _done.add(cls)
    return added


def _classes() -> list[type]:
    """Every class made from a Qt class (PySide's and the app's), depth first."""
    out: list[type] = []
    stack: list[type] = [Shiboken.Object]
    while stack:
        for sub in type.__subclasses__(stack.pop()):
            out.append(sub)
            stack.append(sub)
    return out


def _name_overrides(cls: type) -> int:
    added = 0
    for name, value in list(vars(cls).items()):
        qt_name = camel(name)
        if qt_name == name or name.startswith("_") or not callable(value) or \
                qt_name in vars(cls) or not any(hasattr(b, qt_name) for b in cls.__mro__[1:]):
            continue
        setattr(cls, qt_name, value)
        added += 1
    return added
