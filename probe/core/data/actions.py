"""The app's actions: every QAction (and QShortcut) of its windows with its text, keys,
context, state and where it is shown, and the shortcuts that collide.

Two enabled actions or QShortcuts with the same keys, active in the same place, collide:
Qt then fires neither ("Ambiguous shortcut overload"). Where a shortcut is active follows
its context: a window or application shortcut anywhere in its window, a widget (with
children) shortcut only where focus is in the widgets it was added to. Two collide when
their places meet: either is window-wide, or one's widget is inside (or is) the other's.
An action added to no widget is inactive. ``problems/shortcuts.py`` reports the same
collisions as problems. GUI thread.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar, QWidget

from probe.core import faults
from probe.core.errors import QtError
from probe.core.objects import paths, qtchildren
from probe.core.objects.idtable import IdTable
from probe.core.objects.text import strip_mnemonic
from probe.core.qml import actions as quick
from probe.wire.qt_actions import ActionInfo, Collision, ShortcutContext, ShownIn

_WIDE = (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)
_CONTEXTS: dict[Qt.ShortcutContext, ShortcutContext] = {Qt.ShortcutContext.WidgetShortcut: "widget",
             Qt.ShortcutContext.WidgetWithChildrenShortcut: "widgetWithChildren",
             Qt.ShortcutContext.WindowShortcut: "window",
             Qt.ShortcutContext.ApplicationShortcut: "application"}

#: (owner, its widgets, or None when window-wide)
Entry = tuple[QObject, "list[QWidget] | None"]


def _inside(inner: QWidget, outer: QWidget) -> bool:
    w: QWidget | None = inner
    while w is not None:
        if w is outer:
            return True
        w = QWidget.parentWidget(w)
    return False


def _meet(a: list[QWidget] | None, b: list[QWidget] | None) -> bool:
    if a is None or b is None:
        return True
    return any(_inside(x, y) or _inside(y, x) for x in a for y in b)


def _entries(win: QWidget, below: list[QObject] | None) -> dict[str, list[Entry]]:
    keys: dict[str, list[Entry]] = defaultdict(list)
    objs: list[QObject] = qtchildren.descendants(win) if below is None else below
    for action in [k for k in objs if isinstance(k, QAction)]:
        if not QAction.isEnabled(action) or not QAction.shortcuts(action):
            continue
        widgets = [o for o in QAction.associatedObjects(action) if isinstance(o, QWidget)]
        if not widgets:
            continue  # added nowhere: its shortcut never fires
        scope = None if QAction.shortcutContext(action) in _WIDE else widgets
        for seq in QAction.shortcuts(action):
            if not seq.isEmpty():
                keys[seq.toString()].append((action, scope))
    for sc in [k for k in objs if isinstance(k, QShortcut)]:
        if QShortcut.isEnabled(sc) and not QShortcut.key(sc).isEmpty():
            parent = qtchildren.parent(sc)
            scope = None if QShortcut.context(sc) in _WIDE or not isinstance(
                parent, QWidget) else [parent]
            keys[QShortcut.key(sc).toString()].append((sc, scope))
    return keys


def collisions(win: QWidget, below: list[QObject] | None = None,
               ) -> list[tuple[str, QObject, list[QObject]]]:
    """(keys, an action or shortcut, the others its keys collide with) in ``win``;
    ``below``: every object under it, when the caller has walked them already."""
    out: list[tuple[str, QObject, list[QObject]]] = []
    for key, entries in _entries(win, below).items():
        for i, (owner, scope) in enumerate(entries):
            others = [o for j, (o, s) in enumerate(entries) if j != i and _meet(scope, s)]
            if others:
                out.append((key, owner, others))
    return out


def label(obj: QObject) -> str:
    """``QAction 'actionSave'``: its class and objectName (else its text)."""
    name = QObject.objectName(obj) or (
        strip_mnemonic(QAction.text(obj)) if isinstance(obj, QAction) else "")
    return f"{type(obj).__name__} {name!r}" if name else type(obj).__name__


# ------------------------------------------------------------------------------ listing


def _windows() -> list[QWidget]:
    """Every top-level widget that is no popup of another (a menu's actions are found
    through the window that owns the menu)."""
    return [w for w in qtchildren.top_level_widgets()
            if QWidget.parentWidget(w) is None or not isinstance(w, QMenu)]


def _qt_own(action: QAction) -> bool:
    """One of Qt's own actions, which no app code made: a line edit's clear button
    (``_q_…``), a menu bar's extension button (no text, shown only in ``qt_…`` widgets)."""
    if QObject.objectName(action).startswith("_q_"):
        return True
    if QAction.text(action) or QObject.objectName(action):
        return False
    shown = [o for o in QAction.associatedObjects(action) if isinstance(o, QWidget)]
    return bool(shown) and all(QObject.objectName(o).startswith("qt_") for o in shown)


