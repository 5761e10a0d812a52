"""An object's children and descendants as Qt has them now, without stale wrappers.

Shiboken finds the wrapper of an object Qt returns by its address. A wrapper of another
class that outlived its C++ object (a QML type's QMetaObject, freed with its engine when
a style was dropped; an accessible interface Qt freed with its widget) is handed out for
the object that now lives at that address: it is no QObject, and Qt's methods refuse it
or, worse, act on freed memory (the Quick suite recorded probe faults for it, among a
GridLayout's children). Every ``children()`` and ``findChildren()`` of the probe goes
through here (``tests/probe/core/test_qt_call_rule.py`` checks it): such an entry is
invalidated (using it raises, never crashes) and the list asked again, which then holds
wrappers made for the live objects.

Qt's ``findChildren`` leaves an object behind a stale wrapper out of its answer (see
:func:`find_children`). GUI thread only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import shiboken6
from PySide6.QtCore import QObject

T = TypeVar("T", bound=QObject)
_children = QObject.children


def fresh(get: Callable[[], list[Any]]) -> list[Any]:
    """``get()``, a list of QObjects from Qt; an entry that is no QObject is a stale
    wrapper naming freed memory: it is invalidated and the list asked again."""
    got = get()
    for k in got:
        if not isinstance(k, QObject):
            break
    else:
        return got
    for k in got:
        if not isinstance(k, QObject):
            shiboken6.invalidate(k)
    return [k for k in get() if isinstance(k, QObject)]


def children(obj: QObject) -> list[QObject]:
    """``QObject.children(obj)``, every entry a live QObject wrapper. (The check costs
    about 0.6 ms per 10,000 objects: the object tree asks it for every node.)"""
    got = _children(obj)
    for k in got:
        if not isinstance(k, QObject):
            return fresh(lambda: _children(obj))
    return got


def find_child(root: QObject, cls: type[T], name: str) -> T | None:
    """``QObject.findChild(root, cls, name)`` as a live wrapper, or None."""
    found = QObject.findChild(root, cls, name)
    if found is None or isinstance(found, QObject):
        return found
    shiboken6.invalidate(found)  # a stale wrapper (see the module): ask again
    found = QObject.findChild(root, cls, name)
    return found if isinstance(found, QObject) else None


def find_children(root: QObject, cls: type[T] = QObject, name: str | None = None,
                  direct: bool = False) -> list[T]:
    """``QObject.findChildren(root, cls[, name])`` (only direct children if asked),
    every entry a live wrapper (PySide parents them to ``root``'s wrapper, as Qt's call
    does). Qt's answer leaves an object behind a stale wrapper out altogether (PySide6
    6.11): for a scan that must see every object, :func:`descendants`."""
    if direct:
        return [k for k in children(root) if isinstance(k, cls)]
    if name is None:
        return fresh(lambda: QObject.findChildren(root, cls))
    return fresh(lambda: QObject.findChildren(root, cls, name))


def descendants(root: QObject) -> list[QObject]:
    """Every object below ``root`` in ``findChildren``'s order (depth first, a parent
    before its children), through :func:`children`, so an object behind a stale wrapper
    is found too. About 4x a ``findChildren`` (1.1 against 0.23 ms for 2,500 objects
    here), which a typed or named search still uses (it wraps only what matches)."""
    out: list[QObject] = []
    stack = children(root)[::-1]
    while stack:
        k = stack.pop()
        out.append(k)
        stack.extend(children(k)[::-1])
    return out
