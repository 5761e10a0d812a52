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

Descendants never come from Qt's ``findChildren`` (see :func:`find_children`: what
PySide does with its answer leaked the soak's memory), and a wrapper another object's
method returns is kept valid by :func:`tied`. GUI thread only.

Every list of objects the probe takes from Qt (children, ``allWidgets``, the top-level
widgets and windows, a Quick item's children) is taken with Python's cyclic collector
paused (``collector.without``): a collection PySide's wrapping of the list started freed
an app's window while the rest of the list still named its widgets, and PySide read them
freed (the CI run of c59ddc5 segfaulted so in ``widgets_under``; ``probe.core.collector``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QApplication, QWidget

from probe.core.collector import collecting, pause, resume, without

T = TypeVar("T", bound=QObject)
W = TypeVar("W", bound=QWidget)
#: Stale wrappers dropped so far (a search that dropped one while ordering asks again).
_dropped = [0]
_children = QObject.children
_parent = QObject.parent
_name = QObject.objectName
#: id(answer) -> (answer, the wrapper it is tied to), for objects C++ made (see :func:`tied`)
_ties: dict[int, tuple[QObject, QObject]] = {}


def top_level_widgets() -> list[QWidget]:
    """``QApplication.topLevelWidgets()``, taken with the collector paused (a window
    only it frees is the very object of this list)."""
    return without(QApplication.topLevelWidgets)


def windowed_widgets() -> list[QWidget]:
    """The top-level widgets that have a window of their own (a ``QWidgetWindow``: every
    one shown so far, Qt makes it at the first show), in ``topLevelWindows()``'s order.
    ``QApplication.topLevelWidgets()`` asks every widget of the app whether it is a window
    (1.4 ms with 2,000 controls, 6.8 with 8,000, #41); this asks the windows, each for
    its widget by its window id (``QWidget.find``: Qt's map of native widgets). A widget
    window is made with its platform window, so ``winId()`` makes none."""
    out: list[QWidget] = []
    for win in top_level_windows():
        if QObject.metaObject(win).className() == "QWidgetWindow":
            w = QWidget.find(QWindow.winId(win))
            if w is not None:
                out.append(w)
    return out


def top_level_windows() -> list[QWindow]:
    """``QGuiApplication.topLevelWindows()``, taken with the collector paused."""
    return without(QGuiApplication.topLevelWindows)


def all_windows() -> list[QWindow]:
    """``QGuiApplication.allWindows()``, taken with the collector paused."""
    return without(QGuiApplication.allWindows)


def fresh(get: Callable[[], list[Any]]) -> list[Any]:
    """``get()``, a list of QObjects from Qt (taken by ``collector.without``); an entry
    that is no QObject is a stale wrapper naming freed memory: it is invalidated and the
    list asked again."""
    got = without(get)
    for k in got:
        if not isinstance(k, QObject):
            break
    else:
        return got
    for k in got:
        if not isinstance(k, QObject):
            shiboken6.invalidate(k)
            _dropped[0] += 1
    return [k for k in without(get) if isinstance(k, QObject)]


def children(obj: QObject) -> list[QObject]:
    """``QObject.children(obj)`` taken with the collector paused, every entry a live
    QObject wrapper. (The check costs about 0.6 ms per 10,000 objects: the object tree
    asks it for every node.)"""
    if collecting():  # ``without`` inlined: once per node of every walk
        pause()
        try:
            got = _children(obj)
        finally:
            resume()
    else:
        got = _children(obj)
    for k in got:
        if not isinstance(k, QObject):
            return fresh(lambda: _children(obj))
    return got


def parent(obj: QObject) -> QObject | None:
    """``QObject.parent(obj)`` as a live wrapper, or None. Every ``QObject.parent`` of
    the probe goes through here (``test_qt_call_rule``): a stale wrapper can stand for
    a parent too, of another class (the tab bar behind one is its scroll buttons'
    parent) or of the parent's class and invalid (a C++ app's ToolTip popup item on
    PySide6 6.4: every read of it raised "already deleted" and the page was lost).
    It is dropped from shiboken's table and the parent asked again."""
    if collecting():  # as in :func:`children`: an ancestor walk asks it per level
        pause()
        try:
            up = _parent(obj)
        finally:
            resume()
    else:
        up = _parent(obj)
    if up is None or (isinstance(up, QObject) and _valid(up)):
        return up
    shiboken6.invalidate(up)
    _dropped[0] += 1
    up = without(lambda: _parent(obj))
    return up if isinstance(up, QObject) and _valid(up) else None


def tied(anchor: QObject, answer: T | None) -> T | None:
    """``answer``, which a Qt method called on ``anchor`` returned, kept valid for as long
    as its object lives.

    Shiboken ties the wrapper such a method returns to the wrapper it was called on (its
    return-value heuristic: ``QLabel.buddy(label)`` makes the field's wrapper a child of
    the label's) and invalidates it when that one is freed, though the object lives. A
    field Qt's C++ made (``QInputDialog.getText``'s) whose label the labels index read
    through a wrapper of its own went "deleted" between chr.readPage and chr.formInput.
    An object Python made is hit too (likely: the tie takes its wrapper from its parent's,
    and when ``anchor`` goes the session's wrapper stops being the one Qt answers: a
    conformance table named by its buddy label came back under a new ``#N``, and the
    change report's partial read kept the old one). So ``anchor`` is
    kept while ``answer`` is valid, and let go by :func:`untie_dead` once ``answer``'s
    object is gone, never for as long as a window lives (Qt's findChildren through the
    window kept such fields valid, and every dead label with them)."""
    if answer is not None:
        _ties[id(answer)] = (answer, anchor)
    return answer


def untie_dead() -> int:
    """Let go of the ties of objects deleted since (their anchors, and so the dead
    wrappers tied to those); how many. One check per tie: call it once per read."""
    dead = [key for key, (answer, _) in _ties.items() if not _valid(answer)]
    for key in dead:
        del _ties[key]
    return len(dead)


def _valid(obj: QObject) -> bool:
    try:
        return shiboken6.isValid(obj)
    except (RuntimeError, TypeError):
        return False


def find_child(root: QObject, cls: type[T], name: str) -> T | None:
    """The first object below ``root`` of class ``cls`` named ``name`` (as
    ``QObject.findChild``: direct children first), or None. The collector is paused
    throughout (``collector.without``)."""
    return without(lambda: _find_child(root, cls, name))


def _find_child(root: QObject, cls: type[T], name: str) -> T | None:
    level = children(root)
    while level:
        for k in level:
            if isinstance(k, cls) and _name(k) == name:
                return k
        level = [g for k in level for g in children(k)]
    return None


def find_children(root: QObject, cls: type[T] = QObject, name: str | None = None,
                  direct: bool = False) -> list[T]:
    """What ``QObject.findChildren(root, cls[, name])`` finds (only direct children if
    asked), in its order, every entry a live wrapper; widgets only within ``root``'s
    window (a dialog it parents is a window of its own, searched as such).

    Never through Qt's ``findChildren``: PySide makes each wrapper that call returns a
    child of ``root``'s wrapper, which then keeps it after its object is deleted (the
    live view's 20 reads a second held ~20 dead wrappers per rebuild of a churning
    panel: the soak's growth), and Qt's answer leaves an object behind a stale wrapper
    out altogether (PySide6 6.11). Widgets come from ``QApplication.allWidgets()`` (no
    such link; 4.1 against 2.4 ms for the labels of a 2,000-control form, a walk 6.7),
    other objects from a walk over :func:`children`. The collector is paused throughout
    (``collector.without``): the sort holds wrappers it calls Qt through."""
    return without(lambda: _find_children(root, cls, name, direct))


def _find_children(root: QObject, cls: type[T], name: str | None, direct: bool) -> list[T]:
    found: list[T]
    if direct:
        found = [k for k in children(root) if isinstance(k, cls)]
    elif isinstance(root, QWidget) and _widget_class(cls):
        before = _dropped[0]
        found = cast("list[T]", in_tree_order(widgets_under(root, cast("type[QWidget]", cls))))
        if _dropped[0] != before:  # allWidgets() had left out the widget behind it
            found = cast("list[T]", in_tree_order(widgets_under(root, cast("type[QWidget]",
                                                                            cls))))
    else:
        found = [k for k in descendants(root) if isinstance(k, cls)]
    return found if name is None else [k for k in found if _name(k) == name]


def _widget_class(cls: type[QObject]) -> bool:
    return issubclass(cls, QWidget)


def widgets_under(root: QWidget, cls: type[W] = QWidget) -> list[W]:
    """The widgets of class ``cls`` below ``root`` in its window, in no order (the
    cheapest search: ``QApplication.allWidgets()``, which parents no wrapper; like
    ``findChildren`` it leaves a widget behind a stale wrapper out, until a read of its
    parent's :func:`children` drops that wrapper)."""
    if QApplication.instance() is None:
        return []
    below = QWidget.isAncestorOf
    return without(lambda: [w for w in QApplication.allWidgets()
                            if isinstance(w, cls) and w is not root and below(root, w)])


def in_tree_order(objs: list[T]) -> list[T]:
    """``objs`` (all below one root) in ``findChildren``'s order: depth first, each
    parent's children in its order. Asks :func:`children` of their ancestors only.

    Places are keyed by ``id()``, so every wrapper met is held until the sort ends: a
    C++-made ancestor's wrapper or sibling let go mid-sort gave its id to the next one
    made, which then took its place (a tab page's label sorted before a scroll area's)."""
    places: dict[int, tuple[int, ...]] = {}
    held: list[QObject] = []

    def place(obj: QObject) -> tuple[int, ...]:
        key = places.get(id(obj))
        if key is None:
            above = parent(obj)
            if above is None:
                key = ()
            else:
                held.append(above)
                up = place(above)
                kids = children(above)
                held.extend(kids)
                for i, k in enumerate(kids):
                    places[id(k)] = (*up, i)
                key = places.get(id(obj), (*up, 1 << 30))
            places[id(obj)] = key
        return key

    return without(lambda: sorted(objs, key=place))  # ``held`` lives as long as ``place``


def descendants(root: QObject) -> list[QObject]:
    """Every object below ``root`` in ``findChildren``'s order (depth first, a parent
    before its children), through :func:`children`, with the collector paused."""
    return without(lambda: _descendants(root))


def _descendants(root: QObject) -> list[QObject]:
    out: list[QObject] = []
    stack = children(root)[::-1]
    while stack:
        k = stack.pop()
        out.append(k)
        stack.extend(children(k)[::-1])
    return out


def adopted(root: QObject, cls: type[T] = QObject) -> list[T]:
    """Qt's own ``findChildren(root, cls)``, checked, with its side effect: PySide makes
    every wrapper it returns a child of ``root``'s wrapper. That link holds the wrappers
    of objects a C++ app made (``objects.foreign``), and it keeps the wrappers of such
    objects deleted later for as long as ``root``'s wrapper lives: only for searches
    that need it (a C++ app's windows, held)."""
    return fresh(lambda: QObject.findChildren(root, cls))