def all_actions() -> Iterator[tuple[QWidget, QAction]]:
    """(window, action) for every action under a top-level widget, each once (not a
    separator, not Qt's own)."""
    seen: set[int] = set()
    for win in _windows():
        for action in faults.value(qtchildren.find_children, [], win, QAction, obj=win):
            if id(action) not in seen and not QAction.isSeparator(action) \
                    and not _qt_own(action):
                seen.add(id(action))
                yield win, action


def _keys(seq: QKeySequence) -> str:
    return seq.toString(QKeySequence.SequenceFormat.PortableText)


def _shown_in(action: QAction, ids: IdTable) -> list[ShownIn]:
    """The menus, toolbars and widgets the action is added to (not a toolbar's own
    button for it: the toolbar says it)."""
    widgets = [o for o in QAction.associatedObjects(action) if isinstance(o, QWidget)]
    out: list[ShownIn] = []
    for obj in widgets:
        if QWidget.parentWidget(obj) in widgets:
            continue
        if isinstance(obj, QMenu):
            kind, title = "menu", strip_mnemonic(QMenu.title(obj))
        elif isinstance(obj, QToolBar):
            kind, title = "toolbar", QWidget.windowTitle(obj)
        elif isinstance(obj, QMenuBar):
            kind, title = "menubar", ""
        else:
            kind = "widget"
            title = QObject.objectName(obj) or QObject.metaObject(obj).className()
        out.append({"kind": kind, "title": title, "object": paths.describe(obj, ids)})
    return out


def describe(action: QAction, clashes: list[Collision], ids: IdTable) -> ActionInfo:
    """One action as :class:`ActionInfo` says."""
    info: ActionInfo = {
        "object": paths.describe(action, ids),
        "text": strip_mnemonic(QAction.text(action)),
        "shortcuts": [_keys(s) for s in QAction.shortcuts(action) if not s.isEmpty()],
        "context": _CONTEXTS.get(QAction.shortcutContext(action), "window"),
        "enabled": QAction.isEnabled(action), "visible": QAction.isVisible(action),
        "checkable": QAction.isCheckable(action), "checked": QAction.isChecked(action),
        "shownIn": _shown_in(action, ids), "conflicts": clashes}
    tip = QAction.toolTip(action)
    if tip and tip != info["text"]:
        info["toolTip"] = tip
    return info


def listing(ids: IdTable) -> list[ActionInfo]:
    """Every action of the app's windows, with the collisions of its keys, then the Qt
    Quick Actions and Shortcuts of its Quick windows."""
    clashes: dict[int, list[Collision]] = defaultdict(list)
    for win in _windows():
        for key, owner, others in faults.value(collisions, [], win, obj=win):
            clashes[id(owner)].append({"keys": key, "others": [label(o) for o in others],
                                       "ids": [ids.id_of(o) for o in others]})
    out = faults.each(list(all_actions()),
                      lambda pair: describe(pair[1], clashes.get(id(pair[1]), []), ids),
                      obj=lambda pair: pair[1])
    bound: dict[Any, dict[int, list[QObject]]] = {}
    for win, obj in list(quick.found()):
        if win not in bound:
            bound[win] = faults.value(quick.users, {}, win, obj=win)
        got = faults.attempt(_quick_info, obj, bound[win].get(id(obj), []), ids, obj=obj)
        if not isinstance(got, faults.Failed):
            out.append(got)
    return out


def _quick_shown_in(user: QObject, ids: IdTable) -> ShownIn:
    menu = quick.menu_of(user)
    if menu is not None:
        return {"kind": "menu", "title": strip_mnemonic(str(QObject.property(menu, "title") or "")),
                "object": paths.describe(menu, ids)}
    title = QObject.objectName(user) or QObject.metaObject(user).className()
    return {"kind": "item", "title": title, "object": paths.describe(user, ids)}


