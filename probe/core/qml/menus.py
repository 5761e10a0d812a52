"""A Qt Quick Controls ``MenuBar`` walked by menu path (``File > Save As...``).

A MenuBar's menus are its QObject children of class ``QQuickMenu`` (a submenu is a child
of its menu), each entry ``itemAt(i)`` a ``MenuItem``; the entry is triggered by its own
``click()`` (what a user's click on it does: its action fires, its menu closes).
``QQuickMenu*`` has no Python converter, so entries are read through QML expressions.
Importing this loads no QtQuick. GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QMetaObject, QObject

from probe.core.errors import QtError
from probe.core.objects import qmltypes, qtchildren
from probe.core.objects.text import strip_mnemonic

Deliver = Callable[[], Any]
_LIST_LIMIT = 100


def _norm(text: str) -> str:
    return strip_mnemonic(text).strip().rstrip(".…").strip().lower()


def _text(obj: QObject, prop: str) -> str:
    value = QObject.property(obj, prop)
    return strip_mnemonic(value).strip() if isinstance(value, str) else ""


def menu_bar(window: QObject) -> QObject | None:
    """The window's MenuBar (an ApplicationWindow's ``menuBar``, or one placed in it)."""
    quick = qmltypes.quick_module()
    if quick is None:
        return None
    stack = [qmltypes.content_item(window)]
    for _ in range(4):  # the menu bar sits near the top of the item tree
        nxt = []
        for item in stack:
            if item is None:
                continue
            for child in qmltypes.child_items(item):
                if QObject.inherits(child, "QQuickMenuBar"):
                    return child
                nxt.append(child)
        stack = nxt
    return None


def _menus(parent: QObject) -> list[QObject]:
    return [c for c in qtchildren.children(parent) if QObject.inherits(c, "QQuickMenu")]


def entries(menu: QObject) -> list[tuple[str, QObject, QObject | None]]:
    """(label, menu item, its submenu or None) for each entry of ``menu``."""
    count = QObject.property(menu, "count") or 0
    subs = {_text(m, "title"): m for m in _menus(menu)}
    out = []
    for i in range(int(count)):
        item = qmltypes.evaluate(menu, f"itemAt({i})")
        if not isinstance(item, QObject) or not QObject.inherits(item, "QQuickMenuItem"):
            continue  # a separator
        label = _text(item, "text")
        has_sub = bool(qmltypes.evaluate(item, "subMenu !== null"))
        out.append((label, item, subs.get(label) if has_sub else None))
    return out


def paths(window: QObject) -> list[str]:
    """Every 'Menu > Entry' path of the window's MenuBar (submenus included)."""
    bar = menu_bar(window)
    out: list[str] = []

    def visit(menu: QObject, prefix: str, depth: int) -> None:
        for label, _, sub in entries(menu):
            path = f"{prefix} > {label}"
            if sub is not None and depth < 8:
                visit(sub, path, depth + 1)
            elif sub is None:
                out.append(path)

    for menu in _menus(bar) if bar is not None else []:
        visit(menu, _text(menu, "title"), 0)
    return out[:_LIST_LIMIT]


def by_path(window: QObject, target: str, parts: list[str],
            failed: Callable[[str], QtError]) -> tuple[dict[str, Any], Deliver]:
    """Validate a menu path on the window's MenuBar; (what happens, the click)."""
    bar = menu_bar(window)
    if bar is None:
        raise failed("the window has no menu bar")
    menu = next((m for m in _menus(bar) if _norm(_text(m, "title")) == _norm(parts[0])), None)
    if menu is None:
        raise failed(f"no {parts[0]!r} in the menu bar")
    item: QObject | None = None
    for depth, part in enumerate(parts[1:], start=1):
        found = next(((it, sub) for label, it, sub in entries(menu) if _norm(label) ==
                      _norm(part)), None)
        if found is None:
            raise failed(f"no {part!r} in {' > '.join(parts[:depth])}")
        item, sub = found
        if depth < len(parts) - 1:
            if sub is None:
                raise failed(f"{part!r} is not a menu")
            menu = sub
        elif sub is not None:
            raise failed(f"{part!r} is a menu; name one of its entries")
    if item is None:
        raise failed(f"{parts[0]!r} is a menu; name one of its entries")
    if not QObject.property(item, "enabled"):
        raise QtError("ELEMENT_NOT_ENABLED", f"{target} is disabled",
                      hint="Satisfy what enables it first.")
    info = {"kind": "menu", "action": _text(item, "text"), "path": " > ".join(parts),
            "objectName": QObject.objectName(item)}
    return info, lambda: click(item, target)


def _invoke(obj: QObject, method: str, target: str) -> None:
    if not QMetaObject.invokeMethod(obj, method):
        raise QtError("NOT_SUPPORTED", f"{target}: the menu entry took no {method}()",
                      hint="Open the menu with chr.click and click the entry by ref.")


def click(item: QObject, target: str) -> None:
    """What a user's click on the entry does: ``click()`` where Qt has it as a method;
    before that (Qt 6.4 has none) as Qt's click does it: its Action triggers (which checks
    a checkable one), else the entry toggles if checkable and emits ``clicked`` (which Qt
    turns into ``triggered``)."""
    meta = QObject.metaObject(item)
    if meta.indexOfMethod("click()") >= 0:
        _invoke(item, "click", target)
        return
    action = qmltypes.evaluate(item, "action")
    if isinstance(action, QObject):
        _invoke(action, "trigger", target)
        return
    if QObject.property(item, "checkable"):
        _invoke(item, "toggle", target)
    _invoke(item, "clicked", target)
