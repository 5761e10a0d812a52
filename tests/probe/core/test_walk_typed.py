"""The walk reads standard controls' role, name, states and value from their own getters
instead of their accessible interfaces (8-11 us a control, #41): what it reads must be
what the interface says, for every class it reads so and every configuration of it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QGroupBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from probe.core.a11y.labels import Labels
from probe.core.a11y.roles import ROLE_NAMES
from probe.core.a11y.walk import typed
from probe.core.a11y.walk.rules import VALUE_ROLES, states_of
from probe.core.a11y.walk.widgets import wants_label
from resources import demo_app

TEXTS = ("&Save", "A && B", "trailing&", "&&&x", "", "two\nlines", "a&&&&b&c")


def _made(cls: Callable[..., QWidget], window: QWidget, *args: object, **calls: object
          ) -> QWidget:
    """``cls(*args, window)`` with each setter of ``calls`` called with its value."""
    w = cls(*args, window)
    for setter, value in calls.items():
        getattr(w, setter)(value)
    return w


def _buttons(window: QWidget) -> Iterator[QWidget]:
    for text in TEXTS:
        for cls in (QPushButton, QCheckBox, QRadioButton):
            yield _made(cls, window, text)
    yield _made(QPushButton, window, "shown", setAccessibleName="own name")
    yield _made(QPushButton, window, "Toggle", setCheckable=True, setChecked=True)
    yield _made(QPushButton, window, "Default", setDefault=True)
    menu = QPushButton("Menu", window)  # another role: left to Qt
    menu.setMenu(QMenu(menu))
    yield menu
    for state in Qt.CheckState:
        yield _made(QCheckBox, window, "tri", setTristate=True, setCheckState=state)
    # partly checked without asking for tristate first (Qt makes it tristate), and a
    # tristate box made two-state again while partly checked
    yield _made(QCheckBox, window, "half", setCheckState=Qt.CheckState.PartiallyChecked)
    yield _made(QCheckBox, window, "was", setCheckState=Qt.CheckState.PartiallyChecked,
                setTristate=False)
    yield _made(QRadioButton, window, "on", setChecked=True)
    for cls in (QPushButton, QCheckBox, QRadioButton):  # the role follows what it does
        for checkable, exclusive in ((False, False), (True, False), (True, True)):
            yield _made(cls, window, "odd", setCheckable=checkable, setAutoExclusive=exclusive)


def _fields(window: QWidget) -> Iterator[QWidget]:
    for echo in QLineEdit.EchoMode:
        for read_only in (False, True):
            yield _made(QLineEdit, window, "text&x", setEchoMode=echo, setReadOnly=read_only)
    for cls in (QSpinBox, QDoubleSpinBox):
        for read_only in (False, True):
            yield _made(cls, window, setReadOnly=read_only, setPrefix="$ ", setSuffix=" kg")
    yield _made(QSpinBox, window, setSpecialValueText="Auto")
    for editable in (False, True):
        yield _made(QComboBox, window, setEditable=editable, addItems=["one", "two"],
                    setCurrentIndex=1)
    yield QComboBox(window)  # empty
    for cls in (QLineEdit, QSpinBox, QDoubleSpinBox, QComboBox):  # an app's mark (dynamic)
        for mark in (True, False, "yes", 0):
            field = cls(window)
            field.setProperty("required", mark)
            yield field


def _containers(window: QWidget) -> Iterator[QWidget]:
    for checkable in (False, True):  # a checkable group box is Qt's check box: left to Qt
        box = _made(QGroupBox, window, "Gr&oup", setCheckable=checkable)
        QVBoxLayout(box).addWidget(QWidget(box))  # a plain widget in it: named by its title
        yield box
    for cls in (QWidget, QFrame):
        plain = cls(window)
        yield plain
        yield _made(QLabel, window, "&Pane:", setBuddy=plain)
    yield _made(QWidget, window, setFocusPolicy=Qt.FocusPolicy.StrongFocus)
    yield _made(QFrame, window, setAccessibleName="own")


def _cases() -> QWidget:
    """Every class ``typed`` reads, in each configuration its interface reports; some
    disabled, one focused (the demo's window adds tab pages, viewports, splitters)."""
    window = QWidget()
    lay = QVBoxLayout(window)
    made = [*_buttons(window), *_fields(window), *_containers(window)]
    for i, w in enumerate(made):
        lay.addWidget(w)
        if i % 5 == 4:
            w.setEnabled(False)
    return window


def _left_to_qt(w: QWidget) -> bool:
    """What ``typed`` leaves to Qt: another class (a C++ subclass too), a window, a push
    button with a menu, a checkable group box, a spin box's own line edit."""
    return type(w) not in typed.ROLES or w.isWindow() or \
        QObject.metaObject(w).className() != type(w).__name__ or \
        w.objectName() == "qt_spinbox_lineedit" or \
        (isinstance(w, QPushButton) and w.menu() is not None) or \
        (isinstance(w, QGroupBox) and w.isCheckable())


def _compare(windows: list[QWidget], popup_open: bool) -> list[str]:
    checked: list[str] = []
    for window in windows:
        labels = Labels(window, wants_label)
        for w in window.findChildren(QWidget):
            role = typed.role_of(w)
            iface = QAccessible.queryAccessibleInterface(w)
            assert iface is not None
            qrole = iface.role()
            qt_role = ROLE_NAMES.get(qrole, "generic")
            if role is None:
                assert _left_to_qt(w), w
                continue
            assert role == qt_role, w
            st = iface.state()
            assert typed.states_of(w, role, popup_open) == (states_of(st, role, qrole),
                                                            st.passwordEdit), w
            if isinstance(w, QAbstractButton):
                assert typed.name_of(w) == iface.text(QAccessible.Text.Name), w
            elif role in ("group", "generic"):  # named as the walk names them (Labels)
                ours = labels.group_name(w) if isinstance(w, QGroupBox) else \
                    labels.qt_name(w)
                assert ours in (None, iface.text(QAccessible.Text.Name)), w  # None: Qt asked
            if role in VALUE_ROLES and not st.passwordEdit:
                value = typed.value_of(w, role, True)
                assert value is None or value == iface.text(QAccessible.Text.Value), w
            assert typed.required(w) == bool(QObject.property(w, "required")), w
            checked.append(type(w).__name__)
    return checked


def test_standard_controls_read_from_their_getters_as_qt_reads_them(
        qapp: QApplication, qtbot: QtBot) -> None:
    windows = [_cases(), demo_app.build_main_window(), demo_app.build_bench_form(60)]
    for window in windows:
        window.show()
    windows[0].activateWindow()
    focus = windows[0].findChildren(QLineEdit)[0]
    focus.setFocus()
    qtbot.waitUntil(lambda: QWidget.hasFocus(focus))
    checked = _compare(windows, popup_open=False)
    assert set(checked) == {c.__name__ for c in typed.ROLES} and len(checked) >= 200
    for window in windows:
        window.close()


def test_an_open_combo_box_is_expanded_as_qt_says(qapp: QApplication) -> None:
    window = _cases()
    window.show()
    combo = window.findChildren(QComboBox)[0]
    combo.showPopup()
    qapp.processEvents()
    assert QApplication.activePopupWidget() is not None
    assert typed.states_of(combo, "combobox", True)[0] == ["expanded"]
    _compare([window], popup_open=True)
    combo.hidePopup()
    window.close()


def test_a_subclass_made_in_cpp_is_read_by_qt(qapp: QApplication) -> None:
    """QInputDialog's number field is a C++ subclass of QSpinBox (QInputDialogSpinBox):
    PySide6 wraps it as a QSpinBox, its meta-object names it. An app's subclass (C++ or
    PyQt6, wrapped the same way) may have an accessibility factory of its own: Qt reads it."""
    dialog = QInputDialog()
    dialog.setInputMode(QInputDialog.InputMode.IntInput)
    spin = next(w for w in dialog.findChildren(QSpinBox)
                if QObject.metaObject(w).className() != "QSpinBox")
    assert type(spin) is QSpinBox
    assert typed.role_of(spin) is None
    assert typed.role_of(QSpinBox()) == "spinbutton"
    dialog.deleteLater()
