"""What a Qt Quick Control shows, read from its properties.

Qt Quick Controls give accessibility a role, but their name, value and states (text,
checked, current value, expanded…) are only kept in the accessible interface while a
screen reader is active: offscreen and for a probe they are empty. What a user sees is
read here from the control's own properties, by C++ class (``inherits``: the QML type of
an app's subclass is its own). GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, qVersion
from PySide6.QtGui import QAccessible
from PySide6.QtQuick import QQuickItem

from probe.core.objects import qmltypes, qtchildren
from probe.core.objects.text import clean_name, strip_mnemonic

#: Before Qt 6.10 a control without ``Accessible.*`` in its QML gets its accessible role
#: only once an assistive technology starts (Qt tells each control then).
_ROLES_ON_ACTIVATION = tuple(int(p) for p in qVersion().split(".")[:2]) < (6, 10)


def give_roles() -> None:
    """Have every Qt Quick Control take its accessible role (and a button its name), as
    Qt does for each when a screen reader starts: ``QAccessible.setActive`` tells every
    control's activation observer. Before Qt 6.10 a ``Button { text: "Submit" }`` has no
    role until then, so the walk would not see it; controls made since the last call (a
    dialog's buttons, a delegate) get theirs at the next. Nothing to do from 6.10 on."""
    if _ROLES_ON_ACTIVATION:
        QAccessible.setActive(True)


#: C++ class -> role, where the accessible role says less than the control is.
_ROLES = (
    ("QQuickSwitch", "switch"),
    ("QQuickDelayButton", "button"),
    ("QQuickMenuBarItem", "menuitem"),
    ("QQuickTumbler", "spinbutton"),
    ("QQuickBusyIndicator", "progressbar"),
    ("QQuickTreeViewDelegate", "treeitem"),
)


def role_of(item: QObject) -> str | None:
    """The role a control's class says it has, when its accessible role says less."""
    if is_split_handle(item):
        return "separator"
    for cls, role in _ROLES:
        if QObject.inherits(item, cls):
            return role
    return None


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def value_of(item: QObject, role: str) -> str | None:
    """The value a user reads off the control, or None when the caller should look
    elsewhere (its accessible value, ``currentText``, ``value``)."""
    if QObject.inherits(item, "QQuickRangeSlider"):
        first = qmltypes.evaluate(item, "first.value")
        second = qmltypes.evaluate(item, "second.value")
        if isinstance(first, (int, float)) and isinstance(second, (int, float)):
            return f"{_number(first)} – {_number(second)}"
    if QObject.inherits(item, "QQuickSpinBox"):
        text = QObject.property(item, "displayText")
        return text if isinstance(text, str) and text else \
            _number(QObject.property(item, "value"))
    if QObject.inherits(item, "QQuickTumbler"):
        current = QObject.property(item, "currentItem")
        text = QObject.property(current, "text") if isinstance(current, QObject) else None
        return text if isinstance(text, str) and text else \
            _number(QObject.property(item, "currentIndex"))
    if QObject.inherits(item, "QQuickProgressBar"):
        if QObject.property(item, "indeterminate"):
            return ""
        return _number(QObject.property(item, "value"))
    return None


def states_of(item: QObject, role: str) -> list[str]:
    """States a control's properties show (added to what its interface says)."""
    out: list[str] = []
    if QObject.property(item, "activeFocus"):
        out.append("focused")
    checkable = QObject.property(item, "checkable")
    if checkable and QObject.property(item, "checked"):
        out.append("selected" if role == "tab" else "checked")
    elif checkable and role == "menuitem":
        out.append("unchecked")  # a toggle: its role does not say so
    elif role in ("tab",) and QObject.property(item, "checked"):
        out.append("selected")
    if role in ("listitem", "treeitem") and QObject.property(item, "highlighted"):
        out.append("selected")
    if QObject.inherits(item, "QQuickTreeViewDelegate") and \
            QObject.property(item, "hasChildren"):
        out.append("expanded" if QObject.property(item, "expanded") else "collapsed")
    if QObject.inherits(item, "QQuickBusyIndicator") and QObject.property(item, "running"):
        out.append("busy")
    menu = "subMenu" if QObject.inherits(item, "QQuickMenuItem") else \
        "menu" if QObject.inherits(item, "QQuickMenuBarItem") else ""
    if menu and qmltypes.evaluate(item, f"{menu} !== null"):
        out.append("hasPopup")
        if qmltypes.evaluate(item, f"{menu}.visible"):
            out.append("expanded")
    return out


def shown_text(item: QQuickItem, limit: int = 3) -> str:
    """The text shown inside an item (its visible Text / Label descendants, in paint
    order, at most ``limit`` of them): what names a clickable area or a delegate."""
    return " ".join(shown_texts(item, limit))


def shown_texts(item: QQuickItem, limit: int = 3) -> list[str]:
    """The visible Text / Label descendants' texts, in paint order (at most ``limit``)."""
    found: list[str] = []
    stack = list(reversed(qmltypes.child_items(item)))
    while stack and len(found) < limit:
        child = stack.pop()
        if not QQuickItem.isVisible(child) or QQuickItem.opacity(child) <= 0:
            continue
        if QObject.inherits(child, "QQuickText"):
            text = QObject.property(child, "text")
            if isinstance(text, str) and text.strip():
                found.append(clean_name(strip_mnemonic(text)))
            continue
        stack.extend(reversed(qmltypes.child_items(child)))
    return found


#: Qt's own parts of controls and views, which hold no app's TapHandler.
_NO_HANDLERS = ("QQuickIconLabel", "QQuickMnemonicLabel", "QQuickContentItem", "QQuickRepeater")


def has_tap_handler(item: QObject) -> bool:
    """An item that takes clicks through an enabled TapHandler (a pointer handler is a
    QObject child of its item, no item of its own)."""
    if any(QObject.inherits(item, cls) for cls in _NO_HANDLERS):
        return False  # children() makes a wrapper per child: skip what never has one
    parent = QQuickItem.parentItem(item) if isinstance(item, QQuickItem) else None
    if QObject.inherits(item, "QQuickFlickable") or \
            (parent is not None and QObject.inherits(parent, "QQuickFlickable")):
        return False  # a view's own selection handler: its delegates are the clickables
    for child in qtchildren.children(item):
        if QObject.inherits(child, "QQuickTapHandler") and QObject.property(child, "enabled"):
            return True
    return False


def is_split_handle(item: QObject) -> bool:
    """A SplitView's handle (an item of the app's or the style's ``handle`` component; Qt
    marks it with the SplitHandle attached object once the handle asks for it): a user
    drags it to resize the panes."""
    parent = QQuickItem.parentItem(item) if isinstance(item, QQuickItem) else None
    if parent is None or not QObject.inherits(parent, "QQuickSplitView"):
        return False  # asked of every item: the cheap test first (children() is not)
    if any(QObject.inherits(c, "QQuickSplitHandleAttached") for c in qtchildren.children(item)):
        return True
    # a style's handle that never used its attached object (Imagine's image): any item the
    # SplitView holds beside its content and its background
    return item is not QObject.property(parent, "contentItem") and \
        item is not QObject.property(parent, "background")