def _quick_info(obj: QObject, users: list[QObject], ids: IdTable) -> ActionInfo:
    """A Qt Quick Action or Shortcut as :class:`ActionInfo` says (a Shortcut has no
    text, and is neither checkable nor shown anywhere)."""
    action = quick.is_action(obj)
    shown: list[ShownIn] = []
    for user in users:
        place = _quick_shown_in(user, ids)
        if all(s["object"]["id"] != place["object"]["id"] for s in shown):
            shown.append(place)
    return {"object": paths.describe(obj, ids),
            "text": strip_mnemonic(str(QObject.property(obj, "text") or "")) if action else "",
            "shortcuts": quick.shortcut_keys(obj), "context": quick.context(obj),
            "enabled": quick.flag(obj, "enabled"), "visible": True,
            "checkable": action and quick.flag(obj, "checkable"),
            "checked": action and quick.flag(obj, "checked"),
            "shownIn": shown, "conflicts": []}


# ----------------------------------------------------------------------------- trigger


def action_of(obj: QObject) -> QObject:
    """``obj`` as an action (a QAction or a Qt Quick Action), or INVALID_PARAMS that says
    where the actions are listed."""
    if quick.is_shortcut(obj):
        raise QtError("INVALID_PARAMS", f"{label(obj)} is a Qt Quick Shortcut: its keys "
                      "trigger it", hint="Press its keys with chr.key (the keys are in "
                      "qt.actions.list).", className=QObject.metaObject(obj).className())
    if not isinstance(obj, QAction) and not quick.is_action(obj):
        raise QtError("INVALID_PARAMS", f"{label(obj)} is not an action",
                      hint="qt.actions.list lists the app's actions with their ids.",
                      className=QObject.metaObject(obj).className())
    return obj


def _state(action: QObject) -> tuple[str, bool, bool, bool]:
    """(text, enabled, checkable, checked) of a QAction or a Qt Quick Action."""
    if isinstance(action, QAction):
        return (strip_mnemonic(QAction.text(action)), QAction.isEnabled(action),
                QAction.isCheckable(action), QAction.isChecked(action))
    return (strip_mnemonic(str(QObject.property(action, "text") or "")),
            quick.flag(action, "enabled"), quick.flag(action, "checkable"),
            quick.flag(action, "checked"))


def prepare_trigger(action: QObject, checked: bool | None, ids: IdTable
                    ) -> tuple[dict[str, Any], Callable[[], Any]]:
    """Check the action can be triggered (enabled; checkable when ``checked`` is given)
    and return what the answer says and the delivery: ``QAction.trigger``, as a menu
    entry, a toolbar button or its shortcut does (``triggered`` and ``toggled`` fire).
    A checkable action already in the state asked for is not triggered."""
    text, enabled, checkable, now = _state(action)
    if not enabled:
        raise QtError("ELEMENT_NOT_ENABLED", f"the action {text or label(action)!r} is "
                      "disabled", hint="Satisfy what enables it first.",
                      action=ids.id_of(action))
    if checked is not None and not checkable:
        raise QtError("INVALID_PARAMS", f"the action {text or label(action)!r} is not "
                      "checkable", hint="Leave out checked to trigger it.",
                      action=ids.id_of(action))
    info: dict[str, Any] = {"object": paths.describe(action, ids), "text": text,
                            "triggered": True}
    if checked is not None and now == checked:
        info["triggered"] = False  # already so: a user would not click it
        return info, lambda: None
    if isinstance(action, QAction):
        return info, lambda: QAction.trigger(action)
    return info, lambda: quick.trigger(action)


def read_back(action: QObject, info: dict[str, Any], checked: bool | None) -> dict[str, Any]:
    """The answer with a checkable action's state as it is now; FORM_INPUT_NOT_TAKEN when
    it is not the state asked for (the app unchecked it again)."""
    _text, _enabled, checkable, now = _state(action)
    if not checkable:
        return info
    if checked is not None and now != checked:
        raise QtError("FORM_INPUT_NOT_TAKEN", f"the action {info['text']!r} is "
                      f"{'checked' if now else 'unchecked'} after the trigger",
                      hint="The app's own code reverted it; read why in its console.",
                      expected=checked, actual=now)
    return {**info, "checked": now}
