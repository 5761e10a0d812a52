"""chr.navigate: the browser's navigate for an app: menu paths, tabs, actions, back/forward.

``File > Open`` triggers that menu entry; a tab's name selects the tab; an action's
text or objectName triggers it; ``back`` / ``forward`` trigger the app's own Back and
Forward actions where it has them. NAVIGATE_FAILED lists what exists. Validation
happens at once; the returned function does the navigation (it may open a modal
dialog, so the caller runs it as its own GUI job). GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLayout, QMainWindow, QMenu, QMenuBar, QTabBar, QWidget

from probe.core.errors import QtError
from probe.core.objects import qtchildren
from probe.core.objects.text import strip_mnemonic
from probe.core.qml import menus as quick_menus

Deliver = Callable[[], Any]
_LIST_LIMIT = 100


def _label(action: QAction) -> str:
    return strip_mnemonic(QAction.text(action)).strip().rstrip(".…").strip()


def _norm(text: str) -> str:
    return strip_mnemonic(text).strip().rstrip(".…").strip().lower()


def _same(a: str, b: str) -> bool:
    return _norm(a) == _norm(b)


def _menu_bars(window: QWidget) -> list[QMenuBar]:
    """The window's menu bars, its own first (a QMainWindow's menu widget, a layout's menu
    bar), then those of windows inside it (Qt Designer's form under edit, a QMainWindow in
    a dock), which come first in the children when the app made its own bar later."""
    bars = qtchildren.find_children(window, QMenuBar)
    own = QMainWindow.menuWidget(window) if isinstance(window, QMainWindow) else None
    lay = QWidget.layout(window)
    if own is None and lay is not None:
        own = QLayout.menuBar(lay)
    if isinstance(own, QMenuBar) and own in bars:
        bars.remove(own)
        bars.insert(0, own)
    return bars


def menu_paths(window: QWidget) -> list[str]:
    """Every 'Menu > Entry' path of the window's menu bar (submenus included)."""
    out: list[str] = []

    def visit(actions: list[QAction], prefix: str) -> None:
        for a in actions:
            if QAction.isSeparator(a) or not QAction.isVisible(a) or not _label(a):
                continue
            path = f"{prefix} > {_label(a)}" if prefix else _label(a)
            menu = QAction.menu(a)
            if isinstance(menu, QMenu):  # (PySide6's stub says QObject: Qt's is a template)
                visit(QWidget.actions(menu), path)
            elif prefix:
                out.append(path)

    for bar in _menu_bars(window):
        visit(QWidget.actions(bar), "")
    return out[:_LIST_LIMIT]


def _tab_bars(window: QWidget) -> list[QTabBar]:
    return [b for b in qtchildren.find_children(window, QTabBar) if QWidget.isVisible(b)]


def _actions(window: QWidget) -> list[QAction]:
    seen: dict[int, QAction] = {}
    for a in qtchildren.find_children(window, QAction):
        if not QAction.isSeparator(a) and (QAction.text(a) or QObject.objectName(a)):
            seen.setdefault(id(a), a)
    return list(seen.values())


def available(window: QWidget) -> dict[str, list[str]]:
    tabs = [strip_mnemonic(QTabBar.tabText(b, i)) for b in _tab_bars(window)
            for i in range(QTabBar.count(b))]
    actions = sorted({_label(a) for a in _actions(window) if _label(a)})
    menus = menu_paths(window) if isinstance(window, QWidget) else quick_menus.paths(window)
    return {"menus": menus, "tabs": tabs[:_LIST_LIMIT],
            "actions": actions[:_LIST_LIMIT]}


def _failed(window: QWidget, target: str, why: str) -> QtError:
    return QtError("NAVIGATE_FAILED", f"cannot navigate to {target!r}: {why}",
                   target=target, available=available(window))


def _trigger(action: QAction, what: str) -> tuple[dict[str, Any], Deliver]:
    if not QAction.isEnabled(action):
        raise QtError("ELEMENT_NOT_ENABLED", f"{what} is disabled",
                      hint="Satisfy what enables it first.", action=QObject.objectName(action))
    info = {"kind": "action", "action": _label(action), "objectName": QObject.objectName(action)}
    return info, lambda: QAction.trigger(action)


def _by_menu_path(window: QWidget, target: str, parts: list[str]) -> tuple[dict[str, Any],
                                                                            Deliver]:
    bars = _menu_bars(window)
    if not bars:
        raise _failed(window, target, "the window has no menu bar")
    # the bar whose menus hold the first part: the window's own first
    bar = next((b for b in bars if any(not QAction.isSeparator(a) and _same(_label(a), parts[0])
                                       for a in QWidget.actions(b))), bars[0])
    actions = QWidget.actions(bar)
    found: QAction | None = None
    for depth, part in enumerate(parts):
        found = next((a for a in actions
                      if not QAction.isSeparator(a) and _same(_label(a), part)), None)
        if found is None:
            where = " > ".join(parts[:depth]) or "the menu bar"
            raise _failed(window, target, f"no {part!r} in {where}")
        menu = QAction.menu(found)
        menu = menu if isinstance(menu, QMenu) else None  # (the stub says QObject)
        if depth < len(parts) - 1:
            if menu is None:
                raise _failed(window, target, f"{part!r} is not a menu")
            actions = QWidget.actions(menu)
    assert found is not None
    if QAction.menu(found) is not None:
        raise _failed(window, target, f"{parts[-1]!r} is a menu; name one of its entries")
    info, deliver = _trigger(found, " > ".join(parts))
    info["kind"] = "menu"
    info["path"] = " > ".join(parts)
    return info, deliver


def _history(window: QWidget, target: str) -> tuple[dict[str, Any], Deliver]:
    key = QKeySequence.StandardKey.Back if target == "back" else QKeySequence.StandardKey.Forward
    standard = set(QKeySequence.keyBindings(key))
    for a in _actions(window):
        if standard & set(QAction.shortcuts(a)) or _same(_label(a), target) or \
                QObject.objectName(a).lower() in (target, f"action{target}", f"{target}action"):
            return _trigger(a, target)
    raise _failed(window, target, f"the app has no {target} action")


def navigate(window: QWidget, target: str) -> tuple[dict[str, Any], Deliver]:
    """Validate ``target`` and return (what will happen, the function that does it)."""
    text = target.strip()
    if not text:
        raise _failed(window, target, "nothing named")
    if text.lower() in ("back", "forward"):
        return _history(window, text.lower())
    if ">" in text and not isinstance(window, QWidget):  # a Qt Quick Controls MenuBar
        parts = [p.strip() for p in text.split(">") if p.strip()]
        return quick_menus.by_path(window, text, parts,
                                   lambda why: _failed(window, target, why))
    if ">" in text:
        return _by_menu_path(window, text, [p.strip() for p in text.split(">") if p.strip()])
    for bar in _tab_bars(window):
        for i in range(QTabBar.count(bar)):
            if _same(strip_mnemonic(QTabBar.tabText(bar, i)), text):
                if not QTabBar.isTabEnabled(bar, i):
                    raise QtError("ELEMENT_NOT_ENABLED", f"tab {text!r} is disabled")
                name = strip_mnemonic(QTabBar.tabText(bar, i))
                return ({"kind": "tab", "tab": name, "index": i},
                        lambda bar=bar, i=i: QTabBar.setCurrentIndex(bar, i))
    for a in _actions(window):
        if _same(_label(a), text) or QObject.objectName(a) == text:
            return _trigger(a, text)
    raise _failed(window, target, "no menu entry, tab or action has that name")
