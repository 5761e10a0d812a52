"""Qt's virtual methods overridden in the probe's classes, found by Qt in any app.

PySide6 lets each module of an app choose Qt's spelling (``from __feature__ import
snake_case``). When Qt calls a virtual method from C++ (an event filter, say), PySide looks
for the Python override under the spelling of the module that ran last, and a snake_case
app's event loop is entered from its own code: there ``eventFilter`` is looked for as
``event_filter``. The probe's filters were never called in such an app (its change reports
said "no visible change" after every edit). :func:`every_spelling` gives a class's
overrides both names.
"""

from __future__ import annotations

import re
from typing import TypeVar

C = TypeVar("C", bound=type)

_HUMP = re.compile(r"(?<=[a-z0-9])([A-Z])")
_UNDERSCORED = re.compile(r"_([a-z0-9])")


def snake(name: str) -> str:
    """PySide6's snake_case spelling of a Qt name (``eventFilter`` -> ``event_filter``)."""
    return _HUMP.sub(r"_\1", name).lower()


def camel(name: str) -> str:
    """Qt's name of a snake_case one (``header_data`` -> ``headerData``)."""
    return _UNDERSCORED.sub(lambda m: m.group(1).upper(), name)


def every_spelling(cls: C) -> C:
    """``cls`` with each override of a Qt method (a camelCase name a base class has) also
    under its snake_case name, so Qt finds it whichever spelling is selected."""
    for name, value in list(vars(cls).items()):
        if callable(value) and not name.startswith("_") and snake(name) != name and \
                any(hasattr(base, name) for base in cls.__mro__[1:]):
            setattr(cls, snake(name), value)
    return cls
