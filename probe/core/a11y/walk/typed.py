"""Standard controls read from their own getters, as their accessible interfaces answer.

Asking Qt for a control's accessible interface, its role and its state costs 8-11 us a
control, and more the bigger the window (the interface's wrapper is made anew on each
ask): 90 of the 260 ms of a read of 8,000 controls (#41). For the exact Qt classes below,
whose interfaces (QAccessibleButton, QAccessibleLineEdit, QAccessibleComboBox,
QAccessibleSpinBox) only forward what the widget's own getters say, the walk reads the
getters. An app's subclass (which a factory of its own may give another interface), a
push button with a menu (another role) and a spin box's own line edit (a plain
interface) still go to Qt. tests/probe/core/test_walk_typed.py compares role, name,
states and value with the interface for each class in every configuration. GUI thread.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QGroupBox,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from probe.core.objects.qtclass import exactly
from probe.core.objects.text import strip_mnemonic

#: The exact classes read from their getters, and their role.
ROLES: dict[type, str] = {
    QPushButton: "button", QCheckBox: "checkbox", QRadioButton: "radio",
    QLineEdit: "textbox", QSpinBox: "spinbutton", QDoubleSpinBox: "spinbutton",
    QComboBox: "combobox", QGroupBox: "group", QWidget: "generic", QFrame: "generic",
}
#: Of those, the containers (a group box, a plain widget or frame), read so when no window
_CONTAINERS = ("group", "generic")
_BUTTONS = ("button", "checkbox", "radio")
_PARTIAL = Qt.CheckState.PartiallyChecked
_NORMAL = QLineEdit.EchoMode.Normal


def role_of(w: QWidget, window: bool | None = None, exact: bool = False) -> str | None:
    """The role of ``w`` when it is read from its getters, else None (ask Qt). A C++ or
    PyQt6 subclass shows in PySide6 as its Qt base class; its meta-object still names it
    (and an accessibility factory of the app's may be keyed by that name): Qt's.
    ``window``: whether ``w`` is a window, when the caller knows (None: asked);
    ``exact``: ``w`` is known to be of its exact Qt class (the labels search met it)."""
    role = ROLES.get(type(w))
    if role is None or not (exact or exactly(w, type(w))):
        return None
    if role in _CONTAINERS:
        if (QWidget.isWindow(w) if window is None else window) or \
                (role == "group" and QGroupBox.isCheckable(w)):  # pyright: ignore[reportArgumentType]  # a QGroupBox (ROLES)
            return None  # a window's role; a checkable group box is Qt's check box
        return role
    if role in _BUTTONS:  # QAccessibleButton's role: by what the button does, not its class
        if type(w) is QPushButton and QPushButton.menu(w) is not None:
            return None  # Qt's ButtonMenu role, hasPopup
        if not QAbstractButton.isCheckable(w):  # pyright: ignore[reportArgumentType]  # a button (ROLES)
            return "button"
        return "radio" if QAbstractButton.autoExclusive(w) else "checkbox"  # pyright: ignore[reportArgumentType]  # a button (ROLES)
    if role == "textbox" and QObject.objectName(w) == "qt_spinbox_lineedit":
        return None  # a spin box's editor: Qt gives it a plain interface
    return role


def name_of(w: QWidget) -> str:
    """Qt's accessible name of a button, check box or radio button: its own accessible
    name, else its text without the mnemonic's ampersand."""
    return QWidget.accessibleName(w) or strip_mnemonic(QAbstractButton.text(w))  # pyright: ignore[reportArgumentType]  # a button (role_of)


def states_of(w: QWidget, role: str, popup_open: bool) -> tuple[list[str], bool]:
    """The Chrome-style states of a control of ``role`` (:func:`role_of`), as
    ``rules.states_of`` names them from Qt's state, and whether it is a password field.
    ``popup_open``: a popup shows in the application (else no combo box is expanded)."""
    out: list[str] = []
    if QWidget.hasFocus(w):
        out.append("focused")
    if not QWidget.isEnabled(w):
        out.append("disabled")
    password = False
    if role in _BUTTONS:
        # only a tristate box is ever partly checked (setting the state makes it one), and
        # the bool costs a tenth of the state: an enum PySide makes in Python (0.6 us)
        if type(w) is QCheckBox and QCheckBox.isTristate(w) and \
                QCheckBox.checkState(w) == _PARTIAL:
            out.append("mixed")
        elif QAbstractButton.isChecked(w):  # pyright: ignore[reportArgumentType]  # a button (role_of)
            out.append("checked")
    elif role == "combobox":
        if popup_open and QWidget.isVisible(QComboBox.view(w)):  # pyright: ignore[reportArgumentType]  # a QComboBox (role_of)
            out.append("expanded")  # (view() makes the list's popup: asked only then)
    elif role == "textbox":
        if QLineEdit.isReadOnly(w):  # pyright: ignore[reportArgumentType]  # a QLineEdit (role_of)
            out.append("readonly")
        if QLineEdit.echoMode(w) != _NORMAL:  # pyright: ignore[reportArgumentType]  # a QLineEdit (role_of)
            out.append("password")
            password = True
    elif role == "spinbutton" and QAbstractSpinBox.isReadOnly(w):  # pyright: ignore[reportArgumentType]  # a spin box (role_of)
        out.append("readonly")
    return out, password


_REQUIRED = QByteArray(b"required")


def required(w: QWidget) -> bool:
    """Whether the app marked a control read from its getters (:func:`role_of`: Qt's own
    class, which has no such property) as required: a dynamic property, looked for in
    their names first. Asking for it by name searches the class's properties first (1-2
    us a control, the most of any call of a read of 2,000, #41)."""
    names = QObject.dynamicPropertyNames(w)
    return bool(names) and _REQUIRED in names and bool(QObject.property(w, "required"))


def value_of(w: QWidget, role: str, typed: bool) -> str | None:
    """Qt's accessible value of a control of ``role`` (no password field) read from its
    getters, where its interface only forwards one: a line edit's text, a spin box's
    (any subclass: QAccessibleLineEdit and QAccessibleSpinBox answer them), and a
    standard combo box's (``typed``: its role came from :func:`role_of`). None: ask Qt
    (a double spin box's interface leaves out prefix and suffix)."""
    if role == "textbox" and isinstance(w, QLineEdit):
        return QLineEdit.text(w)
    if role == "spinbutton" and isinstance(w, QSpinBox):
        return QAbstractSpinBox.text(w)
    if role == "combobox" and typed:
        if QComboBox.isEditable(w):  # pyright: ignore[reportArgumentType]  # a QComboBox (role_of)
            edit = QComboBox.lineEdit(w)  # pyright: ignore[reportArgumentType]  # a QComboBox
            return QLineEdit.text(edit) if edit is not None else ""
        return QComboBox.currentText(w)  # pyright: ignore[reportArgumentType]  # a QComboBox
    return None
