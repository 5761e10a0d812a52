"""probe.core.compat on the PySide6 this venv runs: .ci/matrix runs this file (with the core
suite) on the oldest release the pin allows, a middle one and the newest, so each shim is
checked where its older path is the one taken."""

from __future__ import annotations

from PySide6.QtCore import QAbstractAnimation, QObject, QPauseAnimation, QPoint, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QSlider, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from probe.core import compat, emitcheck
from probe.core.qtest import QTest


def test_role_tables_name_only_the_roles_this_qt_has() -> None:
    table = compat.roles_if_present(Switch="switch", CheckBox="checkbox", Nonesuch="x")
    assert table[QAccessible.Role.CheckBox] == "checkbox"
    assert len(table) == 1 + hasattr(QAccessible.Role, "Switch")


def test_a_wheel_turn_reaches_the_widget_under_it(qtbot: QtBot) -> None:
    window = QWidget()
    slider = QSlider(Qt.Orientation.Horizontal)
    slider.setRange(0, 100)
    slider.setValue(50)
    QVBoxLayout(window).addWidget(slider)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    handle = window.windowHandle()
    assert handle is not None
    centre = slider.mapTo(window, slider.rect().center())
    compat.wheel(QTest, handle, centre, QPoint(0, 120), Qt.KeyboardModifier.NoModifier)
    qtbot.waitUntil(lambda: slider.value() != 50)


def test_an_enum_property_is_set_as_this_pyside_can_pass_it() -> None:
    animation = QPauseAnimation()
    backward = QAbstractAnimation.Direction.Backward
    assert QObject.setProperty(animation, "direction", compat.property_value(backward))
    assert animation.direction() == backward


def test_this_pyside_keeps_its_references_when_signals_fire() -> None:
    """PySide6 6.12.0 on Python 3.11 fails here (and probe.install() refuses to start)."""
    assert emitcheck.emit_loses_references() is None
